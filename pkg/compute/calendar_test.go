package compute_test

import (
	"sync"
	"testing"
	"time"

	. "batch/pkg/compute"
	"batch/pkg/nylaw"
)

// ny is New York's law with no calendar input.
func ny(ov []Override) *Calendar { return NewCalendar(nylaw.NewYork, ov) }

// calD builds a test date without going through the code under test.
func calD(y int, m time.Month, d int) Date { return Date{Year: y, Month: m, Day: d} }

// General election: "the Tuesday next after the first Monday in November"
// (Elec. Law § 8-100(1)(c); 2 U.S.C. § 7). Each case works the rule by hand
// from the weekday of November 1; the years with a known election agree
// with the published result (2010, 2012, 2016, 2018, 2020, 2022, 2024).
func TestGeneralElection(t *testing.T) {
	cases := []struct {
		name string
		year int
		want Date
	}{
		// Nov 1 2007 is a Thursday: first Monday Nov 5, Tuesday after Nov 6.
		{"2007 general election, November begins on a Thursday", 2007, calD(2007, time.November, 6)},
		// Nov 1 2009 is a Sunday: first Monday Nov 2, so Nov 3.
		{"2009 general election, November begins on a Sunday", 2009, calD(2009, time.November, 3)},
		// Nov 1 2010 is a Monday: that Monday counts, so Nov 2, the earliest possible.
		{"2010 general election, first Monday is November 1", 2010, calD(2010, time.November, 2)},
		// Nov 1 2012 Thursday: Monday Nov 5, Tuesday Nov 6.
		{"2012 general election", 2012, calD(2012, time.November, 6)},
		// Nov 1 2015 Sunday: Monday Nov 2, Tuesday Nov 3.
		{"2015 general election", 2015, calD(2015, time.November, 3)},
		// Nov 1 2016 is a Tuesday but not after a Monday of November:
		// first Monday Nov 7, so Nov 8, the latest possible.
		{"2016 general election, November begins on a Tuesday", 2016, calD(2016, time.November, 8)},
		// Nov 1 2018 Thursday: Monday Nov 5, Tuesday Nov 6.
		{"2018 general election", 2018, calD(2018, time.November, 6)},
		// Nov 1 2020 Sunday: Monday Nov 2, Tuesday Nov 3.
		{"2020 general election", 2020, calD(2020, time.November, 3)},
		// Nov 1 2022 Tuesday: Monday Nov 7, Tuesday Nov 8.
		{"2022 general election", 2022, calD(2022, time.November, 8)},
		// Nov 1 2024 Friday: Monday Nov 4, Tuesday Nov 5.
		{"2024 general election", 2024, calD(2024, time.November, 5)},
		// Nov 1 2026 Sunday: Monday Nov 2, Tuesday Nov 3.
		{"2026 general election", 2026, calD(2026, time.November, 3)},
	}
	c := ny(nil)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, src := c.General(tc.year)
			if got != tc.want {
				t.Errorf("General(%d) = %v, want %v", tc.year, got, tc.want)
			}
			if src != "Elec. Law § 8-100(1)(c); 2 U.S.C. § 7" {
				t.Errorf("General(%d) source = %q, want the statute", tc.year, src)
			}
		})
	}
}

