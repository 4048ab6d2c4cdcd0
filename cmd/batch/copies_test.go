package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"batch/internal/testmode"
)

// Without symbolic links (Windows without Developer Mode or an
// administrator's rights; forced here with BATCH_TEST_NO_LINKS), run B is
// killed at each step of its commit into a folder holding run A's set.
// Whatever the step, the set .batch/current names is whole (A's before
// the switch, B's from it on), every output in the folder is whole and of
// one run, before the switch the folder shows A's set exactly, and the
// next run finishes what was left: the folder then shows that set, whole,
// with nothing left over.
func TestCopiesKilledAtEachStepOfTheCommit(t *testing.T) {
	testmode.Require(t, "pkg/outdir's copies, committed in process (TestCopiesWhereLinksCannotBeMade)")
	all := []string{"xlsx", "csv", "ics", "json"}
	steps := []struct {
		step  string
		after bool // after the switch: the set is B's
	}{
		{"staged", false},
		{"linked", false},
		{"switched", true},
		{"link:1", true},
		{"link:3", true},
		{"unlink:1", true},
		{"unlinked", true},
		{"cleaned", true},
	}
	for _, tc := range steps {
		t.Run(tc.step, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			noLinks(t, out, runA, all)
			cmd, _, _ := startPausedNoLinks(t, out, runB, tc.step, []string{"csv"})
			kill(t, cmd)

			prefix, n, formats := "RUN-A-", 3, all
			if tc.after {
				prefix, n, formats = "RUN-B-", 2, []string{"csv"}
			}
			set := currentSet(t, out)
			assertWhole(t, set, prefix, n, formats)
			for _, names := range outputNames {
				for _, name := range names {
					b, err := os.ReadFile(filepath.Join(out, name))
					if err == nil && bytes.Contains(b, []byte("RUN-A-")) && bytes.Contains(b, []byte("RUN-B-")) {
						t.Errorf("%s holds both runs' vacancies", name)
					}
				}
			}
			if !tc.after {
				assertWhole(t, out, prefix, n, formats)
			}
			// The next run (one that fails: no header) finishes the commit.
			noHeader := filepath.Join(t.TempDir(), "no-header.csv")
			if err := os.WriteFile(noHeader, []byte("a,b\n1,2\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd2 := exec.Command(pausingBinary(t), "run", "-q", "--as-of", asOf, "-o", out, noHeader)
			cmd2.Env = append(os.Environ(), "BATCH_TEST_NO_LINKS=1")
			if err := cmd2.Run(); err == nil {
				t.Fatal("a run on a file without a header succeeded")
			}
			assertWhole(t, out, prefix, n, formats)
			assertClean(t, out)
			for _, names := range outputNames {
				for _, name := range names {
					if fi, err := os.Lstat(filepath.Join(out, name)); err == nil && !fi.Mode().IsRegular() {
						t.Errorf("%s is not a regular file: %v", name, fi.Mode())
					}
				}
			}
		})
	}
}

// A split's folders are swapped in whole, without links too.
func TestCopiesOfASplit(t *testing.T) {
	testmode.Require(t, "pkg/outdir's copies, committed in process (TestCopiesWhereLinksCannotBeMade)")
	out := filepath.Join(t.TempDir(), "out")
	for _, in := range []string{runA, runB} {
		cmd := exec.Command(pausingBinary(t), "run", "-q", "--as-of", asOf, "--split", "office_class", "--format", "csv,json", "-o", out, in)
		cmd.Env = append(os.Environ(), "BATCH_TEST_NO_LINKS=1")
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v: %s", in, err, msg)
		}
	}
	fi, err := os.Lstat(filepath.Join(out, "by-office_class"))
	if err != nil || !fi.IsDir() {
		t.Fatalf("by-office_class is not a folder: %v", err)
	}
	// The folder in OUT is the current set's, file for file.
	set := filepath.Join(currentSet(t, out), "by-office_class")
	var inSet, inOut []string
	_ = filepath.Walk(set, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			rel, _ := filepath.Rel(set, p)
			inSet = append(inSet, rel)
			a, _ := os.ReadFile(p)
			b, err := os.ReadFile(filepath.Join(out, "by-office_class", rel))
			if err != nil || !bytes.Equal(a, b) {
				t.Errorf("by-office_class/%s is not the current set's (%v)", rel, err)
			}
		}
		return nil
	})
	_ = filepath.Walk(filepath.Join(out, "by-office_class"), func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			inOut = append(inOut, p)
		}
		return nil
	})
	if len(inSet) == 0 || len(inSet) != len(inOut) {
		t.Errorf("by-office_class holds %d files, the current set's %d", len(inOut), len(inSet))
	}
	assertWhole(t, out, "RUN-B-", 2, []string{"csv", "json"})
	assertClean(t, out)
}

// noLinks runs the batchtest binary without links into out.
func noLinks(t *testing.T, out, input string, formats []string) {
	t.Helper()
	cmd := exec.Command(pausingBinary(t), "run", "-q", "--as-of", asOf, "--format", strings.Join(formats, ","), "-o", out, input)
	cmd.Env = append(os.Environ(), "BATCH_TEST_NO_LINKS=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run into %s: %v: %s", out, err, msg)
	}
}

func startPausedNoLinks(t *testing.T, out, input, step string, formats []string) (*exec.Cmd, func(), *bytes.Buffer) {
	t.Helper()
	t.Setenv("BATCH_TEST_NO_LINKS", "1")
	return startPaused(t, out, input, step, formats)
}

// currentSet is the folder of the set .batch/current (a file, without
// links) names.
func currentSet(t *testing.T, out string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, ".batch", "current"))
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := strings.Cut(string(b), "\n")
	if !strings.HasPrefix(line, "runs/") {
		t.Fatalf(".batch/current says %q", b)
	}
	return filepath.Join(out, ".batch", filepath.FromSlash(line))
}
