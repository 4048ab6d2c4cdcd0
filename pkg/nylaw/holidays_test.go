package nylaw

import (
	"strings"
	"testing"
	"time"

	. "batch/pkg/compute"
)

// calHol is one expected holiday: date and name.
type calHol struct {
	date Date
	name string
}

// Every public holiday of a year (General Construction Law § 24), worked by
// hand from the weekday of the first of each month; the weekdays of the
// fixed dates are from the published calendar and noted beside them.
func TestHolidaysOfAYear(t *testing.T) {
	cases := []struct {
		name string
		year int
		want []calHol
	}{
		{
			// Jan 1 2017 Sun → Mon Jan 2; Feb 12 Sun → Mon Feb 13; no Juneteenth
			// before 2021; Nov 11 Sat (no Friday); Dec 25 Mon.
			name: "2017: New Year's Day and Lincoln's Birthday on Sundays",
			year: 2017,
			want: []calHol{
				{calD(2017, time.January, 1), "New Year's Day"},
				{calD(2017, time.January, 2), "New Year's Day (observed, Sunday rule)"},
				{calD(2017, time.January, 16), "Martin Luther King Jr. Day"}, // Mondays Jan 2, 9, 16
				{calD(2017, time.February, 12), "Lincoln's Birthday"},
				{calD(2017, time.February, 13), "Lincoln's Birthday (observed, Sunday rule)"},
				{calD(2017, time.February, 20), "Washington's Birthday"}, // Feb 1 Wed: Mondays 6, 13, 20
				{calD(2017, time.May, 29), "Memorial Day"},               // May 31 Wed: last Monday 29
				{calD(2017, time.June, 11), "Flag Day"},                  // Jun 1 Thu: Sundays 4, 11
				{calD(2017, time.July, 4), "Independence Day"},           // Tue
				{calD(2017, time.September, 4), "Labor Day"},             // Sep 1 Fri: Monday 4
				{calD(2017, time.October, 9), "Columbus Day"},            // Oct 1 Sun: Mondays 2, 9
				{calD(2017, time.November, 7), "General Election Day"},   // Nov 1 Wed: Monday 6, Tuesday 7
				{calD(2017, time.November, 11), "Veterans Day"},          // Sat
				{calD(2017, time.November, 23), "Thanksgiving Day"},      // Thursdays 2, 9, 16, 23
				{calD(2017, time.December, 25), "Christmas Day"},         // Mon
			},
		},
		{
			// Jan 1 2020 Wed; Juneteenth (Fri Jun 19) not yet a holiday (L.2020
			// ch. 249, from 2021); Jul 4 Sat (no Friday); Nov 11 Wed; Dec 25 Fri.
			name: "2020: the year before Juneteenth, Independence Day on a Saturday",
			year: 2020,
			want: []calHol{
				{calD(2020, time.January, 1), "New Year's Day"},
				{calD(2020, time.January, 20), "Martin Luther King Jr. Day"}, // Mondays 6, 13, 20
				{calD(2020, time.February, 12), "Lincoln's Birthday"},        // Wed
				{calD(2020, time.February, 17), "Washington's Birthday"},     // Feb 1 Sat: Mondays 3, 10, 17
				{calD(2020, time.May, 25), "Memorial Day"},                   // May 31 Sun: last Monday 25
				{calD(2020, time.June, 14), "Flag Day"},                      // Jun 1 Mon: Sundays 7, 14
				{calD(2020, time.July, 4), "Independence Day"},
				{calD(2020, time.September, 7), "Labor Day"},           // Sep 1 Tue: Monday 7
				{calD(2020, time.October, 12), "Columbus Day"},         // Oct 1 Thu: Mondays 5, 12
				{calD(2020, time.November, 3), "General Election Day"}, // Nov 1 Sun: Monday 2, Tuesday 3
				{calD(2020, time.November, 11), "Veterans Day"},
				{calD(2020, time.November, 26), "Thanksgiving Day"}, // Thursdays 5, 12, 19, 26
				{calD(2020, time.December, 25), "Christmas Day"},
			},
		},
		{
			// Jan 1 2021 Fri; Juneteenth Sat (no Friday); Jul 4 Sun → Mon Jul 5;
			// Dec 25 Sat (no Friday Dec 24).
			name: "2021: first Juneteenth, Independence Day on a Sunday, Christmas on a Saturday",
			year: 2021,
			want: []calHol{
				{calD(2021, time.January, 1), "New Year's Day"},
				{calD(2021, time.January, 18), "Martin Luther King Jr. Day"}, // Mondays 4, 11, 18
				{calD(2021, time.February, 12), "Lincoln's Birthday"},        // Fri
				{calD(2021, time.February, 15), "Washington's Birthday"},     // Feb 1 Mon: 1, 8, 15
				{calD(2021, time.May, 31), "Memorial Day"},                   // May 31 is a Monday
				{calD(2021, time.June, 13), "Flag Day"},                      // Jun 1 Tue: Sundays 6, 13
				{calD(2021, time.June, 19), "Juneteenth"},
				{calD(2021, time.July, 4), "Independence Day"},
				{calD(2021, time.July, 5), "Independence Day (observed, Sunday rule)"},
				{calD(2021, time.September, 6), "Labor Day"},           // Sep 1 Wed: Monday 6
				{calD(2021, time.October, 11), "Columbus Day"},         // Oct 1 Fri: Mondays 4, 11
				{calD(2021, time.November, 2), "General Election Day"}, // Nov 1 Mon: Tuesday 2
				{calD(2021, time.November, 11), "Veterans Day"},        // Thu
				{calD(2021, time.November, 25), "Thanksgiving Day"},    // Thursdays 4, 11, 18, 25
				{calD(2021, time.December, 25), "Christmas Day"},
			},
		},
		{
			// Jan 1 2022 Sat (no Friday Dec 31 2021); Juneteenth Sun → Mon Jun 20;
			// Dec 25 Sun → Mon Dec 26.
			name: "2022: Juneteenth and Christmas on Sundays, New Year's Day on a Saturday",
			year: 2022,
			want: []calHol{
				{calD(2022, time.January, 1), "New Year's Day"},
				{calD(2022, time.January, 17), "Martin Luther King Jr. Day"}, // Mondays 3, 10, 17
				{calD(2022, time.February, 12), "Lincoln's Birthday"},        // Sat
				{calD(2022, time.February, 21), "Washington's Birthday"},     // Feb 1 Tue: Mondays 7, 14, 21
				{calD(2022, time.May, 30), "Memorial Day"},                   // May 31 Tue: last Monday 30
				{calD(2022, time.June, 12), "Flag Day"},                      // Jun 1 Wed: Sundays 5, 12
				{calD(2022, time.June, 19), "Juneteenth"},
				{calD(2022, time.June, 20), "Juneteenth (observed, Sunday rule)"},
				{calD(2022, time.July, 4), "Independence Day"},         // Mon
				{calD(2022, time.September, 5), "Labor Day"},           // Sep 1 Thu: Monday 5
				{calD(2022, time.October, 10), "Columbus Day"},         // Oct 1 Sat: Mondays 3, 10
				{calD(2022, time.November, 8), "General Election Day"}, // Nov 1 Tue: Monday 7, Tuesday 8
				{calD(2022, time.November, 11), "Veterans Day"},        // Fri
				{calD(2022, time.November, 24), "Thanksgiving Day"},    // Thursdays 3, 10, 17, 24
				{calD(2022, time.December, 25), "Christmas Day"},
				{calD(2022, time.December, 26), "Christmas Day (observed, Sunday rule)"},
			},
		},
		{
			// Jan 1 2023 Sun → Mon Jan 2; Feb 12 Sun → Mon Feb 13; Juneteenth Mon.
			name: "2023: New Year's Day and Lincoln's Birthday on Sundays again",
			year: 2023,
			want: []calHol{
				{calD(2023, time.January, 1), "New Year's Day"},
				{calD(2023, time.January, 2), "New Year's Day (observed, Sunday rule)"},
				{calD(2023, time.January, 16), "Martin Luther King Jr. Day"}, // Mondays 2, 9, 16
				{calD(2023, time.February, 12), "Lincoln's Birthday"},
				{calD(2023, time.February, 13), "Lincoln's Birthday (observed, Sunday rule)"},
				{calD(2023, time.February, 20), "Washington's Birthday"}, // Feb 1 Wed: Mondays 6, 13, 20
				{calD(2023, time.May, 29), "Memorial Day"},               // May 31 Wed: last Monday 29
				{calD(2023, time.June, 11), "Flag Day"},                  // Jun 1 Thu: Sundays 4, 11
				{calD(2023, time.June, 19), "Juneteenth"},                // Mon
				{calD(2023, time.July, 4), "Independence Day"},           // Tue
				{calD(2023, time.September, 4), "Labor Day"},             // Sep 1 Fri: Monday 4
				{calD(2023, time.October, 9), "Columbus Day"},            // Oct 1 Sun: Mondays 2, 9
				{calD(2023, time.November, 7), "General Election Day"},   // Nov 1 Wed: Monday 6, Tuesday 7
				{calD(2023, time.November, 11), "Veterans Day"},          // Sat
				{calD(2023, time.November, 23), "Thanksgiving Day"},      // Thursdays 2, 9, 16, 23
				{calD(2023, time.December, 25), "Christmas Day"},         // Mon
			},
		},
	}
	c := NewCalendar(NewYork, nil)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := c.Holidays(tc.year)
			if len(got) != len(tc.want) {
				t.Errorf("Holidays(%d) has %d days, want %d:", tc.year, len(got), len(tc.want))
				for _, h := range got {
					t.Logf("  %v %s", h.Date, h.Name)
				}
				return
			}
			for i, w := range tc.want {
				if got[i].Date != w.date || got[i].Name != w.name {
					t.Errorf("holiday %d = %v %q, want %v %q", i, got[i].Date, got[i].Name, w.date, w.name)
				}
				if !strings.HasPrefix(got[i].Source, "Gen. Constr. Law § 24") {
					t.Errorf("%v %s: source %q, want Gen. Constr. Law § 24", w.date, w.name, got[i].Source)
				}
				if c.IsBusinessDay(w.date) {
					t.Errorf("%v %s: IsBusinessDay = true, want false", w.date, w.name)
				}
			}
		})
	}
}

