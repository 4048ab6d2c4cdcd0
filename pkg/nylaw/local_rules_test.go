package nylaw

import (
	"strings"
	"testing"

	. "batch/pkg/compute"
)

// The charter's paragraph steps and special-election days, rule by rule,
// at their boundaries (N.Y.C. Charter § 25(b); the same words in §§ 10(c),
// 24(c), 81(e), 94(c)). 2027: P = the fourth Tuesday of June = 2027-06-22
// (Elec. Law § 8-100(1)(a)); the twelfth Thursday before it, the last day
// to file designating petitions, is 2027-04-01, so C116(2027) = 2027-03-25;
// P − 90 = 2027-03-24. G(2027) = 2027-11-02, G(2028) = 2028-11-07.
func TestCharterParagraphSteps(t *testing.T) {
	council := func(v Date, te Date) Vacancy {
		return Vacancy{Office: "Council Member", Class: NYCCouncilMember, County: "Kings", Cause: Death, EventDate: v, TermEnd: te}
	}
	term := ymd(2029, 12, 31)
	cases := []struct {
		name string
		v    Vacancy
		want want
	}{
		// (4)'s "unless": less than ninety days before the primary and on
		// or before C116(y): the general election of y, party nominations
		// at the primary, no interim election (paragraph 2).
		{"the day after P − 90 and on C116: that year's general election", council(ymd(2027, 3, 25), term),
			want{method: GeneralElection, paragraph: "2", election: ymd(2027, 11, 2)}},
		// P − 90 itself is not "less than ninety days before": (4), an
		// interim election, the rest at G(2027) (V ≤ C116(2027)).
		{"P − 90 itself: an interim election, the rest this year", council(ymd(2027, 3, 24), term),
			want{method: SpecialElection, paragraph: "4", remainder: ymd(2027, 11, 2), election: ymd(2027, 6, 15)}},
		// After C116(2027): the rest at G(2028) ((2), "the following year").
		{"after C116: the rest next year", council(ymd(2027, 3, 26), term),
			want{method: SpecialElection, paragraph: "4", remainder: ymd(2028, 11, 7)}},
		// C116(2028) = 2028-04-06 − 7 = 2028-03-30 (the primary 2028-06-27):
		// after it, paragraph 5, no later election.
		{"after C116 of the third year: one election for the rest", council(ymd(2028, 3, 31), term),
			want{method: SpecialElection, paragraph: "5"}},
		// The last year: P(2029) = 2029-06-26, P − 90 = 2029-03-28.
		{"the last year, ninety days before the primary: paragraph 5", council(ymd(2029, 3, 28), term),
			want{method: SpecialElection, paragraph: "5"}},
		{"the last year, less than ninety days before the primary: the next term's winner", council(ymd(2029, 3, 29), term),
			want{method: GeneralElection, paragraph: "9", election: ymd(2029, 11, 6), conflicts: []string{"NYC_NEXT_TERM"}}},
		{"after the last year's general election: nothing left", council(ymd(2029, 11, 20), term),
			want{method: NoElection, paragraph: "9", conflicts: []string{"NYC_NEXT_TERM"}}},
		// (6)(b): V before August 17 and D0 after G: 2027-08-16 + 80 =
		// 2027-11-04, D0 = 2027-11-09, after G(2027): filled at G(2027).
		{"(6)(b): the day would fall after the general election", council(ymd(2027, 8, 16), term),
			want{method: GeneralElection, paragraph: "4", election: ymd(2027, 11, 2), remainder: ymd(2028, 11, 7)}},
		// (6)(c): V on August 17, D0 = Tue ≥ 2027-11-05 = 2027-11-09,
		// after G and less than thirty days after: the first Tuesday of
		// December, 2027-12-07.
		{"(6)(c): the first Tuesday of December", council(ymd(2027, 8, 17), term),
			want{method: SpecialElection, paragraph: "4", election: ymd(2027, 12, 7), earliest: ymd(2027, 12, 7), latest: ymd(2027, 12, 7)}},
		// V 2027-09-15: D0 = Tue ≥ 2027-12-04 = 2027-12-07, 35 days after
		// G: no exception, the ordinary day.
		{"after the cut-off, thirty days or more after the general election: the ordinary day", council(ymd(2027, 9, 15), term),
			want{method: SpecialElection, election: ymd(2027, 12, 7), earliest: ymd(2027, 12, 7), latest: ymd(2027, 12, 17)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := compute(c.v, c.v.EventDate)
			c.want.notConflicts = append(c.want.notConflicts, stateConflicts...)
			check(t, r, c.want)
		})
	}
	t.Run("a vacancy after the last year's primary is read under (9), flagged", func(t *testing.T) {
		r := compute(council(ymd(2029, 7, 1), term), ymd(2029, 7, 2))
		check(t, r, want{paragraph: "9", conflicts: []string{"NEEDS_REVIEW", "NYC_NEXT_TERM"}})
	})
}

