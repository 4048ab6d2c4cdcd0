package ingest

import (
	"archive/zip"
	"bytes"
	"testing"
)

func TestCellScanner(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name, body string) {
		w, _ := zw.Create(name)
		_, _ = w.Write([]byte(body))
	}
	add("xl/workbook.xml", `<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Kings" sheetId="1" r:id="rId7"/></sheets></workbook>`)
	add("xl/_rels/workbook.xml.rels", `<Relationships><Relationship Id="rId7" Target="worksheets/sheet9.xml"/></Relationships>`)
	// Namespace prefixes, a '>' inside an attribute value, a comment that
	// looks like a cell, a cell without r, a self-closing row, a gap.
	add("xl/worksheets/sheet9.xml", `<?xml version="1.0"?><x:worksheet><x:sheetData>`+
		`<x:row r="2"><x:c r="B2" s="3" t="n" foo="a>b"><x:v>1</x:v></x:c><!-- <c r="C2" s="9"/> --><x:c s="4" t="d"><x:v>2026-01-05</x:v></x:c></x:row>`+
		`<x:row r="3"/>`+
		`<x:row r="5"><x:c r="A5" s="7" t="s"><x:v>0</x:v></x:c></x:row>`+
		`</x:sheetData></x:worksheet>`)
	_ = zw.Close()
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	part, err := worksheetPart(zr, "kings")
	if err != nil || part != "xl/worksheets/sheet9.xml" {
		t.Fatalf("part %q %v", part, err)
	}
	sc, err := openCellScanner(zr, part)
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	tests := []struct {
		row, col int
		style    int
		typ      byte
		ok       bool
	}{
		{2, 1, 3, 'n', true},
		{2, 2, 4, 'd', true},
		{4, 0, 0, 0, false}, // no such row
		{5, 0, 7, 'o', true},
		{6, 0, 0, 0, false}, // past the end
	}
	for _, tc := range tests {
		st, typ, ok := sc.cell(tc.row, tc.col)
		if st != tc.style || typ != tc.typ || ok != tc.ok {
			t.Errorf("cell(%d,%d) = %d %q %v; want %d %q %v", tc.row, tc.col, st, typ, ok, tc.style, tc.typ, tc.ok)
		}
	}
}
