package sheetscan

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
)

const sheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
	`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">`

// rows reads every row of a sheet, after its check.
func rows(t testing.TB, sheet string) ([]Row, []string, error) {
	t.Helper()
	var numbers []string
	if err := Check(strings.NewReader(sheet), func(r []byte) {
		if r == nil {
			numbers = append(numbers, "-")
		} else {
			numbers = append(numbers, string(r))
		}
	}); err != nil {
		return nil, numbers, err
	}
	sc := New(strings.NewReader(sheet), 0)
	var out []Row
	for sc.Next() {
		r := sc.Row()
		out = append(out, Row{R: r.R, HasR: r.HasR, Cells: append([]Cell(nil), r.Cells...)})
	}
	return out, numbers, sc.Err()
}

func TestReadsCellsAsWritten(t *testing.T) {
	sheet := sheetHead + `<sheetData>` +
		`<row r="1" spans="1:3"><c r="A1" s="2"><v>46356</v></c><c r="B1" t="s"><v> 7 </v></c><c r="C1" t="inlineStr"><is><r><t>Rich </t></r><r><rPr/><t xml:space="preserve">text</t></r><rPh><t>ふり</t></rPh></is></c></row>` +
		`<row><c t="str"><f>A1&amp;"x"</f><v>a&amp;b &lt;c&gt; &#233;` + "\r\n" + `</v></c><c s="bold"/><c r="Z2" t="d"><v><![CDATA[2026-01-05]]></v></c></row>` +
		`<x:row r="9" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><!-- <c r="Q9"><v>no</v></c> --><x:c r="A9"><x:v>1</x:v></x:c></x:row>` +
		`<row x:r="4"/>` +
		`</sheetData><autoFilter ref="A1:C1"/><headerFooter><oddHeader>&amp;L<row r="99"/></oddHeader></headerFooter></worksheet>`
	got, numbers, err := rows(t, strings.Replace(sheet, `<oddHeader>&amp;L<row r="99"/></oddHeader>`, `<oddHeader>&amp;L</oddHeader>`, 1))
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{
		{R: "1", HasR: true, Cells: []Cell{{Ref: "A1", Style: 2, V: "46356", HasV: true}, {Ref: "B1", Type: "s", V: " 7 ", HasV: true},
			{Ref: "C1", Type: "inlineStr", Inline: "Rich text"}}},
		{Cells: []Cell{{Type: "str", V: "a&b <c> é\n", F: true, Formula: `A1&"x"`, HasV: true}, {}, {Ref: "Z2", Type: "d", V: "2026-01-05", HasV: true}}},
		{R: "9", HasR: true, Cells: []Cell{{Ref: "A9", V: "1", HasV: true}}},
		{}, // an r with a prefix is not the row's number
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("rows\n got %+v\nwant %+v", got, want)
	}
	if fmt.Sprint(numbers) != "[1 - 9 4]" {
		t.Errorf("the check saw row numbers %q", numbers)
	}
}

// TestFormulaText: a formula cell's <f> text is read as written, decoded
// as its value is; a shared formula's later cells have none (issue 35: a
// count in the id column is a total row when its formula is an
// aggregate, and =ROW()-1 filled down is not).
func TestFormulaText(t *testing.T) {
	cases := []struct{ name, cell, want string }{
		{"a count", `<c r="A5" t="str"><f>COUNTA(A2:A3)</f><v>2</v></c>`, "COUNTA(A2:A3)"},
		{"references decoded", `<c r="A5" t="str"><f>IF(A2&lt;&gt;"",A2&amp;"-"&amp;B2,"")</f><v>x</v></c>`, `IF(A2<>"",A2&"-"&B2,"")`},
		{"CDATA and a line end", `<c r="A5"><f><![CDATA[SUM(]]>` + "B2:B3\r\n)" + `</f><v>5</v></c>`, "SUM(B2:B3\n)"},
		{"the first cell of a shared formula", `<c r="A2"><f t="shared" ref="A2:A9" si="0">ROW()-1</f><v>1</v></c>`, "ROW()-1"},
		{"a later cell of a shared formula", `<c r="A3"><f t="shared" si="0"/><v>2</v></c>`, ""},
		{"an array formula", `<c r="A5"><f t="array" ref="A5">SUM(B2:B3*C2:C3)</f><v>7</v></c>`, "SUM(B2:B3*C2:C3)"},
		{"no formula", `<c r="A5"><v>2</v></c>`, ""},
		{"a formula before its value, then the value", `<c r="A5"><v>2</v><f>SUM(B1)</f></c>`, "SUM(B1)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sheet := sheetHead + `<sheetData><row r="5">` + c.cell + `<c r="B5"><v>9</v></c></row></sheetData></worksheet>`
			for _, step := range []int{1, 5, len(sheet)} {
				sc := New(&trickle{s: sheet, step: step}, 0)
				if !sc.Next() {
					t.Fatalf("step %d: no row: %v", step, sc.Err())
				}
				cells := sc.Row().Cells
				if cells[0].Formula != c.want || cells[1].Formula != "" || cells[1].V != "9" {
					t.Fatalf("step %d: formula %q, want %q; next cell %+v", step, cells[0].Formula, c.want, cells[1])
				}
			}
		})
	}
	// A formula's text is held with the row's values, within their bound.
	long := sheetHead + `<sheetData><row r="1"><c r="A1"><f>SUM(` + strings.Repeat("B1,", 400) + `B1)</f><v>1</v></c></row></sheetData></worksheet>`
	sc := New(strings.NewReader(long), 1000)
	for sc.Next() {
	}
	if sc.Err() != ErrRowText {
		t.Fatalf("a formula of 1,200 characters in a row bound to 1,000: %v, want ErrRowText", sc.Err())
	}
}

