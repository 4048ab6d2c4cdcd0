package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"batch/internal/testmode"
)

// Interrupted and failed runs: whatever stops a run, the previous outputs
// stay as they were, and nothing is left behind that a later run trips
// over.

// previousOutputs puts last night's outputs in dir and returns them.
func previousOutputs(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	prev := map[string][]byte{
		"results.xlsx":  []byte("last night's workbook"),
		"vacancies.csv": []byte("vacancy_id\nlast-night\n"),
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range prev {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prev["summary.json"] = legacySummary(t, dir, strings.Repeat("0", 64))
	return prev
}

// legacySummary writes dir/summary.json as an earlier version of batch
// wrote it, last, after its other outputs (the proof that they are its
// own: pkg/outdir's own.go), naming one input of the given SHA-256, and
// returns its bytes.
func legacySummary(t *testing.T, dir, inputSHA256 string) []byte {
	t.Helper()
	b := []byte(`{"version": "v0.3.0", "as_of": "2026-11-29", "edition": "auto", "jobs": 2, "counts": {"vacancies": 1}, ` +
		`"inputs": [{"path": "county.csv", "sha256": "` + inputSHA256 + `", "rows": 1}], "duration_seconds": 0.5}`)
	if err := os.WriteFile(filepath.Join(dir, "summary.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return b
}

func assertUntouched(t *testing.T, dir string, prev map[string][]byte) {
	t.Helper()
	for name, want := range prev {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("the previous %s was replaced or removed (%v)", name, err)
		}
	}
}

// temporaries lists what is in dir but the contract's outputs and the
// current set they show: a run's staging, spill files, half-made links.
func temporaries(dir string) []string { return leftovers(dir) }

// startUntilWriting starts a run on a big input and returns once a
// temporary output has appeared in out: the run is then mid-write.
func startUntilWriting(t *testing.T, out, input string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(binary, "run", "-q", "--as-of", asOf, "-o", out, input)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		if len(temporaries(out)) > 0 {
			// Let the writers get some way into the files.
			time.Sleep(300 * time.Millisecond)
			return cmd, &errb
		}
		time.Sleep(10 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	t.Fatalf("no temporary output appeared in %s within 90 s; stderr: %s", out, errb.String())
	return nil, nil
}

func TestKilledMidWriteLeavesPreviousOutputs(t *testing.T) {
	testmode.Require(t, "a kill at a commit step (TestOutputFolderScenarios) and a cancelled run (pkg/pipeline's TestCancelledRunsStopCleanly)")
	out := filepath.Join(t.TempDir(), "out")
	prev := previousOutputs(t, out)
	input := filepath.Join(t.TempDir(), "big.csv")
	writeBigCSV(t, input, 200_000)

	cmd, errb := startUntilWriting(t, out, input)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the run was not killed mid-write (it ended with %v; stderr %s): make the input bigger", err, errb)
	}
	assertUntouched(t, out, prev)
	left := temporaries(out)
	t.Logf("SIGKILL left %d temporaries, as it must (nothing runs after SIGKILL): %v", len(left), left)

	// The next night's run completes and clears what the killed one left.
	small := filepath.Join(t.TempDir(), "small.csv")
	writeBigCSV(t, small, 50)
	again := run(t, "", "run", "-q", "--as-of", asOf, "-o", out, small)
	if again.code != 0 {
		t.Fatalf("the run after a kill: exit %d: %s", again.code, again.stderr)
	}
	if left := temporaries(out); len(left) > 0 {
		t.Errorf("the run after a kill left temporaries behind: %v", left)
	}
	if n := csvDataRows(t, filepath.Join(out, "vacancies.csv")); n != 50 {
		t.Errorf("the run after a kill wrote %d vacancies, want 50", n)
	}
	readXLSX(t, filepath.Join(out, "results.xlsx"))
}

func TestTerminatedMidWriteCleansUp(t *testing.T) {
	testmode.Require(t, "a kill at a commit step (TestOutputFolderScenarios) and a cancelled run (pkg/pipeline's TestCancelledRunsStopCleanly)")
	out := filepath.Join(t.TempDir(), "out")
	prev := previousOutputs(t, out)
	input := filepath.Join(t.TempDir(), "big.csv")
	writeBigCSV(t, input, 200_000)

	cmd, errb := startUntilWriting(t, out, input)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Fatalf("want exit 130 after SIGTERM mid-write, got %v; stderr: %s", err, errb)
	}
	assertUntouched(t, out, prev)
	if left := temporaries(out); len(left) > 0 {
		t.Errorf("SIGTERM mid-write left temporaries behind: %v", left)
	}
}

// TestUnwritableOutput: the tests run as root here, where a folder's mode
// bits do not stop writes, so the folders below refuse writes in ways that
// hold for root too: a path through a regular file, a path that is a
// regular file, a folder in /proc, and (non-root only) a folder without
// write permission.
func TestUnwritableOutput(t *testing.T) {
	base := t.TempDir()
	file := filepath.Join(base, "a-file")
	if err := os.WriteFile(file, []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	readOnly := filepath.Join(base, "read-only")
	if err := os.Mkdir(readOnly, 0o500); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, out string
		says      []string
		rootSkips bool
	}{
		{"a folder below a regular file", filepath.Join(file, "out"), []string{"not a directory"}, false},
		{"the output folder is a regular file", file, []string{"not a directory"}, false},
		{"a folder of /proc, where nothing can be created", "/proc/1", []string{"/proc/1"}, false},
		{"a folder without write permission", readOnly, []string{"permission denied"}, true},
	}
	input := filepath.Join(base, "in.csv")
	writeBigCSV(t, input, 20)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.rootSkips && os.Geteuid() == 0 {
				t.Skip("root writes through mode bits")
			}
			got := run(t, "", "run", "-q", "--as-of", asOf, "-o", tc.out, input)
			if got.code != 1 {
				t.Fatalf("exit %d, want 1; stderr: %s", got.code, got.stderr)
			}
			assertSays(t, "stderr", got.stderr, [][]string{tc.says})
			for _, s := range crashSigns {
				if strings.Contains(got.stderr, s) {
					t.Errorf("crash sign %q on stderr: %s", s, got.stderr)
				}
			}
		})
	}
	if b, _ := os.ReadFile(file); string(b) != "not a folder" {
		t.Errorf("the regular file given as output folder was changed: %q", b)
	}
}

