package compute_test

import (
	"strings"
	"testing"
	"time"

	. "batch/pkg/compute"
	"batch/pkg/nylaw"
)

// The law after the seed (docs/LAW.md), row by row, as New York's
// dated values (pkg/nylaw) give it to the engine. Expected dates
// are worked by hand from the statute in the comment beside them, or come
// from a published calendar or a real special election, named there;
// weekdays are the calendar's.

func calendarOf(t *testing.T, year int, opts CalendarOptions) map[string]CalendarItem {
	t.Helper()
	got := map[string]CalendarItem{}
	for _, it := range YearCalendar(NewCalendar(nylaw.NewYork, nil), year, opts) {
		if _, ok := got[it.Code]; !ok && it.Code != "holiday" {
			got[it.Code] = it
		}
	}
	return got
}

// row is one expected calendar line: window start (zero for a last day),
// statutory and effective last day, base date (zero when the permanent
// formula decided), law_edition.
type row struct {
	code                       string
	start, statutory, eff, bas Date
	edition                    string
}

func checkCalendar(t *testing.T, got map[string]CalendarItem, want []row) {
	t.Helper()
	for _, w := range want {
		it, ok := got[w.code]
		if !ok {
			t.Errorf("%s: not in the calendar", w.code)
			continue
		}
		if it.WindowStart != w.start || it.Statutory != w.statutory || it.Effective != w.eff || it.BaseDate != w.bas || it.LawEdition != w.edition {
			t.Errorf("%s: got %s … %s → %s (base %s, %s), want %s … %s → %s (base %s, %s)", w.code,
				it.WindowStart, it.Statutory, it.Effective, it.BaseDate, it.LawEdition,
				w.start, w.statutory, w.eff, w.bas, w.edition)
		}
	}
}

// § 1: the editions and their first days, each boundary day on both sides.
func TestEditionBoundaryDays(t *testing.T) {
	for _, c := range []struct {
		day  Date
		want string
	}{
		{ymd(2010, 12, 31), "E0"}, {ymd(2011, 3, 8), "E0"}, {ymd(2011, 3, 9), "E1"},
		{ymd(2019, 1, 23), "E1"}, {ymd(2019, 1, 24), "E2"},
		{ymd(2021, 7, 29), "E2"}, {ymd(2021, 7, 30), "E3"},
		{ymd(2022, 3, 24), "E3"}, {ymd(2022, 3, 25), "E4"}, {ymd(2026, 11, 30), "E4"},
	} {
		if got := nylaw.NewYork.EditionAt(c.day).ID; got != c.want {
			t.Errorf("edition on %s = %s, want %s", c.day, got, c.want)
		}
	}
	// The vacancy date keys § 42(1) and the duty to proclaim. A town
	// supervisor vacant Jan 23, 2019 is judged by the September 20 rule
	// (E1), one vacant Jan 24 by three months (E2): both go to Nov 5, 2019,
	// whose calendar is E2's (February 1).
	for _, c := range []struct {
		v       Date
		edition string
	}{{ymd(2019, 1, 23), "E1+E2"}, {ymd(2019, 1, 24), "E2"}} {
		r := computeNY(Vacancy{Office: "Town Supervisor", Cause: Death, EventDate: c.v}, c.v)
		if r.LawEdition != c.edition || r.FillingElection != ymd(2019, 11, 5) {
			t.Errorf("vacancy %s: %s (%s)", c.v, r.FillingElection, r.LawEdition)
		}
	}
	// An Assembly seat vacant Jul 29, 2021 has no duty to proclaim (E2);
	// one vacant Jul 30 must be proclaimed by Aug 9 (E3).
	for _, c := range []struct {
		v       Date
		applies bool
		due     Date
	}{{ymd(2021, 7, 29), false, Date{}}, {ymd(2021, 7, 30), true, ymd(2021, 8, 9)}} {
		r := computeNY(Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, Cause: Death, EventDate: c.v}, c.v)
		if d := deadline(t, r, "proclamation_deadline"); d.Applies != c.applies || d.Effective != c.due {
			t.Errorf("vacancy %s: %+v", c.v, d)
		}
	}
	for _, e := range nylaw.NewYork.Editions {
		if e.ID != "E0" && (e.Act == "" || e.Cite == "" || e.Words == "") {
			t.Errorf("%s lacks its act, citation or what it changes", e.ID)
		}
	}
	if errs := nylaw.NewYork.Check(); len(errs) > 0 {
		t.Errorf("the law data is inconsistent: %v", errs)
	}
}

// § 3.2: the special-election window is the edition's in force on the
// proclamation, at each boundary. Counting "N days from the date of the
// proclamation", the proclamation day not counted.
func TestSpecialWindowsByEdition(t *testing.T) {
	cases := []struct {
		name             string
		class            OfficeClass
		procl            Date
		earliest, latest Date
		edition          string
	}{
		// Mar 8 + 23 = Mar 31, + 7 = Apr 7 (30); Apr 17 (40).
		{"the last day of the seed: 30 to 40 days", StateSenator, ymd(2011, 3, 8), ymd(2011, 4, 7), ymd(2011, 4, 17), "E0"},
		// Mar 9 + 22 = Mar 31, + 30 = Apr 30 (52), + 18 = May 18 (70); May 28 (80).
		{"L.2011 ch. 4's first day: 70 to 80 days", StateSenator, ymd(2011, 3, 9), ymd(2011, 5, 18), ymd(2011, 5, 28), "E1"},
		// Jul 29 + 2 = Jul 31, Aug 31 (33), Sep 30 (63), Oct 7 (70); Oct 17.
		{"the day before L.2021 ch. 320: still 70 to 80", StateSenator, ymd(2021, 7, 29), ymd(2021, 10, 7), ymd(2021, 10, 17), "E2"},
		// Jul 30 + 1 = Jul 31, Aug 31 (32), Sep 8 (40); Sep 18 (50).
		{"L.2021 ch. 320: 40 to 50 for the Senate", StateSenator, ymd(2021, 7, 30), ymd(2021, 9, 8), ymd(2021, 9, 18), "E3"},
		// Jul 30 + 70: Aug 31 (32), Sep 30 (62), Oct 8 (70); Oct 18.
		{"L.2021 ch. 320: 70 to 80 for Congress", USRepresentative, ymd(2021, 7, 30), ymd(2021, 10, 8), ymd(2021, 10, 18), "E3"},
		{"L.2021 ch. 320: 40 to 50 for a town office", OtherOffice, ymd(2021, 7, 30), ymd(2021, 9, 8), ymd(2021, 9, 18), "E3"},
		// E4 from 2022-03-25 (inferred). Mar 24 + 7 = Mar 31, Apr 30 (37),
		// May 3 (40); May 13 (50).
		{"the day before L.2022 ch. 164: a town office still 40 to 50", OtherOffice, ymd(2022, 3, 24), ymd(2022, 5, 3), ymd(2022, 5, 13), "E3"},
		// Mar 25 + 6 = Mar 31, Apr 30 (36), May 31 (67), Jun 3 (70); Jun 13.
		{"L.2022 ch. 164: a town office 70 to 80", OtherOffice, ymd(2022, 3, 25), ymd(2022, 6, 3), ymd(2022, 6, 13), "E4"},
		// Apr 30 (36), May 4 (40); May 14 (50).
		{"L.2022 ch. 164: the Assembly 40 to 50", MemberOfAssembly, ymd(2022, 3, 25), ymd(2022, 5, 4), ymd(2022, 5, 14), "E4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := Vacancy{Office: "x", Class: c.class, Cause: Resignation, Appointable: No, EventDate: c.procl.AddDays(-3),
				TermEnd: ymd(2030, 12, 31), ProclamationDate: c.procl, SpecialElectionDate: c.earliest}
			r := computeNY(v, c.procl)
			if r.SpecialEarliest != c.earliest || r.SpecialLatest != c.latest {
				t.Errorf("window %s … %s, want %s … %s", r.SpecialEarliest, r.SpecialLatest, c.earliest, c.latest)
			}
			if !strings.Contains(r.LawEdition, c.edition) {
				t.Errorf("law_edition %q lacks %s", r.LawEdition, c.edition)
			}
			if _, bad := conflictOf(r, "SPECIAL_WINDOW"); bad {
				t.Errorf("SPECIAL_WINDOW on the window's first day: %s", r.ConflictCodes())
			}
			// One day early is outside every window (no proviso reaches a
			// day this close to the proclamation … except the Senate and
			// Assembly's from L.2022 ch. 164, thirty days and more).
			v.SpecialElectionDate = c.earliest.AddDays(-1)
			r = computeNY(v, c.procl)
			_, window := conflictOf(r, "SPECIAL_WINDOW")
			_, piggy := conflictOf(r, "SPECIAL_PIGGYBACK")
			if !window && !piggy {
				t.Errorf("a day before the window: no SPECIAL_WINDOW or SPECIAL_PIGGYBACK (%s)", r.ConflictCodes())
			}
			if piggy != (c.edition == "E4" && c.class == MemberOfAssembly) {
				t.Errorf("SPECIAL_PIGGYBACK = %v", piggy)
			}
		})
	}
}

