package main

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"batch/internal/testmode"
)

// binary is the batch command built once for these tests: they run it the
// way an analyst or cron does, and read its exit status and files.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "batch-cli-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "batch")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building batch:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	if genDir != "" {
		os.RemoveAll(filepath.Dir(genDir)) // generatedCorpus's folder: hundreds of MB
	}
	os.Exit(code)
}

const (
	samplesXLSX = "../../samples/statewide.xlsx"
	samplesCSV  = "../../samples/statewide.csv"
	asOf        = "2026-11-30"
)

type outcome struct {
	code           int
	stdout, stderr string
}

func run(t *testing.T, stdin string, args ...string) outcome {
	t.Helper()
	return runWith(t, "", nil, stdin, args...)
}

// runWith runs batch in dir ("": here) with env added to the test's
// environment.
func runWith(t *testing.T, dir string, env []string, stdin string, args ...string) outcome {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("running batch %v: %v", args, err)
	}
	return outcome{code, out.String(), errb.String()}
}

func TestCommandsHappyPath(t *testing.T) {
	out := t.TempDir()
	cases := []struct {
		name     string
		args     []string
		contains string
	}{
		{"run writes every default output", []string{"run", "-q", "--as-of", asOf, "-o", out, samplesXLSX}, ""},
		{"check reports the sample's bad rows", []string{"check", "--fail-on", "never", "--as-of", asOf, samplesXLSX}, "rows rejected"},
		{"rules lists the designating petition rule", []string{"rules"}, "designating_petition"},
		{"rules as csv has a header", []string{"rules", "--csv"}, "code,citation,counting"},
		// 2026: primary Tue Sep 15 (first Tuesday after Mon Sep 14), general
		// Tue Nov 3 (Tuesday next after Mon Nov 2), Elec. Law § 8-100.
		{"calendar shows the 2026 general election", []string{"calendar", "--year", "2026"}, "2026-11-03"},
		// The state board's 2026 calendar: the primary is Tuesday June 23.
		{"calendar as csv shows the 2026 primary", []string{"calendar", "--year", "2026", "--csv"}, "primary,,2026-06-23,2026-06-23"},
		{"template writes a workbook", []string{"template", "--out", filepath.Join(out, "t.xlsx")}, "wrote"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, "", tc.args...)
			if got.code != 0 {
				t.Fatalf("exit %d, stderr: %s", got.code, got.stderr)
			}
			if !strings.Contains(got.stdout, tc.contains) {
				t.Errorf("stdout lacks %q:\n%s", tc.contains, got.stdout)
			}
		})
	}
	for _, f := range []string{"results.xlsx", "vacancies.csv", "deadlines.csv", "conflicts.csv", "errors.csv", "summary.json"} {
		if fi, err := os.Stat(filepath.Join(out, f)); err != nil || fi.Size() == 0 {
			t.Errorf("run left no %s (%v)", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "t.xlsx")); err != nil {
		t.Errorf("template left no workbook: %v", err)
	}
}

func TestExplainShowsReasoningWithCitations(t *testing.T) {
	// The first vacancy of the samples, by its source.
	ids := run(t, "", "run", "-q", "--as-of", asOf, "--format", "csv", "-o", t.TempDir(), samplesCSV)
	if ids.code != 0 {
		t.Fatalf("run: exit %d: %s", ids.code, ids.stderr)
	}
	got := run(t, "", "explain", "--as-of", asOf, "--id", "statewide.csv:2", samplesCSV)
	if got.code != 0 {
		t.Fatalf("exit %d, stderr: %s", got.code, got.stderr)
	}
	for _, want := range []string{"Reasoning", "§", "Result:"} {
		if !strings.Contains(got.stdout, want) {
			t.Errorf("explain output lacks %q:\n%s", want, got.stdout)
		}
	}
	missing := run(t, "", "explain", "--id", "no-such-id", samplesCSV)
	if missing.code != 1 || !strings.Contains(missing.stderr, "no-such-id") {
		t.Errorf("unknown id: exit %d, stderr %q; want 1 naming the id", missing.code, missing.stderr)
	}
}