// Fall primary: "the first Tuesday after the second Monday of September"
// (Elec. Law § 8-100(1)(a), seed edition), except the years the legislature
// moved it by special act (Elec. Law § 8-100(1)(a); docs/LAW.md, "Counting"). Statutory years are worked from
// the weekday of September 1 and agree with the held primaries (2008 Sep 9,
// 2010 Sep 14, 2013 Sep 10, 2014 Sep 9, 2016 Sep 13, 2017 Sep 12).
func TestPrimary(t *testing.T) {
	const statute = "Elec. Law § 8-100(1)(a)"
	cases := []struct {
		name   string
		year   int
		want   Date
		source string
	}{
		// 2007 would be Sep 11 by statute (Mondays Sep 3, 10); moved to Tue Sep 18.
		{"2007 primary moved by special act", 2007, calD(2007, time.September, 18), "special act of 2007"},
		// Sep 1 2008 Monday: Mondays Sep 1, 8, so Tuesday Sep 9.
		{"2008 primary, September begins on a Monday", 2008, calD(2008, time.September, 9), statute},
		// Sep 1 2009 is a Tuesday: second Monday Sep 14, so Sep 15, not the
		// second Tuesday (Sep 8).
		{"2009 primary is the 15th, not the second Tuesday", 2009, calD(2009, time.September, 15), statute},
		// Sep 1 2010 Wednesday: Mondays 6, 13, so Tuesday 14.
		{"2010 primary", 2010, calD(2010, time.September, 14), statute},
		// Statute would give Sep 11 (Mondays 3, 10); L.2012 moved it to Thu Sep 13.
		{"2012 primary moved to a Thursday", 2012, calD(2012, time.September, 13), "L.2012 (S7418/A10112)"},
		// Sep 1 2013 Sunday: Mondays 2, 9, so Tuesday 10.
		{"2013 primary", 2013, calD(2013, time.September, 10), statute},
		// Statute would give Sep 15 (Mondays 7, 14); L.2015 moved it to Thu Sep 10.
		{"2015 primary moved earlier, to a Thursday", 2015, calD(2015, time.September, 10), "L.2015 (S4843/A7014)"},
		// Sep 1 2016 Thursday: Mondays 5, 12, so Tuesday 13.
		{"2016 primary", 2016, calD(2016, time.September, 13), statute},
		// Statute would give Sep 11 (Mondays 3, 10); L.2018 ch. 3 moved it to Thu Sep 13.
		{"2018 primary moved to a Thursday", 2018, calD(2018, time.September, 13), "L.2018 ch. 3 (S7597/A8917-A)"},
		// From L.2019 ch. 5 (in force 2019-01-24, so for 2019 on): the fourth
		// Tuesday of June. The published primaries: 2019 Jun 25, 2020 Jun 23,
		// 2021 Jun 22, 2022 Jun 28 (statewide), 2023 Jun 27, 2024 Jun 25,
		// 2025 Jun 24, 2026 Jun 23 (state board's 2026 calendar).
		{"2019 primary in June", 2019, calD(2019, time.June, 25), statute},
		{"2020 primary in June", 2020, calD(2020, time.June, 23), statute},
		{"2021 primary in June", 2021, calD(2021, time.June, 22), statute},
		{"2022 statewide primary in June", 2022, calD(2022, time.June, 28), statute},
		{"2023 primary in June", 2023, calD(2023, time.June, 27), statute},
		{"2024 primary in June", 2024, calD(2024, time.June, 25), statute},
		{"2025 primary in June", 2025, calD(2025, time.June, 24), statute},
		{"2026 primary in June", 2026, calD(2026, time.June, 23), statute},
		// June 2027: Tuesdays 1, 8, 15, 22.
		{"2027 primary in June", 2027, calD(2027, time.June, 22), statute},
	}
	c := ny(nil)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, src := c.Primary(tc.year)
			if got != tc.want || src != tc.source {
				t.Errorf("Primary(%d) = %v, %q; want %v, %q", tc.year, got, src, tc.want, tc.source)
			}
		})
	}
	// Under the seed edition alone (--edition E0) there is no June primary:
	// Sep 1 2019 Sunday → Mondays 2, 9 → Tue Sep 10; Sep 1 2026 Tuesday →
	// Mondays 7, 14 → Tue Sep 15.
	seed, err := nylaw.NewYork.Fixed("E0")
	if err != nil {
		t.Fatal(err)
	}
	sc := NewCalendar(seed, nil)
	for _, tc := range []struct {
		year int
		want Date
	}{{2019, calD(2019, time.September, 10)}, {2026, calD(2026, time.September, 15)}} {
		if got, _ := sc.Primary(tc.year); got != tc.want {
			t.Errorf("seed Primary(%d) = %v, want %v", tc.year, got, tc.want)
		}
	}
}