// § 3.2 with real special elections.
func TestRealSpecialElections(t *testing.T) {
	type want struct {
		code      string
		statutory Date
		effective Date
	}
	cases := []struct {
		name     string
		v        Vacancy
		earliest Date
		latest   Date
		rows     []want
		edition  string
	}{
		{
			// 22nd Senate District, 2025: the governor proclaimed on
			// April 10 a special election for Tuesday May 20 (press
			// release of 2025-04-10), R + 40. The vacancy date is taken
			// a few days before (the release gives none). Party
			// certificate R + 7 = Thu Apr 17; independent petitions R + 9
			// = Sat Apr 19 → Mon Apr 21; acceptance R + 11 = Mon Apr 21;
			// filling a vacancy R + 13 = Wed Apr 23.
			name: "SD-22 2025: 40 to 50 days, party certificate at +7",
			v: Vacancy{Office: "State Senator", Class: StateSenator, District: "22", Cause: Resignation,
				EventDate: ymd(2025, 4, 7), ProclamationDate: ymd(2025, 4, 10), SpecialElectionDate: ymd(2025, 5, 20)},
			earliest: ymd(2025, 5, 20), latest: ymd(2025, 5, 30), edition: "E4",
			rows: []want{
				{"special_party_nomination_certificate", ymd(2025, 4, 17), ymd(2025, 4, 17)},
				{"special_independent_petition", ymd(2025, 4, 19), ymd(2025, 4, 21)},
				{"special_independent_accept_decline", ymd(2025, 4, 21), ymd(2025, 4, 21)},
				{"special_independent_vacancy_declination", ymd(2025, 4, 23), ymd(2025, 4, 23)},
				{"special_party_accept_decline", ymd(2025, 4, 22), ymd(2025, 4, 22)},
				{"special_party_vacancy_declination", ymd(2025, 4, 24), ymd(2025, 4, 24)},
			},
		},
		{
			// The same special in 2015: E1, 70 to 80 days (Apr 10 + 20 =
			// Apr 30, May 31 (51), Jun 19 (70); Jun 29), party certificate
			// R + 10 = Mon Apr 20. May 20 is outside: SPECIAL_WINDOW.
			name: "the same special in 2015: 70 to 80 days at +10",
			v: Vacancy{Office: "State Senator", Class: StateSenator, District: "22", Cause: Resignation,
				EventDate: ymd(2015, 4, 7), ProclamationDate: ymd(2015, 4, 10), SpecialElectionDate: ymd(2015, 5, 20)},
			earliest: ymd(2015, 6, 19), latest: ymd(2015, 6, 29), edition: "E1",
			rows: []want{{"special_party_nomination_certificate", ymd(2015, 4, 20), ymd(2015, 4, 20)}},
		},
		{
			// And under the seed, 30 to 40 days (Apr 10 + 20 = Apr 30, May
			// 10 (30), May 20 (40)): May 20 is the last day of the window.
			// Party certificate R + 10 = Mon Apr 20. (2009, not 2010: an
			// April vacancy in the term's last year is barred by § 42(4).)
			name: "the same special under the seed: 30 to 40 days",
			v: Vacancy{Office: "State Senator", Class: StateSenator, District: "22", Cause: Resignation,
				EventDate: ymd(2009, 4, 7), ProclamationDate: ymd(2009, 4, 10), SpecialElectionDate: ymd(2009, 5, 20)},
			earliest: ymd(2009, 5, 10), latest: ymd(2009, 5, 20), edition: "E0",
			rows: []want{{"special_party_nomination_certificate", ymd(2009, 4, 20), ymd(2009, 4, 20)}},
		},
		{
			// In 2010 itself (an early-year vacancy: § 42(4) bars one from
			// April 1 of the term's last year): proclaimed Feb 10, 30 to 40
			// days (Feb 28 is +18, Mar 12 +30, Mar 22 +40); election Mar 20.
			// Party certificate R + 10 = Sat Feb 20 → Mon Feb 22.
			name: "a Senate special of 2010: 30 to 40 days at +10",
			v: Vacancy{Office: "State Senator", Class: StateSenator, Cause: Death,
				EventDate: ymd(2010, 2, 1), ProclamationDate: ymd(2010, 2, 10), SpecialElectionDate: ymd(2010, 3, 20)},
			earliest: ymd(2010, 3, 12), latest: ymd(2010, 3, 22), edition: "E0",
			rows: []want{{"special_party_nomination_certificate", ymd(2010, 2, 20), ymd(2010, 2, 22)}},
		},
		{
			// 27th Assembly District, 2023 (the New York City board's
			// calendar for the September 12, 2023 special): proclaimed Mon
			// July 24; independent petitions Wed Aug 2 (+9), acceptance or
			// declination Fri Aug 4 (+11), filling a vacancy Sun Aug 6 →
			// Mon Aug 7. The election is R + 50 (Jul 31 is +7, Aug 31
			// +38, Sep 12 +50).
			name: "AD-27 2023: the published calendar",
			v: Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, District: "27", Cause: Resignation,
				EventDate: ymd(2023, 7, 20), ProclamationDate: ymd(2023, 7, 24), SpecialElectionDate: ymd(2023, 9, 12)},
			earliest: ymd(2023, 9, 2), latest: ymd(2023, 9, 12), edition: "E4",
			rows: []want{
				{"special_party_nomination_certificate", ymd(2023, 7, 31), ymd(2023, 7, 31)},
				{"special_independent_petition", ymd(2023, 8, 2), ymd(2023, 8, 2)},
				{"special_independent_accept_decline", ymd(2023, 8, 4), ymd(2023, 8, 4)},
				{"special_independent_vacancy_declination", ymd(2023, 8, 6), ymd(2023, 8, 7)},
			},
		},
		{
			// 3rd Congressional District: George Santos expelled Dec 1,
			// 2023; the governor proclaimed on Dec 5 the special of Tue
			// Feb 13, 2024 (press, 2023-12-05): R + 70 (Dec 31 is +26,
			// Jan 31 +57, Feb 13 +70), inside 70 to 80. Party certificate
			// R + 10 = Fri Dec 15.
			name: "NY-3 2024: Congress 70 to 80 days",
			v: Vacancy{Office: "Representative in Congress", Class: USRepresentative, District: "3", Cause: Removal,
				EventDate: ymd(2023, 12, 1), ProclamationDate: ymd(2023, 12, 5), SpecialElectionDate: ymd(2024, 2, 13)},
			earliest: ymd(2024, 2, 13), latest: ymd(2024, 2, 23), edition: "E4",
			rows: []want{{"special_party_nomination_certificate", ymd(2023, 12, 15), ymd(2023, 12, 15)}},
		},
		{
			// 30th Senate District, 2021: Brian Benjamin became lieutenant
			// governor on Sep 9; the governor proclaimed on Sep 18 the
			// special for Election Day, Nov 2 (press, 2021-09-18): R + 45,
			// inside E3's 40 to 50 (Sep 30 is +12, Oct 28 +40, Nov 7 +50).
			// Party certificate R + 10 = Tue Sep 28.
			name: "SD-30 2021: E3's 40 to 50 days",
			v: Vacancy{Office: "State Senator", Class: StateSenator, District: "30", Cause: Resignation,
				EventDate: ymd(2021, 9, 9), ProclamationDate: ymd(2021, 9, 18), SpecialElectionDate: ymd(2021, 11, 2)},
			earliest: ymd(2021, 10, 28), latest: ymd(2021, 11, 7), edition: "E3",
			rows: []want{{"special_party_nomination_certificate", ymd(2021, 9, 28), ymd(2021, 9, 28)}},
		},
		{
			// Eleven Senate and Assembly seats, 2018: proclaimed Feb 6 for
			// Apr 24 (press, 2018-02-06): R + 77 inside E1's 70 to 80 (Feb
			// 28 is +22, Mar 31 +53, Apr 17 +70, Apr 27 +80). Party
			// certificate R + 10 = Fri Feb 16.
			name: "the 2018 specials: E1's 70 to 80 days",
			v: Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, Cause: Resignation,
				EventDate: ymd(2018, 1, 10), ProclamationDate: ymd(2018, 2, 6), SpecialElectionDate: ymd(2018, 4, 24)},
			earliest: ymd(2018, 4, 17), latest: ymd(2018, 4, 27), edition: "E1",
			rows: []want{{"special_party_nomination_certificate", ymd(2018, 2, 16), ymd(2018, 2, 16)}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := computeNY(c.v, c.v.ProclamationDate)
			if r.SpecialEarliest != c.earliest || r.SpecialLatest != c.latest {
				t.Errorf("window %s … %s, want %s … %s", r.SpecialEarliest, r.SpecialLatest, c.earliest, c.latest)
			}
			inside := !c.v.SpecialElectionDate.Before(c.earliest) && !c.v.SpecialElectionDate.After(c.latest)
			if _, bad := conflictOf(r, "SPECIAL_WINDOW"); bad == inside {
				t.Errorf("SPECIAL_WINDOW = %v for an election %s the window (%s)", bad, map[bool]string{true: "inside", false: "outside"}[inside], r.ConflictCodes())
			}
			if r.LawEdition != c.edition {
				t.Errorf("law_edition %q, want %s", r.LawEdition, c.edition)
			}
			for _, w := range c.rows {
				d := deadline(t, r, w.code)
				if d.Statutory != w.statutory || d.Effective != w.effective || d.LawEdition != c.edition {
					t.Errorf("%s: %s → %s (%s), want %s → %s", w.code, d.Statutory, d.Effective, d.LawEdition, w.statutory, w.effective)
				}
			}
			if !inside && !strings.Contains(r.Explanation, "outside the window") {
				t.Errorf("the explanation does not say the date is outside the window: %q", r.Explanation)
			}
		})
	}
}

// § 3.2: the same-date proviso of L.2022 ch. 164 in one row; the batch
// check (another row's special on that day) is the pipeline's, and
// ResolvePiggyback what it calls.
func TestSameDateProviso(t *testing.T) {
	// The February 3, 2026 specials (press releases of 2025-12-16 and
	// 2026-01-02): the 74th Assembly District proclaimed Dec 15, 2025
	// (R + 50: Dec 31 is +16, Jan 31 +47, Feb 3 +50), then the 47th and
	// 61st Senate and 36th Assembly districts proclaimed Jan 2, 2026 for
	// the same day: R + 32, outside 40 to 50 but at least 30 days after.
	sd47 := Vacancy{ID: "SD-47", Office: "State Senator", Class: StateSenator, District: "47", Cause: Resignation,
		EventDate: ymd(2026, 1, 1), ProclamationDate: ymd(2026, 1, 2), SpecialElectionDate: ymd(2026, 2, 3)}
	ad74 := Vacancy{ID: "AD-74", Office: "Member of Assembly", Class: MemberOfAssembly, District: "74", Cause: Resignation,
		EventDate: ymd(2025, 12, 10), ProclamationDate: ymd(2025, 12, 15), SpecialElectionDate: ymd(2026, 2, 3)}
	t.Run("the earlier special is lawful on its own", func(t *testing.T) {
		r := computeNY(ad74, ymd(2026, 1, 1))
		if r.ConflictCodes() != "" && strings.Contains(r.ConflictCodes(), "SPECIAL_") {
			t.Errorf("conflicts %s", r.ConflictCodes())
		}
	})
	t.Run("without the earlier special in the batch: a warning", func(t *testing.T) {
		r := computeNY(sd47, ymd(2026, 1, 2))
		c, ok := conflictOf(r, "SPECIAL_PIGGYBACK")
		if !ok || c.Severity != Warning || !strings.Contains(c.Message, "none is in these inputs") {
			t.Fatalf("SPECIAL_PIGGYBACK %+v (%s)", c, r.ConflictCodes())
		}
		if _, bad := conflictOf(r, "SPECIAL_WINDOW"); bad {
			t.Error("SPECIAL_WINDOW for a day the proviso may allow")
		}
		if d, p, ok := Piggyback(&r); !ok || d != ymd(2026, 2, 3) || p != ymd(2026, 1, 2) {
			t.Errorf("Piggyback = %s %s %v", d, p, ok)
		}
		if !strings.Contains(r.Explanation, "SPECIAL_PIGGYBACK") {
			t.Errorf("explanation %q", r.Explanation)
		}
		t.Run("with it: info naming the other row", func(t *testing.T) {
			ResolvePiggyback(&r, "AD-74", ad74.ProclamationDate)
			c, _ := conflictOf(r, "SPECIAL_PIGGYBACK")
			if c.Severity != Info || !strings.Contains(c.Message, "AD-74") || !strings.Contains(c.Message, "2025-12-15") {
				t.Errorf("%+v", c)
			}
			if r.Severity() > Info || !strings.Contains(r.Explanation, "AD-74") {
				t.Errorf("severity %s, explanation %q", r.Severity(), r.Explanation)
			}
		})
	})
	for _, c := range []struct {
		name   string
		class  OfficeClass
		procl  Date
		days   int
		window bool
	}{
		{"29 days after the proclamation: too close, SPECIAL_WINDOW", StateSenator, ymd(2026, 1, 2), 29, true},
		{"55 days after: no upper limit, SPECIAL_PIGGYBACK", StateSenator, ymd(2026, 1, 2), 55, false},
		{"a town office has no proviso", OtherOffice, ymd(2026, 1, 2), 32, true},
		{"E3 had no proviso", StateSenator, ymd(2022, 1, 10), 32, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := sd47
			v.Class, v.Appointable, v.TermEnd = c.class, No, ymd(2030, 12, 31)
			v.EventDate, v.ProclamationDate = c.procl.AddDays(-1), c.procl
			v.SpecialElectionDate = c.procl.AddDays(c.days)
			r := computeNY(v, c.procl)
			_, window := conflictOf(r, "SPECIAL_WINDOW")
			_, piggy := conflictOf(r, "SPECIAL_PIGGYBACK")
			if window != c.window || piggy == c.window {
				t.Errorf("SPECIAL_WINDOW %v SPECIAL_PIGGYBACK %v (%s)", window, piggy, r.ConflictCodes())
			}
		})
	}
}