func TestFailures(t *testing.T) {
	cases := []struct {
		name     string
		args     []string
		code     int
		contains string
	}{
		{"a missing input file names its path", []string{"run", "-q", "-o", t.TempDir(), "no/such/file.xlsx"}, 1, "no/such/file.xlsx"},
		{"an unknown flag is wrong usage", []string{"run", "--bogus", samplesCSV}, 2, "bogus"},
		{"no input is wrong usage", []string{"run"}, 2, "INPUT"},
		{"an unknown command is wrong usage", []string{"frobnicate"}, 2, "frobnicate"},
		{"a bad --as-of is wrong usage", []string{"run", "--as-of", "30/11/2026", samplesCSV}, 2, "write it as 2026-11-30"},
		{"a bad --as-of says how to write a date", []string{"run", "--as-of", "2026/30/11", samplesCSV}, 2, "YYYY-MM-DD"},
		{"a bad --format is wrong usage", []string{"run", "--format", "pdf", samplesCSV}, 2, "pdf"},
		{"a bad --fail-on is wrong usage", []string{"run", "--fail-on", "sometimes", samplesCSV}, 2, "sometimes"},
		{"calendar without a year is wrong usage", []string{"calendar"}, 2, "--year"},
		{"--fail-on error on the samples reaches the threshold", []string{"run", "-q", "--as-of", asOf, "--fail-on", "error", "-o", t.TempDir(), samplesXLSX}, 3, "fail-on"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, "", tc.args...)
			if got.code != tc.code {
				t.Fatalf("exit %d, want %d; stderr: %s", got.code, tc.code, got.stderr)
			}
			if !strings.Contains(got.stderr, tc.contains) {
				t.Errorf("stderr lacks %q: %s", tc.contains, got.stderr)
			}
		})
	}
}

func TestEnvironmentVariablesSetFlags(t *testing.T) {
	out := t.TempDir()
	cmd := exec.Command(binary, "run", samplesCSV)
	cmd.Env = append(os.Environ(), "BATCH_OUT="+out, "BATCH_QUIET=true", "BATCH_FORMAT=json", "BATCH_AS_OF="+asOf)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run: %v: %s", err, msg)
	}
	if _, err := os.Stat(filepath.Join(out, "summary.json")); err != nil {
		t.Errorf("BATCH_OUT and BATCH_FORMAT not honoured: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "results.xlsx")); err == nil {
		t.Errorf("BATCH_FORMAT=json still wrote results.xlsx")
	}
}

func TestJobsDoNotChangeOutputs(t *testing.T) {
	testmode.SkipShort(t, "the comparison of --jobs 1 and --jobs 4 on the samples")
	one, four := t.TempDir(), t.TempDir()
	for dir, jobs := range map[string]string{one: "1", four: "4"} {
		got := run(t, "", "run", "-q", "--as-of", asOf, "--jobs", jobs, "--format", "xlsx,csv,ics,json", "-o", dir, samplesXLSX, samplesCSV)
		if got.code != 0 {
			t.Fatalf("--jobs %s: exit %d: %s", jobs, got.code, got.stderr)
		}
	}
	for _, f := range []string{"vacancies.csv", "deadlines.csv", "conflicts.csv", "errors.csv", "deadlines.ics"} {
		a, errA := os.ReadFile(filepath.Join(one, f))
		b, errB := os.ReadFile(filepath.Join(four, f))
		if errA != nil || errB != nil {
			t.Fatalf("%s: %v %v", f, errA, errB)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between --jobs 1 and --jobs 4", f)
		}
	}
	// The workbook, part for part: the same bytes but for the file's
	// creation time and the Summary, whose run-specific rows are left out
	// of a comparison of its cells. Reading every sheet's cells back
	// (workbookCells) took minutes under the race detector; the exhaustive
	// run does it too.
	a, b := filepath.Join(one, "results.xlsx"), filepath.Join(four, "results.xlsx")
	partsA, partsB := zipParts(t, a), zipParts(t, b)
	summary := summaryPart(t, partsA)
	for name, pa := range partsA {
		if pb, ok := partsB[name]; !ok {
			t.Errorf("results.xlsx: part %s with --jobs 1 only", name)
		} else if name != summary && name != "docProps/core.xml" && !bytes.Equal(pa, pb) {
			t.Errorf("results.xlsx: part %s differs between --jobs 1 and --jobs 4", name)
		}
	}
	if len(partsA) != len(partsB) {
		t.Errorf("results.xlsx: %d parts with --jobs 1, %d with --jobs 4", len(partsA), len(partsB))
	}
	if sa, sb := summaryCells(t, a), summaryCells(t, b); sa != sb {
		t.Errorf("results.xlsx: the Summary's cells differ between --jobs 1 and --jobs 4:\n%s\n%s", sa, sb)
	}
	if testmode.Exhaustive() {
		if a, b := workbookCells(t, a), workbookCells(t, b); a != b {
			t.Errorf("results.xlsx cell values differ between --jobs 1 and --jobs 4")
		}
	}
}

