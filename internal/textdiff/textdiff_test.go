package textdiff

import "testing"

func TestFirst(t *testing.T) {
	for _, tc := range []struct {
		got, want string
		line      int
		g, w      string
		same      bool
	}{
		{"a\nb", "a\nb", 0, "", "", true},
		{"a\nb\nc", "a\nx\nc", 2, "b", "x", false},
		{"a\nb", "a\nb\nc", 3, "", "c", false},
		{"a\nb\n", "a\nb", 3, "", "", false}, // a trailing newline is a line
		{"", "z", 1, "", "z", false},
	} {
		line, g, w, same := First(tc.got, tc.want)
		if line != tc.line || g != tc.g || w != tc.w || same != tc.same {
			t.Errorf("First(%q, %q) = %d %q %q %v, want %d %q %q %v", tc.got, tc.want, line, g, w, same, tc.line, tc.g, tc.w, tc.same)
		}
	}
}