// § 3.2: the ten-day duty, keyed on the vacancy date.
func TestDutyToProclaim(t *testing.T) {
	t.Run("from L.2021 ch. 320: V + 10, never rolled over", func(t *testing.T) {
		// SD-30 2021: vacant Sep 9; V + 10 = Sun Sep 19, the governor's
		// act: not moved, the row's verify mark says it is a reading. The
		// proclamation of Sep 18 is within the ten days: the duty is met.
		r := computeNY(Vacancy{Office: "State Senator", Class: StateSenator, Cause: Resignation, EventDate: ymd(2021, 9, 9),
			ProclamationDate: ymd(2021, 9, 18), SpecialElectionDate: ymd(2021, 11, 2)}, ymd(2021, 9, 10))
		d := deadline(t, r, "proclamation_deadline")
		if !d.Applies || d.Statutory != ymd(2021, 9, 19) || d.Effective != ymd(2021, 9, 19) || d.RolledOver {
			t.Errorf("%+v", d)
		}
		if !strings.Contains(d.Verify, "rolled over") {
			t.Errorf("verify %q", d.Verify)
		}
		if d.Status != Met || d.Actionable() {
			t.Errorf("status %q, actionable %v: the proclamation of 2021-09-18 meets the duty", d.Status, d.Actionable())
		}
		if c, ok := conflictOf(r, "NEEDS_REVIEW"); ok && strings.Contains(c.Field, "proclamation_deadline") {
			t.Errorf("a review line for the duty's date: %+v", c)
		}
		if _, late := conflictOf(r, "PROCLAMATION_LATE"); late {
			t.Error("PROCLAMATION_LATE for a proclamation on day 9")
		}
	})
	t.Run("a proclamation after the ten days: PROCLAMATION_LATE, a warning", func(t *testing.T) {
		// V Mar 1, 2025: due Mar 11; proclaimed Mar 15.
		r := computeNY(Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, Cause: Death, EventDate: ymd(2025, 3, 1),
			ProclamationDate: ymd(2025, 3, 15), SpecialElectionDate: ymd(2025, 4, 29)}, ymd(2025, 3, 1))
		c, ok := conflictOf(r, "PROCLAMATION_LATE")
		if !ok || c.Severity != Warning || !strings.Contains(c.Message, "2025-03-11") {
			t.Errorf("%+v", c)
		}
	})
	t.Run("a vacancy before L.2021 ch. 320 has no duty, even proclaimed later", func(t *testing.T) {
		// V Jul 20, 2021 (E2), R Aug 5, 2021 (E3): the duty is keyed on
		// V, the window on R: E3's 40 to 50 days (Aug 31 is +26, Sep 14
		// +40, Sep 24 +50). EDITION_STRADDLE names both.
		r := computeNY(Vacancy{Office: "State Senator", Class: StateSenator, Cause: Resignation, EventDate: ymd(2021, 7, 20),
			ProclamationDate: ymd(2021, 8, 5), SpecialElectionDate: ymd(2021, 9, 14)}, ymd(2021, 8, 1))
		d := deadline(t, r, "proclamation_deadline")
		if d.Applies || !strings.Contains(d.Reason, "discretionary") || d.LawEdition != "E2" {
			t.Errorf("%+v", d)
		}
		if r.SpecialEarliest != ymd(2021, 9, 14) || r.SpecialLatest != ymd(2021, 9, 24) {
			t.Errorf("window %s … %s", r.SpecialEarliest, r.SpecialLatest)
		}
		c, ok := conflictOf(r, "EDITION_STRADDLE")
		if !ok || c.Severity != Info || !strings.Contains(c.Message, "E2") || !strings.Contains(c.Message, "E3") {
			t.Errorf("EDITION_STRADDLE %+v", c)
		}
		if r.LawEdition != "E2+E3" {
			t.Errorf("law_edition %q", r.LawEdition)
		}
		if _, late := conflictOf(r, "PROCLAMATION_LATE"); late {
			t.Error("PROCLAMATION_LATE without a duty")
		}
	})
	t.Run("without a proclamation: the window from the vacancy", func(t *testing.T) {
		// V Mar 1, 2025: earliest V + 40 = Apr 10; latest V + 10 + 50 =
		// Apr 30 (Mar 31 is +30).
		r := computeNY(Vacancy{Office: "State Senator", Class: StateSenator, Cause: Death, EventDate: ymd(2025, 3, 1)}, ymd(2025, 3, 2))
		if r.Method != SpecialOrGeneral || r.SpecialEarliest != ymd(2025, 4, 10) || r.SpecialLatest != ymd(2025, 4, 30) {
			t.Errorf("%s %s … %s", r.Method, r.SpecialEarliest, r.SpecialLatest)
		}
		if !strings.Contains(r.Explanation, "must proclaim a special election by 2025-03-11") {
			t.Errorf("explanation %q", r.Explanation)
		}
		if r.NextDeadline != "proclamation_deadline" || r.NextDeadlineDate != ymd(2025, 3, 11) {
			t.Errorf("next %s %s", r.NextDeadline, r.NextDeadlineDate)
		}
	})
	t.Run("a board's failure to fill (§ 42(5)) has no duty", func(t *testing.T) {
		r := computeNY(Vacancy{Office: "Town Justice", Cause: BoardTie, EventDate: ymd(2025, 3, 1), TermEnd: ymd(2027, 12, 31)}, ymd(2025, 3, 2))
		d := deadline(t, r, "proclamation_deadline")
		if d.Applies || !strings.Contains(d.Reason, "§ 42(5)") || !r.SpecialEarliest.IsZero() {
			t.Errorf("%+v, earliest %s", d, r.SpecialEarliest)
		}
		if c, ok := conflictOf(r, "NEEDS_REVIEW"); !ok || !strings.Contains(c.Message, "§ 42(5)") {
			t.Errorf("NEEDS_REVIEW %+v", c)
		}
	})
}

// docs/LAW.md, "Editions": E4 is in force from
// 2022-03-25 (inferred: the Senate published ch. 164's words in Elec. Law
// §§ 4-112 and 10-108 that day); a proclamation from 2022-01-12 to
// 2022-03-24 gets both the E3 and the E4 result, with NEEDS_REVIEW
// (warning).
func TestE4FirstDay(t *testing.T) {
	doubt := func(r Result) (Conflict, bool) {
		for _, x := range r.Conflicts {
			if x.Code == "NEEDS_REVIEW" && x.Severity == Warning {
				return x, true
			}
		}
		return Conflict{}, false
	}
	town := func(v, p, s Date) Result {
		return computeNY(Vacancy{Office: "Town Justice", Cause: FailureToElect, EventDate: v, TermEnd: ymd(2025, 12, 31),
			ProclamationDate: p, SpecialElectionDate: s}, p)
	}
	for _, c := range []struct {
		name        string
		proclaimed  Date
		edition     string
		first, last Date // the window of the edition in force
		both        []string
	}{
		// Mar 24 is E3's last day: 40 to 50 days (Mar 31 is +7, Apr 30
		// +37): May 3 … May 13; under E4 a town office gets 70 to 80
		// (May 24 is +61): Jun 2 … Jun 12.
		{"the day before", ymd(2022, 3, 24), "E3", ymd(2022, 5, 3), ymd(2022, 5, 13),
			[]string{"E4", "2022-03-25", "inferred", "from 2022-01-12", "2022-05-03 to 2022-05-13", "2022-06-02 to 2022-06-12"}},
		// Inside the stretch, Feb 15: E3 Mar 27 … Apr 6 (Feb 28 is +13,
		// Mar 27 +40); E4 Apr 26 … May 6 (Apr 26 is +70).
		{"inside the stretch", ymd(2022, 2, 15), "E3", ymd(2022, 3, 27), ymd(2022, 4, 6),
			[]string{"2022-03-27 to 2022-04-06", "2022-04-26 to 2022-05-06"}},
		// Mar 25, E4's first day: 70 to 80 days, Jun 3 … Jun 13; no doubt.
		{"the first day", ymd(2022, 3, 25), "E4", ymd(2022, 6, 3), ymd(2022, 6, 13), nil},
		// Jan 11, the day before the stretch: E3 and no doubt (Jan 31 is
		// +20, Feb 20 +40): Feb 20 … Mar 2.
		{"before the stretch", ymd(2022, 1, 11), "E3", ymd(2022, 2, 20), ymd(2022, 3, 2), nil},
	} {
		r := town(c.proclaimed.AddDays(-3), c.proclaimed, Date{})
		if r.SpecialEarliest != c.first || r.SpecialLatest != c.last {
			t.Errorf("%s (%s): window %s … %s, want %s … %s", c.name, c.proclaimed, r.SpecialEarliest, r.SpecialLatest, c.first, c.last)
		}
		if !strings.Contains(r.LawEdition, c.edition) {
			t.Errorf("%s: law_edition %s, want %s", c.name, r.LawEdition, c.edition)
		}
		x, ok := doubt(r)
		if ok != (c.both != nil) {
			t.Errorf("%s: NEEDS_REVIEW warning %v (%q)", c.name, ok, x.Message)
		}
		for _, s := range c.both {
			if !strings.Contains(x.Message, s) {
				t.Errorf("%s: NEEDS_REVIEW lacks %q: %q", c.name, s, x.Message)
			}
		}
	}
	// The edition is picked by the day alone.
	if id := nylaw.NewYork.EditionAt(ymd(2022, 3, 24)).ID; id != "E3" {
		t.Errorf("2022-03-24: %s", id)
	}
	if id := nylaw.NewYork.EditionAt(ymd(2022, 3, 25)).ID; id != "E4" {
		t.Errorf("2022-03-25: %s", id)
	}
}

// § 3.1: § 42(1) from L.2019 ch. 5, "three months before the general
// election": C(2026) = Nov 3 − 3 months = Aug 3; C(2027) = Aug 2;
// C(2020) = Nov 3 − 3 months = Aug 3; C(2021) = Nov 2 − 3 months = Aug 2.
// Under E2 and E3 a vacancy a day either side of the cut-off, or on it,
// gets NEEDS_REVIEW (the boundary is a reading of the words). Under E4
// the state board's 2026 political calendar (revised 2025-12-09) prints
// the cut-off on 2026-08-03 citing § 6-158(14) ("A vacancy occurring
// three (3) months before a General Election … authorized to be filled
// at a General Election"): the reading is corroborated, no review.
func TestThreeMonthsRule(t *testing.T) {
	cases := []struct {
		vacancy Date
		filled  Date
		after   bool // AFTER_THREE_MONTHS
		review  bool // NEEDS_REVIEW on the boundary
	}{
		{ymd(2020, 8, 2), ymd(2020, 11, 3), false, true},
		{ymd(2020, 8, 3), ymd(2020, 11, 3), false, true},
		{ymd(2020, 8, 4), ymd(2021, 11, 2), true, true},
		{ymd(2020, 8, 5), ymd(2021, 11, 2), true, false},
		{ymd(2021, 8, 2), ymd(2021, 11, 2), false, true},
		{ymd(2021, 8, 3), ymd(2022, 11, 8), true, true},
		{ymd(2026, 7, 31), ymd(2026, 11, 3), false, false},
		{ymd(2026, 8, 2), ymd(2026, 11, 3), false, false},
		{ymd(2026, 8, 3), ymd(2026, 11, 3), false, false},
		{ymd(2026, 8, 4), ymd(2027, 11, 2), true, false},
		{ymd(2026, 8, 5), ymd(2027, 11, 2), true, false},
		{ymd(2027, 8, 2), ymd(2027, 11, 2), false, false},
		{ymd(2027, 8, 3), ymd(2028, 11, 7), true, false},
		// The seed's September 20 rule ends with E1: a vacancy of
		// September 19, 2026 is long past three months.
		{ymd(2026, 9, 19), ymd(2027, 11, 2), true, false},
	}
	for _, c := range cases {
		t.Run("vacancy on "+c.vacancy.String(), func(t *testing.T) {
			r := computeNY(Vacancy{Office: "Town Supervisor", Cause: Death, EventDate: c.vacancy}, c.vacancy)
			if r.FillingElection != c.filled {
				t.Errorf("filled at %s, want %s", r.FillingElection, c.filled)
			}
			a, after := conflictOf(r, "AFTER_THREE_MONTHS")
			if after != c.after || (after && (a.Severity != Info || a.Citation != "Pub. Off. Law § 42(1)")) {
				t.Errorf("AFTER_THREE_MONTHS %+v", a)
			}
			if _, old := conflictOf(r, "AFTER_SEPT_20"); old {
				t.Error("AFTER_SEPT_20 under the June-era law")
			}
			rv, review := conflictOf(r, "NEEDS_REVIEW")
			if review := review && strings.Contains(rv.Message, "three months"); review != c.review {
				t.Errorf("NEEDS_REVIEW on the boundary = %v (%q)", review, rv.Message)
			}
			// explain names the calendar that corroborates the cut-off
			// under E4, and only there.
			named := false
			for _, s := range r.Steps {
				named = named || (strings.Contains(s.Text, "Elec. Law § 6-158(14)") && strings.Contains(s.Text, "corroborated by the state board's 2026 political calendar"))
			}
			if named != (c.vacancy.Year >= 2026) {
				t.Errorf("the § 42(1) step names the board's calendar: %v", named)
			}
		})
	}
	t.Run("the calendar prints the cut-off", func(t *testing.T) {
		for y, want := range map[int]Date{2026: ymd(2026, 8, 3), 2027: ymd(2027, 8, 2)} {
			it := calendarOf(t, y, CalendarOptions{})["vacancy_cutoff_42_1"]
			if it.Statutory != want || it.Effective != want || it.Citation != "Pub. Off. Law § 42(1)" {
				t.Errorf("%d: %+v", y, it)
			}
		}
		if _, ok := calendarOf(t, 2018, CalendarOptions{})["vacancy_cutoff_42_1"]; ok {
			t.Error("2018 has no three-months cut-off")
		}
	})
	t.Run("a vacancy before L.2019 ch. 5 keeps the September 20 rule, 2019's calendar the June primary", func(t *testing.T) {
		// V Jan 10, 2019 (E1): before September 20 → G(2019) = Nov 5. The
		// regular calendar of 2019 is the edition in force on February 1
		// (E2): the June 25 primary, designating petitions Apr 1 … Apr 4
		// (the state board's 2019 calendar; first day to sign Feb 26 =
		// Apr 4 − 37).
		r := computeNY(Vacancy{Office: "Town Supervisor", Cause: Death, EventDate: ymd(2019, 1, 10)}, ymd(2019, 1, 10))
		if r.FillingElection != ymd(2019, 11, 5) || r.LawEdition != "E1+E2" {
			t.Errorf("filled %s (%s)", r.FillingElection, r.LawEdition)
		}
		if d := deadline(t, r, "designating_petition"); d.WindowStart != ymd(2019, 4, 1) || d.Effective != ymd(2019, 4, 4) || d.LawEdition != "E2" {
			t.Errorf("%+v", d)
		}
		if d := deadline(t, r, "designating_signing_start"); d.WindowStart != ymd(2019, 2, 26) {
			t.Errorf("%+v", d)
		}
	})
}