func TestRefusesDamagedXML(t *testing.T) {
	good := sheetHead + `<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>`
	cases := []struct{ name, sheet, want string }{
		{"cut short", good[:len(good)-30], "stops before its end, inside <row>"},
		{"cut inside a tag", good[:len(good)-3], "inside <worksheet>"},
		{"mismatched end tag", strings.Replace(good, "</row>", "</rows>", 1), "closes <rows> where it is not open"},
		{"a second document element", good + "<worksheet/>", "second element"},
		{"no document element", `<?xml version="1.0"?>`, "no document element"},
		{"a DOCTYPE", `<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaa">]>` + good[len(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`)+1:], "document type"},
		{"an ENTITY", strings.Replace(good, "<sheetData>", `<!ENTITY a "b"><sheetData>`, 1), "document type"},
		{"an unknown entity", strings.Replace(good, "<v>1</v>", "<v>&bomb;</v>", 1), "invalid character entity"},
		{"a control character", strings.Replace(good, "<v>1</v>", "<v>a\x01b</v>", 1), "illegal character"},
		{"a NUL by reference", strings.Replace(good, "<v>1</v>", "<v>&#0;</v>", 1), "illegal character"},
		{"bytes that are not UTF-8", strings.Replace(good, "<v>1</v>", "<v>\xff</v>", 1), "UTF-8"},
		{"a run of text longer than any cell", strings.Replace(good, "<v>1</v>", "<v>"+strings.Repeat("x", MaxTextRun+10)+"</v>", 1), "KB of text"},
		{"another encoding", strings.Replace(good, `encoding="UTF-8"`, `encoding="windows-1252"`, 1), "encoding"},
		{"an unquoted attribute", strings.Replace(good, `r="A1"`, `r=A1`, 1), "unquoted"},
		{"]]> in text", strings.Replace(good, "<v>1</v>", "<v>a]]>b</v>", 1), "]]>"},
		{"-- in a comment", strings.Replace(good, "<v>1</v>", "<v><!-- a -- b -->1</v>", 1), "comment"},
		{"a cell inside a cell", strings.Replace(good, "<v>1</v>", `<c r="B1"/>`, 1), "a cell inside a cell"},
		{"a row inside a row", strings.Replace(good, "<v>1</v>", `</c><row/><c>`, 1), "a row inside a row"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := rows(t, c.sheet)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want it to say %q", err, c.want)
			}
		})
	}
}

func TestRowTextBound(t *testing.T) {
	sheet := sheetHead + `<sheetData><row r="1"><c r="A1"><v>` + strings.Repeat("x", 600) + `</v></c><c r="B1"><v>` +
		strings.Repeat("y", 600) + `</v></c></row></sheetData></worksheet>`
	sc := New(strings.NewReader(sheet), 1000)
	for sc.Next() {
	}
	if sc.Err() != ErrRowText {
		t.Fatalf("error %v, want ErrRowText", sc.Err())
	}
}

func TestSharedStrings(t *testing.T) {
	sst := `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="4">` +
		`<si><t>Member of Assembly</t></si>` +
		`<si><r><rPr><b/></rPr><t>Rich </t></r><r><t xml:space="preserve">text </t></r><rPh sb="0" eb="1"><t>ふりがな</t></rPh></si>` +
		`<si><t>a &amp; b <![CDATA[<c>]]>` + "\r\n" + `_x000D_</t></si><si><t/></si></sst>`
	s, err := ReadStrings(strings.NewReader(sst))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Member of Assembly", "Rich text ", "a & b <c>\n_x000D_", ""}
	if s.Len() != len(want) {
		t.Fatalf("%d strings", s.Len())
	}
	for i, w := range want {
		if got := string(s.At(i)); got != w {
			t.Errorf("string %d: %q, want %q", i, got, w)
		}
	}
}

// TestBigSheetThroughSmallReads reads a sheet of many rows through a
// reader that hands out a few bytes at a time: tokens cut at any byte
// must come out whole.
func TestBigSheetThroughSmallReads(t *testing.T) {
	var b strings.Builder
	b.WriteString(sheetHead + "<sheetData>")
	for r := 1; r <= 3000; r++ {
		fmt.Fprintf(&b, `<row r="%d"><c r="A%d" t="inlineStr"><is><t>row &amp; %d</t></is></c><c r="C%d" s="2"><v>%d</v></c></row>`, r, r, r, r, 40000+r)
	}
	b.WriteString("</sheetData></worksheet>")
	for _, step := range []int{1, 7, 4096} {
		n := 0
		if err := Check(&trickle{s: b.String(), step: step}, func([]byte) { n++ }); err != nil || n != 3000 {
			t.Fatalf("step %d: the check saw %d rows, %v", step, n, err)
		}
		sc := New(&trickle{s: b.String(), step: step}, 0)
		n = 0
		for sc.Next() {
			n++
			r := sc.Row()
			if r.R != strconv.Itoa(n) || len(r.Cells) != 2 || r.Cells[0].Inline != "row & "+strconv.Itoa(n) || r.Cells[1].Ref != "C"+strconv.Itoa(n) ||
				r.Cells[1].Style != 2 || r.Cells[1].V != strconv.Itoa(40000+n) {
				t.Fatalf("step %d row %d: %+v", step, n, r)
			}
		}
		if sc.Err() != nil || n != 3000 {
			t.Fatalf("step %d: %d rows, %v", step, n, sc.Err())
		}
	}
}

type trickle struct {
	s    string
	step int
}

func (r *trickle) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.step)], r.s)
	r.s = r.s[n:]
	return n, nil
}

// FuzzScanBytes hands arbitrary bytes to the check, the scanner and the
// shared-strings reader: none may panic or hang, and reading the bytes a
// few at a time must give what reading them whole gives.
func FuzzScanBytes(f *testing.F) {
	f.Add([]byte(sheetHead + `<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row></sheetData></worksheet>`))
	f.Add([]byte(`<worksheet><sheetData><row><c><v>1</v></c></row></sheetData></worksheet>`))
	f.Add([]byte(`<a><!-- c --><![CDATA[x]]><?p?></a>`))
	f.Add([]byte(`<sst><si><t>a</t><r><t>b</t></r><rPh><t>c</t></rPh></si></sst>`))
	f.Add([]byte(`<worksheet><sheetData><row><c><f t="shared" ref="A1:A2" si="0">ROW()-1</f><v>0</v></c></row><row><c><f t="shared" si="0"/><v>1</v></c><c t="str"><f>COUNTA(A1:A2)&amp;""</f><v>2</v></c></row></sheetData></worksheet>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		whole := scanAll(data, len(data)+1)
		bits := scanAll(data, 3)
		if whole != bits {
			t.Fatalf("read whole:\n%s\nread three bytes at a time:\n%s", whole, bits)
		}
	})
}

// scanAll is everything the three readers make of data, read step bytes
// at a time, as text.
func scanAll(data []byte, step int) string {
	var b strings.Builder
	err := Check(&trickle{s: string(data), step: step}, func(r []byte) { fmt.Fprintf(&b, "row %q\n", r) })
	fmt.Fprintf(&b, "check: %v\n", err)
	sc := New(&trickle{s: string(data), step: step}, 1<<12)
	for sc.Next() {
		fmt.Fprintf(&b, "%+v\n", *sc.Row())
	}
	fmt.Fprintf(&b, "scan: %v\n", sc.Err())
	s, err := ReadStrings(&trickle{s: string(data), step: step})
	if err == nil {
		for i := 0; i < s.Len(); i++ {
			fmt.Fprintf(&b, "si %q\n", s.At(i))
		}
	}
	fmt.Fprintf(&b, "strings: %v\n", err)
	return b.String()
}

// checkedScan reads data as a Scanner made by NewChecked does, step bytes
// at a time: its rows, and its error.
func checkedScan(data []byte, step int) ([]string, error) {
	sc := NewChecked(&trickle{s: string(data), step: step}, 1<<12)
	var rows []string
	for sc.Next() {
		rows = append(rows, fmt.Sprintf("%+v", *sc.Row()))
	}
	return rows, sc.Err()
}

// checkThenScan reads data as a Check and then a New Scanner do.
func checkThenScan(data []byte, step int) ([]string, error) {
	if err := Check(&trickle{s: string(data), step: step}, nil); err != nil {
		return nil, err
	}
	sc := New(&trickle{s: string(data), step: step}, 1<<12)
	var rows []string
	for sc.Next() {
		rows = append(rows, fmt.Sprintf("%+v", *sc.Row()))
	}
	return rows, sc.Err()
}

// One pass of a checking Scanner fails where Check and then the Scanner
// fail, and gives the same rows and error where they pass: the damage
// before, inside and after sheetData, and the part's end.
func TestCheckedScanAsCheckThenScan(t *testing.T) {
	body := `<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row r="2"><c><v>2</v></c></row></sheetData>`
	for name, sheet := range map[string]string{
		"sound":                 sheetHead + body + `</worksheet>`,
		"sound, tail":           sheetHead + body + `<pageMargins left="0.7"/><!-- x --></worksheet>` + "\n",
		"tail not closed":       sheetHead + body + `<headerFooter><oddHeader>x</oddHeader>`,
		"second root":           sheetHead + body + `</worksheet><worksheet/>`,
		"closes what is shut":   sheetHead + body + `</cols></worksheet>`,
		"doctype after data":    sheetHead + body + `<!DOCTYPE x></worksheet>`,
		"cut inside a row":      sheetHead + `<sheetData><row r="1"><c r="A1"><v>1`,
		"cell not closed":       sheetHead + `<sheetData><row r="1"><c r="A1"><v>1</v></row></sheetData></worksheet>`,
		"row closes another":    sheetHead + `<sheetData><row r="1"><x></row></sheetData></worksheet>`,
		"no sheetData, cut":     sheetHead + `<cols>`,
		"text run in the tail":  sheetHead + body + strings.Repeat("x", MaxTextRun+1) + `</worksheet>`,
		"bad reference in data": sheetHead + `<sheetData><row r="1"><c><v>&bogus;</v></c></row></sheetData></worksheet>`,
	} {
		for _, step := range []int{3, 1 << 20} {
			wantRows, wantErr := checkThenScan([]byte(sheet), step)
			gotRows, gotErr := checkedScan([]byte(sheet), step)
			if (gotErr == nil) != (wantErr == nil) {
				t.Errorf("%s (step %d): one pass: %v; check, then scan: %v", name, step, gotErr, wantErr)
				continue
			}
			if wantErr == nil && fmt.Sprint(gotRows) != fmt.Sprint(wantRows) {
				t.Errorf("%s (step %d): one pass gave %v, check then scan %v", name, step, gotRows, wantRows)
			}
			if wantErr != nil && !strings.HasPrefix(name, "bad reference") && gotErr.Error() != wantErr.Error() {
				t.Errorf("%s (step %d): one pass says %q, check then scan %q", name, step, gotErr, wantErr)
			}
		}
	}
}

// Whatever the bytes, one checking pass fails exactly when Check or the
// Scanner after it fails, and where neither does it gives their rows.
func FuzzCheckedScan(f *testing.F) {
	f.Add([]byte(sheetHead + `<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row></sheetData></worksheet>`))
	f.Add([]byte(`<worksheet><sheetData><row><c><v>1</v></c></row></sheetData><x></worksheet>`))
	f.Add([]byte(`<worksheet><sheetData><row><c><v>1</v></row></sheetData></worksheet><!DOCTYPE a>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		wantRows, wantErr := checkThenScan(data, 7)
		gotRows, gotErr := checkedScan(data, 7)
		if (gotErr == nil) != (wantErr == nil) {
			t.Fatalf("one pass: %v; check, then scan: %v", gotErr, wantErr)
		}
		if wantErr == nil && fmt.Sprint(gotRows) != fmt.Sprint(wantRows) {
			t.Fatalf("one pass gave %v, check then scan %v", gotRows, wantRows)
		}
	})
}

// A table read keeping some strings holds those, at their own positions,
// and counts every string; a budget too small for what is kept fails.
func TestSharedStringsKept(t *testing.T) {
	sst := `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
		`<si><t>zero</t></si><si><r><t>o</t></r><r><t>ne</t></r></si><si><t/></si><si><t>three</t><rPh><t>x</t></rPh></si><si><t>four &amp; more</t></si></sst>`
	whole, err := ReadStrings(strings.NewReader(sst))
	if err != nil {
		t.Fatal(err)
	}
	for _, keep := range [][]int{{}, {0}, {4}, {1, 3}, {0, 2, 4}, {0, 1, 2, 3, 4}} {
		in := map[int]bool{}
		for _, i := range keep {
			in[i] = true
		}
		s, err := ReadStringsWithin(strings.NewReader(sst), func(i int) bool { return in[i] }, 0)
		if err != nil {
			t.Fatal(err)
		}
		if s.Len() != 5 || s.Held() != len(keep) {
			t.Errorf("keep %v: Len %d Held %d", keep, s.Len(), s.Held())
		}
		for i := range 5 {
			got := s.At(i)
			if in[i] != (got != nil) || in[i] && string(got) != string(whole.At(i)) {
				t.Errorf("keep %v: string %d is %q", keep, i, got)
			}
		}
		list, at := s.List()
		for j, i := range at {
			if list[j] != string(whole.At(i)) {
				t.Errorf("keep %v: List %d is %q at %d", keep, j, list[j], i)
			}
		}
	}
	if _, err := ReadStringsWithin(strings.NewReader(sst), nil, 40); err != ErrStringsBudget {
		t.Errorf("budget 40: %v, want ErrStringsBudget", err)
	}
}

// ReadStrings reads a shared-strings part from its inflated bytes, every
// string held. Check it first: this reads the strings, checking only
// their characters.
func ReadStrings(src io.Reader) (*Strings, error) {
	return ReadStringsWithin(src, nil, 0)
}

// TestHiddenRowsFormulasAndTail: a row's hidden flag, a formula cell with
// and without a saved value, its formula's text (none for a shared
// formula's cells after the first), and what the sheet says after its
// rows (its merged cells and filter), read alike by CheckTail and by a
// Scanner made by NewChecked (issue 35).
func TestHiddenRowsFormulasAndTail(t *testing.T) {
	sheet := sheetHead + `<sheetData>` +
		`<row r="1"><c r="A1" t="inlineStr"><is><t>office</t></is></c></row>` +
		`<row r="2" hidden="1"><c r="A2"><f>SUM(B1:B9)</f><v>3</v></c></row>` +
		`<row r="3" hidden="true"><c r="A3"><f t="shared" si="0"/></c></row>` +
		`<row r="4" hidden="0"><c r="A4"><v>4</v></c></row>` +
		`</sheetData><autoFilter ref="A1:C4"><filterColumn colId="0"><filters><filter val="x"/></filters></filterColumn></autoFilter>` +
		`<mergeCells count="2"><mergeCell ref="A2:A3"/><mergeCell ref="B2:C2"/></mergeCells></worksheet>`
	var tail Tail
	if err := CheckTail(strings.NewReader(sheet), nil, &tail); err != nil {
		t.Fatal(err)
	}
	sc := NewChecked(strings.NewReader(sheet), 0)
	var hidden []bool
	var formulas []string
	for sc.Next() {
		r := sc.Row()
		hidden = append(hidden, r.Hidden)
		for _, c := range r.Cells {
			if c.F {
				formulas = append(formulas, fmt.Sprintf("%s=%s(%v) %q", c.Ref, c.V, c.HasV, c.Formula))
			}
		}
	}
	if sc.Err() != nil {
		t.Fatal(sc.Err())
	}
	if fmt.Sprint(hidden) != "[false true true false]" {
		t.Errorf("hidden rows %v", hidden)
	}
	if fmt.Sprint(formulas) != `[A2=3(true) "SUM(B1:B9)" A3=(false) ""]` {
		t.Errorf("formulas %v", formulas)
	}
	want := Tail{Merges: []string{"A2:A3", "B2:C2"}, Filter: "A1:C4", Filtering: true}
	for name, got := range map[string]*Tail{"CheckTail": &tail, "NewChecked": sc.Tail()} {
		if fmt.Sprint(*got) != fmt.Sprint(want) {
			t.Errorf("%s: tail %+v, want %+v", name, *got, want)
		}
	}
}
