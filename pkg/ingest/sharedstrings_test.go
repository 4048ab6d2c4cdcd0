package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sharedStringsBook is a workbook of one vacancy whose four texts are
// shared strings 1000 to 1003, behind 1000 strings of 2,000 characters
// that no cell uses.
func sharedStringsBook(t *testing.T) string {
	t.Helper()
	var sst strings.Builder
	sst.WriteString(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`)
	pad := "<si><t>" + strings.Repeat("minutes ", 250) + "</t></si>"
	for range 1000 {
		sst.WriteString(pad)
	}
	for _, s := range []string{"office", "cause", "event_date", "Town Clerk", "died"} {
		sst.WriteString("<si><t>" + s + "</t></si>")
	}
	sst.WriteString("</sst>")
	sheet := `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
		`<row r="1"><c r="A1" t="s"><v>1000</v></c><c r="B1" t="s"><v>1001</v></c><c r="C1" t="s"><v>1002</v></c></row>` +
		`<row r="2"><c r="A2" t="s"><v>1003</v></c><c r="B2" t="s"><v>1004</v></c><c r="C2" s="1"><v>46027</v></c></row>` +
		`</sheetData></worksheet>`
	path := filepath.Join(t.TempDir(), "book.xlsx")
	if err := os.WriteFile(path, fuzzPackage(sheet, sst.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A table bigger than the whole-table bound holds only the strings the
// sheets use (issue 27: 12,000 strings of 30 KB, 8 of them used, took
// 1,008 MB), and the cells read as they would with the whole table.
func TestSharedStringsHeldAsFarAsTheSheetsUseThem(t *testing.T) {
	path := sharedStringsBook(t)
	for _, tc := range []struct {
		name        string
		whole, used int
		held        int
	}{
		{"a table within the bound is held whole", 32 << 20, 32 << 20, 1005},
		{"a table past the bound holds the 5 strings used", 64 << 10, 32 << 20, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wb, err := openWorkbook(path, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer wb.close()
			if err := wb.loadSharedStringsWithin([]int{0}, tc.whole, tc.used); err != nil {
				t.Fatal(err)
			}
			if got := len(wb.strings.list); got != tc.held {
				t.Errorf("%d strings held, want %d", got, tc.held)
			}
			for i, want := range map[int]string{1000: "office", 1003: "Town Clerk", 1004: "died"} {
				if got, err := wb.sharedString(fmt.Sprint(i)); got != want || err != nil {
					t.Errorf("string %d: %q, %v; want %q", i, got, err, want)
				}
			}
			if _, err := wb.sharedString("1005"); err == nil || !strings.Contains(err.Error(), "holds 1005 strings") {
				t.Errorf("string 1005: %v, want the table's size, 1005 strings", err)
			}
		})
	}
}

// The strings the sheets use are bounded too: past the bound the file is
// refused with the bound stated, not read into memory.
func TestSharedStringsUsedPastTheBound(t *testing.T) {
	path := sharedStringsBook(t)
	wb, err := openWorkbook(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer wb.close()
	err = wb.loadSharedStringsWithin([]int{0}, 1<<10, 100)
	if err == nil || !strings.Contains(err.Error(), "more than 100 bytes of shared strings") || !strings.Contains(err.Error(), "book.xlsx") {
		t.Fatalf("error %v, want the file and the bound named", err)
	}
}

// ReadFile reads the workbook as a whole through the same path.
func TestSharedStringsBookReads(t *testing.T) {
	items, _ := readAll(t, sharedStringsBook(t), Options{})
	if len(items) != 1 || len(items[0].Problems) != 0 || items[0].Vacancy.Office != "Town Clerk" {
		t.Fatalf("%+v, want 1 vacancy of a Town Clerk", items)
	}
}
