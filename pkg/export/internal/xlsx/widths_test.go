package xlsx

import (
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

func TestColumnWidthsOfAWideSheet(t *testing.T) {
	// 23 contract columns, then 9,994 carried ones: the shape of the
	// hostile wide-10000-columns.csv.
	widths := make([]float64, 10017)
	for i := range widths {
		widths[i] = 12
	}
	widths[0], widths[2], widths[300], widths[9000] = 14, 24, 30, 40
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := setColWidths(sw, widths); err != nil {
		t.Fatal(err)
	}
	if err := sw.SetRow("A1", []any{"x"}); err != nil {
		t.Fatal(err)
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	// Setting them one by one took over 50 s; the bound is loose for a
	// shared machine under -race.
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("setting 10,017 column widths took %v", d)
	}
	for _, c := range []struct {
		name string
		col  int
		want float64
	}{
		{"the first column keeps its own width", 1, 14},
		{"a run of equal widths", 2, 12},
		{"the office column", 3, 24},
		{"the last column with a width of its own", maxWidthColumns, 12},
		{"past the first 256 columns all share the widest", 301, 40},
		{"the very last column", 10017, 40},
	} {
		t.Run(c.name, func(t *testing.T) {
			name, _ := excelize.ColumnNumberToName(c.col)
			got, err := f.GetColWidth("Sheet1", name)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("column %s width %v, want %v", name, got, c.want)
			}
		})
	}
}
