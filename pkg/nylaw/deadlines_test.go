package nylaw

import (
	"strings"
	"testing"

	. "batch/pkg/compute"
)

// TestPublished2015Calendar checks the engine against the New York State
// Board of Elections' published 2015 political calendar: primary Thursday
// September 10 (moved by L.2015), designating petitions July 6-9,
// acceptance/declination July 13, opportunity to ballot July 16, fill a
// vacancy after declination July 17, independent petitions August 11-18,
// party nominations other than at the primary September 17, general
// election November 3.
func TestPublished2015Calendar(t *testing.T) {
	want := map[string][2]Date{ // code: {window start, effective last day}
		"primary":                         {{}, ymd(2015, 9, 10)},
		"general":                         {{}, ymd(2015, 11, 3)},
		"designating_petition":            {ymd(2015, 7, 6), ymd(2015, 7, 9)},
		"designation_accept_decline":      {{}, ymd(2015, 7, 13)},
		"opportunity_to_ballot":           {{}, ymd(2015, 7, 16)},
		"designation_vacancy_declination": {{}, ymd(2015, 7, 17)},
		"independent_petition":            {ymd(2015, 8, 11), ymd(2015, 8, 18)},
		"party_nomination_certificate":    {{}, ymd(2015, 9, 17)},
	}
	items := YearCalendar(NewCalendar(NewYork, nil), 2015, CalendarOptions{})
	got := map[string]CalendarItem{}
	for _, it := range items {
		got[it.Code] = it
	}
	for code, w := range want {
		t.Run(code, func(t *testing.T) {
			it, ok := got[code]
			if !ok {
				t.Fatalf("calendar lacks %s", code)
			}
			if it.WindowStart != w[0] || it.Effective != w[1] {
				t.Errorf("%s: got %s … %s, published %s … %s", code, it.WindowStart, it.Effective, w[0], w[1])
			}
		})
	}
	t.Run("a vacancy of early 2015 sees the same dates", func(t *testing.T) {
		r := compute(Vacancy{Office: "Town Supervisor", Class: OtherOffice, Cause: Death, EventDate: ymd(2015, 1, 15)}, ymd(2015, 1, 15))
		for code, w := range want {
			if code == "primary" || code == "general" {
				continue
			}
			d := deadline(t, r, code)
			if d.WindowStart != w[0] || d.Effective != w[1] || !d.Applies || d.Status != Open {
				t.Errorf("%s: %+v", code, d)
			}
		}
		if r.FillingElection != ymd(2015, 11, 3) || r.NextDeadline != "designating_petition" || r.NextDeadlineDate != ymd(2015, 7, 9) {
			t.Errorf("filling %s next %s %s", r.FillingElection, r.NextDeadline, r.NextDeadlineDate)
		}
	})
	t.Run("every item has a citation and dates", func(t *testing.T) {
		for _, it := range items {
			if it.Citation == "" || it.Effective.IsZero() || it.Statutory.IsZero() {
				t.Errorf("%+v", it)
			}
		}
	})
}

// yearDeadlines is the general-election calendar of one year worked by
// hand from § 6-158 on a printed calendar.
type yearDeadlines struct {
	year                                int
	primary, general                    Date
	dpStart, dpLast, ad, vd, otb        Date // § 6-158(1)-(4)
	jcStart, jcLast, jcCert, judicialAD Date // § 6-158(5), (6), (7) for a supreme court justice
	pnc, pad, pvd                       Date // § 6-158(6)-(8)
	ipStart, ipLast, iad, ivd           Date // § 6-158(9), (11), (12)
	rolled                              []string
}

