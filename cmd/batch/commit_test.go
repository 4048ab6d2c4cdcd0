package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"batch/internal/testmode"
)

// The output folder's scenarios: testdata/hostile/README.md, "Runs into
// one output folder", lists them with what the folder must hold; each has
// a function here, and a scenario without one (or one without a row)
// fails the test.

var (
	hookOnce   sync.Once
	hookBinary string
	hookErr    error
)

// pausingBinary is batch built with -tags batchtest: its commit pauses
// where BATCH_TEST_PAUSE_AT says (pkg/outdir/commithook_batchtest.go).
func pausingBinary(t *testing.T) string {
	t.Helper()
	hookOnce.Do(func() {
		dir, err := os.MkdirTemp("", "batch-hook")
		if err != nil {
			hookErr = err
			return
		}
		hookBinary = filepath.Join(dir, "batch")
		if msg, err := exec.Command("go", "build", "-tags", "batchtest", "-o", hookBinary, ".").CombinedOutput(); err != nil {
			hookErr = fmt.Errorf("building batch -tags batchtest: %v: %s", err, msg)
		}
	})
	if hookErr != nil {
		t.Fatal(hookErr)
	}
	return hookBinary
}

type scenarioRow struct{ name, what, expect string }

func loadScenarios(t *testing.T) []scenarioRow {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(hostileDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []scenarioRow
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "| scenario |"):
			in = true
		case in && strings.HasPrefix(line, "|---"):
		case in && strings.HasPrefix(line, "|"):
			cells := strings.Split(strings.Trim(line, "|"), "|")
			if len(cells) != 3 {
				t.Fatalf("scenario row with %d cells: %s", len(cells), line)
			}
			rows = append(rows, scenarioRow{strings.Trim(strings.TrimSpace(cells[0]), "`"),
				strings.TrimSpace(cells[1]), strings.TrimSpace(cells[2])})
		case in:
			in = len(rows) == 0
		}
	}
	return rows
}

var scenarios = map[string]func(t *testing.T){
	"kill-while-writing":          scenarioKillWhileWriting,
	"kill-after-staged":           scenarioKillAt("staged", nil, nil, "A"),
	"kill-between-links":          scenarioKillAt("link:3", []string{"csv"}, []string{"xlsx", "csv", "ics", "json"}, "A"),
	"kill-after-switch":           scenarioKillAfterSwitch,
	"kill-between-unlinks":        scenarioKillAt("unlink:1", []string{"xlsx", "csv", "ics", "json"}, []string{"csv"}, "B"),
	"kill-mid-migration":          scenarioKillMidMigration,
	"second-run-while-committing": scenarioSecondRunWhileCommitting,
	"two-runs-at-once":            scenarioTwoRunsAtOnce,
	"fewer-formats":               scenarioFewerFormats,
	"old-layout-folder":           scenarioOldLayout,
	"failed-run-makes-no-folder":  scenarioNoFolder,
	"dangling-output-link":        scenarioDanglingLink,
	"stdin-twice":                 scenarioStdinTwice,
}

// exhaustiveScenarios are the kills at each commit step and in the middle
// of writing a big input, and the run that finds another committing: each
// needs batch built again with -tags batchtest, so they run in the
// exhaustive step (testmode); pkg/outdir's TestTheCommitShowsOneSetAtEveryStep
// stops its commit at every step in process.
var exhaustiveScenarios = map[string]bool{
	"kill-while-writing": true, "kill-after-staged": true, "kill-between-links": true, "kill-after-switch": true,
	"kill-between-unlinks": true, "kill-mid-migration": true, "second-run-while-committing": true, "no-links": true,
}

func TestOutputFolderScenarios(t *testing.T) {
	testmode.SkipShort(t, "the output folder's scenarios (a second build of batch, concurrent runs)")
	rows := loadScenarios(t)
	if len(rows) < 10 {
		t.Fatalf("the README lists %d scenarios", len(rows))
	}
	listed := map[string]bool{}
	for _, r := range rows {
		listed[r.name] = true
		fn, ok := scenarios[r.name]
		if !ok {
			t.Errorf("scenario %s has no test", r.name)
			continue
		}
		t.Run(r.name, func(t *testing.T) {
			if exhaustiveScenarios[r.name] {
				testmode.Require(t, "pkg/outdir's commit stopped at every step in process, and two runs at once")
			}
			t.Logf("%s; the folder must hold %s", r.what, r.expect)
			fn(t)
		})
	}
	for name := range scenarios {
		if !listed[name] {
			t.Errorf("scenario %s is tested but not in the README", name)
		}
	}
}

var (
	runA = filepath.Join(hostileDir, "run-a.csv") // RUN-A-1..3
	runB = filepath.Join(hostileDir, "run-b.csv") // RUN-B-1..2
)

