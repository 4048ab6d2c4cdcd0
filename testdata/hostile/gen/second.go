package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

// The second corpus (issue 11): each function writes one file of a class
// of input that once lost rows, injected a formula, drove the terminal or
// cost more than linear time. What each file holds is stated in its
// comment and in the README's table, counted from how it is built here.

var secondFiles = []file{
	// 1. Line endings.
	{"cr-line-endings.csv", crLineEnds},
	{"mixed-line-endings.csv", mixedLineEnds},
	{"cr-line-endings-utf16.csv", crLineEndsUTF16},
	// 2. The header search.
	{"header-below-row-100.xlsx", headerBelow100XLSX},
	{"header-below-row-100.csv", headerBelow100CSV},
	{"data-without-header.xlsx", dataWithoutHeader},
	{"data-without-header-fail-on.xlsx", dataWithoutHeader},
	// 3. Document type declarations.
	{"doctype-in-sheet.xlsx", doctypeInSheet},
	{"entities-in-shared-strings.xlsx", entitiesInSharedStrings},
	{"xxe-in-workbook-part.xlsx", xxeInWorkbook},
	// 4. Ambiguous zips.
	{"zip-entry-twice.xlsx", zipEntryTwice},
	{"zip-entry-case-twin.xlsx", zipEntryCaseTwin},
	{"zip-entry-backslash-twin.xlsx", zipEntryBackslashTwin},
	// 5. Row numbers.
	{"rows-out-of-order.xlsx", rowsOutOfOrder},
	{"row-number-twice.xlsx", rowNumberTwice},
	{"rows-without-numbers.xlsx", rowsWithoutNumbers},
	// 6. Values that do not resolve.
	{"shared-string-not-a-number.xlsx", sharedStringNotANumber},
	{"shared-string-past-the-table.xlsx", sharedStringPastTable},
	{"serial-60-date.xlsx", serial60},
	// 7. Formulas in headers, sheet and file names, behind invisible characters.
	{"invisible-prefix-injection.csv", invisiblePrefixInjection},
	{"sheet-name-injection.xlsx", sheetNameInjection},
	{"=HYPERLINK(1).csv", fileNameInjection},
	{"@SUM(1).csv", fileNameInjection},
	// 8. Terminal control characters in names.
	{"escape-\x1b[31m-in-name.csv", headerlessCSV},
	{"newline-\nbatch: done-in-name.csv", headerlessCSV},
	{"bell-\a-and-cr-\r-in-name.xlsx", notAZip},
	{"rlo-\u202egnp.csv", headerlessCSV},
	{"sheet-name-controls.xlsx", sheetNameControls},
	// 11. Many sheets.
	{"sheets-1000.xlsx", func(p string) error { return manySheets(p, 1000, 1000) }},
	{"sheets-5000.xlsx", func(p string) error { return manySheets(p, 5000, 5000) }},
	{"sheets-5000-one-with-vacancies.xlsx", func(p string) error { return manySheets(p, 5000, 1) }},
	// 12. Long CSV lines.
	{"line-200mb.csv", line200MB},
	{"quoted-cell-64mb-of-lines.csv", quotedCellOfLines},
	{"unclosed-quote-then-64mb.csv", unclosedQuoteThen64MB},
	// 13. Wide inputs.
	{"wide-16384-columns.xlsx", wide16384XLSX},
	{"wide-16384-columns.csv", wide16384CSV},
	{"wide-16384-columns-csv-only.csv", wide16384CSV},
	// Also: a cell mixing encodings.
	{"mixed-utf8-windows-1252.csv", mixedEncodings},
}

func init() { files = append(files, secondFiles...) }

// vacancyLines are four good vacancies under the usual header.
var vacancyLines = []string{
	strings.Join(header, ","),
	"ALB-0001,Town Supervisor,Town of Guilderland,Albany,death,2026-03-05",
	"ALB-0002,Town Clerk,Town of Colonie,Albany,resignation,2026-03-06",
	"ALB-0003,Town Justice,Town of Berne,Albany,death,2026-03-07",
	"ALB-0004,Town Supervisor,Town of Knox,Albany,death,2026-03-08",
}

