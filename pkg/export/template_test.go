package export

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestTemplateExplainsItself(t *testing.T) {
	path := filepath.Join(t.TempDir(), "template.xlsx")
	if err := WriteTemplate(path); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()

	t.Run("the Vacancies sheet has the contract's input columns in order", func(t *testing.T) {
		rows, err := f.GetRows("Vacancies")
		if err != nil || len(rows) == 0 {
			t.Fatalf("no header: %v", err)
		}
		want := []string{"vacancy_id", "office", "office_class", "district", "county", "incumbent", "cause",
			"event_date", "term_start", "term_end", "appointable", "proclamation_date",
			"special_election_date", "special_session_date", "next_full_term_year", "notes"}
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
	t.Run("the Columns sheet explains every column", func(t *testing.T) {
		rows, _ := f.GetRows("Columns")
		if len(rows) < 17 || rows[2][0] != "office" || rows[2][1] != "yes" {
			t.Errorf("Columns sheet: %v", rows)
		}
	})
}

func TestHeaderIsTheContractsColumns(t *testing.T) {
	// CONTRACT.md, Output: scripts downstream read these names.
	want := map[string]string{
		"Vacancies": "vacancy_id,source,office,office_class,district,county,incumbent,cause,event_date,vacancy_date,filling_method,filling_election_date,special_election_earliest,special_election_latest,appointment_until,term_end,next_deadline,next_deadline_date,conflicts,severity,basis,explanation,notes,law_edition",
		"Deadlines": "vacancy_id,code,kind,window_start,statutory_date,effective_date,rolled_over,applies,reason,status,election_date,citation,law_edition,base_date,verify",
		"Conflicts": "vacancy_id,source,severity,code,field,message,citation,next_deadline_date",
		"Errors":    "source,row,column,value,message",
	}
	for table, cols := range want {
		if got := strings.Join(Header(table), ","); got != cols {
			t.Errorf("%s header %s, want %s", table, got, cols)
		}
	}
	if Header("Nope") != nil {
		t.Error("an unknown table has a header")
	}
	h := Header("Errors")
	h[0] = "changed"
	if Header("Errors")[0] != "source" {
		t.Error("Header hands out the package's own slice")
	}
}