func TestCharterSpecialElectionDay(t *testing.T) {
	// CD 51's vacancy (2025-01-31): D0 = 2025-04-22, the latitude to
	// 2025-05-02; with R = 2025-02-03 the floor R + 75 = 2025-04-19.
	base := Vacancy{Office: "Council Member", Class: NYCCouncilMember, County: "Richmond", Cause: Resignation,
		EventDate: ymd(2025, 1, 31), ProclamationDate: ymd(2025, 2, 3)}
	cases := []struct {
		name   string
		r, day Date
		class  OfficeClass
		lawful bool
	}{
		{"the first Tuesday itself", ymd(2025, 2, 3), ymd(2025, 4, 22), "", true},
		{"ten days after it", ymd(2025, 2, 3), ymd(2025, 5, 2), "", true},
		{"eleven days after it", ymd(2025, 2, 3), ymd(2025, 5, 3), "", false},
		{"before it", ymd(2025, 2, 3), ymd(2025, 4, 15), "", false},
		// A late proclamation (2025-02-10): R + 75 = 2025-04-26; a day
		// after D0 but before the floor is not lawful.
		{"a later day less than seventy-five days after the proclamation", ymd(2025, 2, 10), ymd(2025, 4, 24), "", false},
		{"a later day seventy-five days after the proclamation", ymd(2025, 2, 10), ymd(2025, 4, 29), "", true},
		// § 10(c)(6): the mayor's office, sixty days after the proclamation.
		{"the mayor's office: sixty days suffice", ymd(2025, 2, 24), ymd(2025, 4, 29), NYCMayor, true},
		{"another office: seventy-five days do not", ymd(2025, 2, 24), ymd(2025, 4, 29), NYCPublicAdvocate, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := base
			v.ProclamationDate, v.SpecialElectionDate = c.r, c.day
			if c.class != "" {
				v.Class = c.class
				v.TermEnd = ymd(2025, 12, 31)
			}
			r := compute(v, ymd(2025, 2, 1))
			_, bad := conflictOf(r, "NYC_SPECIAL_WINDOW")
			if bad == c.lawful {
				t.Errorf("%s lawful %v, want %v: %s", c.day, !bad, c.lawful, r.ConflictCodes())
			}
			if bad && r.Severity() != Error {
				t.Errorf("NYC_SPECIAL_WINDOW is not an error")
			}
			if bad && !strings.Contains(r.Explanation, "not a day the charter allows") {
				t.Errorf("the explanation does not say so: %s", r.Explanation)
			}
		})
	}
	t.Run("the mayor's vacancy is proclaimed by the person acting as mayor", func(t *testing.T) {
		r := compute(Vacancy{Office: "Mayor", Class: NYCMayor, Cause: Death, EventDate: ymd(2023, 5, 1)}, ymd(2023, 5, 2))
		check(t, r, want{proclaimer: "acting_mayor", termEnd: ymd(2025, 12, 31), paragraph: "4"})
		if d := deadline(t, r, "nyc_proclamation_deadline"); d.Citation != "N.Y.C. Charter § 10(c)(1)" {
			t.Errorf("citation %q", d.Citation)
		}
	})
	t.Run("a proclamation after three days is late; without one the rows count from the last lawful day", func(t *testing.T) {
		v := base
		v.ProclamationDate = ymd(2025, 2, 5)
		r := compute(v, ymd(2025, 2, 1))
		check(t, r, want{conflicts: []string{"NYC_PROCLAMATION_LATE"}})
		if d := deadline(t, r, "nyc_proclamation_deadline"); d.Status != MetLate {
			t.Errorf("status %s, want met_late", d.Status)
		}
		v.ProclamationDate = Date{}
		r = compute(v, ymd(2025, 2, 1))
		c, ok := conflictOf(r, "NEEDS_INPUT")
		if !ok || c.Severity != Info || c.Field != "proclamation_date" {
			t.Errorf("NEEDS_INPUT %+v", c)
		}
		// V + 3 = 2025-02-03, as CD 51's proclamation.
		dl(t, r, "special_independent_petition", Date{}, ymd(2025, 2, 15), ymd(2025, 2, 18))
		if r.Method != SpecialElection || r.FillingElection != ymd(2025, 4, 22) {
			t.Errorf("%s %s: the special election is mandatory, on D0 until a day is set", r.Method, r.FillingElection)
		}
	})
	t.Run("a council term expiring: the general election before it", func(t *testing.T) {
		// § 25(a): the term from January 1 after the election; a term
		// ending 2025-12-31 is filled at G(2025) = 2025-11-04.
		r := compute(Vacancy{Office: "Council Member", Class: NYCCouncilMember, Cause: TermExpiration, TermEnd: ymd(2025, 12, 31)}, ymd(2025, 1, 2))
		check(t, r, want{method: GeneralElection, election: ymd(2025, 11, 4), notConflicts: []string{"TOO_LATE", "NYC_SPECIAL_WINDOW"}})
	})
	t.Run("a special election given where (6)(a) sends the vacancy to the general election", func(t *testing.T) {
		// V 2027-07-23: D0 = Tue ≥ 2027-10-11 = 2027-10-12, 21 days before
		// G(2027): filled at 2027-11-02; the day proclaimed, 2027-10-12, is
		// not lawful, and the filling election stays the general election.
		r := compute(Vacancy{Office: "Council Member", Class: NYCCouncilMember, Cause: Resignation, EventDate: ymd(2027, 7, 23),
			TermEnd: ymd(2029, 12, 31), ProclamationDate: ymd(2027, 7, 27), SpecialElectionDate: ymd(2027, 10, 12)}, ymd(2027, 7, 28))
		check(t, r, want{method: GeneralElection, election: ymd(2027, 11, 2), conflicts: []string{"NYC_SPECIAL_WINDOW", "NYC_PROCLAMATION_LATE"}})
		if !strings.Contains(r.Explanation, "is not a day the charter allows") {
			t.Errorf("explanation %q", r.Explanation)
		}
	})
	t.Run("a special election given for a vacancy the general election fills is an error", func(t *testing.T) {
		r := compute(Vacancy{Office: "Council Member", Class: NYCCouncilMember, Cause: Death, EventDate: ymd(2027, 3, 25),
			TermEnd: ymd(2029, 12, 31), SpecialElectionDate: ymd(2027, 6, 15)}, ymd(2027, 3, 26))
		check(t, r, want{method: GeneralElection, paragraph: "2", conflicts: []string{"NYC_SPECIAL_WINDOW"}})
	})
	t.Run("NYC1's first day is inferred: a vacancy of late 2019 gets both editions' days", func(t *testing.T) {
		// NYC0: Tue ≥ 2019-11-20 + 45 = 2020-01-04 → 2020-01-07; NYC1: Tue
		// ≥ 2020-02-08 → 2020-02-11.
		r := compute(Vacancy{Office: "Council Member", Class: NYCCouncilMember, Cause: Death, EventDate: ymd(2019, 11, 20)}, ymd(2019, 11, 21))
		c, ok := conflictOf(r, "NEEDS_REVIEW")
		if !ok || c.Severity != Warning || !strings.Contains(c.Message, "2020-01-07") || !strings.Contains(c.Message, "2020-02-11") {
			t.Errorf("NEEDS_REVIEW %+v", c)
		}
		if !strings.Contains(r.LawEdition, "NYC1") || r.FillingElection != ymd(2020, 2, 11) {
			t.Errorf("%s %s", r.LawEdition, r.FillingElection)
		}
		r = compute(Vacancy{Office: "Council Member", Class: NYCCouncilMember, Cause: Death, EventDate: ymd(2020, 1, 1)}, ymd(2020, 1, 2))
		if _, ok := conflictOf(r, "NEEDS_REVIEW"); ok {
			t.Errorf("a vacancy of 2020 is NYC1's alone: %s", r.ConflictCodes())
		}
	})
}

