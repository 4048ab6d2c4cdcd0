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
