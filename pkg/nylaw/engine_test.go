package nylaw

import (
	"strconv"
	"strings"
	"testing"
	"time"

	. "batch/pkg/compute"
)

// ymd builds a date in tests: ymd(2015, 7, 9).
func ymd(y, m, d int) Date { return Date{Year: y, Month: time.Month(m), Day: d} }

// compute runs the engine with the built-in calendar.
func compute(v Vacancy, asOf Date) Result {
	return Compute(v, NewCalendar(NewYork, nil), asOf)
}

// seedLaw is the seed edition alone, for every date (--edition E0).
var seedLaw, _ = NewYork.Fixed("E0")

// seed runs the engine under the seed edition, as the 2010 texts read.
func seed(v Vacancy, asOf Date) Result {
	return Compute(v, NewCalendar(seedLaw, nil), asOf)
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
	cal := NewCalendar(NewYork, nil)
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

// The rules table: one row per rule and span, no two spans of one rule
// overlapping, every row cited, and every code of the law's tables in it.
func TestRulesTable(t *testing.T) {
	rules := RulesOf(NewYork, RulesFilter{})
	type key struct {
		code, offices, edition string
		from                   Date
	}
	// A one-year act (T2026) or a year of the federal court's calendar
	// (F2014) sits on an edition's span.
	isAct := func(id string) bool { return strings.HasPrefix(id, "T") || strings.HasPrefix(id, "F") }
	seen := map[key]bool{}
	spans := map[string][]Rule{}
	for _, r := range rules {
		k := key{r.Code, r.Offices, r.Edition, r.InForceFrom}
		if seen[k] && r.Code != "step_special_possible" && r.Code != "step_bar" && r.Code != "default_term" {
			t.Errorf("rule %s (%s) of %s twice", r.Code, r.Offices, r.Edition)
		}
		seen[k] = true
		if r.Citation == "" && !strings.Contains(r.Words, ":") && r.Code != "law_checked_through" {
			t.Errorf("%s has no citation", r.Code)
		}
		if r.Mark == "" {
			t.Errorf("%s has no mark", r.Code)
		}
		spans[r.Code+"\x00"+r.Offices] = append(spans[r.Code+"\x00"+r.Offices], r)
	}
	for name, rs := range spans {
		for i := 1; i < len(rs); i++ {
			prev, cur := rs[i-1], rs[i]
			if prev.Edition == "" || cur.Edition == "" || isAct(cur.Edition) || isAct(prev.Edition) {
				continue // one-year acts sit on an edition's span
			}
			if prev.InForceTo.IsZero() || !prev.InForceTo.Before(cur.InForceFrom) {
				t.Errorf("%q: spans of %s (to %s) and %s (from %s) overlap", name, prev.Edition, prev.InForceTo, cur.Edition, cur.InForceFrom)
			}
		}
	}
	codes := map[string]bool{}
	for _, r := range rules {
		codes[r.Code] = true
	}
	want := []string{
		"designating_petition", "designating_signing_start", "designation_accept_decline", "designation_vacancy_declination",
		"opportunity_to_ballot", "opportunity_to_ballot_after_declination", "judicial_convention", "judicial_convention_certificate",
		"party_nomination_certificate", "electors_party_certificate", "party_nomination_accept_decline", "party_nomination_vacancy_declination",
		"independent_petition", "independent_signing_start", "independent_accept_decline", "independent_vacancy_declination",
		"special_election", "special_election.same_date", "special_party_nomination_certificate", "special_party_accept_decline",
		"special_party_vacancy_declination", "special_independent_petition",
		"special_independent_accept_decline", "special_independent_vacancy_declination", "proclamation_deadline",
		"NOT_COVERED", "NOT_ELECTIVE", "RESIDENCY_EXEMPT", "SPECIAL_BARRED", "SPECIAL_NOT_AUTHORIZED",
		"SPECIAL_WINDOW", "SPECIAL_PIGGYBACK", "DATE_ORDER", "DUPLICATE_VACANCY", "SAME_SEAT", "AFTER_SEPT_20", "AFTER_THREE_MONTHS",
		"TERM_ENDS_FIRST", "LATE_VACANCY", "TOO_LATE", "ROLLED_OVER", "NEEDS_INPUT", "NEEDS_REVIEW", "FEDERAL_CALENDAR",
		"EDITION_STRADDLE", "PROCLAMATION_LATE", "edition", "act", "keying_vacancy_date", "keying_proclamation",
		"keying_calendar", "law_checked_through", "presidential_primary",
	}
	for _, c := range Causes {
		want = append(want, "cause_"+string(c))
	}
	for _, c := range want {
		if !codes[c] {
			t.Errorf("rules table lacks %s", c)
		}
	}
	for _, r := range rules {
		if r.Code != "designating_petition" || r.Edition == "" || isAct(r.Edition) {
			continue
		}
		want := "the ninth Thursday before the primary" // the seed, E0 and E1
		if r.Edition != "E0+E1" {
			want = "the twelfth Thursday before the primary"
		}
		if !strings.Contains(r.Counting, want) {
			t.Errorf("designating petition of %s: counting %q, want %s", r.Edition, r.Counting, want)
		}
	}
	t.Run("no text points at a file", func(t *testing.T) {
		for _, r := range rules {
			for _, s := range []string{r.Citation, r.Words, r.Note, r.Counting} {
				if strings.Contains(s, ".md") {
					t.Errorf("%s points at a file: %q", r.Code, s)
				}
			}
		}
	})
	t.Run("--as-of lists only the rules in force that day", func(t *testing.T) {
		for _, r := range RulesOf(NewYork, RulesFilter{AsOf: ymd(2026, 11, 30)}) {
			// The state's edition and act of the day, and the local laws' (a
			// village's V0, the city charter's NYC1), which are keyed apart.
			if r.Edition != "" && !strings.Contains(r.Edition, "E4") && !strings.HasPrefix(r.Edition, "T2026") &&
				r.Edition != "V0" && !strings.Contains(r.Edition, "NYC1") {
				t.Errorf("%s of %s listed as in force on 2026-11-30", r.Code, r.Edition)
			}
		}
		n := 0
		for _, r := range RulesOf(NewYork, RulesFilter{AsOf: ymd(2010, 6, 1)}) {
			if r.Code == "special_election" {
				n++
				if r.Counting != "from thirty to forty days after the proclamation" {
					t.Errorf("2010 special window %q", r.Counting)
				}
			}
		}
		if n != 1 {
			t.Errorf("%d special_election rules in force on 2010-06-01, want 1", n)
		}
	})
}

func BenchmarkCompute(b *testing.B) {
	cal := NewCalendar(NewYork, nil)
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

// itoa is strconv.Itoa, for test names.
func itoa(n int) string { return strconv.Itoa(n) }

// BenchmarkComputeBrief is the bulk path (no steps) on a vacancy of 2026,
// a year with a one-year act (its rows are computed twice: base_date).
func BenchmarkComputeBrief(b *testing.B) {
	cal := NewCalendar(NewYork, nil)
	v := Vacancy{ID: "x", Office: "Member of Assembly", Class: MemberOfAssembly, District: "54", County: "Kings",
		Cause: Death, EventDate: ymd(2025, 12, 1)}
	asOf := ymd(2026, 1, 5)
	var r Result
	b.ReportAllocs()
	for b.Loop() {
		ComputeBriefInto(&r, v, cal, asOf)
		if r.Method != SpecialOrGeneral {
			b.Fatal(r.Method)
		}
	}
}