// TestCharterDefaultTerms: § 25(a), four-year terms, two years for those
// elected in 2001, 2003 and every twentieth year after; § 4, § 24(a),
// § 81(b), § 91: the mayor's terms from the election of 1989, 1993, ….
func TestCharterDefaultTerms(t *testing.T) {
	cases := []struct {
		class OfficeClass
		v     Date
		want  Date
	}{
		{NYCCouncilMember, ymd(2020, 6, 1), ymd(2021, 12, 31)},
		{NYCCouncilMember, ymd(2022, 6, 1), ymd(2023, 12, 31)}, // elected 2021 for two years
		{NYCCouncilMember, ymd(2024, 6, 1), ymd(2025, 12, 31)}, // elected 2023 for two years
		{NYCCouncilMember, ymd(2026, 6, 1), ymd(2029, 12, 31)},
		{NYCCouncilMember, ymd(2038, 6, 1), ymd(2041, 12, 31)},
		{NYCCouncilMember, ymd(2042, 6, 1), ymd(2043, 12, 31)},
		{NYCMayor, ymd(2022, 6, 1), ymd(2025, 12, 31)},
		{NYCBoroughPresident, ymd(2026, 1, 2), ymd(2029, 12, 31)},
	}
	for _, c := range cases {
		r := compute(Vacancy{Office: "x", Class: c.class, Cause: Death, EventDate: c.v}, c.v)
		if r.TermEnd != c.want {
			t.Errorf("%s vacant %s: term end %s, want %s", c.class, c.v, r.TermEnd, c.want)
		}
	}
}

