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

// WeekdayOnOrAfter is "the first <weekday> at least N days after X" once
// the N days are counted: the first such weekday on or after D, D itself
// counting. The first Tuesday on or after Mon 2025-04-21 is 2025-04-22.
func WeekdayOnOrAfter(d Date, wd time.Weekday) Date {
	return d.AddDays((int(wd) - int(d.Weekday()) + 7) % 7)
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

// MonthsBefore is "N months before D": the same day of the month N months
// earlier, clamped to that month's last day.
// Three months before Tue 2026-11-03 is 2026-08-03.
func MonthsBefore(d Date, n int) Date { return MonthsAfter(d, -n) }

// CountKind is one of the counting kinds above, as data.
type CountKind uint8

const (
	countNone              CountKind = iota
	CountNthWeekdayBefore            // NthWeekdayBefore(anchor, Weekday, N)
	CountNthWeekdayOfMonth           // NthWeekdayOfMonth(year of the anchor, Month, Weekday, N)
	CountNextWeekdayAfter            // NextWeekdayAfter(anchor, Weekday)
	CountWeeksBefore                 // WeeksBefore(anchor, N)
	CountDaysAfter                   // DaysAfter(anchor, N); N < 0 counts back
	CountMonthsBefore                // MonthsBefore(anchor, N)
	CountMonthsAfter                 // MonthsAfter(anchor, N)
	CountOnDay                       // Month Day of the anchor's year
	CountWeekdayOnOrAfter            // WeekdayOnOrAfter(anchor, Weekday)
)

// Count is one application of a counting kind.
type Count struct {
	Kind    CountKind
	N       int
	Weekday time.Weekday
	Month   time.Month
	Day     int
}

// NthBefore is "the Nth <weekday> before/preceding".
func NthBefore(wd time.Weekday, n int) Count {
	return Count{Kind: CountNthWeekdayBefore, Weekday: wd, N: n}
}

// NthOfMonth is "the Nth <weekday> in <month>" (n = -1: the last); a
// zero month is the anchor's own month ("the third Tuesday of the month
// preceding …", once the month is counted).
func NthOfMonth(m time.Month, wd time.Weekday, n int) Count {
	return Count{Kind: CountNthWeekdayOfMonth, Month: m, Weekday: wd, N: n}
}

// NextAfter is "the <weekday> next after".
func NextAfter(wd time.Weekday) Count { return Count{Kind: CountNextWeekdayAfter, Weekday: wd} }

// OnOrAfter is "the first <weekday> on or after".
func OnOrAfter(wd time.Weekday) Count { return Count{Kind: CountWeekdayOnOrAfter, Weekday: wd} }

// MonthsOn is "N months after" (the day clamped to the month's last).
func MonthsOn(n int) Count { return Count{Kind: CountMonthsAfter, N: n} }

// WeeksBack is "N weeks preceding".
func WeeksBack(n int) Count { return Count{Kind: CountWeeksBefore, N: n} }

// Days is "N days after" (n < 0: before).
func Days(n int) Count { return Count{Kind: CountDaysAfter, N: n} }

// MonthsBack is "N months before".
func MonthsBack(n int) Count { return Count{Kind: CountMonthsBefore, N: n} }

// OnDay is "<month> <day>" of the anchor's year.
func OnDay(m time.Month, day int) Count { return Count{Kind: CountOnDay, Month: m, Day: day} }

func (s Count) apply(d Date) Date {
	switch s.Kind {
	case CountNthWeekdayBefore:
		return NthWeekdayBefore(d, s.Weekday, s.N)
	case CountNthWeekdayOfMonth:
		m := s.Month
		if m == 0 {
			m = d.Month
		}
		return NthWeekdayOfMonth(d.Year, m, s.Weekday, s.N)
	case CountWeekdayOnOrAfter:
		return WeekdayOnOrAfter(d, s.Weekday)
	case CountNextWeekdayAfter:
		return NextWeekdayAfter(d, s.Weekday)
	case CountWeeksBefore:
		return WeeksBefore(d, s.N)
	case CountDaysAfter:
		return DaysAfter(d, s.N)
	case CountMonthsBefore:
		return MonthsBefore(d, s.N)
	case CountMonthsAfter:
		return MonthsAfter(d, s.N)
	case CountOnDay:
		return Date{Year: d.Year, Month: s.Month, Day: s.Day}
	}
	return d
}

func (s Count) wrap(inner string) string {
	switch s.Kind {
	case CountNthWeekdayBefore:
		return "NthWeekdayBefore(" + s.Weekday.String() + ", " + itoa(s.N) + ", " + inner + ")"
	case CountNthWeekdayOfMonth:
		if s.Month == 0 {
			return "NthWeekdayOfMonth(month of " + inner + ", " + s.Weekday.String() + ", " + itoa(s.N) + ")"
		}
		return "NthWeekdayOfMonth(" + s.Month.String() + ", " + s.Weekday.String() + ", " + itoa(s.N) + ", year of " + inner + ")"
	case CountWeekdayOnOrAfter:
		return "WeekdayOnOrAfter(" + s.Weekday.String() + ", " + inner + ")"
	case CountNextWeekdayAfter:
		return "NextWeekdayAfter(" + s.Weekday.String() + ", " + inner + ")"
	case CountWeeksBefore:
		return "WeeksBefore(" + itoa(s.N) + ", " + inner + ")"
	case CountDaysAfter:
		if s.N < 0 {
			return "DaysBefore(" + itoa(-s.N) + ", " + inner + ")"
		}
		return "DaysAfter(" + itoa(s.N) + ", " + inner + ")"
	case CountMonthsBefore:
		return "MonthsBefore(" + itoa(s.N) + ", " + inner + ")"
	case CountMonthsAfter:
		return "MonthsAfter(" + itoa(s.N) + ", " + inner + ")"
	case CountOnDay:
		return "OnDay(" + s.Month.String() + " " + itoa(s.Day) + ", year of " + inner + ")"
	}
	return inner
}

// Anchor is the date a counting starts from.
type Anchor uint8

const (
	AnchorNone     Anchor = iota
	AtYear                // January 1 of the year the rule is for
	AtPrimary             // the primary of the filling election's year
	AtGeneral             // the general election
	AtProclamation        // the governor's proclamation
	AtVacancy             // the vacancy date
	AtRow                 // an earlier row's effective (Statutory: statutory) last day
	AtSelf                // the row's own ordinary last day (conditions only)
	AtElection            // the election the rows serve (a village election)
)

func (a Anchor) String() string {
	switch a {
	case AtYear:
		return "year"
	case AtPrimary:
		return "primary"
	case AtGeneral:
		return "general"
	case AtProclamation:
		return "proclamation"
	case AtVacancy:
		return "vacancy"
	case AtSelf:
		return "this row's last day"
	case AtElection:
		return "election"
	}
	return ""
}

// Counting is a chain of counting steps from an anchor: "the third day
// after the twenty-third Tuesday preceding such election" is
// From(AtGeneral, NthBefore(Tuesday, 23), Days(3)). Later, when set, makes
// the result the later of this counting and that one.
type Counting struct {
	Anchor    Anchor
	Row       string // the row counted from, for AtRow
	Statutory bool   // AtRow, AtSelf: the statutory date rather than the effective one
	Steps     []Count
	Later     *Counting
}

// From is a counting from an anchor.
func From(a Anchor, steps ...Count) Counting { return Counting{Anchor: a, Steps: steps} }

// FromRow is a counting from an earlier row's effective last day.
func FromRow(code string, steps ...Count) Counting {
	return Counting{Anchor: AtRow, Row: code, Steps: steps}
}

// FromRowStatutory is a counting from an earlier row's statutory last day.
func FromRowStatutory(code string, steps ...Count) Counting {
	return Counting{Anchor: AtRow, Row: code, Statutory: true, Steps: steps}
}

// OrLater is the later of c and o.
func (c Counting) OrLater(o Counting) Counting {
	c.Later = &o
	return c
}

// IsZero reports whether the counting is not given.
func (c Counting) IsZero() bool { return c.Anchor == AnchorNone }

// Apply runs the steps on the anchor's date (Later is the caller's).
func (c *Counting) Apply(from Date) Date {
	d := from
	for _, s := range c.Steps {
		d = s.apply(d)
	}
	return d
}

// String prints the counting as nested calls, innermost the anchor:
// "DaysAfter(4, designating_petition)".
func (c Counting) String() string {
	if c.IsZero() {
		return ""
	}
	inner := c.Anchor.String()
	if c.Anchor == AtRow {
		inner = c.Row
		if c.Statutory {
			inner += " (statutory)"
		}
	}
	for _, s := range c.Steps {
		inner = s.wrap(inner)
	}
	if c.Later != nil {
		inner = "LaterOf(" + inner + ", " + c.Later.String() + ")"
	}
	return inner
}
