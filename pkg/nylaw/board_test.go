package nylaw

import (
	"strings"
	"testing"

	. "batch/pkg/compute"
)

// The state board's nomination calendar, line for line (docs/LAW.md, "The state board's nomination calendar").

// boardLine is one expected line: the code, the window's first day (zero
// for a single day), the statutory and the effective day.
type boardLine struct {
	code            string
	start, stat, ef Date
}

func yearCalendarOf(year int) map[string]CalendarItem {
	got := map[string]CalendarItem{}
	for _, it := range YearCalendar(NewCalendar(NewYork, nil), year, CalendarOptions{}) {
		if _, ok := got[it.Code]; !ok && it.Code != "holiday" {
			got[it.Code] = it
		}
	}
	return got
}

func checkLines(t *testing.T, year int, want []boardLine) {
	t.Helper()
	got := yearCalendarOf(year)
	for _, w := range want {
		it, ok := got[w.code]
		if !ok {
			t.Errorf("%d: the calendar has no %s", year, w.code)
			continue
		}
		if it.WindowStart != w.start || it.Statutory != w.stat || it.Effective != w.ef {
			t.Errorf("%d %s: got %s … %s (statutory %s), want %s … %s (statutory %s)", year, w.code,
				it.WindowStart, it.Effective, it.Statutory, w.start, w.ef, w.stat)
		}
	}
}

// TestBoard2026CalendarLineForLine holds `batch calendar --year 2026` to
// every line of docs/LAW.md, "The state board's nomination calendar", each date as the New York State Board of
// Elections' 2026 political calendar (revised 2025-12-09) publishes it,
// with the citation the board prints beside it (the copy read: the public
// transcription FlashOfInsight/nyc-civic-calendar,
// lib/data/political-calendar-2026.js). Where a last day falls on a
// weekend the board prints the next business day, and the statutory day
// is worked by hand beside it.
func TestBoard2026CalendarLineForLine(t *testing.T) {
	one := func(code string, m, d int) boardLine {
		return boardLine{code: code, stat: ymd(2026, m, d), ef: ymd(2026, m, d)}
	}
	checkLines(t, 2026, []boardLine{
		one("offices_certified", 2, 1),                    // Feb 1 (a Sunday, the boards' own act), §§ 4-106(1), (2)
		one("party_positions_statement", 2, 10),           // Feb 10, § 2-120(1)
		one("opportunity_to_ballot_signing_start", 3, 21), // Mar 21 (a Saturday, a first day), § 6-164; § 6-158(4)
		one("designation_authorization", 4, 10),           // Apr 10, § 6-120(3)
		one("opportunity_to_ballot_notice", 4, 13),        // Apr 13, § 6-166(3)
		// Apr 20, § 6-120(3): Apr 14 + 4 = Saturday Apr 18.
		{code: "designation_substitution_authorization", stat: ymd(2026, 4, 18), ef: ymd(2026, 4, 20)},
		one("opportunity_to_ballot_after_declination_notice", 4, 20), // Apr 20, § 6-166(3)
		one("primary_ballot_certified_state", 4, 29),                 // Apr 29, § 4-110
		one("primary_ballot_certified_county", 4, 30),                // Apr 30, § 4-114
		one("independent_decline_after_primary", 6, 26),              // Jun 26, § 6-158(11)
		one("party_decline_after_primary", 7, 3),                     // Jul 3, § 6-146(6)
		one("party_decline_after_primary_vacancy", 7, 7),             // Jul 7, § 6-158(3)
		// Jul 13, § 6-120(3): Jul 7 + 4 = Saturday Jul 11.
		{code: "party_decline_after_primary_substitution", stat: ymd(2026, 7, 11), ef: ymd(2026, 7, 13)},
		one("caucus_nomination_certificate", 7, 23),  // Jul 23, § 6-158(6)
		one("party_nomination_authorization", 7, 27), // Jul 27, § 6-120(3)
		// "Dates for holding Judicial conventions. Minutes of a convention
		// must be filed within 72 hours (3 days) of adjournment", Aug 6 …
		// Aug 12, § 6-158(5).
		{code: "judicial_convention_minutes", start: ymd(2026, 8, 6), stat: ymd(2026, 8, 12), ef: ymd(2026, 8, 12)},
		one("general_ballot_certified_state", 9, 9),   // Sep 9, § 4-112(1)
		one("general_ballot_certified_county", 9, 10), // Sep 10, § 4-114
	})
	// Each line names its citation as the board prints it.
	got := yearCalendarOf(2026)
	for code, cite := range map[string]string{
		"offices_certified": "§ 4-106(1), (2)", "party_positions_statement": "§ 2-120(1)", "opportunity_to_ballot_signing_start": "§ 6-164",
		"designation_authorization": "§ 6-120(3)", "opportunity_to_ballot_notice": "§ 6-166(3)", "primary_ballot_certified_state": "§ 4-110",
		"primary_ballot_certified_county": "§ 4-114", "independent_decline_after_primary": "§ 6-158(11)", "party_decline_after_primary": "§ 6-146(6)",
		"party_decline_after_primary_vacancy": "§ 6-158(3)", "caucus_nomination_certificate": "§ 6-158(6)", "judicial_convention_minutes": "§ 6-158(5)",
		"general_ballot_certified_state": "§ 4-112(1)", "general_ballot_certified_county": "§ 4-114",
	} {
		if it := got[code]; !strings.Contains(it.Citation, cite) {
			t.Errorf("%s cites %q, the board %q", code, it.Citation, cite)
		}
		if it := got[code]; !strings.Contains(it.Source, "2026 political calendar") {
			t.Errorf("%s does not name the calendar that corroborates it: %q", code, it.Source)
		}
	}
}

