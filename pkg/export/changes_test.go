package export

import (
	"testing"

	"batch/pkg/changes"
)

// changes.csv's message is worded here from the change's facts, one
// sentence per kind (CONTRACT.md, issue 12 and 32): a script or a person
// acting on it reads the same words every night.
func TestChangesCSVMessages(t *testing.T) {
	for _, c := range []struct {
		name string
		c    changes.Change
		want string
	}{
		{"a vacancy added", changes.Change{Kind: changes.VacancyAdded, VacancyDate: "2026-11-25", Method: "general_election",
			Election: "2027-11-02", Date: "2027-04-01"},
			"New vacancy (2026-11-25): filled at the general election on 2027-11-02. Next deadline 2027-04-01."},
		{"a new row rejected", changes.Change{Kind: changes.NowRejected, New: "rejected", Problem: `county "Hudson": not a county`},
			`New row, rejected: county "Hudson": not a county. Fix the row: nothing is computed for it.`},
		{"a row now rejected", changes.Change{Kind: changes.NowRejected, Old: "accepted", New: "rejected", Problem: `county "Hudson": not a county`},
			`Now rejected: county "Hudson": not a county. Fix the row: its deadlines are no longer computed.`},
		{"a vacancy removed", changes.Change{Kind: changes.VacancyRemoved, Old: "not_elective", Method: "not_elective"},
			"No longer in the inputs (it was to be not an elective office)."},
		{"a rejected row removed", changes.Change{Kind: changes.VacancyRemoved, Old: "rejected", Problem: "x"},
			"The rejected row is gone from the inputs."},
		{"accepted again", changes.Change{Kind: changes.NoLongerRejected, Problem: `event_date "": blank`, Method: "special_election",
			Election: "2027-02-09"},
			`Accepted again (was rejected: event_date "": blank); filled at a special election on 2027-02-09.`},
		{"the vacancy date", changes.Change{Kind: changes.VacancyDateChanged, Old: "2026-03-04", New: "2026-04-03"},
			"Vacancy date 2026-03-04 → 2026-04-03."},
		{"the filling method", changes.Change{Kind: changes.MethodChanged, Old: "special_election", New: "none"},
			"Now not filled for the rest of the term (was: filled at a special election)."},
		{"the filling election", changes.Change{Kind: changes.ElectionChanged, Old: "2026-01-15"},
			"Filling election 2026-01-15 → (blank)."},
		{"a deadline added, passed", changes.Change{Kind: changes.DeadlineAdded, Item: "party_nomination", Date: "2026-09-28", Passed: true},
			"party_nomination: now applies, last day 2026-09-28 (already passed)."},
		{"a deadline moved", changes.Change{Kind: changes.DeadlineChanged, Item: "party_nomination", Old: "2026-09-28", New: "2026-10-05"},
			"party_nomination: last day 2026-09-28 → 2026-10-05."},
		{"a deadline passed", changes.Change{Kind: changes.DeadlinePassed, Item: "party_certificate", Date: "2026-12-01"},
			"party_certificate: the last day, 2026-12-01, passed since the last run: check it was met."},
		{"a deadline corrected into the past", changes.Change{Kind: changes.DeadlinePassed, Item: "party_certificate", Date: "2026-11-25",
			From: "2026-12-10"},
			"party_certificate: the last day moved from 2026-12-10 to 2026-11-25, in the past: check it was met."},
		{"a deadline met", changes.Change{Kind: changes.DeadlineMet, Item: "proclamation_deadline", Date: "2026-12-03"},
			"proclamation_deadline: done, as the inputs now say (its last day was 2026-12-03)."},
		{"a deadline dropped", changes.Change{Kind: changes.DeadlineDropped, Item: "special_election", Date: "2026-02-01", Old: "2026-02-01"},
			"special_election: no longer applies (its last day was 2026-02-01)."},
		{"a deadline due soon, entered twice", changes.Change{Kind: changes.DeadlineSoon, Item: "independent_petition", Date: "2026-12-08",
			Days: 4, IfNoSpecial: true, Dup: "v.xlsx:Vacancies:6 (AD-074)"},
			"independent_petition: last day 2026-12-08, in 4 days. It applies only if no special election is held. This vacancy is entered twice: also as v.xlsx:Vacancies:6 (AD-074)."},
		{"an election day tomorrow", changes.Change{Kind: changes.ElectionSoon, Item: changes.SpecialElectionDay, Date: "2027-03-09", Days: 1},
			"special_election_day: the special election that fills the vacancy is on 2027-03-09, tomorrow."},
		{"a conflict raised", changes.Change{Kind: changes.ConflictRaised, Item: "DATE_ORDER", Severity: "error", ConflictMessage: "Check both dates."},
			"DATE_ORDER (error): Check both dates."},
		{"a conflict cleared", changes.Change{Kind: changes.ConflictCleared, Item: "ROLLED_OVER", Severity: "info", Field: "special_party_accept_decline"},
			"ROLLED_OVER (info) no longer applies to special_party_accept_decline."},
		{"an input file added", changes.Change{Kind: changes.InputAdded, New: "erie.xlsx", Rows: 3},
			"New input file erie.xlsx (3 rows)."},
		{"an input file removed", changes.Change{Kind: changes.InputRemoved, Old: "erie.xlsx", Rows: 1},
			"Input file erie.xlsx (1 row) is no longer read: its rows found in no other file are listed as removed."},
		{"an input file renamed", changes.Change{Kind: changes.InputRenamed, Old: "a.xlsx", New: "b.xlsx", Rows: 340, Matched: 337},
			"Input file a.xlsx is now read as b.xlsx (337 of its 340 rows found there, the content updated)."},
		{"the same file renamed", changes.Change{Kind: changes.InputRenamed, Old: "a.xlsx", New: "b.xlsx", Rows: 340},
			"Input file a.xlsx is now read as b.xlsx (the same content)."},
	} {
		if got := changeMessage(&c.c); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}