// runTo runs batch synchronously into out.
func runTo(t *testing.T, out, input string, formats []string) outcome {
	t.Helper()
	args := []string{"run", "-q", "--as-of", asOf, "-o", out}
	if formats != nil {
		args = append(args, "--format", strings.Join(formats, ","))
	}
	return run(t, "", append(args, input)...)
}

// startPaused starts the pausing binary and returns once it has reached
// step; release lets it go on.
func startPaused(t *testing.T, out, input, step string, formats []string) (cmd *exec.Cmd, release func(), errb *bytes.Buffer) {
	t.Helper()
	pause := filepath.Join(t.TempDir(), "paused")
	args := []string{"run", "-q", "--as-of", asOf, "-o", out}
	if formats != nil {
		args = append(args, "--format", strings.Join(formats, ","))
	}
	cmd = exec.Command(pausingBinary(t), append(args, input)...)
	cmd.Env = append(os.Environ(), "BATCH_TEST_PAUSE_AT="+step, "BATCH_TEST_PAUSE_FILE="+pause)
	errb = new(bytes.Buffer)
	cmd.Stderr = errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, err := os.Stat(pause); err == nil {
			break
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatalf("the run did not reach step %s within 60 s; stderr: %s", step, errb)
		}
		time.Sleep(5 * time.Millisecond)
	}
	return cmd, func() { _ = os.WriteFile(pause+".go", nil, 0o644) }, errb
}

func kill(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the run was not killed: %v", err)
	}
}

// outputNames are the files each format writes (CONTRACT.md).
var outputNames = map[string][]string{
	"xlsx": {"results.xlsx"},
	"csv":  {"vacancies.csv", "deadlines.csv", "conflicts.csv", "errors.csv"},
	"ics":  {"deadlines.ics"},
	"json": {"summary.json"},
}

var defaultFormats = []string{"xlsx", "csv", "json"}

// assertWhole checks that out shows exactly one run's outputs: every file
// of its formats readable and holding only its vacancies (ids starting
// with prefix, n of them), no other output readable.
func assertWhole(t *testing.T, out, prefix string, n int, formats []string) {
	t.Helper()
	if formats == nil {
		formats = defaultFormats
	}
	other := "RUN-B-"
	if prefix == "RUN-B-" {
		other = "RUN-A-"
	}
	want := map[string]bool{}
	for _, f := range formats {
		for _, name := range outputNames[f] {
			want[name] = true
		}
	}
	for _, names := range outputNames {
		for _, name := range names {
			b, err := os.ReadFile(filepath.Join(out, name))
			switch {
			case !want[name] && err == nil:
				t.Errorf("%s is readable, but the run that shows (%s) did not write it", name, prefix)
				continue
			case !want[name]:
				continue
			case err != nil:
				t.Errorf("%s cannot be read: %v", name, err)
				continue
			}
			if bytes.Contains(b, []byte(other)) {
				t.Errorf("%s holds %s vacancies beside %s ones: two runs mixed", name, other, prefix)
			}
			switch name {
			case "vacancies.csv":
				recs := readCSV(t, filepath.Join(out, name))
				if len(recs)-1 != n {
					t.Errorf("vacancies.csv has %d rows, want %d of %s", len(recs)-1, n, prefix)
				}
				for _, r := range recs[1:] {
					if !strings.HasPrefix(r[0], prefix) {
						t.Errorf("vacancies.csv holds %s, not a vacancy of %s", r[0], prefix)
					}
				}
			case "summary.json":
				var doc struct {
					Counts struct{ Vacancies int } `json:"counts"`
				}
				if err := json.Unmarshal(b, &doc); err != nil || doc.Counts.Vacancies != n {
					t.Errorf("summary.json counts %d vacancies (%v), want %d", doc.Counts.Vacancies, err, n)
				}
			case "results.xlsx":
				if !testmode.Exhaustive() {
					// The parts' bytes: the ids are plain text in the
					// sheets or shared strings. Reading every cell back
					// (readXLSX) took minutes under the race detector.
					found := false
					for part, data := range zipParts(t, filepath.Join(out, name)) {
						found = found || bytes.Contains(data, []byte(prefix))
						if bytes.Contains(data, []byte(other)) {
							t.Errorf("results.xlsx part %s holds %s: two runs mixed", part, other)
						}
					}
					if !found {
						t.Errorf("results.xlsx holds no vacancy of %s", prefix)
					}
					continue
				}
				found := false
				for _, c := range readXLSX(t, filepath.Join(out, name)) {
					found = found || strings.HasPrefix(c.value, prefix)
					if strings.Contains(c.value, other) {
						t.Errorf("results.xlsx %s %s holds %q: two runs mixed", c.sheet, c.ref, c.value)
					}
				}
				if !found {
					t.Errorf("results.xlsx holds no vacancy of %s", prefix)
				}
			}
		}
	}
}

