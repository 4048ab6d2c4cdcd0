package export

import (
	"path/filepath"
	"testing"
	"time"

	"batch/pkg/compute"
	"batch/pkg/nylaw"
)

// The fixture is hand-built results, so these tests do not wait for the
// engine. Its dates are what the writer is given, not law worked out: the
// writer only copies them, and the tests check that it copies them right.

const injection = `=HYPERLINK("http://x","y")`

var d = compute.D

// asOf is Monday 2026-03-02; the look-ahead runs through 2026-03-15.
var asOf = d(2026, 3, 2)

func fixtureResults() []compute.Result {
	src := func(row int) compute.Source { return compute.Source{File: "vacancies.xlsx", Sheet: "Kings", Row: row} }
	return []compute.Result{
		{ // a warning: the filling deadlines are fine, one of them is too late
			Vacancy: compute.Vacancy{ID: "V-001", Source: src(2), Office: "Member of Assembly",
				Class: compute.MemberOfAssembly, District: "012", County: "Kings", Incumbent: "A. Smith",
				Cause: compute.Death, EventDate: d(2026, 2, 10), Notes: injection,
				Extra: []compute.Field{{Name: "ward", Value: "007"}, {Name: "memo", Value: injection}}},
			VacancyDate: d(2026, 2, 10), Method: compute.GeneralElection, FillingElection: d(2026, 11, 3),
			TermEnd: d(2026, 12, 31), NextDeadline: "designating_petition", NextDeadlineDate: d(2026, 3, 12),
			Deadlines: []compute.Deadline{
				{Code: "designating_petition", Kind: compute.Window, WindowStart: d(2026, 2, 24),
					Statutory: d(2026, 3, 12), Effective: d(2026, 3, 12), Applies: true, Status: compute.Open,
					ElectionDate: d(2026, 6, 23), Citation: "Elec. Law § 6-158(1)", LawEdition: "E4"},
				{Code: "opportunity_to_ballot", Kind: compute.LastDay, Statutory: d(2026, 2, 28),
					Effective: d(2026, 3, 2), RolledOver: true, Applies: true, Status: compute.Open,
					ElectionDate: d(2026, 6, 23), Citation: "Elec. Law § 6-158(4)"},
				{Code: "independent_petition", Kind: compute.Window, WindowStart: d(2026, 8, 11),
					Statutory: d(2026, 12, 1), Effective: d(2026, 12, 1), Applies: true, Status: compute.Open,
					Reason: "as soon as practicable", ElectionDate: d(2026, 11, 3), Citation: "Elec. Law § 6-158(9), (13)"},
			},
			Conflicts: []compute.Conflict{
				{Code: "ROLLED_OVER", Severity: compute.Info, Field: "opportunity_to_ballot",
					Message: "Saturday 2026-02-28 moved to Monday 2026-03-02.", Citation: "Elec. Law § 1-106"},
				{Code: "TOO_LATE", Severity: compute.Warning, Field: "independent_petition",
					Message:  "The last day falls after the election; file as soon as practicable.",
					Citation: "Elec. Law § 6-158(13)"},
			},
			Basis: "Pub. Off. Law § 42(1); Elec. Law § 6-158", Explanation: "Filled at the general election of 2026-11-03.",
		},
		{ // an error: a proclamation where none is allowed
			Vacancy: compute.Vacancy{ID: "V-002", Source: src(3), Office: injection, Class: compute.OtherOffice,
				District: "-5", County: "Queens", Incumbent: "+1 555 0100", Cause: compute.Resignation,
				EventDate: d(2026, 1, 5), ProclamationDate: d(2026, 1, 20),
				Extra: []compute.Field{{Name: "ward", Value: "＝1+1"}, {Name: "memo", Value: "@SUM(A1)"}}},
			VacancyDate: d(2026, 1, 5), Method: compute.SpecialElection, SpecialEarliest: d(2026, 2, 19),
			SpecialLatest: d(2026, 3, 1),
			Deadlines: []compute.Deadline{
				{Code: "special_party_nomination_certificate", Kind: compute.LastDay, Statutory: d(2026, 1, 30),
					Effective: d(2026, 1, 30), Applies: true, Status: compute.Passed, ElectionDate: d(2026, 2, 24),
					Citation: "Elec. Law § 6-158(6)"},
				{Code: "special_independent_petition", Kind: compute.LastDay, Statutory: d(2026, 2, 1),
					Effective: d(2026, 2, 2), RolledOver: true, Applies: true, Status: compute.Passed,
					ElectionDate: d(2026, 2, 24), Citation: "Elec. Law § 6-158(9)"},
			},
			Conflicts: []compute.Conflict{
				{Code: "SPECIAL_NOT_AUTHORIZED", Severity: compute.Error, Field: "proclamation_date",
					Message:  "No special election may be proclaimed for this office; check the proclamation.",
					Citation: "Pub. Off. Law § 42(3)"},
			},
			Basis: "Pub. Off. Law § 42(3)", Explanation: "-- a special election; but none is authorised.",
		},
		{ // no conflict at all; an id with leading zeros and a blank county
			Vacancy: compute.Vacancy{ID: "000123", Source: src(5), Office: "Town Supervisor",
				Class: compute.OtherOffice, District: "0001", Cause: compute.Removal, EventDate: d(2026, 2, 27),
				Notes: "tab\there", Extra: []compute.Field{{Name: "ward", Value: "\tlead tab"}}},
			VacancyDate: d(2026, 2, 27), Method: compute.GeneralElection, FillingElection: d(2026, 11, 3),
			Deadlines: []compute.Deadline{
				{Code: "party_nomination_certificate", Kind: compute.LastDay, Applies: false,
					Reason: "nominated at the primary", Citation: "Elec. Law § 6-158(6)"},
				{Code: "independent_accept_decline", Kind: compute.LastDay, Statutory: d(2026, 3, 15),
					Effective: d(2026, 3, 16), RolledOver: true, Applies: true, Status: compute.Open,
					ElectionDate: d(2026, 11, 3), Citation: "Elec. Law § 6-158(11)"},
			},
		},
	}
}