// TestVillageRule is § 3-312 at its boundaries and its inputs. A March
// village, 2027: the election 2027-03-16, the official year ends
// 2027-04-05; 2027-03-16 is the 74th day after 2027-01-01, so T3 − 75 =
// 2026-12-31 (the specification's example 6 says 2027-01-01: a day off; its
// conclusions, for 2026-12-15 and 2027-01-20, stand).
func TestVillageRule(t *testing.T) {
	trustee := func(v Date, te Date) Vacancy {
		return Vacancy{Office: "Village Trustee", Class: Village, County: "Albany", Cause: Death, EventDate: v, TermEnd: te, VillageElectionMonth: 3}
	}
	te := ymd(2028, 4, 3)
	t.Run("seventy-five days before the third Tuesday: the balance of the year", func(t *testing.T) {
		check(t, compute(trustee(ymd(2026, 12, 31), te), ymd(2026, 12, 31)), want{method: AppointmentThenElection, appointment: ymd(2027, 4, 5), election: ymd(2027, 3, 16)})
	})
	t.Run("seventy-four days before: and the next official year", func(t *testing.T) {
		check(t, compute(trustee(ymd(2027, 1, 2), te), ymd(2027, 1, 2)), want{method: AppointmentToTermEnd, appointment: ymd(2028, 4, 3), election: ymd(2028, 3, 21)})
	})
	t.Run("after the election, before the official year ends: read as less than 75 days (interpretation)", func(t *testing.T) {
		r := compute(trustee(ymd(2027, 3, 20), ymd(2029, 4, 2)), ymd(2027, 3, 20))
		// A = the end of the next official year, 2028-04-03; the rest of
		// the term (to 2029-04-02) is elected on 2028-03-21.
		check(t, r, want{method: AppointmentThenElection, appointment: ymd(2028, 4, 3), election: ymd(2028, 3, 21)})
	})
	t.Run("no month: March assumed, said so", func(t *testing.T) {
		v := trustee(ymd(2026, 12, 31), te)
		v.VillageElectionMonth = 0
		r := compute(v, ymd(2027, 1, 1))
		check(t, r, want{election: ymd(2027, 3, 16), conflicts: []string{"VILLAGE_CALENDAR_ASSUMED"}})
		// A village_election_date gives the month.
		v.VillageElectionDate = ymd(2027, 6, 1)
		r = compute(v, ymd(2027, 1, 1))
		check(t, r, want{notConflicts: []string{"VILLAGE_CALENDAR_ASSUMED"}, election: ymd(2027, 6, 1)})
	})
	t.Run("a term_end on the Sunday before the official year ends is read as its end", func(t *testing.T) {
		r := compute(trustee(ymd(2027, 1, 1), ymd(2028, 4, 2)), ymd(2027, 1, 1))
		check(t, r, want{termEnd: te, notConflicts: []string{"NEEDS_REVIEW"}})
		r = compute(trustee(ymd(2027, 1, 1), ymd(2028, 12, 31)), ymd(2027, 1, 1))
		check(t, r, want{termEnd: ymd(2028, 12, 31), conflicts: []string{"NEEDS_REVIEW"}})
	})
	t.Run("no term_end: the appointment, no election, NEEDS_INPUT", func(t *testing.T) {
		r := compute(trustee(ymd(2027, 1, 20), Date{}), ymd(2027, 1, 20))
		check(t, r, want{method: "", appointment: ymd(2027, 4, 5), conflicts: []string{"NEEDS_INPUT"}})
		if !r.FillingElection.IsZero() || len(r.Deadlines) > 0 {
			t.Errorf("an election %s and %d deadlines without term_end", r.FillingElection, len(r.Deadlines))
		}
	})
	t.Run("no general village election before the appointment ends: a special village election", func(t *testing.T) {
		v := trustee(ymd(2026, 12, 15), te)
		v.NoVillageElection = true
		check(t, compute(v, ymd(2027, 1, 1)), want{method: AppointmentThenSpecial, election: ymd(2027, 3, 16)})
	})
	t.Run("the board appoints to the office of mayor, the mayor to a deputy mayor's", func(t *testing.T) {
		v := trustee(ymd(2027, 1, 1), te)
		v.Office = "Mayor"
		check(t, compute(v, ymd(2027, 1, 1)), want{appointer: "board_of_trustees"})
		v.Office = "Deputy Mayor"
		check(t, compute(v, ymd(2027, 1, 1)), want{appointer: "mayor"})
	})
	t.Run("a term expiring is filled at the village election before it, on the regular days", func(t *testing.T) {
		r := compute(Vacancy{Office: "Trustee", Class: Village, Cause: TermExpiration, TermEnd: ymd(2027, 4, 5), VillageElectionMonth: 3}, ymd(2026, 12, 1))
		check(t, r, want{method: GeneralElection, election: ymd(2027, 3, 16), notConflicts: []string{"TOO_LATE"}})
	})
	t.Run("a last day before the vacancy is too late", func(t *testing.T) {
		// V 2027-02-11, after the petitions' last day (02-09), T3 − 75 long
		// past: to the end of the next official year; the term (to
		// 2029-04-02) goes on: the rest elected 2028-03-21, petitions in
		// 2028: none too late. With term_end 2028-04-03 nothing is elected.
		// A vacancy on 2026-12-30 (balance of the year), signing opened
		// 2026-12-29: an opening, never too late; no last day before V.
		r := compute(trustee(ymd(2026, 12, 30), te), ymd(2026, 12, 30))
		check(t, r, want{method: AppointmentThenElection, notConflicts: []string{"TOO_LATE"}})
	})
	t.Run("a special election on another day names § 15-106", func(t *testing.T) {
		v := trustee(ymd(2027, 1, 1), te)
		v.SpecialElectionDate = ymd(2027, 5, 4)
		r := compute(v, ymd(2027, 1, 1))
		c, ok := conflictOf(r, "NEEDS_REVIEW")
		if !ok || !strings.Contains(c.Message, "15-106") {
			t.Errorf("NEEDS_REVIEW %+v", c)
		}
	})
	t.Run("a village electing on the general election day: VILLAGE_NOVEMBER and the regular calendar", func(t *testing.T) {
		v := Vacancy{Office: "Trustee", Class: Village, Cause: Resignation, EventDate: ymd(2026, 6, 15), TermEnd: ymd(2027, 12, 6),
			VillageElectionMonth: 11, VillageElectionDate: ymd(2026, 11, 3)}
		r := compute(v, ymd(2026, 6, 16))
		// The official year ends on the first Monday of December 2026,
		// 2026-12-07; T3, the third Tuesday of November (2026-11-17), is
		// literal, not election day.
		check(t, r, want{method: AppointmentThenElection, appointment: ymd(2026, 12, 7), election: ymd(2026, 11, 3),
			conflicts: []string{"VILLAGE_NOVEMBER", "NEEDS_REVIEW"}})
		deadline(t, r, "independent_petition") // the state's calendar of 2026
	})
	t.Run("the village primary's application is unknown; the caucus certificate's day unread", func(t *testing.T) {
		r := compute(trustee(ymd(2026, 12, 31), te), ymd(2027, 1, 1))
		if d := deadline(t, r, "village_primary"); d.Applies || !d.Unknown || d.Effective != ymd(2027, 1, 26) {
			t.Errorf("village_primary %+v", d)
		}
		if c, ok := conflictOf(r, "NEEDS_INPUT"); !ok || c.Severity != Info {
			t.Errorf("NEEDS_INPUT %+v", c)
		}
		if d := deadline(t, r, "village_caucus_certificate"); !d.Effective.IsZero() || !strings.Contains(d.Verify, "village clerk") {
			t.Errorf("village_caucus_certificate %+v", d)
		}
	})
}

