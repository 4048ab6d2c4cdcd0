package nylaw

import (
	"strings"
	"testing"

	. "batch/pkg/compute"
)

// The offices § 42 does not govern (issue 34): villages (Village Law
// § 3-312, Elec. Law § 15-108), New York City's charter offices (N.Y.C.
// Charter §§ 10(c), 24(c), 25(b), 81(e), 94(c)), other cities and charter
// counties. Every expected date is worked by hand from the text cited
// beside it, or is a real election's.

// want is what a case expects of a row; zero fields are not checked.
type want struct {
	method                  Method
	election                Date
	earliest, latest        Date
	appointment             Date
	appointer, proclaimer   string
	remainder               Date
	paragraph               string
	governing               string
	termEnd                 Date
	conflicts, notConflicts []string
	edition                 string
}

func check(t *testing.T, r Result, w want) {
	t.Helper()
	if w.method != "" && r.Method != w.method {
		t.Errorf("method %q, want %q (%s)", r.Method, w.method, r.Explanation)
	}
	for _, x := range []struct {
		name      string
		got, want Date
	}{
		{"filling election", r.FillingElection, w.election}, {"earliest", r.SpecialEarliest, w.earliest},
		{"latest", r.SpecialLatest, w.latest}, {"appointment until", r.AppointmentUntil, w.appointment},
		{"remainder election", r.RemainderElection, w.remainder}, {"term end", r.TermEnd, w.termEnd},
	} {
		if !x.want.IsZero() && x.got != x.want {
			t.Errorf("%s %s, want %s", x.name, x.got, x.want)
		}
	}
	for _, x := range []struct{ name, got, want string }{
		{"appointing authority", r.AppointingAuthority, w.appointer}, {"proclaiming officer", r.ProclaimingOfficer, w.proclaimer},
		{"charter paragraph", r.CharterParagraph, w.paragraph}, {"governing law", r.GoverningLaw, w.governing},
		{"law edition", r.LawEdition, w.edition},
	} {
		if x.want != "" && x.got != x.want {
			t.Errorf("%s %q, want %q", x.name, x.got, x.want)
		}
	}
	for _, c := range w.conflicts {
		if _, ok := conflictOf(r, c); !ok {
			t.Errorf("no %s: %s", c, r.ConflictCodes())
		}
	}
	for _, c := range w.notConflicts {
		if _, ok := conflictOf(r, c); ok {
			t.Errorf("%s raised: %s", c, r.ConflictCodes())
		}
	}
}

// dl checks a deadline's window start, statutory and effective days.
func dl(t *testing.T, r Result, code string, start, statutory, effective Date) {
	t.Helper()
	d := deadline(t, r, code)
	if d.WindowStart != start || d.Statutory != statutory || d.Effective != effective {
		t.Errorf("%s: %s … %s (effective %s), want %s … %s (effective %s)", code, d.WindowStart, d.Statutory, d.Effective, start, statutory, effective)
	}
}

// stateConflicts are § 42's conflicts, which no village or charter row
// gets (docs/LAW.md, "Villages" and "New York City").
var stateConflicts = []string{"AFTER_THREE_MONTHS", "AFTER_SEPT_20", "SPECIAL_BARRED", "SPECIAL_WINDOW", "PROCLAMATION_LATE", "SPECIAL_NOT_AUTHORIZED"}