// TestBoardLines2025ByHand: the same lines for 2025, whose board calendar
// was not found, worked by hand from the statute's count or the board's
// formula: primary Tuesday June 24, general Tuesday November 4; the twelfth
// Thursday preceding the primary is April 3, the eleventh April 10, the
// tenth April 17. They are inferred where the words were not read, and say
// so.
func TestBoardLines2025ByHand(t *testing.T) {
	one := func(code string, m, d int) boardLine {
		return boardLine{code: code, stat: ymd(2025, m, d), ef: ymd(2025, m, d)}
	}
	checkLines(t, 2025, []boardLine{
		one("offices_certified", 2, 1),                    // February first: a Saturday, never moved
		one("party_positions_statement", 2, 11),           // Apr 3 − 37 = Feb 25 (first day to sign) − 14
		one("opportunity_to_ballot_signing_start", 3, 18), // Apr 3 − 16
		one("designation_authorization", 4, 7),            // Apr 3 + 4 (Monday)
		one("opportunity_to_ballot_notice", 4, 14),        // Apr 10 + 4
		// Apr 3 + 4 = Apr 7 to decline, + 4 = Apr 11 to fill the vacancy, + 4.
		one("designation_substitution_authorization", 4, 15),
		one("opportunity_to_ballot_after_declination_notice", 4, 21), // Apr 17 + 4
		one("primary_ballot_certified_state", 4, 30),                 // Jun 24 − 55: − 31 = May 24, − 24 = Apr 30
		one("primary_ballot_certified_county", 5, 1),                 // the day after
		one("independent_decline_after_primary", 6, 27),              // Jun 24 + 3
		// Jun 24 + 10 = Friday Jul 4, Independence Day → Monday Jul 7.
		{code: "party_decline_after_primary", stat: ymd(2025, 7, 4), ef: ymd(2025, 7, 7)},
		one("party_decline_after_primary_vacancy", 7, 11),      // from the effective Jul 7, + 4
		one("party_decline_after_primary_substitution", 7, 15), // Jul 11 + 4
		one("caucus_nomination_certificate", 7, 24),            // Jun 24 + 30
		one("party_nomination_authorization", 7, 28),           // Jul 24 + 4 (Monday)
		// First Monday of August 2025 is Aug 4: Thursday Aug 7 … Aug 13.
		{code: "judicial_convention_minutes", start: ymd(2025, 8, 7), stat: ymd(2025, 8, 13), ef: ymd(2025, 8, 13)},
		one("general_ballot_certified_state", 9, 10), // Nov 4 − 55: − 31 = Oct 4, − 24 = Sep 10
		one("general_ballot_certified_county", 9, 11),
	})
	got := yearCalendarOf(2025)
	if s := got["party_decline_after_primary"].Source; !strings.Contains(s, "inferred for 2025") {
		t.Errorf("a 2025 date resting on unread words must say it is inferred: %q", s)
	}
	if s := got["designation_authorization"].Source; strings.Contains(s, "inferred") {
		t.Errorf("§ 6-120(3)'s words were read: %q", s)
	}
}