// Business days and § 1-106 roll-over on the built-in calendar. Weekdays
// are from the published calendar; the holidays are § 24's, worked in
// holidays_test.go.
func TestRollOver(t *testing.T) {
	cases := []struct {
		name string
		from Date
		want Date
	}{
		{"a Wednesday stays put", calD(2023, time.February, 15), calD(2023, time.February, 15)},
		// Sat Feb 11 2023; Sun Feb 12 is Lincoln's Birthday; Mon Feb 13 is its
		// Sunday-rule day; Tue Feb 14 is the first business day.
		{"petition deadline rolls past Lincoln's Birthday and its Monday", calD(2023, time.February, 11), calD(2023, time.February, 14)},
		{"Lincoln's Birthday on a Sunday rolls to Tuesday", calD(2023, time.February, 12), calD(2023, time.February, 14)},
		// Sat Dec 24 2022, Sun Dec 25 Christmas, Mon Dec 26 Sunday rule: Tue Dec 27.
		{"Christmas Eve 2022 rolls past the Sunday-rule Monday", calD(2022, time.December, 24), calD(2022, time.December, 27)},
		// Sat Dec 25 2021: New York has no Monday for a Saturday holiday.
		{"Christmas 2021 on Saturday rolls only to Monday", calD(2021, time.December, 25), calD(2021, time.December, 27)},
		{"Friday before a Saturday Christmas is a business day", calD(2021, time.December, 24), calD(2021, time.December, 24)},
		// Sat Jul 3 2021, Sun Jul 4, Mon Jul 5 Sunday rule: Tue Jul 6.
		{"Independence Day weekend 2021", calD(2021, time.July, 3), calD(2021, time.July, 6)},
		// Sat Dec 31 2016, Sun Jan 1 2017, Mon Jan 2 Sunday rule: Tue Jan 3.
		{"year-end weekend rolls into the new year past New Year's Monday", calD(2016, time.December, 31), calD(2017, time.January, 3)},
		// Tue Nov 8 2022 is general election day, a § 24 holiday.
		{"a last day on general election day moves to Wednesday", calD(2022, time.November, 8), calD(2022, time.November, 9)},
		// Sat Nov 5 2022 to Mon Nov 7: the Monday before the election is open.
		{"weekend before the election rolls to Monday", calD(2022, time.November, 5), calD(2022, time.November, 7)},
		// Thu Nov 24 2022 Thanksgiving; Friday after is not a § 24 holiday.
		{"Thanksgiving rolls to the Friday after", calD(2022, time.November, 24), calD(2022, time.November, 25)},
		// Sat Oct 8 2022, Sun Oct 9, Mon Oct 10 Columbus Day: Tue Oct 11.
		{"Columbus Day weekend", calD(2022, time.October, 8), calD(2022, time.October, 11)},
		// Sat Nov 11 2017 Veterans Day: no Friday before, no Monday after.
		{"Veterans Day on a Saturday rolls to Monday", calD(2017, time.November, 11), calD(2017, time.November, 13)},
		// Sun Jun 12 2022 Flag Day: Monday Jun 13 is an ordinary day.
		{"Flag Day gets no Monday", calD(2022, time.June, 12), calD(2022, time.June, 13)},
		// Sat Jun 18 2022, Sun Jun 19 Juneteenth, Mon Jun 20 Sunday rule: Tue Jun 21.
		{"Juneteenth 2022 on a Sunday rolls to Tuesday", calD(2022, time.June, 18), calD(2022, time.June, 21)},
		// Fri Jun 19 2020: Juneteenth is a holiday only from 2021.
		{"Juneteenth 2020 is still a business day", calD(2020, time.June, 19), calD(2020, time.June, 19)},
	}
	c := ny(nil)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := c.RollOver(tc.from); got != tc.want {
				t.Errorf("RollOver(%v) = %v, want %v", tc.from, got, tc.want)
			}
			if got, want := c.IsBusinessDay(tc.from), tc.from == tc.want; got != want {
				t.Errorf("IsBusinessDay(%v) = %v, want %v", tc.from, got, want)
			}
		})
	}
}