// TestCountyCharters: a county on the list of charter counties gets
// LOCAL_CHARTER (its entry's source named); another county NEEDS_REVIEW,
// the state's law governing.
func TestCountyCharters(t *testing.T) {
	row := func(county string) Result {
		return compute(Vacancy{Office: "County Clerk", Class: County, County: county, Cause: Death, EventDate: ymd(2026, 6, 1)}, ymd(2026, 6, 2))
	}
	r := row("Nassau")
	check(t, r, want{governing: "local_charter", conflicts: []string{"LOCAL_CHARTER"}, election: ymd(2026, 11, 3)})
	if c, _ := conflictOf(r, "LOCAL_CHARTER"); !strings.Contains(c.Message, "Department of State") {
		t.Errorf("Nassau's entry does not name its source: %s", c.Message)
	}
	r = row("Erie")
	if c, _ := conflictOf(r, "LOCAL_CHARTER"); !strings.Contains(c.Message, "unsourced") {
		t.Errorf("Erie's unverified entry is not marked: %s", c.Message)
	}
	r = row("Yates")
	check(t, r, want{governing: "state", conflicts: []string{"NEEDS_REVIEW"}, notConflicts: []string{"LOCAL_CHARTER"}})
	r = row("")
	check(t, r, want{governing: "state", conflicts: []string{"NEEDS_REVIEW"}})
	// An appointive board of a city holds no election: no charter question.
	r = compute(Vacancy{Office: "Ethics Board Member", Class: City, County: "Oneida", Cause: MissedMeetings, EventDate: ymd(2026, 6, 1)}, ymd(2026, 6, 2))
	check(t, r, want{method: NotElective, governing: "state", notConflicts: []string{"LOCAL_CHARTER"}})
	// A city row always gets the warning, even without a vacancy date.
	r = compute(Vacancy{Office: "City Clerk", Class: City, County: "Albany", Cause: Death}, ymd(2026, 6, 2))
	check(t, r, want{conflicts: []string{"LOCAL_CHARTER", "NEEDS_INPUT"}})
}

