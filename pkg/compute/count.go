package compute

import "time"

// The counting kinds: the closed set of ways the statutes count days. Each
// names its boundary rule; the worked examples are in example_test.go.

// NthWeekdayBefore is "the Nth <weekday> before D" / "the Nth <weekday>
// preceding D": walk back from the day before D and stop at the Nth such
// weekday met. D itself never counts, even when it is that weekday.
// The ninth Thursday preceding Thu 2018-09-13 is 2018-07-12.
func NthWeekdayBefore(d Date, wd time.Weekday, n int) Date {
	back := (int(d.Weekday()) - int(wd) + 7) % 7
	if back == 0 {
		back = 7
	}
	return d.AddDays(-(back + 7*(n-1)))
}

// NthWeekdayOfMonth is "the Nth <weekday> in <month>", counted from the
// first of the month; n = -1 means the last such weekday.
// The second Monday of September 2009 is 2009-09-14.
func NthWeekdayOfMonth(year int, m time.Month, wd time.Weekday, n int) Date {
	if n < 0 {
		last := D(year, m+1, 0)
		back := (int(last.Weekday()) - int(wd) + 7) % 7
		return last.AddDays(-back)
	}
	first := D(year, m, 1)
	ahead := (int(wd) - int(first.Weekday()) + 7) % 7
	return first.AddDays(ahead + 7*(n-1))
}

// NextWeekdayAfter is "the <weekday> next after D" / "the first <weekday>
// after D": D itself never counts.
// The Tuesday next after Mon 2026-11-02 is 2026-11-03.
func NextWeekdayAfter(d Date, wd time.Weekday) Date {
	ahead := (int(wd) - int(d.Weekday()) + 7) % 7
	if ahead == 0 {
		ahead = 7
	}
	return d.AddDays(ahead)
}

// WeeksBefore is "N weeks preceding D": D − 7N days.
// Twelve weeks preceding 2015-11-03 is 2015-08-11.
func WeeksBefore(d Date, n int) Date { return d.AddDays(-7 * n) }

// DaysAfter is "the Nth day after X", "not later than N days after X",
// "within N days after X", "N days following X": X + N days. X itself is
// not counted (General Construction Law § 20).
// The fourth day after Thu 2015-07-09 is 2015-07-13.
func DaysAfter(d Date, n int) Date { return d.AddDays(n) }

// MonthsAfter is "N months after V": the same day of the month N months on,
// clamped to that month's last day (Aug 31 + 3 months = Nov 30), unlike
// time.AddDate, which would give Dec 1.
func MonthsAfter(d Date, n int) Date {
	total := int(d.Month) - 1 + n
	y := d.Year + total/12
	m := time.Month(total%12 + 1)
	if total < 0 && total%12 != 0 {
		y--
		m = time.Month(total%12 + 13)
	}
	last := D(y, m+1, 0).Day
	day := d.Day
	if day > last {
		day = last
	}
	return Date{Year: y, Month: m, Day: day}
}