// The same facts hold far outside the precomputed years, where the rules
// are worked out on each call. The Gregorian calendar repeats every 400
// years (146,097 days = 20,871 weeks), so 2422 has 2022's weekdays and
// 1622 too; 2424 has 2024's.
func TestRollOverOutsideThePrecomputedYears(t *testing.T) {
	cases := []struct {
		name string
		from Date
		want Date
	}{
		{"Christmas 2422 on a Sunday gets its Monday", calD(2422, time.December, 24), calD(2422, time.December, 27)},
		{"Juneteenth 2422 on a Sunday gets its Monday", calD(2422, time.June, 18), calD(2422, time.June, 21)},
		{"no Juneteenth in 1622", calD(1622, time.June, 20), calD(1622, time.June, 20)},
		{"Christmas 1622 on a Sunday gets its Monday", calD(1622, time.December, 25), calD(1622, time.December, 27)},
		// 2422-11-01 is a Tuesday like 2022-11-01: election Nov 8.
		{"general election day 2422", calD(2422, time.November, 8), calD(2422, time.November, 9)},
		{"Flag Day 2422 gets no Monday", calD(2422, time.June, 12), calD(2422, time.June, 13)},
		// 0001-01-01 is a Monday (as 2001-01-01): New Year's Day itself.
		{"New Year's Day of year 1", calD(1, time.January, 1), calD(1, time.January, 2)},
		// 9999 has 1999's weekdays: Sat Dec 25, so Mon Dec 27; Fri Dec 31 open.
		{"Christmas 9999 on a Saturday", calD(9999, time.December, 25), calD(9999, time.December, 27)},
		{"last day of year 9999", calD(9999, time.December, 31), calD(9999, time.December, 31)},
	}
	c := ny(nil)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := c.RollOver(tc.from); got != tc.want {
				t.Errorf("RollOver(%v) = %v, want %v", tc.from, got, tc.want)
			}
		})
	}
}

// The precomputed bitset and the rules worked out on the fly must agree
// day by day, across the edges of the precomputed years too; a *Calendar
// without a bitset (nil, or built by hand here) always works them out.
func TestBitsetAgreesWithTheRules(t *testing.T) {
	built := ny([]Override{
		{Year: 2025, General: calD(2025, time.November, 12), Source: "cal.csv:2"},
		{Holiday: calD(2024, time.December, 24), HolidayName: "proclaimed by the governor", Source: "cal.csv:3"},
	})
	onTheFly := OnTheFly(built)
	spans := [][2]Date{
		{calD(1899, time.December, 1), calD(1901, time.February, 1)},
		{calD(2015, time.January, 1), calD(2031, time.January, 1)},
		{calD(2199, time.January, 1), calD(2200, time.February, 1)},
	}
	for _, tc := range []struct {
		name      string
		bits, fly *Calendar
	}{{"built-in", ny(nil), OnTheFly(ny(nil))}, {"with overrides", built, onTheFly}} {
		t.Run(tc.name, func(t *testing.T) {
			for _, span := range spans {
				for d := span[0]; d.Before(span[1]); d = CalNextDay(d) {
					if got, want := tc.bits.IsBusinessDay(d), tc.fly.IsBusinessDay(d); got != want {
						t.Fatalf("%v: bitset says business day %v, rules say %v", d, got, want)
					}
				}
			}
		})
	}
}

