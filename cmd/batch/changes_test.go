package main

import (
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// Two nights of a county's workbook, as cron runs them (issue 12). The
// law is the seed edition, E0, fixed by --edition (docs/LAW.md, "Editions"): P(2026) = Tue 2026-09-15 (first
// Tuesday after the second Monday of September), G(2026) = Tue 2026-11-03.
// Between the nights:
//   - NY-1's event date is corrected from 2026-09-03 to 2026-09-11;
//   - NY-2 leaves the workbook, NY-3 comes in;
//   - NY-4 gets a proclamation (2026-09-08) naming its special election (2026-10-13);
//   - the as-of date moves from Mon 2026-09-14 to Fri 2026-09-18, over
//     NY-5's special-election deadlines of 09-14 and 09-16.
const night1CSV = `vacancy_id,office,office_class,district,county,cause,event_date,proclamation_date,special_election_date
NY-1,Town Supervisor,other,,Erie,death,2026-09-03,,
NY-2,Village Trustee,other,,Erie,resignation,2026-01-15,,
NY-4,Member of Assembly,member_of_assembly,65,New York,resignation,2026-03-02,,
NY-5,Member of Assembly,member_of_assembly,12,Queens,resignation,2026-02-10,2026-09-04,2026-10-13
`

const night2CSV = `vacancy_id,office,office_class,district,county,cause,event_date,proclamation_date,special_election_date
NY-1,Town Supervisor,other,,Erie,death,2026-09-11,,
NY-3,Town Clerk,other,,Albany,death,2026-09-16,,
NY-4,Member of Assembly,member_of_assembly,65,New York,resignation,2026-03-02,2026-09-08,2026-10-13
NY-5,Member of Assembly,member_of_assembly,12,Queens,resignation,2026-02-10,2026-09-04,2026-10-13
`

// nightly runs batch as the README's cron line does, on the workbook's
// one file name, into one output folder, under the seed edition (the
// expectations are the seed statutes worked by hand).
func nightly(t *testing.T, dir, csv, asOf string, extra ...string) outcome {
	return nightlyUnder(t, "E0", dir, csv, asOf, extra...)
}

func nightlyUnder(t *testing.T, edition, dir, csv, asOf string, extra ...string) outcome {
	t.Helper()
	in := filepath.Join(dir, "vacancies.csv")
	if err := os.WriteFile(in, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"run", "-q", "--as-of", asOf, "--edition", edition, "--compare", "auto",
		"--format", "xlsx,csv,json,digest", "-o", filepath.Join(dir, "out")}, extra...)
	return run(t, "", append(args, in)...)
}

// changeRows reads changes.csv as "kind id item: old → new [cause: detail]".
func changeRows(t *testing.T, dir string) []string {
	t.Helper()
	rows := readCSV(t, filepath.Join(dir, "out", "changes.csv"))
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	var out []string
	for _, r := range rows[1:] {
		out = append(out, r[col["kind"]]+" "+r[col["vacancy_id"]]+" "+r[col["item"]]+": "+r[col["old"]]+" → "+
			r[col["new"]]+" ["+r[col["cause"]]+": "+r[col["cause_detail"]]+"]")
	}
	return out
}