// TestBoardLinesByEdition: § 6-146(6) came with L.2021 ch. 276, so the
// 2021 calendar (E2) has no declination after a lost primary and the 2022
// one (E3) has it; the lines are June-era rules, absent from the
// September-era 2015 calendar.
func TestBoardLinesByEdition(t *testing.T) {
	if _, ok := yearCalendarOf(2021)["party_decline_after_primary"]; ok {
		t.Error("2021 prints § 6-146(6)")
	}
	// 2022: primary Tuesday June 28; + 10 = Friday July 8.
	if it := yearCalendarOf(2022)["party_decline_after_primary"]; it.Effective != ymd(2022, 7, 8) {
		t.Errorf("2022: %+v", it)
	}
	if it := yearCalendarOf(2021)["designation_authorization"]; it.Effective.IsZero() {
		t.Error("2021 has no designation_authorization")
	}
	if _, ok := yearCalendarOf(2015)["offices_certified"]; ok {
		t.Error("the September era prints a June-era line")
	}
}

// TestCorroborationsHold: every date the law data says a published
// calendar gives is the date the rule computes for that year, so that a
// line can never claim a calendar that disagrees with it.
func TestCorroborationsHold(t *testing.T) {
	n := 0
	for i := range NewYork.Editions {
		e := &NewYork.Editions[i]
		for j := range e.Deadlines {
			r := &e.Deadlines[j]
			for _, c := range r.Corroborated {
				if NewYork.CalendarEdition(c.Year).ID != e.ID {
					t.Errorf("%s %s: a calendar of %d, which %s does not compute", e.ID, r.Code, c.Year, e.ID)
					continue
				}
				n++
				it := yearCalendarOf(c.Year)[r.Code]
				if it.Effective != c.Date || it.WindowStart != c.Start {
					t.Errorf("%s %d: computed %s … %s, %s gives %s … %s", r.Code, c.Year, it.WindowStart, it.Effective, c.Calendar, c.Start, c.Date)
				}
				if !strings.Contains(it.Source, "corroborated by "+c.Calendar) {
					t.Errorf("%s %d: source %q", r.Code, c.Year, it.Source)
				}
			}
		}
	}
	if n < 18 {
		t.Errorf("%d corroborated lines, want the 18 of § 7.4", n)
	}
}

// A calendar input that moves a corroborated line says the published
// calendar differs, instead of claiming it.
func TestCorroborationDiffers(t *testing.T) {
	cal := NewCalendar(NewYork, []Override{{Year: 2026, Code: "offices_certified", Date: ymd(2026, 2, 2), Reason: "example"}})
	it := map[string]CalendarItem{}
	for _, x := range YearCalendar(cal, 2026, CalendarOptions{}) {
		it[x.Code] = x
	}
	if s := it["offices_certified"].Source; !strings.Contains(s, "differs from the state board's 2026 political calendar (revised 2025-12-09), which gives 2026-02-01") {
		t.Errorf("%q", s)
	}
}