// crLineEnds: the header and 4 vacancies, each line ended by CR alone, as
// classic Mac OS programs save CSV.
func crLineEnds(path string) error {
	return os.WriteFile(path, []byte(strings.Join(vacancyLines, "\r")+"\r"), 0o644)
}

// mixedLineEnds: a title line, the header, 4 vacancies and one blank line,
// with LF, CR LF and CR in turn; the second vacancy's district is a quoted
// cell holding a CR LF. Rows: 5 (4 vacancies, 1 blank).
func mixedLineEnds(path string) error {
	lines := []string{"Albany County vacancies", vacancyLines[0], vacancyLines[1],
		`ALB-0002,Town Clerk,"Town of` + "\r\n" + `Colonie",Albany,resignation,2026-03-06`,
		"", vacancyLines[3], vacancyLines[4]}
	ends := []string{"\n", "\r\n", "\r"}
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(l + ends[i%3])
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// crLineEndsUTF16: the 4 vacancies in UTF-16 (with its byte-order mark,
// Excel's "Unicode Text") and CR line ends.
func crLineEndsUTF16(path string) error {
	s := strings.Join(vacancyLines, "\r") + "\r"
	b := []byte{0xFF, 0xFE}
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8))
	}
	return os.WriteFile(path, b, 0o644)
}

// headerBelow100XLSX: a first sheet with 2 vacancies, and a second whose
// header is on row 151 under a 150-row preamble, with 3 vacancies below.
// Rows: 5.
func headerBelow100XLSX(path string) error {
	var archive [][]cell
	for i := range 150 {
		archive = append(archive, []cell{str(fmt.Sprintf("Minutes of the board, item %d", i+1))})
	}
	archive = append(archive, headerCells(header...))
	for i := range 3 {
		archive = append(archive, row(fmt.Sprintf("ARC-%04d", i+1), 10+i))
	}
	return workbook([]sheet{{name: "Albany", rows: plainRows(2)}, {name: "Archive", rows: archive}}).save(path)
}

// headerBelow100CSV: 120 title lines, then the header and 4 vacancies.
func headerBelow100CSV(path string) error {
	var b strings.Builder
	for i := range 120 {
		fmt.Fprintf(&b, "Note %d of the county's covering letter\n", i+1)
	}
	b.WriteString(strings.Join(vacancyLines, "\n") + "\n")
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// dataWithoutHeader: a sheet with 2 vacancies, and a sheet "Pending" whose
// 3 vacancies have no header row at all: 2 rows read, the Pending sheet
// reported on Errors.
func dataWithoutHeader(path string) error {
	pending := plainRows(3)[1:]
	return workbook([]sheet{{name: "Albany", rows: plainRows(2)}, {name: "Pending", rows: pending}}).save(path)
}

// doctypeInSheet: the sheet declares an entity and uses it in a cell.
func doctypeInSheet(path string) error {
	return writeParts(path, []sheet{{name: "Vacancies", rows: plainRows(2)}}, func(name, body string) string {
		if name != "xl/worksheets/sheet1.xml" {
			return body
		}
		body = strings.Replace(body, xmlDecl, xmlDecl+`<!DOCTYPE worksheet [<!ENTITY county "Albany">]>`, 1)
		return strings.Replace(body, ">Albany<", ">&county;<", 1)
	})
}

// entitiesInSharedStrings: a billion-laughs shared strings table (ten
// levels of ten), which every cell of the sheet uses.
func entitiesInSharedStrings(path string) error {
	var dtd strings.Builder
	dtd.WriteString(`<!DOCTYPE sst [<!ENTITY l0 "lol">`)
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&dtd, `<!ENTITY l%d "%s">`, i, strings.Repeat(fmt.Sprintf("&l%d;", i-1), 10))
	}
	dtd.WriteString(`]>`)
	sst := xmlDecl + dtd.String() + `<sst xmlns="` + nsMain + `" count="7" uniqueCount="7">`
	for _, h := range header {
		sst += "<si><t>" + h + "</t></si>"
	}
	sst += "<si><t>&l10;</t></si></sst>"
	cells := ""
	for i := range header {
		cells += fmt.Sprintf(`<c r="%s1" t="s"><v>%d</v></c>`, colName(i+1), i)
	}
	sheetBody := sheetHead + `<row r="1">` + cells + `</row><row r="2"><c r="A2" t="s"><v>6</v></c>` +
		inlineRow(2, row("ALB-0001", 5)[1:]) + `</row>` + sheetTail
	return writeRaw(path, []sheet{{name: "Vacancies"}}, map[string]string{
		"xl/worksheets/sheet1.xml": sheetBody, "xl/sharedStrings.xml": sst}, nil)
}

