package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"batch/internal/testmode"
	"batch/pkg/compute"
	"batch/pkg/export"
)

// Run, in process, on the hostile corpus of testdata/hostile (its README
// holds the expected outcome of each file through the command line; the
// CLI tests check those). Here: whatever the input, Run returns (an error
// or a summary whose rows add up), and leaves no goroutine running, no file
// open, nothing in TMPDIR and no temporary in the output folder.

const hostileDir = "../../testdata/hostile"

var (
	genOnce sync.Once
	genDir  string
	genErr  error
)

// TestMain removes the corpus generated below (generated) once every test
// has run.
func TestMain(m *testing.M) {
	code := m.Run()
	if genDir != "" {
		os.RemoveAll(filepath.Dir(genDir))
	}
	os.Exit(code)
}

// generated builds the corpus generator once and writes the named files.
func generated(t *testing.T, names ...string) string {
	t.Helper()
	genOnce.Do(func() {
		dir, err := os.MkdirTemp("", "pipeline-hostile")
		if err != nil {
			genErr = err
			return
		}
		gen := filepath.Join(dir, "gen")
		if msg, err := exec.Command("go", "build", "-o", gen, filepath.Join(hostileDir, "gen")).CombinedOutput(); err != nil {
			genErr = fmt.Errorf("building the corpus generator: %v: %s", err, msg)
			return
		}
		genDir = filepath.Join(dir, "files")
		args := append([]string{"-out", genDir}, names...)
		if msg, err := exec.Command(gen, args...).CombinedOutput(); err != nil {
			genErr = fmt.Errorf("generating the corpus: %v: %s", err, msg)
		}
	})
	if genErr != nil {
		t.Fatal(genErr)
	}
	return genDir
}

// generatedFiles are the corpus files gen makes that are small enough for
// an in-process run under the race detector (the million-row workbook and
// the 10,000-column CSV are left to the CLI test, which runs a binary
// built without it).
var generatedFiles = []string{
	"truncated.xlsx", "password-protected.xlsx", "old-excel-97.xlsx", "zip-bomb.xlsx",
	"zip-bomb-lying-header.xlsx", "empty-workbook.xlsx", "header-only.xlsx", "merged-cells.xlsx",
	"formula-dates.xlsx", "hidden-sheets.xlsx", "long-cell.xlsx", "long-cell.csv",
	"malformed-sheet-xml.xlsx", "bad-calendar-sheet.xlsx", "zero-bytes.xlsx", "COUNTY.XLSX", "folder.xlsx",
	"encrypted-directory-late.xlsx", "zipcrypto.xlsx",
}

// hostileInputs lists every committed corpus file and the small generated
// ones.
func hostileInputs(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(hostileDir)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, e := range entries {
		if e.IsDir() || e.Name() == "README.md" {
			continue
		}
		paths = append(paths, filepath.Join(hostileDir, e.Name()))
	}
	dir := generated(t, generatedFiles...)
	for _, n := range generatedFiles {
		paths = append(paths, filepath.Join(dir, n))
	}
	return paths
}

// openFiles counts this process's open file descriptors.
func openFiles(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd to count open files")
	}
	return len(fds)
}