// Working, per year (P = primary, G = general; "Nth X before" walks back
// from the day before; +N counts N days on, then § 1-106 rolls a last day
// off weekends and holidays; none of these dates is a holiday unless said):
//
//	2009: P = Tue Sep 15 (second Monday Sep 14, Tuesday after). Mondays
//	  before: Sep 14,7, Aug 31,24,17,10,3, Jul 27,20,13 → 10th = Jul 13;
//	  Thursdays before: Sep 10,3, Aug 27,20,13,6, Jul 30,23,16 → 9th =
//	  Jul 16, 8th = Jul 23. +4 = Mon Jul 20, +4 = Fri Jul 24. G = Nov 3
//	  (first Monday Nov 2). Judicial convention: third Monday Sep 21 → Tue
//	  Sep 22 … fourth Monday Sep 28; certificate Tue Sep 29; judicial
//	  accept/decline Sep 29 + 3 = Fri Oct 2. Party certificate P+7 = Tue
//	  Sep 22, +3 = Fri Sep 25, +4 = Tue Sep 29. Independent: G − 84 = Aug
//	  11 … G − 77 = Aug 18 (= 11th Tuesday before G); +3 = Fri Aug 21, +6 =
//	  Mon Aug 24.
//	2010: P = Tue Sep 14 (2nd Mon Sep 13); Mondays back Sep 13,6, Aug
//	  30,23,16,9,2, Jul 26,19,12 → Jul 12; Thursdays Sep 9,2, Aug
//	  26,19,12,5, Jul 29,22,15 → Jul 15, 8th Jul 22; Jul 19, Jul 23. G = Nov
//	  2. Convention Sep 21 … Sep 27, certificate Sep 28, +3 Oct 1. Sep 21,
//	  24, 28. Aug 10 … Aug 17, Aug 20, Aug 23.
//	2011: P = Tue Sep 13; Jul 11 … Jul 14, 8th Thu Jul 21; Jul 18, Jul 22.
//	  G = Nov 8. Convention Sep 20 … Sep 26, cert Sep 27, +3 Sep 30. Sep
//	  20, 23, 27. Aug 16 … Aug 23, Aug 26, Aug 29.
//	2012: P = Thu Sep 13 (moved by L.2012). Mondays back Sep 10,3, Aug
//	  27,20,13,6, Jul 30,23,16,9 → Jul 9; Thursdays Sep 6, Aug
//	  30,23,16,9,2, Jul 26,19,12 → Jul 12, 8th Jul 19; Jul 16, Jul 20. G =
//	  Nov 6. Convention Sep 18 … Sep 24, cert Sep 25, +3 Fri Sep 28. P+7 =
//	  Thu Sep 20, +3 = Sun Sep 23 → Mon Sep 24 (rolled), +4 = Fri Sep 28.
//	  Aug 14 … Aug 21, Aug 24, Aug 27.
//	2013: P = Tue Sep 10; Jul 8 … Jul 11, 8th Thu Jul 18; Jul 15, Jul 19. G
//	  = Nov 5. Convention Sep 17 … Sep 23, cert Sep 24, +3 Sep 27. Sep 17,
//	  20, 24. Aug 13 … Aug 20, Aug 23, Aug 26.
//	2014: P = Tue Sep 9; Jul 7 … Jul 10, Jul 17; Jul 14, Jul 18. G = Nov 4.
//	  Convention Sep 16 … Sep 22, cert Sep 23, +3 Sep 26. Sep 16, 19, 23.
//	  Aug 12 … Aug 19, Aug 22, Aug 25.
//	2015: the published calendar (TestPublished2015Calendar); convention
//	  Sep 22 … Sep 28, cert Sep 29, +3 Fri Oct 2; P+7 = Thu Sep 17, +3 =
//	  Sun Sep 20 → Mon Sep 21 (rolled), +4 = Fri Sep 25.
//	2016: P = Tue Sep 13; Jul 11 … Jul 14, Jul 21; Jul 18, Jul 22. G = Nov
//	  8. Convention Sep 20 … Sep 26, cert Sep 27, +3 Sep 30. Sep 20, 23,
//	  27. Aug 16 … Aug 23, Aug 26, Aug 29.
//	2017: P = Tue Sep 12; Jul 10 … Jul 13, Jul 20; Jul 17, Jul 21. G = Nov
//	  7. Convention Sep 19 … Sep 25, cert Sep 26, +3 Sep 29. Sep 19, 22,
//	  26. Aug 15 … Aug 22, Aug 25, Aug 28.
//	2018: P = Thu Sep 13 (moved, L.2018 ch. 3): the worked check of docs/LAW.md, "Counting", tenth
//	  Monday Jul 9, ninth Thursday Jul 12; 8th Thu Jul 19; Jul 16, Jul 20.
//	  G = Nov 6. Convention Sep 18 … Sep 24, cert Sep 25, +3 Sep 28. P+7 =
//	  Sep 20, +3 = Sun Sep 23 → Mon Sep 24 (rolled), +4 = Sep 28. Aug 14 …
//	  Aug 21, Aug 24, Aug 27.
var yearTable = []yearDeadlines{
	{2009, ymd(2009, 9, 15), ymd(2009, 11, 3), ymd(2009, 7, 13), ymd(2009, 7, 16), ymd(2009, 7, 20), ymd(2009, 7, 24), ymd(2009, 7, 23),
		ymd(2009, 9, 22), ymd(2009, 9, 28), ymd(2009, 9, 29), ymd(2009, 10, 2), ymd(2009, 9, 22), ymd(2009, 9, 25), ymd(2009, 9, 29),
		ymd(2009, 8, 11), ymd(2009, 8, 18), ymd(2009, 8, 21), ymd(2009, 8, 24), nil},
	{2010, ymd(2010, 9, 14), ymd(2010, 11, 2), ymd(2010, 7, 12), ymd(2010, 7, 15), ymd(2010, 7, 19), ymd(2010, 7, 23), ymd(2010, 7, 22),
		ymd(2010, 9, 21), ymd(2010, 9, 27), ymd(2010, 9, 28), ymd(2010, 10, 1), ymd(2010, 9, 21), ymd(2010, 9, 24), ymd(2010, 9, 28),
		ymd(2010, 8, 10), ymd(2010, 8, 17), ymd(2010, 8, 20), ymd(2010, 8, 23), nil},
	{2011, ymd(2011, 9, 13), ymd(2011, 11, 8), ymd(2011, 7, 11), ymd(2011, 7, 14), ymd(2011, 7, 18), ymd(2011, 7, 22), ymd(2011, 7, 21),
		ymd(2011, 9, 20), ymd(2011, 9, 26), ymd(2011, 9, 27), ymd(2011, 9, 30), ymd(2011, 9, 20), ymd(2011, 9, 23), ymd(2011, 9, 27),
		ymd(2011, 8, 16), ymd(2011, 8, 23), ymd(2011, 8, 26), ymd(2011, 8, 29), nil},
	{2012, ymd(2012, 9, 13), ymd(2012, 11, 6), ymd(2012, 7, 9), ymd(2012, 7, 12), ymd(2012, 7, 16), ymd(2012, 7, 20), ymd(2012, 7, 19),
		ymd(2012, 9, 18), ymd(2012, 9, 24), ymd(2012, 9, 25), ymd(2012, 9, 28), ymd(2012, 9, 20), ymd(2012, 9, 24), ymd(2012, 9, 28),
		ymd(2012, 8, 14), ymd(2012, 8, 21), ymd(2012, 8, 24), ymd(2012, 8, 27), []string{"party_nomination_accept_decline"}},
	{2013, ymd(2013, 9, 10), ymd(2013, 11, 5), ymd(2013, 7, 8), ymd(2013, 7, 11), ymd(2013, 7, 15), ymd(2013, 7, 19), ymd(2013, 7, 18),
		ymd(2013, 9, 17), ymd(2013, 9, 23), ymd(2013, 9, 24), ymd(2013, 9, 27), ymd(2013, 9, 17), ymd(2013, 9, 20), ymd(2013, 9, 24),
		ymd(2013, 8, 13), ymd(2013, 8, 20), ymd(2013, 8, 23), ymd(2013, 8, 26), nil},
	{2014, ymd(2014, 9, 9), ymd(2014, 11, 4), ymd(2014, 7, 7), ymd(2014, 7, 10), ymd(2014, 7, 14), ymd(2014, 7, 18), ymd(2014, 7, 17),
		ymd(2014, 9, 16), ymd(2014, 9, 22), ymd(2014, 9, 23), ymd(2014, 9, 26), ymd(2014, 9, 16), ymd(2014, 9, 19), ymd(2014, 9, 23),
		ymd(2014, 8, 12), ymd(2014, 8, 19), ymd(2014, 8, 22), ymd(2014, 8, 25), nil},
	{2015, ymd(2015, 9, 10), ymd(2015, 11, 3), ymd(2015, 7, 6), ymd(2015, 7, 9), ymd(2015, 7, 13), ymd(2015, 7, 17), ymd(2015, 7, 16),
		ymd(2015, 9, 22), ymd(2015, 9, 28), ymd(2015, 9, 29), ymd(2015, 10, 2), ymd(2015, 9, 17), ymd(2015, 9, 21), ymd(2015, 9, 25),
		ymd(2015, 8, 11), ymd(2015, 8, 18), ymd(2015, 8, 21), ymd(2015, 8, 24), []string{"party_nomination_accept_decline"}},
	{2016, ymd(2016, 9, 13), ymd(2016, 11, 8), ymd(2016, 7, 11), ymd(2016, 7, 14), ymd(2016, 7, 18), ymd(2016, 7, 22), ymd(2016, 7, 21),
		ymd(2016, 9, 20), ymd(2016, 9, 26), ymd(2016, 9, 27), ymd(2016, 9, 30), ymd(2016, 9, 20), ymd(2016, 9, 23), ymd(2016, 9, 27),
		ymd(2016, 8, 16), ymd(2016, 8, 23), ymd(2016, 8, 26), ymd(2016, 8, 29), nil},
	{2017, ymd(2017, 9, 12), ymd(2017, 11, 7), ymd(2017, 7, 10), ymd(2017, 7, 13), ymd(2017, 7, 17), ymd(2017, 7, 21), ymd(2017, 7, 20),
		ymd(2017, 9, 19), ymd(2017, 9, 25), ymd(2017, 9, 26), ymd(2017, 9, 29), ymd(2017, 9, 19), ymd(2017, 9, 22), ymd(2017, 9, 26),
		ymd(2017, 8, 15), ymd(2017, 8, 22), ymd(2017, 8, 25), ymd(2017, 8, 28), nil},
	{2018, ymd(2018, 9, 13), ymd(2018, 11, 6), ymd(2018, 7, 9), ymd(2018, 7, 12), ymd(2018, 7, 16), ymd(2018, 7, 20), ymd(2018, 7, 19),
		ymd(2018, 9, 18), ymd(2018, 9, 24), ymd(2018, 9, 25), ymd(2018, 9, 28), ymd(2018, 9, 20), ymd(2018, 9, 24), ymd(2018, 9, 28),
		ymd(2018, 8, 14), ymd(2018, 8, 21), ymd(2018, 8, 24), ymd(2018, 8, 27), []string{"party_nomination_accept_decline"}},
}

