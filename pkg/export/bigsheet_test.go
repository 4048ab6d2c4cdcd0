package export

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/xuri/excelize/v2"

	"batch/internal/testmode"
	"batch/pkg/compute"
	"batch/pkg/export/internal/xlsx"
)

// TestMoreDeadlineRowsThanExcelHolds writes 1,048,700 deadline rows at
// Excel's real limit and finds every one again, in order, across
// "Deadlines" and "Deadlines (2)". Few columns are filled to keep it fast.
func TestMoreDeadlineRowsThanExcelHolds(t *testing.T) {
	// It writes and reads back a million rows.
	testmode.Require(t, "continuation sheets at a row limit of 40 (TestGoldenContinuationSheets)")
	const perVacancy = 100
	const vacancies = 10487 // 1,048,700 deadline rows: 125 past one sheet's 1,048,575
	dir := filepath.Join(t.TempDir(), "out")
	w, err := openWriter(Options{Dir: dir, Formats: []string{XLSX}}, Plan{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	r := compute.Result{Deadlines: make([]compute.Deadline, perVacancy)}
	for i := range r.Deadlines {
		r.Deadlines[i] = compute.Deadline{Code: "c" + strconv.Itoa(i), Kind: compute.LastDay, Applies: true}
	}
	for v := 0; v < vacancies; v++ {
		r.Vacancy.ID = strconv.Itoa(v)
		if err := w.Result(&r); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Commit(RunInfo{}); err != nil {
		t.Fatal(err)
	}

	f, err := excelize.OpenFile(filepath.Join(dir, resultsName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := []string{summarySheet, vacanciesSheet, deadlinesSheet, "Deadlines (2)", conflictsSheet,
		errorsSheet, calendarSheet, rulesSheet, guideSheet}
	if got := f.GetSheetList(); len(got) != len(want) {
		t.Fatalf("sheets %q, want %q", got, want)
	}
	next := 0 // the next deadline row expected, in write order
	for _, sheet := range []string{deadlinesSheet, "Deadlines (2)"} {
		rows, err := f.Rows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			n++
			cols, err := rows.Columns(excelize.Options{RawCellValue: true})
			if err != nil {
				t.Fatal(err)
			}
			if n == 1 {
				if len(cols) < 2 || cols[0] != "vacancy_id" || cols[1] != "code" {
					t.Fatalf("%s: header %q", sheet, cols)
				}
				continue
			}
			wantID, wantCode := strconv.Itoa(next/perVacancy), "c"+strconv.Itoa(next%perVacancy)
			if len(cols) < 2 || cols[0] != wantID || cols[1] != wantCode {
				t.Fatalf("%s row %d: %q, want %s %s", sheet, n, cols, wantID, wantCode)
			}
			next++
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
		if sheet == deadlinesSheet && n != xlsx.RowLimit {
			t.Errorf("%s has %d rows, want it full at %d", sheet, n, xlsx.RowLimit)
		}
	}
	if next != perVacancy*vacancies {
		t.Errorf("found %d deadline rows, wrote %d", next, perVacancy*vacancies)
	}
}
