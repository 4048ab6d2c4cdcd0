package nylaw

import (
	"strings"
	"testing"

	. "batch/pkg/compute"
)

// generalOf is G(Y) worked by hand: the Tuesday next after the first
// Monday of November (Elec. Law § 8-100(1)(c)).
var generalOf = map[int]Date{
	2009: ymd(2009, 11, 3), 2010: ymd(2010, 11, 2), 2011: ymd(2011, 11, 8), 2012: ymd(2012, 11, 6),
	2013: ymd(2013, 11, 5), 2014: ymd(2014, 11, 4), 2015: ymd(2015, 11, 3), 2016: ymd(2016, 11, 8),
	2017: ymd(2017, 11, 7), 2018: ymd(2018, 11, 6), 2019: ymd(2019, 11, 5), 2020: ymd(2020, 11, 3),
	2021: ymd(2021, 11, 2), 2022: ymd(2022, 11, 8), 2023: ymd(2023, 11, 7), 2024: ymd(2024, 11, 5),
	2025: ymd(2025, 11, 4), 2026: ymd(2026, 11, 3),
	// Nov 1, 2027 is a Monday: Tuesday Nov 2. Nov 1, 2028 is a Wednesday:
	// the first Monday is Nov 6, Tuesday Nov 7.
	2027: ymd(2027, 11, 2), 2028: ymd(2028, 11, 7),
}

func TestVacancyDate(t *testing.T) {
	cases := []struct {
		name     string
		v        Vacancy
		want     Date
		conflict string
	}{
		{"death dates from the day of death", Vacancy{Cause: Death, EventDate: ymd(2016, 3, 5)}, ymd(2016, 3, 5), ""},
		{"resignation from its effective date", Vacancy{Cause: Resignation, EventDate: ymd(2016, 6, 30)}, ymd(2016, 6, 30), ""},
		// Term began Fri 2016-01-01; thirty days after is Jan 31, the last
		// day to file; vacant the next day, Feb 1 = Jan 1 + 31.
		{"unfiled oath: the day after the thirty days", Vacancy{Cause: OathNotFiled, TermStart: ymd(2016, 1, 1)}, ymd(2016, 2, 1), ""},
		{"unfiled oath with a given date uses it", Vacancy{Cause: OathNotFiled, TermStart: ymd(2016, 1, 1), EventDate: ymd(2016, 3, 15)}, ymd(2016, 3, 15), ""},
		{"unfiled oath of a soldier is flagged", Vacancy{Cause: OathNotFiled, TermStart: ymd(2016, 1, 1), Notes: "Officer is on Active Duty overseas"}, ymd(2016, 2, 1), "ARMED_FORCES"},
		{"unfiled oath with neither date needs input", Vacancy{Cause: OathNotFiled}, Date{}, "NEEDS_INPUT"},
		{"expiration of term: the day after the term ends", Vacancy{Cause: TermExpiration, TermEnd: ymd(2017, 6, 30)}, ymd(2017, 7, 1), ""},
		{"expiration of term without term_end needs input", Vacancy{Cause: TermExpiration}, Date{}, "NEEDS_INPUT"},
		{"failure to elect: the day after the election", Vacancy{Cause: FailureToElect, EventDate: ymd(2015, 11, 4)}, ymd(2015, 11, 4), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.v.Office = "Town Clerk"
			r := compute(c.v, Date{})
			if r.VacancyDate != c.want {
				t.Errorf("vacancy date %s, want %s", r.VacancyDate, c.want)
			}
			if c.conflict != "" {
				if _, ok := conflictOf(r, c.conflict); !ok {
					t.Errorf("no %s: %s", c.conflict, r.ConflictCodes())
				}
			} else if r.Severity() > Info {
				t.Errorf("unexpected conflicts %s", r.ConflictCodes())
			}
			if c.want.IsZero() && (r.Method != "" || r.FillingElection != (Date{})) {
				t.Errorf("no vacancy date but method %q", r.Method)
			}
		})
	}
}

