package ingest

import (
	"slices"
	"strings"
	"testing"
)

func TestDateTimeTextIsItsDay(t *testing.T) {
	ok := []struct{ name, in string }{
		{"Excel's short date-time", "4/3/26 0:00"},
		{"with seconds and AM", "4/3/2026 12:00:00 AM"},
		{"ISO with a time", "2026-04-03 00:00:00"},
		{"an afternoon", "4/3/2026 13:45"},
	}
	for _, tc := range ok {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseDateText(tc.in)
			if err != nil || got != d(2026, 4, 3) {
				t.Errorf("parseDateText(%q) = %v, %v; want 2026-04-03", tc.in, got, err)
			}
		})
	}
	for _, bad := range []string{"4/3/26 25:00", "4/3/26 0:61", "4/3/26 noon", "last Tuesday 0:00"} {
		if got, err := parseDateText(bad); err == nil {
			t.Errorf("parseDateText(%q) = %v, want an error", bad, got)
		}
	}
}

func TestNearHeader(t *testing.T) {
	cases := []struct {
		cell string
		want field
	}{
		{"Ofice", fOffice},
		{"event_dat", fEventDate},
		{"Cuase", fCause},
		{"Countyy", fCounty},
		{"office", fExtra},  // exact: not a near miss
		{"Analyst", fExtra}, // nothing near
		{"board_contact", fExtra},
	}
	for _, tc := range cases {
		if got := nearField(tc.cell); got != tc.want {
			t.Errorf("nearField(%q) = %s, want %s", tc.cell, fieldNames[got], fieldNames[tc.want])
		}
	}
}

func TestEventDateAliasesGiveWayToEventDate(t *testing.T) {
	m := newMapping([]string{"office", "cause", "Date of Death"})
	if m.where[fEventDate] != 2 {
		t.Errorf("Date of Death alone is not read as event_date: %v", m.where[fEventDate])
	}
	// Beside an event_date column, it is carried through, and the sheet
	// is not refused as naming event_date twice.
	m = newMapping([]string{"office", "cause", "Date of Death", "event_date"})
	if m.where[fEventDate] != 3 || m.duplicate != "" || m.cols[2].field != fExtra {
		t.Errorf("beside event_date: where %d, duplicate %q", m.where[fEventDate], m.duplicate)
	}
}

func TestSourceNames(t *testing.T) {
	cases := []struct {
		name        string
		paths, want []string
	}{
		{"different names keep their base names", []string{"in/a.csv", "/srv/b.xlsx", "-"}, []string{"a.csv", "b.xlsx", "-"}},
		{"a shared name gets its folder", []string{"a/v.csv", "b/v.csv"}, []string{"a/v.csv", "b/v.csv"}},
		{"as deep as it takes", []string{"x/a/v.csv", "y/a/v.csv", "b/v.csv"}, []string{"x/a/v.csv", "y/a/v.csv", "b/v.csv"}},
		{"one path inside the other's tail", []string{"v.csv", "a/v.csv"}, []string{"v.csv", "a/v.csv"}},
		{"the same file twice", []string{"a/v.csv", "./a/v.csv"}, []string{"v.csv", "v.csv"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := SourceNames(tc.paths); !slices.Equal(got, tc.want) {
				t.Errorf("SourceNames(%q) = %q, want %q", tc.paths, got, tc.want)
			}
		})
	}
}

func TestSheetsWithoutAHeader(t *testing.T) {
	cases := []struct {
		name     string
		sheet    string
		rows     [][]string
		template bool
		prose    bool
		message  string // in unreadMessage, when neither
	}{
		{"the template's guide", "Columns", [][]string{{"column", "required", "what to enter", "example", "allowed values"}, {"office", "yes", "The office", "Town Supervisor", ""}}, true, false, ""},
		{"the template's lists", "Lists", [][]string{{"class", "cause", "county", "yesno"}, {"other", "death", "Albany", "yes"}}, true, false, ""},
		{"a sheet named Lists that is not the template's", "Lists", [][]string{{"Town Supervisor", "death", "2026-03-04"}}, false, false, `"death" in column B is a cause of vacancy`},
		{"a read-me of prose", "Read me", [][]string{{"How to fill this workbook"}, {"Ask the elections unit", "(518) 555-0100"}}, false, true, ""},
		{"a misspelt header", "Kings", [][]string{{"Ofice", "Cause", "event_date"}, {"Town Supervisor", "death", "2026-03-04"}}, false, false, `row 1 looks like the header, but "Ofice": did you mean office?`},
		{"a date in a note", "Notes", [][]string{{"Updated"}, {"2026-03-04"}}, false, false, `row 2: "2026-03-04" in column A is a date`},
		{"a table of three columns", "Pasted", [][]string{{"Jane Doe", "Town of Berne", "Supervisor"}}, false, false, "row 1: it holds 3 values side by side, a table"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l := looseSheet{name: tc.sheet}
			for i, r := range tc.rows {
				l.row(i+1, r, nil)
			}
			if l.template != tc.template || l.prose() != tc.prose {
				t.Fatalf("template %v prose %v, want %v %v", l.template, l.prose(), tc.template, tc.prose)
			}
			if tc.message != "" && !strings.Contains(l.unreadMessage(), tc.message) {
				t.Errorf("message %q lacks %q", l.unreadMessage(), tc.message)
			}
		})
	}
}
