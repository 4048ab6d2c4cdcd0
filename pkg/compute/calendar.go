package compute

// STUB: the calendar helper replaces this file (calendar.go, holidays.go,
// count.go). The exported API below is fixed; other packages code against it.

// Override is one row of calendar input (CONTRACT.md: --calendar or a
// Calendar sheet): a year's primary and/or general election date, or an
// added public holiday.
type Override struct {
	Year        int
	Primary     Date   // zero when not overridden
	General     Date   // zero when not overridden
	Holiday     Date   // zero when the row adds no holiday
	HolidayName string // e.g. "proclaimed by the governor"
	Source      string // where the row came from, e.g. "cal.csv:4"
}

// Holiday is one public holiday of a year.
type Holiday struct {
	Date   Date
	Name   string
	Source string // "Gen. Constr. Law § 24" or the override's source
}

// Calendar knows election days and public holidays. It is built once and
// then only read, so it is safe for concurrent use.
type Calendar struct{}

// NewCalendar builds the built-in calendar with the overrides applied.
func NewCalendar(overrides []Override) *Calendar { return &Calendar{} }

// Primary is the fall primary of the year and where that date comes from.
func (c *Calendar) Primary(year int) (Date, string) { return Date{}, "" }

// General is the general election of the year and where that date comes from.
func (c *Calendar) General(year int) (Date, string) { return Date{}, "" }

// Holidays lists the year's public holidays in date order.
func (c *Calendar) Holidays(year int) []Holiday { return nil }

// IsBusinessDay reports whether d is neither a weekend day nor a public holiday.
func (c *Calendar) IsBusinessDay(d Date) bool { return true }

// RollOver is d itself when it is a business day, else the next business
// day (Elec. Law § 1-106).
func (c *Calendar) RollOver(d Date) Date { return d }