// TestCouncilDistrict51In2025 is a real case: the member for Council
// District 51 (Staten Island) resigned effective 2025-01-31; the mayor's
// proclamation of 2025-02-03 set the special election for 2025-04-29,
// nominations by independent nominating petition (vote.nyc,
// "Proclamation of Election City Council District 51").
func TestCouncilDistrict51In2025(t *testing.T) {
	v := Vacancy{ID: "CD51", Office: "Council Member", Class: NYCCouncilMember, District: "51", County: "Richmond",
		Cause: Resignation, EventDate: ymd(2025, 1, 31), ProclamationDate: ymd(2025, 2, 3), SpecialElectionDate: ymd(2025, 4, 29)}
	r := compute(v, ymd(2025, 2, 4))
	check(t, r, want{
		// § 25(a): the member elected in 2023 serves two years, to
		// 2025-12-31, so L = 2025. C116(2024) = the last day to file
		// designating petitions 2024 (2024-04-04, the twelfth Thursday
		// before the 2024-06-25 primary) − 7 = 2024-03-28 < V; P(2025) −
		// 90 = 2025-06-24 − 90 = 2025-03-26 ≥ V: paragraph 5 ("after the
		// last day in … the first year of a two-year term …, but not less
		// than ninety days before the date of the primary election in …
		// the second year"), one special election for the rest of the term.
		method: SpecialElection, paragraph: "5", termEnd: ymd(2025, 12, 31), remainder: Date{},
		// § 25(b)(6): the first Tuesday at least eighty days after
		// 2025-01-31 (2025-04-21, a Monday) is 2025-04-22; the mayor may set
		// another day up to ten days after it (2025-05-02) and at least
		// seventy-five days after the proclamation (2025-04-19):
		// 2025-04-29 is lawful.
		earliest: ymd(2025, 4, 22), latest: ymd(2025, 5, 2), election: ymd(2025, 4, 29),
		proclaimer: "mayor", governing: "nyc_charter", edition: "E4+NYC1",
		notConflicts: append([]string{"NYC_SPECIAL_WINDOW", "NYC_PROCLAMATION_LATE"}, stateConflicts...),
	})
	if !r.RemainderElection.IsZero() {
		t.Errorf("remainder election %s: paragraph 5's election is for the rest of the term", r.RemainderElection)
	}
	// § 25(b)(1): proclaimed within three days (by 2025-02-03): met.
	if d := deadline(t, r, "nyc_proclamation_deadline"); d.Effective != ymd(2025, 2, 3) || d.Status != Met {
		t.Errorf("proclamation deadline %s %s, want 2025-02-03 met", d.Effective, d.Status)
	}
	// § 25(b)(7): signatures from the proclamation, 2025-02-03.
	dl(t, r, "nyc_independent_signing_start", ymd(2025, 2, 3), ymd(2025, 2, 15), ymd(2025, 2, 18))
	// Elec. Law § 6-158(9): R + 12 = Sat 2025-02-15; Mon 2025-02-17 is
	// Washington's Birthday: § 1-106 moves it to 2025-02-18.
	dl(t, r, "special_independent_petition", Date{}, ymd(2025, 2, 15), ymd(2025, 2, 18))
	// (11): R + 14 = 2025-02-17, the holiday → 2025-02-18; (12): R + 16 = 2025-02-19.
	dl(t, r, "special_independent_accept_decline", Date{}, ymd(2025, 2, 17), ymd(2025, 2, 18))
	dl(t, r, "special_independent_vacancy_declination", Date{}, ymd(2025, 2, 19), ymd(2025, 2, 19))
	// § 25(b)(7): "All nominations … shall be by independent nominating
	// petition": no party route.
	for _, code := range []string{"special_party_nomination_certificate", "special_party_accept_decline", "special_party_vacancy_declination"} {
		if d := deadline(t, r, code); d.Applies || !strings.Contains(d.Reason, "independent nominating petition") {
			t.Errorf("%s applies %v (%s)", code, d.Applies, d.Reason)
		}
	}
	// The governor's window would have been 40–80 days from the
	// proclamation and flagged 2025-04-29 (the symptom).
	for _, code := range []string{"special_election", "proclamation_deadline"} {
		for _, d := range r.Deadlines {
			if d.Code == code {
				t.Errorf("a § 42 row %s on a charter vacancy", code)
			}
		}
	}
	if d := deadline(t, r, "nyc_special_election"); d.Status != Met {
		t.Errorf("the special election's window %s: the day is set", d.Status)
	}
}