func TestResidencyExemptions(t *testing.T) {
	cases := []struct {
		office, county, cite string
	}{
		{"Police Officer", "Albany", "Pub. Off. Law § 30(4)"},
		{"Sanitation Worker", "Kings", "Pub. Off. Law § 30(4-a), (5)"},
		{"Firefighter", "Erie", "Pub. Off. Law § 30(4-b), (5)"},
		{"Correction Officer", "Bronx", "Pub. Off. Law § 30(5)"},
		{"Health Inspector", "New York", "Pub. Off. Law § 30(5)"},
		{"Commissioner of Public Works, City of Troy", "Rensselaer", "Pub. Off. Law § 30(6)"},
		{"City Manager, City of Troy", "Rensselaer", ""},
		{"Hudson City Court Judge", "Columbia", "Pub. Off. Law § 30(7)"},
		{"Deputy Sheriff", "Nassau", "Pub. Off. Law § 30(8)"},
		{"Deputy Sheriff", "Suffolk", ""},
		{"Town Supervisor", "Albany", ""},
	}
	for _, c := range cases {
		t.Run(c.office+" in "+c.county, func(t *testing.T) {
			r := compute(Vacancy{Office: c.office, County: c.county, Cause: Nonresidence, EventDate: ymd(2016, 2, 1)}, Date{})
			got, ok := conflictOf(r, "RESIDENCY_EXEMPT")
			if ok != (c.cite != "") || got.Citation != c.cite {
				t.Errorf("RESIDENCY_EXEMPT %v %q, want %q", ok, got.Citation, c.cite)
			}
			if ok && got.Severity != Warning {
				t.Errorf("severity %s", got.Severity)
			}
			if r.Method != GeneralElection {
				t.Errorf("method %s: the warning does not stop the computation", r.Method)
			}
		})
	}
	t.Run("a police officer who died is no residency question", func(t *testing.T) {
		r := compute(Vacancy{Office: "Police Officer", Cause: Death, EventDate: ymd(2016, 2, 1)}, Date{})
		if _, ok := conflictOf(r, "RESIDENCY_EXEMPT"); ok {
			t.Error("RESIDENCY_EXEMPT for a death")
		}
	})
}

func TestNotCoveredAndNotElective(t *testing.T) {
	cases := []struct {
		name   string
		v      Vacancy
		method Method
		codes  []string
	}{
		{"governor: constitutional succession", Vacancy{Office: "Governor", Class: Governor, Cause: Death, EventDate: ymd(2016, 3, 1)}, NotCovered, []string{"NOT_COVERED"}},
		{"lieutenant governor: constitutional succession", Vacancy{Office: "Lieutenant Governor", Class: LieutenantGovernor, Cause: Resignation, EventDate: ymd(2016, 3, 1)}, NotCovered, []string{"NOT_COVERED"}},
		{"governor with a proclamation", Vacancy{Office: "Governor", Class: Governor, Cause: Death, EventDate: ymd(2016, 3, 1), ProclamationDate: ymd(2016, 3, 5)}, NotCovered, []string{"NOT_COVERED", "SPECIAL_NOT_AUTHORIZED"}},
		{"board member who missed three meetings", Vacancy{Office: "Member, Thruway Authority", Cause: MissedMeetings, EventDate: ymd(2016, 3, 1)}, NotElective, []string{"NOT_ELECTIVE"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := compute(c.v, Date{})
			if r.Method != c.method || !r.FillingElection.IsZero() || len(r.Deadlines) != 0 {
				t.Errorf("method %s filling %s rows %d", r.Method, r.FillingElection, len(r.Deadlines))
			}
			if got := r.ConflictCodes(); got != strings.Join(c.codes, ", ") {
				t.Errorf("conflicts %s", got)
			}
		})
	}
}

