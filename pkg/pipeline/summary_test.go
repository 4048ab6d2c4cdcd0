package pipeline

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
	"batch/pkg/export"
)

// On the samples, Summary's first list is every vacancy with an error,
// each linked to its own row on Vacancies, and the warnings follow.
func TestSamplesSummaryListsTheErrorsFirst(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	sum, err := Run(context.Background(), Options{Inputs: []string{"../../samples/statewide.xlsx"},
		Jobs:    2,
		Outputs: Outputs{Dir: out, Formats: []string{export.XLSX}, AsOf: compute.D(2026, 11, 30)},
	})
	if err != nil {
		t.Fatal(err)
	}
	errs := sum.BySeverity[compute.Error]
	if errs == 0 {
		t.Fatal("the samples have no vacancy with an error")
	}
	f, err := excelize.OpenFile(filepath.Join(out, "results.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Summary")
	if err != nil {
		t.Fatal(err)
	}
	at := -1
	for i, r := range rows[:10] {
		if len(r) > 0 && strings.HasPrefix(r[0], "Vacancies with errors:") {
			at = i
		}
	}
	if at < 0 {
		t.Fatalf("no list of errors in Summary's first ten rows: %q", rows[:10])
	}
	listed := 0
	for i := at + 2; i < len(rows) && len(rows[i]) > 1 && rows[i][0] == "error"; i++ {
		listed++
		ref := "B" + strconv.Itoa(i+1)
		ok, target, _ := f.GetCellHyperLink("Summary", ref)
		sheet, cell, _ := strings.Cut(target, "!")
		id, _ := f.GetCellValue(strings.Trim(sheet, "'"), cell)
		sev, _ := f.GetCellValue(strings.Trim(sheet, "'"), "T"+strings.TrimPrefix(cell, "A"))
		if !ok || id != rows[i][1] || sev != "error" {
			t.Errorf("Summary!%s (%s) links %v to %s, which holds %q (severity %q)", ref, rows[i][1], ok, target, id, sev)
		}
	}
	if listed != errs {
		t.Errorf("Summary lists %d vacancies with errors, the run counted %d", listed, errs)
	}
	if next := rows[at+2+listed+1]; len(next) == 0 || !strings.HasPrefix(next[0], "Vacancies with warnings:") {
		t.Errorf("the warnings do not follow the errors: %q", next)
	}
}