func TestGeneralElectionDeadlinesAcrossYears(t *testing.T) {
	for _, y := range yearTable {
		t.Run("vacancy early in "+itoa(y.year)+" sees the year's calendar", func(t *testing.T) {
			r := compute(Vacancy{Office: "Town Supervisor", Cause: Death, EventDate: ymd(y.year, 1, 10)}, ymd(y.year, 1, 10))
			if r.FillingElection != y.general || r.Method != GeneralElection {
				t.Fatalf("filling %s %s", r.Method, r.FillingElection)
			}
			check := func(code string, start, last Date) {
				t.Helper()
				d := deadline(t, r, code)
				if d.WindowStart != start || d.Effective != last || !d.Applies || d.ElectionDate != y.general {
					t.Errorf("%s: got %s … %s (applies %v, election %s), want %s … %s", code, d.WindowStart, d.Effective, d.Applies, d.ElectionDate, start, last)
				}
			}
			check("designating_petition", y.dpStart, y.dpLast)
			check("designation_accept_decline", Date{}, y.ad)
			check("designation_vacancy_declination", Date{}, y.vd)
			check("opportunity_to_ballot", Date{}, y.otb)
			check("party_nomination_certificate", Date{}, y.pnc)
			check("party_nomination_accept_decline", Date{}, y.pad)
			check("party_nomination_vacancy_declination", Date{}, y.pvd)
			check("independent_petition", y.ipStart, y.ipLast)
			check("independent_accept_decline", Date{}, y.iad)
			check("independent_vacancy_declination", Date{}, y.ivd)
			for _, d := range r.Deadlines {
				if d.Code == "judicial_convention" || d.Code == "judicial_convention_certificate" {
					t.Errorf("judicial convention row for a town supervisor")
				}
				wantRolled := false
				for _, c := range y.rolled {
					wantRolled = wantRolled || c == d.Code
				}
				if d.RolledOver != wantRolled {
					t.Errorf("%s rolled over = %v", d.Code, d.RolledOver)
				}
			}
			rolled := 0
			for _, c := range r.Conflicts {
				if c.Code == "ROLLED_OVER" {
					rolled++
				}
			}
			if rolled != len(y.rolled) {
				t.Errorf("%d ROLLED_OVER conflicts, want %d", rolled, len(y.rolled))
			}
		})
		t.Run("supreme court justice nominated by convention in "+itoa(y.year), func(t *testing.T) {
			// Vacant on January 10: three months on is April 10, the
			// first general election on or after it is the year's.
			r := compute(Vacancy{Office: "Justice of the Supreme Court", Class: SupremeCourtJustice, Cause: Death, EventDate: ymd(y.year, 1, 10)}, Date{})
			if r.FillingElection != y.general {
				t.Fatalf("filling %s", r.FillingElection)
			}
			jc := deadline(t, r, "judicial_convention")
			if jc.WindowStart != y.jcStart || jc.Effective != y.jcLast || jc.RolledOver {
				t.Errorf("convention %s … %s", jc.WindowStart, jc.Effective)
			}
			if d := deadline(t, r, "judicial_convention_certificate"); d.Effective != y.jcCert || !d.Applies {
				t.Errorf("certificate %s", d.Effective)
			}
			if d := deadline(t, r, "party_nomination_accept_decline"); d.Effective != y.judicialAD || !d.Applies {
				t.Errorf("accept/decline %s, want %s (three days after the convention certificate)", d.Effective, y.judicialAD)
			}
			for _, code := range []string{"designating_petition", "designation_accept_decline", "designation_vacancy_declination", "opportunity_to_ballot", "party_nomination_certificate"} {
				d := deadline(t, r, code)
				if d.Applies || d.Status != NoStatus || !strings.Contains(d.Reason, "judicial district convention") {
					t.Errorf("%s: %+v", code, d)
				}
			}
		})
		t.Run("year calendar "+itoa(y.year), func(t *testing.T) {
			items := YearCalendar(NewCalendar(NewYork, nil), y.year, CalendarOptions{})
			got := map[string]CalendarItem{}
			for _, it := range items {
				got[it.Code] = it
			}
			if got["primary"].Effective != y.primary || got["general"].Effective != y.general {
				t.Errorf("primary %s general %s", got["primary"].Effective, got["general"].Effective)
			}
			if got["judicial_convention"].WindowStart != y.jcStart || got["judicial_convention_certificate"].Effective != y.jcCert {
				t.Errorf("judicial rows %+v", got["judicial_convention"])
			}
			if got["party_nomination_accept_decline"].Effective != y.pad {
				t.Errorf("party accept/decline %s: the calendar counts from the party certificate", got["party_nomination_accept_decline"].Effective)
			}
		})
	}
}

