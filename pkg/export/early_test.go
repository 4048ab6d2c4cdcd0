package export

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The pipeline writes the deadline rows while it still reads the inputs
// (Start, Deadlines.Add) and makes the Writer of the rest from its plan
// once it has read them all: written that way, the outputs are the ones
// Result alone writes.
func TestDeadlinesFirstWritesTheSameOutputs(t *testing.T) {
	dir, opts := allFormats(t)
	writeFixture(t, opts)

	earlyDir := filepath.Join(t.TempDir(), "early")
	f, err := OpenFolder(earlyDir)
	if err != nil {
		t.Fatal(err)
	}
	dl, err := Start(f, fixtureOptions(earlyDir, XLSX, CSV, ICS, JSON))
	if err != nil {
		t.Fatal(err)
	}
	defer dl.Abort()
	results := fixtureResults()
	for i := range results {
		if err := dl.Add(&results[i]); err != nil {
			t.Fatal(err)
		}
	}
	w, err := dl.Plan(fixturePlan())
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	if err := dl.Add(&results[0]); err == nil {
		t.Error("a deadline row was taken after the plan")
	}
	feedFixture(t, w)
	if _, err := w.Commit(fixtureRunInfo()); err != nil {
		t.Fatal(err)
	}

	if a, b := dumpWorkbook(t, filepath.Join(dir, resultsName)), dumpWorkbook(t, filepath.Join(earlyDir, resultsName)); a != b {
		t.Errorf("the workbooks differ:\n%s\n---\n%s", a, b)
	}
	for _, name := range []string{vacanciesName, deadlinesName, conflictsName, errorsName, icsName, summaryName} {
		a, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(earlyDir, name))
		if err != nil {
			t.Fatal(err)
		}
		if string(a) != string(b) {
			t.Errorf("%s differs:\n%s\n---\n%s", name, a, b)
		}
	}
}

// A vacancy whose deadline rows were written must come: a run that gives
// fewer Results than it wrote deadline rows for commits nothing.
func TestEveryEarlyVacancyMustCome(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	f, err := OpenFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	dl, err := Start(f, fixtureOptions(dir, CSV))
	if err != nil {
		t.Fatal(err)
	}
	results := fixtureResults()
	for i := range results {
		if err := dl.Add(&results[i]); err != nil {
			t.Fatal(err)
		}
	}
	w, err := dl.Plan(planOf(fixtureExtra, results[:1]...))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	if err := w.Result(&results[0]); err != nil {
		t.Fatal(err)
	}
	_, err = w.Commit(fixtureRunInfo())
	if err == nil || !strings.Contains(err.Error(), "deadline rows of 3 vacancies") {
		t.Fatalf("Commit: %v; want a refusal naming the 3 vacancies whose deadline rows were written", err)
	}
	if _, err := os.Stat(filepath.Join(dir, deadlinesName)); !os.IsNotExist(err) {
		t.Errorf("deadlines.csv after a refused commit: %v", err)
	}
}
