package compute

import "time"

// Override is one row of calendar input (--calendar or a Calendar sheet):
// a year's primary and/or general election date, an added public holiday,
// or the dates of one deadline of the year (Code, Date, WindowStart), as
// an analyst enters an act passed after the law data was last checked.
type Override struct {
	Year        int
	Primary     Date   // zero when not overridden
	General     Date   // zero when not overridden
	Holiday     Date   // zero when the row adds no holiday
	HolidayName string // e.g. "proclaimed by the governor"
	Code        string // a deadline code whose dates the row sets ("" for none)
	Date        Date   // that deadline's last day
	WindowStart Date   // and its opening, for a window
	Reason      string // why the row overrides (calendar input "reason")
	Authority   string // the act or order it rests on (calendar input "source")
	Source      string // where the row came from, e.g. "cal.csv:4"
}

// Holiday is one public holiday of a year.
type Holiday struct {
	Date   Date
	Name   string
	Source string // "Gen. Constr. Law § 24" or the override's source
}

// The years whose non-business days NewCalendar lays out in a bitset;
// outside them IsBusinessDay works the holiday rules out on each call. The
// range covers every term a vacancy can touch, at about 14 KB a calendar.
const (
	calFirstYear = 1900
	calLastYear  = 2199
)

// calDated is a date set by calendar input, with the row it came from.
type calDated struct {
	Date        Date
	WindowStart Date
	Source      string // "calendar input cal.csv:4: reason (authority)"
}

// calKey is a deadline override's year and code.
type calKey struct {
	year int
	code string
}

// Calendar is a law's election days and public holidays with the calendar
// input applied. It is built once and then only read, so it is safe for
// concurrent use.
type Calendar struct {
	law      *Law
	primary  map[int]calDated    // overridden primaries by year
	general  map[int]calDated    // overridden general elections by year
	deadline map[calKey]calDated // overridden deadlines by year and code
	added    map[int][]Holiday   // holidays added by overrides, by the holiday's year

	// closed has one bit per day from calFirstYear-01-01 to calLastYear-12-31:
	// set when the day is a Saturday, Sunday or public holiday.
	closed []uint64
	first  int64 // calDayNumber of calFirstYear-01-01
	last   int64 // calDayNumber of calLastYear-12-31

	// holidays holds the precomputed years' holidays, each year in date
	// order; year y's are holidays[yearAt[y-calFirstYear]:yearAt[y-calFirstYear+1]].
	holidays []Holiday
	yearAt   []int32

	// generalOf is the law's general election day of each year from
	// calFirstYear to calLastYear: the engine asks for it several times a
	// row, and counting it is a few date conversions each time.
	generalOf []Date
}

// Law is the law the calendar was built for.
func (c *Calendar) Law() *Law { return c.law }