// settle waits for goroutines and files to drop back to the baseline: a
// goroutine that has returned may take a moment to leave the count.
func settle(t *testing.T, goroutines, files int) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		g, f := runtime.NumGoroutine(), openFiles(t)
		if g <= goroutines && f <= files {
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			n := runtime.Stack(buf, true)
			t.Errorf("after the run: %d goroutines (before: %d), %d open files (before: %d); goroutines:\n%s",
				g, goroutines, f, files, buf[:n])
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// runGuarded is Run with a panic on the calling goroutine turned into a
// test failure (a panic on a worker goroutine still kills the binary,
// which fails the test as loudly).
func runGuarded(t *testing.T, ctx context.Context, opts Options) (sum Summary, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("Run panicked: %v\n%s", r, debug.Stack())
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return Run(ctx, opts)
}

func assertAccounts(t *testing.T, sum Summary) {
	t.Helper()
	if sum.Rows != sum.Accepted+sum.Rejected+sum.Blank {
		t.Errorf("rows %d ≠ accepted %d + rejected %d + blank %d", sum.Rows, sum.Accepted, sum.Rejected, sum.Blank)
	}
	var in export.Input
	for _, i := range sum.Inputs {
		if i.Rows != i.Accepted+i.Rejected+i.Blank {
			t.Errorf("input %s: rows %d ≠ %d + %d + %d", i.Path, i.Rows, i.Accepted, i.Rejected, i.Blank)
		}
		in.Rows += i.Rows
		in.Accepted += i.Accepted
		in.Rejected += i.Rejected
		in.Blank += i.Blank
	}
	if in.Rows != sum.Rows || in.Accepted != sum.Accepted || in.Rejected != sum.Rejected || in.Blank != sum.Blank {
		t.Errorf("the inputs add up to %d/%d/%d/%d, the summary says %d/%d/%d/%d",
			in.Rows, in.Accepted, in.Rejected, in.Blank, sum.Rows, sum.Accepted, sum.Rejected, sum.Blank)
	}
}

func assertNoTemporaries(t *testing.T, dirs ...string) {
	t.Helper()
	for _, dir := range dirs {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if e.Name() == ".batch" {
				assertOnlyTheCurrentSet(t, filepath.Join(dir, e.Name()))
				continue
			}
			if strings.HasPrefix(e.Name(), ".") || strings.Contains(e.Name(), "tmp") || strings.Contains(e.Name(), "spill") || strings.Contains(e.Name(), "excelize") {
				t.Errorf("left behind in %s: %s", dir, e.Name())
			}
		}
	}
}

// assertOnlyTheCurrentSet: the output folder's .batch holds its lock, the
// current link and the one set it names, nothing a run left.
func assertOnlyTheCurrentSet(t *testing.T, meta string) {
	t.Helper()
	cur, _ := os.Readlink(filepath.Join(meta, "current"))
	entries, _ := os.ReadDir(meta)
	for _, e := range entries {
		switch e.Name() {
		case "lock", "current":
		case "runs":
			runs, _ := os.ReadDir(filepath.Join(meta, "runs"))
			for _, r := range runs {
				if "runs/"+r.Name() != cur {
					t.Errorf("left behind in %s: runs/%s (current is %s)", meta, r.Name(), cur)
				}
			}
		default:
			t.Errorf("left behind in %s: %s", meta, e.Name())
		}
	}
}

var asOf = compute.D(2026, 11, 30)

func TestRunOnHostileInputsLeavesNothingRunning(t *testing.T) {
	testmode.SkipShort(t, "the run of every hostile corpus file")
	inputs := hostileInputs(t)
	for _, path := range inputs {
		t.Run(filepath.Base(path), func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			out := filepath.Join(t.TempDir(), "out")
			g0, f0 := runtime.NumGoroutine(), openFiles(t)

			sum, err := runGuarded(t, context.Background(), Options{
				Inputs: []string{path}, Jobs: 3,
				Outputs: Outputs{Dir: out, AsOf: asOf, Formats: []string{export.XLSX, export.CSV, export.ICS, export.JSON}},
			})
			if err != nil {
				t.Logf("failed as a whole: %v", err)
				if !strings.Contains(err.Error(), filepath.Base(path)) {
					t.Errorf("the error does not name the file: %v", err)
				}
				if entries, _ := os.ReadDir(out); len(entries) > 0 {
					t.Errorf("a failed run left %d entries in the output folder, e.g. %s", len(entries), entries[0].Name())
				}
			} else {
				t.Logf("rows %d = accepted %d + rejected %d + blank %d", sum.Rows, sum.Accepted, sum.Rejected, sum.Blank)
				assertAccounts(t, sum)
			}
			settle(t, g0, f0)
			assertNoTemporaries(t, out, tmp)
		})
	}
}

