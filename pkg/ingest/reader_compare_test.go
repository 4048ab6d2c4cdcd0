package ingest

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"batch/internal/textdiff"
)

// The workbook reader reads sheets with sheetscan; before, it read them
// with a tag scanner (the check) and encoding/xml (the rows, the shared
// strings). These tests hold the two to the same results: every row's
// number, cells, styles, types and problems, the numbers used twice, and
// whether reading fails. The messages of a failure may differ: the new
// ones are sheetscan's sentences, the old ones encoding/xml's.

// readerDump reads every sheet of the workbook at path with the reader
// (ref false) or the reference, as text.
func readerDump(t testing.TB, path string, ref bool) string {
	t.Helper()
	var b strings.Builder
	wb, err := openWorkbook(path, 0)
	if err != nil {
		return "open: failed\n"
	}
	defer wb.close()
	if ref {
		err = wb.refLoadSharedStrings()
	} else {
		all := make([]int, len(wb.sheets))
		for i := range all {
			all[i] = i
		}
		err = wb.loadSharedStrings(all)
	}
	if err != nil {
		return "shared strings: failed\n"
	}
	for i, e := range wb.sheets {
		fmt.Fprintf(&b, "== sheet %d %q\n", i, e.name)
		if e.part == nil {
			b.WriteString("no part\n")
			continue
		}
		wb.rows.reset()
		check := checkPart
		if ref {
			check = refCheckPart
		}
		if err := check(e.part, &wb.rows); err != nil {
			b.WriteString("check: failed\n")
			continue
		}
		rows, err := openSheetRows(wb, e)
		if err != nil {
			b.WriteString("open sheet: failed\n")
			continue
		}
		next := rows.next
		if ref {
			rc, err := e.part.Open()
			if err != nil {
				t.Fatal(err)
			}
			rr := &refRows{rows: rows, dec: xml.NewDecoder(bufio.NewReaderSize(rc, 64<<10))}
			next = rr.next
			defer rc.Close()
		}
		for next() {
			formulas := make([]string, len(rows.formulas))
			for i, f := range rows.formulas {
				formulas[i] = fmt.Sprintf("%d:%q", f.col, f.text)
			}
			fmt.Fprintf(&b, "row %d twice=%v cells=%q styles=%v types=%q formulas=%v issues=%+v\n", rows.num, wb.rows.usedTwice(rows.num),
				rows.cells, rows.styles, rows.types, formulas, rows.issues)
		}
		if rows.err != nil {
			b.WriteString("rows: failed\n")
		}
		rows.close()
	}
	return b.String()
}

// failedWhole writes a sheet that fails anywhere as failing whole: a
// damaged sheet fails the run (readSheet returns rows.err), so the rows
// read before the damage reach no output, and the byte scanner's check may
// find damage (a malformed tag such as <row"r= 1"/>) that the reference's
// tag check lets through and its encoding/xml rows meet later.
func failedWhole(dump string) string {
	sections := strings.SplitAfter(dump, "\n== ")
	for i, sec := range sections {
		if strings.Contains(sec, ": failed\n") {
			head, _, _ := strings.Cut(sec, "\n")
			sections[i] = head + "\nfailed\n"
			if strings.HasSuffix(sec, "\n== ") {
				sections[i] += "== "
			}
		}
	}
	return strings.Join(sections, "")
}

// sameAsReference fails unless both readers read the workbook alike.
func sameAsReference(t testing.TB, path string) {
	t.Helper()
	got, want := failedWhole(readerDump(t, path, false)), failedWhole(readerDump(t, path, true))
	if line, g, w, same := textdiff.First(got, want); !same {
		t.Fatalf("%s: line %d\n got: %s\nwant: %s", path, line, g, w)
	}
}

// bookWith writes a workbook holding one sheet (and shared strings when
// sst is not empty), its parts as given.
func bookWith(t testing.TB, sheet, sst string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name, body string) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(w, body); err != nil {
			t.Fatal(err)
		}
	}
	rels := `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>`
	if sst != "" {
		rels += `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`
		add("xl/sharedStrings.xml", sst)
	}
	add("[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`)
	add("_rels/.rels", `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)
	add("xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Vacancies" sheetId="1" r:id="rId1"/></sheets></workbook>`)
	add("xl/_rels/workbook.xml.rels", rels+`</Relationships>`)
	add("xl/worksheets/sheet1.xml", sheet)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "book.xlsx")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const refSheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
	`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">`

