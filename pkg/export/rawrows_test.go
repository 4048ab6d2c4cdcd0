package export

import (
	"archive/zip"
	"bytes"
	"io"
	"path/filepath"
	"sort"
	"testing"
)

// The big tables' rows are written by rawsheet, spliced into the sheets
// excelize writes; excelize's stream writer is the reference. Whatever
// the fixture holds (links real and by formula, fills, marks, row
// heights, continuation sheets, the sorted Conflicts linked both ways),
// both make the same bytes in every part of results.xlsx.
func TestRawRowsAsExcelizeWritesThem(t *testing.T) {
	for _, c := range []struct {
		name             string
		maxRows, linkCap int
	}{
		{"one sheet a table", 0, 0},
		{"continuation sheets and formula links", 3, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			parts := func(stream bool) map[string][]byte {
				dir := filepath.Join(t.TempDir(), "out")
				opts := fixtureOptions(dir, XLSX)
				opts.maxRows, opts.linkCap, opts.streamAll = c.maxRows, c.linkCap, stream
				writeFixture(t, opts)
				return zipParts(t, filepath.Join(dir, resultsName))
			}
			want, got := parts(true), parts(false)
			names := make([]string, 0, len(want))
			for name := range want {
				names = append(names, name)
			}
			sort.Strings(names)
			if len(got) != len(want) {
				t.Fatalf("%d parts, the reference has %d", len(got), len(want))
			}
			for _, name := range names {
				g, w := got[name], want[name]
				if !bytes.Equal(g, w) {
					i := 0
					for i < len(g) && i < len(w) && g[i] == w[i] {
						i++
					}
					lo := max(i-80, 0)
					t.Fatalf("part %s differs at byte %d:\n got: %q\nwant: %q", name, i, g[lo:min(i+80, len(g))], w[lo:min(i+80, len(w))])
				}
			}
		})
	}
}

// zipParts reads every entry of a zip (checking each one's CRC-32).
func zipParts(t *testing.T, path string) map[string][]byte {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		_ = rc.Close()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		out[f.Name] = b
	}
	return out
}

// A split's slices are written by Writers built like the statewide one, so
// their big sheets go through rawsheet too: a slice's results.xlsx holds
// the bytes the excelize stream writer writes for it (issue 14's slices on
// issue 13's fast path).
func TestSliceRawRowsAsExcelizeWritesThem(t *testing.T) {
	parts := func(stream bool) map[string][]byte {
		dir := filepath.Join(t.TempDir(), "out")
		opts := fixtureOptions(dir, XLSX)
		opts.maxRows, opts.linkCap, opts.streamAll = 3, 1, stream
		plan := fixturePlan()
		plan.Split = &Split{Column: "county", Folder: SplitFolder("county"), Folders: 1,
			Vacancies: len(fixtureResults())}
		w, err := openWriter(opts, plan)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Abort()
		sw, err := w.Slices().Open(Slice{Value: "Albany", Folder: "Albany"}, plan.Conflicts)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []*Writer{sw, w} {
			feedFixture(t, x)
			if _, err := x.Commit(fixtureRunInfo()); err != nil {
				t.Fatal(err)
			}
		}
		return zipParts(t, filepath.Join(dir, SplitFolder("county"), "Albany", resultsName))
	}
	want, got := parts(true), parts(false)
	if len(got) != len(want) || len(want) == 0 {
		t.Fatalf("%d parts, the reference has %d", len(got), len(want))
	}
	for name, w := range want {
		if !bytes.Equal(got[name], w) {
			t.Errorf("part %s differs from the excelize stream writer's", name)
		}
	}
}