// § 3.3: § 42(4)(c) from L.2021 ch. 320, keyed on the vacancy date.
func TestSection42_4c(t *testing.T) {
	// A town clerk's term ends Dec 31, 2027: its last year is 2027 (the
	// last general election before the end, Nov 2, 2027).
	base := Vacancy{Office: "Town Clerk", Cause: Resignation, Appointable: No, TermEnd: ymd(2027, 12, 31)}
	cases := []struct {
		name    string
		v       func(Vacancy) Vacancy
		method  Method
		barred  bool
		severe  Severity
		needsIn bool
	}{
		{"March 31 of the last year: a special election is possible", func(v Vacancy) Vacancy { v.EventDate = ymd(2027, 3, 31); return v }, SpecialOrGeneral, false, 0, false},
		{"April 1 of the last year: the general election fills it", func(v Vacancy) Vacancy { v.EventDate = ymd(2027, 4, 1); return v }, GeneralElection, true, Info, false},
		{"proclaimed anyway: an error", func(v Vacancy) Vacancy {
			v.EventDate, v.ProclamationDate, v.SpecialElectionDate = ymd(2027, 4, 1), ymd(2027, 4, 5), ymd(2027, 6, 15)
			return v
		}, GeneralElection, true, Error, false},
		{"without term_end: NEEDS_INPUT, still special_or_general", func(v Vacancy) Vacancy {
			v.EventDate, v.TermEnd = ymd(2027, 4, 1), Date{}
			return v
		}, SpecialOrGeneral, false, 0, true},
		{"a board's failure to fill is § 42(5), not (c)", func(v Vacancy) Vacancy {
			v.EventDate, v.Cause, v.Appointable = ymd(2027, 4, 5), BoardTie, Unknown
			return v
		}, SpecialOrGeneral, false, 0, false},
		{"a board tie that cannot be filled by appointment is § 42(3): barred", func(v Vacancy) Vacancy {
			v.EventDate, v.Cause = ymd(2027, 4, 5), BoardTie
			return v
		}, GeneralElection, true, Info, false},
		{"before L.2021 ch. 320 there is no (c)", func(v Vacancy) Vacancy {
			v.EventDate, v.TermEnd = ymd(2020, 4, 2), ymd(2020, 12, 31)
			return v
		}, SpecialOrGeneral, false, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := computeNY(c.v(base), ymd(2027, 1, 1))
			if r.Method != c.method {
				t.Errorf("method %s, want %s (%s)", r.Method, c.method, r.ConflictCodes())
			}
			sb, barred := conflictOf(r, "SPECIAL_BARRED")
			if barred != c.barred || (barred && (sb.Severity != c.severe || sb.Citation != "Pub. Off. Law § 42(4)(c)")) {
				t.Errorf("SPECIAL_BARRED %+v", sb)
			}
			if c.barred && r.FillingElection != ymd(2027, 11, 2) {
				t.Errorf("filled %s", r.FillingElection)
			}
			ni, needs := conflictOf(r, "NEEDS_INPUT")
			if needs != c.needsIn || (needs && ni.Field != "term_end") {
				t.Errorf("NEEDS_INPUT %+v", ni)
			}
		})
	}
}

// § 4: the June-era table in full, 2026 and 2027, and the rows around
// weekends and Memorial Day.
func TestJuneEraCalendar2026And2027(t *testing.T) {
	// 2026: P = Tue Jun 23 (June 2, 9, 16, 23); G = Tue Nov 3.
	// designating: thirteenth Monday before P (Jun 22, 15, 8, 1, May 25,
	// 18, 11, 4, Apr 27, 20, 13, 6, Mar 30) … twelfth Thursday (Jun 18,
	// 11, 4, May 28, 21, 14, 7, Apr 30, 23, 16, 9, 2): Mar 30 … Apr 2 —
	// by the one-year act for 2026, Mar 30 … Mon Apr 6 (base Apr 2).
	// Signing from Apr 2 − 37 = Feb 24 (the act: 41 days before Apr 6,
	// also Feb 24). Acceptance Apr 6 + 4 = Fri Apr 10 (base Apr 6);
	// filling Apr 14 (base Apr 10). Opportunity to ballot: eleventh
	// Thursday Apr 9; after a declination the tenth, Apr 16. Judicial
	// convention: first Monday of August Aug 3 → Thu Aug 6 … Wed Aug 12;
	// certificate Thu Aug 13. Party certificate P + 30 = Thu Jul 23; +3 =
	// Sun Jul 26 → Mon Jul 27; +4 = Fri Jul 31. Independent: G − 24 weeks
	// = Tue May 19 … G − 23 weeks = Tue May 26 (Nov 3 → Jun 3 is 153
	// days back, 8 more); signing from May 26 − 42 = Tue Apr 14;
	// acceptance the third day after the twenty-third Tuesday preceding G
	// (May 26) = Fri May 29; filling the sixth = Mon Jun 1.
	t.Run("2026", func(t *testing.T) {
		checkCalendar(t, calendarOf(t, 2026, CalendarOptions{}), []row{
			{"primary", Date{}, ymd(2026, 6, 23), ymd(2026, 6, 23), Date{}, "E4"},
			{"general", Date{}, ymd(2026, 11, 3), ymd(2026, 11, 3), Date{}, "E4"},
			{"vacancy_cutoff_42_1", Date{}, ymd(2026, 8, 3), ymd(2026, 8, 3), Date{}, "E4"},
			{"designating_petition", ymd(2026, 3, 30), ymd(2026, 4, 6), ymd(2026, 4, 6), ymd(2026, 4, 2), "E4+T2026"},
			{"designating_signing_start", ymd(2026, 2, 24), ymd(2026, 4, 6), ymd(2026, 4, 6), ymd(2026, 4, 2), "E4+T2026"},
			{"designation_accept_decline", Date{}, ymd(2026, 4, 10), ymd(2026, 4, 10), ymd(2026, 4, 6), "E4+T2026"},
			{"designation_vacancy_declination", Date{}, ymd(2026, 4, 14), ymd(2026, 4, 14), ymd(2026, 4, 10), "E4+T2026"},
			{"opportunity_to_ballot", Date{}, ymd(2026, 4, 9), ymd(2026, 4, 9), Date{}, "E4"},
			{"opportunity_to_ballot_after_declination", Date{}, ymd(2026, 4, 16), ymd(2026, 4, 16), Date{}, "E4"},
			{"judicial_convention", ymd(2026, 8, 6), ymd(2026, 8, 12), ymd(2026, 8, 12), Date{}, "E4"},
			{"judicial_convention_certificate", Date{}, ymd(2026, 8, 13), ymd(2026, 8, 13), Date{}, "E4"},
			{"party_nomination_certificate", Date{}, ymd(2026, 7, 23), ymd(2026, 7, 23), Date{}, "E4"},
			{"party_nomination_accept_decline", Date{}, ymd(2026, 7, 26), ymd(2026, 7, 27), Date{}, "E4"},
			{"party_nomination_vacancy_declination", Date{}, ymd(2026, 7, 31), ymd(2026, 7, 31), Date{}, "E4"},
			{"independent_petition", ymd(2026, 5, 19), ymd(2026, 5, 26), ymd(2026, 5, 26), Date{}, "E4"},
			{"independent_signing_start", ymd(2026, 4, 14), ymd(2026, 5, 26), ymd(2026, 5, 26), Date{}, "E4"},
			{"independent_accept_decline", Date{}, ymd(2026, 5, 29), ymd(2026, 5, 29), Date{}, "E4"},
			{"independent_vacancy_declination", Date{}, ymd(2026, 6, 1), ymd(2026, 6, 1), Date{}, "E4"},
		})
	})
	// 2027: P = Tue Jun 22 (June 1, 8, 15, 22); G = Tue Nov 2.
	// designating: Mondays Jun 21, 14, 7, May 31, 24, 17, 10, 3, Apr 26,
	// 19, 12, 5, Mar 29 → Mar 29; Thursdays Jun 17, 10, 3, May 27, 20, 13,
	// 6, Apr 29, 22, 15, 8, 1 → Apr 1 (no one-year act). Signing from
	// Apr 1 − 37 = Tue Feb 23. Acceptance Mon Apr 5, filling Fri Apr 9.
	// Opportunity to ballot Apr 8, after a declination Apr 15.
	// Convention: Aug 2 is the first Monday → Thu Aug 5 … Wed Aug 11,
	// certificate Thu Aug 12. Party certificate Jun 22 + 30 = Thu Jul 22;
	// +3 = Sun Jul 25 → Mon Jul 26; +4 = Fri Jul 30. Independent: G − 24
	// weeks = Tue May 18 … G − 23 weeks = Tue May 25; signing from Tue
	// Apr 13; acceptance Fri May 28; filling May 31 — Memorial Day (the
	// last Monday of May) → Tue Jun 1.
	t.Run("2027", func(t *testing.T) {
		checkCalendar(t, calendarOf(t, 2027, CalendarOptions{}), []row{
			{"primary", Date{}, ymd(2027, 6, 22), ymd(2027, 6, 22), Date{}, "E4"},
			{"general", Date{}, ymd(2027, 11, 2), ymd(2027, 11, 2), Date{}, "E4"},
			{"vacancy_cutoff_42_1", Date{}, ymd(2027, 8, 2), ymd(2027, 8, 2), Date{}, "E4"},
			{"designating_petition", ymd(2027, 3, 29), ymd(2027, 4, 1), ymd(2027, 4, 1), Date{}, "E4"},
			{"designating_signing_start", ymd(2027, 2, 23), ymd(2027, 4, 1), ymd(2027, 4, 1), Date{}, "E4"},
			{"designation_accept_decline", Date{}, ymd(2027, 4, 5), ymd(2027, 4, 5), Date{}, "E4"},
			{"designation_vacancy_declination", Date{}, ymd(2027, 4, 9), ymd(2027, 4, 9), Date{}, "E4"},
			{"opportunity_to_ballot", Date{}, ymd(2027, 4, 8), ymd(2027, 4, 8), Date{}, "E4"},
			{"opportunity_to_ballot_after_declination", Date{}, ymd(2027, 4, 15), ymd(2027, 4, 15), Date{}, "E4"},
			{"judicial_convention", ymd(2027, 8, 5), ymd(2027, 8, 11), ymd(2027, 8, 11), Date{}, "E4"},
			{"judicial_convention_certificate", Date{}, ymd(2027, 8, 12), ymd(2027, 8, 12), Date{}, "E4"},
			{"party_nomination_certificate", Date{}, ymd(2027, 7, 22), ymd(2027, 7, 22), Date{}, "E4"},
			{"party_nomination_accept_decline", Date{}, ymd(2027, 7, 25), ymd(2027, 7, 26), Date{}, "E4"},
			{"party_nomination_vacancy_declination", Date{}, ymd(2027, 7, 30), ymd(2027, 7, 30), Date{}, "E4"},
			{"independent_petition", ymd(2027, 5, 18), ymd(2027, 5, 25), ymd(2027, 5, 25), Date{}, "E4"},
			{"independent_signing_start", ymd(2027, 4, 13), ymd(2027, 5, 25), ymd(2027, 5, 25), Date{}, "E4"},
			{"independent_accept_decline", Date{}, ymd(2027, 5, 28), ymd(2027, 5, 28), Date{}, "E4"},
			{"independent_vacancy_declination", Date{}, ymd(2027, 5, 31), ymd(2027, 6, 1), Date{}, "E4"},
		})
		if _, ok := calendarOf(t, 2027, CalendarOptions{})["electors_party_certificate"]; ok {
			t.Error("an electors' certificate in a year without a presidential election")
		}
	})
	t.Run("a 2026 vacancy in a supreme court seat: the convention's rows", func(t *testing.T) {
		// Judicial accept/decline counts from the convention certificate:
		// Aug 13 + 3 = Sun Aug 16 → Mon Aug 17.
		r := computeNY(Vacancy{Office: "Justice of the Supreme Court", Class: SupremeCourtJustice, Cause: Death, EventDate: ymd(2026, 1, 10)}, Date{})
		if d := deadline(t, r, "party_nomination_accept_decline"); d.Statutory != ymd(2026, 8, 16) || d.Effective != ymd(2026, 8, 17) {
			t.Errorf("%+v", d)
		}
		for _, code := range []string{"designating_petition", "designating_signing_start", "opportunity_to_ballot_after_declination", "party_nomination_certificate"} {
			if d := deadline(t, r, code); d.Applies || !strings.Contains(d.Reason, "judicial district convention") {
				t.Errorf("%s: %+v", code, d)
			}
		}
	})
	t.Run("the electors' certificate in presidential years, rolled off a weekend", func(t *testing.T) {
		// 2020 (E2, inferred): P Jun 23 + 74 = Sat Sep 5 → Mon Sep 7 is
		// Labor Day → Tue Sep 8. 2028: P Jun 27 + 74 = Sat Sep 9 → Mon
		// Sep 11. 2024: the act's P + 73 = Fri Sep 6 (base P + 74 = Sat Sep
		// 7 → Mon Sep 9).
		checkCalendar(t, calendarOf(t, 2020, CalendarOptions{}), []row{{"electors_party_certificate", Date{}, ymd(2020, 9, 5), ymd(2020, 9, 8), Date{}, "E2"}})
		checkCalendar(t, calendarOf(t, 2028, CalendarOptions{}), []row{{"electors_party_certificate", Date{}, ymd(2028, 9, 9), ymd(2028, 9, 11), Date{}, "E4"}})
		checkCalendar(t, calendarOf(t, 2024, CalendarOptions{}), []row{{"electors_party_certificate", Date{}, ymd(2024, 9, 6), ymd(2024, 9, 6), ymd(2024, 9, 9), "E4+T2024"}})
		r := computeNY(Vacancy{Office: "Town Supervisor", Cause: Death, EventDate: ymd(2024, 1, 5)}, Date{})
		for _, d := range r.Deadlines {
			if d.Code == "electors_party_certificate" {
				t.Error("a vacancy row with the electors' certificate")
			}
		}
	})
}

