package ingest

import (
	"archive/zip"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The workbook reader as a whole, fuzzed: each input is a worksheet part
// and a shared strings part, packed with a fixed workbook, styles and
// relationships into a real zip, and read by ReadFile as any input is.

const (
	fuzzWorkbookXML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Vacancies" sheetId="1" r:id="rId1"/></sheets></workbook>`
	fuzzRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`
	fuzzStyles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs></styleSheet>`
	fuzzSST = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>office</t></si><si><t>cause</t></si><si><t>event_date</t></si><si><r><t>Town </t></r><r><t>Clerk</t></r><rPh><t>x</t></rPh></si><si><t>died</t></si></sst>`
)

// fuzzPackage is a workbook whose sheet and shared strings are given.
func fuzzPackage(sheet, sst string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range []struct{ name, body string }{
		{"_rels/.rels", `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", fuzzWorkbookXML},
		{"xl/_rels/workbook.xml.rels", fuzzRels},
		{"xl/styles.xml", fuzzStyles},
		{"xl/sharedStrings.xml", sst},
		{"xl/worksheets/sheet1.xml", sheet},
	} {
		w, _ := zw.Create(p.name)
		_, _ = w.Write([]byte(p.body))
	}
	_ = zw.Close()
	return buf.Bytes()
}

func FuzzReadWorkbook(f *testing.F) {
	head := `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	tail := `</sheetData></worksheet>`
	hdr := `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>`
	vac := func(r, office, date string) string {
		return `<row r="` + r + `"><c r="A` + r + `" t="s"><v>` + office + `</v></c><c r="B` + r + `" t="s"><v>4</v></c><c r="C` + r + `" s="1"><v>` + date + `</v></c></row>`
	}
	for _, seed := range []string{
		string(sheetXML(0)),
		head + hdr + vac("2", "3", "46027") + vac("3", "3", "46028") + tail,
		head + hdr + vac("5", "3", "46027") + vac("3", "3", "46028") + vac("4", "3", "60") + tail,
		head + hdr + vac("2", "3", "46027") + vac("2", "3", "46028") + tail,
		head + hdr + vac("2", "abc", "46027") + vac("3", "99", "46028") + tail,
		head + `<row><c t="inlineStr"><is><t>office</t></is></c><c t="inlineStr"><is><t>cause</t></is></c></row><row><c t="str"><v>Mayor</v></c><c t="inlineStr"><is><r><t>di</t></r><r><t>ed</t></r></is></c></row>` + tail,
		`<!DOCTYPE x [<!ENTITY a "b">]>` + head + hdr + tail,
		head + hdr + `<row r="2"><c r="ZZZZ2" t="s"><v>3</v></c><c r="A2" t="d"><v>2026-01-05T00:00:00</v></c><c r="A2"><v>1</v></c></row>` + tail,
		head + `<row r="1048576"><c r="XFD1048576" t="s"><v>0</v></c></row>` + tail,
		head + hdr + `<row r="2"><c r="A2" t="inlineStr"><is><t>Town_x000D_Clerk</t></is></c></row>`,
	} {
		f.Add(seed, fuzzSST)
	}
	f.Add(string(sheetXML(0)), `<!DOCTYPE sst [<!ENTITY l "lol">]><sst><si><t>&l;</t></si></sst>`)
	f.Add(head+hdr+vac("2", "3", "46027")+tail, `<sst><si><t>office</t></si></sst>`)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, sheet, sst string) {
		path := filepath.Join(dir, "fuzz.xlsx")
		if err := os.WriteFile(path, fuzzPackage(sheet, sst), 0o644); err != nil {
			t.Fatal(err)
		}
		var items []Item
		st, err := ReadFile(context.Background(), path, Options{MaxUnpackedBytes: 64 << 20}, func(it Item) error {
			items = append(items, it)
			return nil
		})
		if err != nil {
			// A refused workbook says why, naming the file.
			if !strings.HasPrefix(err.Error(), "ingest: "+path+": ") {
				t.Fatalf("error without the file: %v", err)
			}
			return
		}
		// Whatever the XML, every row read ends accepted, rejected or
		// blank; every item is located on the sheet.
		if st.Rows != st.Accepted+st.Rejected+st.Blank || len(items) != st.Accepted+st.Rejected {
			t.Fatalf("accounting broken: %+v, %d items", st, len(items))
		}
		for _, it := range items {
			src := it.Vacancy.Source
			if src.File != "fuzz.xlsx" || src.Sheet != "Vacancies" || src.Row < 1 || src.Row > excelRows || it.Vacancy.ID == "" {
				t.Fatalf("bad provenance: %+v", src)
			}
			for _, p := range it.Problems {
				if p.Message == "" || p.Source != src {
					t.Fatalf("a problem without a message or on another row: %+v", p)
				}
			}
		}
		for _, u := range st.Unread {
			if u.Source.Sheet != "Vacancies" || u.Message == "" {
				t.Fatalf("bad unread-sheet problem: %+v", u)
			}
		}
	})
}
