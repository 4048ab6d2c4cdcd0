package compute_test

import (
	"fmt"
	"time"

	"batch/pkg/compute"
	"batch/pkg/nylaw"
)

// "The ninth Thursday preceding" the 2018 primary (Thu Sep 13, moved by
// L.2018 ch. 3): walk back from the day before; the primary itself never
// counts, though it is a Thursday.
func ExampleNthWeekdayBefore() {
	primary := compute.D(2018, time.September, 13)
	fmt.Println(compute.NthWeekdayBefore(primary, time.Thursday, 9))
	fmt.Println(compute.NthWeekdayBefore(primary, time.Monday, 10))
	fmt.Println(compute.NthWeekdayBefore(primary, time.Thursday, 1))
	// Output:
	// 2018-07-12
	// 2018-07-09
	// 2018-09-06
}

// "The second Monday of September" counts from the 1st; -1 is "the last".
// September 2009 begins on a Tuesday, so its second Monday is the 14th.
func ExampleNthWeekdayOfMonth() {
	fmt.Println(compute.NthWeekdayOfMonth(2009, time.September, time.Monday, 2))
	fmt.Println(compute.NthWeekdayOfMonth(2014, time.September, time.Monday, 1))
	fmt.Println(compute.NthWeekdayOfMonth(2022, time.May, time.Monday, -1))
	// Output:
	// 2009-09-14
	// 2014-09-01
	// 2022-05-30
}

// "The Tuesday next after the first Monday in November": the Monday itself
// never counts, so a November that begins on a Tuesday votes on the 8th.
func ExampleNextWeekdayAfter() {
	firstMonday := compute.NthWeekdayOfMonth(2022, time.November, time.Monday, 1)
	fmt.Println(firstMonday, compute.NextWeekdayAfter(firstMonday, time.Tuesday))
	fmt.Println(compute.NextWeekdayAfter(compute.D(2022, time.November, 1), time.Tuesday))
	// Output:
	// 2022-11-07 2022-11-08
	// 2022-11-08
}

// "Twelve weeks preceding" the 2015 general election is 84 days back.
func ExampleWeeksBefore() {
	fmt.Println(compute.WeeksBefore(compute.D(2015, time.November, 3), 12))
	// Output:
	// 2015-08-11
}

// "The fourth day after" Thu 2015-07-09: the day itself is not counted
// (General Construction Law § 20).
func ExampleDaysAfter() {
	fmt.Println(compute.DaysAfter(compute.D(2015, time.July, 9), 4))
	fmt.Println(compute.DaysAfter(compute.D(2024, time.February, 20), 14))
	// Output:
	// 2015-07-13
	// 2024-03-05
}

// "Three months after" the vacancy: the same day three months on, clamped
// to the month's last day; negative months count back the same way.
func ExampleMonthsAfter() {
	fmt.Println(compute.MonthsAfter(compute.D(2022, time.August, 31), 3))
	fmt.Println(compute.MonthsAfter(compute.D(2023, time.November, 30), 3))
	fmt.Println(compute.MonthsAfter(compute.D(2023, time.May, 31), -3))
	// Output:
	// 2022-11-30
	// 2024-02-29
	// 2023-02-28
}

// The fall primary and general election, each with where its date comes from.
func ExampleCalendar_Primary() {
	cal := compute.NewCalendar(nylaw.NewYork, nil)
	for _, y := range []int{2009, 2018, 2026} {
		p, ps := cal.Primary(y)
		g, gs := cal.General(y)
		fmt.Printf("%s (%s); %s (%s)\n", p, ps, g, gs)
	}
	// Output:
	// 2009-09-15 (Elec. Law § 8-100(1)(a)); 2009-11-03 (Elec. Law § 8-100(1)(c); 2 U.S.C. § 7)
	// 2018-09-13 (L.2018 ch. 3 (S7597/A8917-A)); 2018-11-06 (Elec. Law § 8-100(1)(c); 2 U.S.C. § 7)
	// 2026-06-23 (Elec. Law § 8-100(1)(a)); 2026-11-03 (Elec. Law § 8-100(1)(c); 2 U.S.C. § 7)
}

// Three months before Tue 2026-11-03 is 2026-08-03: the last day a vacancy
// is filled at that year's general election (Pub. Off. Law § 42(1), from
// L.2019 ch. 5).
func ExampleMonthsBefore() {
	fmt.Println(compute.MonthsBefore(compute.D(2026, time.November, 3), 3))
	fmt.Println(compute.MonthsBefore(compute.D(2027, time.November, 2), 3))
	// Output:
	// 2026-08-03
	// 2027-08-02
}

// A last day on Saturday 2023-02-11 rolls over Sunday (Lincoln's Birthday)
// and Monday (its Sunday-rule day) to Tuesday (Elec. Law § 1-106).
func ExampleCalendar_RollOver() {
	cal := compute.NewCalendar(nylaw.NewYork, nil)
	fmt.Println(cal.RollOver(compute.D(2023, time.February, 11)))
	// Output:
	// 2023-02-14
}