// cellText makes a cell's text from the generator: entities, character
// references, CDATA, line ends, escapes, edge white space.
func genCellText(rng *rand.Rand) string {
	pieces := []string{"a", "Kings", " ", "\t", "\n", "\r\n", "\r", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#233;", "&#x1D11E;",
		"&#13;", "&#x9;", "é", "𝄞", "\uFFFD", "_x0041_", "_x005F_", "_x000D_", "_xD800_", "_x12_", "<![CDATA[a<b>&]]>", "0", "46356", " 7 ", "-1.5E3", "]", "+3", "abc"}
	var b strings.Builder
	for n := rng.Intn(5); n > 0; n-- {
		b.WriteString(pieces[rng.Intn(len(pieces))])
	}
	return b.String()
}

// genBook builds a workbook from a seed: rows in any order (numbers
// missing, repeated, out of range, not numbers), cells with and without
// references (some bad), every type, inline rich text with phonetic runs,
// formulas (single, shared, without a saved value), shared strings in and
// out of the table, comments.
func genBook(t testing.TB, seed int64) string {
	rng := rand.New(rand.NewSource(seed))
	var ss strings.Builder
	nsst := rng.Intn(5)
	for i := 0; i < nsst; i++ {
		if rng.Intn(3) == 0 {
			fmt.Fprintf(&ss, `<si><r><t>%s</t></r><r><rPr><b/></rPr><t xml:space="preserve">%s</t></r><rPh><t>%s</t></rPh></si>`, genCellText(rng), genCellText(rng), genCellText(rng))
		} else {
			fmt.Fprintf(&ss, `<si><t>%s</t></si>`, genCellText(rng))
		}
	}
	sst := ""
	if nsst > 0 || rng.Intn(2) == 0 {
		sst = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` + ss.String() + `</sst>`
	}
	var b strings.Builder
	b.WriteString(refSheetHead + `<dimension ref="A1"/><sheetData>`)
	row := 0
	for nr := rng.Intn(8); nr > 0; nr-- {
		attrs := ""
		switch rng.Intn(10) {
		case 0: // no number
		case 1:
			attrs = fmt.Sprintf(` r="%d"`, rng.Intn(6)+1) // anywhere, maybe twice
		case 2:
			attrs = []string{` r="0"`, ` r="1048577"`, ` r="x"`, ` r=""`, ` r="+2"`}[rng.Intn(5)]
		default:
			row += 1 + rng.Intn(2)
			attrs = fmt.Sprintf(` r="%d"`, row)
		}
		if rng.Intn(8) == 0 {
			fmt.Fprintf(&b, `<row%s/>`, attrs)
			continue
		}
		fmt.Fprintf(&b, `<row%s spans="1:9">`, attrs)
		col := 0
		for nc := rng.Intn(6); nc > 0; nc-- {
			ref := ""
			switch rng.Intn(8) {
			case 0: // none
			case 1:
				ref = []string{` r="1A"`, ` r="XFE1"`, ` r="A0"`, ` r="$A$1"`, ` r="a1"`, ` r="A+1"`}[rng.Intn(6)]
			case 2:
				ref = fmt.Sprintf(` r="%c1"`, 'A'+rng.Intn(3)) // maybe a column twice
			default:
				col += 1 + rng.Intn(2)
				ref = fmt.Sprintf(` r="%s%d"`, columnLetters(col), max(row, 1))
			}
			style := ""
			if rng.Intn(2) == 0 {
				style = fmt.Sprintf(` s="%d"`, rng.Intn(6))
			}
			if rng.Intn(10) == 0 {
				b.WriteString("<!-- <c r=\"Z9\"><v>x</v></c> -->")
			}
			switch rng.Intn(13) {
			case 0:
				fmt.Fprintf(&b, `<c%s%s/>`, ref, style)
			case 1:
				fmt.Fprintf(&b, `<c%s%s t="s"><v>%s</v></c>`, ref, style, []string{"0", "1", "2", " 3 ", "99", "x", "-1", "+1", ""}[rng.Intn(9)])
			case 2:
				fmt.Fprintf(&b, `<c%s%s t="inlineStr"><is><t>%s</t></is></c>`, ref, style, genCellText(rng))
			case 3:
				fmt.Fprintf(&b, `<c%s%s t="inlineStr"><is><r><t>%s</t></r><r><t>%s</t></r><rPh><t>x</t></rPh></is></c>`, ref, style, genCellText(rng), genCellText(rng))
			case 4:
				fmt.Fprintf(&b, `<c%s%s t="str"><f>%s</f><v>%s</v></c>`, ref, style, genCellText(rng), genCellText(rng))
			case 5:
				fmt.Fprintf(&b, `<c%s%s><f>1+1</f><v>2</v></c>`, ref, style)
			case 6:
				fmt.Fprintf(&b, `<c%s%s t="%s"><v>%s</v></c>`, ref, style, []string{"b", "d", "e", "n", "zz"}[rng.Intn(5)], genCellText(rng))
			case 7:
				fmt.Fprintf(&b, `<c%s%s t="inlineStr"><v>%s</v></c>`, ref, style, genCellText(rng))
			case 8: // a shared formula's first cell, or a later one
				f := []string{`<f t="shared" ref="A2:A9" si="0">ROW()-1</f>`, `<f t="shared" si="0"/>`, `<f t="shared" si="1"></f>`}[rng.Intn(3)]
				fmt.Fprintf(&b, `<c%s%s>%s<v>%d</v></c>`, ref, style, f, rng.Intn(9))
			case 9: // a formula a script wrote, with no saved value
				fmt.Fprintf(&b, `<c%s%s><f>COUNTA(A2:A%d)</f></c>`, ref, style, rng.Intn(9))
			case 10: // a total's count, its text as Excel writes it
				fmt.Fprintf(&b, `<c%s%s t="str"><f>%s</f><v>%s</v></c>`, ref, style,
					[]string{"COUNTA(A2:A3)", "SUM(B2:B3)", "_xlfn.AGGREGATE(3,5,A2:A3)", "IF(A2&lt;&gt;\"\",1,0)"}[rng.Intn(4)], genCellText(rng))
			default:
				fmt.Fprintf(&b, `<c%s%s><v>%s</v></c>`, ref, style, genCellText(rng))
			}
		}
		b.WriteString(`</row>`)
	}
	b.WriteString(`</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`)
	return bookWith(t, b.String(), sst)
}

func TestReaderAsBefore(t *testing.T) {
	t.Run("generated", func(t *testing.T) {
		for seed := int64(0); seed < 300; seed++ {
			sameAsReference(t, genBook(t, seed))
		}
	})
	t.Run("samples and fixtures", func(t *testing.T) {
		books, _ := filepath.Glob(filepath.Join("..", "..", "samples", "*.xlsx"))
		more, _ := filepath.Glob(filepath.Join("testdata", "*.xlsx"))
		for _, p := range append(books, more...) {
			sameAsReference(t, p)
		}
	})
}

// FuzzReaderAsBefore compares the two readers on generated workbooks.
func FuzzReaderAsBefore(f *testing.F) {
	for i := int64(0); i < 8; i++ {
		f.Add(i)
	}
	f.Fuzz(func(t *testing.T, seed int64) { sameAsReference(t, genBook(t, seed)) })
}

// FuzzReaderBytesAsBefore compares them on arbitrary bytes as a sheet.
func FuzzReaderBytesAsBefore(f *testing.F) {
	f.Add(refSheetHead+`<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row></sheetData></worksheet>`, "")
	f.Add(`<worksheet><sheetData><row><c t="s"><v>0</v></c></row><row r="1"/></sheetData></worksheet>`, `<sst><si><t>x</t></si></sst>`)
	f.Add(`<worksheet><sheetData><row r="2"><c r="A2"><f t="shared" ref="A2:A3" si="0">ROW()-1</f><v>1</v></c></row><row r="3"><c r="A3"><f t="shared" si="0"/><v>2</v></c><c r="B3" t="str"><f>COUNTA(A2:A3)&amp;"!"</f></c></row></sheetData></worksheet>`, "")
	f.Fuzz(func(t *testing.T, sheet, sst string) {
		if len(sheet)+len(sst) > 1<<15 {
			return
		}
		sameAsReference(t, bookWith(t, sheet, sst))
	})
}
