package compute

import (
	"slices"
	"time"
)

// New York's public holidays (General Construction Law § 24), as a table.
// They are New York's, not the federal list: Lincoln's Birthday, Flag Day
// and each general election day are holidays here, and a holiday falling
// on a Saturday moves nothing to the Friday before. When a fixed-date
// holiday other than Flag Day falls on a Sunday, § 24 makes the Monday after
// a holiday too.

// HolidayKind is how a holiday rule finds its day in a year.
type HolidayKind string

const (
	HolidayFixedDate       HolidayKind = "fixed_date"           // Month, Day
	HolidayNthWeekday      HolidayKind = "nth_weekday_of_month" // the N-th Weekday of Month; N = -1 the last
	HolidayGeneralElection HolidayKind = "general_election"     // the calendar's General(year)
)

// HolidayRule is one row of the holiday table: `batch rules` and the Rules
// sheet can print these, so an analyst audits the list against § 24.
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

const calHolidayCitation = "Gen. Constr. Law § 24"

// calHolidayRules is § 24's list as the seed edition reads it. Only
// Juneteenth carries an in-force year, the one RULES.md gives; the other
// rules apply to every year the tool is asked about.
var calHolidayRules = []HolidayRule{
	{Name: "New Year's Day", Kind: HolidayFixedDate, Month: time.January, Day: 1, SundayRule: true,
		Rule: "January 1", Citation: calHolidayCitation},
	{Name: "Martin Luther King Jr. Day", Kind: HolidayNthWeekday, Month: time.January, Weekday: time.Monday, N: 3,
		Rule: "third Monday of January", Citation: calHolidayCitation},
	{Name: "Lincoln's Birthday", Kind: HolidayFixedDate, Month: time.February, Day: 12, SundayRule: true,
		Rule: "February 12", Citation: calHolidayCitation},
	{Name: "Washington's Birthday", Kind: HolidayNthWeekday, Month: time.February, Weekday: time.Monday, N: 3,
		Rule: "third Monday of February", Citation: calHolidayCitation},
	{Name: "Memorial Day", Kind: HolidayNthWeekday, Month: time.May, Weekday: time.Monday, N: -1,
		Rule: "last Monday of May", Citation: calHolidayCitation},
	// Flag Day is always a Sunday, and § 24 gives it no Monday.
	{Name: "Flag Day", Kind: HolidayNthWeekday, Month: time.June, Weekday: time.Sunday, N: 2,
		Rule: "second Sunday of June", Citation: calHolidayCitation},
	{Name: "Juneteenth", Kind: HolidayFixedDate, Month: time.June, Day: 19, SundayRule: true, InForceFrom: 2021,
		Rule: "June 19, from 2021", Citation: calHolidayCitation + " (L.2020 ch. 249)"},
	{Name: "Independence Day", Kind: HolidayFixedDate, Month: time.July, Day: 4, SundayRule: true,
		Rule: "July 4", Citation: calHolidayCitation},
	{Name: "Labor Day", Kind: HolidayNthWeekday, Month: time.September, Weekday: time.Monday, N: 1,
		Rule: "first Monday of September", Citation: calHolidayCitation},
	{Name: "Columbus Day", Kind: HolidayNthWeekday, Month: time.October, Weekday: time.Monday, N: 2,
		Rule: "second Monday of October", Citation: calHolidayCitation},
	{Name: "General Election Day", Kind: HolidayGeneralElection,
		Rule: "each general election day", Citation: calHolidayCitation},
	{Name: "Veterans Day", Kind: HolidayFixedDate, Month: time.November, Day: 11, SundayRule: true,
		Rule: "November 11", Citation: calHolidayCitation},
	{Name: "Thanksgiving Day", Kind: HolidayNthWeekday, Month: time.November, Weekday: time.Thursday, N: 4,
		Rule: "fourth Thursday of November", Citation: calHolidayCitation},
	{Name: "Christmas Day", Kind: HolidayFixedDate, Month: time.December, Day: 25, SundayRule: true,
		Rule: "December 25", Citation: calHolidayCitation},
}

// HolidayRules is the holiday table (General Construction Law § 24), in
// calendar order; the slice is a copy.
func HolidayRules() []HolidayRule {
	return append([]HolidayRule(nil), calHolidayRules...)
}

// Holidays lists the year's public holidays in date order: § 24's, the
// Monday after each fixed-date holiday (but Flag Day) that falls on a
// Sunday, and the days calendar input adds. Days that are holidays twice
// over are listed once per reason.
// The slice is the caller's own.
func (c *Calendar) Holidays(year int) []Holiday {
	if c != nil && c.yearAt != nil && year >= calFirstYear && year <= calLastYear {
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
	for i := range calHolidayRules {
		r := &calHolidayRules[i]
		d, src, ok := c.holidayIn(r, year)
		if !ok {
			continue
		}
		f(Holiday{Date: d, Name: r.Name, Source: src})
		if r.SundayRule && d.Weekday() == time.Sunday {
			f(Holiday{Date: d.AddDays(1), Name: r.Name + " (observed, Sunday rule)", Source: src + ", Sunday rule"})
		}
	}
	if c != nil {
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
		if src != calGeneralCitation {
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
	for i := range calHolidayRules {
		r := &calHolidayRules[i]
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
	if c != nil {
		for _, h := range c.added[d.Year] {
			if h.Date == d {
				return true
			}
		}
	}
	return false
}