// assertClean: nothing a run left, and no link that leads nowhere.
func assertClean(t *testing.T, out string) {
	t.Helper()
	if left := leftovers(out); len(left) > 0 {
		t.Errorf("left behind in the folder: %q", left)
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(out, e.Name())); err != nil {
			t.Errorf("%s leads nowhere: %v", e.Name(), err)
		}
	}
}

func mustRun(t *testing.T, out, input string, formats []string) {
	t.Helper()
	if got := runTo(t, out, input, formats); got.code != 0 {
		t.Fatalf("run into %s: exit %d: %s", out, got.code, got.stderr)
	}
}

// scenarioKillAt: run A writes aFormats, run B (bFormats) is killed at
// step; the folder must show the run named by shows, whole; the next run
// (A again) recovers and shows A, whole, with nothing left.
func scenarioKillAt(step string, aFormats, bFormats []string, shows string) func(t *testing.T) {
	return func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "out")
		mustRun(t, out, runA, aFormats)
		cmd, _, _ := startPaused(t, out, runB, step, bFormats)
		kill(t, cmd)
		if shows == "A" {
			assertWhole(t, out, "RUN-A-", 3, aFormats)
		} else {
			assertWhole(t, out, "RUN-B-", 2, bFormats)
		}
		mustRun(t, out, runA, aFormats)
		assertWhole(t, out, "RUN-A-", 3, aFormats)
		assertClean(t, out)
	}
}

func scenarioKillWhileWriting(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, out, runA, nil)
	big := filepath.Join(t.TempDir(), "big.csv")
	writeBigCSV(t, big, 200_000)
	cmd := exec.Command(binary, "run", "-q", "--as-of", asOf, "-o", out, big)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Mid-write: the run's staging set exists and holds bytes.
	deadline := time.Now().Add(90 * time.Second)
	for {
		if stagedBytes(out) > 1<<20 {
			break
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatalf("no staged output grew past 1 MB in 90 s; stderr %s", errb.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	kill(t, cmd)
	assertWhole(t, out, "RUN-A-", 3, nil)
	if len(leftovers(out)) == 0 {
		t.Error("the killed run left no staging: it was not killed mid-write")
	}
	mustRun(t, out, runB, nil)
	assertWhole(t, out, "RUN-B-", 2, nil)
	assertClean(t, out)
}

// stagedBytes is the size of the biggest file in a set not yet current.
func stagedBytes(out string) int64 {
	cur, _ := os.Readlink(filepath.Join(out, ".batch", "current"))
	runs, _ := os.ReadDir(filepath.Join(out, ".batch", "runs"))
	var most int64
	for _, r := range runs {
		if "runs/"+r.Name() == cur {
			continue
		}
		files, _ := os.ReadDir(filepath.Join(out, ".batch", "runs", r.Name()))
		for _, f := range files {
			if fi, err := f.Info(); err == nil {
				most = max(most, fi.Size())
			}
		}
	}
	return most
}

func scenarioKillAfterSwitch(t *testing.T) {
	all := []string{"xlsx", "csv", "ics", "json"}
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, out, runA, all)
	cmd, _, _ := startPaused(t, out, runB, "switched", []string{"csv"})
	kill(t, cmd)
	assertWhole(t, out, "RUN-B-", 2, []string{"csv"})
	// The next run repairs the folder even when it fails itself.
	noHeader := filepath.Join(t.TempDir(), "no-header.csv")
	if err := os.WriteFile(noHeader, []byte("a,b\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := runTo(t, out, noHeader, nil); got.code != 1 {
		t.Fatalf("a run on a file without a header: exit %d", got.code)
	}
	assertWhole(t, out, "RUN-B-", 2, []string{"csv"})
	assertClean(t, out)
}

func scenarioKillMidMigration(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	prev := previousOutputs(t, out)
	cmd, _, _ := startPaused(t, out, runB, "migrate-switched", []string{"csv"})
	kill(t, cmd)
	assertUntouched(t, out, prev)
	mustRun(t, out, runB, []string{"csv"})
	assertWhole(t, out, "RUN-B-", 2, []string{"csv"})
	assertClean(t, out)
}

func scenarioSecondRunWhileCommitting(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, out, runA, nil)
	cmd, release, errb := startPaused(t, out, runB, "linked", nil)
	start := time.Now()
	got := runTo(t, out, runA, nil)
	if got.code != 1 || !strings.Contains(got.stderr, "another batch run (process ") || !strings.Contains(got.stderr, "is writing into it") {
		t.Errorf("a run into a folder being committed: exit %d, %s", got.code, got.stderr)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the second run took %v to give up: it must fail at once", d)
	}
	release()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the paused run, released: %v; %s", err, errb)
	}
	assertWhole(t, out, "RUN-B-", 2, nil)
	assertClean(t, out)
}

