package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// New York's public holidays (General Construction Law § 24). They are New
// York's, not the federal list: Lincoln's Birthday, Flag Day and each
// general election day are holidays here, and a holiday falling on a
// Saturday moves nothing to the Friday before. When a fixed-date holiday
// other than Flag Day falls on a Sunday, § 24 makes the Monday after a
// holiday too. Juneteenth is one from 2021 (L.2020 ch. 249, signed
// 2020-10-14).

const citeGCL24 = "Gen. Constr. Law § 24"

var holidays = []c.HolidayRule{
	{Name: "New Year's Day", Kind: c.HolidayFixedDate, Month: time.January, Day: 1, SundayRule: true,
		Rule: "January 1", Citation: citeGCL24},
	{Name: "Martin Luther King Jr. Day", Kind: c.HolidayNthWeekday, Month: time.January, Weekday: time.Monday, N: 3,
		Rule: "third Monday of January", Citation: citeGCL24},
	{Name: "Lincoln's Birthday", Kind: c.HolidayFixedDate, Month: time.February, Day: 12, SundayRule: true,
		Rule: "February 12", Citation: citeGCL24},
	{Name: "Washington's Birthday", Kind: c.HolidayNthWeekday, Month: time.February, Weekday: time.Monday, N: 3,
		Rule: "third Monday of February", Citation: citeGCL24},
	{Name: "Memorial Day", Kind: c.HolidayNthWeekday, Month: time.May, Weekday: time.Monday, N: -1,
		Rule: "last Monday of May", Citation: citeGCL24},
	// Flag Day is always a Sunday, and § 24 gives it no Monday.
	{Name: "Flag Day", Kind: c.HolidayNthWeekday, Month: time.June, Weekday: time.Sunday, N: 2,
		Rule: "second Sunday of June", Citation: citeGCL24},
	{Name: "Juneteenth", Kind: c.HolidayFixedDate, Month: time.June, Day: 19, SundayRule: true, InForceFrom: 2021,
		Rule: "June 19, from 2021", Citation: citeGCL24 + " (L.2020 ch. 249)"},
	{Name: "Independence Day", Kind: c.HolidayFixedDate, Month: time.July, Day: 4, SundayRule: true,
		Rule: "July 4", Citation: citeGCL24},
	{Name: "Labor Day", Kind: c.HolidayNthWeekday, Month: time.September, Weekday: time.Monday, N: 1,
		Rule: "first Monday of September", Citation: citeGCL24},
	{Name: "Columbus Day", Kind: c.HolidayNthWeekday, Month: time.October, Weekday: time.Monday, N: 2,
		Rule: "second Monday of October", Citation: citeGCL24},
	{Name: "General Election Day", Kind: c.HolidayGeneralElection,
		Rule: "each general election day", Citation: citeGCL24},
	{Name: "Veterans Day", Kind: c.HolidayFixedDate, Month: time.November, Day: 11, SundayRule: true,
		Rule: "November 11", Citation: citeGCL24},
	{Name: "Thanksgiving Day", Kind: c.HolidayNthWeekday, Month: time.November, Weekday: time.Thursday, N: 4,
		Rule: "fourth Thursday of November", Citation: citeGCL24},
	{Name: "Christmas Day", Kind: c.HolidayFixedDate, Month: time.December, Day: 25, SundayRule: true,
		Rule: "December 25", Citation: citeGCL24},
}