// The precomputed holiday lists agree with the lists worked out on each
// call, and each call's list is the caller's own to change.
func TestPrecomputedHolidaysAgreeWithTheRules(t *testing.T) {
	built := ny([]Override{
		{Year: 2025, General: calD(2025, time.November, 12), Source: "cal.csv:2"},
		{Holiday: calD(2024, time.December, 24), HolidayName: "proclaimed by the governor", Source: "cal.csv:3"},
	})
	onTheFly := OnTheFly(built)
	for _, y := range []int{1900, 1901, 2016, 2017, 2020, 2021, 2022, 2023, 2024, 2025, 2198, 2199} {
		got, want := built.Holidays(y), onTheFly.Holidays(y)
		if len(got) != len(want) {
			t.Fatalf("Holidays(%d): %d precomputed, %d by the rules", y, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("Holidays(%d)[%d] = %v precomputed, %v by the rules", y, i, got[i], want[i])
			}
		}
	}
	hs := built.Holidays(2022)
	hs[0].Name = "changed by the caller"
	if built.Holidays(2022)[0].Name != "New Year's Day" {
		t.Error("changing a Holidays result changed the calendar")
	}
}

// Calendar input wins over the built-in dates and the moved primaries, and
// every date says where it came from (docs/LAW.md; overrides).
func TestOverrides(t *testing.T) {
	c := ny([]Override{
		{Year: 2018, Primary: calD(2018, time.September, 11), Source: "cal.csv:2"},
		{Year: 2022, General: calD(2022, time.November, 15), Source: "cal.csv:3"},
		{Year: 2024, Holiday: calD(2024, time.December, 24), HolidayName: "proclaimed by the governor", Source: "cal.csv:4"},
		{Year: 2019, Source: "cal.csv:5"}, // a year with no dates changes nothing
		{Primary: calD(2030, time.September, 17), Source: "cal.csv:6"},
		{Year: 2018, Primary: calD(2018, time.September, 20), Source: "cal.csv:7"}, // a later row wins
		{Holiday: calD(2424, time.December, 24), Source: "cal.csv:8"},
	})
	t.Run("override beats a primary moved by special act", func(t *testing.T) {
		got, src := c.Primary(2018)
		if got != calD(2018, time.September, 20) || src != "calendar input cal.csv:7" {
			t.Errorf("Primary(2018) = %v, %q; want 2018-09-20 from cal.csv:7 (the later row)", got, src)
		}
	})
	t.Run("override moves the general election and its holiday", func(t *testing.T) {
		got, src := c.General(2022)
		if got != calD(2022, time.November, 15) || src != "calendar input cal.csv:3" {
			t.Errorf("General(2022) = %v, %q; want 2022-11-15 from cal.csv:3", got, src)
		}
		if !c.IsBusinessDay(calD(2022, time.November, 8)) {
			t.Error("the statutory election day Nov 8 2022 should be a business day once the election moved")
		}
		if c.IsBusinessDay(calD(2022, time.November, 15)) {
			t.Error("the overridden election day Nov 15 2022 should be a holiday")
		}
	})
	t.Run("a year with no dates changes nothing", func(t *testing.T) {
		// 2019 by statute: Jun 25 (fourth Tuesday of June) and Nov 5 (Nov 1
		// Friday → Mon Nov 4 → Tue Nov 5).
		p, ps := c.Primary(2019)
		g, gs := c.General(2019)
		if p != calD(2019, time.June, 25) || ps != "Elec. Law § 8-100(1)(a)" ||
			g != calD(2019, time.November, 5) || gs != "Elec. Law § 8-100(1)(c); 2 U.S.C. § 7" {
			t.Errorf("2019 = %v %q, %v %q; want the statutory dates", p, ps, g, gs)
		}
	})
	t.Run("a row without a year is keyed by its date", func(t *testing.T) {
		if got, src := c.Primary(2030); got != calD(2030, time.September, 17) || src != "calendar input cal.csv:6" {
			t.Errorf("Primary(2030) = %v, %q; want 2030-09-17 from cal.csv:6", got, src)
		}
	})
	t.Run("proclaimed holiday rolls a last day over Christmas too", func(t *testing.T) {
		// Tue Dec 24 2024 proclaimed, Wed Dec 25 Christmas: Thu Dec 26.
		if got := c.RollOver(calD(2024, time.December, 24)); got != calD(2024, time.December, 26) {
			t.Errorf("RollOver(2024-12-24) = %v, want 2024-12-26", got)
		}
	})
	t.Run("proclaimed holiday outside the precomputed years", func(t *testing.T) {
		// 2424 has 2024's weekdays: Tue Dec 24, so Thu Dec 26.
		if got := c.RollOver(calD(2424, time.December, 24)); got != calD(2424, time.December, 26) {
			t.Errorf("RollOver(2424-12-24) = %v, want 2424-12-26", got)
		}
	})
	t.Run("the built-in calendar is untouched", func(t *testing.T) {
		if got, _ := ny(nil).Primary(2018); got != calD(2018, time.September, 13) {
			t.Errorf("built-in Primary(2018) = %v, want 2018-09-13", got)
		}
	})
}

