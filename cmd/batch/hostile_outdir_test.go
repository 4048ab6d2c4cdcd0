//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The scenarios of testdata/hostile/README.md's "Runs into one output
// folder" that come from issue 27: someone who can write into a shared
// output folder, names that are not files, runs that must stop, split
// values that would collide, and a PC without links (issue 26).
func init() {
	scenarios["runs-linked-outside"] = scenarioRunsLinkedOutside
	scenarios["lock-linked-outside"] = scenarioLockLinkedOutside
	scenarios["manifest-names-outside"] = scenarioManifestNamesOutside
	scenarios["input-is-a-pipe"] = scenarioPipeAs("input")
	scenarios["calendar-is-a-pipe"] = scenarioPipeAs("calendar")
	scenarios["baseline-is-a-pipe"] = scenarioPipeAs("baseline")
	scenarios["stdin-never-ends"] = scenarioStdinNeverEnds
	scenarios["split-values-that-collide"] = scenarioSplitValuesThatCollide
	scenarios["no-links"] = scenarioNoLinks
}

// outsideVictim is a file and a folder beside the output folder, and
// their bytes now.
func outsideVictim(t *testing.T) (file, dir string, check func()) {
	t.Helper()
	base := t.TempDir()
	file, dir = filepath.Join(base, "victim.txt"), filepath.Join(base, "victim-dir")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for p, b := range map[string]string{file: "the victim's bytes", filepath.Join(dir, "keep.txt"): "keep me"} {
		if err := os.WriteFile(p, []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	snap := func() string {
		var b strings.Builder
		_ = filepath.Walk(base, func(p string, info os.FileInfo, err error) error {
			if err == nil {
				data, _ := os.ReadFile(p)
				b.WriteString(p + "=" + string(data) + "\n")
			}
			return nil
		})
		return b.String()
	}
	before := snap()
	return file, dir, func() {
		t.Helper()
		if after := snap(); after != before {
			t.Errorf("outside the output folder, something changed:\nbefore %s\nafter  %s", before, after)
		}
	}
}

func wantRefused(t *testing.T, got outcome, says string) {
	t.Helper()
	if got.code != 1 || !strings.Contains(got.stderr, says) {
		t.Errorf("exit %d, stderr %q; want exit 1 saying %q", got.code, got.stderr, says)
	}
}

func scenarioRunsLinkedOutside(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, out, runA, nil)
	_, dir, check := outsideVictim(t)
	runs := filepath.Join(out, ".batch", "runs")
	if err := os.RemoveAll(runs); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir, runs); err != nil {
		t.Fatal(err)
	}
	wantRefused(t, runTo(t, out, runB, nil), "is a symbolic link, not a plain folder")
	check()
}

func scenarioLockLinkedOutside(t *testing.T) {
	lockLinkedOutside(t, os.Symlink, "is a symbolic link, not a plain file")
}

// lockLinkedOutside: .batch/lock is made a link (link: os.Symlink or
// os.Link) to a file outside; the next run is refused saying says, and
// the file outside stays as it was.
func lockLinkedOutside(t *testing.T, link func(oldname, newname string) error, says string) {
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, out, runA, nil)
	file, _, check := outsideVictim(t)
	lock := filepath.Join(out, ".batch", "lock")
	if err := os.Remove(lock); err != nil {
		t.Fatal(err)
	}
	if err := link(file, lock); err != nil {
		t.Fatal(err)
	}
	wantRefused(t, runTo(t, out, runB, nil), says)
	check()
	assertWhole(t, out, "RUN-A-", 3, nil)
}

