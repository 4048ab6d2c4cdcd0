package export

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/nylaw"
)

// Issue 32: the first page of Deadlines is what is due. As of Mon
// 2027-03-29: V-1, proclaimed, has its special election's certificates
// due Fri 04-02 and Mon 04-05; V-2 waits on a proclamation
// (special_or_general): its designating petitions, due Thu 04-01, apply
// only if no special election is held; V-3's last day passed.
func TestDeadlinesFirstPageIsWhatIsDue(t *testing.T) {
	dl := func(code string, day compute.Date, status compute.Status, ifNoSpecial bool) compute.Deadline {
		reason := ""
		if ifNoSpecial {
			reason = "applies only if no special election is held"
		}
		return compute.Deadline{Code: code, Kind: compute.LastDay, Statutory: day, Effective: day, Applies: true, Status: status,
			IfNoSpecial: ifNoSpecial, Reason: reason, Citation: "Elec. Law § 6-158"}
	}
	vac := func(id string, row int, ds ...compute.Deadline) compute.Result {
		return compute.Result{Vacancy: compute.Vacancy{ID: id, Source: compute.Source{File: "v.csv", Row: row}, Office: "Member of Assembly",
			Class: compute.MemberOfAssembly, District: "74", County: "New York", Cause: compute.Resignation, EventDate: d(2027, 1, 4)},
			VacancyDate: d(2027, 1, 4), Deadlines: ds}
	}
	results := []compute.Result{
		vac("V-3", 2, dl("party_nomination_certificate", d(2027, 3, 1), compute.Passed, false)),
		vac("V-2", 3, dl("designating_petition", d(2027, 4, 1), compute.Open, true), dl("opportunity_to_ballot", d(2027, 4, 8), compute.Open, true)),
		vac("V-1", 4, dl("special_party_accept_decline", d(2027, 4, 5), compute.Open, false), dl("special_party_nomination_certificate", d(2027, 4, 2), compute.Open, false)),
	}
	dir := filepath.Join(t.TempDir(), "out")
	opts := fixtureOptions(dir, XLSX)
	opts.AsOf = d(2027, 3, 29)
	w, err := openWriter(opts, planOf(nil, results...))
	if err != nil {
		t.Fatal(err)
	}
	for i := range results {
		if err := w.Result(&results[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Commit(fixtureRunInfo()); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(filepath.Join(dir, resultsName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(deadlinesSheet)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows[1:] {
		got = append(got, r[0]+" "+r[1]+" "+r[slices.Index(deadlineColumns, "status")])
	}
	want := []string{
		// What is due, by last day.
		"V-1 special_party_nomination_certificate open",
		"V-1 special_party_accept_decline open",
		// What is due only if no special election is held, by last day.
		"V-2 designating_petition open",
		"V-2 opportunity_to_ballot open",
		// What needs nothing.
		"V-3 party_nomination_certificate passed",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Deadlines in order:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	if reason := rows[3][8]; reason != "applies only if no special election is held" {
		t.Errorf("V-2's row does not say it applies only if no special election is held: %q", reason)
	}
}

// The Changes sheet prints every code whole ("deadline_p / assed" was a
// kind cut mid-word): its code columns are as wide as their longest code,
// whatever rows the widths were sampled from.
func TestChangesSheetPrintsCodesWhole(t *testing.T) {
	longest := func(list []string) int {
		n := 0
		for _, s := range list {
			n = max(n, utf8.RuneCountInString(s))
		}
		return n
	}
	var kinds []string
	for _, k := range changes.Kinds {
		kinds = append(kinds, string(k))
	}
	// The item column: a deadline's code, a conflict's, or an input
	// column's name.
	codes := slices.Clone(ny.order)
	for _, r := range compute.RulesOf(nylaw.NewYork, compute.RulesFilter{}) {
		if r.Code == strings.ToUpper(r.Code) {
			codes = append(codes, r.Code)
		}
	}
	codes = append(codes, changes.InputFields...)
	methods := []string{string(compute.TemporaryAppointment), string(compute.SpecialOrGeneral), "accepted", "rejected"}
	dir := filepath.Join(t.TempDir(), "out")
	opts := fixtureOptions(dir, XLSX)
	opts.Changes = true
	w, err := openWriter(opts, Plan{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Commit(fixtureRunInfo()); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(filepath.Join(dir, resultsName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, c := range []struct {
		col   string // changeColumns: priority A, kind B, item I, old J, new K
		codes []string
	}{{"B", kinds}, {"I", codes}, {"J", methods}, {"K", methods}} {
		width, err := f.GetColWidth(changesSheet, c.col)
		if err != nil {
			t.Fatal(err)
		}
		// A cell's text needs its characters and a margin of two.
		if need := float64(longest(c.codes) + 2); width < need {
			t.Errorf("Changes column %s is %.0f wide; its longest code needs %.0f", c.col, width, need)
		}
	}
}

// summary.json's fail_on says whether this part reached the run's
// --fail-on: what the mail step sends a part's message by.
func TestFailOnBlock(t *testing.T) {
	for _, c := range []struct {
		name    string
		failOn  FailOn
		reached bool
		because string
	}{
		{"none asked", FailOn{}, false, ""},
		// The fixture has an error (V-002) and two rejected rows.
		{"errors", FailOn{Levels: []string{"error"}, Severity: compute.Error}, true, "2 rows rejected"},
		{"action, with nothing compared and nothing due", FailOn{Levels: []string{"action"}, Action: true}, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			opts := fixtureOptions(dir, JSON)
			opts.FailOn = c.failOn
			writeFixture(t, opts)
			raw, err := os.ReadFile(filepath.Join(dir, summaryName))
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				FailOn *failOnDoc `json:"fail_on"`
			}
			if err := json.Unmarshal(raw, &doc); err != nil {
				t.Fatal(err)
			}
			if doc.FailOn == nil || doc.FailOn.Levels == nil || doc.FailOn.Because == nil {
				t.Fatalf("fail_on %+v: every summary.json has the block, its lists never null", doc.FailOn)
			}
			if doc.FailOn.Reached != c.reached || c.because != "" && !slices.Contains(doc.FailOn.Because, c.because) {
				t.Errorf("fail_on %+v, want reached %v because %q", doc.FailOn, c.reached, c.because)
			}
		})
	}
}