// zipParts is every part of a workbook, by name.
func zipParts(t *testing.T, path string) map[string][]byte {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer zr.Close()
	parts := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatalf("%s: %s: %v", path, f.Name, err)
		}
		parts[f.Name], err = io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %s: %v", path, f.Name, err)
		}
	}
	return parts
}

var (
	sheetRID = regexp.MustCompile(`<sheet [^>]*name="Summary"[^>]*r:id="([^"]+)"`)
	relOf    = regexp.MustCompile(`<Relationship [^>]*>`)
)

// summaryPart is the name of the Summary sheet's part, from the
// workbook's list of sheets and its relationships.
func summaryPart(t *testing.T, parts map[string][]byte) string {
	t.Helper()
	m := sheetRID.FindSubmatch(parts["xl/workbook.xml"])
	if m == nil {
		t.Fatal("results.xlsx: no Summary sheet in xl/workbook.xml")
	}
	for _, rel := range relOf.FindAll(parts["xl/_rels/workbook.xml.rels"], -1) {
		if bytes.Contains(rel, []byte(`Id="`+string(m[1])+`"`)) {
			target := regexp.MustCompile(`Target="([^"]+)"`).FindSubmatch(rel)
			if target != nil {
				return "xl/" + strings.TrimPrefix(string(target[1]), "/xl/")
			}
		}
	}
	t.Fatalf("results.xlsx: the Summary's relationship %s is not in xl/_rels/workbook.xml.rels", m[1])
	return ""
}

// summaryCells dumps the Summary's values but its run-specific rows.
func summaryCells(t *testing.T, path string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Summary")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, row := range rows {
		if len(row) > 0 && runSpecific[row[0]] {
			continue
		}
		b.WriteString(strings.Join(row, "\t") + "\n")
	}
	return b.String()
}

// runSpecific are the Summary rows that describe the run rather than the
// results: the worker count and the phases' timings.
var runSpecific = map[string]bool{"jobs": true, "run duration (s)": true,
	"calendar": true, "read+compute": true, "compute+write": true, "compare": true, "export": true}

// workbookCells dumps every sheet's values but the run-specific Summary
// rows.
func workbookCells(t *testing.T, path string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	for _, sheet := range f.GetSheetList() {
		rows, err := f.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "== %s\n", sheet)
		for _, row := range rows {
			if sheet == "Summary" && len(row) > 0 && runSpecific[row[0]] {
				continue
			}
			b.WriteString(strings.Join(row, "\t") + "\n")
		}
	}
	return b.String()
}

func TestInterruptLeavesPreviousOutputs(t *testing.T) {
	testmode.Require(t, "a cancelled run (pkg/pipeline's TestCancelledRunsStopCleanly) and a kill at a commit step")
	out := t.TempDir()
	previous := []byte("the results of last night's run")
	if err := os.WriteFile(filepath.Join(out, "results.xlsx"), previous, 0o644); err != nil {
		t.Fatal(err)
	}
	input := filepath.Join(t.TempDir(), "big.csv")
	writeBigCSV(t, input, 150_000)

	cmd := exec.Command(binary, "run", "--as-of", asOf, "-o", out, input)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Interrupt once the run is under way: after the read phase begins.
	time.Sleep(700 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Fatalf("want exit 130 after Ctrl-C, got %v; stderr: %s", err, errb.String())
	}
	got, err := os.ReadFile(filepath.Join(out, "results.xlsx"))
	if err != nil || !bytes.Equal(got, previous) {
		t.Errorf("results.xlsx was replaced or removed by an interrupted run (%v)", err)
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if e.Name() != "results.xlsx" {
			t.Errorf("interrupted run left %s behind", e.Name())
		}
	}
}

// writeBigCSV writes n copies of a plain vacancy, enough rows that a run
// lasts well past the moment the test interrupts it.
func writeBigCSV(t *testing.T, path string, n int) {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("vacancy_id,office,district,county,cause,event_date,notes\n")
	for i := range n {
		fmt.Fprintf(&b, "V%07d,Town Supervisor,Town of Guilderland %d,Albany,death,2026-03-%02d,\n", i, i, i%28+1)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
