package export

import (
	"os"
	"path/filepath"
	"testing"
)

// The pipeline writes deadline rows while it still reads the inputs and
// learns the carried-through columns only afterwards: written that way
// (every Deadlines call first, then SetExtraColumns, then the Results),
// the outputs are the same as through Result alone.
func TestDeadlinesApartWritesTheSameOutputs(t *testing.T) {
	dir, opts := allFormats(t)
	writeFixture(t, opts)

	apartDir := filepath.Join(t.TempDir(), "apart")
	apart := fixtureOptions(apartDir, XLSX, CSV, ICS, JSON)
	extra := apart.ExtraColumns
	apart.ExtraColumns, apart.DeadlinesApart = nil, true
	w, err := New(apart)
	if err != nil {
		t.Fatal(err)
	}
	results := fixtureResults()
	for i := range results {
		if err := w.Deadlines(&results[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.SetExtraColumns(extra); err != nil {
		t.Fatal(err)
	}
	for i := range results {
		if err := w.Result(&results[i]); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range fixtureProblems() {
		if err := w.Problem(p.p, p.rejected); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Commit(fixtureRunInfo()); err != nil {
		t.Fatal(err)
	}

	t.Run("results.xlsx", func(t *testing.T) {
		if a, b := dumpWorkbook(t, filepath.Join(dir, resultsName)), dumpWorkbook(t, filepath.Join(apartDir, resultsName)); a != b {
			t.Errorf("the workbooks differ:\n%s\n---\n%s", a, b)
		}
	})
	for _, name := range []string{vacanciesName, deadlinesName, conflictsName, errorsName, icsName, summaryName} {
		t.Run(name, func(t *testing.T) {
			a, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(apartDir, name))
			if err != nil {
				t.Fatal(err)
			}
			if string(a) != string(b) {
				t.Errorf("%s differs:\n%s\n---\n%s", name, a, b)
			}
		})
	}
	t.Run("extra columns after a vacancy are refused", func(t *testing.T) {
		o := fixtureOptions(filepath.Join(t.TempDir(), "late"), CSV)
		o.DeadlinesApart = true
		w, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Abort()
		r := fixtureResults()[0]
		if err := w.Deadlines(&r); err != nil {
			t.Fatal(err)
		}
		if err := w.Result(&r); err != nil {
			t.Fatal(err)
		}
		if err := w.SetExtraColumns([]string{"ward"}); err == nil {
			t.Error("SetExtraColumns after a Result succeeded")
		}
	})
}
