package compute

import (
	"strings"
	"testing"
	"time"
)

// ymd builds a date in tests: ymd(2015, 7, 9).
func ymd(y, m, d int) Date { return Date{Year: y, Month: time.Month(m), Day: d} }

// compute runs the engine with the built-in calendar.
func compute(v Vacancy, asOf Date) Result {
	return Compute(v, NewCalendar(nil), asOf)
}

func deadline(t *testing.T, r Result, code string) Deadline {
	t.Helper()
	for _, d := range r.Deadlines {
		if d.Code == code {
			return d
		}
	}
	t.Fatalf("no deadline %s in %+v", code, codes(r))
	return Deadline{}
}

func codes(r Result) []string {
	out := make([]string, len(r.Deadlines))
	for i, d := range r.Deadlines {
		out[i] = d.Code
	}
	return out
}

func conflictOf(r Result, code string) (Conflict, bool) {
	for _, c := range r.Conflicts {
		if c.Code == code {
			return c, true
		}
	}
	return Conflict{}, false
}

func TestComputeNeverPanicsOnOddInput(t *testing.T) {
	cal := NewCalendar(nil)
	odd := []Vacancy{
		{},
		{Cause: Death},
		{Cause: Death, Class: USSenator, EventDate: ymd(1, 1, 1)},
		{Cause: Death, Class: USRepresentative, EventDate: ymd(9999, 12, 31)},
		{Cause: Death, Class: MemberOfAssembly, EventDate: ymd(9999, 12, 31), ProclamationDate: ymd(9999, 12, 31), SpecialElectionDate: ymd(9999, 12, 30)},
		{Cause: TermExpiration, TermEnd: ymd(9998, 12, 31)},
		{Cause: TermExpiration, TermEnd: ymd(1, 1, 1)},
		{Cause: OathNotFiled, TermStart: ymd(9999, 12, 31), Notes: "ACTIVE DUTY"},
		{Cause: Death, Class: SupremeCourtJustice, EventDate: ymd(9999, 11, 30)},
		{Cause: Death, Class: CountyLevelJudge, EventDate: ymd(2020, 5, 1), TermEnd: ymd(2010, 1, 1)},
		{Cause: Death, EventDate: ymd(2020, 13, 45), TermStart: ymd(2020, 0, 0), TermEnd: ymd(-5, 2, 30)},
		{Cause: "made up", EventDate: ymd(2020, 1, 1)},
		{Cause: Death, Class: "nonsense", EventDate: ymd(2020, 1, 1), ProclamationDate: ymd(2019, 1, 1)},
		{Cause: BoardTie, EventDate: ymd(2020, 1, 1), SpecialElectionDate: ymd(2020, 2, 1)},
		{Cause: Nonresidence, Office: "Deputy Sheriff", County: "Nassau", EventDate: ymd(2020, 1, 1)},
	}
	for i, v := range odd {
		r := Compute(v, cal, Date{})
		if r.Explanation == "" {
			t.Errorf("case %d: no explanation", i)
		}
		_ = DuplicateKey(&r)
	}
	_ = Compute(Vacancy{Cause: Death, EventDate: ymd(2020, 1, 1)}, nil, Date{})
	_ = DuplicateKey(nil)
}

func TestRulesTable(t *testing.T) {
	rules := Rules()
	seen := map[string]bool{}
	for _, r := range rules {
		if seen[r.Code] {
			t.Errorf("code %s twice", r.Code)
		}
		seen[r.Code] = true
		if r.Citation == "" && r.Code != "NEEDS_INPUT" && r.Code != "FEDERAL_CALENDAR" {
			t.Errorf("%s has no citation", r.Code)
		}
	}
	want := []string{
		// RULES.md § 4, general election
		"designating_petition", "designation_accept_decline", "designation_vacancy_declination",
		"opportunity_to_ballot", "judicial_convention", "judicial_convention_certificate",
		"party_nomination_certificate", "party_nomination_accept_decline", "party_nomination_vacancy_declination",
		"independent_petition", "independent_accept_decline", "independent_vacancy_declination",
		// special election
		"special_election", "special_party_nomination_certificate", "special_party_accept_decline",
		"special_party_vacancy_declination", "special_independent_petition",
		"special_independent_accept_decline", "special_independent_vacancy_declination",
		// RULES.md § 5
		"NOT_COVERED", "NOT_ELECTIVE", "RESIDENCY_EXEMPT", "SPECIAL_BARRED", "SPECIAL_NOT_AUTHORIZED",
		"SPECIAL_WINDOW", "DATE_ORDER", "DUPLICATE_VACANCY", "SAME_SEAT", "AFTER_SEPT_20", "TERM_ENDS_FIRST",
		"LATE_VACANCY", "TOO_LATE", "ROLLED_OVER", "NEEDS_INPUT", "FEDERAL_CALENDAR",
	}
	for _, c := range Causes {
		want = append(want, "cause_"+string(c))
	}
	for _, c := range want {
		if !seen[c] {
			t.Errorf("rules table lacks %s", c)
		}
	}
	for _, r := range rules {
		if strings.HasPrefix(r.Code, "designating_petition") && !strings.Contains(r.Counting, "NthWeekdayBefore(Thursday, 9, primary)") {
			t.Errorf("designating petition counting %q", r.Counting)
		}
	}
}

func BenchmarkCompute(b *testing.B) {
	cal := NewCalendar(nil)
	v := Vacancy{ID: "x", Office: "Member of Assembly", Class: MemberOfAssembly, District: "54", County: "Kings",
		Cause: Death, EventDate: ymd(2015, 3, 1)}
	asOf := ymd(2015, 6, 1)
	b.ReportAllocs()
	for b.Loop() {
		r := Compute(v, cal, asOf)
		if r.Method != SpecialOrGeneral {
			b.Fatal(r.Method)
		}
	}
}
