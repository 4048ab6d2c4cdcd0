package export

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
)

// Issue 26: a county's workbook (--split county) printed pages that did
// not name the county, under the statewide document title. Every page
// header and the title name it now.
func TestACountysWorkbookNamesItsCounty(t *testing.T) {
	pg := page{asOf: compute.Date{Year: 2026, Month: 11, Day: 30}, law: "auto", slice: " of Albany County"}
	wb, err := newWorkbook(t.TempDir(), &Options{}, pg)
	if err != nil {
		t.Fatal(err)
	}
	defer wb.Discard()
	for _, c := range wb.chains() {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := wb.Save(&buf, wb.properties("1.0.0", time.Date(2026, 11, 30, 8, 0, 0, 0, time.UTC))); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	props, err := f.GetDocProps()
	if err != nil {
		t.Fatal(err)
	}
	if want := "Vacancies of Albany County: filling elections, deadlines and conflicts, as of 2026-11-30"; props.Title != want {
		t.Errorf("title %q, want %q", props.Title, want)
	}
	for _, sheet := range []string{vacanciesSheet, errorsSheet} {
		hf, err := f.GetHeaderFooter(sheet)
		if err != nil {
			t.Fatal(err)
		}
		if want := "&L&B" + sheet + "&B of Albany County — as of 2026-11-30"; !strings.HasPrefix(hf.OddHeader, want) {
			t.Errorf("%s: header %q, want it to start %q", sheet, hf.OddHeader, want)
		}
	}
	// A statewide workbook's header names no slice and says when there is
	// no as-of date.
	if bp := (page{law: "auto"}).book(); bp.After != "" || bp.Dated != "no as-of date" || bp.Footer != "Law applied: auto" {
		t.Errorf("statewide page %+v", bp)
	}
	// A long value is cut.
	if bp := (page{slice: " of recipient " + strings.Repeat("A&B ", 30)}).book(); !strings.HasSuffix(bp.After, "…") ||
		len([]rune(bp.After)) != 60 {
		t.Errorf("a long slice name in the header: %q", bp.After)
	}
}