// TestSeptember20 is § 42(1) across ten years: September 19 goes to the
// year's general election, September 20 to next year's.
func TestSeptember20(t *testing.T) {
	for y := 2009; y <= 2018; y++ {
		t.Run("vacancy on September 19, "+itoa(y), func(t *testing.T) {
			r := compute(Vacancy{Office: "County Legislator", Cause: Death, EventDate: ymd(y, 9, 19)}, Date{})
			if r.Method != GeneralElection || r.FillingElection != generalOf[y] {
				t.Errorf("%s %s, want %s", r.Method, r.FillingElection, generalOf[y])
			}
			if _, ok := conflictOf(r, "AFTER_SEPT_20"); ok {
				t.Error("AFTER_SEPT_20 before September 20")
			}
		})
		t.Run("vacancy on September 20, "+itoa(y), func(t *testing.T) {
			r := compute(Vacancy{Office: "County Legislator", Cause: Death, EventDate: ymd(y, 9, 20)}, Date{})
			if r.Method != GeneralElection || r.FillingElection != generalOf[y+1] {
				t.Errorf("%s %s, want %s", r.Method, r.FillingElection, generalOf[y+1])
			}
			c, ok := conflictOf(r, "AFTER_SEPT_20")
			if !ok || c.Severity != Info || c.Citation != "Pub. Off. Law § 42(1)" {
				t.Errorf("AFTER_SEPT_20 %v %+v", ok, c)
			}
		})
	}
	t.Run("a December vacancy goes to next year without the September note", func(t *testing.T) {
		r := compute(Vacancy{Office: "County Legislator", Cause: Death, EventDate: ymd(2015, 12, 1)}, Date{})
		if r.FillingElection != generalOf[2016] {
			t.Errorf("filling %s", r.FillingElection)
		}
		if _, ok := conflictOf(r, "AFTER_SEPT_20"); ok {
			t.Error("AFTER_SEPT_20 after the general election")
		}
	})
}

// TestLegislatureApril1 is § 42(4) for the legislature: the term's last
// year is the even year (default term end December 31).
func TestLegislatureApril1(t *testing.T) {
	for _, y := range []int{2010, 2012, 2014, 2016, 2018, 2020, 2022, 2024} {
		cases := []struct {
			name    string
			vacancy Date
			session Date
			method  Method
			barred  bool
		}{
			{"March 31: before April 1, special or general", ymd(y, 3, 31), Date{}, SpecialOrGeneral, false},
			// Statute: "unless the vacancy occurs before the first day of
			// April ... or unless the vacancy occurs ... after such first
			// day of April and a special session": April 1 is in neither.
			{"April 1: barred", ymd(y, 4, 1), Date{}, NoElection, true},
			{"April 1 with a special session: still barred (statute's gap)", ymd(y, 4, 1), ymd(y, 6, 1), NoElection, true},
			{"April 2: barred", ymd(y, 4, 2), Date{}, NoElection, true},
			{"April 2 with a special session: bar lifted", ymd(y, 4, 2), ymd(y, 6, 1), SpecialOrGeneral, false},
			{"odd year before: not the last year", ymd(y-1, 10, 1), Date{}, SpecialOrGeneral, false},
		}
		for _, c := range cases {
			t.Run(itoa(y)+" member of assembly "+c.name, func(t *testing.T) {
				r := compute(Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, District: "54", Cause: Death,
					EventDate: c.vacancy, SpecialSessionDate: c.session}, Date{})
				if r.Method != c.method {
					t.Fatalf("method %s, want %s (%s)", r.Method, c.method, r.ConflictCodes())
				}
				if r.TermEnd != ymd(y, 12, 31) {
					t.Errorf("default term end %s", r.TermEnd)
				}
				b, ok := conflictOf(r, "SPECIAL_BARRED")
				if ok != c.barred || (ok && b.Severity != Info) {
					t.Errorf("SPECIAL_BARRED %v %+v", ok, b)
				}
				if c.barred && (len(r.Deadlines) != 0 || !r.FillingElection.IsZero()) {
					t.Errorf("barred but filling %s with %d deadlines", r.FillingElection, len(r.Deadlines))
				}
				if !c.barred {
					want := generalOf[c.vacancy.Year]
					if c.vacancy.Month >= 9 && c.vacancy.Day >= 20 || c.vacancy.Month >= 10 {
						want = generalOf[c.vacancy.Year+1]
					}
					if r.FillingElection != want {
						t.Errorf("filling %s, want %s", r.FillingElection, want)
					}
				}
			})
		}
	}
	t.Run("state senator with a proclamation after April 1 of the last year: error", func(t *testing.T) {
		r := compute(Vacancy{Office: "State Senator", Class: StateSenator, Cause: Death, EventDate: ymd(2016, 4, 8),
			ProclamationDate: ymd(2016, 4, 20), SpecialElectionDate: ymd(2016, 5, 25)}, Date{})
		b, ok := conflictOf(r, "SPECIAL_BARRED")
		if r.Method != NoElection || !ok || b.Severity != Error {
			t.Errorf("method %s %+v", r.Method, b)
		}
	})
}

