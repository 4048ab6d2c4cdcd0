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
	return FromTime(time.Date(year, month, day, 0, 0, 0, 0, time.UTC))
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
func (d Date) AddDays(n int) Date { return FromTime(d.Time().AddDate(0, 0, n)) }

// Weekday of the day.
func (d Date) Weekday() time.Weekday { return d.Time().Weekday() }

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
	return int(e.Time().Sub(d.Time()).Hours() / 24)
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