// § 4's late-vacancy rules and the primary-route cut-off, June era.
func TestJuneEraLateVacancies(t *testing.T) {
	t.Run("party certificate: the later of P + 30 and V + 10", func(t *testing.T) {
		// 2026: P Jun 23, P − 7 = Jun 16, P + 30 = Jul 23.
		for _, c := range []struct {
			v    Date
			cert Date
			late bool
		}{
			{ymd(2026, 6, 16), ymd(2026, 7, 23), false}, // on P − 7: the ordinary rule
			{ymd(2026, 6, 17), ymd(2026, 7, 23), false}, // V + 10 = Jun 27 is earlier
			{ymd(2026, 7, 13), ymd(2026, 7, 23), false}, // V + 10 = Jul 23, the same day
			{ymd(2026, 7, 14), ymd(2026, 7, 24), true},  // V + 10 = Fri Jul 24 is later
		} {
			r := computeNY(Vacancy{Office: "County Clerk", Cause: Death, EventDate: c.v}, c.v)
			d := deadline(t, r, "party_nomination_certificate")
			late := false
			for _, x := range r.Conflicts {
				late = late || (x.Code == "LATE_VACANCY" && x.Field == "party_nomination_certificate")
			}
			if d.Effective != c.cert || late != c.late {
				t.Errorf("vacancy %s: certificate %s late %v, want %s %v", c.v, d.Effective, late, c.cert, c.late)
			}
			if c.late && (d.Citation != "Elec. Law § 6-158(6)(b)" || deadline(t, r, "party_nomination_accept_decline").Effective != ymd(2026, 7, 27)) {
				t.Errorf("late certificate %+v", d)
			}
		}
	})
	t.Run("independent petitions: subdivision 10 from G − 175", func(t *testing.T) {
		// 2026: last day May 26 (G − 161); V > May 12 is late.
		r := computeNY(Vacancy{Office: "Village Trustee", Cause: Resignation, EventDate: ymd(2026, 5, 12)}, Date{})
		if d := deadline(t, r, "independent_petition"); d.WindowStart != ymd(2026, 5, 19) || d.Effective != ymd(2026, 5, 26) {
			t.Errorf("on May 12: %+v", d)
		}
		// May 13: May 13 … Wed May 27; signing from the later of V and
		// May 27 − 42 = Apr 15: May 13; acceptance May 29; filling Sun
		// May 31 → Mon Jun 1.
		r = computeNY(Vacancy{Office: "Village Trustee", Cause: Resignation, EventDate: ymd(2026, 5, 13)}, Date{})
		if d := deadline(t, r, "independent_petition"); d.WindowStart != ymd(2026, 5, 13) || d.Effective != ymd(2026, 5, 27) || d.Citation != "Elec. Law § 6-158(10)" {
			t.Errorf("on May 13: %+v", d)
		}
		if d := deadline(t, r, "independent_signing_start"); d.WindowStart != ymd(2026, 5, 13) || d.Effective != ymd(2026, 5, 27) {
			t.Errorf("signing %+v", d)
		}
		if d := deadline(t, r, "independent_accept_decline"); d.Effective != ymd(2026, 5, 29) {
			t.Errorf("acceptance %+v", d)
		}
		if d := deadline(t, r, "independent_vacancy_declination"); d.Statutory != ymd(2026, 5, 31) || d.Effective != ymd(2026, 6, 1) {
			t.Errorf("filling %+v", d)
		}
		if d := deadline(t, r, "independent_petition"); d.Verify == "" || !strings.Contains(d.Citation, "6-158(10)") {
			t.Errorf("verify %q on a row citing %s, want a mark on § 6-158(10)'s row", d.Verify, d.Citation)
		}
		if _, ok := conflictOf(r, "NEEDS_REVIEW"); ok {
			t.Error("a review line for a deadline's date: the row's verify mark says it")
		}
	})
	t.Run("2020's own last day decides subdivision 10", func(t *testing.T) {
		// T2020: independent petitions due Jul 30; V > Jul 16 is late.
		r := computeNY(Vacancy{Office: "Village Trustee", Cause: Resignation, EventDate: ymd(2020, 7, 16)}, Date{})
		if d := deadline(t, r, "independent_petition"); d.Effective != ymd(2020, 7, 30) {
			t.Errorf("on Jul 16: %+v", d)
		}
		r = computeNY(Vacancy{Office: "Village Trustee", Cause: Resignation, EventDate: ymd(2020, 7, 17)}, Date{})
		if d := deadline(t, r, "independent_petition"); d.WindowStart != ymd(2020, 7, 17) || d.Effective != ymd(2020, 7, 31) {
			t.Errorf("on Jul 17: %+v", d)
		}
	})
	t.Run("the primary route: seven days before the effective last day", func(t *testing.T) {
		for _, c := range []struct {
			v       Date
			applies bool
		}{
			// 2026: Apr 6 (T2026) − 7 = Mar 30. 2027: Apr 1 − 7 = Mar 25.
			{ymd(2026, 3, 30), true}, {ymd(2026, 3, 31), false},
			{ymd(2027, 3, 25), true}, {ymd(2027, 3, 26), false},
		} {
			r := computeNY(Vacancy{Office: "Town Clerk", Cause: Resignation, EventDate: c.v}, c.v)
			for _, code := range []string{"designating_petition", "designating_signing_start", "designation_accept_decline", "opportunity_to_ballot_after_declination"} {
				if d := deadline(t, r, code); d.Applies != c.applies {
					t.Errorf("vacancy %s: %s applies %v", c.v, code, d.Applies)
				}
			}
		}
	})
}