// bigCSV writes n plain vacancies.
func bigCSV(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("vacancy_id,office,district,county,cause,event_date\n")
	for i := range n {
		fmt.Fprintf(&b, "V%07d,Town Supervisor,Town of Guilderland %d,Albany,death,2026-03-%02d\n", i, i, i%28+1)
	}
	path := filepath.Join(t.TempDir(), "big.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCancelledRunsStopCleanly cancels runs at several moments: before
// they start, while reading, while writing. Each must return the
// cancellation, put nothing in place, and leave nothing running.
func TestCancelledRunsStopCleanly(t *testing.T) {
	input := bigCSV(t, 20_000)
	for _, after := range []time.Duration{0, 5 * time.Millisecond, 50 * time.Millisecond, 200 * time.Millisecond, 800 * time.Millisecond} {
		t.Run(fmt.Sprintf("cancelled after %v", after), func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			out := filepath.Join(t.TempDir(), "out")
			if err := os.MkdirAll(out, 0o755); err != nil {
				t.Fatal(err)
			}
			// An earlier version's output, summary.json last, as it wrote
			// them (a run that finishes first migrates them).
			previous := filepath.Join(out, "results.xlsx")
			if err := os.WriteFile(previous, []byte("last night"), 0o644); err != nil {
				t.Fatal(err)
			}
			summary := `{"version": "v0.3.0", "as_of": "2026-11-29", "counts": {}, "inputs": [], "duration_seconds": 1}`
			if err := os.WriteFile(filepath.Join(out, "summary.json"), []byte(summary), 0o644); err != nil {
				t.Fatal(err)
			}
			g0, f0 := runtime.NumGoroutine(), openFiles(t)
			ctx, cancel := context.WithCancel(context.Background())
			if after == 0 {
				cancel()
			} else {
				time.AfterFunc(after, cancel)
			}
			_, err := runGuarded(t, ctx, Options{Inputs: []string{input}, Jobs: 2,
				Outputs: Outputs{Dir: out, AsOf: asOf}})
			cancel()
			switch {
			case err == nil:
				t.Logf("the run finished before the cancellation")
			case !errors.Is(err, context.Canceled):
				t.Errorf("want context.Canceled, got %v", err)
			default:
				if b, _ := os.ReadFile(previous); string(b) != "last night" {
					t.Errorf("a cancelled run replaced results.xlsx")
				}
			}
			settle(t, g0, f0)
			assertNoTemporaries(t, out, tmp)
		})
	}
}

// TestFailedExportStopsCleanly: the output folder cannot be made; the
// run fails with the path and leaves nothing running.
func TestFailedExportStopsCleanly(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	input := bigCSV(t, 2_000)
	g0, f0 := runtime.NumGoroutine(), openFiles(t)
	_, err := runGuarded(t, context.Background(), Options{Inputs: []string{input}, Jobs: 3,
		Outputs: Outputs{Dir: filepath.Join(file, "out"), AsOf: asOf}})
	if err == nil || !strings.Contains(err.Error(), "a-file") {
		t.Errorf("want an error naming the folder, got %v", err)
	}
	settle(t, g0, f0)
}

// TestRowsAccountedAcrossInputs: several hostile inputs in one batch; every
// row of every input is in exactly one of accepted, rejected, blank, and
// the outputs hold them.
func TestRowsAccountedAcrossInputs(t *testing.T) {
	var inputs []string
	for _, n := range []string{"bom-crlf-blank-rows.csv", "ragged-rows.csv", "bad-dates.csv", "formula-injection.csv",
		"same-vacancy-twice.csv", "bare-quote.csv", "nul-byte.csv", "years-0001-9999.csv"} {
		inputs = append(inputs, filepath.Join(hostileDir, n))
	}
	dir := generated(t, generatedFiles...)
	inputs = append(inputs, filepath.Join(dir, "hidden-sheets.xlsx"), filepath.Join(dir, "merged-cells.xlsx"), filepath.Join(dir, "formula-dates.xlsx"))
	out := t.TempDir()
	sum, err := runGuarded(t, context.Background(), Options{Inputs: inputs, Jobs: 4,
		Outputs: Outputs{Dir: out, AsOf: asOf}})
	if err != nil {
		t.Fatal(err)
	}
	assertAccounts(t, sum)
	if len(sum.Inputs) != len(inputs) {
		t.Errorf("the summary lists %d inputs, want %d", len(sum.Inputs), len(inputs))
	}
	// Rows by hand, from the files (testdata/hostile/README.md): 4+3+4+5+2+3+3+3+5+3+3.
	if want := 4 + 3 + 4 + 5 + 2 + 3 + 3 + 3 + 5 + 3 + 3; sum.Rows != want {
		t.Errorf("rows read %d, want %d", sum.Rows, want)
	}
}
