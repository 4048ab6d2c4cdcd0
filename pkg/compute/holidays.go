package compute

import (
	"slices"
	"time"
)

// Public holidays as data: a law's HolidayRules, evaluated year by year.
// The table itself is the law's (New York's is General Construction Law
// § 24, in pkg/nylaw): compute only knows how a rule finds its day.

// HolidayKind is how a holiday rule finds its day in a year.
type HolidayKind string

const (
	HolidayFixedDate       HolidayKind = "fixed_date"           // Month, Day
	HolidayNthWeekday      HolidayKind = "nth_weekday_of_month" // the N-th Weekday of Month; N = -1 the last
	HolidayGeneralElection HolidayKind = "general_election"     // the calendar's General(year)
)

// HolidayRule is one row of a holiday table: `batch rules` and the Rules
// sheet print these, so an analyst audits the list against the statute.
type HolidayRule struct {
	Name        string
	Kind        HolidayKind
	Month       time.Month   // HolidayFixedDate, HolidayNthWeekday
	Day         int          // HolidayFixedDate
	Weekday     time.Weekday // HolidayNthWeekday
	N           int          // HolidayNthWeekday
	SundayRule  bool         // falling on a Sunday, the Monday after is a holiday too
	InForceFrom int          // first year the rule applies; 0: every year
	Rule        string       // the rule in words
	Citation    string
}

// Holidays lists the year's public holidays in date order: the law's, the
// Monday after each holiday with the Sunday rule that falls on a Sunday,
// and the days calendar input adds. Days that are holidays twice
// over are listed once per reason.
// The slice is the caller's own.
func (c *Calendar) Holidays(year int) []Holiday {
	if c.yearAt != nil && year >= calFirstYear && year <= calLastYear {
		i := year - calFirstYear
		return append([]Holiday(nil), c.holidays[c.yearAt[i]:c.yearAt[i+1]]...)
	}
	var hs []Holiday
	c.eachHoliday(year, func(h Holiday) { hs = append(hs, h) })
	calSortHolidays(hs)
	return hs
}

// calSortHolidays puts holidays in date order; a day that is a holiday for
// two reasons keeps the table's order, calendar input last.
func calSortHolidays(hs []Holiday) {
	slices.SortStableFunc(hs, func(a, b Holiday) int { return a.Date.Compare(b.Date) })
}

// eachHoliday calls f with each public holiday of the year, in table order
// and then calendar input's, unsorted.
func (c *Calendar) eachHoliday(year int, f func(Holiday)) {
	for i := range c.law.Holidays {
		r := &c.law.Holidays[i]
		d, src, ok := c.holidayIn(r, year)
		if !ok {
			continue
		}
		f(Holiday{Date: d, Name: r.Name, Source: src})
		if r.SundayRule && d.Weekday() == time.Sunday {
			f(Holiday{Date: d.AddDays(1), Name: r.Name + " (observed, Sunday rule)", Source: src + ", Sunday rule"})
		}
	}
	{
		for _, h := range c.added[year] {
			f(h)
		}
	}
}

// holidayIn is the rule's day in the year and the source to report for it;
// ok is false before the rule is in force, or when an overridden general
// election lies outside its own year.
func (c *Calendar) holidayIn(r *HolidayRule, year int) (Date, string, bool) {
	if r.InForceFrom != 0 && year < r.InForceFrom {
		return Date{}, "", false
	}
	switch r.Kind {
	case HolidayFixedDate:
		return Date{Year: year, Month: r.Month, Day: r.Day}, r.Citation, true
	case HolidayNthWeekday:
		return NthWeekdayOfMonth(year, r.Month, r.Weekday, r.N), r.Citation, true
	case HolidayGeneralElection:
		d, src := c.General(year)
		if d.Year != year {
			return Date{}, "", false
		}
		if src != c.law.GeneralBy.Cite {
			// The day is a holiday by § 24; calendar input set which day it is.
			return d, r.Citation + " (date: " + src + ")", true
		}
		return d, r.Citation, true
	}
	return Date{}, "", false
}

// isHoliday works out whether the (normalised) d is a public holiday from
// the rules themselves, for days outside the precomputed years. It
// allocates nothing.
func (c *Calendar) isHoliday(d Date) bool {
	for i := range c.law.Holidays {
		r := &c.law.Holidays[i]
		if r.Kind != HolidayGeneralElection && r.Month != d.Month {
			continue // a rule's day and its Sunday-rule Monday share a month
		}
		h, _, ok := c.holidayIn(r, d.Year)
		if !ok {
			continue
		}
		if h == d {
			return true
		}
		// The Sunday rule's Monday stays in the year: no fixed date is Dec 31.
		if r.SundayRule && d.Weekday() == time.Monday && h.Weekday() == time.Sunday && h.AddDays(1) == d {
			return true
		}
	}
	{
		for _, h := range c.added[d.Year] {
			if h.Date == d {
				return true
			}
		}
	}
	return false
}