// TestPrimaryRouteCutOff: the primary route applies only to a vacancy on or
// before the seventh day before the effective last day to file designating
// petitions (Elec. Law § 6-116).
func TestPrimaryRouteCutOff(t *testing.T) {
	cases := []struct {
		name    string
		vacancy Date
		applies bool
	}{
		// 2015: last day Thu Jul 9; seventh day before = Thu Jul 2.
		{"2015 vacancy on the seventh day before the last designation day", ymd(2015, 7, 2), true},
		{"2015 vacancy on the sixth day before", ymd(2015, 7, 3), false},
		// 2009: last day Thu Jul 16 → Jul 9.
		{"2009 vacancy on the seventh day before", ymd(2009, 7, 9), true},
		{"2009 vacancy on the sixth day before", ymd(2009, 7, 10), false},
		// 2016: Jul 14 → Jul 7.
		{"2016 vacancy on the seventh day before", ymd(2016, 7, 7), true},
		{"2016 vacancy on the sixth day before", ymd(2016, 7, 8), false},
		// 2018: Jul 12 → Jul 5.
		{"2018 vacancy on the seventh day before", ymd(2018, 7, 5), true},
		{"2018 vacancy on the sixth day before", ymd(2018, 7, 6), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := compute(Vacancy{Office: "Town Clerk", Cause: Resignation, EventDate: c.vacancy}, c.vacancy)
			for _, code := range []string{"designating_petition", "designation_accept_decline", "designation_vacancy_declination", "opportunity_to_ballot"} {
				d := deadline(t, r, code)
				if d.Applies != c.applies {
					t.Errorf("%s applies = %v", code, d.Applies)
				}
				if !c.applies && (!strings.Contains(d.Reason, "§ 6-116") || d.Status != NoStatus) {
					t.Errorf("%s reason %q status %q", code, d.Reason, d.Status)
				}
			}
			// The party certificate stays the ordinary primary + 7.
			if d := deadline(t, r, "party_nomination_certificate"); !d.Applies || d.Reason != "" {
				t.Errorf("party certificate %+v", d)
			}
			if !c.applies && r.NextDeadline == "designating_petition" {
				t.Error("next deadline is a route that does not apply")
			}
		})
	}
}