func TestTwoNightsChangesAndCauses(t *testing.T) {
	dir := t.TempDir()
	first := nightly(t, dir, night1CSV, "2026-09-14", "--fail-on", "changed")
	if first.code != 0 {
		t.Fatalf("first night: exit %d\n%s", first.code, first.stderr)
	}
	var sum struct {
		Changes struct {
			Status string `json:"status"`
			Reason string `json:"reason"`
		} `json:"changes"`
	}
	readJSON(t, filepath.Join(dir, "out", "summary.json"), &sum)
	if sum.Changes.Status != "first_run" || !strings.Contains(sum.Changes.Reason, "nothing to compare") {
		t.Errorf("first night's summary.json changes: %+v", sum.Changes)
	}

	second := nightly(t, dir, night2CSV, "2026-09-18", "--fail-on", "changed")
	if second.code != 3 {
		t.Errorf("second night with --fail-on changed: exit %d, want 3\n%s", second.code, second.stderr)
	}
	ny1 := "input: event_date 2026-09-03 → 2026-09-11"
	ny4 := "input: proclamation_date (blank) → 2026-09-08; special_election_date (blank) → 2026-10-13"
	asOf := "as_of: as-of date 2026-09-14 → 2026-09-18"
	soon := "as_of: due within 7 days of the as-of date 2026-09-18"
	want := []string{
		// NY-1, V 09-03 → 09-11 (death: the date of death, § 30(1)(a)); still
		// before September 20, so still G(2026) (§ 42(1)).
		"vacancy_date_changed NY-1 vacancy_date: 2026-09-03 → 2026-09-11 [" + ny1 + "]",
		// § 6-158(6): P + 7 = Tue 09-22; V after P − 7 (09-08) gives V + 14 = Fri 09-25.
		"deadline_changed NY-1 party_nomination_certificate: 2026-09-22 → 2026-09-25 [" + ny1 + "]",
		"conflict_raised NY-1 LATE_VACANCY:  → LATE_VACANCY [" + ny1 + "]",
		// (7): three days after: Fri 09-25 → Mon 09-28; (8): four more: Tue 09-29 → Fri 10-02.
		"deadline_changed NY-1 party_nomination_accept_decline: 2026-09-25 → 2026-09-28 [" + ny1 + "]",
		"deadline_changed NY-1 party_nomination_vacancy_declination: 2026-09-29 → 2026-10-02 [" + ny1 + "]",
		// (10): V after G − 91 (08-04) both nights: window V … V + 14, last day Thu 09-17 → Fri 09-25;
		// accept: + 2 = Sat 09-19 → Mon 09-21 (§ 1-106), then Sun 09-27 → Mon 09-28;
		// vacancy declination: + 2 from the effective day: Wed 09-23 → Wed 09-30.
		"deadline_changed NY-1 independent_petition: 2026-09-17 → 2026-09-25 [" + ny1 + "]",
		"deadline_changed NY-1 independent_accept_decline: 2026-09-21 → 2026-09-28 [" + ny1 + "]",
		"deadline_changed NY-1 independent_vacancy_declination: 2026-09-23 → 2026-09-30 [" + ny1 + "]",
		// And this week: both of NY-1's Fri 09-25 last days.
		"deadline_soon NY-1 party_nomination_certificate:  → 2026-09-25 [" + soon + "]",
		"deadline_soon NY-1 independent_petition:  → 2026-09-25 [" + soon + "]",

		"vacancy_removed NY-2 : general_election →  [input: the row is no longer in the inputs]",
		"vacancy_added NY-3 :  → general_election [input: a row the last run's inputs did not have]",

		// NY-4, an Assembly seat vacated before April 1 of its term's last
		// year: not barred (§ 42(4)), special_or_general until proclaimed.
		"method_changed NY-4 filling_method: special_or_general → special_election [" + ny4 + "]",
		"election_changed NY-4 filling_election_date: 2026-11-03 → 2026-10-13 [" + ny4 + "]",
		// The general-election deadlines go: ninth Thursday preceding P = 07-16,
		// + 4 = Mon 07-20, + 4 = Fri 07-24, eighth Thursday = 07-23; G − 77 =
		// Tue 08-18; eleventh Tuesday preceding G (08-18) + 3 = 08-21, + 6 =
		// Mon 08-24; P + 7 = 09-22, + 3 = 09-25, + 4 = 09-29.
		"deadline_dropped NY-4 designating_petition: 2026-07-16 →  [" + ny4 + "]",
		"deadline_dropped NY-4 designation_accept_decline: 2026-07-20 →  [" + ny4 + "]",
		"deadline_dropped NY-4 designation_vacancy_declination: 2026-07-24 →  [" + ny4 + "]",
		"deadline_dropped NY-4 opportunity_to_ballot: 2026-07-23 →  [" + ny4 + "]",
		"deadline_dropped NY-4 independent_petition: 2026-08-18 →  [" + ny4 + "]",
		"deadline_dropped NY-4 independent_accept_decline: 2026-08-21 →  [" + ny4 + "]",
		"deadline_dropped NY-4 independent_vacancy_declination: 2026-08-24 →  [" + ny4 + "]",
		"deadline_dropped NY-4 party_nomination_certificate: 2026-09-22 →  [" + ny4 + "]",
		"deadline_dropped NY-4 party_nomination_accept_decline: 2026-09-25 →  [" + ny4 + "]",
		"deadline_dropped NY-4 party_nomination_vacancy_declination: 2026-09-29 →  [" + ny4 + "]",
		// The special election's: R = Tue 09-08; R + 10 = Fri 09-18; R + 12 =
		// Sun 09-20 → Mon 09-21 (twice, each a ROLLED_OVER); R + 14 = Tue 09-22
		// (twice); R + 16 = Thu 09-24; the election's window ends R + 40 =
		// Sun 10-18 (an election day never rolls over).
		"deadline_added NY-4 special_party_nomination_certificate:  → 2026-09-18 [" + ny4 + "]",
		"deadline_added NY-4 special_party_accept_decline:  → 2026-09-21 [" + ny4 + "]",
		"deadline_added NY-4 special_independent_petition:  → 2026-09-21 [" + ny4 + "]",
		"deadline_added NY-4 special_party_vacancy_declination:  → 2026-09-22 [" + ny4 + "]",
		"deadline_added NY-4 special_independent_accept_decline:  → 2026-09-22 [" + ny4 + "]",
		"deadline_added NY-4 special_independent_vacancy_declination:  → 2026-09-24 [" + ny4 + "]",
		"deadline_added NY-4 special_election:  → 2026-10-18 [" + ny4 + "]",
		"conflict_raised NY-4 ROLLED_OVER:  → ROLLED_OVER [" + ny4 + "]",
		"conflict_raised NY-4 ROLLED_OVER:  → ROLLED_OVER [" + ny4 + "]",
		// All six new last days fall within the week from 09-18.
		"deadline_soon NY-4 special_party_nomination_certificate:  → 2026-09-18 [" + soon + "]",
		"deadline_soon NY-4 special_party_accept_decline:  → 2026-09-21 [" + soon + "]",
		"deadline_soon NY-4 special_independent_petition:  → 2026-09-21 [" + soon + "]",
		"deadline_soon NY-4 special_party_vacancy_declination:  → 2026-09-22 [" + soon + "]",
		"deadline_soon NY-4 special_independent_accept_decline:  → 2026-09-22 [" + soon + "]",
		"deadline_soon NY-4 special_independent_vacancy_declination:  → 2026-09-24 [" + soon + "]",
	}
	want = append(want, night5AsOfMoved(asOf, soon)...)
	got := changeRows(t, dir)
	if a, b := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want)); !slices.Equal(a, b) {
		t.Errorf("changes.csv:\n got:\n  %s\nwant:\n  %s", strings.Join(a, "\n  "), strings.Join(b, "\n  "))
	}
	// Most urgent first: the deadlines missed, then those due, soonest first.
	if len(got) > 3 && !(strings.HasPrefix(got[0], "deadline_passed NY-5 special_party_nomination_certificate") &&
		strings.HasPrefix(got[3], "deadline_soon")) {
		t.Errorf("not most urgent first: %s", strings.Join(got[:4], " | "))
	}
	checkDigests(t, filepath.Join(dir, "out"))
	checkChangesSheet(t, filepath.Join(dir, "out", "results.xlsx"), len(want))
}