// TestVillageCalendar: `batch calendar --class village --village-month 6`
// for 2027: the election on the third Tuesday of June (2027-06-15), the
// official year ending on the first Monday of July (2027-07-05), the
// balance-of-the-year cut-off 75 days before the election (2027-04-01),
// petitions 42 to 35 days before (2027-05-04 … 05-11).
func TestVillageCalendar(t *testing.T) {
	items := YearCalendar(NewCalendar(NewYork, nil), 2027, CalendarOptions{Class: Village, VillageMonth: 6})
	got := map[string]CalendarItem{}
	for _, it := range items {
		got[it.Code] = it
	}
	for code, w := range map[string][2]Date{
		"village_election":             {{}, ymd(2027, 6, 15)},
		"official_year_end":            {{}, ymd(2027, 7, 5)},
		"village_appointment_cutoff":   {{}, ymd(2027, 4, 1)},
		"village_caucus":               {ymd(2027, 4, 20), ymd(2027, 4, 27)},
		"village_independent_petition": {ymd(2027, 5, 4), ymd(2027, 5, 11)},
	} {
		if it := got[code]; it.WindowStart != w[0] || it.Effective != w[1] {
			t.Errorf("%s: %s … %s, want %s … %s", code, it.WindowStart, it.Effective, w[0], w[1])
		}
	}
	// Without a month: March, said so.
	items = YearCalendar(NewCalendar(NewYork, nil), 2027, CalendarOptions{Class: Village})
	if items[0].Code != "village_election" || items[0].Effective != ymd(2027, 3, 16) || !strings.Contains(items[0].Source, "assumed") {
		t.Errorf("%+v", items[0])
	}
	// A charter class: the state's calendar and the charter's days.
	got = map[string]CalendarItem{}
	for _, it := range YearCalendar(NewCalendar(NewYork, nil), 2027, CalendarOptions{Class: NYCCouncilMember}) {
		got[it.Code] = it
	}
	if got["charter_route"].Effective != ymd(2027, 3, 25) || got["charter_primary_minus_90"].Effective != ymd(2027, 3, 24) ||
		got["charter_december_special"].Effective != ymd(2027, 12, 7) || got["designating_petition"].Effective != ymd(2027, 4, 1) {
		t.Errorf("charter days %+v", got)
	}
}

