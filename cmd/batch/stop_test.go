//go:build unix

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

// Every run can be stopped (issue 27): a run whose read blocks where no
// context reaches (standard input an idle pipe, or a named pipe no one
// writes into) exits 130 within 5 s of SIGTERM, its staging folder
// removed and the lock let go, so that the next run works; and names that
// are not regular files are refused before they are opened.

// committedRunA makes out hold run A's set and returns its vacancies.csv.
func committedRunA(t *testing.T, out string) []byte {
	t.Helper()
	got := run(t, "", "run", "-q", "--as-of", asOf, "-o", out, "../../testdata/hostile/run-a.csv")
	if got.code != 0 {
		t.Fatalf("run A: exit %d: %s", got.code, got.stderr)
	}
	b, err := os.ReadFile(filepath.Join(out, "vacancies.csv"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// stagingSets lists the sets in out/.batch/runs besides the current one.
func stagingSets(out string) []string {
	var sets []string
	for _, l := range leftovers(out) {
		if strings.HasPrefix(l, ".batch/runs/") {
			sets = append(sets, l)
		}
	}
	return sets
}

func TestARunBlockedOnAReadStopsOnASignal(t *testing.T) {
	idlePipe := func(t *testing.T) *os.File {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close(); w.Close() })
		return r
	}
	idleFIFO := func(t *testing.T) *os.File {
		p := filepath.Join(t.TempDir(), "fifo")
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Fatal(err)
		}
		// Opened for reading and writing, so that neither end waits: the
		// run reads a named pipe that has a writer who never writes.
		f, err := os.OpenFile(p, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	cases := []struct {
		name    string
		stdin   func(t *testing.T) *os.File
		signals []syscall.Signal
		within  time.Duration
	}{
		{"batch run - on an idle pipe, SIGTERM", idlePipe, []syscall.Signal{syscall.SIGTERM}, 5 * time.Second},
		{"batch run - on a named pipe no one writes into, SIGTERM", idleFIFO, []syscall.Signal{syscall.SIGTERM}, 5 * time.Second},
		{"batch run - on an idle pipe, SIGINT twice (Ctrl-C, Ctrl-C)", idlePipe, []syscall.Signal{syscall.SIGINT, syscall.SIGINT}, time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.within > time.Second {
				t.Skip("waits out the grace period (2 s); runs without -short")
			}
			out := filepath.Join(t.TempDir(), "out")
			before := committedRunA(t, out)

			cmd := exec.Command(binary, "run", "-q", "--as-of", asOf, "-o", out, "-")
			cmd.Stdin = tc.stdin(t)
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// The run has its staging folder (and the lock) once it reads.
			for deadline := time.Now().Add(20 * time.Second); len(stagingSets(out)) == 0; {
				if time.Now().After(deadline) {
					_ = cmd.Process.Kill()
					_ = cmd.Wait()
					t.Fatalf("the run made no staging folder within 20 s: %s", errb.String())
				}
				time.Sleep(10 * time.Millisecond)
			}
			time.Sleep(200 * time.Millisecond)
			start := time.Now()
			for _, sig := range tc.signals {
				if err := cmd.Process.Signal(sig); err != nil {
					t.Fatal(err)
				}
				time.Sleep(50 * time.Millisecond)
			}
			waited := make(chan error, 1)
			go func() { waited <- cmd.Wait() }()
			var err error
			select {
			case err = <-waited:
			case <-time.After(10 * time.Second):
				_ = cmd.Process.Kill()
				<-waited
				t.Fatalf("the run did not exit within 10 s of %v", tc.signals)
			}
			took := time.Since(start)
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 130 {
				t.Fatalf("want exit 130, got %v; stderr: %s", err, errb.String())
			}
			if took > tc.within {
				t.Errorf("exited %v after the first signal, want within %v", took.Round(time.Millisecond), tc.within)
			}
			t.Logf("exit 130 %v after the first signal", took.Round(time.Millisecond))
			if s := stagingSets(out); len(s) > 0 {
				t.Errorf("the staging folder is still there: %v", s)
			}
			if b, err := os.ReadFile(filepath.Join(out, "vacancies.csv")); err != nil || !bytes.Equal(b, before) {
				t.Errorf("run A's vacancies.csv changed (%v)", err)
			}
			// The lock went with the process: the next run works at once.
			got := run(t, "", "run", "-q", "--as-of", asOf, "-o", out, "../../testdata/hostile/run-b.csv")
			if got.code != 0 {
				t.Fatalf("the next run: exit %d: %s", got.code, got.stderr)
			}
			if b, _ := os.ReadFile(filepath.Join(out, "vacancies.csv")); !bytes.Contains(b, []byte("RUN-B-2")) {
				t.Errorf("the next run's vacancies.csv lacks RUN-B-2:\n%s", b)
			}
			if left := leftovers(out); len(left) > 0 {
				t.Errorf("the next run left %v", left)
			}
		})
	}
}

func TestNamesThatAreNotFilesAreRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.csv")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	input := "../../testdata/hostile/run-a.csv"
	cases := []struct {
		name string
		args []string
		code int
		says []string
	}{
		{"an input that is a named pipe", []string{fifo}, 1, []string{"pipe.csv", "named pipe", "not a regular file"}},
		{"an input that is a device", []string{"/dev/zero"}, 1, []string{"/dev/zero", "device", "not a regular file"}},
		{"a calendar file that is a named pipe", []string{"--calendar", fifo, input}, 1, []string{"calendar file", "named pipe"}},
		{"a baseline that is a named pipe", []string{"--compare", fifo, input}, 0, []string{"comparison skipped", "named pipe"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			start := time.Now()
			got := runWithin(t, 10*time.Second, append([]string{"run", "-q", "--as-of", asOf, "-o", out}, tc.args...)...)
			if got.code != tc.code {
				t.Fatalf("exit %d, want %d; stderr: %s", got.code, tc.code, got.stderr)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("took %v", took)
			}
			for _, s := range tc.says {
				if !strings.Contains(got.stderr, s) {
					t.Errorf("stderr lacks %q: %s", s, got.stderr)
				}
			}
			if tc.code == 1 {
				if _, err := os.Stat(out); err == nil {
					t.Errorf("a refused run made the output folder")
				}
			}
		})
	}
}

