package export

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
)

// actionResults are n vacancies whose deadlines mix every status, in an
// order where the open ones never come first: a passed row, a met one, one
// that does not apply, then an open one whose date rests on unverified
// text, and an open one that does not.
func actionResults(n int) []compute.Result {
	out := make([]compute.Result, n)
	for i := range out {
		id := "V-" + strconv.Itoa(i+1)
		out[i] = compute.Result{
			Vacancy: compute.Vacancy{ID: id, Source: compute.Source{File: "v.xlsx", Sheet: "S", Row: i + 2},
				Office: "Member of Assembly", Class: compute.MemberOfAssembly, District: "80", County: "Allegany",
				Cause: compute.Resignation, EventDate: d(2027, 1, 23), ProclamationDate: d(2027, 1, 25)},
			VacancyDate: d(2027, 1, 23), Method: compute.SpecialElection, FillingElection: d(2027, 3, 16),
			Deadlines: []compute.Deadline{
				{Code: "special_party_nomination_certificate", Kind: compute.LastDay, Statutory: d(2027, 1, 27),
					Effective: d(2027, 1, 27), Applies: true, Status: compute.Passed, Citation: "Elec. Law § 6-158(6)"},
				{Code: "proclamation_deadline", Kind: compute.LastDay, Statutory: d(2027, 2, 2), Effective: d(2027, 2, 2),
					Applies: true, Status: compute.Met, Reason: "proclaimed on 2027-01-25", Citation: "Pub. Off. Law § 42(3)"},
				{Code: "party_nomination_certificate", Kind: compute.LastDay, Applies: false, Reason: "nominated at the primary",
					Citation: "Elec. Law § 6-158(6)"},
				{Code: "special_party_accept_decline", Kind: compute.LastDay, Statutory: d(2027, 2, 6), Effective: d(2027, 2, 8),
					RolledOver: true, Applies: true, Status: compute.Open, Citation: "Elec. Law § 6-158(7)",
					Verify: "Elec. Law § 6-158(7) not verified: check against the state board's calendar of the election"},
				{Code: "special_independent_petition", Kind: compute.LastDay, Statutory: d(2027, 2, 9), Effective: d(2027, 2, 9),
					Applies: true, Status: compute.Open, Citation: "Elec. Law § 6-158(9)"},
			},
		}
		if i%3 == 0 {
			out[i].Conflicts = []compute.Conflict{{Code: "ROLLED_OVER", Severity: compute.Info, Field: "special_party_accept_decline",
				Message: "moved", Citation: "Elec. Law § 1-106"}}
		}
		if i%7 == 0 {
			out[i].Conflicts = append(out[i].Conflicts, compute.Conflict{Code: "PROCLAMATION_LATE", Severity: compute.Warning,
				Field: "proclamation_date", Message: "late", Citation: "Pub. Off. Law § 42(3)"})
		}
		if i%11 == 0 {
			out[i].Conflicts = append(out[i].Conflicts, compute.Conflict{Code: "DATE_ORDER", Severity: compute.Error,
				Field: "event_date", Message: "order", Citation: "data check"})
		}
	}
	return out
}

