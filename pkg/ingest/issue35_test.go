package ingest

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rawSheet is a worksheet of a hand-made workbook: its XML after the
// worksheet element's start, and its state ("", "hidden", "veryHidden").
type rawSheet struct {
	name, state, body string
}

// rawBook writes a workbook of the sheets given, the parts as written.
func rawBook(t *testing.T, sheets ...rawSheet) string {
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
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	var wb, rels strings.Builder
	wb.WriteString(`<workbook ` + ns + `><sheets>`)
	rels.WriteString(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`)
	for i, s := range sheets {
		state := ""
		if s.state != "" {
			state = ` state="` + s.state + `"`
		}
		fmt.Fprintf(&wb, `<sheet name="%s" sheetId="%d"%s r:id="rId%d"/>`, s.name, i+1, state, i+1)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet%d.xml"/>`, i+1, i+1)
		add(fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1), `<worksheet `+ns+`>`+s.body+`</worksheet>`)
	}
	wb.WriteString(`</sheets></workbook>`)
	rels.WriteString(`<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`)
	add("_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)
	add("xl/workbook.xml", wb.String())
	add("xl/_rels/workbook.xml.rels", rels.String())
	add("xl/styles.xml", `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "book.xlsx")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// rawRow is a row of inline strings (a value "#46086" is a date cell of
// that serial; "" is no cell), with extra attributes for the row.
func rawRow(n int, attrs string, vals ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<row r="%d"%s>`, n, attrs)
	for i, v := range vals {
		ref := columnLetters(i+1) + fmt.Sprint(n)
		switch {
		case v == "":
		case strings.HasPrefix(v, "#"):
			fmt.Fprintf(&b, `<c r="%s" s="1"><v>%s</v></c>`, ref, v[1:])
		default:
			fmt.Fprintf(&b, `<c r="%s" t="inlineStr"><is><t>%s</t></is></c>`, ref, v)
		}
	}
	b.WriteString(`</row>`)
	return b.String()
}

var rawHeader = rawRow(1, "", "vacancy_id", "office", "district", "county", "cause", "event_date")

// 46086 is 2026-03-05 (46023 is 2026-01-01, worked in dates_test.go).
const march5 = "#46086"

