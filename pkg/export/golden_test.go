package export

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"batch/internal/textdiff"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the current output")

// checkGolden compares got with testdata/golden/name, or rewrites it with
// -update (go test ./pkg/export -update; review with git diff).
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./pkg/export -update to create it)", err)
	}
	if line, g, w, same := textdiff.First(got, string(want)); !same {
		t.Fatalf("%s differs from the golden file at line %d:\n got: %q\nwant: %q\n(go test ./pkg/export -update rewrites it; review with git diff)", name, line, g, w)
	}
}

func TestGoldenWholeExport(t *testing.T) {
	dir, opts := allFormats(t)
	writeFixture(t, opts)
	checkGolden(t, "results.xlsx.txt", dumpWorkbook(t, filepath.Join(dir, resultsName)))
	for _, name := range []string{vacanciesName, deadlinesName, conflictsName, errorsName, icsName, summaryName} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		checkGolden(t, name+".txt", string(b))
	}
}

func TestGoldenContinuationSheets(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	opts := fixtureOptions(dir, XLSX)
	opts.maxRows = 3 // a header and two rows a sheet
	writeFixture(t, opts)
	checkGolden(t, "continued.xlsx.txt", dumpWorkbook(t, filepath.Join(dir, resultsName)))
}