// TestFullDisk: a disk filling up is simulated with RLIMIT_FSIZE (set by
// the shell's ulimit before exec), which works as root without mounting a
// small file system. Go ignores SIGXFSZ, so the write that crosses the
// limit fails with EFBIG ("file too large"), as a full disk fails with
// ENOSPC; the run must stop with exit 1 and leave last night's outputs.
func TestFullDisk(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	prev := previousOutputs(t, out)
	input := filepath.Join(t.TempDir(), "in.csv")
	writeBigCSV(t, input, 5_000) // deadlines.csv alone is about 6 MB
	// 4096 blocks of 512 bytes (POSIX sh) = 2 MB per file.
	cmd := exec.Command("/bin/sh", "-c", `ulimit -f 4096 && exec "$0" "$@"`,
		binary, "run", "-q", "--as-of", asOf, "-o", out, input)
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("want exit 1 when a file cannot grow, got %v; stderr: %s", err, errb.String())
	}
	assertSays(t, "stderr", errb.String(), [][]string{{"file too large"}})
	assertUntouched(t, out, prev)
	if left := temporaries(out); len(left) > 0 {
		t.Errorf("a failed write left temporaries behind: %v", left)
	}
}

// TestOutputBlockedAtCommit: an output name taken by a folder makes the
// last rename fail after the others succeeded; the outputs already renamed
// must be put back, so the set stays last night's.
func TestOutputBlockedAtCommit(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	prev := previousOutputs(t, out)
	delete(prev, "summary.json")
	if err := os.Remove(filepath.Join(out, "summary.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(out, "summary.json", "keep"), 0o755); err != nil {
		t.Fatal(err)
	}
	input := filepath.Join(t.TempDir(), "in.csv")
	writeBigCSV(t, input, 20)
	got := run(t, "", "run", "-q", "--as-of", asOf, "-o", out, input)
	if got.code != 1 {
		t.Fatalf("exit %d, want 1; stderr: %s", got.code, got.stderr)
	}
	assertSays(t, "stderr", got.stderr, [][]string{{"summary.json"}})
	assertUntouched(t, out, prev)
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if _, ok := prev[e.Name()]; !ok && e.Name() != "summary.json" {
			t.Errorf("a run that failed at commit left %s in the folder", e.Name())
		}
	}
}
