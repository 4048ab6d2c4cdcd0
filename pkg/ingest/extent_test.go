package ingest

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMeasureTellsWhatTheFileDeclares(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.csv")
	if err := os.WriteFile(small, []byte("office,cause,event_date\nMayor,death,2026-01-05\nMayor,death,2026-01-06\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		path string
		opts Options
		want Extent
	}{
		// The samples' sheets declare A1:R255, A1:R81 and A1:R10; Calendar
		// (A1:J2) is not read as vacancies.
		{"a workbook: its sheets' dimensions, the Calendar sheet left out", "../../samples/statewide.xlsx", Options{}, Extent{Rows: 255 + 81 + 10}},
		{"a workbook's one sheet", "../../samples/statewide.xlsx", Options{Sheet: "statewide"}, Extent{Rows: 10}},
		{"a CSV file read whole: its lines below the header", small, Options{}, Extent{Rows: 2, Bytes: 70}},
		{"standard input: nothing", "-", Options{}, Extent{}},
		{"a file that is not there: nothing", filepath.Join(dir, "none.xlsx"), Options{}, Extent{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Measure(tc.path, tc.opts); got != tc.want {
				t.Errorf("Measure = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestRefRow(t *testing.T) {
	for ref, want := range map[string]int{"R341": 341, "$R$341": 341, "A1": 1, "XFD1048576": 1048576, "R": 0, "1R": 0, "R3-4": 0} {
		if got := refRow([]byte(ref)); got != want {
			t.Errorf("refRow(%q) = %d, want %d", ref, got, want)
		}
	}
}
