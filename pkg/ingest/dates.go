package ingest

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"batch/pkg/compute"
)

// Years outside this range are taken for typing mistakes ("2206" for
// "2026"): no vacancy, term or election of the statute's edition lies there.
const (
	minYear = 1900
	maxYear = 2199
)

// dateForms is the sentence every date problem ends with.
const dateForms = `write it as YYYY-MM-DD, M/D/YYYY or "January 5, 2026", or use a date cell`

// dateError says why a cell is not a date.
type dateError struct{ msg string }

func (e *dateError) Error() string { return e.msg }

// The rule for a two-digit year (CONTRACT.md, Input): YY is 20YY, always.
// Every date the law data covers (its editions begin in 2010) lies in this
// century, so the rule never depends on the day the tool runs, and a file
// means the same day every year. Where 20YY falls outside the dates the
// tool expects (before plausibleFrom, or more than two years after the
// as-of date), the century is a guess and the row says so (DATE_UNLIKELY,
// naming 19YY too).
const twoDigitCentury = 2000

// plausibleFrom is the first year of a date the tool takes without a
// word: the law data begins with the 2010 editions, and a vacancy of 2009
// may still be filled under them.
const plausibleFrom = 2009

// parseDateText reads the text forms of a date: YYYY-MM-DD (and
// YYYY/MM/DD, YYYY.MM.DD), M/D/YYYY, M/D/YY, a month in words before or
// after the day ("January 5, 2026", "Jan. 5 2026", "March 3rd, 2027",
// "3 March 2027", "3-Mar-27" as Excel writes its d-mmm-yy format), each
// also with a time of day after it as Excel writes a date-time as text.
// A two-digit year is 20YY (twoDigitCentury). Numbers in another order
// are read only where one reading alone is a date: "12-25-2026" is
// December 25; "13.04.2026" is refused with the day it seems to mean;
// "3.1.2027", "27-03-01" and "01/02/03" are refused naming each reading,
// never offering one.
func parseDateText(s string) (compute.Date, error) {
	d, _, err := readDateText(s)
	return d, err
}

