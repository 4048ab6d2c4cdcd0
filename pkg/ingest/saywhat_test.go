package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"batch/pkg/nylaw"
)

// Issue 27: a calendar row with a misspelt code was dropped without a
// word (the deadline stayed on the formula), and of two rows for one
// code the last silently won. Both are Problems naming the row now.
func TestCalendarOverridesSayWhatIsWrong(t *testing.T) {
	for _, tc := range []struct {
		name string
		body string
		row  int
		col  string
		says []string
	}{
		{"a misspelt code gets its row and a suggestion",
			"code,date,reason\ndesignating_petition,2026-04-07,court order\ndesignating_petiton,2026-04-08,court order\n",
			3, "code", []string{`"designating_petiton" is not a deadline code of the law`, "did you mean designating_petition?"}},
		{"a code like none gets no suggestion",
			"code,date\nsomething_else_entirely,2026-04-08\n",
			2, "code", []string{`"something_else_entirely" is not a deadline code`, "batch rules lists the codes"}},
		{"two rows give one code two dates",
			"code,date\nindependent_petition,2026-05-26\nparty_nomination_certificate,2026-07-23\nindependent_petition,2026-05-27\n",
			4, "date", []string{"row 2 already gives independent_petition of 2026 as 2026-05-26", "the two rows disagree"}},
		{"two rows give one year two primaries",
			"year,primary_date\n2026,2026-06-23\n2026,2026-06-30\n",
			3, "primary_date", []string{"row 2 already gives primary of 2026 as 2026-06-23"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cal.csv")
			if err := os.WriteFile(path, []byte(tc.body), 0o644); err != nil {
				t.Fatal(err)
			}
			_, probs, err := CalendarOverridesFor(path, false, nylaw.NewYork)
			if err != nil {
				t.Fatal(err)
			}
			if len(probs) != 1 {
				t.Fatalf("problems %+v, want one", probs)
			}
			p := probs[0]
			if p.Source.Row != tc.row || p.Column != tc.col {
				t.Errorf("row %d column %q, want row %d column %q", p.Source.Row, p.Column, tc.row, tc.col)
			}
			for _, s := range tc.says {
				if !strings.Contains(p.Message, s) {
					t.Errorf("message %q, want it to say %q", p.Message, s)
				}
			}
		})
	}
	// The same row twice is no conflict.
	path := filepath.Join(t.TempDir(), "cal.csv")
	os.WriteFile(path, []byte("code,date\nindependent_petition,2026-05-26\nindependent_petition,2026-05-26\n"), 0o644)
	if _, probs, err := CalendarOverridesFor(path, false, nylaw.NewYork); err != nil || len(probs) != 0 {
		t.Errorf("a row repeated as is: %v, %+v", err, probs)
	}
}

// Issue 27: error cells (#N/A, #REF!) were accepted as an office or a
// district. They reject their row with the error shown; in notes they
// are carried as they stand.
func TestErrorCellsAreRejected(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.csv")
	body := "vacancy_id,office,district,county,cause,event_date,notes\n" +
		"A-1,#N/A,,Albany,death,2026-03-05,\n" +
		"A-2,Town Clerk,#REF!,Albany,death,2026-03-05,\n" +
		"A-3,Town Clerk,,Albany,death,2026-03-05,#N/A\n"
	os.WriteFile(path, []byte(body), 0o644)
	items, _ := readAll(t, path, Options{})
	want := []struct{ column, value, says string }{
		{"office", "#N/A", "office holds the spreadsheet error #N/A"},
		{"district", "#REF!", "district holds the spreadsheet error #REF!, not a value (a formula refers to cells that were deleted)"},
	}
	for i, w := range want {
		ps := items[i].Problems
		if len(ps) != 1 || ps[0].Column != w.column || ps[0].Value != w.value || !strings.Contains(ps[0].Message, w.says) {
			t.Errorf("row %d: %+v, want one problem in %s saying %q", i+2, ps, w.column, w.says)
		}
	}
	if len(items[2].Problems) != 0 {
		t.Errorf("#N/A in notes: %+v, want it carried", items[2].Problems)
	}
}

// Issue 27: UTF-16 without a byte-order mark read as NUL garbage, every
// row rejected and the run exiting 0. Its zero bytes give it away.
func TestUTF16WithoutByteOrderMark(t *testing.T) {
	text := "vacancy_id,office,district,county,cause,event_date\r\n" +
		"A-1,Town Clerk,Town of Colonie,Albany,death,2026-03-05\r\n" +
		"A-2,Town Justice,Town of Berne,Albany,resignation,2026-03-06\r\n"
	for _, big := range []bool{false, true} {
		var b []byte
		for _, r := range text {
			if big {
				b = append(b, byte(r>>8), byte(r))
			} else {
				b = append(b, byte(r), byte(r>>8))
			}
		}
		path := filepath.Join(t.TempDir(), "v.csv")
		os.WriteFile(path, b, 0o644)
		items, st := readAll(t, path, Options{})
		if st.Accepted != 2 || st.Rejected != 0 || items[1].Vacancy.District != "Town of Berne" {
			t.Errorf("big-endian %v: %d accepted, %d rejected, %+v", big, st.Accepted, st.Rejected, items)
		}
	}
	// A NUL in UTF-8 text is not UTF-16.
	if _, ok := utf16WithoutBOM([]byte("office,cause\nTown\x00Clerk,death\n")); ok {
		t.Error("one NUL in UTF-8 text read as UTF-16")
	}
}

// Issue 27: two rows sharing a row number were rejected with none of
// their cells, so the analyst could not tell which vacancies they were.
// A whole-row problem shows the row's first cells.
func TestARejectedRowShowsItsFirstCells(t *testing.T) {
	row := func(r, id, office string) string {
		return `<row r="` + r + `"><c r="A` + r + `" t="inlineStr"><is><t>` + id + `</t></is></c><c r="B` + r + `" t="inlineStr"><is><t>` + office +
			`</t></is></c><c r="C` + r + `" t="inlineStr"><is><t>death</t></is></c><c r="D` + r + `" t="inlineStr"><is><t>2026-03-05</t></is></c></row>`
	}
	sheet := refSheetHead + `<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>vacancy_id</t></is></c><c r="B1" t="inlineStr"><is><t>office</t></is></c>` +
		`<c r="C1" t="inlineStr"><is><t>cause</t></is></c><c r="D1" t="inlineStr"><is><t>event_date</t></is></c></row>` +
		row("2", "A-1", "Town Clerk") + row("2", "A-2", "Town Justice") + `</sheetData></worksheet>`
	items, _ := readAll(t, bookWith(t, sheet, ""), Options{})
	want := []string{"A-1 | Town Clerk | death | 2026-03-05", "A-2 | Town Justice | death | 2026-03-05"}
	for i, w := range want {
		ps := items[i].Problems
		if len(ps) != 1 || ps[0].Value != w || !strings.Contains(ps[0].Message, "row number 2 is used by more than one row") {
			t.Errorf("row %d: %+v, want its first cells %q", i, ps, w)
		}
	}
	// A ragged CSV row too.
	path := filepath.Join(t.TempDir(), "v.csv")
	os.WriteFile(path, []byte("vacancy_id,office,cause,event_date\nA-3,Town Clerk,death,2026-03-05,extra,more\n"), 0o644)
	items, _ = readAll(t, path, Options{})
	for _, p := range items[0].Problems {
		if p.Column == "" && p.Value != "A-3 | Town Clerk | death | 2026-03-05" {
			t.Errorf("ragged row: %+v", p)
		}
	}
}
