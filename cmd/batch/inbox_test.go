package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An inbox as Excel leaves it (issue 33): a workbook open in Excel has its
// lock file ~$name.xlsx beside it, and Windows leaves Thumbs.db. The night
// reads the workbook and names each file it skipped once, in one notice,
// whether the tool expanded the pattern (cmd and PowerShell pass
// inbox\*.xlsx as typed) or a shell did. Before, the lock file stopped the
// night: "inbox/~$a.xlsx: not an xlsx workbook", exit 1.
func TestAnInboxAsExcelLeavesIt(t *testing.T) {
	dir := t.TempDir()
	inbox := filepath.Join(dir, "inbox")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Mkdir(inbox, 0o755))
	book, err := os.ReadFile(samplesXLSX)
	must(err)
	a := filepath.Join(inbox, "a.xlsx")
	must(os.WriteFile(a, book, 0o644))
	// Excel's lock file: the owner's name and padding, 165 bytes.
	lock := filepath.Join(inbox, "~$a.xlsx")
	must(os.WriteFile(lock, []byte("\x05Alice"+strings.Repeat(" ", 49)+strings.Repeat("\x00", 110)), 0o644))
	thumbs := filepath.Join(inbox, "Thumbs.db")
	must(os.WriteFile(thumbs, []byte("thumbnails"), 0o644))

	alone := nightOf(t, filepath.Join(dir, "alone"), a)
	cases := []struct {
		name    string
		args    []string
		skipped []string
	}{
		{"the tool expands the pattern", []string{filepath.Join(inbox, "*.xlsx")}, []string{lock}},
		{"the shell expanded it", []string{a, lock, thumbs}, []string{lock, thumbs}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "out", string(rune('a'+i)))
			got := run(t, "", append([]string{"run", "--as-of", asOf, "-o", out}, tc.args...)...)
			if got.code != 0 {
				t.Fatalf("exit %d: %s", got.code, got.stderr)
			}
			for _, p := range tc.skipped {
				if n := strings.Count(got.stderr, p); n != 1 {
					t.Errorf("stderr names %s %d times, want once:\n%s", p, n, got.stderr)
				}
			}
			if n := strings.Count(got.stderr, "skipped "); n != 1 {
				t.Errorf("%d notices of skipped files, want one:\n%s", n, got.stderr)
			}
			if night := readNight(t, out); night != alone {
				t.Errorf("the night read %+v, want a.xlsx's alone %+v", night, alone)
			}
		})
	}
}

// The same file given twice is read once, with a notice (issue 35):
// before, its 332 vacancies became 664, each a duplicate of itself.
func TestTheSameFileTwiceIsReadOnce(t *testing.T) {
	dir := t.TempDir()
	alone := nightOf(t, filepath.Join(dir, "alone"), samplesXLSX)
	out := filepath.Join(dir, "twice")
	got := run(t, "", "run", "--as-of", asOf, "-o", out, samplesXLSX, samplesXLSX)
	if got.code != 0 {
		t.Fatalf("exit %d: %s", got.code, got.stderr)
	}
	if !strings.Contains(got.stderr, "read once: "+samplesXLSX+" is given twice") {
		t.Errorf("no notice:\n%s", got.stderr)
	}
	if night := readNight(t, out); night != alone {
		t.Errorf("the night read %+v, want the file's once %+v", night, alone)
	}
}

// nightRead is what summary.json says a run read and computed.
type nightRead struct {
	Inputs    string
	Vacancies int
	Rejected  int
}

func nightOf(t *testing.T, out string, inputs ...string) nightRead {
	t.Helper()
	got := run(t, "", append([]string{"run", "-q", "--as-of", asOf, "-o", out}, inputs...)...)
	if got.code != 0 {
		t.Fatalf("exit %d: %s", got.code, got.stderr)
	}
	return readNight(t, out)
}

func readNight(t *testing.T, out string) nightRead {
	t.Helper()
	var sum struct {
		Counts struct {
			Vacancies int `json:"vacancies"`
			Rejected  int `json:"rejected_rows"`
		} `json:"counts"`
		Inputs []struct {
			Path string `json:"path"`
		} `json:"inputs"`
	}
	readJSON(t, filepath.Join(out, "summary.json"), &sum)
	var names []string
	for _, in := range sum.Inputs {
		names = append(names, filepath.Base(in.Path))
	}
	return nightRead{Inputs: strings.Join(names, ","), Vacancies: sum.Counts.Vacancies, Rejected: sum.Counts.Rejected}
}