// TestRepresentativeJuly1 is § 42(4) for congress: "on or before the first
// day of July of the last year of the term".
func TestRepresentativeJuly1(t *testing.T) {
	for _, y := range []int{2010, 2012, 2014, 2016, 2018, 2020, 2022, 2024} {
		cases := []struct {
			name    string
			vacancy Date
			session Date
			method  Method
		}{
			{"July 1: special or general", ymd(y, 7, 1), Date{}, SpecialOrGeneral},
			{"July 2: barred", ymd(y, 7, 2), Date{}, NoElection},
			{"July 2 with a special session of congress", ymd(y, 7, 2), ymd(y, 11, 15), SpecialOrGeneral},
		}
		for _, c := range cases {
			t.Run(itoa(y)+" "+c.name, func(t *testing.T) {
				r := compute(Vacancy{Office: "Representative in Congress", Class: USRepresentative, District: "12", Cause: Resignation,
					EventDate: c.vacancy, SpecialSessionDate: c.session}, Date{})
				if r.Method != c.method {
					t.Fatalf("method %s, want %s", r.Method, c.method)
				}
				// Default term: the first January 3 of an odd year after V.
				if r.TermEnd != ymd(y+1, 1, 3) {
					t.Errorf("term end %s", r.TermEnd)
				}
				_, fed := conflictOf(r, "FEDERAL_CALENDAR")
				if wantFed := c.method != NoElection && y >= 2012 && y <= 2018; fed != wantFed {
					t.Errorf("FEDERAL_CALENDAR = %v", fed)
				}
				if c.method == SpecialOrGeneral && r.FillingElection != generalOf[y] {
					t.Errorf("filling %s", r.FillingElection)
				}
			})
		}
	}
}

