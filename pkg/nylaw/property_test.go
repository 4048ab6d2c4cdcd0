package nylaw

import (
	"math/rand"
	"strings"
	"testing"
	"time"

	. "batch/pkg/compute"
)

func randomDate(rng *rand.Rand, from, to int) Date {
	return D(from, time.January, 1).AddDays(rng.Intn((to - from + 1) * 365))
}

func randomVacancy(rng *rand.Rand) Vacancy {
	v := Vacancy{
		ID:     "p",
		Office: [...]string{"Town Supervisor", "Member of Assembly", "Police Commissioner", "County Judge", "Deputy Sheriff"}[rng.Intn(5)],
		County: [...]string{"", "Nassau", "Kings", "Erie"}[rng.Intn(4)],
		Class:  OfficeClasses[rng.Intn(len(OfficeClasses))],
		Cause:  Causes[rng.Intn(len(Causes))],
	}
	v.EventDate = randomDate(rng, 1995, 2035)
	if rng.Intn(4) == 0 {
		v.EventDate = Date{}
	}
	if rng.Intn(2) == 0 {
		v.TermStart = v.EventDate.AddDays(-rng.Intn(1500))
		if v.EventDate.IsZero() {
			v.TermStart = randomDate(rng, 1995, 2035)
		}
	}
	switch rng.Intn(4) {
	case 0:
		v.TermEnd = D(1996+2*rng.Intn(20), time.December, 31)
	case 1:
		v.TermEnd = randomDate(rng, 1995, 2040)
	}
	v.Appointable = YesNo(rng.Intn(3))
	if rng.Intn(3) == 0 {
		base := v.EventDate
		if base.IsZero() {
			base = randomDate(rng, 1995, 2035)
		}
		v.ProclamationDate = base.AddDays(rng.Intn(70) - 10)
		if rng.Intn(4) != 0 {
			v.SpecialElectionDate = v.ProclamationDate.AddDays(20 + rng.Intn(30))
		}
	}
	if rng.Intn(5) == 0 {
		v.SpecialSessionDate = randomDate(rng, 1995, 2035)
	}
	if rng.Intn(2) == 0 {
		v.NextFullTermYear = 1995 + rng.Intn(45)
	}
	if rng.Intn(10) == 0 {
		v.Notes = "on active duty in the military"
	}
	return v
}

