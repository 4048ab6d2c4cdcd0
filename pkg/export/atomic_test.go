package export

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"batch/pkg/compute"
)

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestAtomicOutputs(t *testing.T) {
	final := []string{conflictsName, icsName, deadlinesName, errorsName, resultsName, summaryName, vacanciesName}
	slices.Sort(final)

	t.Run("a committed run leaves exactly the outputs", func(t *testing.T) {
		dir, opts := allFormats(t)
		writeFixture(t, opts)
		if got := listDir(t, dir); !slices.Equal(got, final) {
			t.Errorf("folder holds %q, want %q", got, final)
		}
	})

	t.Run("nothing is in place before Commit", func(t *testing.T) {
		dir, opts := allFormats(t)
		w, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Abort()
		r := fixtureResults()[0]
		if err := w.Result(&r); err != nil {
			t.Fatal(err)
		}
		for _, name := range listDir(t, dir) {
			if !strings.HasPrefix(name, ".") || !strings.Contains(name, ".tmp-") {
				t.Errorf("%s is visible before Commit", name)
			}
		}
	})

	t.Run("an aborted run keeps the previous outputs and removes its temporaries", func(t *testing.T) {
		dir, opts := allFormats(t)
		writeFixture(t, opts)
		before := map[string][]byte{}
		for _, name := range final {
			b, _ := os.ReadFile(filepath.Join(dir, name))
			before[name] = b
		}
		opts.now = fakeClock()
		w, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		r := fixtureResults()[1]
		r.Vacancy.ID = "CHANGED"
		if err := w.Result(&r); err != nil {
			t.Fatal(err)
		}
		w.Abort()
		w.Abort() // twice is fine
		if got := listDir(t, dir); !slices.Equal(got, final) {
			t.Errorf("after Abort the folder holds %q, want %q", got, final)
		}
		for _, name := range final {
			b, _ := os.ReadFile(filepath.Join(dir, name))
			if string(b) != string(before[name]) {
				t.Errorf("%s changed although the run was aborted", name)
			}
		}
		if err := w.Result(&r); err == nil {
			t.Error("Result after Abort succeeded")
		}
		if _, err := w.Commit(fixtureRunInfo()); err == nil {
			t.Error("Commit after Abort succeeded")
		}
	})

	t.Run("a failed commit keeps the previous outputs", func(t *testing.T) {
		dir, opts := allFormats(t)
		writeFixture(t, opts)
		before, _ := os.ReadFile(filepath.Join(dir, vacanciesName))
		opts.now = fakeClock()
		w, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		r := fixtureResults()[0]
		r.Vacancy.ID = "CHANGED"
		if err := w.Result(&r); err != nil {
			t.Fatal(err)
		}
		// Pull a temporary away from under the writer: its rename fails.
		for _, name := range listDir(t, dir) {
			if strings.HasPrefix(name, ".summary.json.tmp-") {
				os.Remove(filepath.Join(dir, name))
			}
		}
		if _, err := w.Commit(fixtureRunInfo()); err == nil {
			t.Fatal("Commit succeeded without its summary.json temporary")
		}
		after, _ := os.ReadFile(filepath.Join(dir, vacanciesName))
		if string(after) != string(before) {
			t.Error("vacancies.csv was replaced although the commit failed")
		}
		for _, name := range listDir(t, dir) {
			if strings.Contains(name, ".tmp-") {
				t.Errorf("temporary %s left after a failed Commit", name)
			}
		}
	})

	t.Run("New removes temporaries of killed runs, not of live ones", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		if err := os.MkdirAll(filepath.Join(dir, ".batch-tmp.tmp-999999999-00112233445566ff"), 0o755); err != nil {
			t.Fatal(err)
		}
		dead := ".results.xlsx.tmp-999999999-0011223344556677"
		live := ".results.xlsx.tmp-" + strconv.Itoa(os.Getpid()) + "-0011223344556677"
		other := ".results.xlsx.tmp-mine" // not ours: left alone
		for _, name := range []string{dead, live, other} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		opts := fixtureOptions(dir, CSV)
		w, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		w.Abort()
		got := listDir(t, dir)
		if slices.Contains(got, dead) || slices.Contains(got, ".batch-tmp.tmp-999999999-00112233445566ff") {
			t.Errorf("a killed run's temporaries remain: %q", got)
		}
		if !slices.Contains(got, live) || !slices.Contains(got, other) {
			t.Errorf("a live run's or someone else's file was removed: %q", got)
		}
	})

	t.Run("unknown formats and a missing folder name are refused", func(t *testing.T) {
		if _, err := New(Options{Dir: t.TempDir(), Formats: []string{"pdf"}}); err == nil {
			t.Error("format pdf accepted")
		}
		if _, err := New(Options{Formats: []string{CSV}}); err == nil {
			t.Error("empty Dir accepted")
		}
	})

	t.Run("only the asked formats are written", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		opts := fixtureOptions(dir, JSON)
		writeFixture(t, opts)
		if got := listDir(t, dir); !slices.Equal(got, []string{summaryName}) {
			t.Errorf("folder holds %q", got)
		}
	})
}

func TestTotals(t *testing.T) {
	_, opts := allFormats(t)
	_, tot := writeFixture(t, opts)
	want := Totals{Vacancies: 3, Rejected: 2, Problems: 3,
		BySeverity: map[compute.Severity]int{compute.Error: 1, compute.Warning: 1, compute.NoSeverity: 1}}
	if tot.Vacancies != want.Vacancies || tot.Rejected != want.Rejected || tot.Problems != want.Problems {
		t.Errorf("totals %+v, want %+v", tot, want)
	}
	for s, n := range want.BySeverity {
		if tot.BySeverity[s] != n {
			t.Errorf("severity %q: %d, want %d", s, tot.BySeverity[s], n)
		}
	}
}