// TestLateVacancyPartyCertificate: § 6-158(6), an office "which becomes
// vacant after the seventh day preceding such primary election": V + 14.
func TestLateVacancyPartyCertificate(t *testing.T) {
	cases := []struct {
		name         string
		vacancy      Date
		cert, ad, vd Date
		late, rolled bool
	}{
		// 2015: P = Thu Sep 10, P − 7 = Thu Sep 3: ordinary P + 7 = Sep 17,
		// +3 = Sun Sep 20 → Mon Sep 21, +4 = Fri Sep 25.
		{"2015 vacancy on the seventh day before the primary keeps the ordinary date", ymd(2015, 9, 3), ymd(2015, 9, 17), ymd(2015, 9, 21), ymd(2015, 9, 25), false, false},
		// Sep 4 + 14 = Fri Sep 18; +3 = Mon Sep 21; +4 = Fri Sep 25.
		{"2015 vacancy on the sixth day before the primary: fourteen days after", ymd(2015, 9, 4), ymd(2015, 9, 18), ymd(2015, 9, 21), ymd(2015, 9, 25), true, false},
		// Sep 5 + 14 = Sat Sep 19 → Mon Sep 21 (rolled); +3 = Thu Sep 24; +4 = Mon Sep 28.
		{"2015 late certificate rolls off a Saturday", ymd(2015, 9, 5), ymd(2015, 9, 21), ymd(2015, 9, 24), ymd(2015, 9, 28), true, true},
		// 2016: P = Tue Sep 13, P − 7 = Tue Sep 6: Sep 20, Fri Sep 23, Tue Sep 27.
		{"2016 vacancy on the seventh day before the primary", ymd(2016, 9, 6), ymd(2016, 9, 20), ymd(2016, 9, 23), ymd(2016, 9, 27), false, false},
		// Sep 7 + 14 = Wed Sep 21; +3 = Sat Sep 24 → Mon Sep 26; +4 = Fri Sep 30.
		{"2016 vacancy on the sixth day before the primary", ymd(2016, 9, 7), ymd(2016, 9, 21), ymd(2016, 9, 26), ymd(2016, 9, 30), true, false},
		// 2017: P = Tue Sep 12, Sep 19 is the day before the September-20
		// cut: Sep 19 + 14 = Tue Oct 3; +3 = Fri Oct 6; +4 = Tue Oct 10
		// (Columbus Day is Mon Oct 9, not in the way).
		{"2017 vacancy on September 19", ymd(2017, 9, 19), ymd(2017, 10, 3), ymd(2017, 10, 6), ymd(2017, 10, 10), true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := compute(Vacancy{Office: "County Clerk", Cause: Death, EventDate: c.vacancy}, c.vacancy)
			cert := deadline(t, r, "party_nomination_certificate")
			if cert.Effective != c.cert || cert.RolledOver != c.rolled {
				t.Errorf("certificate %s (rolled %v), want %s", cert.Effective, cert.RolledOver, c.cert)
			}
			if d := deadline(t, r, "party_nomination_accept_decline"); d.Effective != c.ad {
				t.Errorf("accept/decline %s, want %s", d.Effective, c.ad)
			}
			if d := deadline(t, r, "party_nomination_vacancy_declination"); d.Effective != c.vd {
				t.Errorf("vacancy declination %s, want %s", d.Effective, c.vd)
			}
			var lv Conflict
			for _, x := range r.Conflicts {
				if x.Code == "LATE_VACANCY" && x.Field == "party_nomination_certificate" {
					lv = x
				}
			}
			if (lv.Code != "") != c.late || (c.late && lv.Severity != Info) {
				t.Errorf("LATE_VACANCY for the party certificate: %+v", lv)
			}
			if c.late && (cert.Citation != "Elec. Law § 6-158(6)" || !strings.Contains(cert.Reason, "fourteen days")) {
				t.Errorf("citation %q reason %q", cert.Citation, cert.Reason)
			}
		})
	}
}