// Hostile inputs carry years 1 and 9999, malformed and zero dates: nothing
// may hang or panic.
func TestCalendarExtremeYearsDoNotHang(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		c := ny([]Override{{Year: 9999, General: calD(9999, time.November, 30), Source: "x"}, {Year: 1, Source: "y"}})
		for _, y := range []int{-1, 0, 1, 2, 9998, 9999, 10000} {
			c.Primary(y)
			c.General(y)
			c.Holidays(y)
			for _, m := range []time.Month{time.January, time.June, time.December} {
				c.RollOver(calD(y, m, 1))
				c.RollOver(calD(y, m, 31))
			}
		}
		c.RollOver(Date{})
		c.IsBusinessDay(Date{Year: 2022, Month: 13, Day: 40})
		c.RollOver(Date{Year: 2022, Month: 2, Day: 30})
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("calendar calls on extreme years did not finish within 10s")
	}
	c := ny(nil)
	// 2022-13-40 is Jan 40 2023 = Thu Feb 9 2023, a business day.
	if !c.IsBusinessDay(Date{Year: 2022, Month: 13, Day: 40}) {
		t.Error("2022-13-40 (Thu 2023-02-09) should be a business day")
	}
	// 2023-02-29 is Mar 1 2023, a Wednesday.
	if got := c.RollOver(Date{Year: 2023, Month: 2, Day: 29}); got != calD(2023, time.March, 1) {
		t.Errorf("RollOver(2023-02-29) = %v, want 2023-03-01", got)
	}
}