// xxeInWorkbook: the workbook part declares an external entity that
// would read /etc/passwd.
func xxeInWorkbook(path string) error {
	return writeParts(path, []sheet{{name: "Vacancies", rows: plainRows(2)}}, func(name, body string) string {
		if name != "xl/workbook.xml" {
			return body
		}
		return strings.Replace(body, xmlDecl, xmlDecl+`<!DOCTYPE workbook [<!ENTITY x SYSTEM "file:///etc/passwd">]>`, 1)
	})
}

// zipEntryTwice: the sheet part twice, the first copy whole (4 vacancies)
// and the second cut after one row: which one a reader takes decides how
// many rows it sees.
func zipEntryTwice(path string) error {
	whole := sheetXML(sheet{rows: plainRows(4)})
	cut := sheetHead + `<row r="1">` + inlineRow(1, headerCells(header...)) + `</row><row r="2">` + inlineRow(2, row("ALB-0001", 5)) + `</row>` + sheetTail
	return writeRaw(path, []sheet{{name: "Vacancies"}}, map[string]string{"xl/worksheets/sheet1.xml": whole},
		[]part{{"xl/worksheets/sheet1.xml", cut}})
}

// zipEntryCaseTwin: xl/worksheets/sheet1.xml and xl/worksheets/Sheet1.xml.
func zipEntryCaseTwin(path string) error {
	return writeRaw(path, []sheet{{name: "Vacancies", rows: plainRows(4)}}, nil,
		[]part{{"xl/worksheets/Sheet1.xml", sheetXML(sheet{rows: plainRows(1)})}})
}

// zipEntryBackslashTwin: the same part once more under a Windows path.
func zipEntryBackslashTwin(path string) error {
	return writeRaw(path, []sheet{{name: "Vacancies", rows: plainRows(4)}}, nil,
		[]part{{`xl\worksheets\sheet1.xml`, sheetXML(sheet{rows: plainRows(1)})}})
}

// numberedSheet writes a sheet whose rows carry the given numbers, in the
// order given (0: no r attribute): the header first, then vacancies.
func numberedSheet(path string, numbers []int) error {
	rows := plainRows(len(numbers) - 1)
	var b strings.Builder
	b.WriteString(sheetHead)
	prev := 0
	for i, n := range numbers {
		r := n
		if n == 0 {
			r = prev + 1
			fmt.Fprintf(&b, `<row>%s</row>`, inlineRowNoRef(rows[i]))
		} else {
			fmt.Fprintf(&b, `<row r="%d">%s</row>`, n, inlineRow(n, rows[i]))
		}
		prev = r
	}
	b.WriteString(sheetTail)
	return writeRaw(path, []sheet{{name: "Vacancies"}}, map[string]string{"xl/worksheets/sheet1.xml": b.String()}, nil)
}

// rowsOutOfOrder: the header, then rows numbered 2, 5, 3, 4: 4 vacancies.
func rowsOutOfOrder(path string) error { return numberedSheet(path, []int{1, 2, 5, 3, 4}) }

// rowNumberTwice: the header, then rows 2, 3, 4, 4, 5: 5 rows, the two
// numbered 4 rejected.
func rowNumberTwice(path string) error { return numberedSheet(path, []int{1, 2, 3, 4, 4, 5}) }

// rowsWithoutNumbers: no row and no cell carries a reference (the format
// allows it): the header and 3 vacancies, then one row numbered 10 and one
// without a number after it (11): rows 2–11, 5 vacancies, 5 blank.
func rowsWithoutNumbers(path string) error { return numberedSheet(path, []int{0, 0, 0, 0, 10, 0}) }