// The Deadlines sheet leads with what someone must still do, in print as
// on screen; the rows that need nothing follow, greyed; every row whose
// date rests on unverified text says verify, in the sheet and the CSV.
func TestDeadlinesLeadWithAction(t *testing.T) {
	const n = 600 // 3,000 rows: the rows that wait spill to their temporary file
	dir := filepath.Join(t.TempDir(), "out")
	opts := fixtureOptions(dir, XLSX, CSV, JSON)
	opts.AsOf = d(2027, 1, 28)
	opts.runRecords = 16 // a run of the waiting rows is about 4 KB: many runs
	results := actionResults(n)
	w, err := openWriter(opts, planOf(fixtureExtra, results...))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if err := w.Result(&r); err != nil {
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
	header := rows[0]
	col := func(name string) int {
		for i, h := range header {
			if h == name {
				return i
			}
		}
		t.Fatalf("Deadlines has no column %s: %v", name, header)
		return -1
	}
	status, verify, code, id := col("status"), col("verify"), col("code"), col("vacancy_id")
	at := func(r []string, i int) string {
		if i < len(r) {
			return r[i]
		}
		return ""
	}
	if len(rows)-1 != 5*n {
		t.Fatalf("Deadlines has %d rows, want %d", len(rows)-1, 5*n)
	}
	t.Run("open rows first, by last day, then the others in input order", func(t *testing.T) {
		for i, r := range rows[1:] {
			open := i < 2*n
			if got := at(r, status) == string(compute.Open); got != open {
				t.Fatalf("row %d (%s %s) status %q: the %d open rows must come first", i+2, at(r, id), at(r, code), at(r, status), 2*n)
			}
		}
		// The open rows by their last day (issue 32: the first page is
		// what is due): every vacancy's accept-or-decline row, Mon
		// 2027-02-08, in input order, then every independent petition, Tue
		// 02-09; then V-1's three others.
		if at(rows[1], id) != "V-1" || at(rows[2], id) != "V-2" || at(rows[n], code) != "special_party_accept_decline" ||
			at(rows[n+1], id) != "V-1" || at(rows[n+1], code) != "special_independent_petition" ||
			at(rows[2*n+1], id) != "V-1" || at(rows[5*n], id) != "V-"+strconv.Itoa(n) {
			t.Errorf("order: %v %v %v %v %v", rows[1][:2], rows[2][:2], rows[n+1][:2], rows[2*n+1][:2], rows[5*n][:2])
		}
		if got := at(rows[2*n+2], status); got != string(compute.Met) {
			t.Errorf("V-1's second waiting row is %q, want met", got)
		}
	})
	t.Run("rows that need nothing are greyed, open ones are not", func(t *testing.T) {
		for _, c := range []struct {
			row  int
			want string
		}{{2, ""}, {2*n + 1, ""}, {2*n + 2, "passed"}, {2*n + 3, "passed"}, {5*n + 1, "passed"}} {
			ref := "A" + strconv.Itoa(c.row)
			sid, _ := f.GetCellStyle(deadlinesSheet, ref)
			if got := styleName(t, f, sid); got != c.want {
				t.Errorf("Deadlines!%s style %q, want %q", ref, got, c.want)
			}
		}
	})
	t.Run("verify is on every row resting on unverified text, and no other", func(t *testing.T) {
		for i, r := range rows[1:] {
			want := at(r, code) == "special_party_accept_decline"
			if got := strings.Contains(at(r, verify), "not verified"); got != want {
				t.Errorf("row %d %s: verify %q", i+2, at(r, code), at(r, verify))
			}
		}
		fh, err := os.Open(filepath.Join(dir, "deadlines.csv"))
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		recs, err := csv.NewReader(fh).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if h := recs[0]; h[len(h)-1] != "verify" {
			t.Fatalf("deadlines.csv's last column is %q, want verify", h[len(h)-1])
		}
		marked := 0
		for _, r := range recs[1:] {
			want := r[1] == "special_party_accept_decline"
			if got := r[len(r)-1] != ""; got != want {
				t.Errorf("deadlines.csv %s %s: verify %q", r[0], r[1], r[len(r)-1])
			}
			if want {
				marked++
			}
		}
		if marked != n {
			t.Errorf("%d CSV rows carry verify, want %d", marked, n)
		}
	})
	t.Run("Conflicts prints its errors and warnings, not the info lines", func(t *testing.T) {
		ew := 0
		for i := 0; i < n; i++ {
			if i%7 == 0 {
				ew++
			}
			if i%11 == 0 {
				ew++
			}
		}
		var area string
		for _, dn := range f.GetDefinedName() {
			if dn.Name == "_xlnm.Print_Area" && dn.Scope == conflictsSheet {
				area = dn.RefersTo
			}
		}
		want := "$A$1:$H$" + strconv.Itoa(1+ew)
		if !strings.HasSuffix(area, want) {
			t.Errorf("Conflicts print area %q, want …%s (the header and %d errors and warnings)", area, want, ew)
		}
		rows, _ := f.GetRows(conflictsSheet)
		if got := rows[ew][2]; got != "warning" {
			t.Errorf("the last printed line is %q, want a warning", got)
		}
		if got := rows[ew+1][2]; got != "info" {
			t.Errorf("the first line left off the print is %q, want info", got)
		}
	})
	t.Run("summary.json says each unverified rule once", func(t *testing.T) {
		b, err := os.ReadFile(filepath.Join(dir, summaryName))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Verify []verifyLine `json:"verify"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Verify) != 1 || doc.Verify[0].Rule != "Elec. Law § 6-158(7)" || doc.Verify[0].Open != n ||
			!strings.Contains(doc.Verify[0].Check, "calendar") {
			t.Errorf("verify %+v, want one line: § 6-158(7), %d open deadlines", doc.Verify, n)
		}
	})
}

// The Summary names a signing period as signing: its window starts on the
// first day a signature counts, not on the first day to file. The dates
// are the samples' (2027's petitions due 2027-04-02 under their calendar
// input; signing from 37 days before, Elec. Law § 6-134(4)); only the
// words are under test.
func TestSigningIsNamedAsSigning(t *testing.T) {
	asOf := d(2027, 1, 28)
	signing := upcoming{code: "designating_signing_start", kind: string(compute.Window), date: d(2027, 4, 2), windowStart: d(2027, 2, 24)}
	got := ny.nextTitle(signing, asOf)
	if !strings.Contains(got, "first day to sign is 2027-02-24") || strings.Contains(got, "filing opens") || strings.HasPrefix(got, "Last day to file") {
		t.Errorf("signing row: %q", got)
	}
	if got := ny.nextTitle(signing, d(2027, 3, 1)); !strings.HasPrefix(got, "Signing designating petitions ends") {
		t.Errorf("signing row once open: %q", got)
	}
	filing := upcoming{code: "designating_petition", kind: string(compute.Window), date: d(2027, 4, 2), windowStart: d(2027, 3, 29)}
	if got := ny.nextTitle(filing, asOf); got != "Last day to file designating petitions (filing opens 2027-03-29)" {
		t.Errorf("filing row: %q", got)
	}
}