// TestUSSenator is § 42(4-a) around the 60th/59th day before the primary.
func TestUSSenator(t *testing.T) {
	cases := []struct {
		year     int
		p60, p59 Date // P − 60, P − 59 worked by hand from the primary
	}{
		{2010, ymd(2010, 7, 16), ymd(2010, 7, 17)}, // P = Tue Sep 14
		{2012, ymd(2012, 7, 15), ymd(2012, 7, 16)}, // P = Thu Sep 13 (moved)
		{2014, ymd(2014, 7, 11), ymd(2014, 7, 12)}, // P = Tue Sep 9
		{2016, ymd(2016, 7, 15), ymd(2016, 7, 16)}, // P = Tue Sep 13
		{2018, ymd(2018, 7, 15), ymd(2018, 7, 16)}, // P = Thu Sep 13 (moved)
		// From L.2019 ch. 5 the primary is the fourth Tuesday of June
		// (E2 on): P − 30 days lands in May (31 days), P − 60 in April.
		{2020, ymd(2020, 4, 24), ymd(2020, 4, 25)}, // P = Tue Jun 23
		{2022, ymd(2022, 4, 29), ymd(2022, 4, 30)}, // P = Tue Jun 28 (the statewide one, not Aug 23)
		{2024, ymd(2024, 4, 26), ymd(2024, 4, 27)}, // P = Tue Jun 25 (not the Apr 2 presidential primary)
		{2026, ymd(2026, 4, 24), ymd(2026, 4, 25)}, // P = Tue Jun 23
	}
	for _, c := range cases {
		t.Run(itoa(c.year)+" on the sixtieth day before the primary", func(t *testing.T) {
			r := compute(Vacancy{Office: "United States Senator", Class: USSenator, Cause: Death, EventDate: c.p60}, Date{})
			if r.Method != TemporaryAppointment || r.AppointmentUntil != ymd(c.year+1, 1, 3) || r.FillingElection != generalOf[c.year] {
				t.Errorf("%s until %s election %s", r.Method, r.AppointmentUntil, r.FillingElection)
			}
			if len(r.Deadlines) == 0 || r.Deadlines[0].ElectionDate != generalOf[c.year] {
				t.Errorf("deadlines of the wrong election")
			}
		})
		t.Run(itoa(c.year)+" on the fifty-ninth day before the primary", func(t *testing.T) {
			r := compute(Vacancy{Office: "United States Senator", Class: USSenator, Cause: Death, EventDate: c.p59}, Date{})
			if r.Method != TemporaryAppointment || r.AppointmentUntil != ymd(c.year+3, 1, 3) || r.FillingElection != generalOf[c.year+2] {
				t.Errorf("%s until %s election %s", r.Method, r.AppointmentUntil, r.FillingElection)
			}
		})
		t.Run(itoa(c.year+1)+" odd year", func(t *testing.T) {
			r := compute(Vacancy{Office: "United States Senator", Class: USSenator, Cause: Resignation, EventDate: ymd(c.year+1, 3, 1)}, Date{})
			if r.AppointmentUntil != ymd(c.year+3, 1, 3) || r.FillingElection != generalOf[c.year+2] {
				t.Errorf("until %s election %s", r.AppointmentUntil, r.FillingElection)
			}
		})
	}
	t.Run("a vacancy of 2026-05-01 is after P − 60: appointment to 2029", func(t *testing.T) {
		// The spec's worked example (§ 42(4-a) with the June primary):
		// P − 60 = 2026-04-24, so the appointment runs to 2029-01-03 and the
		// election is the general election of 2028 (Nov 7, 2028).
		r := compute(Vacancy{Office: "United States Senator", Class: USSenator, Cause: Resignation, EventDate: ymd(2026, 5, 1)}, Date{})
		if r.AppointmentUntil != ymd(2029, 1, 3) || r.FillingElection != ymd(2028, 11, 7) {
			t.Errorf("until %s election %s", r.AppointmentUntil, r.FillingElection)
		}
	})
	t.Run("under the seed edition the 2020 primary is September's", func(t *testing.T) {
		// --edition E0: P(2020) = Tue Sep 15 (second Monday Sep 14), P − 60 = Jul 17.
		r := seed(Vacancy{Office: "United States Senator", Class: USSenator, Cause: Death, EventDate: ymd(2020, 7, 17)}, Date{})
		if r.AppointmentUntil != ymd(2021, 1, 3) || r.LawEdition != "E0" {
			t.Errorf("until %s (%s)", r.AppointmentUntil, r.LawEdition)
		}
	})
	t.Run("a proclamation is not authorized", func(t *testing.T) {
		r := compute(Vacancy{Office: "United States Senator", Class: USSenator, Cause: Death, EventDate: ymd(2017, 3, 1), ProclamationDate: ymd(2017, 3, 5)}, Date{})
		if _, ok := conflictOf(r, "SPECIAL_NOT_AUTHORIZED"); !ok || r.Method != TemporaryAppointment {
			t.Errorf("%s %s", r.Method, r.ConflictCodes())
		}
	})
}