// BenchmarkComputeLocal is the bulk path on the local laws' rows: a March
// village's trustee and the Council District 51 case (the charter reads
// the regular calendars of two years for its steps).
func BenchmarkComputeLocal(b *testing.B) {
	cal := NewCalendar(NewYork, nil)
	for _, c := range []struct {
		name string
		v    Vacancy
	}{
		{"village", Vacancy{ID: "v", Office: "Village Trustee", Class: Village, Cause: Resignation, EventDate: ymd(2026, 12, 15), TermEnd: ymd(2028, 4, 3), VillageElectionMonth: 3}},
		{"nyc", Vacancy{ID: "n", Office: "Council Member", Class: NYCCouncilMember, Cause: Resignation, EventDate: ymd(2025, 1, 31), ProclamationDate: ymd(2025, 2, 3), SpecialElectionDate: ymd(2025, 4, 29)}},
		{"county", Vacancy{ID: "c", Office: "County Clerk", Class: County, County: "Erie", Cause: Death, EventDate: ymd(2026, 1, 10)}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var r Result
			b.ReportAllocs()
			for b.Loop() {
				ComputeBriefInto(&r, c.v, cal, ymd(2026, 1, 5))
				if r.Method == "" {
					b.Fatal("no method")
				}
			}
		})
	}
}