// NewCalendar builds the law's calendar with the overrides applied.
// Overrides win over the law's dates, later rows over earlier ones for the
// same year. A row's Year keys its dates (the date's own year when Year is
// 0); a row with Year set and no dates changes nothing. A row with Holiday
// set adds that day as a public holiday. law must not be nil.
func NewCalendar(law *Law, overrides []Override) *Calendar {
	c := &Calendar{
		law:      law,
		primary:  map[int]calDated{},
		general:  map[int]calDated{},
		deadline: map[calKey]calDated{},
		added:    map[int][]Holiday{},
	}
	for _, o := range overrides {
		src := overrideSource(&o)
		if !o.Primary.IsZero() {
			c.primary[calOverrideYear(o.Year, o.Primary)] = calDated{Date: calNormal(o.Primary), Source: src}
		}
		if !o.General.IsZero() {
			c.general[calOverrideYear(o.Year, o.General)] = calDated{Date: calNormal(o.General), Source: src}
		}
		if o.Code != "" && !o.Date.IsZero() {
			d := calDated{Date: calNormal(o.Date), Source: src}
			if !o.WindowStart.IsZero() {
				d.WindowStart = calNormal(o.WindowStart)
			}
			c.deadline[calKey{calOverrideYear(o.Year, o.Date), o.Code}] = d
		}
		if !o.Holiday.IsZero() {
			h := calNormal(o.Holiday)
			name := o.HolidayName
			if name == "" {
				name = "public holiday (calendar input)"
			}
			c.added[h.Year] = append(c.added[h.Year], Holiday{Date: h, Name: name, Source: src})
		}
	}

	c.generalOf = make([]Date, 0, calLastYear-calFirstYear+1)
	for y := calFirstYear; y <= calLastYear; y++ {
		c.generalOf = append(c.generalOf, c.countGeneral(y))
	}
	c.first = calDayNumber(calFirstYear, 1, 1)
	c.last = calDayNumber(calLastYear, 12, 31)
	c.closed = make([]uint64, (c.last-c.first)/64+1)
	for n := c.first; n <= c.last; n++ {
		if wd := calWeekday(n); wd == time.Saturday || wd == time.Sunday {
			c.setClosed(n)
		}
	}
	c.holidays = make([]Holiday, 0, (calLastYear-calFirstYear+1)*17)
	c.yearAt = make([]int32, 0, calLastYear-calFirstYear+2)
	for y := calFirstYear; y <= calLastYear; y++ {
		start := len(c.holidays)
		c.yearAt = append(c.yearAt, int32(start))
		c.eachHoliday(y, func(h Holiday) { c.holidays = append(c.holidays, h) })
		calSortHolidays(c.holidays[start:])
		for _, h := range c.holidays[start:] {
			c.setClosed(calDayNumber(h.Date.Year, int(h.Date.Month), h.Date.Day))
		}
	}
	c.yearAt = append(c.yearAt, int32(len(c.holidays)))
	return c
}

// overrideSource names a calendar input row where its dates appear: the
// row, and the reason and source it gives.
func overrideSource(o *Override) string {
	src := o.Source
	if src == "" {
		src = "calendar input"
	} else {
		src = "calendar input " + src
	}
	if o.Reason != "" {
		src += ": " + o.Reason
	}
	if o.Authority != "" {
		src += " (" + o.Authority + ")"
	}
	return src
}

func calOverrideYear(year int, d Date) int {
	if year != 0 {
		return year
	}
	return d.Year
}

// addedHolidayIn is a holiday calendar input added on a day from `from`
// up to (not including) `to`: one a roll-over from `from` to `to` passed.
func (c *Calendar) addedHolidayIn(from, to Date) (Holiday, bool) {
	if c == nil || len(c.added) == 0 {
		return Holiday{}, false
	}
	for y := from.Year; y <= to.Year; y++ {
		for _, h := range c.added[y] {
			if !h.Date.Before(from) && h.Date.Before(to) {
				return h, true
			}
		}
	}
	return Holiday{}, false
}

func (c *Calendar) setClosed(n int64) {
	if n < c.first || n > c.last {
		return
	}
	i := n - c.first
	c.closed[i/64] |= 1 << (i % 64)
}

// dateSource is where an election day came from.
type dateSource struct {
	text    string // the citation or the calendar input row
	act     int    // the act that set it, -1 for none
	touched bool   // set by a one-year act or calendar input, not the formula
	base    Date   // the formula's date when touched
}

// Primary is the statewide primary of the year and where that date comes
// from, under the edition of the year's calendar.
func (c *Calendar) Primary(year int) (Date, string) {
	d, src := c.primaryFor(c.law.CalendarEdition(year), year, "", true)
	return d, src.text
}

// primaryFor is the primary of year for class under edition e: calendar
// input first, then a one-year act's, then a primary moved by special act,
// then the edition's formula. withActs = false gives the formula's (and a
// moved primary's) date.
func (c *Calendar) primaryFor(e *Edition, year int, class OfficeClass, withActs bool) (Date, dateSource) {
	formula, ftext := e.Primary.Day.Apply(D(year, time.January, 1)), e.Primary.Cite
	for _, m := range e.Primary.Moved {
		if m.Date.Year == year {
			formula, ftext = m.Date, m.Cite
		}
	}
	src := dateSource{text: ftext, act: -1}
	if !withActs {
		return formula, src
	}
	if o, ok := c.primary[year]; ok {
		return o.Date, dateSource{text: o.Source, act: -1, touched: true, base: formula}
	}
	if j := c.law.actFor(year, class); j >= 0 && !c.law.Acts[j].Primary.IsZero() {
		a := &c.law.Acts[j]
		return a.Primary, dateSource{text: a.Cite, act: j, touched: true, base: formula}
	}
	return formula, src
}

