package ingest

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
)

// readAll reads an input and checks the accounting every read must keep.
func readAll(t *testing.T, path string, opts Options) ([]Item, FileStats) {
	t.Helper()
	var items []Item
	st, err := ReadFile(context.Background(), path, opts, func(it Item) error {
		items = append(items, it)
		return nil
	})
	if err != nil {
		t.Fatalf("ReadFile(%s): %v", path, err)
	}
	if st.Rows != st.Accepted+st.Rejected+st.Blank {
		t.Fatalf("rows %d != accepted %d + rejected %d + blank %d", st.Rows, st.Accepted, st.Rejected, st.Blank)
	}
	if len(items) != st.Accepted+st.Rejected {
		t.Fatalf("%d items emitted, stats say %d accepted + %d rejected", len(items), st.Accepted, st.Rejected)
	}
	for _, it := range items {
		if it.Vacancy.Source.File == "" || it.Vacancy.Source.Row == 0 || it.Vacancy.ID == "" {
			t.Fatalf("item without provenance: %+v", it)
		}
	}
	return items, st
}

// row is a fixture row: values by column letter; a float64 is a number
// cell, styled by the style named with it.
type cell struct {
	v     any
	style string
}

// buildWorkbook writes a workbook with the given sheets (rows of cells by
// 1-based row) into dir.
func buildWorkbook(t *testing.T, path string, sheets []string, rows map[string]map[int][]cell) {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	isoStyle, _ := f.NewStyle(&excelize.Style{CustomNumFmt: strPtr("yyyy-mm-dd")})
	usStyle, _ := f.NewStyle(&excelize.Style{NumFmt: 14}) // built-in m/d/yyyy
	numStyle, _ := f.NewStyle(&excelize.Style{NumFmt: 2}) // 0.00
	styles := map[string]int{"iso": isoStyle, "us": usStyle, "num": numStyle}
	for i, name := range sheets {
		if i == 0 {
			_ = f.SetSheetName("Sheet1", name)
		} else if _, err := f.NewSheet(name); err != nil {
			t.Fatal(err)
		}
		for r, cells := range rows[name] {
			for c, v := range cells {
				ref, _ := excelize.CoordinatesToCellName(c+1, r)
				switch x := v.v.(type) {
				case nil:
				case string:
					if strings.HasPrefix(x, "=") {
						_ = f.SetCellFormula(name, ref, x[1:])
					} else {
						_ = f.SetCellStr(name, ref, x)
					}
				default:
					_ = f.SetCellValue(name, ref, x)
				}
				if v.style != "" {
					_ = f.SetCellStyle(name, ref, ref, styles[v.style])
				}
			}
		}
	}
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
}

func strPtr(s string) *string { return &s }

func s(vals ...string) []cell {
	out := make([]cell, len(vals))
	for i, v := range vals {
		out[i] = cell{v: v}
	}
	return out
}

