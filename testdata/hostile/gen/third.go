package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"strings"
)

// The third corpus (issue 27): inputs that cost memory without a bound or
// got a silent or misleading answer.

var thirdFiles = []file{
	{"shared-strings-bomb.xlsx", sharedStringsBomb},
	{"xlsb-renamed.xlsx", xlsbRenamed},
	{"utf16-without-bom.csv", func(p string) error { return utf16NoBOM(p, false) }},
	{"utf16-big-endian-without-bom.csv", func(p string) error { return utf16NoBOM(p, true) }},
}

func init() { files = append(files, thirdFiles...) }

// sharedStringsBomb: 2 vacancies whose text is in the shared strings
// table, behind 12,000 strings of 30,000 characters that no cell uses
// (legal: Excel allows 32,767 characters a cell). The table inflates to
// 360 MB; the sheet uses 11 strings, at positions 12,000 and after.
func sharedStringsBomb(path string) error {
	const pad, size = 12000, 30000
	rows := plainRows(2)
	var table []string
	index := map[string]int{}
	ref := func(s string) int {
		if i, ok := index[s]; ok {
			return pad + i
		}
		index[s] = len(table)
		table = append(table, s)
		return pad + index[s]
	}
	var b strings.Builder
	b.WriteString(sheetHead)
	for r, cells := range rows {
		fmt.Fprintf(&b, `<row r="%d">`, r+1)
		for c, cl := range cells {
			at := colName(c+1) + fmt.Sprint(r+1)
			if cl.isText {
				fmt.Fprintf(&b, `<c r="%s" t="s"><v>%d</v></c>`, at, ref(cl.text))
			} else {
				fmt.Fprintf(&b, `<c r="%s" s="1"><v>%s</v></c>`, at, cl.num)
			}
		}
		b.WriteString(`</row>`)
	}
	b.WriteString(sheetTail)
	big := "<si><t>" + strings.Repeat("minutes ", size/8) + "</t></si>"
	var sst strings.Builder
	sst.Grow(len(big)*pad + 4096)
	sst.WriteString(xmlDecl + fmt.Sprintf(`<sst xmlns="%s" count="%d" uniqueCount="%d">`, nsMain, pad+len(table), pad+len(table)))
	for range pad {
		sst.WriteString(big)
	}
	for _, s := range table {
		sst.WriteString("<si><t>" + escape(s) + "</t></si>")
	}
	sst.WriteString("</sst>")
	return writeRaw(path, []sheet{{name: "Vacancies"}}, map[string]string{
		"xl/worksheets/sheet1.xml": b.String(), "xl/sharedStrings.xml": sst.String()}, nil)
}

// utf16NoBOM: the 4 vacancies in UTF-16 without a byte-order mark, CR LF
// line ends, little-endian (as Windows programs write) or big-endian.
func utf16NoBOM(path string, big bool) error {
	var b []byte
	for _, r := range strings.Join(vacancyLines, "\r\n") + "\r\n" {
		if big {
			b = append(b, byte(r>>8), byte(r))
		} else {
			b = append(b, byte(r), byte(r>>8))
		}
	}
	return os.WriteFile(path, b, 0o644)
}

// xlsbRenamed: an Excel binary workbook (.xlsb) renamed .xlsx: a sound
// zip whose workbook and sheet parts are .bin records, not XML.
func xlsbRenamed(path string) error {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range []part{
		{"[Content_Types].xml", xmlDecl + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="bin" ContentType="application/vnd.ms-excel.sheet.binary.macroEnabled.main"/></Types>`},
		{"_rels/.rels", xmlDecl + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.bin"/></Relationships>`},
		{"xl/workbook.bin", "\x83\x01\x00\x80\x01\x00"},
		{"xl/worksheets/sheet1.bin", "\x81\x01\x00\x93\x01\x00"},
	} {
		w, err := zw.Create(p.name)
		if err != nil {
			return err
		}
		if _, err := w.Write([]byte(p.body)); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
