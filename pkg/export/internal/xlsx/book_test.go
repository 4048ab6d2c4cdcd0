package xlsx

import (
	"archive/zip"
	"bytes"
	"io"
	"slices"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// long wraps in its column, sized from the first sheet's rows: its row is
// taller.
const long = "V-3, held back, with words enough to wrap"

// writeBook writes a small book through the API: a table of five rows at
// two data rows a sheet, each linked to "B" (one real hyperlink a sheet,
// formulas past it), its third row held back, and a Summary-like sheet.
func writeBook(t *testing.T, streamAll bool) []byte {
	t.Helper()
	b, err := New(Options{TmpDir: t.TempDir(), Sheets: []string{"S", "A", "B"}, MaxRows: 3, LinkCap: 1,
		Page: Page{Dated: "as of 2026-11-30", Footer: "Law applied: auto"}, HoldBytes: 1 << 10, StreamAll: streamAll,
		Guard:     func(h string) Value { return Value{Text: h, Quoted: h == "=x"} },
		ColumnCap: func(string) float64 { return 20 }})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Discard()
	tb := b.Table("A", []string{"id", "=x", "when"}, TableOptions{Before: "B", FreezeID: true, Big: true})
	for i := range 5 {
		vals := []Value{{Text: "V-" + string(rune('1'+i))}, {Kind: Number, N: i}, {Kind: Date, N: 46356 + i}}
		if i == 2 {
			vals[0].Text = long
			if err := tb.Hold(vals, Amber, []Mark{Linked}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		wantSheet, wantRow := tb.PlaceOf(i - min(i/3, 1))
		sheet, row, err := tb.Add(vals, Red, []Mark{Linked, NoMark, Rolled}, &Link{Col: 0, Target: "'B'!A1", Display: vals[0].Text})
		if err != nil || sheet != wantSheet || row != wantRow {
			t.Fatalf("row %d went to %s %d (%v), PlaceOf says %s %d", i, sheet, row, err, wantSheet, wantRow)
		}
	}
	if err := tb.AddHeld(); err != nil {
		t.Fatal(err)
	}
	if err := tb.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := b.Sheet("S", []float64{30, 12})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Line(Cell{Value: Value{Text: "Title"}, Mark: Bold}); err != nil {
		t.Fatal(err)
	}
	if err := s.Head("name", "seconds"); err != nil {
		t.Fatal(err)
	}
	if err := s.Line(Cell{Value: Value{Text: "run"}}, Cell{Value: Value{Kind: Seconds}, F: 1.25}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := b.Save(&out, Properties{Title: "T", Version: "v1.2.3", Created: time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// The fast path writes the same bytes as excelize's stream writer, in
// every part.
func TestFastPathAsExcelizeWritesIt(t *testing.T) {
	parts := func(b []byte) map[string][]byte {
		zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]byte{}
		for _, f := range zr.File {
			r, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			if out[f.Name], err = io.ReadAll(r); err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
		}
		return out
	}
	want, got := parts(writeBook(t, true)), parts(writeBook(t, false))
	if len(got) != len(want) {
		t.Fatalf("%d parts, the reference has %d", len(got), len(want))
	}
	for name, w := range want {
		if !bytes.Equal(got[name], w) {
			t.Errorf("part %s differs:\n got %q\nwant %q", name, got[name], w)
		}
	}
}

// What the book holds, read back: the continuation sheets in place, the
// held row last, real links then formulas, the quote-prefixed header, the
// Summary-like sheet's lines.
func TestBookReadBack(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(writeBook(t, false)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got, want := f.GetSheetList(), []string{"S", "A", "A (2)", "A (3)", "B"}; !slices.Equal(got, want) {
		t.Fatalf("sheets %q, want %q", got, want)
	}
	if h, err := f.GetRowHeight("A (3)", 2); err != nil || h <= lineHeight {
		t.Errorf("the held row is %v points high (%v), want it taller than a line", h, err)
	}
	for _, c := range []struct{ sheet, cell, want string }{
		{"A", "A1", "id"}, {"A", "B1", "=x"}, {"A", "A2", "V-1"}, {"A", "A3", "V-2"},
		{"A (2)", "A2", "V-4"}, {"A (2)", "A3", "V-5"}, {"A (3)", "A2", long}, {"A", "C2", "2026-11-30"},
		{"S", "A1", "Title"}, {"S", "A2", "name"}, {"S", "B3", "1.250"},
	} {
		if got, err := f.GetCellValue(c.sheet, c.cell); err != nil || got != c.want {
			t.Errorf("%s!%s = %q (%v), want %q", c.sheet, c.cell, got, err, c.want)
		}
	}
	if ok, target, err := f.GetCellHyperLink("A", "A2"); err != nil || !ok || target != "'B'!A1" {
		t.Errorf("A!A2: link %v to %q (%v), want a link to 'B'!A1", ok, target, err)
	}
	if formula, err := f.GetCellFormula("A", "A3"); err != nil || formula != `HYPERLINK("#'B'!A1","V-2")` {
		t.Errorf("A!A3: formula %q (%v), want a HYPERLINK past the link cap", formula, err)
	}
	if hf, err := f.GetHeaderFooter("A (2)"); err != nil || hf.OddHeader != "&L&BA (2)&B — as of 2026-11-30&RPage &P of &N" {
		t.Errorf("A (2): page header %+v (%v)", hf, err)
	}
}
