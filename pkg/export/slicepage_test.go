package export

import (
	"strings"
	"testing"
	"time"

	"batch/pkg/compute"
)

// Issue 26: a county's workbook (--split county) printed pages that did
// not name the county, under the statewide document title. Every page
// header and the title name it now.
func TestACountysWorkbookNamesItsCounty(t *testing.T) {
	pg := page{asOf: compute.Date{Year: 2026, Month: 11, Day: 30}, law: "auto", slice: " of Albany County"}
	wb, err := newWorkbook(t.TempDir(), 0, 0, pg)
	if err != nil {
		t.Fatal(err)
	}
	defer wb.discard()
	if err := wb.properties("1.0.0", time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	props, err := wb.f.GetDocProps()
	if err != nil {
		t.Fatal(err)
	}
	if want := "Vacancies of Albany County: filling elections, deadlines and conflicts, as of 2026-11-30"; props.Title != want {
		t.Errorf("title %q, want %q", props.Title, want)
	}
	for _, sheet := range []string{summarySheet, vacanciesSheet} {
		head, _ := headerFooter(sheet, pg)
		if want := "&L&B" + sheet + "&B of Albany County — as of 2026-11-30"; !strings.HasPrefix(head, want) {
			t.Errorf("%s: header %q, want it to start %q", sheet, head, want)
		}
	}
	// A statewide workbook's header and title are as before.
	if head, _ := headerFooter(vacanciesSheet, page{law: "auto"}); !strings.HasPrefix(head, "&L&B"+vacanciesSheet+"&B — no as-of date") {
		t.Errorf("statewide header %q", head)
	}
	// A long value is cut, and an ampersand is doubled as a header needs.
	head, _ := headerFooter(vacanciesSheet, page{slice: " of recipient " + strings.Repeat("A&B ", 30)})
	if !strings.Contains(head, "A&&B") || !strings.Contains(head, "…") {
		t.Errorf("a long slice name in the header: %q", head)
	}
}
