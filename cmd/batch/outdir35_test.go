//go:build unix

package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"batch/pkg/export"
)

// The scenarios of testdata/hostile/README.md's "Runs into one output
// folder" that come from issue 35: a failed run leaves no folder it made,
// and the tool never replaces what it did not write.
func init() {
	scenarios["out-path-too-long"] = scenarioOutPathTooLong
	scenarios["input-in-the-output-folder"] = scenarioInputInTheOutputFolder
	scenarios["victim-named-like-every-output"] = scenarioVictims(false)
	scenarios["victim-named-like-every-output-no-links"] = scenarioVictims(true)
	scenarios["earlier-version-not-proven"] = scenarioEarlierVersionNotProven
	scenarios["lock-hard-linked-outside"] = scenarioLockHardLinkedOutside
	scenarios["set-entry-linked-outside"] = scenarioSetEntryLinkedOutside(false)
	scenarios["set-entry-linked-outside-no-links"] = scenarioSetEntryLinkedOutside(true)
	exhaustiveScenarios["victim-named-like-every-output-no-links"] = true
	exhaustiveScenarios["set-entry-linked-outside-no-links"] = true
}

// tree lists every path under base, folders with a trailing slash.
func tree(t *testing.T, base string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(base, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(base, p)
		if d.IsDir() {
			rel += "/"
		}
		out = append(out, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// scenarioOutPathTooLong: -o names a folder 2,100 levels deep, a path
// longer than the system takes (4,096 bytes on Linux): the run fails
// naming the folder, and leaves none of the folders it would have made.
func scenarioOutPathTooLong(t *testing.T) {
	base := t.TempDir()
	out := filepath.Join(base, strings.Repeat("a/", 2100)+"out")
	got := runTo(t, out, runA, nil)
	if got.code != 1 || !strings.Contains(got.stderr, "too long") {
		t.Errorf("exit %d, stderr %.300q; want exit 1 saying the name is too long", got.code, got.stderr)
	}
	if left := tree(t, base); len(left) != 1 {
		t.Errorf("the failed run left %d folders under %s, the first %q", len(left)-1, base, left[1])
	}
}

// folderTree is every path under dir but .batch, with its bytes ("dir",
// or "link → target").
func folderTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case rel == ".batch":
			return filepath.SkipDir
		case d.Type()&os.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[rel] = "link → " + target
		case d.IsDir():
			out[rel] = "dir"
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[rel] = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// assertSameTree: the folder holds what it held, byte for byte.
func assertSameTree(t *testing.T, before, after map[string]string) {
	t.Helper()
	for p, b := range before {
		if after[p] != b {
			t.Errorf("%s changed: %.60q → %.60q", p, b, after[p])
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s was added", p)
		}
	}
}

// everyOutputArgs is a run that writes every output the tool has: every
// format, a comparison and a split by county.
func everyOutputArgs(out, input string) []string {
	return []string{"run", "-q", "--as-of", asOf, "--format", strings.Join(export.Formats(), ","), "--compare", "auto", "--split", "county", "-o", out, input}
}

// runLinksOrCopies runs batch, or the batchtest build without links.
func runLinksOrCopies(t *testing.T, noLinks bool, args ...string) outcome {
	t.Helper()
	if !noLinks {
		return run(t, "", args...)
	}
	cmd := exec.Command(pausingBinary(t), args...)
	cmd.Env = append(os.Environ(), "BATCH_TEST_NO_LINKS=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return outcome{code, out.String(), errb.String()}
}

// scenarioVictims: a file of the analyst's under the name of every output
// the tool may write in OUT (export.OutputNames: a name added there is
// tried too), and a file and a folder named like the split's by-county,
// each in a folder batch never wrote and in one holding a run: a run
// writing every output is refused naming it (exit 1), and the folder,
// the victim in it, is byte for byte as it was (issue 35).
func scenarioVictims(noLinks bool) func(t *testing.T) {
	return func(t *testing.T) {
		names := append(export.OutputNames(), "by-county", "by-county/")
		// What such a run writes: an output it does not write (one a
		// flag of its own asks for) is only left as it is.
		scratch := filepath.Join(t.TempDir(), "out")
		if got := runLinksOrCopies(t, noLinks, everyOutputArgs(scratch, runA)...); got.code != 0 {
			t.Fatalf("exit %d: %s", got.code, got.stderr)
		}
		writes := folderTree(t, scratch)
		for _, state := range []string{"new", "written"} {
			for _, name := range names {
				t.Run(state+"/"+name, func(t *testing.T) {
					out := filepath.Join(t.TempDir(), "out")
					if state == "new" {
						if err := os.MkdirAll(out, 0o755); err != nil {
							t.Fatal(err)
						}
					} else if got := runLinksOrCopies(t, noLinks, everyOutputArgs(out, runA)...); got.code != 0 {
						t.Fatalf("the first run: exit %d: %s", got.code, got.stderr)
					}
					bare := strings.TrimSuffix(name, "/")
					victim := filepath.Join(out, bare)
					if err := os.RemoveAll(victim); err != nil {
						t.Fatal(err)
					}
					if bare != name {
						writeFiles(t, victim, map[string]string{"Albany/my-notes.txt": "the analyst's notes"})
					} else if err := os.WriteFile(victim, []byte("the analyst's own "+name+"\n"), 0o644); err != nil {
						t.Fatal(err)
					}
					before := folderTree(t, out)
					got := runLinksOrCopies(t, noLinks, everyOutputArgs(out, runB)...)
					if _, written := writes[bare]; !written && got.code == 0 {
						t.Logf("this run does not write %s: it stays", bare)
					} else if got.code != 1 || !strings.Contains(got.stderr, bare+" is ") || !strings.Contains(got.stderr, "did not write") {
						t.Errorf("exit %d, stderr %q; want exit 1 naming %s", got.code, got.stderr, bare)
					}
					assertSameTree(t, before, folderTree(t, out))
				})
			}
		}
	}
}

// scenarioInputInTheOutputFolder: batch run vacancies.csv -o . in the
// folder where the analyst keeps vacancies.csv: refused as given (exit
// 2), the input untouched, nothing added; the same for an input kept as
// summary.json, and for one inside .batch.
func scenarioInputInTheOutputFolder(t *testing.T) {
	rows, err := os.ReadFile(runA)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"vacancies.csv", "summary.json", "errors.csv"} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, name), rows, 0o644); err != nil {
			t.Fatal(err)
		}
		before := folderTree(t, dir)
		cmd := exec.Command(binary, "run", "-q", "--as-of", asOf, name, "-o", ".")
		cmd.Dir = dir
		var errb bytes.Buffer
		cmd.Stderr = &errb
		err := cmd.Run()
		if cmd.ProcessState.ExitCode() != 2 || !strings.Contains(errb.String(), "the input "+name+" is the output folder's "+name) {
			t.Errorf("%s: exit %d (%v): %s; want 2 naming the input", name, cmd.ProcessState.ExitCode(), err, errb.String())
		}
		assertSameTree(t, before, folderTree(t, dir))
		if _, err := os.Lstat(filepath.Join(dir, ".batch")); err == nil {
			t.Errorf("%s: the refused run made .batch", name)
		}
	}
	// One read out of the tool's own set.
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, out, runA, nil)
	inSet, err := filepath.EvalSymlinks(filepath.Join(out, "vacancies.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if got := runTo(t, out, inSet, nil); got.code != 2 || !strings.Contains(got.stderr, "is the output folder's vacancies.csv") {
		t.Errorf("an input in the current set: exit %d: %s", got.code, got.stderr)
	}
	kept := filepath.Join(out, ".batch", "kept.csv")
	if err := os.WriteFile(kept, rows, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := runTo(t, out, kept, nil); got.code != 2 || !strings.Contains(got.stderr, "is inside the output folder's .batch") {
		t.Errorf("an input in .batch: exit %d: %s", got.code, got.stderr)
	}
	assertWhole(t, out, "RUN-A-", 3, nil)
}

// scenarioEarlierVersionNotProven: an earlier version's folder (plain
// files, summary.json last) where the analyst saved errors.csv again
// after that run, and keeps an input under vacancies.csv: neither is
// taken for that version's output; the run that would write them is
// refused naming the first, and the folder is as it was.
func scenarioEarlierVersionNotProven(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	previousOutputs(t, out)
	later := time.Now().Add(time.Hour)
	p := filepath.Join(out, "errors.csv")
	if err := os.WriteFile(p, []byte("source,row,column,value,message\nmy own note\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	before := folderTree(t, out)
	got := runTo(t, out, runB, []string{"csv", "json"})
	if got.code != 1 || !strings.Contains(got.stderr, "errors.csv is a file batch cannot prove an earlier version of it wrote (it was changed at") {
		t.Errorf("exit %d: %s", got.code, got.stderr)
	}
	assertSameTree(t, before, folderTree(t, out))

	// An input under an output's name: summary.json names its SHA-256.
	out = filepath.Join(t.TempDir(), "out")
	rows, _ := os.ReadFile(runA)
	sum := sha256.Sum256(rows)
	previousOutputs(t, out)
	if err := os.WriteFile(filepath.Join(out, "vacancies.csv"), rows, 0o644); err != nil {
		t.Fatal(err)
	}
	legacySummary(t, out, hex.EncodeToString(sum[:]))
	before = folderTree(t, out)
	got = runTo(t, out, runB, []string{"csv", "json"})
	if got.code != 1 || !strings.Contains(got.stderr, "vacancies.csv is a file batch cannot prove an earlier version of it wrote (it is one of the inputs summary.json names)") {
		t.Errorf("exit %d: %s", got.code, got.stderr)
	}
	assertSameTree(t, before, folderTree(t, out))
}

// scenarioLockHardLinkedOutside: .batch/lock is a hard link to a file
// outside: refused, the file outside as it was (it was truncated and
// overwritten on every run).
func scenarioLockHardLinkedOutside(t *testing.T) {
	lockLinkedOutside(t, os.Link, "a hard link to a file elsewhere")
}

// scenarioSetEntryLinkedOutside: the current set's digest.txt, listed in
// its manifest, is replaced by a symbolic link to a file outside: the
// next run is refused before the set is used; without links (copies),
// OUT/digest.txt never becomes that link nor a copy of the file outside.
func scenarioSetEntryLinkedOutside(noLinks bool) func(t *testing.T) {
	return func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "out")
		args := []string{"run", "-q", "--as-of", asOf, "--format", "csv,json,digest", "-o", out}
		if got := runLinksOrCopies(t, noLinks, append(args, runA)...); got.code != 0 {
			t.Fatalf("exit %d: %s", got.code, got.stderr)
		}
		file, _, check := outsideVictim(t)
		cur := filepath.Join(out, ".batch", "current")
		set, err := filepath.EvalSymlinks(cur)
		if noLinks {
			set = currentSet(t, out)
		} else if err != nil {
			t.Fatal(err)
		}
		entry := filepath.Join(set, "digest.txt")
		if err := os.Remove(entry); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(file, entry); err != nil {
			t.Fatal(err)
		}
		before := folderTree(t, out)
		got := runLinksOrCopies(t, noLinks, append(args, runB)...)
		wantRefused(t, got, "digest.txt is a symbolic link, not a plain file")
		check()
		assertSameTree(t, before, folderTree(t, out))
		victim, _ := os.ReadFile(file)
		if b, _ := os.ReadFile(filepath.Join(out, "digest.txt")); noLinks && bytes.Equal(b, victim) {
			t.Error("OUT/digest.txt shows the file outside")
		}
	}
}