func scenarioTwoRunsAtOnce(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	writeRunCSV(t, a, "RUN-A-", 2_000)
	writeRunCSV(t, b, "RUN-B-", 2_000)
	overlapped := 0
	rounds := 2 // each round reads two workbooks back
	if testmode.Exhaustive() {
		rounds = 5
	}
	for round := range rounds {
		var wg sync.WaitGroup
		results := make([]outcome, 2)
		for i, in := range []string{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = runTo(t, out, in, nil)
			}()
		}
		wg.Wait()
		ok := 0
		for i, r := range results {
			switch {
			case r.code == 0:
				ok++
			case r.code == 1 && strings.Contains(r.stderr, "another batch run"):
				overlapped++
			default:
				t.Errorf("round %d, run %d: exit %d: %s", round, i, r.code, r.stderr)
			}
		}
		if ok == 0 {
			t.Errorf("round %d: neither run succeeded", round)
		}
		// Whichever committed last shows, whole.
		b, _ := os.ReadFile(filepath.Join(out, "vacancies.csv"))
		if bytes.Contains(b, []byte("RUN-A-")) {
			assertWhole(t, out, "RUN-A-", 2_000, nil)
		} else {
			assertWhole(t, out, "RUN-B-", 2_000, nil)
		}
		assertClean(t, out)
	}
	t.Logf("%d of %d runs found the folder taken", overlapped, 2*rounds)
}

// writeRunCSV writes n vacancies whose ids start with prefix.
func writeRunCSV(t *testing.T, path, prefix string, n int) {
	t.Helper()
	var b strings.Builder
	b.WriteString("vacancy_id,office,district,county,cause,event_date\n")
	for i := range n {
		fmt.Fprintf(&b, "%s%d,Town Supervisor,Town of Guilderland %d,Albany,death,2026-03-%02d\n", prefix, i+1, i, i%28+1)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func scenarioFewerFormats(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	mustRun(t, out, runA, []string{"xlsx", "csv", "ics", "json"})
	mustRun(t, out, runB, []string{"csv"})
	assertWhole(t, out, "RUN-B-", 2, []string{"csv"})
	assertClean(t, out)
	var names []string
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// Every run leaves its snapshot, whatever the formats (issue 12).
	if want := []string{".batch", "conflicts.csv", "deadlines.csv", "errors.csv", "snapshot.jsonl.gz", "vacancies.csv"}; !slices.Equal(names, want) {
		t.Errorf("the folder holds %q, want %q", names, want)
	}
}

func scenarioOldLayout(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	previousOutputs(t, out)
	if err := os.WriteFile(filepath.Join(out, "notes.txt"), []byte("the analyst's own"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, out, runB, []string{"csv"})
	assertWhole(t, out, "RUN-B-", 2, []string{"csv"})
	assertClean(t, out)
	if b, err := os.ReadFile(filepath.Join(out, "notes.txt")); err != nil || string(b) != "the analyst's own" {
		t.Errorf("the analyst's file was touched: %q, %v", b, err)
	}
}

func scenarioNoFolder(t *testing.T) {
	base := t.TempDir()
	out := filepath.Join(base, "reports", "july")
	noHeader := filepath.Join(t.TempDir(), "no-header.csv")
	if err := os.WriteFile(noHeader, []byte("a,b\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := runTo(t, out, noHeader, nil); got.code != 1 {
		t.Fatalf("exit %d: %s", got.code, got.stderr)
	}
	if _, err := os.Stat(filepath.Join(base, "reports")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed run left the folder it made (%v)", err)
	}
}

func scenarioDanglingLink(t *testing.T) {
	base := t.TempDir()
	out := filepath.Join(base, "out")
	if err := os.Symlink(filepath.Join(base, "gone"), out); err != nil {
		t.Fatal(err)
	}
	got := runTo(t, out, runA, nil)
	if got.code != 1 || !strings.Contains(got.stderr, "is a symbolic link to "+filepath.Join(base, "gone")+", which does not exist") {
		t.Errorf("exit %d: %s", got.code, got.stderr)
	}
	if _, err := os.Lstat(filepath.Join(base, "gone")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the link's target was created (%v)", err)
	}
}

func scenarioStdinTwice(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	rows := "office,cause,event_date\nMayor,died,2026-01-05\n"
	for _, args := range [][]string{{"run", "-q", "-o", out, "-", "-"}, {"check", "-", "-"}, {"explain", "-", "-", "--id", "1"}} {
		got := run(t, rows, args...)
		if got.code != 2 || !strings.Contains(got.stderr, "standard input (-) is given 2 times") {
			t.Errorf("batch %v: exit %d, want 2: %s", args, got.code, got.stderr)
		}
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the output folder was made (%v)", err)
	}
}