// General is the general election of the year and where that date comes
// from: calendar input first, else the law's rule.
func (c *Calendar) General(year int) (Date, string) {
	if o, ok := c.general[year]; ok {
		return o.Date, o.Source
	}
	return c.generalFormula(year), c.law.GeneralBy.Cite
}

func (c *Calendar) generalFormula(year int) Date {
	if i := year - calFirstYear; i >= 0 && i < len(c.generalOf) {
		return c.generalOf[i]
	}
	return c.countGeneral(year)
}

func (c *Calendar) countGeneral(year int) Date {
	return c.law.General.Apply(D(year, time.January, 1))
}

// IsBusinessDay reports whether d is neither a weekend day nor a public holiday.
func (c *Calendar) IsBusinessDay(d Date) bool {
	d = calNormal(d)
	return c.open(d, calDayNumber(d.Year, int(d.Month), d.Day))
}

// RollOver is d itself when it is a business day, else the next business
// day (Elec. Law § 1-106). The walk ends: a run of closed days is at most
// a weekend plus the holidays, and there are finitely many of those.
func (c *Calendar) RollOver(d Date) Date {
	d = calNormal(d)
	n := calDayNumber(d.Year, int(d.Month), d.Day)
	for !c.open(d, n) {
		d = calNextDay(d)
		n++
	}
	return d
}

// open is IsBusinessDay for a normalised d whose day number is n.
func (c *Calendar) open(d Date, n int64) bool {
	if c != nil && n >= c.first && n <= c.last {
		i := n - c.first
		return c.closed[i/64]&(1<<(i%64)) == 0
	}
	if wd := calWeekday(n); wd == time.Saturday || wd == time.Sunday {
		return false
	}
	return !c.isHoliday(d)
}

// calNormal returns d when it is a real calendar day, else the day
// time.Date makes of it (the zero Date becomes -0001-11-30), so that a
// malformed date can never index outside the bitset.
func calNormal(d Date) Date {
	if d.Month >= time.January && d.Month <= time.December && d.Day >= 1 &&
		d.Day <= calDaysIn(d.Year, int(d.Month)) {
		return d
	}
	return D(d.Year, d.Month, d.Day)
}

func calLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func calDaysIn(y, m int) int {
	switch m {
	case 2:
		if calLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// calNextDay is the day after the (normalised) day d.
func calNextDay(d Date) Date {
	switch {
	case d.Day < calDaysIn(d.Year, int(d.Month)):
		d.Day++
	case d.Month < time.December:
		d.Month++
		d.Day = 1
	default:
		d.Year++
		d.Month = time.January
		d.Day = 1
	}
	return d
}

// calFloorDiv divides rounding towards minus infinity, so that years before
// 1 number their days the same way as later ones.
func calFloorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// calDayNumber counts days in the proleptic Gregorian calendar, 1970-01-01
// being day 0. It counts years from March, so that February's leap day is
// the last day of its counting year: the days before March of year y are
// 365y plus one per leap year before it, and the months March…January have
// lengths 31,30,31,30,31,31,30,31,30,31,31 whose running totals are
// (153k+2)/5 for the k-th month after March.
func calDayNumber(y, m, d int) int64 {
	yy, mm := int64(y), int64(m)
	if mm <= 2 {
		yy--
		mm += 12
	}
	days := 365*yy + calFloorDiv(yy, 4) - calFloorDiv(yy, 100) + calFloorDiv(yy, 400)
	days += (153*(mm-3)+2)/5 + int64(d) - 1
	return days - calEpochShift
}

// calEpochShift is what the count above gives 1970-01-01 (1969 counted from
// March 1 of year 0: 1969·365 + 492 − 19 + 4 = 719,162 days before March 1969,
// then 306 days from March 1 to January 1, 1970).
const calEpochShift = 719468

// calWeekday of day number n: 1970-01-01 was a Thursday.
func calWeekday(n int64) time.Weekday {
	w := (n + int64(time.Thursday)) % 7
	if w < 0 {
		w += 7
	}
	return time.Weekday(w)
}