// TestJudgesThreeMonths: N.Y. Const. art. VI § 21(a), the first general
// election at least three months after the vacancy.
func TestJudgesThreeMonths(t *testing.T) {
	cases := []struct {
		name    string
		class   OfficeClass
		vacancy Date
		want    Date
	}{
		{"2015: three months on is election day itself", SupremeCourtJustice, ymd(2015, 8, 3), generalOf[2015]},    // Nov 3 = G
		{"2015: one day later misses it", SupremeCourtJustice, ymd(2015, 8, 4), generalOf[2016]},                   // Nov 4 > Nov 3
		{"2015: August 31 clamps to November 30", SupremeCourtJustice, ymd(2015, 8, 31), generalOf[2016]},          // Nov 30
		{"2014: on the day", CountyLevelJudge, ymd(2014, 8, 4), generalOf[2014]},                                   // Nov 4 = G
		{"2014: a day late", CountyLevelJudge, ymd(2014, 8, 5), generalOf[2015]},                                   // Nov 5
		{"2016: on the day", SupremeCourtJustice, ymd(2016, 8, 8), generalOf[2016]},                                // Nov 8 = G
		{"2016: a day late", SupremeCourtJustice, ymd(2016, 8, 9), generalOf[2017]},                                // Nov 9
		{"2017: on the day", CountyLevelJudge, ymd(2017, 8, 7), generalOf[2017]},                                   // Nov 7 = G
		{"2013: November 30 clamps to February 28", CountyLevelJudge, ymd(2013, 11, 30), generalOf[2014]},          // 2014-02-28
		{"2018: before September 20 but too close", CountyLevelJudge, ymd(2018, 9, 1), generalOf[2019]},            // Dec 1
		{"2012: a vacancy in May is filled that November", SupremeCourtJustice, ymd(2012, 5, 31), generalOf[2012]}, // Aug 31
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := compute(Vacancy{Office: "Judge", Class: c.class, Cause: Death, EventDate: c.vacancy}, Date{})
			if r.Method != GeneralElection || r.FillingElection != c.want {
				t.Errorf("%s %s, want %s", r.Method, r.FillingElection, c.want)
			}
			if _, ok := conflictOf(r, "AFTER_SEPT_20"); ok {
				t.Error("the September-20 rule does not govern judges")
			}
		})
	}
	t.Run("a board tie for a judge is still the constitution's general election", func(t *testing.T) {
		r := compute(Vacancy{Office: "County Judge", Class: CountyLevelJudge, Cause: BoardTie, EventDate: ymd(2015, 3, 1)}, Date{})
		if r.Method != GeneralElection {
			t.Errorf("method %s: step 4 comes before step 6", r.Method)
		}
	})
}

// TestTermExpiration is § 42(2).
func TestTermExpiration(t *testing.T) {
	t.Run("term ending December 31 of an even year: that year's general election", func(t *testing.T) {
		r := compute(Vacancy{Office: "Surrogate", Cause: TermExpiration, TermEnd: ymd(2016, 12, 31), NextFullTermYear: 2018}, ymd(2016, 1, 1))
		if r.VacancyDate != ymd(2017, 1, 1) || r.Method != GeneralElection || r.FillingElection != generalOf[2016] {
			t.Fatalf("%s %s %s", r.VacancyDate, r.Method, r.FillingElection)
		}
		// The regular 2016 calendar (deadlines_test.go), all before V and
		// none TOO_LATE.
		dp := deadline(t, r, "designating_petition")
		if dp.WindowStart != ymd(2016, 7, 11) || dp.Effective != ymd(2016, 7, 14) || !dp.Applies {
			t.Errorf("%+v", dp)
		}
		if _, ok := conflictOf(r, "TOO_LATE"); ok {
			t.Error("TOO_LATE for a foreseen vacancy")
		}
		if _, ok := conflictOf(r, "LATE_VACANCY"); ok {
			t.Error("LATE_VACANCY for a foreseen vacancy")
		}
		if r.Severity() > Info {
			t.Errorf("conflicts %s", r.ConflictCodes())
		}
		if !strings.Contains(r.Basis, "§ 42(2)") {
			t.Errorf("basis %q", r.Basis)
		}
	})
	t.Run("without next_full_term_year: needs input, election still computed", func(t *testing.T) {
		r := compute(Vacancy{Office: "Surrogate", Cause: TermExpiration, TermEnd: ymd(2018, 12, 31)}, Date{})
		c, ok := conflictOf(r, "NEEDS_INPUT")
		if !ok || c.Field != "next_full_term_year" || r.FillingElection != generalOf[2018] {
			t.Errorf("%+v %s", c, r.FillingElection)
		}
	})
	t.Run("term ending in an odd year: the September-20 rule", func(t *testing.T) {
		r := compute(Vacancy{Office: "Town Justice", Cause: TermExpiration, TermEnd: ymd(2017, 12, 31)}, Date{})
		if r.VacancyDate != ymd(2018, 1, 1) || r.FillingElection != generalOf[2018] {
			t.Errorf("%s %s", r.VacancyDate, r.FillingElection)
		}
	})
	t.Run("term ending June 30 of an even year: § 42(2) does not apply", func(t *testing.T) {
		r := compute(Vacancy{Office: "Town Justice", Cause: TermExpiration, TermEnd: ymd(2016, 6, 30)}, Date{})
		if r.VacancyDate != ymd(2016, 7, 1) || r.FillingElection != generalOf[2016] {
			t.Errorf("%s %s", r.VacancyDate, r.FillingElection)
		}
	})
}