// New York's rules, not the federal ones: no Saturday→Friday observance, no
// Monday for Flag Day, no Juneteenth before 2021.
func TestNotTheFederalCalendar(t *testing.T) {
	cases := []struct {
		name string
		day  Date
	}{
		{"Friday before Christmas on a Saturday (Dec 24 2021) is a business day", calD(2021, time.December, 24)},
		{"Friday before New Year's Day on a Saturday (Dec 31 2021) is a business day", calD(2021, time.December, 31)},
		{"Friday before Independence Day on a Saturday (Jul 3 2020) is a business day", calD(2020, time.July, 3)},
		{"Friday before Juneteenth on a Saturday (Jun 18 2021) is a business day", calD(2021, time.June, 18)},
		{"Monday after a Saturday holiday (Dec 27 2021) is a business day", calD(2021, time.December, 27)},
		{"Monday after Flag Day (Jun 13 2022) is a business day", calD(2022, time.June, 13)},
		{"Juneteenth 2020 (a Friday) is a business day", calD(2020, time.June, 19)},
		{"Juneteenth 2016 (a Sunday) gives no Monday (Jun 20 2016)", calD(2016, time.June, 20)},
		{"the Friday after Thanksgiving (Nov 25 2022) is a business day", calD(2022, time.November, 25)},
	}
	c := NewCalendar(NewYork, nil)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.day.Weekday() == time.Saturday || tc.day.Weekday() == time.Sunday {
				t.Fatalf("test day %v is a weekend day", tc.day)
			}
			if !c.IsBusinessDay(tc.day) {
				t.Errorf("IsBusinessDay(%v) = false, want true", tc.day)
			}
		})
	}
}