// sharedStringSheet writes a sheet whose text is in the shared strings
// table; bad replaces the office of the second vacancy with a raw <v>.
func sharedStringSheet(path, bad string) error {
	rows := plainRows(3)
	var table []string
	index := map[string]int{}
	ref := func(s string) int {
		if i, ok := index[s]; ok {
			return i
		}
		index[s] = len(table)
		table = append(table, s)
		return index[s]
	}
	var b strings.Builder
	b.WriteString(sheetHead)
	for r, cells := range rows {
		fmt.Fprintf(&b, `<row r="%d">`, r+1)
		for c, cl := range cells {
			at := colName(c+1) + fmt.Sprint(r+1)
			switch {
			case r == 2 && c == 1:
				fmt.Fprintf(&b, `<c r="%s" t="s"><v>%s</v></c>`, at, bad)
			case cl.isText:
				fmt.Fprintf(&b, `<c r="%s" t="s"><v>%d</v></c>`, at, ref(cl.text))
			default:
				fmt.Fprintf(&b, `<c r="%s" s="1"><v>%s</v></c>`, at, cl.num)
			}
		}
		b.WriteString(`</row>`)
	}
	b.WriteString(sheetTail)
	sst := xmlDecl + fmt.Sprintf(`<sst xmlns="%s" count="%d" uniqueCount="%d">`, nsMain, len(table), len(table))
	for _, s := range table {
		sst += "<si><t>" + escape(s) + "</t></si>"
	}
	sst += "</sst>"
	return writeRaw(path, []sheet{{name: "Vacancies"}}, map[string]string{
		"xl/worksheets/sheet1.xml": b.String(), "xl/sharedStrings.xml": sst}, nil)
}

// sharedStringNotANumber: 3 vacancies; the second's office is the shared
// string "abc", which is no position in the table.
func sharedStringNotANumber(path string) error { return sharedStringSheet(path, "abc") }

// sharedStringPastTable: 3 vacancies; the second's office is shared
// string 99 of a table of 13.
func sharedStringPastTable(path string) error { return sharedStringSheet(path, "99") }

// serial60: 3 vacancies; the second's event date is the date cell 60,
// Excel's 1900-02-29.
func serial60(path string) error {
	rows := plainRows(3)
	rows[2][5] = cell{num: "60", style: 1}
	return workbook([]sheet{{name: "Vacancies", rows: rows}}).save(path)
}

// invisiblePrefixInjection: headers and values whose first visible
// character starts a formula behind spaces, non-breaking spaces,
// zero-width characters or a line feed. 3 vacancies.
func invisiblePrefixInjection(path string) error {
	head := strings.Join(header, ",") + ",\" =1+1\",\"\u00a0+2\",\"\u200b@SUM(1)\",\"\n-3+3\",\"\ufeff=cmd\",\"\u2060=x\""
	rows := []string{
		"ALB-0001,\"\u200b=HYPERLINK(\"\"http://x\"\")\",Town of Guilderland,Albany,death,2026-03-05, =1+1,\u00a0+2,\u200b@SUM(1),\"\n-3+3\",\ufeff=cmd,\u2060=x",
		"ALB-0002,Town Clerk,\"  \u00a0-1+1\",Albany,death,2026-03-06,\u3000=1,\u2007+1,\u202f@x,\"\r\n=1\",a,b",
		"ALB-0003,Town Justice,Town of Berne,Albany,death,2026-03-07,\t=1,\u200d+1,\u200c-1+1,x,y,z",
	}
	return os.WriteFile(path, []byte(head+"\n"+strings.Join(rows, "\n")+"\n"), 0o644)
}

// sheetNameInjection: three sheets whose names start a formula (sheet
// names cannot hold =, so @, + and - are used, as Excel allows), each with
// a vacancy; a carried column's header starts with =.
func sheetNameInjection(path string) error {
	mk := func(id string) [][]cell {
		rows := [][]cell{append(headerCells(header...), str("=HYPERLINK(\"http://x\")"))}
		return append(rows, append(row(id, 5), str("v")))
	}
	return workbook([]sheet{{name: "@SUM(1)", rows: mk("ALB-0001")}, {name: "+cmd", rows: mk("ALB-0002")},
		{name: "-2+3", rows: mk("ALB-0003")}}).save(path)
}

