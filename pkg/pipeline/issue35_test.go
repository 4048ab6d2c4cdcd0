package pipeline

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
	"batch/pkg/export"
)

// deadlineOf reads one deadline row of deadlines.csv: its effective date
// and reason.
func deadlineOf(t *testing.T, out, id, code string) (effective, reason string) {
	t.Helper()
	f, err := os.Open(filepath.Join(out, "deadlines.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, r := range rows[1:] {
		if r[col["vacancy_id"]] == id && r[col["code"]] == code {
			return r[col["effective_date"]], r[col["reason"]]
		}
	}
	t.Fatalf("no %s row for %s", code, id)
	return "", ""
}

// TestCalendarSheetAppliesToItsOwnRows: a workbook's Calendar sheet moves
// its own rows' deadlines and names itself in their reason; another
// input's rows keep the law's dates (issue 35: the sample's fictional
// holiday moved another county's petitions). A --calendar file applies to
// every input. The 2027 designating petitions are due Thursday
// 2027-04-01, the twelfth Thursday before the June 22 primary (Elec. Law
// § 6-158(1)); a holiday that day moves them to Friday 2027-04-02 (§ 1-106).
func TestCalendarSheetAppliesToItsOwnRows(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "albany.xlsx")
	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Vacancies")
	for i, r := range [][]any{{"vacancy_id", "office", "county", "cause", "event_date"}, {"A-1", "Member of Assembly", "Albany", "resigned", "2027-01-05"}} {
		_ = f.SetSheetRow("Vacancies", "A"+string(rune('1'+i)), &r)
	}
	_, _ = f.NewSheet("Calendar")
	for i, r := range [][]any{{"year", "holiday", "holiday_name", "reason"}, {2027, "2027-04-01", "Day of mourning", "proclaimed by the governor"}} {
		_ = f.SetSheetRow("Calendar", "A"+string(rune('1'+i)), &r)
	}
	if err := f.SaveAs(book); err != nil {
		t.Fatal(err)
	}
	erie := filepath.Join(dir, "erie.csv")
	if err := os.WriteFile(erie, []byte("vacancy_id,office,county,cause,event_date\nE-1,Member of Assembly,Erie,resigned,2027-01-05\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if _, err := Run(context.Background(), Options{Inputs: []string{book, erie},
		Outputs: Outputs{Dir: out, AsOf: compute.D(2026, 11, 30), Formats: []string{export.CSV, export.JSON, export.Digest}},
	}); err != nil {
		t.Fatal(err)
	}
	digest, _ := os.ReadFile(filepath.Join(out, "digest.txt"))
	if d := strings.Join(strings.Fields(string(digest)), " "); !strings.Contains(d, "Calendar overrides applied: public holiday 2027-04-01 (Day of mourning) (albany.xlsx:Calendar:2: proclaimed by the governor), applied to the rows of albany.xlsx.") {
		t.Errorf("the digest does not name the override:\n%s", digest)
	}
	day, why := deadlineOf(t, out, "A-1", "designating_petition")
	if day != "2027-04-02" || !strings.Contains(why, "moved off 2027-04-01, a public holiday (Day of mourning) added by calendar input albany.xlsx:Calendar:2: proclaimed by the governor") {
		t.Errorf("the workbook's own row: %s, reason %q", day, why)
	}
	if day, why := deadlineOf(t, out, "E-1", "designating_petition"); day != "2027-04-01" || strings.Contains(why, "calendar input") {
		t.Errorf("another input's row was moved by the sheet: %s, reason %q", day, why)
	}
	type override struct {
		Source    string `json:"source"`
		AppliesTo string `json:"applies_to"`
		Sets      string `json:"sets"`
		Reason    string `json:"reason"`
		Authority string `json:"authority"`
	}
	var doc struct {
		Overrides []override `json:"calendar_overrides"`
	}
	b, _ := os.ReadFile(filepath.Join(out, "summary.json"))
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	want := override{Source: "albany.xlsx:Calendar:2", AppliesTo: "the rows of albany.xlsx",
		Sets: "public holiday 2027-04-01 (Day of mourning)", Reason: "proclaimed by the governor"}
	if len(doc.Overrides) != 1 || doc.Overrides[0] != want {
		t.Errorf("summary.json calendar_overrides %+v, want %+v", doc.Overrides, want)
	}

	// The operator's --calendar applies to every input.
	cal := filepath.Join(dir, "cal.csv")
	if err := os.WriteFile(cal, []byte("year,holiday,holiday_name\n2027,2027-04-01,Day of mourning\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out2 := filepath.Join(dir, "out2")
	if _, err := Run(context.Background(), Options{Inputs: []string{erie}, CalendarFile: cal,
		Outputs: Outputs{Dir: out2, AsOf: compute.D(2026, 11, 30), Formats: []string{export.CSV, export.JSON}},
	}); err != nil {
		t.Fatal(err)
	}
	if day, why := deadlineOf(t, out2, "E-1", "designating_petition"); day != "2027-04-02" || !strings.Contains(why, "calendar input cal.csv:2") {
		t.Errorf("--calendar: %s, reason %q", day, why)
	}
}
