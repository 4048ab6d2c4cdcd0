package compute

import (
	"testing"
	"time"
)

// The counting kinds of count.go at their boundaries (docs/LAW.md,
// "Counting phrases"). Every expected date is counted by hand in the
// comment beside it; weekdays are from the published calendar.

func TestNthWeekdayBefore(t *testing.T) {
	cases := []struct {
		name string
		from Date
		wd   time.Weekday
		n    int
		want Date
	}{
		// Thursdays before Thu Sep 13 2018: Sep 6 (1), Aug 30, 23, 16, 9, 2,
		// Jul 26, 19 (8), 12 (9). the worked check of docs/LAW.md, "Counting".
		{"ninth Thursday preceding the 2018 primary", calD(2018, time.September, 13), time.Thursday, 9, calD(2018, time.July, 12)},
		// Mondays before Sep 13 2018: Sep 10 (1), 3, Aug 27, 20, 13, 6, Jul 30,
		// 23, 16, 9 (10). the worked check of docs/LAW.md, "Counting".
		{"tenth Monday before the 2018 primary", calD(2018, time.September, 13), time.Monday, 10, calD(2018, time.July, 9)},
		{"eighth Thursday preceding the 2018 primary", calD(2018, time.September, 13), time.Thursday, 8, calD(2018, time.July, 19)},
		// D is a Thursday, so the first Thursday preceding it is a week back.
		{"the day itself never counts", calD(2018, time.September, 13), time.Thursday, 1, calD(2018, time.September, 6)},
		{"the day before can be the first", calD(2018, time.September, 13), time.Wednesday, 1, calD(2018, time.September, 12)},
		{"six days before can be the first", calD(2018, time.September, 13), time.Friday, 1, calD(2018, time.September, 7)},
		// Tuesdays before Tue Nov 3 2015: Oct 27 (1), 20, 13, 6, Sep 29, 22,
		// 15, 8, 1 (9), Aug 25, 18 (11).
		{"eleventh Tuesday preceding the 2015 general election", calD(2015, time.November, 3), time.Tuesday, 11, calD(2015, time.August, 18)},
		// Thu Jan 1 2015: the Monday before is Dec 29 2014.
		{"counting back across New Year", calD(2015, time.January, 1), time.Monday, 1, calD(2014, time.December, 29)},
		// Thu Mar 7 2024: Thursdays Feb 29 (1), Feb 22 (2): the leap day counts.
		{"a leap day can be the Nth weekday", calD(2024, time.March, 7), time.Thursday, 1, calD(2024, time.February, 29)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := NthWeekdayBefore(tc.from, tc.wd, tc.n); got != tc.want {
				t.Errorf("NthWeekdayBefore(%v, %v, %d) = %v, want %v", tc.from, tc.wd, tc.n, got, tc.want)
			}
		})
	}
}

func TestNthWeekdayOfMonth(t *testing.T) {
	cases := []struct {
		name  string
		year  int
		month time.Month
		wd    time.Weekday
		n     int
		want  Date
	}{
		// Sep 1 2009 Tue: Mondays 7, 14.
		{"second Monday of September 2009", 2009, time.September, time.Monday, 2, calD(2009, time.September, 14)},
		// Sep 1 2014 is a Monday: the 1st itself is the first Monday.
		{"the first of the month counts", 2014, time.September, time.Monday, 1, calD(2014, time.September, 1)},
		// Sep 1 2018 Sat: Mondays 3, 10, 17, 24.
		{"third Monday of September 2018 (judicial conventions)", 2018, time.September, time.Monday, 3, calD(2018, time.September, 17)},
		{"fourth Monday of September 2018", 2018, time.September, time.Monday, 4, calD(2018, time.September, 24)},
		// Nov 1 2022 Tue: Thursdays 3, 10, 17, 24.
		{"fourth Thursday of November 2022", 2022, time.November, time.Thursday, 4, calD(2022, time.November, 24)},
		// May 31 2021 is a Monday: the last day itself is the last Monday.
		{"last Monday of May when May 31 is a Monday", 2021, time.May, time.Monday, -1, calD(2021, time.May, 31)},
		// May 31 2022 Tue: the last Monday is the day before.
		{"last Monday of May 2022", 2022, time.May, time.Monday, -1, calD(2022, time.May, 30)},
		// Feb 29 2024 is a Thursday.
		{"last Thursday of February in a leap year is the 29th", 2024, time.February, time.Thursday, -1, calD(2024, time.February, 29)},
		// Feb 28 2023 Tue: Thursdays 2, 9, 16, 23.
		{"last Thursday of February in a common year", 2023, time.February, time.Thursday, -1, calD(2023, time.February, 23)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := NthWeekdayOfMonth(tc.year, tc.month, tc.wd, tc.n); got != tc.want {
				t.Errorf("NthWeekdayOfMonth(%d, %v, %v, %d) = %v, want %v", tc.year, tc.month, tc.wd, tc.n, got, tc.want)
			}
		})
	}
}