// Flag Day is the second Sunday of June, so always a Sunday, and never
// brings a Monday: check it across a range of years.
func TestFlagDayNeverGetsAMonday(t *testing.T) {
	c := NewCalendar(NewYork, nil)
	for y := 1990; y <= 2040; y++ {
		for _, h := range c.Holidays(y) {
			if strings.HasPrefix(h.Name, "Flag Day") {
				if h.Name != "Flag Day" || h.Date.Weekday() != time.Sunday || h.Date.Month != time.June ||
					h.Date.Day < 8 || h.Date.Day > 14 {
					t.Errorf("%d: %v %q; want only Flag Day on the second Sunday of June (8th–14th)", y, h.Date, h.Name)
				}
			}
		}
	}
}

// Every Sunday-rule day in a range of years is the Monday right after a
// fixed-date holiday other than Flag Day that fell on a Sunday, and each
// such Sunday has one.
func TestSundayRuleAcrossYears(t *testing.T) {
	fixed := map[string][2]int{
		"New Year's Day": {1, 1}, "Lincoln's Birthday": {2, 12}, "Juneteenth": {6, 19},
		"Independence Day": {7, 4}, "Veterans Day": {11, 11}, "Christmas Day": {12, 25},
	}
	c := NewCalendar(NewYork, nil)
	for y := 1990; y <= 2040; y++ {
		got := map[Date]bool{}
		for _, h := range c.Holidays(y) {
			if strings.HasSuffix(h.Name, "(observed, Sunday rule)") {
				got[h.Date] = true
			}
		}
		want := map[Date]bool{}
		for name, md := range fixed {
			if name == "Juneteenth" && y < 2021 {
				continue
			}
			day := calD(y, time.Month(md[0]), md[1])
			if day.Weekday() == time.Sunday {
				want[day.AddDays(1)] = true
			}
		}
		if len(got) != len(want) {
			t.Errorf("%d: %d Sunday-rule days, want %d", y, len(got), len(want))
		}
		for d := range want {
			if !got[d] {
				t.Errorf("%d: %v should be a Sunday-rule Monday", y, d)
			}
		}
	}
}