// checkChangesSheet: Changes is the second sheet, its title row says what
// was compared, then the header and one row per change, as changes.csv.
func checkChangesSheet(t *testing.T, path string, n int) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if sheets := f.GetSheetList(); len(sheets) < 2 || sheets[0] != "Summary" || sheets[1] != "Changes" {
		t.Fatalf("sheets %v: want Summary, then Changes", sheets)
	}
	rows, err := f.GetRows("Changes")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != n+2 || !strings.HasPrefix(rows[0][0], "Changes since the run as of 2026-09-14") ||
		strings.Join(rows[1], ",") != "priority,kind,date,vacancy_id,source,office,district,county,item,old,new,severity,cause,cause_detail,message,act_by,verify" {
		t.Errorf("Changes sheet: %d rows, title %q, header %q", len(rows), rows[0], rows[1])
	}
	if rows[2][1] != "deadline_passed" {
		t.Errorf("first change %v: want the deadline missed", rows[2])
	}
}

// night5AsOfMoved is NY-5's part, the same both nights: R = Fri 09-04.
// R + 10 = Mon 09-14 (open on 09-14, its own last day) and R + 12 = Wed
// 09-16, twice, passed by 09-18; R + 14 = Fri 09-18 (twice) is due today,
// R + 16 = Sun 09-20 → Mon 09-21 within the week.
func night5AsOfMoved(asOf, soon string) []string {
	return []string{
		"deadline_passed NY-5 special_party_nomination_certificate: open → passed [" + asOf + "]",
		"deadline_passed NY-5 special_party_accept_decline: open → passed [" + asOf + "]",
		"deadline_passed NY-5 special_independent_petition: open → passed [" + asOf + "]",
		"deadline_soon NY-5 special_party_vacancy_declination:  → 2026-09-18 [" + soon + "]",
		"deadline_soon NY-5 special_independent_accept_decline:  → 2026-09-18 [" + soon + "]",
		"deadline_soon NY-5 special_independent_vacancy_declination:  → 2026-09-21 [" + soon + "]",
	}
}