// § 5: every one-year act, and --base for each.
func TestOneYearActs(t *testing.T) {
	t.Run("2020", func(t *testing.T) {
		// T2020: designating petitions due Fri Mar 20 (opening unsourced:
		// blank, and the formula's Mar 30 would fall after it);
		// acceptance Mar 24; filling Mar 24 + 4 = Sat Mar 28 → Mon Mar 30;
		// independent Jul 27 … Jul 30, acceptance Aug 3, filling Aug 3 + 3
		// = Thu Aug 6. The signing starts count from the act's dates: blank.
		got := calendarOf(t, 2020, CalendarOptions{})
		// Base: P Jun 23, 2020: Mondays back to Mar 30 (13th), Thursdays to
		// Apr 2 (12th); G Nov 3 − 23 weeks = May 26, − 24 weeks = May 19;
		// acceptance Apr 6, filling Apr 10; independent acceptance May 29
		// (Fri), filling Jun 1 (Mon).
		checkCalendar(t, got, []row{
			{"presidential_primary", Date{}, ymd(2020, 6, 23), ymd(2020, 6, 23), Date{}, "E2+T2020"},
			{"designating_petition", Date{}, ymd(2020, 3, 20), ymd(2020, 3, 20), ymd(2020, 4, 2), "E2+T2020"},
			{"designating_signing_start", Date{}, ymd(2020, 3, 20), ymd(2020, 3, 20), ymd(2020, 4, 2), "E2+T2020"},
			{"designation_accept_decline", Date{}, ymd(2020, 3, 24), ymd(2020, 3, 24), ymd(2020, 4, 6), "E2+T2020"},
			{"designation_vacancy_declination", Date{}, ymd(2020, 3, 28), ymd(2020, 3, 30), ymd(2020, 4, 10), "E2+T2020"},
			{"independent_petition", ymd(2020, 7, 27), ymd(2020, 7, 30), ymd(2020, 7, 30), ymd(2020, 5, 26), "E2+T2020"},
			{"independent_signing_start", Date{}, ymd(2020, 7, 30), ymd(2020, 7, 30), ymd(2020, 5, 26), "E2+T2020"},
			{"independent_accept_decline", Date{}, ymd(2020, 8, 3), ymd(2020, 8, 3), ymd(2020, 5, 29), "E2+T2020"},
			{"independent_vacancy_declination", Date{}, ymd(2020, 8, 6), ymd(2020, 8, 6), ymd(2020, 6, 1), "E2+T2020"},
		})
		checkCalendar(t, calendarOf(t, 2020, CalendarOptions{Base: true}), []row{
			{"designating_petition", ymd(2020, 3, 30), ymd(2020, 4, 2), ymd(2020, 4, 2), Date{}, "E2"},
			{"designating_signing_start", ymd(2020, 2, 25), ymd(2020, 4, 2), ymd(2020, 4, 2), Date{}, "E2"},
			{"independent_petition", ymd(2020, 5, 19), ymd(2020, 5, 26), ymd(2020, 5, 26), Date{}, "E2"},
		})
		if _, ok := calendarOf(t, 2020, CalendarOptions{Base: true})["presidential_primary"]; ok {
			t.Error("--base prints the act's presidential primary")
		}
		// A vacancy row of 2020: the blank openings and the unread
		// order's dates carry a verify mark on their rows.
		r := computeNY(Vacancy{Office: "Town Clerk", Cause: Death, EventDate: ymd(2020, 1, 10)}, Date{})
		for _, code := range []string{"designating_petition", "independent_vacancy_declination"} {
			if d := deadline(t, r, code); d.Verify == "" {
				t.Errorf("%s has no verify mark: %+v", code, d)
			}
		}
	})
	t.Run("2021: L.2021 ch. 22", func(t *testing.T) {
		// The Assembly's bill page and the 2021 state calendar: signing
		// from Mar 2, filing Mar 22 … Mar 25; acceptance Mon Mar 29,
		// filling Fri Apr 2. Base: P Jun 22, 2021: Mondays back to Mar 29
		// (13th), Thursdays to Apr 1 (12th); signing Apr 1 − 37 = Feb 23;
		// acceptance Mon Apr 5, filling Fri Apr 9.
		checkCalendar(t, calendarOf(t, 2021, CalendarOptions{}), []row{
			{"designating_petition", ymd(2021, 3, 22), ymd(2021, 3, 25), ymd(2021, 3, 25), ymd(2021, 4, 1), "E2+T2021"},
			{"designating_signing_start", ymd(2021, 3, 2), ymd(2021, 3, 25), ymd(2021, 3, 25), ymd(2021, 4, 1), "E2+T2021"},
			{"designation_accept_decline", Date{}, ymd(2021, 3, 29), ymd(2021, 3, 29), ymd(2021, 4, 5), "E2+T2021"},
			{"designation_vacancy_declination", Date{}, ymd(2021, 4, 2), ymd(2021, 4, 2), ymd(2021, 4, 9), "E2+T2021"},
			// The independent filling day after a declination, May 31,
			// 2021, is Memorial Day: Tue Jun 1.
			{"independent_vacancy_declination", Date{}, ymd(2021, 5, 31), ymd(2021, 6, 1), Date{}, "E2"},
		})
		checkCalendar(t, calendarOf(t, 2021, CalendarOptions{Base: true}), []row{
			{"designating_petition", ymd(2021, 3, 29), ymd(2021, 4, 1), ymd(2021, 4, 1), Date{}, "E2"},
			{"designating_signing_start", ymd(2021, 2, 23), ymd(2021, 4, 1), ymd(2021, 4, 1), Date{}, "E2"},
		})
	})
	t.Run("2022: the August primary for Congress and the State Senate", func(t *testing.T) {
		// The court order: primary Aug 23 for those two classes; signing
		// from Sat May 21 (an opening: not moved); filing Jun 8 … Jun 10;
		// acceptance Jun 13; filling Jun 15. The other primary rows
		// counted from Aug 23: opportunity to ballot, the eleventh Thursday
		// before (Aug 18, 11, 4, Jul 28, 21, 14, 7, Jun 30, 23, 16, 9) =
		// Jun 9; party certificate Aug 23 + 30 = Thu Sep 22. The statewide
		// calendar keeps Jun 28 (fourth Tuesday: Jun 7, 14, 21, 28), whose
		// designating window is Apr 4 … Apr 7 (Mondays back to Apr 4,
		// Thursdays to Apr 7).
		for _, class := range []OfficeClass{USRepresentative, StateSenator} {
			checkCalendar(t, calendarOf(t, 2022, CalendarOptions{Class: class}), []row{
				{"primary", Date{}, ymd(2022, 8, 23), ymd(2022, 8, 23), ymd(2022, 6, 28), "E3+T2022"},
				{"designating_petition", ymd(2022, 6, 8), ymd(2022, 6, 10), ymd(2022, 6, 10), ymd(2022, 4, 7), "E3+T2022"},
				{"designating_signing_start", ymd(2022, 5, 21), ymd(2022, 6, 10), ymd(2022, 6, 10), ymd(2022, 4, 7), "E3+T2022"},
				{"designation_accept_decline", Date{}, ymd(2022, 6, 13), ymd(2022, 6, 13), ymd(2022, 4, 11), "E3+T2022"},
				{"designation_vacancy_declination", Date{}, ymd(2022, 6, 15), ymd(2022, 6, 15), ymd(2022, 4, 15), "E3+T2022"},
				{"opportunity_to_ballot", Date{}, ymd(2022, 6, 9), ymd(2022, 6, 9), ymd(2022, 4, 14), "E3+T2022"},
				{"party_nomination_certificate", Date{}, ymd(2022, 9, 22), ymd(2022, 9, 22), ymd(2022, 7, 28), "E3+T2022"},
				// G Nov 8 − 23 weeks = May 31: the independent rows keep the
				// permanent formula.
				{"independent_petition", ymd(2022, 5, 24), ymd(2022, 5, 31), ymd(2022, 5, 31), Date{}, "E3"},
			})
			checkCalendar(t, calendarOf(t, 2022, CalendarOptions{Class: class, Base: true}), []row{
				{"primary", Date{}, ymd(2022, 6, 28), ymd(2022, 6, 28), Date{}, "E3"},
				{"designating_petition", ymd(2022, 4, 4), ymd(2022, 4, 7), ymd(2022, 4, 7), Date{}, "E3"},
			})
		}
		for _, class := range []OfficeClass{"", MemberOfAssembly, USSenator} {
			checkCalendar(t, calendarOf(t, 2022, CalendarOptions{Class: class}), []row{
				{"primary", Date{}, ymd(2022, 6, 28), ymd(2022, 6, 28), Date{}, "E3"},
				{"designating_petition", ymd(2022, 4, 4), ymd(2022, 4, 7), ymd(2022, 4, 7), Date{}, "E3"},
			})
		}
		// A State Senate vacancy of early 2022 is computed on its class's
		// calendar.
		r := computeNY(Vacancy{Office: "State Senator", Class: StateSenator, Cause: Death, EventDate: ymd(2022, 1, 5), TermEnd: ymd(2022, 12, 31)}, Date{})
		if d := deadline(t, r, "designating_petition"); d.Effective != ymd(2022, 6, 10) || d.LawEdition != "E3+T2022" {
			t.Errorf("%+v", d)
		}
		if r.LawEdition != "E3+T2022" {
			t.Errorf("law_edition %q", r.LawEdition)
		}
	})
	t.Run("2023: L.2023 ch. 120", func(t *testing.T) {
		// The bill: the thirteenth Monday … the twelfth Monday preceding
		// the Jun 27 primary (Mondays Jun 26, 19, 12, 5, May 29, 22, 15, 8,
		// 1, Apr 24, 17, 10, 3): Apr 3 … Apr 10; signatures from 41 days
		// before Apr 10 = Feb 28; acceptance Apr 14, filling Apr 18. Base:
		// the twelfth Thursday Apr 6; signing Feb 28; Apr 10, Apr 14.
		checkCalendar(t, calendarOf(t, 2023, CalendarOptions{}), []row{
			{"designating_petition", ymd(2023, 4, 3), ymd(2023, 4, 10), ymd(2023, 4, 10), ymd(2023, 4, 6), "E4+T2023"},
			{"designating_signing_start", ymd(2023, 2, 28), ymd(2023, 4, 10), ymd(2023, 4, 10), ymd(2023, 4, 6), "E4+T2023"},
			{"designation_accept_decline", Date{}, ymd(2023, 4, 14), ymd(2023, 4, 14), ymd(2023, 4, 10), "E4+T2023"},
			{"designation_vacancy_declination", Date{}, ymd(2023, 4, 18), ymd(2023, 4, 18), ymd(2023, 4, 14), "E4+T2023"},
		})
		checkCalendar(t, calendarOf(t, 2023, CalendarOptions{Base: true}), []row{
			{"designating_petition", ymd(2023, 4, 3), ymd(2023, 4, 6), ymd(2023, 4, 6), Date{}, "E4"},
			{"designating_signing_start", ymd(2023, 2, 28), ymd(2023, 4, 6), ymd(2023, 4, 6), Date{}, "E4"},
		})
	})
	t.Run("2024: L.2023 ch. 474, L.2024 ch. 93", func(t *testing.T) {
		// The presidential primary Apr 2; its designating petitions Jan 8 …
		// Jan 18 (§ 6-158(1-b)). For Congress, signatures from Feb 29
		// (L.2024 ch. 93); everyone else's from Apr 4 − 37 = Feb 27 (P Jun
		// 25; twelfth Thursday Apr 4).
		got := calendarOf(t, 2024, CalendarOptions{})
		checkCalendar(t, got, []row{
			{"presidential_primary", Date{}, ymd(2024, 4, 2), ymd(2024, 4, 2), Date{}, "E4+T2024"},
			{"presidential_designating_petition", Date{}, ymd(2024, 1, 18), ymd(2024, 1, 18), Date{}, "E4+T2024"},
			{"designating_signing_start", ymd(2024, 2, 27), ymd(2024, 4, 4), ymd(2024, 4, 4), Date{}, "E4"},
		})
		checkCalendar(t, calendarOf(t, 2024, CalendarOptions{Class: USRepresentative}), []row{
			{"designating_signing_start", ymd(2024, 2, 29), ymd(2024, 4, 4), ymd(2024, 4, 4), ymd(2024, 4, 4), "E4+T2024"},
			// Mondays back from Jun 24 to the thirteenth: Apr 1.
			{"designating_petition", ymd(2024, 4, 1), ymd(2024, 4, 4), ymd(2024, 4, 4), Date{}, "E4"},
		})
		checkCalendar(t, calendarOf(t, 2024, CalendarOptions{Class: USRepresentative, Base: true}), []row{
			{"designating_signing_start", ymd(2024, 2, 27), ymd(2024, 4, 4), ymd(2024, 4, 4), Date{}, "E4"},
		})
		if _, ok := calendarOf(t, 2024, CalendarOptions{Base: true})["presidential_primary"]; ok {
			t.Error("--base prints the act's presidential primary")
		}
	})
	t.Run("2026: the Passover act", func(t *testing.T) {
		checkCalendar(t, calendarOf(t, 2026, CalendarOptions{Base: true}), []row{
			{"designating_petition", ymd(2026, 3, 30), ymd(2026, 4, 2), ymd(2026, 4, 2), Date{}, "E4"},
			{"designating_signing_start", ymd(2026, 2, 24), ymd(2026, 4, 2), ymd(2026, 4, 2), Date{}, "E4"},
			{"designation_accept_decline", Date{}, ymd(2026, 4, 6), ymd(2026, 4, 6), Date{}, "E4"},
			{"designation_vacancy_declination", Date{}, ymd(2026, 4, 10), ymd(2026, 4, 10), Date{}, "E4"},
		})
		r := computeNY(Vacancy{Office: "Town Supervisor", Cause: Death, EventDate: ymd(2025, 12, 10)}, ymd(2026, 1, 5))
		if r.LawEdition != "E4+T2026" || r.NextDeadline != "designating_petition" || r.NextDeadlineDate != ymd(2026, 4, 6) {
			t.Errorf("law_edition %q next %s %s", r.LawEdition, r.NextDeadline, r.NextDeadlineDate)
		}
		if d := deadline(t, r, "designating_petition"); d.BaseDate != ymd(2026, 4, 2) || d.LawEdition != "E4+T2026" {
			t.Errorf("%+v", d)
		}
		if d := deadline(t, r, "opportunity_to_ballot"); !d.BaseDate.IsZero() || d.LawEdition != "E4" {
			t.Errorf("a row the act does not touch: %+v", d)
		}
	})
	t.Run("calendar input overrides an act, with its reason and source", func(t *testing.T) {
		cal := NewCalendar(nylaw.NewYork, []Override{{Year: 2026, Code: "designating_petition", Date: ymd(2026, 4, 7), WindowStart: ymd(2026, 3, 31),
			Reason: "a later act", Authority: "L.2026 ch. 1 (example)", Source: "cal.csv:2"}})
		var got CalendarItem
		for _, it := range YearCalendar(cal, 2026, CalendarOptions{}) {
			if it.Code == "designating_petition" {
				got = it
			}
		}
		if got.WindowStart != ymd(2026, 3, 31) || got.Effective != ymd(2026, 4, 7) || got.BaseDate != ymd(2026, 4, 2) ||
			!strings.Contains(got.Source, "cal.csv:2: a later act (L.2026 ch. 1 (example))") {
			t.Errorf("%+v", got)
		}
		// Acceptance counts from the input's day: Apr 7 + 4 = Sat Apr 11 →
		// Mon Apr 13.
		r := Compute(Vacancy{Office: "Town Clerk", Cause: Death, EventDate: ymd(2026, 1, 5)}, cal, Date{})
		if d := deadline(t, r, "designation_accept_decline"); d.Effective != ymd(2026, 4, 13) {
			t.Errorf("%+v", d)
		}
		if d := deadline(t, r, "designating_petition"); !strings.Contains(d.Reason, "a later act") {
			t.Errorf("the override's reason is not shown: %+v", d)
		}
	})
}

// § 2: FEDERAL_CALENDAR only for the general elections of 2012–2018.
func TestFederalCalendarNotice(t *testing.T) {
	for _, c := range []struct {
		v    Date
		want bool
	}{{ymd(2011, 1, 10), false}, {ymd(2012, 1, 10), true}, {ymd(2018, 1, 10), true}, {ymd(2019, 1, 25), false}, {ymd(2026, 1, 10), false}} {
		r := computeNY(Vacancy{Office: "Representative in Congress", Class: USRepresentative, Cause: Death, EventDate: c.v, TermEnd: c.v.AddDays(700)}, Date{})
		if _, got := conflictOf(r, "FEDERAL_CALENDAR"); got != c.want {
			t.Errorf("vacancy %s: FEDERAL_CALENDAR %v", c.v, got)
		}
	}
}