func TestNextWeekdayAfter(t *testing.T) {
	cases := []struct {
		name string
		from Date
		wd   time.Weekday
		want Date
	}{
		{"Tuesday next after Monday Nov 2 2026", calD(2026, time.November, 2), time.Tuesday, calD(2026, time.November, 3)},
		// Tue Nov 1 2022: the day itself does not count; the next Tuesday is Nov 8.
		{"the day itself never counts", calD(2022, time.November, 1), time.Tuesday, calD(2022, time.November, 8)},
		// Wed Dec 26 2018: the next Tuesday is Jan 1 2019.
		{"across New Year", calD(2018, time.December, 26), time.Tuesday, calD(2019, time.January, 1)},
		// Wed Feb 28 2024: the next Thursday is the leap day.
		{"onto a leap day", calD(2024, time.February, 28), time.Thursday, calD(2024, time.February, 29)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := NextWeekdayAfter(tc.from, tc.wd); got != tc.want {
				t.Errorf("NextWeekdayAfter(%v, %v) = %v, want %v", tc.from, tc.wd, got, tc.want)
			}
		})
	}
}

func TestWeeksBefore(t *testing.T) {
	cases := []struct {
		name string
		from Date
		n    int
		want Date
	}{
		// 84 days before Nov 3 2015: Oct 3 is 31 back, Sep 3 61, Aug 3 92;
		// 92 − 84 = 8, so Aug 11.
		{"twelve weeks preceding the 2015 general election", calD(2015, time.November, 3), 12, calD(2015, time.August, 11)},
		{"zero weeks is the day itself", calD(2015, time.November, 3), 0, calD(2015, time.November, 3)},
		// Mar 3 2024 − 7: Mar 2, 1, Feb 29, 28, 27, 26, 25.
		{"one week back over a leap day", calD(2024, time.March, 3), 1, calD(2024, time.February, 25)},
		// Mar 3 2023 − 7: Mar 2, 1, Feb 28, 27, 26, 25, 24.
		{"one week back in a common year", calD(2023, time.March, 3), 1, calD(2023, time.February, 24)},
		// Jan 5 2016 − 7 = Dec 29 2015.
		{"across New Year", calD(2016, time.January, 5), 1, calD(2015, time.December, 29)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := WeeksBefore(tc.from, tc.n); got != tc.want {
				t.Errorf("WeeksBefore(%v, %d) = %v, want %v", tc.from, tc.n, got, tc.want)
			}
		})
	}
}

func TestDaysAfter(t *testing.T) {
	cases := []struct {
		name string
		from Date
		n    int
		want Date
	}{
		// Gen. Constr. Law § 20: Thu Jul 9 2015 not counted; 10, 11, 12, 13.
		{"fourth day after: the day itself is not counted", calD(2015, time.July, 9), 4, calD(2015, time.July, 13)},
		{"zero days after is the day itself", calD(2015, time.July, 9), 0, calD(2015, time.July, 9)},
		// Feb 20 2024 + 14: Feb 21…29 is 9 days, Mar 1…5 five more.
		{"fourteen days across a leap day", calD(2024, time.February, 20), 14, calD(2024, time.March, 5)},
		// Feb 20 2023 + 14: Feb 21…28 is 8 days, Mar 1…6 six more.
		{"fourteen days in a common year", calD(2023, time.February, 20), 14, calD(2023, time.March, 6)},
		// Dec 15 2022 + 30: Dec 16…31 is 16 days, Jan 1…14 fourteen more.
		{"thirty days across New Year", calD(2022, time.December, 15), 30, calD(2023, time.January, 14)},
		// R + 40 for a proclamation on Jun 1 2010: Jun 2…30 is 29, Jul 1…11 eleven more.
		{"forty days after a proclamation", calD(2010, time.June, 1), 40, calD(2010, time.July, 11)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := DaysAfter(tc.from, tc.n); got != tc.want {
				t.Errorf("DaysAfter(%v, %d) = %v, want %v", tc.from, tc.n, got, tc.want)
			}
		})
	}
}