func TestOnlyTheAsOfDateMovedReportsPassedAndDue(t *testing.T) {
	dir := t.TempDir()
	nightly(t, dir, night1CSV, "2026-09-14")
	again := nightly(t, dir, night1CSV, "2026-09-18", "--fail-on", "changed")
	if again.code != 0 {
		t.Errorf("nothing changed but the as-of date, --fail-on changed: exit %d, want 0\n%s", again.code, again.stderr)
	}
	asOf := "as_of: as-of date 2026-09-14 → 2026-09-18"
	soon := "as_of: due within 7 days of the as-of date 2026-09-18"
	want := night5AsOfMoved(asOf, soon)
	// Night one's NY-1 (V 09-03): the independent petition's last day, Thu
	// 09-17 (V + 14), passed by 09-18; its accept and vacancy declination,
	// Mon 09-21 and Wed 09-23, are due this week. NY-1, NY-2 (a vacancy of
	// January) and NY-4 (special_or_general: G(2026)'s calendar) share
	// P + 7 = Tue 09-22 and its accept/decline three days on, Fri 09-25 —
	// the seventh day from 09-18, so within the week.
	want = append(want,
		"deadline_passed NY-1 independent_petition: open → passed ["+asOf+"]",
		"deadline_soon NY-1 independent_accept_decline:  → 2026-09-21 ["+soon+"]",
		"deadline_soon NY-1 independent_vacancy_declination:  → 2026-09-23 ["+soon+"]",
	)
	for _, id := range []string{"NY-1", "NY-2", "NY-4"} {
		want = append(want,
			"deadline_soon "+id+" party_nomination_certificate:  → 2026-09-22 ["+soon+"]",
			"deadline_soon "+id+" party_nomination_accept_decline:  → 2026-09-25 ["+soon+"]")
	}
	got := changeRows(t, dir)
	if a, b := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want)); !slices.Equal(a, b) {
		t.Errorf("changes.csv:\n got:\n  %s\nwant:\n  %s", strings.Join(a, "\n  "), strings.Join(b, "\n  "))
	}
	text, _ := os.ReadFile(filepath.Join(dir, "out", "digest.txt"))
	if !strings.Contains(string(text), "CHANGED SINCE THE LAST RUN: nothing but the as-of date.") {
		t.Errorf("digest.txt:\n%s", text)
	}
}

func TestFailOnChanged(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, csv, asOf string
		want            int
	}{
		{"the first run has nothing to compare", night1CSV, "2026-09-14", 0},
		{"the same rows on the same day", night1CSV, "2026-09-14", 0},
		{"the same rows days later: only the as-of date moved", night1CSV, "2026-09-18", 0},
		{"rows changed", night2CSV, "2026-09-18", 3},
		{"the same again", night2CSV, "2026-09-18", 0},
	} {
		got := nightly(t, dir, c.csv, c.asOf, "--fail-on", "changed")
		if got.code != c.want {
			t.Errorf("%s: exit %d, want %d\n%s", c.name, got.code, c.want, got.stderr)
		}
	}
	// A baseline that cannot be read is news too: exit 3, and the run is complete.
	os.WriteFile(filepath.Join(dir, "out", "snapshot.jsonl.gz"), []byte("not a snapshot"), 0o644)
	got := nightly(t, dir, night2CSV, "2026-09-18", "--fail-on", "changed")
	if got.code != 3 || !strings.Contains(got.stderr, "comparison skipped") {
		t.Errorf("bad baseline: exit %d\n%s", got.code, got.stderr)
	}
	if got := run(t, "", "run", "-q", "--fail-on", "changed", "-o", filepath.Join(dir, "x"), filepath.Join(dir, "vacancies.csv")); got.code != 2 {
		t.Errorf("--fail-on changed without --compare: exit %d, want 2", got.code)
	}
}