// docs/LAW.md, "One-year acts and the federal calendars": the court's
// calendars of 2012–2018 (United States v. New York, N.D.N.Y. No.
// 1:10-cv-1214) for Congress and the U.S. Senate, each date from its
// source: the federal primaries from the court's orders (2012-06-26,
// 2014-06-24, 2016-06-28, 2018-06-26: the fourth Tuesday of June); 2014's
// petitions from the state board's 2014 calendar as the Onondaga County
// board reproduces it; 2018's from the state board's 2018 table of
// adjusted calendar events. What no source gives is named by the
// FEDERAL_CALENDAR warning.
func TestFederalCalendars(t *testing.T) {
	for _, class := range []OfficeClass{USRepresentative, USSenator} {
		c14 := calendarOf(t, 2014, CalendarOptions{Class: class})
		checkCalendar(t, c14, []row{
			{"primary", Date{}, ymd(2014, 6, 24), ymd(2014, 6, 24), ymd(2014, 9, 9), "E1+F2014"},
			{"designating_petition", Date{}, ymd(2014, 4, 10), ymd(2014, 4, 10), ymd(2014, 7, 10), "E1+F2014"},
			{"independent_signing_start", Date{}, ymd(2014, 6, 24), ymd(2014, 6, 24), Date{}, "E1+F2014"},
			{"independent_petition", ymd(2014, 7, 29), ymd(2014, 8, 5), ymd(2014, 8, 5), ymd(2014, 8, 19), "E1+F2014"},
			{"independent_accept_decline", Date{}, ymd(2014, 8, 8), ymd(2014, 8, 8), ymd(2014, 8, 22), "E1+F2014"},
			{"independent_vacancy_declination", Date{}, ymd(2014, 8, 11), ymd(2014, 8, 11), ymd(2014, 8, 25), "E1+F2014"},
		})
		c18 := calendarOf(t, 2018, CalendarOptions{Class: class})
		checkCalendar(t, c18, []row{
			{"primary", Date{}, ymd(2018, 6, 26), ymd(2018, 6, 26), ymd(2018, 9, 13), "E1+F2018"},
			{"designating_signing_start", Date{}, ymd(2018, 3, 6), ymd(2018, 3, 6), Date{}, "E1+F2018"},
			{"designating_petition", ymd(2018, 4, 9), ymd(2018, 4, 12), ymd(2018, 4, 12), ymd(2018, 7, 12), "E1+F2018"},
			{"independent_signing_start", Date{}, ymd(2018, 6, 19), ymd(2018, 6, 19), Date{}, "E1+F2018"},
		})
		if it := c18["independent_petition"]; it.WindowStart != ymd(2018, 7, 24) || it.Effective != ymd(2018, 7, 31) {
			t.Errorf("2018 independent petitions: %+v", it)
		}
		for y, want := range map[int][]string{
			2012: {"2012-06-26", "not sourced", "designating petitions", "April 16", "independent petitions"},
			2014: {"not sourced", "designating petitions' first day", "acceptance or declination of designations", "party certificates"},
			2016: {"2016-06-28", "not sourced", "designating and independent petitions"},
			2018: {"not sourced", "acceptance or declination of designations and independent nominations", "party certificates"},
		} {
			cal := calendarOf(t, y, CalendarOptions{Class: class})
			n, ok := cal["FEDERAL_CALENDAR"]
			if !ok {
				t.Errorf("%d %s: no FEDERAL_CALENDAR line", y, class)
				continue
			}
			for _, s := range want {
				if !strings.Contains(n.Source, s) {
					t.Errorf("%d %s: FEDERAL_CALENDAR lacks %q: %q", y, class, s, n.Source)
				}
			}
			if p := cal["primary"]; p.Effective.Month != time.June {
				t.Errorf("%d %s: primary %s", y, class, p.Effective)
			}
		}
	}
	// The state's own offices keep the September primary (2014: the first
	// Tuesday after the second Monday of September, Sep 9), and 2019 has no
	// federal line.
	if p := calendarOf(t, 2014, CalendarOptions{Class: StateSenator})["primary"]; p.Effective != ymd(2014, 9, 9) {
		t.Errorf("2014 state primary %s", p.Effective)
	}
	if _, ok := calendarOf(t, 2019, CalendarOptions{Class: USRepresentative})["FEDERAL_CALENDAR"]; ok {
		t.Error("2019 has a FEDERAL_CALENDAR line")
	}
	// A congress vacancy of 2014 filled at G(2014): its rows are the
	// court's dates, and its warning names what is missing.
	r := computeNY(Vacancy{Office: "Representative in Congress", Class: USRepresentative, Cause: Death, EventDate: ymd(2014, 1, 10),
		TermEnd: ymd(2015, 1, 3)}, ymd(2014, 1, 10))
	if d := deadline(t, r, "independent_petition"); d.WindowStart != ymd(2014, 7, 29) || d.Effective != ymd(2014, 8, 5) {
		t.Errorf("%+v", d)
	}
	if c, ok := conflictOf(r, "FEDERAL_CALENDAR"); !ok || c.Severity != Warning || !strings.Contains(c.Message, "designating petitions' first day") {
		t.Errorf("%+v", c)
	}
}

// An explanation never contradicts itself: a date outside its window says
// so, and every step names its edition.
func TestExplanationsSayWhatTheConflictsSay(t *testing.T) {
	// A village trustee resigns 2026-09-21, after § 42(1)'s cut-off
	// (G(2026) = Nov 3, three months before: Aug 3), so the next general
	// election is 2027-11-02; the term ends 2026-12-31, so nothing is left
	// to fill, and § 42(4)(c) bars the special proclaimed anyway (the
	// vacancy is after April 1 of 2026, the term's last year). No message
	// may still say that the 2027 election fills it.
	barred := computeNY(Vacancy{Office: "Village Trustee", Cause: Resignation, Appointable: No, EventDate: ymd(2026, 9, 21),
		TermEnd: ymd(2026, 12, 31), ProclamationDate: ymd(2026, 9, 25), SpecialElectionDate: ymd(2026, 12, 8)}, ymd(2026, 9, 25))
	if barred.Method != NoElection {
		t.Errorf("method %s, want none (%s)", barred.Method, barred.ConflictCodes())
	}
	for _, c := range barred.Conflicts {
		if strings.Contains(c.Message, "fills it") {
			t.Errorf("%s says the seat is filled: %q", c.Code, c.Message)
		}
		if c.Code == "AFTER_THREE_MONTHS" && !strings.Contains(c.Message, "cut-off day is 2026-08-03") {
			t.Errorf("AFTER_THREE_MONTHS does not name the cut-off day: %q", c.Message)
		}
	}
	if _, ok := conflictOf(barred, "TERM_ENDS_FIRST"); !ok {
		t.Errorf("no TERM_ENDS_FIRST: %s", barred.ConflictCodes())
	}
	r := computeNY(Vacancy{Office: "Town Justice", Cause: FailureToElect, EventDate: ymd(2027, 6, 1), TermEnd: ymd(2029, 12, 31),
		ProclamationDate: ymd(2027, 6, 3), SpecialElectionDate: ymd(2027, 8, 14)}, ymd(2027, 6, 3))
	// Town office, E4: 70 to 80 days (Jun 30 is +27, Jul 31 +58, Aug 12
	// +70, Aug 22 +80): Aug 14 is inside.
	if !strings.Contains(r.Explanation, "inside its window (2027-08-12 to 2027-08-22)") {
		t.Errorf("%q", r.Explanation)
	}
	r = computeNY(Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, Cause: Death, EventDate: ymd(2027, 6, 20),
		ProclamationDate: ymd(2027, 6, 27), SpecialElectionDate: ymd(2027, 8, 14)}, ymd(2027, 6, 27))
	// Assembly, E4: 40 to 50 days (Aug 6 … Aug 16): Aug 14 inside.
	if strings.Contains(r.Explanation, "outside") {
		t.Errorf("%q", r.Explanation)
	}
	r.Vacancy.SpecialElectionDate = Date{}
	v := r.Vacancy
	v.SpecialElectionDate = ymd(2027, 8, 17)
	r = computeNY(v, ymd(2027, 6, 27))
	if !strings.Contains(r.Explanation, "outside the window of 2027-08-06 to 2027-08-16") || strings.Contains(r.Explanation, "(between") {
		t.Errorf("%q", r.Explanation)
	}
	seen := map[string]bool{}
	for _, s := range r.Steps {
		if s.Edition == "" || s.Keyed == "" || s.Keying == "" {
			t.Errorf("step %q without its edition and why: %+v", s.Rule, s)
		}
		if strings.HasPrefix(s.Rule, "step ") {
			t.Errorf("step %q numbered in its name", s.Rule)
		}
		seen[s.Rule] = true
	}
	for _, rule := range []string{"governor or lieutenant governor", "U.S. senator", "congress and the legislature", "special election window", "duty to proclaim"} {
		if !seen[rule] {
			t.Errorf("no step %q", rule)
		}
	}
}

// The test of the design: a sixth edition is data only. It is built here
// from compute's exported types and New York's values alone — no engine
// file changes — and the engine applies it: its primary, its window, its
// id in law_edition, the explanation's steps and the rules table.
func TestASixthEditionIsData(t *testing.T) {
	e5 := nylaw.NewYork.Edition("E4").Clone()
	e5.ID, e5.From, e5.Doubt = "E5", ymd(2027, 1, 1), Date{}
	e5.Authority = Authority{Cite: "L.2026 ch. 999 (hypothetical, for this test)", Act: "L.2026 ch. 999", Mark: Unsourced,
		Words: "the primary on the third Tuesday of June; the Senate and Assembly special 60 to 70 days after the proclamation"}
	e5.Primary.Day = From(AtYear, NthOfMonth(time.June, time.Tuesday, 3))
	e5.Specials[0].Window.MinDays, e5.Specials[0].Window.MaxDays = 60, 70
	law := *nylaw.NewYork
	law.Editions = append(append([]Edition(nil), nylaw.NewYork.Editions...), e5)
	l := NewLaw(law)
	if errs := l.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	cal := NewCalendar(l, nil)
	// 2027: June 1, 8, 15: the third Tuesday is Jun 15; its twelfth
	// Thursday before (Jun 10, 3, May 27, 20, 13, 6, Apr 29, 22, 15, 8, 1,
	// Mar 25) is Mar 25.
	if p, _ := cal.Primary(2027); p != ymd(2027, 6, 15) {
		t.Errorf("primary %s", p)
	}
	r := Compute(Vacancy{Office: "Town Clerk", Cause: Death, EventDate: ymd(2027, 1, 10)}, cal, ymd(2027, 1, 10))
	if d := deadline(t, r, "designating_petition"); d.Effective != ymd(2027, 3, 25) || d.LawEdition != "E5" {
		t.Errorf("%+v", d)
	}
	// A Senate special proclaimed Feb 1, 2027: Feb 28 is +27, Mar 31 +58:
	// Apr 2 … Apr 12.
	r = Compute(Vacancy{Office: "State Senator", Class: StateSenator, Cause: Death, EventDate: ymd(2027, 1, 25),
		ProclamationDate: ymd(2027, 2, 1), SpecialElectionDate: ymd(2027, 4, 6)}, cal, ymd(2027, 2, 1))
	if r.SpecialEarliest != ymd(2027, 4, 2) || r.SpecialLatest != ymd(2027, 4, 12) || r.LawEdition != "E5" {
		t.Errorf("window %s … %s (%s)", r.SpecialEarliest, r.SpecialLatest, r.LawEdition)
	}
	if _, bad := conflictOf(r, "SPECIAL_WINDOW"); bad {
		t.Error("SPECIAL_WINDOW inside E5's window")
	}
	for _, s := range r.Steps {
		if s.Rule == "special election window" && (s.Edition != "E5" || !strings.Contains(s.Text, "60 to 70 days")) {
			t.Errorf("%+v", s)
		}
	}
	// 2026 is still E4 with its one-year act.
	if p, _ := cal.Primary(2026); p != ymd(2026, 6, 23) {
		t.Errorf("2026 primary %s", p)
	}
	found := false
	for _, rule := range RulesOf(l, RulesFilter{AsOf: ymd(2027, 6, 1)}) {
		found = found || (rule.Code == "edition" && rule.Edition == "E5")
	}
	if !found {
		t.Error("the rules table does not list E5")
	}
}

