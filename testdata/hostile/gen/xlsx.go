package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// A minimal SpreadsheetML writer: the corpus needs parts excelize will not
// write (cached formula values, hidden sheets, cells longer than Excel
// allows, broken XML), so the packages are assembled by hand.

// cell is one worksheet cell; the zero value is no cell at all.
type cell struct {
	text    string // inline string
	num     string // a number, as written in <v>
	formula string // without the leading '='
	errVal  string // a cached error value (#VALUE!)
	style   int    // index into cellXfs: 1 is a date format
	isText  bool
}

func str(s string) cell { return cell{text: s, isText: true} }

// dateCell is a real date cell: the serial number with a date format.
func dateCell(y int, m time.Month, d int) cell {
	base := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	days := int(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Sub(base).Hours() / 24)
	return cell{num: fmt.Sprint(days), style: 1}
}

type sheet struct {
	name   string
	rows   [][]cell
	merges []string
	state  string // "", "hidden" or "veryHidden"
}

type part struct{ name, body string }

type pkg []sheet

func workbook(sheets []sheet) pkg { return pkg(sheets) }

func (p pkg) save(path string) error {
	b, err := p.bytes()
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

func (p pkg) bytes() ([]byte, error) {
	var buf bytes.Buffer
	if err := writeZip(&buf, []sheet(p), nil); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeParts writes a package whose parts edit may change.
func writeParts(path string, sheets []sheet, edit func(name, body string) string) error {
	var buf bytes.Buffer
	if err := writeZip(&buf, sheets, edit); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

func writeZip(w io.Writer, sheets []sheet, edit func(name, body string) string) error {
	zw := zip.NewWriter(w)
	for _, p := range packageParts(sheets) {
		body := p.body
		if edit != nil {
			body = edit(p.name, body)
		}
		fw, err := zw.Create(p.name)
		if err != nil {
			return err
		}
		if _, err := io.WriteString(fw, body); err != nil {
			return err
		}
	}
	return zw.Close()
}

const (
	nsMain  = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
	nsRel   = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	xmlDecl = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n"

	sheetHead = xmlDecl + `<worksheet xmlns="` + nsMain + `" xmlns:r="` + nsRel + `"><sheetData>`
	sheetTail = `</sheetData></worksheet>`
)

// packageParts lists every part of a workbook holding sheets, in the order
// Excel writes them.
func packageParts(sheets []sheet) []part {
	var ct, wb, rels strings.Builder
	ct.WriteString(xmlDecl + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
		`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>`)
	wb.WriteString(xmlDecl + `<workbook xmlns="` + nsMain + `" xmlns:r="` + nsRel + `"><sheets>`)
	rels.WriteString(xmlDecl + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`)
	parts := []part{}
	for i, s := range sheets {
		n := i + 1
		fmt.Fprintf(&ct, `<Override PartName="/xl/worksheets/sheet%d.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`, n)
		state := ""
		if s.state != "" {
			state = ` state="` + s.state + `"`
		}
		fmt.Fprintf(&wb, `<sheet name="%s" sheetId="%d"%s r:id="rId%d"/>`, escape(s.name), n, state, n)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="`+nsRel+`/worksheet" Target="worksheets/sheet%d.xml"/>`, n, n)
		parts = append(parts, part{fmt.Sprintf("xl/worksheets/sheet%d.xml", n), sheetXML(s)})
	}
	ct.WriteString(`</Types>`)
	wb.WriteString(`</sheets></workbook>`)
	fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="`+nsRel+`/styles" Target="styles.xml"/></Relationships>`, len(sheets)+1)
	head := []part{
		{"[Content_Types].xml", ct.String()},
		{"_rels/.rels", xmlDecl + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="` + nsRel + `/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", wb.String()},
		{"xl/_rels/workbook.xml.rels", rels.String()},
		{"xl/styles.xml", stylesXML},
	}
	return append(head, parts...)
}

// stylesXML: cell format 0 is plain, 1 a date (built-in format 14), 2 a
// yellow fill.
const stylesXML = xmlDecl + `<styleSheet xmlns="` + nsMain + `">` +
	`<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
	`<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>` +
	`<fill><patternFill patternType="solid"><fgColor rgb="FFFFFF00"/></patternFill></fill></fills>` +
	`<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
	`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
	`<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
	`<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
	`<xf numFmtId="0" fontId="0" fillId="2" borderId="0" xfId="0" applyFill="1"/></cellXfs>` +
	`</styleSheet>`

func sheetXML(s sheet) string {
	var b strings.Builder
	b.WriteString(sheetHead)
	for i, r := range s.rows {
		fmt.Fprintf(&b, `<row r="%d">%s</row>`, i+1, inlineRow(i+1, r))
	}
	b.WriteString(`</sheetData>`)
	if len(s.merges) > 0 {
		fmt.Fprintf(&b, `<mergeCells count="%d">`, len(s.merges))
		for _, m := range s.merges {
			fmt.Fprintf(&b, `<mergeCell ref="%s"/>`, m)
		}
		b.WriteString(`</mergeCells>`)
	}
	b.WriteString(`</worksheet>`)
	return b.String()
}

// inlineRow writes one row's cells; empty cells are left out.
func inlineRow(r int, cells []cell) string {
	var b strings.Builder
	for i, c := range cells {
		ref := colName(i+1) + fmt.Sprint(r)
		style := ""
		if c.style != 0 {
			style = fmt.Sprintf(` s="%d"`, c.style)
		}
		switch {
		case c.formula != "" && c.errVal != "":
			fmt.Fprintf(&b, `<c r="%s"%s t="e"><f>%s</f><v>%s</v></c>`, ref, style, escape(c.formula), escape(c.errVal))
		case c.formula != "":
			v := ""
			if c.num != "" {
				v = "<v>" + c.num + "</v>"
			}
			fmt.Fprintf(&b, `<c r="%s"%s><f>%s</f>%s</c>`, ref, style, escape(c.formula), v)
		case c.isText:
			fmt.Fprintf(&b, `<c r="%s"%s t="inlineStr"><is><t xml:space="preserve">%s</t></is></c>`, ref, style, escape(c.text))
		case c.num != "":
			fmt.Fprintf(&b, `<c r="%s"%s><v>%s</v></c>`, ref, style, c.num)
		}
	}
	return b.String()
}

func colName(n int) string {
	s := ""
	for n > 0 {
		n--
		s = string(rune('A'+n%26)) + s
		n /= 26
	}
	return s
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "\n", "&#10;", "\r", "&#13;").Replace(s)
}