// fileNameInjection: 2 good vacancies in a file whose name starts a
// formula; the second has a bad cause, so the name is echoed on Errors.
func fileNameInjection(path string) error {
	return os.WriteFile(path, []byte(vacancyLines[0]+"\n"+vacancyLines[1]+"\n"+
		"ALB-0002,Town Clerk,Town of Colonie,Albany,fell asleep,2026-03-06\n"), 0o644)
}

// headerlessCSV: a CSV without a header row, so the run fails and its
// message names the file.
func headerlessCSV(path string) error {
	return os.WriteFile(path, []byte(strings.Join(vacancyLines[1:], "\n")+"\n"), 0o644)
}

// notAZip: text under a workbook's name.
func notAZip(path string) error {
	return os.WriteFile(path, []byte("this is not a workbook\n"), 0o644)
}

// sheetNameControls: a sheet whose name holds a right-to-left override, a
// line feed and a forged message, and whose header names event_date twice,
// so the run fails with a message naming the sheet.
func sheetNameControls(path string) error {
	rows := plainRows(1)
	rows[0] = append(rows[0], str("Event Date"))
	return workbook([]sheet{{name: "Kings\u202e\nbatch: 0 rows rejected", rows: rows}}).save(path)
}

// manySheets: n sheets; the first `with` of them hold a header and one
// vacancy each, the others nothing.
func manySheets(path string, n, with int) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer out.Close()
	sheets := make([]sheet, n)
	for i := range sheets {
		sheets[i].name = fmt.Sprintf("Town %04d", i+1)
	}
	zw := zip.NewWriter(out)
	for _, p := range packageParts(sheets) {
		body := p.body
		var k int
		if _, err := fmt.Sscanf(p.name, "xl/worksheets/sheet%d.xml", &k); err == nil {
			body = sheetHead + sheetTail
			if k <= with {
				body = sheetXML(sheet{rows: [][]cell{headerCells(header...), row(fmt.Sprintf("T%04d-1", k), k%28+1)}})
			}
		}
		w, err := zw.Create(p.name)
		if err != nil {
			return err
		}
		if _, err := io.WriteString(w, body); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return out.Close()
}

// writeRepeated writes head, then chunk times over, then tail.
func writeRepeated(path, head string, chunk []byte, times int, tail string) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer out.Close()
	if _, err := io.WriteString(out, head); err != nil {
		return err
	}
	for range times {
		if _, err := out.Write(chunk); err != nil {
			return err
		}
	}
	if _, err := io.WriteString(out, tail); err != nil {
		return err
	}
	return out.Close()
}

// line200MB: a vacancy, then a vacancy whose notes cell is 200 MB on one
// line, then a vacancy: 3 rows, the middle one rejected.
func line200MB(path string) error {
	return writeRepeated(path, strings.Join(header, ",")+",notes\n"+vacancyLines[1]+",ok\nALB-0002,Town Clerk,Town of Colonie,Albany,death,2026-03-06,",
		bytes.Repeat([]byte("x"), 1<<20), 200, "\n"+vacancyLines[3]+",ok\n")
}

// quotedCellOfLines: a vacancy whose quoted notes cell runs over 64 MB of
// short lines (8 bytes each, 8,388,608 lines), then a vacancy: 3 rows,
// the middle one rejected.
func quotedCellOfLines(path string) error {
	return writeRepeated(path, strings.Join(header, ",")+",notes\n"+vacancyLines[1]+",ok\nALB-0002,Town Clerk,Town of Colonie,Albany,death,2026-03-06,\"",
		bytes.Repeat([]byte("minutes\n"), 1<<16), (8<<20)/(1<<16), "\"\n"+vacancyLines[3]+",ok\n")
}

