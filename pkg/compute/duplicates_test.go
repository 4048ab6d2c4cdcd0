package compute_test

import (
	"strings"
	"testing"

	. "batch/pkg/compute"
)

func TestSameVacancyAndSameSeat(t *testing.T) {
	key := func(v Vacancy) VacancyKey {
		r := computeNY(v, Date{})
		return DuplicateKey(&r)
	}
	// A death is a vacancy on the day of death (Pub. Off. Law § 30(1)(a)),
	// so these rows' vacancy dates are their event dates.
	white := Vacancy{ID: "a", Office: "Village Trustee", District: "Village of Warwick", County: "Orange",
		Incumbent: "Elizabeth White", Cause: Death, EventDate: ymd(2026, 2, 26)}
	cases := []struct {
		name             string
		other            Vacancy
		sameSeat, sameVa bool
	}{
		{"the same row typed again in other case and spacing is one vacancy",
			Vacancy{ID: "b", Office: "  village   TRUSTEE ", District: "village of warwick", County: "ORANGE",
				Incumbent: "elizabeth  white", Cause: Death, EventDate: ymd(2026, 2, 26)}, true, true},
		{"a row that names no incumbent is the same vacancy when the rest agrees",
			Vacancy{ID: "b", Office: "Village Trustee", District: "Village of Warwick", County: "Orange",
				Cause: Death, EventDate: ymd(2026, 2, 26)}, true, true},
		{"another person's vacancy of the same seat is two vacancies in one seat",
			Vacancy{ID: "b", Office: "Village Trustee", District: "Village of Warwick", County: "Orange",
				Incumbent: "Elizabeth Campbell", Cause: Death, EventDate: ymd(2026, 2, 8)}, true, false},
		{"another person on the same day is still another vacancy",
			Vacancy{ID: "b", Office: "Village Trustee", District: "Village of Warwick", County: "Orange",
				Incumbent: "Elizabeth Campbell", Cause: Death, EventDate: ymd(2026, 2, 26)}, true, false},
		{"the same person's seat vacant again on another day is another vacancy",
			Vacancy{ID: "b", Office: "Village Trustee", District: "Village of Warwick", County: "Orange",
				Incumbent: "Elizabeth White", Cause: Resignation, EventDate: ymd(2026, 6, 1)}, true, false},
		{"another district is another seat",
			Vacancy{ID: "b", Office: "Village Trustee", District: "Village of Goshen", County: "Orange",
				Incumbent: "Elizabeth White", Cause: Death, EventDate: ymd(2026, 2, 26)}, false, false},
	}
	a := key(white)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := key(tc.other)
			if got := a.SameSeat(b); got != tc.sameSeat {
				t.Errorf("SameSeat = %v, want %v (%q, %q)", got, tc.sameSeat, a.Seat, b.Seat)
			}
			if got := a.SameVacancy(b); got != tc.sameVa || b.SameVacancy(a) != got {
				t.Errorf("SameVacancy = %v, want %v, either way round (%+v, %+v)", got, tc.sameVa, a, b)
			}
		})
	}
	t.Run("district 03 is not district 3", func(t *testing.T) {
		three := key(Vacancy{Office: "Member of Assembly", District: "3", County: "Kings", Cause: Death, EventDate: ymd(2015, 3, 1)})
		oThree := key(Vacancy{Office: "Member of Assembly", District: "03", County: "Kings", Cause: Death, EventDate: ymd(2015, 3, 1)})
		if three.SameSeat(oThree) {
			t.Error("district text must stay as given")
		}
	})
	t.Run("the vacancy date is the key's date", func(t *testing.T) {
		if a.Date != ymd(2026, 2, 26) {
			t.Errorf("date %v, want 2026-02-26", a.Date)
		}
	})
	t.Run("nil has no seat", func(t *testing.T) {
		if k := DuplicateKey(nil); k.Seat != "" || k.SameSeat(k) {
			t.Errorf("%+v", k)
		}
	})
}

func TestCrossRowConflictsNameTheOtherRows(t *testing.T) {
	others := []string{"statewide.xlsx:Upstate:156 (NY-0000188)", "b.csv:4"}
	cases := []struct {
		c        Conflict
		code     string
		severity Severity
	}{
		{DuplicateConflict(others), "DUPLICATE_VACANCY", Warning},
		{SameSeatConflict(others), "SAME_SEAT", Info},
	}
	for _, tc := range cases {
		t.Run(tc.code, func(t *testing.T) {
			if tc.c.Code != tc.code || tc.c.Severity != tc.severity || tc.c.Citation == "" {
				t.Errorf("%+v", tc.c)
			}
			if !strings.Contains(tc.c.Message, "statewide.xlsx:Upstate:156 (NY-0000188), b.csv:4") {
				t.Errorf("message does not name the other rows: %s", tc.c.Message)
			}
		})
	}
	if !strings.Contains(SameSeatConflict(others).Message, "Two vacancies in one seat") {
		t.Error("SAME_SEAT does not say what it is")
	}
}

func TestTwoVacanciesInOneSeat(t *testing.T) {
	key := func(v Vacancy) VacancyKey {
		r := computeNY(v, Date{})
		return DuplicateKey(&r)
	}
	trustee := func(who string, died Date) Vacancy {
		return Vacancy{Office: "Village Trustee", District: "Village of Warwick", County: "Orange",
			Incumbent: who, Cause: Death, EventDate: died}
	}
	// A village trustee's vacancy before September 20 is filled at that
	// year's general election (Pub. Off. Law § 42(1)): Tue 2026-11-03 for
	// both February deaths; the general election of 2027 (Tue 2027-11-02)
	// for a death in October 2026.
	white := key(trustee("Elizabeth White", ymd(2026, 2, 26)))
	campbell := key(trustee("Elizabeth Campbell", ymd(2026, 2, 8)))
	later := key(trustee("John Smith", ymd(2026, 10, 1)))
	if white.Election != ymd(2026, 11, 3) || later.Election != ymd(2027, 11, 2) {
		t.Fatalf("filling elections %v and %v, want 2026-11-03 and 2027-11-02", white.Election, later.Election)
	}
	cases := []struct {
		name string
		a, b VacancyKey
		want bool
	}{
		{"two people's vacancies waiting for one election", white, campbell, true},
		{"the seat's next vacancy, at the next year's election", white, later, false},
		{"one vacancy entered twice is a duplicate, not two", white, white, false},
		{"rows with no filling election are not compared", VacancyKey{Seat: "x"}, VacancyKey{Seat: "x", Incumbent: "y"}, false},
	}
	for _, tc := range cases {
		if got := tc.a.TwoInOneSeat(tc.b); got != tc.want || tc.b.TwoInOneSeat(tc.a) != got {
			t.Errorf("%s: %v, want %v either way round", tc.name, got, tc.want)
		}
	}
}