// TestLateVacancyIndependentPetition: § 6-158(10), a vacancy "less than
// fourteen days before the last day" for independent petitions.
func TestLateVacancyIndependentPetition(t *testing.T) {
	cases := []struct {
		name                string
		vacancy             Date
		start, last, ad, vd Date
		late                bool
		rolled              []string
	}{
		// 2015: G = Nov 3, last day Aug 18 = G − 77; fourteen days before
		// it is Aug 4 = G − 91: a vacancy that day keeps Aug 11-18, Fri Aug
		// 21, Mon Aug 24.
		{"2015 vacancy on the 91st day before the general", ymd(2015, 8, 4), ymd(2015, 8, 11), ymd(2015, 8, 18), ymd(2015, 8, 21), ymd(2015, 8, 24), false, nil},
		// Aug 5 (G − 90): window Aug 5 … Wed Aug 19; +2 = Fri Aug 21; +2 =
		// Sun Aug 23 → Mon Aug 24.
		{"2015 vacancy on the 90th day before the general", ymd(2015, 8, 5), ymd(2015, 8, 5), ymd(2015, 8, 19), ymd(2015, 8, 21), ymd(2015, 8, 24), true, []string{"independent_vacancy_declination"}},
		// Aug 24 + 14 = Mon Sep 7 = Labor Day 2015 → Tue Sep 8; +2 = Thu
		// Sep 10 (primary day, not a holiday); +2 = Sat Sep 12 → Mon Sep 14.
		{"2015 late petition rolls past Labor Day", ymd(2015, 8, 24), ymd(2015, 8, 24), ymd(2015, 9, 8), ymd(2015, 9, 10), ymd(2015, 9, 14), true, []string{"independent_petition", "independent_vacancy_declination"}},
		// 2016: G = Nov 8, G − 91 = Tue Aug 9, G − 90 = Wed Aug 10.
		{"2016 vacancy on the 91st day before the general", ymd(2016, 8, 9), ymd(2016, 8, 16), ymd(2016, 8, 23), ymd(2016, 8, 26), ymd(2016, 8, 29), false, nil},
		// Aug 10 + 14 = Wed Aug 24; +2 = Fri Aug 26; +2 = Sun Aug 28 → Mon Aug 29.
		{"2016 vacancy on the 90th day before the general", ymd(2016, 8, 10), ymd(2016, 8, 10), ymd(2016, 8, 24), ymd(2016, 8, 26), ymd(2016, 8, 29), true, []string{"independent_vacancy_declination"}},
		// 2018: G = Nov 6, G − 91 = Tue Aug 7; G − 90 = Aug 8: Wed Aug 22,
		// Fri Aug 24, Sun Aug 26 → Mon Aug 27.
		{"2018 vacancy on the 90th day before the general", ymd(2018, 8, 8), ymd(2018, 8, 8), ymd(2018, 8, 22), ymd(2018, 8, 24), ymd(2018, 8, 27), true, []string{"independent_vacancy_declination"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := compute(Vacancy{Office: "Village Trustee", Cause: Resignation, EventDate: c.vacancy}, c.vacancy)
			ip := deadline(t, r, "independent_petition")
			if ip.WindowStart != c.start || ip.Effective != c.last {
				t.Errorf("petition %s … %s, want %s … %s", ip.WindowStart, ip.Effective, c.start, c.last)
			}
			if d := deadline(t, r, "independent_accept_decline"); d.Effective != c.ad {
				t.Errorf("accept/decline %s, want %s", d.Effective, c.ad)
			}
			if d := deadline(t, r, "independent_vacancy_declination"); d.Effective != c.vd {
				t.Errorf("vacancy declination %s, want %s", d.Effective, c.vd)
			}
			if c.late && ip.Citation != "Elec. Law § 6-158(10)" {
				t.Errorf("citation %q", ip.Citation)
			}
			if _, ok := conflictOf(r, "LATE_VACANCY"); ok != c.late {
				t.Errorf("LATE_VACANCY = %v", ok)
			}
			for _, code := range []string{"independent_petition", "independent_accept_decline", "independent_vacancy_declination"} {
				d := deadline(t, r, code)
				want := false
				for _, x := range c.rolled {
					want = want || x == code
				}
				if d.RolledOver != want {
					t.Errorf("%s rolled over = %v", code, d.RolledOver)
				}
			}
		})
	}
}

