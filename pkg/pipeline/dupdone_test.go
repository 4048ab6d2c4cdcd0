package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
	"batch/pkg/export"
)

// TestADuplicateRecordsTheActDone: AD-074 entered twice (issue 32), one
// row with the proclamation of Mon 2027-02-15 and the copy without it.
// The vacancy of Wed 02-10 had to be proclaimed within ten days, by Sat
// 02-20 (Pub. Off. Law § 42(3) as amended by L.2021 ch. 320; the
// governor's act, not rolled over): on Mon 03-01 the copy alone reads as
// a lapsed duty (PROCLAMATION_OVERDUE) with general-election deadlines.
// Its duplicate records the act: every output shows the duty met, the
// general-election rows not applying, no PROCLAMATION_OVERDUE, and the
// writer's plan of the Conflicts sheet (made before the rows are
// written) agrees with the conflicts it is given, statewide and in the
// county's folder. A row alone in its seat is not touched.
func TestADuplicateRecordsTheActDone(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "vacancies.csv")
	csv := "vacancy_id,office,office_class,district,county,incumbent,cause,event_date,term_start,term_end,proclamation_date\n" +
		"AD-074,Member of Assembly,member_of_assembly,74,New York,Eve Ford,resignation,2027-02-10,2027-01-01,2028-12-31,2027-02-15\n" +
		"AD-074,Member of Assembly,member_of_assembly,74,New York,Eve Ford,resignation,2027-02-10,2027-01-01,2028-12-31,\n" +
		"AD-080,Member of Assembly,member_of_assembly,80,Allegany,Lee Ray,resignation,2027-02-10,2027-01-01,2028-12-31,\n"
	if err := os.WriteFile(in, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	sum, err := Run(context.Background(), Options{Inputs: []string{in}, Jobs: 2, Split: "county",
		Outputs: Outputs{Dir: out, AsOf: compute.D(2027, 3, 1), Formats: []string{export.XLSX, export.CSV, export.ICS, export.JSON}},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, folder := range []string{out, filepath.Join(out, "by-county", "New York")} {
		deadlines := readCSVFileIf(t, filepath.Join(folder, "deadlines.csv"))
		for _, r := range deadlines {
			if r["vacancy_id"] != "AD-074" {
				continue
			}
			if r["code"] == "proclamation_deadline" && r["status"] != "met" {
				t.Errorf("%s: AD-074's duty to proclaim is %q: %s", folder, r["status"], r["reason"])
			}
			if strings.Contains(r["reason"], "applies only if no special election") && r["applies"] == "yes" {
				t.Errorf("%s: AD-074's %s applies though the special election is proclaimed", folder, r["code"])
			}
		}
		conflicts := readCSVFileIf(t, filepath.Join(folder, "conflicts.csv"))
		for _, c := range conflicts {
			if c["code"] == "PROCLAMATION_OVERDUE" && c["vacancy_id"] == "AD-074" {
				t.Errorf("%s: %v", folder, c)
			}
		}
		f, err := excelize.OpenFile(filepath.Join(folder, "results.xlsx"))
		if err != nil {
			t.Fatal(err)
		}
		codes := sheetColumn(t, f, "Conflicts", "code")
		ids := sheetColumn(t, f, "Conflicts", "vacancy_id")
		dlIDs, dlCodes, dlStatus := sheetColumn(t, f, "Deadlines", "vacancy_id"), sheetColumn(t, f, "Deadlines", "code"), sheetColumn(t, f, "Deadlines", "status")
		f.Close()
		duties := 0
		for i := range dlIDs {
			if dlIDs[i] == "AD-074" && dlCodes[i] == "proclamation_deadline" {
				duties++
				if dlStatus[i] != "met" {
					t.Errorf("%s: Deadlines shows an AD-074 duty to proclaim %q", folder, dlStatus[i])
				}
			}
		}
		if duties != 2 {
			t.Errorf("%s: %d AD-074 duty rows on Deadlines, want 2", folder, duties)
		}
		overdue := 0
		for i, c := range codes {
			if c == "PROCLAMATION_OVERDUE" {
				overdue++
				if ids[i] != "AD-080" {
					t.Errorf("%s: Conflicts lists PROCLAMATION_OVERDUE for %s", folder, ids[i])
				}
			}
		}
		// AD-080, alone in its seat, lapsed: its warning stays (in the
		// statewide workbook; New York's folder does not hold it).
		if want := map[bool]int{true: 1, false: 0}[folder == out]; overdue != want {
			t.Errorf("%s: %d PROCLAMATION_OVERDUE lines, want %d", folder, overdue, want)
		}
		ics, err := os.ReadFile(filepath.Join(folder, "deadlines.ics"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(ics), "[AD-074") && strings.Contains(strings.ReplaceAll(string(ics), "\r\n ", ""), "Last day to issue the proclamation of a special election — Member of Assembly, Assembly District 74") {
			t.Errorf("%s: the calendar holds AD-074's proclamation", folder)
		}
	}
	// AD-080's PROCLAMATION_OVERDUE and both AD-074 rows' DUPLICATE_VACANCY
	// are the run's warnings.
	if sum.BySeverity[compute.Warning] != 3 {
		t.Errorf("%d vacancies with warnings, want 3: %v", sum.BySeverity[compute.Warning], sum.BySeverity)
	}
}

// readCSVFileIf is readCSVFile for an output a folder may not hold
// (a split's folders hold no CSV tables): nil then.
func readCSVFileIf(t *testing.T, path string) []map[string]string {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	return readCSVFile(t, path)
}