// docs/LAW.md, "Corroborated": the state board's 2026
// political calendar (revised 2025-12-09) prints 2026-07-27 for
// § 6-158(7) (P = Jun 23, party certificate P + 30 = Jul 23, + 3 = Sun
// Jul 26 → Mon Jul 27), 2026-07-31 for (8) (+4), and for judicial
// nominations 2026-08-17 and 2026-08-21 (convention Thu Aug 6 … Wed
// Aug 12, certificate Aug 13, + 3 = Sun Aug 16 → Mon Aug 17, + 4 = Aug
// 21). Under E4 those rules are Corroborated: no NEEDS_REVIEW, and the
// rules table and explain name the calendar. Under E2 (2020) they stay
// unverified; so do (7) and (8) for E4 Senate and Assembly specials.
func TestCorroboratedByTheBoard2026(t *testing.T) {
	const board = "corroborated by the state board's 2026 political calendar (revised 2025-12-09)"
	for _, c := range []struct {
		office   string
		class    OfficeClass
		decline  Date
		fill     Date
		vacancy  Date
		reviewed bool
	}{
		{"Town Clerk", OtherOffice, ymd(2026, 7, 27), ymd(2026, 7, 31), ymd(2026, 5, 1), false},
		{"Justice of the Supreme Court", SupremeCourtJustice, ymd(2026, 8, 17), ymd(2026, 8, 21), ymd(2026, 5, 1), false},
		// 2020 (E2): P = Jun 23, + 30 = Thu Jul 23, + 3 = Sun Jul 26 →
		// Mon Jul 27, + 4 = Fri Jul 31.
		{"Town Clerk", OtherOffice, ymd(2020, 7, 27), ymd(2020, 7, 31), ymd(2020, 5, 1), true},
	} {
		r := computeNY(Vacancy{Office: c.office, Class: c.class, Cause: Death, EventDate: c.vacancy}, c.vacancy)
		ad, vd := deadline(t, r, "party_nomination_accept_decline"), deadline(t, r, "party_nomination_vacancy_declination")
		if ad.Effective != c.decline || vd.Effective != c.fill {
			t.Errorf("%s %d: decline %s, fill %s; want %s, %s", c.office, c.vacancy.Year, ad.Effective, vd.Effective, c.decline, c.fill)
		}
		// A date resting on unverified text carries a verify mark on its
		// row (issue 24), not a NEEDS_REVIEW line on the vacancy.
		if got := ad.Verify != "" && vd.Verify != ""; got != c.reviewed {
			t.Errorf("%s %d: verify on (7)/(8) = %v (%q, %q)", c.office, c.vacancy.Year, got, ad.Verify, vd.Verify)
		}
		if rv, _ := conflictOf(r, "NEEDS_REVIEW"); strings.Contains(rv.Message, "§ 6-158(7)") || strings.Contains(rv.Message, "§ 6-158(8)") {
			t.Errorf("%s %d: NEEDS_REVIEW for a deadline's date: %q", c.office, c.vacancy.Year, rv.Message)
		}
		for _, d := range []Deadline{ad, vd} {
			if got := nylaw.NewYork.Corroboration(&d); strings.Contains(got, board) == c.reviewed {
				t.Errorf("%s %d %s: corroboration %q", c.office, c.vacancy.Year, d.Code, got)
			}
		}
	}
	// An Assembly special under E4: (7) and (8) are not corroborated.
	r := computeNY(Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, Cause: Death, EventDate: ymd(2026, 2, 1),
		ProclamationDate: ymd(2026, 2, 5)}, ymd(2026, 2, 5))
	for _, code := range []string{"special_party_accept_decline", "special_party_vacancy_declination"} {
		if d := deadline(t, r, code); d.Verify == "" {
			t.Errorf("special: %s carries no verify mark", code)
		}
	}
	// The rules in force on 2026-11-30: (7), (8) and (14) corroborated,
	// the calendar named; the specials' (7)/(8) still unsourced.
	marks := map[string]Rule{}
	for _, rule := range RulesOf(nylaw.NewYork, RulesFilter{AsOf: ymd(2026, 11, 30)}) {
		marks[rule.Code+"|"+rule.Offices] = rule
	}
	for _, code := range []string{"party_nomination_accept_decline|", "party_nomination_vacancy_declination|", "step_general_election.restated|"} {
		rule, ok := marks[code]
		if !ok || rule.Mark != Corroborated || !strings.Contains(rule.Note, board) {
			t.Errorf("%s: %v %+v", code, ok, rule)
		}
	}
	if rule := marks["special_party_accept_decline|state_senator, member_of_assembly"]; rule.Mark != Unsourced {
		t.Errorf("special (7): %+v", rule)
	}
}

// A sixth edition that changes shapes, not only numbers: the party
// certificate counted from a different event (the general election, not
// the primary), and a new event (the state board's certification of the
// general-election ballot) with a deadline counted from it. Each is data:
// the new event is a row (NotFiling: a board's act, not a filing) and the
// new deadline counts from it (AtRow). No file of pkg/compute changed for
// this test. An event that no row can stand for (a date the engine does
// not know, such as a court's order in the row) would need a new Anchor in
// count.go and its date in deadlines.go's anchors.eval.
func TestASixthEditionChangesAShape(t *testing.T) {
	e5 := nylaw.NewYork.Edition("E4").Clone()
	e5.ID, e5.From, e5.Doubt = "E5", ymd(2027, 1, 1), Date{}
	e5.Authority = Authority{Cite: "L.2026 ch. 998 (hypothetical, for this test)", Act: "L.2026 ch. 998", Mark: Unsourced,
		Words: "party certificates one hundred days before the general election; objections three days after the ballot is certified"}
	var rows []DeadlineRule
	for _, r := range e5.Deadlines {
		if r.Code == "party_nomination_certificate" {
			r.Last = From(AtGeneral, Days(-100))
			r.Exceptions = nil
		}
		rows = append(rows, r)
		if r.Code == "party_nomination_vacancy_declination" {
			rows = append(rows,
				DeadlineRule{Code: "general_ballot_certified", Kind: LastDay, NotFiling: true, Last: From(AtGeneral, WeeksBack(8)),
					Authority: Authority{Cite: "L.2026 ch. 998 § 2 (hypothetical)", Mark: Unsourced}},
				DeadlineRule{Code: "ballot_objection", Kind: LastDay, RollOver: true, Last: FromRow("general_ballot_certified", Days(3)),
					Authority: Authority{Cite: "L.2026 ch. 998 § 3 (hypothetical)", Mark: Unsourced}})
		}
	}
	e5.Deadlines = rows
	law := *nylaw.NewYork
	law.Editions = append(append([]Edition(nil), nylaw.NewYork.Editions...), e5)
	l := NewLaw(law)
	if errs := l.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	cal := NewCalendar(l, nil)
	// G(2027) = Tue Nov 2. Nov 2 − 100 days = Sun Jul 25 (14 weeks and 2
	// days back) → Mon Jul 26 (§ 1-106); the acceptance counts 3 days
	// from the effective day: Thu Jul 29. G − 8 weeks = Tue Sep 7 (Labor
	// Day is Mon Sep 6); + 3 = Fri Sep 10.
	r := Compute(Vacancy{Office: "Town Clerk", Cause: Death, EventDate: ymd(2027, 1, 10)}, cal, ymd(2027, 1, 10))
	for _, w := range []struct {
		code            string
		statutory, want Date
	}{
		{"party_nomination_certificate", ymd(2027, 7, 25), ymd(2027, 7, 26)},
		{"party_nomination_accept_decline", ymd(2027, 7, 29), ymd(2027, 7, 29)},
		{"general_ballot_certified", ymd(2027, 9, 7), ymd(2027, 9, 7)},
		{"ballot_objection", ymd(2027, 9, 10), ymd(2027, 9, 10)},
	} {
		d := deadline(t, r, w.code)
		if d.Statutory != w.statutory || d.Effective != w.want || d.LawEdition != "E5" || !d.Applies {
			t.Errorf("%s: %+v, want %s → %s (E5)", w.code, d, w.statutory, w.want)
		}
	}
	// E4's 2026 is unchanged: P(2026) = Jun 23 + 30 = Thu Jul 23.
	r = Compute(Vacancy{Office: "Town Clerk", Cause: Death, EventDate: ymd(2026, 1, 10)}, cal, ymd(2026, 1, 10))
	if d := deadline(t, r, "party_nomination_certificate"); d.Effective != ymd(2026, 7, 23) {
		t.Errorf("2026: %+v", d)
	}
	for _, d := range r.Deadlines {
		if d.Code == "ballot_objection" {
			t.Error("E4 has E5's new row")
		}
	}
	// The rules table says the new shapes in words.
	want := map[string]string{
		"party_nomination_certificate": "one hundred days before the general election",
		"ballot_objection":             "three days after the last day of general_ballot_certified",
	}
	for _, rule := range RulesOf(l, RulesFilter{AsOf: ymd(2027, 6, 1)}) {
		if w, ok := want[rule.Code]; ok && rule.Edition == "E5" {
			if rule.Counting != w {
				t.Errorf("%s: %q, want %q", rule.Code, rule.Counting, w)
			}
			delete(want, rule.Code)
		}
	}
	if len(want) > 0 {
		t.Errorf("the rules table lacks %v", want)
	}
}

// § 42(2), (3) and (4-a) are data: the even-year expiry, the grounds'
// sentence and the appointment years come from the edition, so an
// edition that changes them changes what the engine does and says.
func TestSection42IsData(t *testing.T) {
	// New York: the grounds for a town office, in the data's order.
	r := computeNY(Vacancy{Office: "Town Clerk", Cause: Death, Appointable: Yes, EventDate: ymd(2026, 2, 2), ProclamationDate: ymd(2026, 2, 5)}, ymd(2026, 2, 5))
	found := false
	for _, s := range r.Steps {
		if s.Rule == "special election possible" && !s.Applies {
			found = true
			if !strings.Contains(s.Text, "not a failure to elect, a death before the term, a vacancy that cannot be filled by appointment, or a board's failure to fill") ||
				s.Citation != "Pub. Off. Law § 42(3); Pub. Off. Law § 42(5)" {
				t.Errorf("%+v", s)
			}
		}
	}
	if !found {
		t.Error("no step says why no special election is possible")
	}
	if c, ok := conflictOf(r, "SPECIAL_NOT_AUTHORIZED"); !ok || c.Citation != "Pub. Off. Law § 42(3); Pub. Off. Law § 42(5)" {
		t.Errorf("%+v", c)
	}

	e5 := nylaw.NewYork.Edition("E4").Clone()
	e5.ID, e5.From, e5.Doubt = "E5", ymd(2027, 1, 1), Date{}
	e5.Authority = Authority{Cite: "L.2026 ch. 997 (hypothetical, for this test)", Act: "L.2026 ch. 997", Mark: Unsourced, Words: "test"}
	e5.Fill.Senator.EarlyYears = 2                                                   // to January 3 two years on
	e5.Fill.Expiry.Day, e5.Fill.Expiry.EvenYear = MonthDay{time.November, 30}, false // terms ending November 30 of an odd year
	law := *nylaw.NewYork
	law.Editions = append(append([]Edition(nil), nylaw.NewYork.Editions...), e5)
	cal := NewCalendar(NewLaw(law), nil)
	// 2028 (E5): P(2028) = Jun 27 (Jun 6, 13, 20, 27); a senate vacancy
	// on Feb 1 is before P − 60 = Apr 28: appointment to Jan 3, 2030, and
	// the election at G(2029) = Nov 6, 2029.
	r = Compute(Vacancy{Office: "United States Senator", Class: USSenator, Cause: Death, EventDate: ymd(2028, 2, 1)}, cal, ymd(2028, 2, 1))
	if r.AppointmentUntil != ymd(2030, 1, 3) || r.FillingElection != ymd(2029, 11, 6) {
		t.Errorf("senator: until %s, election %s", r.AppointmentUntil, r.FillingElection)
	}
	// A term ending Nov 30, 2027 is § 42(2)'s under E5: G(2027) = Nov 2.
	r = Compute(Vacancy{Office: "Town Clerk", Cause: TermExpiration, EventDate: ymd(2027, 11, 30), TermEnd: ymd(2027, 11, 30), NextFullTermYear: 2029},
		cal, ymd(2027, 3, 1))
	if r.FillingElection != ymd(2027, 11, 2) || !strings.Contains(r.Basis, "§ 42(2)") {
		t.Errorf("expiry: %s (%s)", r.FillingElection, r.Basis)
	}
	for _, s := range r.Steps {
		if s.Rule == "expiration of term" && !s.Applies {
			t.Errorf("%+v", s)
		}
	}
}

// The window's words for the template's help come from the edition in
// force on the day (§ 42(3): 30–40 days in 2010; under E4 40–50 for the
// Senate and Assembly, 70–80 for every other office).
func TestSpecialWindowWords(t *testing.T) {
	for day, want := range map[Date]string{
		ymd(2010, 6, 1): "the special election falls 30 to 40 days after the proclamation (Pub. Off. Law § 42(3))",
		ymd(2026, 12, 1): "the special election falls 40 to 50 days after the proclamation for the State Senate and Assembly (Pub. Off. Law § 42(3)(b)); " +
			"70 to 80 days after the proclamation for Congress and every office not in the State Senate or Assembly (Pub. Off. Law § 42(3)(a))",
	} {
		if got := nylaw.NewYork.SpecialWindowWords(day); got != want {
			t.Errorf("%s: %q, want %q", day, got, want)
		}
	}
	for _, code := range []string{"designating_petition", "party_nomination_accept_decline", "special_election", "proclamation_deadline"} {
		if w, ok := nylaw.NewYork.WordsFor(code); !ok || w.What == "" || w.Who == "" || w.Verb == "" {
			t.Errorf("%s: %+v", code, w)
		}
	}
}