// TestPublicAdvocate2019 is a real case under NYC0, the charter before
// its 2019 amendment: Letitia James left the office on 2018-12-31 to
// become Attorney General; the mayor proclaimed on 2019-01-02 a special
// election for 2019-02-26, "the latest date available under the legal
// limit" (fox5ny.com); the rest of the term was elected on 2019-11-05.
func TestPublicAdvocate2019(t *testing.T) {
	v := Vacancy{ID: "PA", Office: "Public Advocate", Class: NYCPublicAdvocate, Cause: Resignation,
		EventDate: ymd(2018, 12, 31), TermEnd: ymd(2021, 12, 31), ProclamationDate: ymd(2019, 1, 2), SpecialElectionDate: ymd(2019, 2, 26)}
	r := compute(v, ymd(2019, 1, 3))
	check(t, r, want{
		// Term 2018–2021 (§ 24(a): the mayor's). C116(2018): the 2018
		// primary was moved to Thu 2018-09-13 (L.2018 ch. 3); the ninth
		// Thursday before it is 2018-07-12; − 7 = 2018-07-05 < V. C116(2020)
		// (2020-03-13, the one-year act's 2020-03-20 − 7) ≥ V: paragraph 4,
		// an interim election; the rest at G(2019) = 2019-11-05, V being
		// after C116(2018) (paragraph 2).
		method: SpecialElection, paragraph: "4", remainder: ymd(2019, 11, 5),
		// NYC0: the first Tuesday at least forty-five days after
		// 2018-12-31 (2019-02-14, a Thursday) is 2019-02-19; 2019-02-26 is
		// seven days later, inside the ten days' latitude: lawful.
		earliest: ymd(2019, 2, 19), latest: ymd(2019, 3, 1), election: ymd(2019, 2, 26),
		proclaimer: "mayor", governing: "nyc_charter",
		notConflicts: append([]string{"NYC_SPECIAL_WINDOW", "NYC_PROCLAMATION_LATE"}, stateConflicts...),
	})
	if !strings.Contains(r.LawEdition, "NYC0") {
		t.Errorf("law edition %s, want NYC0", r.LawEdition)
	}
	// § 24(c): the row cites the public advocate's section.
	if d := deadline(t, r, "nyc_proclamation_deadline"); d.Citation != "N.Y.C. Charter § 24(c)(1)" {
		t.Errorf("citation %q", d.Citation)
	}
	// R + 12 = Mon 2019-01-14 (Elec. Law § 6-158(9)).
	dl(t, r, "special_independent_petition", Date{}, ymd(2019, 1, 14), ymd(2019, 1, 14))
}