// countyWorkbook is the multi-sheet fixture: a county sheet with title rows
// and every kind of bad row, a second county sheet with other header
// aliases, a Calendar sheet and a notes sheet without a header.
func countyWorkbook(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "counties.xlsx")
	kingsHeader := s("Vacancy ID", "Office Title", "District", "County", "Reason", "Date of Event", "Term End", "May be appointed", "Next Full Term Year", "Notes", "Analyst")
	row := func(c ...cell) []cell { return c }
	v := func(x any) cell { return cell{v: x} }
	rows := map[string]map[int][]cell{
		"Kings": {
			1:  s("Vacancies in Kings County"),
			2:  s("Prepared by the elections unit"),
			4:  kingsHeader,
			5:  row(v("K-1"), v("Assemblymember"), v("43"), v("Kings"), v("died"), cell{46027.0, "us"}, v(nil), v("no"), v(nil), v("see file"), v("AB")),
			6:  row(v(nil), v("Member of Assembly"), v(nil), v("kings county"), v("Resigned"), v("January 5, 2026")),
			8:  row(v("K-3"), v("U.S. Rep."), v(nil), v("Kings"), v("term_expiration"), v(nil), cell{46387.0, "iso"}, v(nil), v("2028")),
			9:  row(v("K-4"), v(nil), v(nil), v("Schenectedy"), v("fell asleep"), cell{46027.0, "num"}, v(nil), v("maybe"), v("26")),
			10: s("  ", " "),
		},
		"Erie": {
			1: s("ID", "Position", "Class", "County", "Event", "Date", "Term Start", "Extra Col"),
			2: s("E-1", "County Court Judge", "", "Erie", "deceased", "3/4/26", "", "x"),
			3: s("E-2", "Town Board Member", "mayor", "Erie", "oath_not_filed", "", "1/1/2026"),
			4: s("E-3", "Surrogate", "", "Queens", "retired", "2026-04-01"),
			5: s("E-4", "Governor", "", "Erie", "removed", "13/45/2020"),
			6: row(v("E-5"), v("Supervisor"), v(nil), v("Erie"), v("died"), v("=DATE(2026,1,5)")),
		},
		"Calendar": {
			1: s("Year", "Primary Date", "General Date", "Holiday", "Holiday Name"),
			2: s("2026", "2026-06-23"),
			3: row(v(nil), v(nil), v(nil), cell{46069.0, "us"}, v("Snow day proclaimed by the governor")),
			4: s("2027", "2026-09-14"),
		},
		"Notes": {1: s("Office and cause codes are on the Rules sheet of the output.")},
	}
	buildWorkbook(t, path, []string{"Kings", "Erie", "Calendar", "Notes"}, rows)
	return path
}

