// Package inputlist turns the inputs named on the command line into the
// files a run reads, as an analyst's inbox holds them:
//
//   - A pattern (*, ?, [...]) is expanded by the tool when no file has
//     that very name. Windows' cmd and PowerShell pass `inbox\*.xlsx` to
//     the program as it was typed; a Unix shell passes it so only when it
//     matched nothing (and then nothing matches here either, which is
//     said). On Windows the match ignores case, as the file system does.
//     The matches come in name order.
//   - The files Excel, LibreOffice and the systems leave beside the
//     workbooks are skipped, whether a pattern matched them or they were
//     named: Excel's lock file of an open workbook (~$name.xlsx),
//     Office's temporary files (~name.tmp), LibreOffice's lock files
//     (.~lock.name#), Windows' Thumbs.db and desktop.ini, macOS's
//     .DS_Store and ._name files on shared drives. A workbook Excel holds
//     open is read as last saved: the file on disk is whole.
//   - A file named twice (the same path, another spelling of it, a link
//     to it), or a second file holding the same bytes as one already
//     listed (a download saved twice), is read once: its rows would each
//     come twice, every one a duplicate of itself.
//
// What was skipped and what was read once are returned for the caller to
// say, once each.
package inputlist

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"unicode"

	"batch/internal/printable"
)

// List is the inputs to read, and what was left out.
type List struct {
	Files    []string   // in the order given, patterns expanded; "-" kept
	Skipped  []Skipped  // not inputs: lock and temporary files
	Repeated []Repeated // given again: read once
}

// Skipped is a file that is no input, and what it is.
type Skipped struct{ Path, What string }

// Repeated is a file left out because it was already listed: the same
// file (Same), or another holding the same bytes.
type Repeated struct {
	Path, As string
	Same     bool
}

// Expand lists the files args name (see the package doc). A pattern that
// matches nothing, or a list left with nothing to read, is an error.
func Expand(args []string) (List, error) {
	var l List
	var named []string
	for _, arg := range args {
		if arg == "-" || !hasMeta(arg) || exists(arg) {
			named = append(named, arg)
			continue
		}
		matches, err := filepath.Glob(caseless(arg))
		if err != nil {
			return l, fmt.Errorf("%s: %w", printable.Name(arg), err)
		}
		var files []string
		for _, m := range matches {
			if fi, err := os.Stat(m); err == nil && !fi.IsDir() {
				files = append(files, m)
			}
		}
		if len(files) == 0 {
			return l, fmt.Errorf("%s: no file matches this pattern", printable.Name(arg))
		}
		named = append(named, files...)
	}
	for _, p := range named {
		if what := notInput(filepath.Base(p)); p != "-" && what != "" {
			if !slices.ContainsFunc(l.Skipped, func(s Skipped) bool { return s.Path == p }) {
				l.Skipped = append(l.Skipped, Skipped{Path: p, What: what})
			}
			continue
		}
		if r, ok := repeated(p, l.Files); ok {
			l.Repeated = append(l.Repeated, r)
			continue
		}
		l.Files = append(l.Files, p)
	}
	if len(l.Files) == 0 && len(l.Skipped) > 0 {
		return l, fmt.Errorf("nothing to read: %s", l.SkippedNotice())
	}
	return l, nil
}

// hasMeta reports whether p holds a pattern's characters.
func hasMeta(p string) bool {
	return strings.ContainsAny(p, "*?[")
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// caseless is pattern matching either case of each letter on Windows,
// where names are so compared (`*.XLSX` finds a.xlsx); the volume name
// (C:, \\server\share) is left as it is. Elsewhere it is pattern.
func caseless(pattern string) string {
	if runtime.GOOS != "windows" {
		return pattern
	}
	vol := filepath.VolumeName(pattern)
	var b strings.Builder
	b.WriteString(vol)
	inClass := false
	for _, r := range pattern[len(vol):] {
		switch {
		case inClass:
			inClass = r != ']'
		case r == '[':
			inClass = true
		case unicode.IsLetter(r) && unicode.ToUpper(r) != unicode.ToLower(r):
			b.WriteString("[" + string(unicode.ToLower(r)) + string(unicode.ToUpper(r)) + "]")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// notInput says what the file named base is when it is one that Office
// or a system leaves beside the workbooks, "" otherwise.
func notInput(base string) string {
	lower := strings.ToLower(base)
	switch {
	case strings.HasPrefix(base, "~$"):
		name := strings.TrimPrefix(base, "~$")
		return "Excel's lock file, left while " + name + " is open in Excel; " + name + " is read as last saved"
	case strings.HasPrefix(base, "~") && strings.HasSuffix(lower, ".tmp"):
		return "Office's temporary file"
	case strings.HasPrefix(base, ".~lock.") && strings.HasSuffix(base, "#"):
		return "LibreOffice's lock file: the document is open in LibreOffice"
	case lower == "thumbs.db" || lower == "ehthumbs.db":
		return "Windows' picture thumbnails"
	case lower == "desktop.ini":
		return "Windows' folder settings"
	case lower == ".ds_store":
		return "macOS's folder settings"
	case strings.HasPrefix(base, "._"):
		return "macOS's resource file for " + strings.TrimPrefix(base, "._")
	}
	return ""
}

// repeated reports whether p is one of files already listed: the same
// file, or another holding the same bytes.
func repeated(p string, files []string) (Repeated, bool) {
	if p == "-" {
		return Repeated{}, false
	}
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return Repeated{}, false // its reading says what is wrong
	}
	for _, q := range files {
		if q == "-" {
			continue
		}
		fq, err := os.Stat(q)
		if err != nil || !fq.Mode().IsRegular() {
			continue
		}
		if os.SameFile(fi, fq) {
			return Repeated{Path: p, As: q, Same: true}, true
		}
		if fi.Size() == fq.Size() && sameBytes(p, q) {
			return Repeated{Path: p, As: q}, true
		}
	}
	return Repeated{}, false
}

// sameBytes reports whether files a and b hold the same bytes (their
// sizes are equal: only then is this asked).
func sameBytes(a, b string) bool {
	da, okA := digest(a)
	db, okB := digest(b)
	return okA && okB && da == db
}

func digest(p string) (sum [sha256.Size]byte, ok bool) {
	f, err := os.Open(p)
	if err != nil {
		return sum, false
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return sum, false
	}
	return [sha256.Size]byte(h.Sum(nil)), true
}

// SkippedNotice is the one line naming every file skipped, "" for none.
func (l List) SkippedNotice() string {
	if len(l.Skipped) == 0 {
		return ""
	}
	parts := make([]string, len(l.Skipped))
	for i, s := range l.Skipped {
		parts[i] = printable.Name(s.Path) + " (" + s.What + ")"
	}
	files := "1 file that is not an input"
	if len(l.Skipped) > 1 {
		files = fmt.Sprintf("%d files that are not inputs", len(l.Skipped))
	}
	return "skipped " + files + ": " + strings.Join(parts, "; ")
}

// RepeatedNotice is the one line naming every input read once though
// given twice, "" for none.
func (l List) RepeatedNotice() string {
	if len(l.Repeated) == 0 {
		return ""
	}
	parts := make([]string, len(l.Repeated))
	for i, r := range l.Repeated {
		if r.Same {
			if r.Path == r.As {
				parts[i] = printable.Name(r.Path) + " is given twice"
			} else {
				parts[i] = printable.Name(r.Path) + " is the same file as " + printable.Name(r.As)
			}
		} else {
			parts[i] = printable.Name(r.Path) + " holds the same bytes as " + printable.Name(r.As)
		}
	}
	return "read once: " + strings.Join(parts, "; ")
}
