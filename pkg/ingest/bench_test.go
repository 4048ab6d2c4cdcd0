package ingest

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/xuri/excelize/v2"
)

// writeBenchWorkbook writes n vacancy rows as an analyst's workbook would
// hold them: 12 columns, two real date cells and one text date per row, a
// title row above the header, one row in fifty bad.
func writeBenchWorkbook(path string, n int) error {
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return err
	}
	dateStyle, _ := f.NewStyle(&excelize.Style{NumFmt: 14})
	_ = sw.SetRow("A1", []any{"Vacancies 2026"})
	_ = sw.SetRow("A2", []any{"Vacancy ID", "Office", "District", "County", "Incumbent", "Cause", "Event Date",
		"Term Start", "Term End", "Appointable", "Notes", "Analyst"})
	offices := []string{"Member of Assembly", "State Senator", "Town Supervisor", "County Court Judge", "U.S. Rep."}
	causes := []string{"died", "resigned", "moved out of district", "removal"}
	counties := []string{"Albany", "Kings", "Erie", "St. Lawrence", "Monroe"}
	row := make([]any, 12)
	for i := 0; i < n; i++ {
		cause := causes[i%len(causes)]
		if i%50 == 49 {
			cause = "fell asleep"
		}
		row[0] = "V-" + itoa(i)
		row[1] = offices[i%len(offices)]
		row[2] = itoa(i % 150)
		row[3] = counties[i%len(counties)]
		row[4] = "Incumbent " + itoa(i)
		row[5] = cause
		row[6] = excelize.Cell{StyleID: dateStyle, Value: 45658 + i%700}
		row[7] = excelize.Cell{StyleID: dateStyle, Value: 44927}
		row[8] = "12/31/2026"
		row[9] = "no"
		row[10] = "note"
		row[11] = "AB"
		ref, _ := excelize.CoordinatesToCellName(1, i+3)
		if err := sw.SetRow(ref, row); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	return f.SaveAs(path)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

func BenchmarkReadWorkbook(b *testing.B) {
	const n = 20000
	path := filepath.Join(b.TempDir(), "bench.xlsx")
	if err := writeBenchWorkbook(path, n); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st, err := ReadFile(context.Background(), path, Options{}, func(Item) error { return nil })
		if err != nil || st.Rows != n || st.Rejected != n/50 {
			b.Fatalf("%+v %v", st, err)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "rows/s")
}