// Many goroutines share one calendar (run under -race).
func TestCalendarConcurrentUse(t *testing.T) {
	c := ny([]Override{{Holiday: calD(2024, time.December, 24), Source: "cal.csv:2"}})
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 2000; i++ {
				// Worked in TestRollOver and TestOverrides.
				if c.RollOver(calD(2023, time.February, 11)) != calD(2023, time.February, 14) ||
					c.RollOver(calD(2024, time.December, 24)) != calD(2024, time.December, 26) ||
					c.RollOver(calD(2422, time.December, 24)) != calD(2422, time.December, 27) ||
					c.IsBusinessDay(calD(2022, time.November, 8)) {
					errs <- "wrong answer under concurrent use"
					return
				}
				if i%100 == 0 && len(c.Holidays(2022)) != 16 {
					errs <- "Holidays(2022) changed under concurrent use"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// The day count behind the bitset agrees with the time package, which
// counts the same proleptic Gregorian days.
func TestCalDayNumberAgreesWithTime(t *testing.T) {
	for _, y := range []int{-401, -1, 0, 1, 4, 100, 1582, 1899, 1900, 1970, 2000, 2024, 2100, 2199, 2200, 9999, 10000} {
		for _, md := range [][2]int{{1, 1}, {2, 28}, {2, 29}, {3, 1}, {7, 4}, {12, 31}} {
			tm := time.Date(y, time.Month(md[0]), md[1], 0, 0, 0, 0, time.UTC)
			yy, mm, dd := tm.Date()
			want := tm.Unix() / 86400
			if tm.Unix()%86400 != 0 {
				t.Fatalf("unexpected time of day for %v", tm)
			}
			if got := CalDayNumber(yy, int(mm), dd); got != want {
				t.Errorf("CalDayNumber(%d-%02d-%02d) = %d, want %d", yy, mm, dd, got, want)
			}
			if got := CalWeekday(CalDayNumber(yy, int(mm), dd)); got != tm.Weekday() {
				t.Errorf("CalWeekday(%d-%02d-%02d) = %v, want %v", yy, mm, dd, got, tm.Weekday())
			}
		}
	}
}

func BenchmarkRollOver(b *testing.B) {
	c := ny(nil)
	days := make([]Date, 0, 366)
	for d := calD(2023, time.January, 1); d.Year == 2023; d = CalNextDay(d) {
		days = append(days, d)
	}
	i := 0
	for b.Loop() {
		c.RollOver(days[i%len(days)])
		i++
	}
}

func BenchmarkRollOverOutsideThePrecomputedYears(b *testing.B) {
	c := ny(nil)
	d := calD(2422, time.December, 24)
	for b.Loop() {
		c.RollOver(d)
	}
}

func BenchmarkHolidays(b *testing.B) {
	c := ny(nil)
	for b.Loop() {
		c.Holidays(2023)
	}
}

func BenchmarkNewCalendar(b *testing.B) {
	for b.Loop() {
		ny(nil)
	}
}

// Any day, however malformed, rolls over to a business day on or after it
// (its normalised self), within a fortnight, without panicking.
func FuzzRollOver(f *testing.F) {
	f.Add(2023, 2, 11)
	f.Add(1, 1, 1)
	f.Add(9999, 12, 31)
	f.Add(0, 0, 0)
	f.Add(2022, 13, 40)
	f.Add(-44, 3, 15)
	c := ny([]Override{{Holiday: calD(2024, time.December, 24), Source: "fuzz"}})
	f.Fuzz(func(t *testing.T, y, m, d int) {
		if y < -1_000_000 || y > 1_000_000 || m < -1000 || m > 1000 || d < -100_000 || d > 100_000 {
			t.Skip("beyond any date a row can carry")
		}
		in := Date{Year: y, Month: time.Month(m), Day: d}
		got := c.RollOver(in)
		norm := D(y, time.Month(m), d)
		if got.Before(norm) || norm.AddDays(14).Before(got) {
			t.Fatalf("RollOver(%v) = %v, want within two weeks on or after %v", in, got, norm)
		}
		if !c.IsBusinessDay(got) || got.Weekday() == time.Saturday || got.Weekday() == time.Sunday {
			t.Fatalf("RollOver(%v) = %v, not a business day", in, got)
		}
	})
}

// The general election days kept for the calendar's years are the law's:
// the Tuesday after the first Monday of November (Elec. Law § 8-100(1)(c)),
// as the counting gives them for any year, kept or not.
func TestGeneralElectionDaysKeptAsCounted(t *testing.T) {
	cal := ny(nil)
	for y, want := range map[int]Date{
		2024: D(2024, time.November, 5), 2025: D(2025, time.November, 4),
		2026: D(2026, time.November, 3), 2027: D(2027, time.November, 2),
		1900: D(1900, time.November, 6), 2199: D(2199, time.November, 5),
		1899: D(1899, time.November, 7), 2200: D(2200, time.November, 4),
	} {
		if got, _ := cal.General(y); got != want {
			t.Errorf("general election of %d: %s, want %s", y, got, want)
		}
	}
}