func notesOf(st FileStats) string {
	var b strings.Builder
	for _, n := range st.Notes {
		b.WriteString(n.Message)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestMergedCellsGiveTheirValueBelow: a county merged over two rows gives
// the second row the county, with a note (issue 35: it went to
// by-county/(none) without a word); a date merged down stays a date; a
// cell merged across columns is one cell, its first.
func TestMergedCellsGiveTheirValueBelow(t *testing.T) {
	body := `<sheetData>` + rawHeader +
		rawRow(2, "", "A-1", "Town Supervisor", "Town of Berne", "Albany", "death", march5) +
		rawRow(3, "", "A-2", "Town Clerk", "Town of Berne", "", "death", "") +
		rawRow(4, "", "A-3", "Town Justice", "", "Albany", "resigned", march5) +
		`</sheetData><mergeCells count="3"><mergeCell ref="D2:D3"/><mergeCell ref="F2:F3"/><mergeCell ref="B4:C4"/></mergeCells>`
	path := rawBook(t, rawSheet{name: "Vacancies", body: body})
	items, st := readAll(t, path, Options{})
	if len(items) != 3 {
		t.Fatalf("%d items", len(items))
	}
	second := items[1]
	if len(second.Problems) > 0 || second.Vacancy.County != "Albany" || second.Vacancy.EventDate != d(2026, 3, 5) {
		t.Fatalf("row 3: county %q, event %v, problems %v", second.Vacancy.County, second.Vacancy.EventDate, second.Problems)
	}
	if third := items[2]; third.Vacancy.District != "" {
		t.Errorf("a cell merged across columns gave its value to the next column: district %q", third.Vacancy.District)
	}
	notes := notesOf(st)
	for _, want := range []string{
		`cells D2:D3 are merged: the value "Albany" of D2 is read in row 3 too`,
		`cells B4:C4 are merged across columns: read as one cell, B4 (column C left blank)`,
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	// Read as it is checked, the sheet's merges come after its rows: the
	// read ends asking for the check first, before giving a wrong row.
	var offices []string
	_, err := ReadFile(context.Background(), path, Options{CheckAsRead: true}, func(it Item) error {
		offices = append(offices, it.Vacancy.Office)
		return nil
	})
	if !errors.Is(err, ErrRescan) || !strings.Contains(err.Error(), "D2:D3") {
		t.Fatalf("checked as read: %v", err)
	}
}

// TestHiddenSheetsRowsAndFilters: every row is read, and what was hidden
// is named (issue 35: read and computed without a word).
func TestHiddenSheetsRowsAndFilters(t *testing.T) {
	shown := `<sheetData>` + rawHeader +
		rawRow(2, "", "A-1", "Town Supervisor", "", "Albany", "death", march5) +
		rawRow(3, ` hidden="1"`, "A-2", "Town Clerk", "", "Albany", "death", march5) +
		rawRow(4, ` hidden="1"`, "A-3", "Town Justice", "", "Albany", "death", march5) +
		`</sheetData><autoFilter ref="A1:F4"><filterColumn colId="1"><filters><filter val="Town Supervisor"/></filters></filterColumn></autoFilter>`
	plain := `<sheetData>` + rawHeader +
		rawRow(2, "", "H-1", "Town Supervisor", "", "Erie", "death", march5) +
		rawRow(3, ` hidden="1"`, "H-2", "Town Clerk", "", "Erie", "death", march5) +
		`</sheetData>`
	archive := `<sheetData>` + rawHeader + rawRow(2, "", "V-1", "Mayor", "", "Erie", "death", march5) + `</sheetData>`
	path := rawBook(t, rawSheet{name: "Filtered", body: shown}, rawSheet{name: "Hand", body: plain},
		rawSheet{name: "Archive", state: "veryHidden", body: archive})
	for _, checkAsRead := range []bool{false, true} {
		items, st := readAll(t, path, Options{CheckAsRead: checkAsRead})
		if len(items) != 6 {
			t.Fatalf("%d items: every row is read", len(items))
		}
		got := fmt.Sprint(st.Hidden)
		want := "[{Filtered visible [3 4] 2 A1:F4} {Hand visible [3] 1 } {Archive veryHidden [] 0 }]"
		if got != want {
			t.Errorf("check as read %v: hidden %s, want %s", checkAsRead, got, want)
		}
		notes := notesOf(st)
		for _, w := range []string{"rows 3, 4 are hidden by the filter on A1:F4", "row 3 is hidden: every row was read", "the sheet is very hidden"} {
			if !strings.Contains(notes, w) {
				t.Errorf("notes lack %q:\n%s", w, notes)
			}
		}
	}
}

// TestTotalRowsAreNotedNotRejected: a total row at the bottom is noted and
// not counted (issue 35: two rejected rows failed --fail-on every night);
// a row that names an office stays a vacancy's row.
func TestTotalRowsAreNotedNotRejected(t *testing.T) {
	csv := "vacancy_id,office,county,cause,event_date\n" +
		"A-1,Town Supervisor,Albany,death,2026-03-05\n" +
		"A-2,Town Clerk,Albany,died,2026-03-06\n" +
		"Total,,,,2\n" +
		",,,,=COUNTA(E2:E3)\n"
	path := filepath.Join(t.TempDir(), "v.csv")
	if err := os.WriteFile(path, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	_, st := readAll(t, path, Options{})
	if st.Rows != 2 || st.Accepted != 2 || st.Rejected != 0 {
		t.Fatalf("rows %d accepted %d rejected %d", st.Rows, st.Accepted, st.Rejected)
	}
	notes := notesOf(st)
	for _, w := range []string{`line 4 is a total row ("Total" in column A), not a vacancy`, `line 5 is a total row (a count or sum in column E)`} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes lack %q:\n%s", w, notes)
		}
	}
	// In a workbook: the label and a formula's saved count.
	body := `<sheetData>` + rawHeader +
		rawRow(2, "", "A-1", "Town Supervisor", "", "Albany", "death", march5) +
		`<row r="3"><c r="A3" t="inlineStr"><is><t>Total:</t></is></c><c r="B3"><f>COUNTA(B2:B2)</f><v>1</v></c></row>` +
		rawRow(4, "", "A-9", "", "", "", "", "") + // a row left to fill: still rejected
		`</sheetData>`
	items, st := readAll(t, rawBook(t, rawSheet{name: "V", body: body}), Options{})
	if st.Rows != 2 || st.Accepted != 1 || st.Rejected != 1 || len(items) != 2 {
		t.Fatalf("workbook: rows %d accepted %d rejected %d", st.Rows, st.Accepted, st.Rejected)
	}
	if n := notesOf(st); !strings.Contains(n, `row 3 is a total row ("Total:" in column A, a count or sum in column B)`) {
		t.Errorf("notes: %s", n)
	}
}

// TestACountInTheIdColumn: a count with no label in the vacancy_id
// column is a total row when its formula is an aggregate (a CSV keeps
// its text, a workbook its <f>); a formula filled down the id column
// (=ROW()-1) marks rows left to fill, which are still read, and rejected
// (issue 35: the count was "office is blank", and --fail-on error failed).
func TestACountInTheIdColumn(t *testing.T) {
	const head = "vacancy_id,office,county,cause,event_date\n" +
		"A-1,Town Supervisor,Albany,death,2026-03-05\n" +
		"A-2,Town Clerk,Albany,death,2026-03-06\n"
	// A workbook's formula cell: its <f> and its saved value.
	formula := func(ref, f, v string) string {
		return fmt.Sprintf(`<c r="%s" t="str">%s<v>%s</v></c>`, ref, f, v)
	}
	head2 := `<sheetData>` + rawHeader +
		rawRow(2, "", "A-1", "Town Supervisor", "", "Albany", "death", march5) +
		rawRow(3, "", "A-2", "Town Clerk", "", "Albany", "death", march5)
	cases := []struct {
		name, csv, sheet string
		accepted         int
		rejected         int
		notes, never     []string
	}{
		{name: "a CSV's COUNTA in column A, below a labelled total",
			csv:      head + ",,,,\nTotal,2,,,\n=COUNTA(A2:A3),,,,\n",
			accepted: 2,
			notes:    []string{`line 5 is a total row ("Total" in column A)`, `line 6 is a total row (a count or sum in column A), not a vacancy`}},
		{name: "a CSV's SUM alone in column A",
			csv:      head + "=SUM(F2:F3),,,,\n",
			accepted: 2,
			notes:    []string{`line 4 is a total row (a count or sum in column A)`}},
		{name: "a CSV's =ROW()-1 in column A is a row left to fill",
			csv:      head + "=ROW()-1,,,,\n",
			accepted: 2, rejected: 1,
			never: []string{"total row"}},
		{name: "a workbook's COUNTA in column A, below a labelled total",
			sheet: head2 + `<row r="4"><c r="A4" t="inlineStr"><is><t>Total</t></is></c>` + formula("B4", "<f>COUNTA(B2:B3)</f>", "2") + `</row>` +
				`<row r="5">` + formula("A5", "<f>COUNTA(A2:A3)</f>", "2") + `</row></sheetData>`,
			accepted: 2,
			notes:    []string{`row 4 is a total row ("Total" in column A, a count or sum in column B)`, `row 5 is a total row (a count or sum in column A), not a vacancy`}},
		{name: "a workbook's AGGREGATE, newer than Excel 2007, in column A",
			sheet:    head2 + `<row r="4"><c r="A4"><f>_xlfn.AGGREGATE(3,5,A2:A3)</f><v>2</v></c></row></sheetData>`,
			accepted: 2,
			notes:    []string{`row 4 is a total row (a count or sum in column A)`}},
		{name: "a workbook's =ROW()-1 filled down column A marks rows left to fill",
			sheet: head2 + `<row r="4"><c r="A4"><f t="shared" ref="A4:A6" si="0">ROW()-1</f><v>3</v></c></row>` +
				`<row r="5"><c r="A5"><f t="shared" si="0"/><v>4</v></c></row>` +
				`<row r="6"><c r="A6"><f t="shared" si="0"/><v>5</v></c></row></sheetData>`,
			accepted: 2, rejected: 3,
			never: []string{"total row"}},
		{name: "a workbook's other formula alone in column A is no total",
			sheet:    head2 + `<row r="4"><c r="A4"><f>MAX(A2:A3)+1</f><v>3</v></c></row></sheetData>`,
			accepted: 2, rejected: 1,
			never: []string{"total row"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "v.csv")
			if tc.csv != "" {
				if err := os.WriteFile(path, []byte(tc.csv), 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				path = rawBook(t, rawSheet{name: "V", body: tc.sheet})
			}
			items, st := readAll(t, path, Options{})
			if st.Accepted != tc.accepted || st.Rejected != tc.rejected {
				var probs []string
				for _, it := range items {
					for _, p := range it.Problems {
						probs = append(probs, p.Message)
					}
				}
				t.Fatalf("accepted %d rejected %d, want %d and %d; problems %q", st.Accepted, st.Rejected, tc.accepted, tc.rejected, probs)
			}
			notes := notesOf(st)
			for _, w := range tc.notes {
				if !strings.Contains(notes, w) {
					t.Errorf("notes lack %q:\n%s", w, notes)
				}
			}
			for _, w := range tc.never {
				if strings.Contains(notes, w) {
					t.Errorf("notes say %q:\n%s", w, notes)
				}
			}
		})
	}
}

// TestUnrecognisedHeaderListsWhatItFound: a header row the tool does not
// recognise is quoted back, with "did you mean" where a header is near
// (issue 35: the message did not say what it had found).
func TestUnrecognisedHeaderListsWhatItFound(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ name, csv, want string }{
		{"nothing near", "Name,Town,Why\nJane Doe,Berne,died\n",
			`line 1, the first with values, holds "Name", "Town", "Why"`},
		{"one near miss among others", "Positon,Cuase,Date,Town\nTown Supervisor,died,2026-03-04,Berne\n",
			`line 1 looks like the header, but "Positon": did you mean office?; "Cuase": did you mean cause? (its headers: "Positon", "Cuase", "Date", "Town")`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".csv")
			if err := os.WriteFile(path, []byte(tc.csv), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := ReadFile(context.Background(), path, Options{}, func(Item) error { return nil })
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v\nwant it to hold %s", err, tc.want)
			}
		})
	}
}

