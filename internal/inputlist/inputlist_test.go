package inputlist

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// inbox makes a folder as analysts' inboxes are: workbooks and a CSV,
// with what Excel, LibreOffice and the systems leave beside them.
func inbox(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "inbox")
	files := map[string]string{
		"a.xlsx": "workbook a", "c.xlsx": "workbook c", "b.csv": "vacancy_id\r\n",
		// Excel's lock file of a.xlsx: the owner's name, padded (165 bytes).
		"~$a.xlsx":         "\x05Alice" + strings.Repeat(" ", 49) + strings.Repeat("\x00", 110),
		".~lock.c.xlsx#":   ",Alice,PC,07.12.2026 09:00,file:///C:/Users/alice/AppData;",
		"Thumbs.db":        "thumbs",
		"desktop.ini":      "[.ShellClassInfo]\r\n",
		"~WRL0001.tmp":     "saving",
		"._a.xlsx":         "resource fork",
		".DS_Store":        "finder",
		"notes/ignored.md": "a folder is not matched",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func skippedNames(l List) []string {
	var out []string
	for _, s := range l.Skipped {
		out = append(out, filepath.Base(s.Path))
	}
	return out
}

func bases(paths []string) []string {
	var out []string
	for _, p := range paths {
		out = append(out, filepath.Base(p))
	}
	return out
}

func TestAPatternIsExpandedByTheTool(t *testing.T) {
	dir := inbox(t)
	l, err := Expand([]string{filepath.Join(dir, "*.xlsx")})
	if err != nil {
		t.Fatal(err)
	}
	if got := bases(l.Files); !slices.Equal(got, []string{"a.xlsx", "c.xlsx"}) {
		t.Errorf("files %q, want a.xlsx and c.xlsx", got)
	}
	if got := skippedNames(l); !slices.Equal(got, []string{"._a.xlsx", "~$a.xlsx"}) {
		t.Errorf("skipped %q", got)
	}
	// Everything in the folder: every file that is no input named once,
	// in one line; folders are not matched.
	l, err = Expand([]string{filepath.Join(dir, "*")})
	if err != nil {
		t.Fatal(err)
	}
	if got := bases(l.Files); !slices.Equal(got, []string{"a.xlsx", "b.csv", "c.xlsx"}) {
		t.Errorf("files %q", got)
	}
	notice := l.SkippedNotice()
	for _, name := range []string{"~$a.xlsx", ".~lock.c.xlsx#", "Thumbs.db", "desktop.ini", "~WRL0001.tmp", "._a.xlsx", ".DS_Store"} {
		if n := strings.Count(notice, filepath.Join(dir, name)+" ("); n != 1 {
			t.Errorf("the notice names %s %d times: %s", name, n, notice)
		}
	}
	if !strings.HasPrefix(notice, "skipped 7 files that are not inputs: ") || strings.Contains(notice, "\n") {
		t.Errorf("notice: %q", notice)
	}
	if !strings.Contains(notice, "~$a.xlsx (Excel's lock file, left while a.xlsx is open in Excel; a.xlsx is read as last saved)") {
		t.Errorf("the lock file is not explained: %s", notice)
	}
}

// A shell that expands the pattern itself passes the lock file among the
// names: it is skipped the same way.
func TestANamedLockFileIsSkipped(t *testing.T) {
	dir := inbox(t)
	l, err := Expand([]string{filepath.Join(dir, "a.xlsx"), filepath.Join(dir, "c.xlsx"), filepath.Join(dir, "~$a.xlsx")})
	if err != nil {
		t.Fatal(err)
	}
	if got := bases(l.Files); !slices.Equal(got, []string{"a.xlsx", "c.xlsx"}) {
		t.Errorf("files %q", got)
	}
	if got := skippedNames(l); !slices.Equal(got, []string{"~$a.xlsx"}) {
		t.Errorf("skipped %q", got)
	}
	// Nothing but lock files: nothing to read, said with what was skipped.
	_, err = Expand([]string{filepath.Join(dir, "~$a.xlsx")})
	if err == nil || !strings.Contains(err.Error(), "nothing to read: skipped 1 file that is not an input: "+filepath.Join(dir, "~$a.xlsx")) {
		t.Errorf("only a lock file: %v", err)
	}
}

func TestAPatternThatMatchesNothingIsSaid(t *testing.T) {
	dir := inbox(t)
	pattern := filepath.Join(dir, "*.xlsm")
	_, err := Expand([]string{pattern})
	if err == nil || err.Error() != pattern+": no file matches this pattern" {
		t.Errorf("got %v", err)
	}
	// A pattern matching only folders matches no file.
	if _, err := Expand([]string{filepath.Join(dir, "note*")}); err == nil {
		t.Error("a pattern matching a folder was taken")
	}
}

// A file whose name holds a pattern's characters is that file: the tool
// expands only what no file is named.
func TestAFileNamedLikeAPatternIsThatFile(t *testing.T) {
	dir := inbox(t)
	literal := filepath.Join(dir, "report [draft].xlsx")
	if err := os.WriteFile(literal, []byte("draft"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := Expand([]string{literal})
	if err != nil || !slices.Equal(l.Files, []string{literal}) {
		t.Errorf("got %q, %v", l.Files, err)
	}
	if runtime.GOOS == "windows" {
		return // no file name holds * or ? there
	}
	star := filepath.Join(dir, "*.xlsx")
	if err := os.WriteFile(star, []byte("a file named *.xlsx"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err = Expand([]string{star})
	if err != nil || !slices.Equal(l.Files, []string{star}) {
		t.Errorf("got %q, %v", l.Files, err)
	}
}

// The same file given twice is read once (issue 35): named twice, under
// two spellings, through a hard link, or a copy holding the same bytes.
// A file of the same size and other bytes is read.
func TestTheSameFileTwiceIsReadOnce(t *testing.T) {
	dir := inbox(t)
	a := filepath.Join(dir, "a.xlsx")
	cp := filepath.Join(dir, "a (1).xlsx")
	other := filepath.Join(dir, "z.xlsx")
	link := filepath.Join(dir, "hard.xlsx")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(cp, []byte("workbook a"), 0o644))
	must(os.WriteFile(other, []byte("workbook z"), 0o644))
	must(os.Link(a, link))
	t.Chdir(dir)
	dotted := "." + string(filepath.Separator) + "a.xlsx"
	l, err := Expand([]string{a, "a.xlsx", dotted, a, cp, link, other, "-"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(l.Files, []string{a, other, "-"}) {
		t.Errorf("files %q", l.Files)
	}
	notice := l.RepeatedNotice()
	want := "read once: a.xlsx is the same file as " + a + "; " + dotted + " is the same file as " + a + "; " +
		a + " is given twice; " + cp + " holds the same bytes as " + a + "; " + link + " is the same file as " + a
	if notice != want {
		t.Errorf("notice\n got %s\nwant %s", notice, want)
	}
}

func TestNothingToSayWhenAllIsRead(t *testing.T) {
	dir := inbox(t)
	l, err := Expand([]string{filepath.Join(dir, "a.xlsx"), filepath.Join(dir, "b.csv")})
	if err != nil || len(l.Files) != 2 || l.SkippedNotice() != "" || l.RepeatedNotice() != "" {
		t.Errorf("%+v, %v", l, err)
	}
}
