// Package textdiff says where two texts first differ, line by line: what
// the golden and reader-comparison tests report when an output is not
// what it was.
package textdiff

import "strings"

// First is the first line (from 1) on which got and want differ, and
// both lines there ("" past a text's end); same when they are equal. A
// text that ends one line earlier differs on the line it lacks, even when
// the other's last line is empty (a trailing newline).
func First(got, want string) (line int, g, w string, same bool) {
	if got == want {
		return 0, "", "", true
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(gl), len(wl)) {
		g, w = "", ""
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w || (i < len(gl)) != (i < len(wl)) {
			return i + 1, g, w, false
		}
	}
	return 0, "", "", true
}