func scenarioManifestNamesOutside(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, out, runA, nil)
	file, _, check := outsideVictim(t)
	cur, err := filepath.EvalSymlinks(filepath.Join(out, ".batch", "current"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(cur, "manifest.json")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(out, file)
	m["links"] = append(m["links"].([]any), rel)
	b, _ = json.Marshal(m)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	wantRefused(t, runTo(t, out, runB, nil), "not one of the tool's outputs")
	check()
	assertWhole(t, out, "RUN-A-", 3, nil)
}

func scenarioPipeAs(what string) func(t *testing.T) {
	return func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "out")
		mustRun(t, out, runA, nil)
		fifo := filepath.Join(t.TempDir(), "pipe.csv")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		args := []string{"run", "-q", "--as-of", asOf, "-o", out}
		switch what {
		case "input":
			args = append(args, fifo)
		case "calendar":
			args = append(args, "--calendar", fifo, runB)
		case "baseline":
			args = append(args, "--compare", fifo, runB)
		}
		start := time.Now()
		got := runWithin(t, 10*time.Second, args...)
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("took %v", d)
		}
		if what == "baseline" {
			if got.code != 0 || !strings.Contains(got.stderr, "named pipe") || !strings.Contains(got.stderr, "comparison skipped") {
				t.Errorf("exit %d, stderr %q; want 0 and the comparison skipped, naming the pipe", got.code, got.stderr)
			}
			assertWhole(t, out, "RUN-B-", 2, nil)
			return
		}
		wantRefused(t, got, "named pipe (FIFO), not a regular file")
		assertWhole(t, out, "RUN-A-", 3, nil)
		assertClean(t, out)
	}
}

func scenarioStdinNeverEnds(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, out, runA, nil)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	cmd := exec.Command(binary, "run", "-q", "--as-of", asOf, "-o", out, "-")
	cmd.Stdin = r
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	for deadline := time.Now().Add(20 * time.Second); len(stagingSets(out)) == 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Now()
	_ = cmd.Process.Signal(syscall.SIGTERM)
	timer := time.AfterFunc(10*time.Second, func() { _ = cmd.Process.Kill() })
	err = cmd.Wait()
	timer.Stop()
	if code := cmd.ProcessState.ExitCode(); code != 130 || time.Since(start) > 5*time.Second {
		t.Errorf("exit %d %v after SIGTERM (%v); want 130 within 5 s; stderr %s", code, time.Since(start), err, errb.String())
	}
	assertWhole(t, out, "RUN-A-", 3, nil)
	mustRun(t, out, runB, nil)
	assertWhole(t, out, "RUN-B-", 2, nil)
	assertClean(t, out)
}

func scenarioSplitValuesThatCollide(t *testing.T) {
	in := filepath.Join(t.TempDir(), "recipients.csv")
	csv := "vacancy_id,office,cause,event_date,recipient\n" +
		"R-1,Town Supervisor,death,2026-10-01,Albany\n" +
		"R-2,Town Supervisor,death,2026-10-01,index.csv\n" +
		"R-3,Town Supervisor,death,2026-10-01,Index.CSV\n"
	if err := os.WriteFile(in, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	split := func() {
		t.Helper()
		got := run(t, "", "run", "-q", "--as-of", asOf, "--split", "recipient", "--format", "csv,json", "-o", out, in)
		if got.code != 0 {
			t.Fatalf("exit %d: %s", got.code, got.stderr)
		}
	}
	split()
	albany, err := os.ReadFile(filepath.Join(out, "by-recipient", "Albany", "summary.json"))
	if err != nil {
		t.Fatalf("Albany's folder: %v", err)
	}
	// The next night adds ALBANY: Albany's folder keeps its name.
	if err := os.WriteFile(in, []byte(csv+"R-4,Town Supervisor,death,2026-10-01,ALBANY\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	split()
	if _, err := os.Stat(filepath.Join(out, "by-recipient", "Albany", "summary.json")); err != nil || len(albany) == 0 {
		t.Errorf("Albany's folder was renamed when ALBANY came: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Join(out, "by-recipient"))
	seen := map[string]string{}
	for _, e := range entries {
		k := strings.ToLower(e.Name())
		if other, ok := seen[k]; ok {
			t.Errorf("%s and %s are one name on Windows and macOS", e.Name(), other)
		}
		seen[k] = e.Name()
	}
	if len(entries) != 5 { // 4 folders and index.csv
		t.Errorf("by-recipient holds %d entries, want 4 folders and index.csv", len(entries))
	}
}

func scenarioNoLinks(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	noLinks(t, out, runA, []string{"xlsx", "csv", "ics", "json"})
	cmd, _, _ := startPausedNoLinks(t, out, runB, "link:2", []string{"csv"})
	kill(t, cmd)
	assertWhole(t, currentSet(t, out), "RUN-B-", 2, []string{"csv"})
	noLinks(t, out, runB, []string{"csv"})
	assertWhole(t, out, "RUN-B-", 2, []string{"csv"})
	assertClean(t, out)
}