// TestOwnOutputsAreNamed: the tool's own outputs given back are refused,
// named as what they are (issue 35: vacancies.csv was read without a
// word, losing its vacancies' proclamations; results.xlsx failed on its
// own Calendar sheet).
func TestOwnOutputsAreNamed(t *testing.T) {
	dir := t.TempDir()
	vac := filepath.Join(dir, "vacancies.csv")
	head := strings.Join(ownTables[0].head, ",")
	if err := os.WriteFile(vac, []byte(head+",board_contact\nNY-1,x.xlsx:S:2,Town Supervisor,other,,Albany,,death,2026-03-05,2026-03-05,general_election,2026-11-03,,,,,,,,,,,,E4,Jo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(context.Background(), vac, Options{}, func(Item) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "this is the tool's own vacancies.csv (an output of batch run), so it is not read as input: it lacks the input columns term_start") {
		t.Errorf("vacancies.csv: %v", err)
	}
	body := `<sheetData>` + rawRow(1, "", "year", "code", "window_start", "statutory_date") + rawRow(2, "", "2027", "vacancy_cutoff_42_1", "", march5) + `</sheetData>`
	var sheets []rawSheet
	for _, n := range []string{"Summary", "Vacancies", "Deadlines", "Conflicts", "Errors", "Calendar", "Rules", "Column guide"} {
		sheets = append(sheets, rawSheet{name: n, body: body})
	}
	results := rawBook(t, sheets...)
	_, err = ReadFile(context.Background(), results, Options{}, func(Item) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "this is the tool's own results.xlsx") {
		t.Errorf("results.xlsx: %v", err)
	}
	if ov, probs, err := CalendarOverrides(results, true); len(ov)+len(probs) > 0 || err != nil {
		t.Errorf("results.xlsx's Calendar sheet read as overrides: %v %v %v", ov, probs, err)
	}
}