func TestCountyWorkbook(t *testing.T) {
	path := countyWorkbook(t)
	items, st := readAll(t, path, Options{})

	if want := []string{"Kings", "Erie"}; !reflect.DeepEqual(st.Sheets, want) {
		t.Errorf("sheets read %v, want %v", st.Sheets, want)
	}
	wantSkipped := []SkippedSheet{
		{"Calendar", "calendar overrides, read by CalendarOverrides"},
		{"Notes", "text without a header row, a date or a table: noted on Summary"},
	}
	if !reflect.DeepEqual(st.Skipped, wantSkipped) {
		t.Errorf("skipped %v, want %v", st.Skipped, wantSkipped)
	}
	// The Notes sheet holds a line of text and no header: not vacancies,
	// and no error either, but not passed over without a word (issue 26).
	if len(st.Unread) != 0 {
		t.Errorf("unread sheets %+v, want none: the Notes sheet is prose", st.Unread)
	}
	if len(st.Notes) != 1 || st.Notes[0].Source.Sheet != "Notes" || st.Notes[0].Source.Row != 0 ||
		!strings.Contains(st.Notes[0].Message, "holds text (row 1) but no header row") {
		t.Errorf("notes %+v", st.Notes)
	}
	// Kings rows 5–10 (6 rows: 7 is missing, 10 holds only spaces), Erie
	// rows 2–6 (5 rows).
	if st.Rows != 11 || st.Accepted != 5 || st.Rejected != 4 || st.Blank != 2 {
		t.Errorf("stats %+v", st)
	}
	if want := []string{"Analyst", "Extra Col"}; !reflect.DeepEqual(st.Extra, want) {
		t.Errorf("extra columns %v, want %v", st.Extra, want)
	}
	if len(st.SHA256) != 64 {
		t.Errorf("sha256 %q", st.SHA256)
	}

	byID := map[string]Item{}
	for _, it := range items {
		byID[it.Vacancy.ID] = it
	}
	src := func(sheet string, row int) compute.Source {
		return compute.Source{File: "counties.xlsx", Sheet: sheet, Row: row}
	}

	t.Run("a date cell with Excel's short date format", func(t *testing.T) {
		v := byID["K-1"].Vacancy
		want := compute.Vacancy{ID: "K-1", Source: src("Kings", 5), Office: "Assemblymember", Class: compute.MemberOfAssembly, ClassDerived: true,
			District: "43", County: "Kings", Cause: compute.Death, EventDate: d(2026, 1, 5), Appointable: compute.No,
			Notes: "see file", Extra: []compute.Field{{Name: "Analyst", Value: "AB"}}}
		if !reflect.DeepEqual(v, want) || len(byID["K-1"].Problems) != 0 {
			t.Fatalf("got %+v\nwant %+v\nproblems %v", v, want, byID["K-1"].Problems)
		}
	})
	t.Run("no vacancy_id: the source is the id; a spelt-out text date", func(t *testing.T) {
		it, ok := byID["counties.xlsx:Kings:6"]
		if !ok || len(it.Problems) != 0 || it.Vacancy.EventDate != d(2026, 1, 5) || it.Vacancy.County != "Kings" {
			t.Fatalf("got %+v", it)
		}
	})
	t.Run("term_expiration needs no event date; term end in a yyyy-mm-dd cell", func(t *testing.T) {
		it := byID["K-3"]
		v := it.Vacancy
		if len(it.Problems) != 0 || v.TermEnd != d(2026, 12, 31) || v.Class != compute.USRepresentative || v.NextFullTermYear != 2028 {
			t.Fatalf("got %+v", it)
		}
	})
	t.Run("a bad row lists every problem, in column order", func(t *testing.T) {
		want := []compute.Problem{
			{Source: src("Kings", 9), Code: compute.BadValue, Column: "Office Title", Message: `office is blank: name the office, e.g. "Member of Assembly" or "Town Supervisor"`},
			{Source: src("Kings", 9), Code: compute.BadValue, Column: "County", Value: "Schenectedy", Message: `"Schenectedy" is not a New York county. Did you mean Schenectady?`},
			{Source: src("Kings", 9), Code: compute.BadValue, Column: "Reason", Value: "fell asleep", Message: unknownCauseMessage("fell asleep")},
			{Source: src("Kings", 9), Code: compute.BadValue, Column: "Date of Event", Value: "46027", Message: `"46027" is a number, not a date: format the cell as a date, or ` + dateForms},
			{Source: src("Kings", 9), Code: compute.BadValue, Column: "May be appointed", Value: "maybe", Message: `"maybe" is not yes or no; write yes/no, y/n, true/false or 1/0, or leave it blank`},
			{Source: src("Kings", 9), Code: compute.BadValue, Column: "Next Full Term Year", Value: "26", Message: `"26" is not a year: write four digits, e.g. 2026`},
		}
		if got := byID["K-4"].Problems; !reflect.DeepEqual(got, want) {
			t.Fatalf("problems\n got %#v\nwant %#v", got, want)
		}
	})
	t.Run("aliases on the second sheet; M/D/YY; a county judge", func(t *testing.T) {
		it := byID["E-1"]
		if len(it.Problems) != 0 || it.Vacancy.Class != compute.CountyLevelJudge || it.Vacancy.EventDate != d(2026, 3, 4) ||
			!reflect.DeepEqual(it.Vacancy.Extra, []compute.Field{{Name: "Extra Col", Value: "x"}}) {
			t.Fatalf("got %+v", it)
		}
	})
	t.Run("an unknown office class; oath not filed counted from term start", func(t *testing.T) {
		want := []compute.Problem{{Source: src("Erie", 3), Code: compute.BadValue, Column: "Class", Value: "mayor",
			// issue 34: a mayor outside New York City is a village's or a city's
			Message: `"mayor" is not an office class. Did you mean village or city? Use one of ` + classList + `, or leave it blank to derive it from the office`}}
		if got := byID["E-2"].Problems; !reflect.DeepEqual(got, want) {
			t.Fatalf("problems %#v", got)
		}
	})
	t.Run("a surrogate in Queens is not a county-level judge", func(t *testing.T) {
		it := byID["E-3"]
		if len(it.Problems) != 0 || it.Vacancy.Class != compute.OtherOffice || it.Vacancy.Cause != compute.Resignation {
			t.Fatalf("got %+v", it)
		}
	})
	t.Run("a date the European way", func(t *testing.T) {
		want := []compute.Problem{{Source: src("Erie", 5), Code: compute.BadValue, Column: "Date", Value: "13/45/2020",
			Message: `"13/45/2020" is not a date: there is no month 13; ` + dateForms}}
		if got := byID["E-4"].Problems; !reflect.DeepEqual(got, want) {
			t.Fatalf("problems %#v", got)
		}
	})
	// Issue 35: not "blank", which sent the analyst looking for an empty
	// cell that shows a date in Excel.
	t.Run("a formula is not evaluated: without a saved value it says so", func(t *testing.T) {
		want := []compute.Problem{{Source: src("Erie", 6), Code: compute.CellUnreadable, Column: "Date",
			Message: "formula with no saved value: open and save it in Excel, which computes and saves its value (a script wrote the formula without one), or type the value"}}
		if got := byID["E-5"].Problems; !reflect.DeepEqual(got, want) {
			t.Fatalf("problems %#v", got)
		}
	})
}