// Election day is a holiday whatever moves it: by statute, or by calendar
// input (and then the holiday says where the date came from).
func TestGeneralElectionDayIsAHoliday(t *testing.T) {
	cases := []struct {
		name      string
		overrides []Override
		year      int
		want      Date
		source    string
	}{
		// Nov 1 2022 Tue: Monday Nov 7, Tuesday Nov 8.
		{"statutory election day 2022", nil, 2022, calD(2022, time.November, 8), "Gen. Constr. Law § 24"},
		// Nov 1 2010 Mon: Tuesday Nov 2.
		{"statutory election day 2010", nil, 2010, calD(2010, time.November, 2), "Gen. Constr. Law § 24"},
		{"election day moved by calendar input", []Override{{Year: 2023, General: calD(2023, time.November, 14), Source: "cal.csv:9"}},
			2023, calD(2023, time.November, 14), "Gen. Constr. Law § 24 (date: calendar input cal.csv:9)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := NewCalendar(NewYork, tc.overrides)
			var found []Holiday
			for _, h := range c.Holidays(tc.year) {
				if h.Name == "General Election Day" {
					found = append(found, h)
				}
			}
			if len(found) != 1 || found[0].Date != tc.want || found[0].Source != tc.source {
				t.Fatalf("general election holidays of %d = %v, want one on %v from %q", tc.year, found, tc.want, tc.source)
			}
			if c.IsBusinessDay(tc.want) {
				t.Errorf("IsBusinessDay(%v) = true on election day", tc.want)
			}
		})
	}
}

// Days added by calendar input are holidays with the input's name and
// source, listed in date order with § 24's.
func TestAddedHolidays(t *testing.T) {
	c := NewCalendar(NewYork, []Override{
		{Year: 2024, Holiday: calD(2024, time.December, 24), HolidayName: "proclaimed by the governor", Source: "cal.csv:4"},
		{Holiday: calD(2024, time.July, 5), Source: "Calendar:7"},
	})
	var added []Holiday
	hs := c.Holidays(2024)
	for i, h := range hs {
		if i > 0 && h.Date.Before(hs[i-1].Date) {
			t.Errorf("Holidays(2024) out of order at %v", h.Date)
		}
		if !strings.HasPrefix(h.Source, "Gen. Constr. Law") {
			added = append(added, h)
		}
	}
	want := []Holiday{
		{Date: calD(2024, time.July, 5), Name: "public holiday (calendar input)", Source: "calendar input Calendar:7"},
		{Date: calD(2024, time.December, 24), Name: "proclaimed by the governor", Source: "calendar input cal.csv:4"},
	}
	if len(added) != len(want) || added[0] != want[0] || added[1] != want[1] {
		t.Errorf("added holidays = %v, want %v", added, want)
	}
	// Fri Jul 5 2024 added; Sat, Sun: Mon Jul 8.
	if got := c.RollOver(calD(2024, time.July, 5)); got != calD(2024, time.July, 8) {
		t.Errorf("RollOver(2024-07-05) = %v, want 2024-07-08", got)
	}
}

// The exported table is a copy: changing it changes no calendar.
func TestHolidayRulesAreSection24s(t *testing.T) {
	if n := len(NewYork.Holidays); n != 14 {
		t.Fatalf("the law has %d holiday rules, want the 14 of § 24", n)
	}
}

// calD builds a test date without going through the code under test.
func calD(y int, m time.Month, d int) Date { return Date{Year: y, Month: m, Day: d} }