// unclosedQuoteThen64MB: a vacancy, then a quote opened on line 3 and never
// closed, then 64 MB of vacancy lines: the file fails, every line after
// the quote would be one cell.
func unclosedQuoteThen64MB(path string) error {
	line := vacancyLines[3] + "\n"
	return writeRepeated(path, vacancyLines[0]+"\n"+vacancyLines[1]+"\n\"ALB-0002,Town Clerk,Town of Colonie,Albany,death,2026-03-06\n",
		[]byte(strings.Repeat(line, (1<<20)/len(line))), 64, "")
}

// wideColumnCount is Excel's last column: 6 vacancy columns and 16,378
// carried through, more than the 16,384 columns of the Vacancies sheet
// once the tool's own columns are added.
const wideColumnCount = 16384

func wideHeader() []string {
	names := append([]string(nil), header...)
	for i := len(header); i < wideColumnCount; i++ {
		names = append(names, fmt.Sprintf("extra_%05d", i+1))
	}
	return names
}

// wide16384XLSX: a sheet of 16,384 columns with 2 vacancies.
func wide16384XLSX(path string) error {
	rows := [][]cell{headerCells(wideHeader()...)}
	for r := 1; r <= 2; r++ {
		cells := row(fmt.Sprintf("ALB-%04d", r), r)
		for i := len(header); i < wideColumnCount; i++ {
			cells = append(cells, str(fmt.Sprintf("v%d", i+1)))
		}
		rows = append(rows, cells)
	}
	return workbook([]sheet{{name: "Vacancies", rows: rows}}).save(path)
}

// wide16384CSV: the same as CSV, 2 vacancies.
func wide16384CSV(path string) error {
	var b strings.Builder
	b.WriteString(strings.Join(wideHeader(), ",") + "\n")
	for r := 1; r <= 2; r++ {
		fmt.Fprintf(&b, "ALB-%04d,Town Supervisor,Town of Guilderland %d,Albany,death,2026-03-0%d", r, r, r)
		for i := len(header); i < wideColumnCount; i++ {
			fmt.Fprintf(&b, ",v%d", i+1)
		}
		b.WriteByte('\n')
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// mixedEncodings: the incumbent "José Muñoz" with é in UTF-8 and ñ in
// Windows-1252 (one byte, F1), as when a name is pasted from two
// programs; and a second row all UTF-8. 2 vacancies.
func mixedEncodings(path string) error {
	return os.WriteFile(path, []byte("vacancy_id,office,district,county,incumbent,cause,event_date\n"+
		"ALB-0001,Town Supervisor,Town of Guilderland,Albany,Jos\xc3\xa9 Mu\xf1oz,death,2026-03-05\n"+
		"ALB-0002,Town Clerk,Town of Cañada,Albany,Ann Lee,death,2026-03-06\n"), 0o644)
}

// writeRaw writes a package whose parts may be replaced (by name) or
// added after the others, duplicates included.
func writeRaw(path string, sheets []sheet, replace map[string]string, extra []part) error {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	parts := packageParts(sheets)
	if _, ok := replace["xl/sharedStrings.xml"]; ok {
		parts = append(parts, part{"xl/sharedStrings.xml", replace["xl/sharedStrings.xml"]})
		for i := range parts {
			switch parts[i].name {
			case "xl/_rels/workbook.xml.rels":
				parts[i].body = strings.Replace(parts[i].body, "</Relationships>",
					`<Relationship Id="rIdS" Type="`+nsRel+`/sharedStrings" Target="sharedStrings.xml"/></Relationships>`, 1)
			case "[Content_Types].xml":
				parts[i].body = strings.Replace(parts[i].body, "</Types>",
					`<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`, 1)
			}
		}
	}
	for _, p := range append(parts, extra...) {
		body := p.body
		if r, ok := replace[p.name]; ok && p.name != "xl/sharedStrings.xml" {
			body = r
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: p.name, Method: zip.Deflate})
		if err != nil {
			return err
		}
		if _, err := io.WriteString(w, body); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// inlineRowNoRef writes cells without references: in order, no gaps.
func inlineRowNoRef(cells []cell) string {
	s := inlineRow(1, cells)
	for _, c := range []string{"A", "B", "C", "D", "E", "F", "G"} {
		s = strings.ReplaceAll(s, ` r="`+c+`1"`, "")
	}
	return s
}