func TestOneSheet(t *testing.T) {
	path := countyWorkbook(t)
	items, st := readAll(t, path, Options{Sheet: "erie"})
	if !reflect.DeepEqual(st.Sheets, []string{"Erie"}) || len(items) != 5 || st.Rows != 5 {
		t.Fatalf("stats %+v", st)
	}
	_, err := ReadFile(context.Background(), path, Options{Sheet: "Queens"}, func(Item) error { return nil })
	if want := "ingest: " + path + `: no sheet named "Queens" (the sheets are "Kings", "Erie", "Calendar", "Notes")`; err == nil || err.Error() != want {
		t.Fatalf("err %v", err)
	}
}

func TestCalendarSheet(t *testing.T) {
	path := countyWorkbook(t)
	ov, probs, err := CalendarOverrides(path, true)
	if err != nil {
		t.Fatal(err)
	}
	// 46069 = 46023 (2026-01-01) + 46 = 2026-02-16.
	want := []compute.Override{
		{Year: 2026, Primary: d(2026, 6, 23), Source: "counties.xlsx:Calendar:2"},
		{Year: 2026, Holiday: d(2026, 2, 16), HolidayName: "Snow day proclaimed by the governor", Source: "counties.xlsx:Calendar:3"},
	}
	if !reflect.DeepEqual(ov, want) {
		t.Errorf("overrides\n got %+v\nwant %+v", ov, want)
	}
	wantP := []compute.Problem{{Source: compute.Source{File: "counties.xlsx", Sheet: "Calendar", Row: 4}, Code: compute.BadValue, Column: "Primary Date", Value: "2026-09-14",
		Message: "2026-09-14 is not in 2027, the row's year"}}
	if !reflect.DeepEqual(probs, wantP) {
		t.Errorf("problems %#v", probs)
	}
	// A --calendar workbook is read from its first sheet (here Kings, no calendar header).
	if _, _, err := CalendarOverrides(path, false); err == nil || !strings.Contains(err.Error(), `sheet "Kings" has no calendar header row`) {
		t.Errorf("err %v", err)
	}
	// CSV input has no Calendar sheet.
	if ov, p, err := CalendarOverrides("testdata/bom_comma.csv", true); ov != nil || p != nil || err != nil {
		t.Errorf("CSV sheetOnly: %v %v %v", ov, p, err)
	}
}

func TestCalendarCSV(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cal.csv")
	body := "year,primary_date,general_date,holiday,name\n2030,9/10/2030,11/5/2030,,\n,,,2030-02-18,Proclaimed\n2031,,,,\n,,,not a day,\n"
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	ov, probs, err := CalendarOverrides(path, false)
	if err != nil {
		t.Fatal(err)
	}
	want := []compute.Override{
		{Year: 2030, Primary: d(2030, 9, 10), General: d(2030, 11, 5), Source: "cal.csv:2"},
		{Year: 2030, Holiday: d(2030, 2, 18), HolidayName: "Proclaimed", Source: "cal.csv:3"},
	}
	if !reflect.DeepEqual(ov, want) {
		t.Errorf("overrides %+v", ov)
	}
	wantP := []compute.Problem{
		{Source: compute.Source{File: "cal.csv", Row: 4}, Code: compute.BadValue, Column: "year", Value: "2031", Message: "the row sets nothing: give primary_date, general_date or holiday"},
		{Source: compute.Source{File: "cal.csv", Row: 5}, Code: compute.BadValue, Column: "holiday", Value: "not a day", Message: `"not a day" is not a date; ` + dateForms},
	}
	if !reflect.DeepEqual(probs, wantP) {
		t.Errorf("problems %#v", probs)
	}
}