// runWithin is run, killed after d: a run that blocks fails the test
// rather than hanging it.
func runWithin(t *testing.T, d time.Duration, args ...string) outcome {
	t.Helper()
	cmd := exec.Command(binary, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(d, func() { _ = cmd.Process.Kill() })
	defer timer.Stop()
	err := cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		if exit.Sys().(syscall.WaitStatus).Signaled() {
			t.Fatalf("batch %v blocked: killed after %v; stderr: %s", args, d, errb.String())
		}
		return outcome{exit.ExitCode(), out.String(), errb.String()}
	}
	if err != nil {
		t.Fatal(err)
	}
	return outcome{0, out.String(), errb.String()}
}

// A signal while the commit hangs just before its switch (paused there by
// the batchtest build, as a stalled disk would): the run is abandoned
// after the grace period, the switch never happens, and run A's set stays
// whole; at the step after the switch, run B's set stays.
func TestASignalDuringTheCommit(t *testing.T) {
	testmode.Require(t, "a signal during a run blocked on a read (TestARunBlockedOnAReadStopsOnASignal)")
	for _, tc := range []struct {
		step   string
		prefix string
		n      int
	}{
		{"linked", "RUN-A-", 3},
		{"switched", "RUN-B-", 2},
	} {
		t.Run(tc.step, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			mustRun(t, out, runA, nil)
			cmd, _, errb := startPaused(t, out, runB, tc.step, nil)
			start := time.Now()
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			timer := time.AfterFunc(10*time.Second, func() { _ = cmd.Process.Kill() })
			_ = cmd.Wait()
			timer.Stop()
			if code := cmd.ProcessState.ExitCode(); code != 130 || time.Since(start) > 5*time.Second {
				t.Fatalf("exit %d %v after SIGTERM; want 130 within 5 s; stderr %s", code, time.Since(start), errb)
			}
			assertWhole(t, out, tc.prefix, tc.n, nil)
			if tc.step == "linked" {
				if s := stagingSets(out); len(s) > 0 {
					t.Errorf("the staging set is still there: %v", s)
				}
			}
			mustRun(t, out, runA, nil)
			assertWhole(t, out, "RUN-A-", 3, nil)
			assertClean(t, out)
		})
	}
}