// TestPropertiesOfRandomVacancies runs many random vacancies through the
// engine and checks what must hold whatever the row says.
func TestPropertiesOfRandomVacancies(t *testing.T) {
	rng := rand.New(rand.NewSource(20150910))
	// The law by date, and every edition alone for every date.
	cals := []*Calendar{
		NewCalendar(NewYork, nil),
		NewCalendar(NewYork, []Override{{Year: 2016, Holiday: ymd(2016, 8, 23), HolidayName: "proclaimed", Source: "test"},
			{Year: 2022, Primary: ymd(2022, 8, 23), Source: "test"}}),
	}
	for _, e := range NewYork.Editions {
		fixed, err := NewYork.Fixed(e.ID)
		if err != nil {
			t.Fatal(err)
		}
		cals = append(cals, NewCalendar(fixed, nil))
	}
	// Which codes are last days to file (§ 1-106 rolls them over): the
	// same in every edition that has the code.
	rollsOver := map[string]bool{"special_election": false, "proclamation_deadline": false}
	editions := append([]Edition(nil), NewYork.Editions...)
	for _, rg := range NewYork.Regimes {
		for _, e := range rg.Editions {
			editions = append(editions, e)
			if e.Charter != nil {
				rollsOver[e.Charter.Duty.Code], rollsOver[e.Charter.Special.Code] = false, false
				for _, r := range e.Charter.Rows {
					rollsOver[r.Code] = r.RollOver
				}
			}
		}
	}
	for _, e := range editions {
		for _, r := range e.Deadlines {
			rollsOver[r.Code] = r.RollOver
		}
		for _, t := range e.Specials {
			for _, r := range t.Rows {
				rollsOver[r.Code] = r.RollOver
			}
		}
	}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i := 0; i < n; i++ {
		v := randomVacancy(rng)
		cal := cals[i%len(cals)]
		asOf := randomDate(rng, 1995, 2040)
		r := Compute(v, cal, asOf)
		fail := func(format string, args ...any) {
			t.Helper()
			t.Errorf("vacancy %+v as of %s: "+format, append([]any{v, asOf}, args...)...)
		}
		switch r.Method {
		case GeneralElection, SpecialOrGeneral, TemporaryAppointment:
			if r.FillingElection.IsZero() {
				fail("%s without a filling election", r.Method)
			}
		case SpecialElection:
		case NotCovered, NotElective, NoElection:
			if !r.FillingElection.IsZero() || len(r.Deadlines) > 0 {
				fail("%s with an election or deadlines", r.Method)
			}
		case AppointmentToTermEnd:
			if r.FillingElection.IsZero() || r.AppointmentUntil.IsZero() || len(r.Deadlines) > 0 {
				fail("%s: election %s, appointment %s, %d deadlines", r.Method, r.FillingElection, r.AppointmentUntil, len(r.Deadlines))
			}
		case AppointmentThenElection, AppointmentThenSpecial:
			if r.FillingElection.IsZero() || r.AppointmentUntil.IsZero() || !r.FillingElection.Before(r.AppointmentUntil) && v.VillageElectionDate.IsZero() {
				fail("%s: election %s, appointment %s", r.Method, r.FillingElection, r.AppointmentUntil)
			}
		case "":
			// A village row without term_end: the appointment is known, not
			// whether an election follows (NEEDS_INPUT).
			if !r.VacancyDate.IsZero() && (r.AppointmentUntil.IsZero() || !strings.Contains(r.ConflictCodes(), "NEEDS_INPUT")) {
				fail("no method for a dated vacancy")
			}
		default:
			fail("method %q", r.Method)
		}
		if r.Explanation == "" {
			fail("no explanation")
		}
		tooLate := map[string]bool{}
		review := ""
		for _, c := range r.Conflicts {
			if c.Code == "" || c.Severity == NoSeverity || c.Message == "" {
				fail("conflict %+v", c)
			}
			if c.Code == "TOO_LATE" {
				tooLate[c.Field] = true
			}
			if c.Code == "NEEDS_REVIEW" {
				review += c.Field + " "
			}
			if strings.Contains(c.Message, ".md") || strings.Contains(c.Citation, ".md") {
				fail("conflict %s points at a file: %q", c.Code, c.Message)
			}
		}
		if r.LawEdition == "" && !r.VacancyDate.IsZero() {
			fail("no law_edition")
		}
		// § 42(2): the regular calendar of the year, before the vacancy.
		foreseen := v.Cause == TermExpiration && r.Method == GeneralElection &&
			v.TermEnd.Month == time.December && v.TermEnd.Day == 31 && v.TermEnd.Year%2 == 0 &&
			v.Class != SupremeCourtJustice && v.Class != CountyLevelJudge ||
			// A village's term expiring, and a city charter's next-term
			// election: the regular days, before the vacancy.
			(v.Class == Village || r.GoverningLaw == "nyc_charter") && v.Cause == TermExpiration || r.CharterParagraph == "9"
		for _, d := range r.Deadlines {
			if rollsOver[d.Code] && !cal.IsBusinessDay(d.Effective) {
				fail("%s: effective last day %s (%s) is not a business day", d.Code, d.Effective, d.Effective.Weekday())
			}
			if !rollsOver[d.Code] && d.RolledOver {
				fail("%s moved though it never rolls over", d.Code)
			}
			if d.Effective.Before(d.Statutory) || d.RolledOver != (d.Effective != d.Statutory) {
				fail("%s: statutory %s effective %s rolled %v", d.Code, d.Statutory, d.Effective, d.RolledOver)
			}
			if d.Kind == Window && d.WindowStart.After(d.Statutory) {
				fail("%s: window %s … %s", d.Code, d.WindowStart, d.Statutory)
			}
			if d.LawEdition == "" {
				fail("%s: no law_edition", d.Code)
			}
			if d.Kind == LastDay && !d.WindowStart.IsZero() {
				fail("%s: a last day with a window start", d.Code)
			}
			if !d.Applies {
				if d.Status != NoStatus || d.Reason == "" {
					fail("%s: not applying, status %q reason %q", d.Code, d.Status, d.Reason)
				}
				continue
			}
			if d.Effective.IsZero() {
				// A rule whose day no source gives (a village caucus's
				// certificate): no date, and the row says what to check.
				if d.Verify == "" || d.Status != NoStatus {
					fail("%s: applies with no date, verify %q, status %q", d.Code, d.Verify, d.Status)
				}
				continue
			}
			if d.Kind == Window && d.WindowStart.IsZero() && d.Verify == "" && !strings.Contains(review, d.Code) {
				fail("%s: a window with no opening, no verify mark and no NEEDS_REVIEW", d.Code)
			}
			if d.Effective.Before(r.VacancyDate) && !tooLate[d.Code] && !foreseen {
				fail("%s: last day %s before the vacancy %s without TOO_LATE", d.Code, d.Effective, r.VacancyDate)
			}
			// What the input records done meets the row (the duty to
			// proclaim by proclamation_date, the window by
			// special_election_date), late when after its last day;
			// otherwise the as-of date decides.
			done := map[string]Date{"proclamation_deadline": v.ProclamationDate, "special_election": v.SpecialElectionDate,
				"nyc_proclamation_deadline": v.ProclamationDate, "nyc_special_election": v.SpecialElectionDate}[d.Code]
			want := map[bool]Status{true: Passed, false: Open}[d.Effective.Before(asOf)]
			if !done.IsZero() {
				want = map[bool]Status{true: MetLate, false: Met}[done.After(d.Effective)]
			}
			if d.Status != want {
				fail("%s: status %s, want %s", d.Code, d.Status, want)
			}
			if d.Status == Open && (r.NextDeadline == "" || d.Effective.Before(r.NextDeadlineDate)) {
				fail("%s open on %s but next deadline is %s %s", d.Code, d.Effective, r.NextDeadline, r.NextDeadlineDate)
			}
		}
		if r.NextDeadline != "" {
			ok := false
			for _, d := range r.Deadlines {
				ok = ok || (d.Code == r.NextDeadline && d.Applies && d.Status == Open && d.Effective == r.NextDeadlineDate)
			}
			if !ok {
				fail("next deadline %s %s is not an open applicable row", r.NextDeadline, r.NextDeadlineDate)
			}
		}
		if t.Failed() {
			return
		}
	}
}

// TestExtremeYears: the engine must not panic or loop at the calendar's
// ends.
func TestExtremeYears(t *testing.T) {
	cal := NewCalendar(NewYork, nil)
	for _, y := range []int{1, 2, 1000, 9998, 9999} {
		for _, class := range OfficeClasses {
			for _, cause := range Causes {
				v := Vacancy{Office: "x", Class: class, Cause: cause, EventDate: ymd(y, 9, 20), TermStart: ymd(y, 1, 1),
					TermEnd: ymd(y, 12, 31), ProclamationDate: ymd(y, 9, 25), SpecialElectionDate: ymd(y, 10, 30)}
				r := Compute(v, cal, ymd(y, 6, 1))
				if r.Explanation == "" {
					t.Errorf("year %d %s %s: no explanation", y, class, cause)
				}
			}
		}
		_ = YearCalendar(cal, y, CalendarOptions{})
	}
}