// checkDigests: digest.txt within 80 columns; digest.html well-formed, with
// nothing to run or fetch.
func checkDigests(t *testing.T, out string) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(out, "digest.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(text), "\n") {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("digest.txt line %d has %d columns", i+1, n)
		}
	}
	page, err := os.ReadFile(filepath.Join(out, "digest.html"))
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(strings.NewReader(string(page)))
	dec.Strict = true
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("digest.html is not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if slices.Contains([]string{"script", "style", "img", "link", "iframe", "object", "embed"}, se.Name.Local) {
				t.Errorf("digest.html has <%s>", se.Name.Local)
			}
			for _, a := range se.Attr {
				if a.Name.Local == "src" || a.Name.Local == "href" || strings.HasPrefix(a.Name.Local, "on") {
					t.Errorf("digest.html has %s=%q", a.Name.Local, a.Value)
				}
			}
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

func TestRejectedRowsMatchAcrossNights(t *testing.T) {
	// A rejected row keeps its vacancy_id through the run, so a row removed
	// above it (moving it up a line) changes nothing about it; once fixed,
	// it is accepted again, not a new vacancy.
	dir := t.TempDir()
	header := "vacancy_id,office,office_class,district,county,cause,event_date\n"
	nightly(t, dir, header+"NY-1,Town Clerk,other,,Erie,death,2026-05-01\nNY-9,Town Justice,other,,Erie,death,13/45/2026\n", "2026-06-01")
	nightly(t, dir, header+"NY-9,Town Justice,other,,Erie,death,13/45/2026\n", "2026-06-01")
	got := changeRows(t, dir)
	want := []string{"vacancy_removed NY-1 : general_election →  [input: the row is no longer in the inputs]"}
	if !slices.Equal(got, want) {
		t.Errorf("changes.csv:\n got %q\nwant %q", got, want)
	}
	nightly(t, dir, header+"NY-9,Town Justice,other,,Erie,death,2026-05-13\n", "2026-06-01")
	got = changeRows(t, dir)
	if len(got) != 1 || !strings.HasPrefix(got[0], "no_longer_rejected NY-9 : rejected → accepted [input: was rejected: event_date \"13/45/2026\"") {
		t.Errorf("changes.csv after the fix: %q", got)
	}
}

func TestAChangedEditionIsAChangeOfLaw(t *testing.T) {
	// The same rows on the same day, first under the law in force on each
	// date (auto), then under the seed texts (--edition E0): everything
	// that moves moved because of the law, nothing because of the input.
	// A Town Clerk's vacancy of 2026-05-01, filled at G(2026) = Tue
	// 2026-11-03 under both: auto keys 2026's calendar on the edition in
	// force on February 1, 2026, E4 (in force from 2022-03-25;
	// docs/LAW.md, "Editions"), whose independent petitions are due G − 23 weeks
	// = Tue 2026-05-26 (§ 6-158(9) from E2); the seed's are due G − 77
	// days = Tue 2026-08-18.
	dir := t.TempDir()
	csv := "vacancy_id,office,office_class,district,county,cause,event_date\nNY-1,Town Clerk,other,,Erie,death,2026-05-01\n"
	nightlyUnder(t, "auto", dir, csv, "2026-05-04")
	got := nightlyUnder(t, "E0", dir, csv, "2026-05-04", "--fail-on", "changed")
	if got.code != 3 {
		t.Errorf("a changed law with --fail-on changed: exit %d, want 3\n%s", got.code, got.stderr)
	}
	rows := readCSV(t, filepath.Join(dir, "out", "changes.csv"))
	found := false
	for _, r := range rows[1:] {
		kind, item, old, new, cause, detail := r[1], r[8], r[9], r[10], r[12], r[13]
		if kind == "deadline_soon" {
			continue
		}
		if cause != "law" || !strings.HasPrefix(detail, "law_edition E4") || !strings.HasSuffix(detail, " → E0") {
			t.Errorf("%s %s: cause %s (%s), want law: law_edition E4… → E0", kind, item, cause, detail)
		}
		if kind == "deadline_changed" && item == "independent_petition" && old == "2026-05-26" && new == "2026-08-18" {
			found = true
		}
	}
	if !found {
		t.Errorf("no deadline_changed independent_petition 2026-05-26 → 2026-08-18 in\n%v", rows)
	}
}