// readDateText is parseDateText that also says whether the year was
// written in two digits (its century the tool's rule).
func readDateText(s string) (compute.Date, bool, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return compute.Date{}, false, &dateError{"the date is blank"}
	}
	whole := s
	// Excel's text of a date-time cell ("4/3/26 0:00", "2026-04-03
	// 00:00:00"): the day, the time of day dropped.
	s = cutTimeOfDay(s)
	if len(s) == 10 && s[4] == '-' && s[7] == '-' {
		// The form the tool writes, first: most text dates are it.
		y, ok1 := digits(s[0:4])
		m, ok2 := digits(s[5:7])
		d, ok3 := digits(s[8:10])
		if ok1 && ok2 && ok3 {
			day, err := checkDate(whole, y, m, d)
			return day, false, err
		}
	}
	if hasLetter(s) {
		if y, m, d, two, ok := wordDate(s); ok {
			day, err := checkDate(whole, y, m, d)
			return day, two, err
		}
		return compute.Date{}, false, &dateError{fmt.Sprintf("%s is not a date; %s", quote(whole), dateForms)}
	}
	return numericDate(whole, s)
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// numericDate reads a date of three numbers: s is whole without its time
// of day.
func numericDate(whole, s string) (compute.Date, bool, error) {
	notDate := func() (compute.Date, bool, error) {
		return compute.Date{}, false, &dateError{fmt.Sprintf("%s is not a date; %s", quote(whole), dateForms)}
	}
	sep, a, b, c, ok := threeNumbers(s)
	if !ok {
		return notDate()
	}
	na, _ := digits(a)
	nb, _ := digits(b)
	nc, _ := digits(c)
	switch {
	case len(a) == 4 && len(b) <= 2 && len(c) <= 2:
		// Year first, whatever the separator: no one writes YYYY-DD-MM.
		day, err := checkDate(whole, na, nb, nc)
		return day, false, err
	case len(a) > 2 || len(b) > 2 || len(c) != 4 && len(c) != 2:
		return notDate()
	}
	two := len(c) == 2
	y := nc
	if two {
		y += twoDigitCentury
	}
	monthFirst := validDate(y, na, nb)
	if sep == '/' {
		// The tool reads M/D/Y with slashes (the order of the United
		// States, stated in the contract): a day-first date is refused
		// with the one day it can mean. With a two-digit year, a date
		// before 2009 may be year first instead ("01/02/03"): both are
		// named.
		switch {
		case monthFirst && two && len(a) == 2 && y < plausibleFrom && validDate(twoDigitCentury+na, nb, nc):
			return ambiguous(whole, reading{y, na, nb, "month first, as the tool reads M/D/YY"}, reading{twoDigitCentury + na, nb, nc, "year first"})
		case monthFirst:
			return compute.Date{Year: y, Month: time.Month(na), Day: nb}, two, nil
		case na > 12 && validDate(y, nb, na):
			return compute.Date{}, false, &dateError{fmt.Sprintf("%s is not a date: there is no month %d; %s", quote(whole), na, dayFirstHint(y, nb, na))}
		}
		if na < 1 || na > 12 {
			return compute.Date{}, false, &dateError{fmt.Sprintf("%s is not a date: there is no month %d; %s", quote(whole), na, dateForms)}
		}
		day, err := checkDate(whole, y, na, nb)
		return day, two, err
	}
	// Dots and dashes: Europe writes the day first, the United States the
	// month; with a two-digit year first, the year may lead.
	dayFirst := validDate(y, nb, na) && na != nb
	var rs []reading
	if monthFirst {
		rs = append(rs, reading{y, na, nb, "month first"})
	}
	if dayFirst {
		rs = append(rs, reading{y, nb, na, "day first"})
	}
	if two && len(a) == 2 && validDate(twoDigitCentury+na, nb, nc) {
		if r := (reading{twoDigitCentury + na, nb, nc, "year first"}); !r.sameDay(rs) {
			rs = append(rs, r)
		}
	}
	switch {
	case len(rs) > 1:
		return ambiguous(whole, rs...)
	case len(rs) == 1 && rs[0].how == "day first":
		return compute.Date{}, false, &dateError{fmt.Sprintf("%s is not a date the tool reads: %s", quote(whole), dayFirstHint(y, nb, na))}
	case len(rs) == 1:
		r := rs[0]
		return compute.Date{Year: r.y, Month: time.Month(r.m), Day: r.d}, two, nil
	}
	if na >= 1 && na <= 12 {
		day, err := checkDate(whole, y, na, nb)
		if err != nil {
			return day, false, err
		}
	}
	return notDate()
}

// threeNumbers splits s into three runs of digits between two of one
// separator ('/', '-' or '.').
func threeNumbers(s string) (sep byte, a, b, c string, ok bool) {
	i := strings.IndexAny(s, "/-.")
	if i <= 0 {
		return 0, "", "", "", false
	}
	sep = s[i]
	j := strings.IndexByte(s[i+1:], sep)
	if j < 0 {
		return 0, "", "", "", false
	}
	j += i + 1
	a, b, c = s[:i], s[i+1:j], s[j+1:]
	for _, p := range []string{a, b, c} {
		if _, ok := digits(p); !ok {
			return 0, "", "", "", false
		}
	}
	return sep, a, b, c, true
}

// validDate reports whether y-m-d is a day the tool reads.
func validDate(y, m, d int) bool {
	return m >= 1 && m <= 12 && d >= 1 && y >= minYear && y <= maxYear && d <= daysIn(y, time.Month(m))
}

// reading is one day a date's numbers may mean, and how they are read so.
type reading struct {
	y, m, d int
	how     string
}

func (r reading) sameDay(rs []reading) bool {
	for _, o := range rs {
		if o.y == r.y && o.m == r.m && o.d == r.d {
			return true
		}
	}
	return false
}

// words is the day in words, "March 1, 2027": a reading named, never a
// form to copy.
func (r reading) words() string {
	return fmt.Sprintf("%s %d, %d", time.Month(r.m), r.d, r.y)
}

// ambiguous refuses a date whose numbers read as more than one day,
// naming each: which one was meant is the analyst's to say.
func ambiguous(whole string, rs ...reading) (compute.Date, bool, error) {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.words() + " (" + r.how + ")"
	}
	list := strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
	return compute.Date{}, false, &dateError{fmt.Sprintf("%s could be %s: the tool does not guess which; write the year in four digits first (YYYY-MM-DD) or the month in words", quote(whole), list)}
}

