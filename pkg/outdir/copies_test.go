package outdir

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Without links (forced here as on a Windows PC without Developer Mode),
// the output folder holds regular files, .batch/current is a file naming
// the set, and a run of fewer formats removes the earlier run's extra
// outputs, leaving the analyst's own file.
func TestCopiesWhereLinksCannotBeMade(t *testing.T) {
	for _, from := range []string{"a folder written with copies", "a folder written with links"} {
		t.Run(from, func(t *testing.T) {
			forceCopies = from == "a folder written with copies"
			defer func() { forceCopies = false }()
			out := filepath.Join(t.TempDir(), "out")
			writeRun(t, out, XLSX, CSV, ICS, JSON)
			must(t, os.WriteFile(filepath.Join(out, "analyst-notes.txt"), []byte("mine"), 0o644))
			forceCopies = true
			writeRun(t, out, CSV)

			want := append(namesOf(CSV), "analyst-notes.txt")
			slices.Sort(want)
			if got := outputs(t, out); !slices.Equal(got, want) {
				t.Errorf("the folder holds %q, want %q", got, want)
			}
			cur, err := os.ReadFile(filepath.Join(out, metaName, currentName))
			if err != nil || !strings.HasPrefix(string(cur), runsName+"/") {
				t.Fatalf(".batch/current is not the file naming the set: %q, %v", cur, err)
			}
			id := strings.TrimPrefix(strings.SplitN(string(cur), "\n", 2)[0], runsName+"/")
			for _, name := range namesOf(CSV) {
				fi, err := os.Lstat(filepath.Join(out, name))
				if err != nil || !fi.Mode().IsRegular() {
					t.Errorf("%s is not a regular file: %v", name, err)
					continue
				}
				if !sameContent(filepath.Join(out, name), filepath.Join(out, metaName, runsName, id, name)) {
					t.Errorf("%s is not the current set's", name)
				}
			}
			runs, _ := os.ReadDir(filepath.Join(out, metaName, runsName))
			if len(runs) != 1 || runs[0].Name() != id {
				t.Errorf("runs holds %d sets, want the current one only", len(runs))
			}
			if b, _ := os.ReadFile(filepath.Join(out, "analyst-notes.txt")); string(b) != "mine" {
				t.Errorf("the analyst's file changed: %q", b)
			}
		})
	}
}