func TestMonthsAfter(t *testing.T) {
	cases := []struct {
		name string
		from Date
		n    int
		want Date
	}{
		{"same day three months on", calD(2022, time.June, 15), 3, calD(2022, time.September, 15)},
		// November has 30 days: Aug 31 + 3 months is clamped to Nov 30, not Dec 1.
		{"August 31 plus three months is November 30", calD(2022, time.August, 31), 3, calD(2022, time.November, 30)},
		{"November 30 plus three months in a common year is February 28", calD(2022, time.November, 30), 3, calD(2023, time.February, 28)},
		{"November 30 plus three months before a leap day is February 29", calD(2023, time.November, 30), 3, calD(2024, time.February, 29)},
		{"January 31 plus one month in a leap year", calD(2024, time.January, 31), 1, calD(2024, time.February, 29)},
		{"January 31 plus one month in a common year", calD(2023, time.January, 31), 1, calD(2023, time.February, 28)},
		{"leap day plus a year", calD(2024, time.February, 29), 12, calD(2025, time.February, 28)},
		{"leap day plus four years", calD(2024, time.February, 29), 48, calD(2028, time.February, 29)},
		{"across New Year", calD(2022, time.October, 15), 3, calD(2023, time.January, 15)},
		{"December 31 plus one month", calD(2022, time.December, 31), 1, calD(2023, time.January, 31)},
		{"zero months is the day itself", calD(2022, time.December, 31), 0, calD(2022, time.December, 31)},
		// Negative months count back, with the same clamping.
		{"three months back from May 31 is February 28", calD(2023, time.May, 31), -3, calD(2023, time.February, 28)},
		{"one month back from March 31 in a leap year", calD(2024, time.March, 31), -1, calD(2024, time.February, 29)},
		{"three months back across New Year", calD(2023, time.March, 15), -3, calD(2022, time.December, 15)},
		{"one month back from January is December", calD(2023, time.January, 31), -1, calD(2022, time.December, 31)},
		{"twelve months back is the same day a year earlier", calD(2023, time.January, 15), -12, calD(2022, time.January, 15)},
		{"thirteen months back", calD(2023, time.January, 15), -13, calD(2021, time.December, 15)},
		{"twenty-four months back from December", calD(2023, time.December, 10), -24, calD(2021, time.December, 10)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := MonthsAfter(tc.from, tc.n); got != tc.want {
				t.Errorf("MonthsAfter(%v, %d) = %v, want %v", tc.from, tc.n, got, tc.want)
			}
		})
	}
}

// calD builds a test date without going through the code under test.
func calD(y int, m time.Month, d int) Date { return Date{Year: y, Month: m, Day: d} }

// Countings in words read as the statutes write them (the phrases are
// § 6-158's and § 8-100's own, and § 42(1)'s "three months before").
func TestCountingWords(t *testing.T) {
	for _, c := range []struct {
		c    Counting
		want string
	}{
		{From(AtPrimary, NthBefore(time.Thursday, 12)), "the twelfth Thursday before the primary"},
		{From(AtGeneral, NthBefore(time.Tuesday, 23), Days(3)), "three days after the twenty-third Tuesday before the general election"},
		{From(AtYear, NthOfMonth(time.November, time.Monday, 1), NextAfter(time.Tuesday)), "the Tuesday after the first Monday of November"},
		{From(AtYear, NthOfMonth(time.June, time.Tuesday, 4)), "the fourth Tuesday of June"},
		{From(AtGeneral, WeeksBack(24)), "twenty-four weeks before the general election"},
		{From(AtGeneral, MonthsBack(3)), "three months before the general election"},
		{From(AtYear, OnDay(time.September, 20)), "September 20"},
		{FromRow("party_nomination_certificate", Days(3)), "three days after the last day of party_nomination_certificate"},
		{FromRow("judicial_convention", Days(1)), "the day after the last day of judicial_convention"},
		{From(AtPrimary, Days(30)).OrLater(From(AtVacancy, Days(10))), "the later of thirty days after the primary and ten days after the vacancy"},
		{From(AtPrimary, Days(-7)), "seven days before the primary"},
		{From(AtPrimary, Days(74)), "seventy-four days after the primary"},
	} {
		if got := c.c.Words(); got != c.want {
			t.Errorf("%s: %q, want %q", c.c, got, c.want)
		}
	}
}
