package compute

import (
	"fmt"
	"time"
)

// Date is a civil date: no time of day, no time zone. The zero value means
// "not given".
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// D builds a Date; out-of-range days and months are normalised the way
// time.Date does (D(2026, 2, 30) is 2026-03-02).
func D(year int, month time.Month, day int) Date {
	return civil(daysOf(year, month, day))
}

// The engine counts days on every row, and time.Date spends most of its
// time in its location lookup, so the civil dates
// are counted here as numbers of days, by the proleptic Gregorian
// calendar's arithmetic, as the time package counts them
// (TestDayArithmeticAsTimeCountsIt).

// daysOf is the number of days from 1970-01-01 to year-month-day, the
// month and the day normalised as time.Date normalises them.
func daysOf(year int, month time.Month, day int) int {
	m := int(month) - 1
	year += floorDiv(m, 12)
	m = m - floorDiv(m, 12)*12 + 1 // 1 to 12
	// Years from March: January and February count with the year before.
	y := year
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400              // 0 to 399
	doy := (153*((m+9)%12) + 2) / 5 // the 1st of the month, from March 1st
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468 + day - 1
}

// civil is the date z days after 1970-01-01 (before, when z < 0).
func civil(z int) Date {
	z += 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097 // 0 to 146096
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153 // from March
	day := doy - (153*mp+2)/5 + 1
	m := mp + 3
	y := yoe + era*400
	if m > 12 {
		m -= 12
		y++
	}
	return Date{Year: y, Month: time.Month(m), Day: day}
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// FromTime takes the calendar day of t as seen in t's own location.
func FromTime(t time.Time) Date {
	y, m, d := t.Date()
	return Date{Year: y, Month: m, Day: d}
}

// ParseISO reads YYYY-MM-DD.
func ParseISO(s string) (Date, error) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return Date{}, fmt.Errorf("compute: %q is not a YYYY-MM-DD date", s)
	}
	return FromTime(t), nil
}

// IsZero reports whether the date was not given.
func (d Date) IsZero() bool { return d == Date{} }

// Time is midnight UTC of the day.
func (d Date) Time() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC) }

// AddDays counts n days on (back when n < 0).
func (d Date) AddDays(n int) Date { return civil(daysOf(d.Year, d.Month, d.Day) + n) }

// Weekday of the day.
func (d Date) Weekday() time.Weekday {
	return time.Weekday((daysOf(d.Year, d.Month, d.Day)%7 + 11) % 7) // 1970-01-01 was a Thursday
}

// Compare returns -1, 0 or +1 as d is before, equal to or after e.
func (d Date) Compare(e Date) int {
	switch {
	case d.Year != e.Year:
		return cmpInt(d.Year, e.Year)
	case d.Month != e.Month:
		return cmpInt(int(d.Month), int(e.Month))
	default:
		return cmpInt(d.Day, e.Day)
	}
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Before reports d < e.
func (d Date) Before(e Date) bool { return d.Compare(e) < 0 }

// After reports d > e.
func (d Date) After(e Date) bool { return d.Compare(e) > 0 }

// DaysUntil is the number of days from d to e (negative when e is earlier).
func (d Date) DaysUntil(e Date) int {
	return daysOf(e.Year, e.Month, e.Day) - daysOf(d.Year, d.Month, d.Day)
}

// String is ISO 8601 (YYYY-MM-DD), or "" for the zero date. It runs
// several times for every row, so the usual case avoids fmt.
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	if d.Year < 0 || d.Year > 9999 || d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > 31 {
		return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day)
	}
	var b [10]byte
	y := d.Year
	b[0], b[1], b[2], b[3] = byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10)
	b[4], b[7] = '-', '-'
	m := int(d.Month)
	b[5], b[6] = byte('0'+m/10), byte('0'+m%10)
	b[8], b[9] = byte('0'+d.Day/10), byte('0'+d.Day%10)
	return string(b[:])
}