// cutTimeOfDay drops a time of day after a date, as Excel writes a
// date-time cell as text: "4/3/26 0:00", "4/3/2026 12:00:00 AM",
// "2026-04-03 00:00:00". Text that is not a date followed by a time is
// returned as it is.
func cutTimeOfDay(s string) string {
	i := strings.IndexByte(s, ' ')
	if i < 0 {
		return s
	}
	date, clock := s[:i], strings.TrimSpace(s[i+1:])
	if u := strings.ToUpper(clock); strings.HasSuffix(u, " AM") || strings.HasSuffix(u, " PM") {
		clock = strings.TrimSpace(clock[:len(clock)-3])
	}
	parts := strings.Split(clock, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return s
	}
	for k, p := range parts {
		if k == 2 {
			p, _, _ = strings.Cut(p, ".") // fractions of a second
		}
		n, ok := digits(p)
		if !ok || len(p) > 2 || k == 0 && n > 23 || k > 0 && n > 59 {
			return s
		}
	}
	if _, _, _, _, ok := threeNumbers(date); !ok {
		return s
	}
	return date
}

// dayFirstHint explains a date that reads only day first, as in Europe
// ("13/04/2026", "13.04.2026"): the one day it can mean, which the tool
// does not take on a guess of the writer's habit.
func dayFirstHint(y, m, d int) string {
	iso := fmt.Sprintf("%04d-%02d-%02d", y, m, d)
	return fmt.Sprintf("it looks day-first (%d %s %d); the tool reads M/D/YYYY, so write it as %s or %d/%d/%d", d, time.Month(m), y, iso, m, d, y)
}

// checkDate validates the parts of a date read from the text s.
func checkDate(s string, y, m, d int) (compute.Date, error) {
	if m < 1 || m > 12 {
		return compute.Date{}, &dateError{fmt.Sprintf("%s is not a date: there is no month %d; %s", quote(s), m, dateForms)}
	}
	if y < minYear || y > maxYear {
		return compute.Date{}, &dateError{fmt.Sprintf("%s is not a plausible date: the year %d is outside %d–%d", quote(s), y, minYear, maxYear)}
	}
	if n := daysIn(y, time.Month(m)); d < 1 || d > n {
		return compute.Date{}, &dateError{fmt.Sprintf("%s is not a date: %s %d has %d days", quote(s), time.Month(m), y, n)}
	}
	return compute.Date{Year: y, Month: time.Month(m), Day: d}, nil
}

// daysIn is the length of the month (proleptic Gregorian calendar).
func daysIn(y int, m time.Month) int {
	switch m {
	case time.February:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case time.April, time.June, time.September, time.November:
		return 30
	}
	return 31
}

// digits reads a run of ASCII digits (at most 9).
func digits(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

var monthWords = map[string]int{
	"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3,
	"april": 4, "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7,
	"august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
	"october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}

// weekdays may stand before a date in words ("Tuesday, March 3, 2027").
var weekdays = map[string]bool{"monday": true, "mon": true, "tuesday": true, "tue": true, "tues": true,
	"wednesday": true, "wed": true, "thursday": true, "thu": true, "thurs": true, "friday": true, "fri": true,
	"saturday": true, "sat": true, "sunday": true, "sun": true}

// wordDate reads a date with its month in words: the month before the day
// ("January 5, 2026", "Jan. 5 2026", "March 3rd, 2027", "Mar-3-2027") or
// after it ("3 March 2027", "3-Mar-27", Excel's d-mmm-yy); a weekday may
// lead. two says the year was written in two digits.
func wordDate(s string) (y, m, d int, two, ok bool) {
	var f [4]string
	n := 0
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '-' || r == '/' }) {
		if n == len(f) {
			return 0, 0, 0, false, false
		}
		f[n] = w
		n++
	}
	fs := f[:n]
	if n == 4 && weekdays[strings.ToLower(strings.TrimSuffix(fs[0], "."))] {
		fs = fs[1:]
	}
	if len(fs) != 3 {
		return 0, 0, 0, false, false
	}
	day, month := fs[1], fs[0]
	if m, ok = monthWords[strings.ToLower(strings.TrimSuffix(month, "."))]; !ok {
		day, month = fs[0], fs[1]
		if m, ok = monthWords[strings.ToLower(strings.TrimSuffix(month, "."))]; !ok {
			return 0, 0, 0, false, false
		}
	}
	if d, ok = dayNumber(day); !ok {
		return 0, 0, 0, false, false
	}
	ys := fs[2]
	if len(ys) != 4 && len(ys) != 2 {
		return 0, 0, 0, false, false
	}
	if y, ok = digits(ys); !ok {
		return 0, 0, 0, false, false
	}
	if len(ys) == 2 {
		y += twoDigitCentury
		two = true
	}
	return y, m, d, two, true
}