// TestSpecialElectionDeadlines: § 6-158's special-election rows count from
// the proclamation R and roll off holidays. The windows are the seed
// edition's (--edition E0: thirty to forty days); the offsets (+10 … +16)
// are the same under E1 to E3.
func TestSpecialElectionDeadlines(t *testing.T) {
	compute := seed
	type want struct {
		code      string
		statutory Date
		effective Date
	}
	cases := []struct {
		name     string
		v        Vacancy
		rows     []want
		earliest Date
		latest   Date
	}{
		{
			// R = Mon 2015-02-02. R+10 = Thu Feb 12, Lincoln's Birthday →
			// Fri Feb 13. R+12 = Sat Feb 14 → Mon Feb 16 is Washington's
			// Birthday (third Monday) → Tue Feb 17. R+14 = Feb 16 → Feb 17.
			// R+16 = Wed Feb 18. Window R+30 = Wed Mar 4 … R+40 = Sat Mar 14,
			// never rolled.
			name: "certificate rolls past Lincoln's Birthday",
			v: Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, Cause: Death, EventDate: ymd(2015, 1, 20),
				ProclamationDate: ymd(2015, 2, 2), SpecialElectionDate: ymd(2015, 3, 10)},
			rows: []want{
				{"special_election", ymd(2015, 3, 14), ymd(2015, 3, 14)},
				{"special_party_nomination_certificate", ymd(2015, 2, 12), ymd(2015, 2, 13)},
				{"special_party_accept_decline", ymd(2015, 2, 14), ymd(2015, 2, 17)},
				{"special_party_vacancy_declination", ymd(2015, 2, 16), ymd(2015, 2, 17)},
				{"special_independent_petition", ymd(2015, 2, 14), ymd(2015, 2, 17)},
				{"special_independent_accept_decline", ymd(2015, 2, 16), ymd(2015, 2, 17)},
				{"special_independent_vacancy_declination", ymd(2015, 2, 18), ymd(2015, 2, 18)},
			},
			earliest: ymd(2015, 3, 4), latest: ymd(2015, 3, 14),
		},
		{
			// R = Thu 2016-12-15. R+10 = Sun Dec 25, Christmas on a Sunday:
			// Mon Dec 26 is a holiday too → Tue Dec 27. R+12 = Tue Dec 27.
			// R+14 = Thu Dec 29. R+16 = Sat Dec 31 → Sun Jan 1 (New Year's)
			// → Mon Jan 2 (New Year's on a Sunday) → Tue Jan 3, 2017.
			name: "certificate rolls past a Sunday Christmas",
			v: Vacancy{Office: "Town Justice", Cause: Death, Appointable: No, EventDate: ymd(2016, 12, 10), TermEnd: ymd(2019, 12, 31),
				ProclamationDate: ymd(2016, 12, 15), SpecialElectionDate: ymd(2017, 1, 20)},
			rows: []want{
				{"special_party_nomination_certificate", ymd(2016, 12, 25), ymd(2016, 12, 27)},
				{"special_party_accept_decline", ymd(2016, 12, 27), ymd(2016, 12, 27)},
				{"special_party_vacancy_declination", ymd(2016, 12, 29), ymd(2016, 12, 29)},
				{"special_independent_vacancy_declination", ymd(2016, 12, 31), ymd(2017, 1, 3)},
			},
			earliest: ymd(2017, 1, 14), latest: ymd(2017, 1, 24),
		},
		{
			// R = Sat 2016-10-29. R+10 = Tue Nov 8, election day, a public
			// holiday → Wed Nov 9. R+12 = Thu Nov 10. R+14 = Sat Nov 12 →
			// Mon Nov 14. R+16 = Mon Nov 14.
			name: "certificate rolls past election day",
			v: Vacancy{Office: "Town Justice", Cause: BoardTie, EventDate: ymd(2016, 10, 20), TermEnd: ymd(2019, 12, 31),
				ProclamationDate: ymd(2016, 10, 29), SpecialElectionDate: ymd(2016, 12, 1)},
			rows: []want{
				{"special_party_nomination_certificate", ymd(2016, 11, 8), ymd(2016, 11, 9)},
				{"special_party_accept_decline", ymd(2016, 11, 10), ymd(2016, 11, 10)},
				{"special_party_vacancy_declination", ymd(2016, 11, 12), ymd(2016, 11, 14)},
				{"special_independent_vacancy_declination", ymd(2016, 11, 14), ymd(2016, 11, 14)},
			},
			earliest: ymd(2016, 11, 28), latest: ymd(2016, 12, 8),
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := compute(c.v, c.v.ProclamationDate)
			if r.Method != SpecialElection || r.FillingElection != c.v.SpecialElectionDate {
				t.Fatalf("method %s filling %s conflicts %s", r.Method, r.FillingElection, r.ConflictCodes())
			}
			if r.SpecialEarliest != c.earliest || r.SpecialLatest != c.latest {
				t.Errorf("window %s … %s", r.SpecialEarliest, r.SpecialLatest)
			}
			if len(r.Deadlines) != 8 {
				t.Errorf("%d rows: %v", len(r.Deadlines), codes(r))
			}
			// Before L.2021 ch. 320 the proclamation was discretionary.
			if d := deadline(t, r, "proclamation_deadline"); d.Applies || !strings.Contains(d.Reason, "discretion") {
				t.Errorf("proclamation_deadline %+v", d)
			}
			for _, w := range c.rows {
				d := deadline(t, r, w.code)
				if d.Statutory != w.statutory || d.Effective != w.effective || d.RolledOver != (w.statutory != w.effective) {
					t.Errorf("%s: %s → %s, want %s → %s", w.code, d.Statutory, d.Effective, w.statutory, w.effective)
				}
				if d.ElectionDate != c.v.SpecialElectionDate {
					t.Errorf("%s election %s", w.code, d.ElectionDate)
				}
			}
			if _, bad := conflictOf(r, "SPECIAL_WINDOW"); bad {
				t.Error("SPECIAL_WINDOW for a date inside the window")
			}
		})
	}
}