// TestLocalWorkedExamples are the specification's worked examples
// (docs/LAW.md, "Worked examples").
func TestLocalWorkedExamples(t *testing.T) {
	t.Run("Council District 44, 2025", func(t *testing.T) {
		// Real: vacant 2025-01-01, proclaimed 2025-01-02 (§ 25(b)(5), as
		// CD 51). D0 = the first Tuesday at least eighty days after
		// (2025-03-22, a Saturday): 2025-03-25, the day set. Petitions R +
		// 12 = 2025-01-14.
		r := compute(Vacancy{Office: "Council Member", Class: NYCCouncilMember, Cause: Resignation, EventDate: ymd(2025, 1, 1),
			ProclamationDate: ymd(2025, 1, 2), SpecialElectionDate: ymd(2025, 3, 25)}, ymd(2025, 1, 3))
		check(t, r, want{method: SpecialElection, paragraph: "5", earliest: ymd(2025, 3, 25), election: ymd(2025, 3, 25), notConflicts: []string{"NYC_SPECIAL_WINDOW"}})
		dl(t, r, "special_independent_petition", Date{}, ymd(2025, 1, 14), ymd(2025, 1, 14))
	})
	t.Run("Queens Borough President, 2020", func(t *testing.T) {
		// Real: term 2018–2021, vacant 2020-01-01, proclaimed 2020-01-02.
		// C116(2020) = 2020-03-13 ≥ V and V ≤ P(2020) − 90 = 2020-03-25: an
		// interim election (§ 81(e)(4)) on D0 = Tue ≥ 2020-03-21 =
		// 2020-03-24 (the day proclaimed, later cancelled by executive
		// order, which the tool does not model); the rest at G(2020) =
		// 2020-11-03 (§ 81(e)(2)). Petitions R + 12 = 2020-01-14.
		r := compute(Vacancy{Office: "Queens Borough President", Class: NYCBoroughPresident, County: "Queens", Cause: Resignation,
			EventDate: ymd(2020, 1, 1), ProclamationDate: ymd(2020, 1, 2), SpecialElectionDate: ymd(2020, 3, 24)}, ymd(2020, 1, 3))
		check(t, r, want{method: SpecialElection, paragraph: "4", earliest: ymd(2020, 3, 24), election: ymd(2020, 3, 24),
			remainder: ymd(2020, 11, 3), termEnd: ymd(2021, 12, 31), notConflicts: []string{"NYC_SPECIAL_WINDOW", "NEEDS_REVIEW"}})
		dl(t, r, "special_independent_petition", Date{}, ymd(2020, 1, 14), ymd(2020, 1, 14))
		if d := deadline(t, r, "nyc_proclamation_deadline"); d.Citation != "N.Y.C. Charter § 81(e)(1)" {
			t.Errorf("citation %q, want the borough presidents' § 81(e)", d.Citation)
		}
	})
	t.Run("council, the interim election at the general election", func(t *testing.T) {
		// Constructed: term 2026–2029, vacant 2027-05-20. C116(2027) =
		// 2027-04-01 − 7 = 2027-03-25 < V ≤ C116(2028): paragraph 4, the
		// rest at G(2028) = 2028-11-07. D0 = Tue ≥ 2027-08-08 = 2027-08-10,
		// 84 days before G(2027) = 2027-11-02, and V before August 17:
		// § 25(b)(6)(a), "the vacancy shall be filled at such general
		// election".
		r := compute(Vacancy{Office: "Council Member", Class: NYCCouncilMember, Cause: Death, EventDate: ymd(2027, 5, 20), TermEnd: ymd(2029, 12, 31)}, ymd(2027, 5, 21))
		check(t, r, want{method: GeneralElection, paragraph: "4", election: ymd(2027, 11, 2), remainder: ymd(2028, 11, 7),
			conflicts: []string{"NEEDS_REVIEW", "NEEDS_INPUT"}})
		// With V 2027-05-12: D0 = Tue ≥ 2027-07-31 = 2027-08-03, 91 days
		// before G: the special election on 2027-08-03.
		r = compute(Vacancy{Office: "Council Member", Class: NYCCouncilMember, Cause: Death, EventDate: ymd(2027, 5, 12), TermEnd: ymd(2029, 12, 31)}, ymd(2027, 5, 13))
		check(t, r, want{method: SpecialElection, paragraph: "4", election: ymd(2027, 8, 3), earliest: ymd(2027, 8, 3), latest: ymd(2027, 8, 13), remainder: ymd(2028, 11, 7)})
	})
	t.Run("village trustee, March village", func(t *testing.T) {
		// Constructed, as of 2027-01-15: M = 3, V 2026-12-15, term_end
		// 2028-04-03 (the first Monday of April 2028). A1 = the first
		// Monday of April 2027 = 2027-04-05 (Village Law § 3-302(1)); T3 =
		// the third Tuesday of March 2027 = 2027-03-16; T3 − 75 =
		// 2026-12-31 (the specification says 2027-01-01, a day off:
		// 2027-03-16 is the 74th day after 2027-01-01) ≥ V: § 3-312(3)(b)(1), the mayor appoints until
		// 2027-04-05; the rest of the term is elected at the general
		// village election of 2027-03-16 (§ 3-312(4)).
		r := compute(Vacancy{Office: "Village Trustee", Class: Village, Cause: Resignation, EventDate: ymd(2026, 12, 15),
			TermEnd: ymd(2028, 4, 3), VillageElectionMonth: 3}, ymd(2027, 1, 15))
		check(t, r, want{method: AppointmentThenElection, appointment: ymd(2027, 4, 5), appointer: "mayor", election: ymd(2027, 3, 16),
			governing: "village_law", edition: "E4+V0", notConflicts: append([]string{"VILLAGE_CALENDAR_ASSUMED"}, stateConflicts...)})
		// Elec. Law § 15-108(2)(a): the caucus 56 to 49 days before the
		// election: 2027-01-19 … 01-26 (a caucus is held, not filed).
		dl(t, r, "village_caucus", ymd(2027, 1, 19), ymd(2027, 1, 26), ymd(2027, 1, 26))
		// (9)(a): signatures from six weeks before the last day to file
		// (2027-02-09 − 42 = 2026-12-29); (8)(a): petitions 42 to 35 days
		// before, 2027-02-02 … 02-09.
		dl(t, r, "village_independent_signing_start", ymd(2026, 12, 29), ymd(2027, 2, 9), ymd(2027, 2, 9))
		dl(t, r, "village_independent_petition", ymd(2027, 2, 2), ymd(2027, 2, 9), ymd(2027, 2, 9))
		// (8)(b): three days after the last day to file, 2027-02-12 — a
		// Friday, but Lincoln's Birthday (Gen. Constr. Law § 24), and Mon
		// 02-15 is Washington's Birthday: § 1-106 moves it to 2027-02-16.
		// (8)(c): three days after that effective day, 2027-02-19. The
		// specification's example gives 02-12 and 02-15 (the statute's
		// arithmetic without the roll-over its own § 2.3 applies).
		dl(t, r, "village_independent_accept_decline", Date{}, ymd(2027, 2, 12), ymd(2027, 2, 16))
		dl(t, r, "village_independent_vacancy_declination", Date{}, ymd(2027, 2, 19), ymd(2027, 2, 19))
		for _, d := range r.Deadlines {
			if d.Applies && d.Status != Open && !d.Effective.IsZero() {
				t.Errorf("%s %s on 2027-01-15, want open", d.Code, d.Status)
			}
		}
		// With V 2027-01-20 (after T3 − 75): § 3-312(3)(b)(2), the
		// appointment runs to 2027-04-05 and, the term going on, to the end
		// of the next official year, 2028-04-03 = term_end: nothing is left
		// to elect; the seat is next elected (full term) on the third
		// Tuesday of March 2028, 2028-03-21 (§ 3-312(1)).
		r = compute(Vacancy{Office: "Village Trustee", Class: Village, Cause: Resignation, EventDate: ymd(2027, 1, 20),
			TermEnd: ymd(2028, 4, 3), VillageElectionMonth: 3}, ymd(2027, 1, 21))
		check(t, r, want{method: AppointmentToTermEnd, appointment: ymd(2028, 4, 3), election: ymd(2028, 3, 21)})
		if len(r.Deadlines) != 0 {
			t.Errorf("%d deadlines for a vacancy the appointment fills to the end of the term", len(r.Deadlines))
		}
	})
	t.Run("North Haven, 2013", func(t *testing.T) {
		// Real, a June village: the mayor resigned effective 2013-04-30,
		// term to 2014-07-07. A1 = the first Monday of July 2013 =
		// 2013-07-01; T3 = the third Tuesday of June 2013 = 2013-06-18, 49
		// days after V: (3)(b)(2); the board of trustees appoints (the
		// office of mayor) to 2014-07-07 = term end; the seat is next
		// elected on 2014-06-17.
		r := compute(Vacancy{Office: "Mayor", Class: Village, District: "Village of North Haven", County: "Suffolk", Cause: Resignation,
			EventDate: ymd(2013, 4, 30), TermEnd: ymd(2014, 7, 7), VillageElectionMonth: 6}, ymd(2013, 5, 1))
		check(t, r, want{method: AppointmentToTermEnd, appointer: "board_of_trustees", appointment: ymd(2014, 7, 7), election: ymd(2014, 6, 17)})
		// The trustee seat the appointee left: V 2013-07-02, term to
		// 2015-07-06. A1 = 2014-07-07, T3 = 2014-06-17, 350 days on:
		// (3)(b)(1), appointment until 2014-07-07; the remaining year
		// elected on 2014-06-17; independent petitions 2014-05-06 … 05-13.
		r = compute(Vacancy{Office: "Trustee", Class: Village, District: "Village of North Haven", County: "Suffolk", Cause: Resignation,
			EventDate: ymd(2013, 7, 2), TermEnd: ymd(2015, 7, 6), VillageElectionMonth: 6}, ymd(2013, 7, 3))
		check(t, r, want{method: AppointmentThenElection, appointer: "mayor", appointment: ymd(2014, 7, 7), election: ymd(2014, 6, 17)})
		dl(t, r, "village_independent_petition", ymd(2014, 5, 6), ymd(2014, 5, 13), ymd(2014, 5, 13))
	})
	t.Run("City of New Rochelle council, 2010", func(t *testing.T) {
		// § 42(1) as of 2010: a vacancy before September 20 is filled at
		// G(2010) = 2010-11-02; the charter (§ 92.9: the council appoints,
		// then the next general election) may govern: LOCAL_CHARTER.
		r := compute(Vacancy{Office: "Council Member", Class: City, District: "City of New Rochelle", County: "Westchester", Cause: Resignation,
			EventDate: ymd(2010, 6, 1)}, ymd(2010, 6, 2))
		check(t, r, want{method: GeneralElection, election: ymd(2010, 11, 2), governing: "local_charter", conflicts: []string{"LOCAL_CHARTER"}})
		if c, _ := conflictOf(r, "LOCAL_CHARTER"); c.Severity != Warning {
			t.Errorf("LOCAL_CHARTER %s, want a warning", c.Severity)
		}
	})
}