// dayNumber reads a day of the month, with an ordinal suffix or not:
// "5", "05", "3rd", "21st".
func dayNumber(s string) (int, bool) {
	if len(s) > 2 {
		switch strings.ToLower(s[len(s)-2:]) {
		case "st", "nd", "rd", "th":
			s = s[:len(s)-2]
		}
	}
	if len(s) < 1 || len(s) > 2 {
		return 0, false
	}
	return digits(s)
}

// serialDate converts the raw value of a date-formatted cell, an Excel
// serial day number (a fraction is a time of day and is dropped), to the
// calendar day.
func serialDate(raw string, date1904 bool) (compute.Date, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(raw), 64)
	if err != nil || v < 1 || v >= 2958466 { // 2958466 is 10000-01-01
		return compute.Date{}, &dateError{fmt.Sprintf("%s in a date cell is not a date serial number Excel can show", quote(raw))}
	}
	days := int(math.Floor(v))
	var d compute.Date
	switch {
	case date1904:
		d = compute.D(1904, 1, 1).AddDays(days)
	case days == 60:
		// Excel's 1900 system counts a 29 February 1900 that never was
		// (Lotus 1-2-3's leap-year bug): no day can be meant.
		return compute.Date{}, &dateError{fmt.Sprintf("%s in a date cell is 29 February 1900, a day that never existed (Excel counts it by mistake): retype the date", quote(raw))}
	case days < 60:
		d = compute.D(1899, 12, 31).AddDays(days)
	default:
		d = compute.D(1899, 12, 30).AddDays(days)
	}
	return checkDate(d.String(), d.Year, int(d.Month), d.Day)
}

// isoDateTime reads the value of a cell of type "d" (an ISO 8601 date, with
// or without a time): "2026-01-05" or "2026-01-05T00:00:00Z".
func isoDateTime(raw string) (compute.Date, error) {
	s := strings.TrimSpace(raw)
	if len(s) > 10 && (s[10] == 'T' || s[10] == ' ') {
		s = s[:10]
	}
	return parseDateText(s)
}

// Built-in number formats (ECMA-376 Part 1, § 18.8.30) that show a date.
// 18–21 and 45–47 show only a time of day and are not dates.
func builtInDateFormat(id int) bool {
	switch {
	case id >= 14 && id <= 17, id == 22, id >= 27 && id <= 36, id >= 50 && id <= 58:
		return true
	}
	return false
}

// customDateFormat reports whether a number format code shows a date: it
// has a year or day token outside quoted text, escapes and [brackets]
// ("yyyy-mm-dd", "d-mmm-yy", "[$-409]mmmm d, yyyy;@"), where "m" alone could
// be minutes and is not enough.
func customDateFormat(code string) bool {
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case '"':
			j := strings.IndexByte(code[i+1:], '"')
			if j < 0 {
				return false
			}
			i += j + 1
		case '[':
			j := strings.IndexByte(code[i+1:], ']')
			if j < 0 {
				return false
			}
			i += j + 1
		case '\\', '_', '*':
			i++ // the next character is literal (or padding)
		case 'y', 'Y', 'd', 'D':
			return true
		}
	}
	return false
}

// quote shows a cell value in a message: in double quotes, shortened to 60
// characters with "…" when longer.
func quote(s string) string {
	return strconv.Quote(shorten(s, 60))
}

// shorten keeps the first n characters of s, marking a cut with "…".
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := 0
	for k := range s {
		if i == n {
			return s[:k] + "…"
		}
		i++
	}
	return s
}