func TestTooLate(t *testing.T) {
	t.Run("special election held before the last filing days", func(t *testing.T) {
		compute := seed
		// R = 2015-02-02, election Feb 14 (R+12): R+14 = Feb 16 → Feb 17 and
		// R+16 = Feb 18 fall after the election: subdivision 13.
		r := compute(Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, Cause: Death, EventDate: ymd(2015, 1, 20),
			ProclamationDate: ymd(2015, 2, 2), SpecialElectionDate: ymd(2015, 2, 14)}, Date{})
		if _, ok := conflictOf(r, "SPECIAL_WINDOW"); !ok {
			t.Error("no SPECIAL_WINDOW")
		}
		late := 0
		for _, c := range r.Conflicts {
			if c.Code == "TOO_LATE" {
				late++
				if c.Severity != Warning || c.Citation != "Elec. Law § 6-158(13)" {
					t.Errorf("%+v", c)
				}
			}
		}
		// R+12 rolled to Feb 17 too: accept/decline, independent petition,
		// party vacancy declination, independent accept/decline, independent
		// vacancy declination.
		if late != 5 {
			t.Errorf("%d TOO_LATE conflicts, want 5: %s", late, r.ConflictCodes())
		}
		if d := deadline(t, r, "special_party_nomination_certificate"); strings.Contains(d.Reason, "practicable") {
			t.Errorf("R+10 = Feb 13 is before the election: %q", d.Reason)
		}
	})
	t.Run("late independent petition due after election day", func(t *testing.T) {
		// Calendar override: general election 2015 on Tue Sep 22 (a
		// fiction to force the case): a vacancy on Thu Sep 10 is before
		// September 20 and past G − 91, so § 6-158(10) gives V+14 = Thu Sep
		// 24, after that election.
		cal := NewCalendar(NewYork, []Override{{Year: 2015, General: ymd(2015, 9, 22), Source: "test"}})
		r := Compute(Vacancy{Office: "Town Clerk", Cause: Death, EventDate: ymd(2015, 9, 10)}, cal, Date{})
		d := deadline(t, r, "independent_petition")
		if d.Effective != ymd(2015, 9, 24) || !strings.Contains(d.Reason, "as soon as practicable") {
			t.Errorf("%+v", d)
		}
		if _, ok := conflictOf(r, "TOO_LATE"); !ok {
			t.Error("no TOO_LATE")
		}
	})
}

func TestStatusAgainstAsOf(t *testing.T) {
	v := Vacancy{Office: "Town Supervisor", Cause: Death, EventDate: ymd(2015, 1, 15)}
	cases := []struct {
		name string
		asOf Date
		next string
		date Date
	}{
		{"before the petition period", ymd(2015, 6, 1), "designating_petition", ymd(2015, 7, 9)},
		{"on the last day the deadline is still open", ymd(2015, 7, 9), "designating_petition", ymd(2015, 7, 9)},
		{"the day after, the next one", ymd(2015, 7, 10), "designation_accept_decline", ymd(2015, 7, 13)},
		{"after everything", ymd(2015, 12, 1), "", Date{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := compute(v, c.asOf)
			if r.NextDeadline != c.next || r.NextDeadlineDate != c.date {
				t.Errorf("next %s %s", r.NextDeadline, r.NextDeadlineDate)
			}
			for _, d := range r.Deadlines {
				want := Open
				if d.Effective.Before(c.asOf) {
					want = Passed
				}
				if d.Status != want {
					t.Errorf("%s status %s", d.Code, d.Status)
				}
			}
		})
	}
}
