package ingest

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
	"batch/pkg/nylaw"
)

// templateAt writes the template as made on day and opens it.
func templateAt(t *testing.T, day compute.Date) *excelize.File {
	t.Helper()
	path := filepath.Join(t.TempDir(), "template.xlsx")
	if err := WriteTemplate(path, nylaw.NewYork, day); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestTemplateExplainsItself(t *testing.T) {
	f := templateAt(t, compute.D(2026, time.December, 4))

	t.Run("the Vacancies sheet has the contract's input columns in order", func(t *testing.T) {
		rows, err := f.GetRows("Vacancies")
		if err != nil || len(rows) == 0 {
			t.Fatalf("no header: %v", err)
		}
		want := []string{"vacancy_id", "office", "office_class", "district", "county", "incumbent", "cause",
			"event_date", "term_start", "term_end", "appointable", "proclamation_date",
			"special_election_date", "special_session_date", "next_full_term_year", "notes",
			// issue 34: the village's election, after the columns before it
			"village_election_month", "village_election_date"}
		if !slices.Equal(rows[0], want) {
			t.Errorf("header %v, want %v", rows[0], want)
		}
	})
	t.Run("dropdowns offer counties, causes, classes and yes/no, and dates are checked", func(t *testing.T) {
		dvs, err := f.GetDataValidations("Vacancies")
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, dv := range dvs {
			got[strings.SplitN(dv.Sqref, ":", 2)[0]] = dv.Type
		}
		for cell, typ := range map[string]string{"C2": "list", "E2": "list", "G2": "list", "K2": "list", "H2": "date", "O2": "whole"} {
			if got[cell] != typ {
				t.Errorf("validation at %s is %q, want %q", cell, got[cell], typ)
			}
		}
		counties, _ := f.GetRows("Lists")
		n := 0
		for _, r := range counties[1:] {
			if len(r) > 2 && r[2] != "" {
				n++
			}
		}
		if n != 62 {
			t.Errorf("county list has %d entries, want New York's 62", n)
		}
	})
	t.Run("a blank template has no rows under its header", func(t *testing.T) {
		rows, _ := f.GetRows("Vacancies")
		if len(rows) != 1 {
			t.Errorf("the Vacancies sheet has %d rows, want the header alone", len(rows))
		}
	})
	t.Run("the checks cover the whole column, and a date check warns", func(t *testing.T) {
		dvs, _ := f.GetDataValidations("Vacancies")
		if len(dvs) == 0 {
			t.Fatal("no validations")
		}
		for _, dv := range dvs {
			if !strings.HasSuffix(dv.Sqref, "1048576") {
				t.Errorf("validation %s stops before the sheet's last row", dv.Sqref)
			}
			if dv.Type == "date" && (dv.ErrorStyle == nil || *dv.ErrorStyle != "warning") {
				t.Errorf("date validation %s refuses text dates (error style %v), want a warning", dv.Sqref, dv.ErrorStyle)
			}
		}
	})
	t.Run("required headers look required", func(t *testing.T) {
		fill := func(cell string) string {
			id, err := f.GetCellStyle("Vacancies", cell)
			if err != nil {
				t.Fatal(err)
			}
			st, err := f.GetStyle(id)
			if err != nil || len(st.Fill.Color) == 0 {
				t.Fatalf("%s: no fill (%v)", cell, err)
			}
			return st.Fill.Color[0]
		}
		// B office, G cause, H event_date are required; A vacancy_id, N notes are not.
		req, opt := fill("B1"), fill("A1")
		if req == opt {
			t.Fatalf("office's header looks like vacancy_id's (%s)", req)
		}
		for _, c := range []string{"G1", "H1"} {
			if fill(c) != req {
				t.Errorf("%s does not look required", c)
			}
		}
		if fill("P1") != opt {
			t.Error("notes looks required")
		}
	})
	t.Run("each sheet prints landscape with its header on every page", func(t *testing.T) {
		for _, sheet := range []string{"Vacancies", "Columns"} {
			pl, err := f.GetPageLayout(sheet)
			if err != nil || pl.Orientation == nil || *pl.Orientation != "landscape" {
				t.Errorf("%s: not landscape (%v)", sheet, err)
			}
		}
		titles := 0
		for _, dn := range f.GetDefinedName() {
			if dn.Name == "_xlnm.Print_Titles" && strings.HasSuffix(dn.RefersTo, "!$1:$1") {
				titles++
			}
		}
		if titles != 2 {
			t.Errorf("%d sheets repeat their header row, want 2", titles)
		}
	})
	t.Run("the Columns sheet explains every column", func(t *testing.T) {
		rows, _ := f.GetRows("Columns")
		if len(rows) < 17 || rows[2][0] != "office" || rows[2][1] != "yes" {
			t.Errorf("Columns sheet: %v", rows)
		}
	})
}

// TestTemplateStatesTheLawInForce: the template's words on the special
// election come from the edition in force on the day it is made, so a
// template made today never states a repealed window. Expected windows
// from the acts: Pub. Off. Law § 42(3) as of 2010, 30 to 40 days; L.2011
// ch. 4, 70 to 80; L.2021 ch. 320, 70 to 80 for Congress and 40 to 50 for
// the others; L.2022 ch. 164, 40 to 50 only for the State Senate and
// Assembly and 70 to 80 for every other office.
func TestTemplateStatesTheLawInForce(t *testing.T) {
	cases := []struct {
		name       string
		made       compute.Date
		want, gone []string
	}{
		{"made under the 2010 texts", compute.D(2010, time.June, 1),
			[]string{"30 to 40 days after the proclamation (Pub. Off. Law § 42(3))"}, []string{"70 to 80"}},
		{"made under L.2011 ch. 4", compute.D(2015, time.June, 1),
			[]string{"70 to 80 days after the proclamation (Pub. Off. Law § 42(3))"}, []string{"30 to 40", "40 to 50"}},
		{"made under L.2021 ch. 320", compute.D(2021, time.September, 1),
			[]string{"70 to 80 days after the proclamation for Congress", "40 to 50 days after it for every office but Congress"}, []string{"30 to 40"}},
		{"made today, under L.2022 ch. 164", compute.D(2026, time.December, 4),
			[]string{"40 to 50 days after the proclamation for the State Senate and Assembly (Pub. Off. Law § 42(3)(b))",
				"70 to 80 days after it for Congress and every office not in the State Senate or Assembly (Pub. Off. Law § 42(3)(a))"},
			[]string{"30 to 40"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := templateAt(t, tc.made)
			rows, _ := f.GetRows("Columns")
			var all strings.Builder
			explain := ""
			for _, r := range rows {
				all.WriteString(strings.Join(r, " | ") + "\n")
				if len(r) > 2 && r[0] == "special_election_date" {
					explain = r[2]
				}
			}
			for _, w := range tc.want {
				if !strings.Contains(explain, w) {
					t.Errorf("special_election_date says %q, want it to say %q", explain, w)
				}
			}
			for _, g := range tc.gone {
				if strings.Contains(all.String(), g) {
					t.Errorf("the Columns sheet still says %q on %s", g, tc.made)
				}
			}
			if !strings.Contains(all.String(), "in force on "+tc.made.String()) {
				t.Errorf("the Columns sheet does not say which day's law it states")
			}
		})
	}
}