func TestDefaultTermEnds(t *testing.T) {
	cases := []struct {
		class   OfficeClass
		vacancy Date
		want    Date
	}{
		{USRepresentative, ymd(2025, 1, 2), ymd(2025, 1, 3)},
		{USRepresentative, ymd(2025, 1, 3), ymd(2027, 1, 3)},
		{USRepresentative, ymd(2026, 5, 1), ymd(2027, 1, 3)},
		{StateSenator, ymd(2025, 6, 1), ymd(2026, 12, 31)},
		{MemberOfAssembly, ymd(2026, 12, 31), ymd(2026, 12, 31)},
		{MemberOfAssembly, ymd(2027, 1, 1), ymd(2028, 12, 31)},
	}
	for _, c := range cases {
		t.Run(string(c.class)+" vacant "+c.vacancy.String(), func(t *testing.T) {
			r := compute(Vacancy{Office: "x", Class: c.class, Cause: Death, EventDate: c.vacancy}, Date{})
			if r.TermEnd != c.want {
				t.Errorf("term end %s, want %s", r.TermEnd, c.want)
			}
		})
	}
}

func TestTermCheck(t *testing.T) {
	t.Run("term ends before the general election: nothing to fill", func(t *testing.T) {
		r := compute(Vacancy{Office: "Village Trustee", Cause: Death, EventDate: ymd(2016, 2, 1), TermEnd: ymd(2016, 6, 30)}, Date{})
		c, ok := conflictOf(r, "TERM_ENDS_FIRST")
		if r.Method != NoElection || !ok || c.Severity != Warning || len(r.Deadlines) != 0 {
			t.Errorf("%s %s", r.Method, r.ConflictCodes())
		}
	})
	t.Run("election in the term's last year fills only the remainder", func(t *testing.T) {
		r := compute(Vacancy{Office: "Town Supervisor", Cause: Death, EventDate: ymd(2017, 2, 1), TermEnd: ymd(2017, 12, 31)}, Date{})
		found := false
		for _, s := range r.Steps {
			found = found || strings.Contains(s.Text, "remainder")
		}
		if r.Method != GeneralElection || !found {
			t.Errorf("%s %+v", r.Method, r.Steps)
		}
	})
	t.Run("representative's Jan 3 term: last year is the year before", func(t *testing.T) {
		r := compute(Vacancy{Office: "Rep", Class: USRepresentative, Cause: Death, EventDate: ymd(2026, 3, 1), TermEnd: ymd(2027, 1, 3)}, Date{})
		found := false
		for _, s := range r.Steps {
			found = found || strings.Contains(s.Text, "remainder")
		}
		if r.Method != SpecialOrGeneral || r.FillingElection != generalOf[2026] || !found {
			t.Errorf("%s %s", r.Method, r.FillingElection)
		}
	})
}