func TestBOMCommaCSV(t *testing.T) {
	items, st := readAll(t, "testdata/bom_comma.csv", Options{})
	// Lines 2–3 (one record with a quoted newline), 4 empty, 5, 6 all
	// empty cells, 7.
	if st.Rows != 5 || st.Accepted != 3 || st.Rejected != 0 || st.Blank != 2 || st.Sheets != nil {
		t.Fatalf("stats %+v", st)
	}
	if !reflect.DeepEqual(st.Extra, []string{"Ward"}) {
		t.Errorf("extra %v", st.Extra)
	}
	got := make([]string, len(items))
	for i, it := range items {
		v := it.Vacancy
		got[i] = strings.Join([]string{v.ID, v.Source.String(), string(v.Class), v.County, string(v.Cause), v.EventDate.String(), v.Notes}, "|")
	}
	want := []string{
		"V-1|bom_comma.csv:2|member_of_assembly|Albany|death|2026-01-05|first line\nsecond line",
		"V-2|bom_comma.csv:5|state_senator|St. Lawrence|resignation|2026-01-05|",
		"V-3|bom_comma.csv:7|other|St. Lawrence|death|2026-01-05|",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("rows\n got %q\nwant %q", got, want)
	}
	if items[0].Vacancy.Extra[0] != (compute.Field{Name: "Ward", Value: "7"}) {
		t.Errorf("extra %+v", items[0].Vacancy.Extra)
	}
}

func TestSemicolonCSV(t *testing.T) {
	items, st := readAll(t, "testdata/semicolon.csv", Options{})
	if st.Rows != 5 || st.Accepted != 2 || st.Rejected != 3 || st.Blank != 0 {
		t.Fatalf("stats %+v", st)
	}
	src := func(line int) compute.Source { return compute.Source{File: "semicolon.csv", Row: line} }
	want := map[string][]compute.Problem{
		"S-1":             nil,
		"S-2":             {{Source: src(5), Code: compute.RowUnreadable, Value: "S-2 | Representative in Congress | moved out of district | 3/1/2026", Message: "the row has 8 cells but the header has 6: a separator too many, or a value that needs quotes"}},
		"semicolon.csv:6": {{Source: src(6), Code: compute.RowUnreadable, Message: `the line cannot be read as CSV: bare " in non-quoted-field`}},
		"S-4":             {{Source: src(7), Code: compute.BadValue, Column: "term_end", Message: "term_end is blank: a vacancy by term_expiration needs the date the term ends"}},
		"S-5":             nil,
	}
	got := map[string][]compute.Problem{}
	for _, it := range items {
		got[it.Vacancy.ID] = it.Problems
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("problems\n got %#v\nwant %#v", got, want)
	}
	if v := items[0].Vacancy; v.Class != compute.USSenator || v.Appointable != compute.No || v.EventDate != d(2026, 3, 1) {
		t.Errorf("S-1 %+v", v)
	}
	if v := items[4].Vacancy; v.Appointable != compute.Yes || v.Cause != compute.Removal {
		t.Errorf("S-5 %+v", v)
	}
}

func TestTabCSVOnStdin(t *testing.T) {
	in := "Office\tCause\tEvent Date\nState Senator\tdied\t2026-05-01\n"
	items, st := readAll(t, "-", Options{Stdin: strings.NewReader(in)})
	if st.Rows != 1 || st.Accepted != 1 || items[0].Vacancy.Source != (compute.Source{File: "-", Row: 2}) || items[0].Vacancy.ID != "-:2" {
		t.Fatalf("stats %+v items %+v", st, items)
	}
	// sha256 of the bytes above, computed independently with sha256sum.
	if st.SHA256 != sha256Hex(in) {
		t.Errorf("sha256 %s", st.SHA256)
	}
}

func TestOverlongCell(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.csv")
	long := strings.Repeat("x", 40000)
	if err := os.WriteFile(path, []byte("office,cause,event_date,notes\nMayor,died,2026-01-05,"+long+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	items, st := readAll(t, path, Options{})
	want := []compute.Problem{{Source: compute.Source{File: "long.csv", Row: 2}, Code: compute.CellUnreadable, Column: "notes", Value: strings.Repeat("x", 200) + "…",
		Message: "the cell holds 40000 characters, more than Excel's limit of 32767"}}
	if st.Rejected != 1 || !reflect.DeepEqual(items[0].Problems, want) {
		t.Fatalf("problems %#v", items[0].Problems)
	}
}
