package ingest

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// BenchmarkManySheets reads workbooks of 1,000 and 5,000 one-vacancy
// sheets: the time per sheet must not grow with the count (it grew with
// the square of it while each sheet was found by walking every sheet).
func BenchmarkManySheets(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		b.Run(itoa(n), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "many.xlsx")
			if err := os.WriteFile(path, manySheetPackage(n), 0o644); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				st, err := ReadFile(context.Background(), path, Options{}, func(Item) error { return nil })
				if err != nil || st.Accepted != n {
					b.Fatalf("%+v %v", st, err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sheet")
		})
	}
}

// manySheetPackage is a workbook of n sheets, each a header and a vacancy.
func manySheetPackage(n int) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name, body string) {
		w, _ := zw.Create(name)
		_, _ = w.Write([]byte(body))
	}
	var wb, rels strings.Builder
	wb.WriteString(`<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>`)
	rels.WriteString(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&wb, `<sheet name="Town %d" sheetId="%d" r:id="rId%d"/>`, i, i, i)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet%d.xml"/>`, i, i)
	}
	wb.WriteString(`</sheets></workbook>`)
	rels.WriteString(`</Relationships>`)
	add("xl/workbook.xml", wb.String())
	add("xl/_rels/workbook.xml.rels", rels.String())
	for i := 1; i <= n; i++ {
		add(fmt.Sprintf("xl/worksheets/sheet%d.xml", i), `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`+
			`<row r="1"><c t="inlineStr"><is><t>office</t></is></c><c t="inlineStr"><is><t>cause</t></is></c><c t="inlineStr"><is><t>event_date</t></is></c></row>`+
			`<row r="2"><c t="inlineStr"><is><t>Town Supervisor</t></is></c><c t="inlineStr"><is><t>died</t></is></c><c t="inlineStr"><is><t>2026-03-05</t></is></c></row>`+
			`</sheetData></worksheet>`)
	}
	_ = zw.Close()
	return buf.Bytes()
}