// TestProclamations is the seed edition's § 42(3) (--edition E0): thirty to
// forty days. The law by date gives 2015 seventy to eighty days (E1), see
// TestSpecialWindowsByEdition.
func TestProclamations(t *testing.T) {
	compute := seed
	base := Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, Cause: Death, EventDate: ymd(2015, 1, 20), ProclamationDate: ymd(2015, 2, 2)}
	// R = 2015-02-02: R+30 = Mar 4, R+40 = Mar 14.
	cases := []struct {
		name    string
		special Date
		window  bool
	}{
		{"on the thirtieth day", ymd(2015, 3, 4), false},
		{"on the fortieth day", ymd(2015, 3, 14), false},
		{"on the twenty-ninth day", ymd(2015, 3, 3), true},
		{"on the forty-first day", ymd(2015, 3, 15), true},
	}
	for _, c := range cases {
		t.Run("special election "+c.name, func(t *testing.T) {
			v := base
			v.SpecialElectionDate = c.special
			r := compute(v, Date{})
			sw, ok := conflictOf(r, "SPECIAL_WINDOW")
			if ok != c.window || (ok && sw.Severity != Error) {
				t.Errorf("SPECIAL_WINDOW %v", ok)
			}
			if r.Method != SpecialElection || r.FillingElection != c.special {
				t.Errorf("%s %s", r.Method, r.FillingElection)
			}
		})
	}
	t.Run("proclamation before the vacancy", func(t *testing.T) {
		v := base
		v.ProclamationDate = ymd(2015, 1, 10)
		r := compute(v, Date{})
		if c, ok := conflictOf(r, "DATE_ORDER"); !ok || c.Field != "proclamation_date" {
			t.Errorf("%s", r.ConflictCodes())
		}
	})
	t.Run("proclamation without the election day", func(t *testing.T) {
		r := compute(base, Date{})
		if c, ok := conflictOf(r, "NEEDS_INPUT"); !ok || c.Field != "special_election_date" {
			t.Errorf("%s", r.ConflictCodes())
		}
		// A special election fills it: until its day is given only the
		// window is shown, never the general election (issue 32).
		if r.Method != SpecialElection || !r.FillingElection.IsZero() || r.SpecialLatest != ymd(2015, 3, 14) {
			t.Errorf("%s %s", r.Method, r.FillingElection)
		}
	})
	t.Run("proclamation for a town clerk who can be appointed", func(t *testing.T) {
		r := compute(Vacancy{Office: "Town Clerk", Cause: Death, EventDate: ymd(2015, 1, 20), ProclamationDate: ymd(2015, 2, 2)}, Date{})
		if c, ok := conflictOf(r, "SPECIAL_NOT_AUTHORIZED"); !ok || c.Severity != Error || r.Method != GeneralElection {
			t.Errorf("%s %s", r.Method, r.ConflictCodes())
		}
	})
	t.Run("failure to elect lets the governor proclaim", func(t *testing.T) {
		r := compute(Vacancy{Office: "County Clerk", Cause: FailureToElect, EventDate: ymd(2015, 11, 4)}, Date{})
		if r.Method != SpecialOrGeneral || r.FillingElection != generalOf[2016] {
			t.Errorf("%s %s", r.Method, r.FillingElection)
		}
	})
	t.Run("event before the term began", func(t *testing.T) {
		r := compute(Vacancy{Office: "Town Clerk", Cause: Resignation, EventDate: ymd(2015, 12, 1), TermStart: ymd(2016, 1, 1)}, Date{})
		if c, ok := conflictOf(r, "DATE_ORDER"); !ok || c.Field != "event_date" {
			t.Errorf("%s", r.ConflictCodes())
		}
	})
}

func TestExplanationAndSteps(t *testing.T) {
	r := compute(Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, Cause: Death, EventDate: ymd(2015, 3, 1)}, ymd(2015, 6, 1))
	if !strings.Contains(r.Explanation, "2015-11-03") || !strings.Contains(r.Explanation, "designating petition, 2015-07-09") {
		t.Errorf("explanation %q", r.Explanation)
	}
	if len(r.Steps) < 3 || r.Steps[0].Rule != "vacancy date" {
		t.Fatalf("steps %+v", r.Steps)
	}
	for _, s := range r.Steps {
		if s.Citation == "" || s.Text == "" {
			t.Errorf("step without citation or text: %+v", s)
		}
	}
	if r.Basis == "" || !strings.Contains(r.Basis, "Pub. Off. Law § 42(4)") {
		t.Errorf("basis %q", r.Basis)
	}
}