// TestBoardFormulasOn2015: the formulas taken from the board's calendars
// hold in another year's calendar too. The state board's 2015 political
// calendar (the September era, the one TestPublished2015Calendar reads)
// gives: designating petitions due July 9, first day to sign
// opportunity-to-ballot petitions June 23 (§ 6-164), last day to authorize
// designations July 13 (§ 6-120(3)), to fill a vacancy after a declination
// July 17 and to authorize a substitution July 21 (§ 6-120(3)); the state
// board certifies the primary ballot August 5 (§ 4-110) and the county
// boards determine theirs August 6 (§ 4-114), the general election's
// September 28 (§ 4-112(1)) and 29 (§ 4-114). The June-era lines are laid
// on the 2015 edition's table here; the state board's own days were
// thirty-six days before each election then, and are given as such.
func TestBoardFormulasOn2015(t *testing.T) {
	b := boardEra{}
	e := e1
	e.Deadlines = append(append([]DeadlineRule(nil), e1.Deadlines...),
		eln6164Signing(b), eln6120Designation(b), eln6120Substitution(b),
		DeadlineRule{Code: dlPrimaryBallotState, Kind: LastDay, CalendarOnly: true, NotFiling: true, Last: From(AtPrimary, Days(-36))},
		eln4114Primary(b),
		DeadlineRule{Code: dlGeneralBallotState, Kind: LastDay, CalendarOnly: true, NotFiling: true, Last: From(AtGeneral, Days(-36))},
		eln4114General(b),
	)
	l := *NewYork
	l.Editions, l.Acts = []Edition{e0, e}, nil
	law := NewLaw(l)
	if errs := law.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	got := map[string]CalendarItem{}
	for _, it := range YearCalendar(NewCalendar(law, nil), 2015, CalendarOptions{}) {
		got[it.Code] = it
	}
	for code, want := range map[string]Date{
		"designating_petition":                   ymd(2015, 7, 9),
		"opportunity_to_ballot_signing_start":    ymd(2015, 6, 23),
		"designation_authorization":              ymd(2015, 7, 13),
		"designation_vacancy_declination":        ymd(2015, 7, 17),
		"designation_substitution_authorization": ymd(2015, 7, 21),
		"primary_ballot_certified_state":         ymd(2015, 8, 5),
		"primary_ballot_certified_county":        ymd(2015, 8, 6),
		"general_ballot_certified_state":         ymd(2015, 9, 28),
		"general_ballot_certified_county":        ymd(2015, 9, 29),
	} {
		if it := got[code]; it.Effective != want {
			t.Errorf("%s: computed %s, the board's 2015 calendar %s", code, it.Effective, want)
		}
	}
}

// TestBoardLines2027ByHand: a year no one-year act touches. Primary Tuesday
// June 22, 2027 (June 1 is a Tuesday); the twelfth Thursday preceding it
// is April 1; general election Tuesday November 2.
func TestBoardLines2027ByHand(t *testing.T) {
	one := func(code string, m, d int) boardLine {
		return boardLine{code: code, stat: ymd(2027, m, d), ef: ymd(2027, m, d)}
	}
	checkLines(t, 2027, []boardLine{
		one("offices_certified", 2, 1),                    // a Monday
		one("party_positions_statement", 2, 9),            // Apr 1 − 37 = Feb 23, − 14
		one("opportunity_to_ballot_signing_start", 3, 16), // Apr 1 − 16
		one("designation_authorization", 4, 5),            // Apr 1 + 4
		// Apr 5 (decline) + 4 = Apr 9 (fill the vacancy) + 4.
		one("designation_substitution_authorization", 4, 13),
		one("primary_ballot_certified_state", 4, 28), // Jun 22 − 55: − 31 = May 22, − 24 = Apr 28
		one("party_decline_after_primary", 7, 2),     // Jun 22 + 10
		one("party_decline_after_primary_vacancy", 7, 6),
		// Jul 6 + 4 = Saturday Jul 10 → Monday Jul 12.
		{code: "party_decline_after_primary_substitution", stat: ymd(2027, 7, 10), ef: ymd(2027, 7, 12)},
		one("caucus_nomination_certificate", 7, 22), // Jun 22 + 30
		// Jul 22 + 4 = Monday Jul 26.
		one("party_nomination_authorization", 7, 26),
		// First Monday of August 2027 is Aug 2: Thursday Aug 5 … Aug 11.
		{code: "judicial_convention_minutes", start: ymd(2027, 8, 5), stat: ymd(2027, 8, 11), ef: ymd(2027, 8, 11)},
		one("general_ballot_certified_state", 9, 8), // Nov 2 − 55: − 31 = Oct 2, − 24 = Sep 8
		one("general_ballot_certified_county", 9, 9),
	})
}

// The board's lines are the calendar's, never a vacancy's: a 2026 vacancy
// foreseen before the year began gets none of them as a deadline row.
func TestBoardLinesAreNotVacancyRows(t *testing.T) {
	r := Compute(Vacancy{Office: "Town Clerk", Cause: Death, EventDate: ymd(2025, 12, 1)}, NewCalendar(NewYork, nil), ymd(2026, 1, 5))
	if len(r.Deadlines) == 0 {
		t.Fatal("no deadline rows")
	}
	for _, d := range r.Deadlines {
		for _, rule := range boardLines(boardEra{e4: true, ch276: true}) {
			if d.Code == rule.Code {
				t.Errorf("a vacancy row %s", d.Code)
			}
		}
	}
}