func fixtureProblems() []struct {
	p        compute.Problem
	rejected bool
} {
	src := func(row int) compute.Source { return compute.Source{File: "vacancies.xlsx", Sheet: "Kings", Row: row} }
	return []struct {
		p        compute.Problem
		rejected bool
	}{
		{compute.Problem{Source: src(4), Column: "event_date", Value: "13/45/2020",
			Message: "event_date \"13/45/2020\" is not a date"}, true},
		{compute.Problem{Source: src(4), Column: "office", Value: injection,
			Message: "office is not an office the rules know"}, false},
		{compute.Problem{Source: compute.Source{File: "more.csv", Row: 7}, Column: "cause", Value: "-2",
			Message: "cause \"-2\" is not a cause"}, true},
	}
}

func fixtureRunInfo() RunInfo {
	return RunInfo{Version: "v0.0.0-test", Jobs: 2,
		Inputs: []Input{
			{Path: "vacancies.xlsx", SHA256: "ab12", Sheets: []string{"Kings"}, Rows: 5, Accepted: 3, Rejected: 1, Blank: 1},
			{Path: "more.csv", SHA256: "cd34", Rows: 1, Rejected: 1},
		},
		Phases: []Phase{{"read", 1500 * time.Millisecond}, {"compute", 250 * time.Millisecond}},
	}
}

// fakeClock advances a quarter second at every reading.
func fakeClock() func() time.Time {
	t := time.Date(2026, 3, 2, 6, 0, 0, 0, time.UTC)
	return func() time.Time { t = t.Add(250 * time.Millisecond); return t }
}

func fixtureRules(_ []string) []compute.Rule {
	return []compute.Rule{
		{Code: "designating_petition", Citation: "Elec. Law § 6-158(1)",
			Words:    "petitions … shall be filed not earlier than the tenth Monday before, and not later than the ninth Thursday preceding the primary",
			Counting: "NthWeekdayBefore(Thursday, 9, primary)", RollOver: true},
		{Code: "SPECIAL_WINDOW", Citation: "Pub. Off. Law § 42(3)", Words: "not less than thirty nor more than forty days",
			InForceTo: d(2011, 3, 8), Note: "-70 to 80 days from 2011"},
	}
}

func fixtureYearCalendar(_ *compute.Calendar, year int) []compute.CalendarItem {
	return []compute.CalendarItem{
		{Code: "general", Statutory: d(year, 11, 3), Effective: d(year, 11, 3), Citation: "Elec. Law § 8-100", Source: "built in"},
		{Code: "holiday", Statutory: d(year, 2, 12), Effective: d(year, 2, 12), Source: "Lincoln's Birthday"},
	}
}

func fixtureOptions(dir string, formats ...string) Options {
	return Options{Dir: dir, Formats: formats, AsOf: asOf, Calendar: compute.NewCalendar(nylaw.NewYork, nil),
		now:   fakeClock(),
		rules: fixtureRules, yearCalendar: fixtureYearCalendar}
}

// fixtureExtra are the fixture's carried-through columns.
var fixtureExtra = []string{"ward", "memo"}

// planOf is the Plan of a run whose vacancies are rs, with the
// carried-through columns extra: their conflicts counted as the pipeline
// counts them.
func planOf(extra []string, rs ...compute.Result) Plan {
	p := Plan{ExtraColumns: extra}
	for i := range rs {
		for _, c := range rs[i].Conflicts {
			p.Conflicts.Add(c.Severity, rs[i].NextDeadlineDate, 1)
		}
	}
	return p
}

// fixturePlan is the fixture's Plan.
func fixturePlan() Plan { return planOf(fixtureExtra, fixtureResults()...) }

// openWriter opens opts.Dir and a Writer into it, of plan.
func openWriter(opts Options, plan Plan) (*Writer, error) {
	f, err := OpenFolder(opts.Dir)
	if err != nil {
		return nil, err
	}
	d, err := Start(f, opts)
	if err != nil {
		return nil, err
	}
	return d.Plan(plan)
}

// feedFixture hands the fixture's results and problems to w.
func feedFixture(t *testing.T, w *Writer) {
	t.Helper()
	for _, r := range fixtureResults() {
		if err := w.Result(&r); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range fixtureProblems() {
		if err := w.Problem(p.p, p.rejected); err != nil {
			t.Fatal(err)
		}
	}
}

// writeFixture runs the whole export on the fixture and returns the folder.
func writeFixture(t *testing.T, opts Options) (string, Totals) {
	t.Helper()
	w, err := openWriter(opts, fixturePlan())
	if err != nil {
		t.Fatal(err)
	}
	feedFixture(t, w)
	tot, err := w.Commit(fixtureRunInfo())
	if err != nil {
		t.Fatal(err)
	}
	return opts.Dir, tot
}

func allFormats(t *testing.T) (string, Options) {
	dir := filepath.Join(t.TempDir(), "out")
	return dir, fixtureOptions(dir, XLSX, CSV, ICS, JSON)
}
