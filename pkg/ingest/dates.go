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
const dateForms = `write it as YYYY-MM-DD, M/D/YYYY, M/D/YY or "January 5, 2026", or use a date cell`

// dateError says why a cell is not a date.
type dateError struct{ msg string }

func (e *dateError) Error() string { return e.msg }

// parseDateText reads the text forms of a date: YYYY-MM-DD, M/D/YYYY,
// M/D/YY, "January 5, 2026" and "Jan 5, 2026" (month names in any case,
// "Sept" and a period after an abbreviation allowed).
//
// M/D/YY: the two-digit year is read the way Excel reads one typed into a
// cell (its default cut-off): 00–29 are 2000–2029, 30–99 are 1930–1999. So
// "1/5/26" is 2026-01-05 and "1/5/98" (an incumbent's term start) is
// 1998-01-05; a sheet and its CSV export mean the same day.
func parseDateText(s string) (compute.Date, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return compute.Date{}, &dateError{"the date is blank"}
	}
	whole := s
	// Excel's text of a date-time cell ("4/3/26 0:00", "2026-04-03
	// 00:00:00"): the day, the time of day dropped.
	s = cutTimeOfDay(s)
	var y, m, d int
	var ok bool
	switch {
	case len(s) == 10 && s[4] == '-' && s[7] == '-':
		y, ok = digits(s[0:4])
		if ok {
			m, ok = digits(s[5:7])
		}
		if ok {
			d, ok = digits(s[8:10])
		}
	case strings.Count(s, "/") == 2:
		y, m, d, ok = slashDate(s)
	case s[0] >= 'A' && s[0] <= 'Z' || s[0] >= 'a' && s[0] <= 'z':
		y, m, d, ok = wordDate(s)
	}
	if !ok {
		if hint := dayFirstHint(s); hint != "" {
			return compute.Date{}, &dateError{fmt.Sprintf("%s is not a date the tool reads: %s", quote(whole), hint)}
		}
		return compute.Date{}, &dateError{fmt.Sprintf("%s is not a date; %s", quote(whole), dateForms)}
	}
	if m > 12 && d <= 12 && strings.Count(s, "/") == 2 {
		if hint := dayFirstHint(s); hint != "" {
			return compute.Date{}, &dateError{fmt.Sprintf("%s is not a date: there is no month %d; %s", quote(whole), m, hint)}
		}
	}
	return checkDate(whole, y, m, d)
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
	if strings.Count(date, "/") != 2 && !(len(date) == 10 && date[4] == '-' && date[7] == '-') {
		return s
	}
	return date
}

// dayFirstHint explains a date written day first, as in Europe
// ("13/04/2026", "04.03.2026", "13-04-2026"), which the tool does not
// guess at: "" when s does not look like one.
func dayFirstHint(s string) string {
	var sep byte
	for _, c := range []byte{'/', '.', '-'} {
		if strings.Count(s, string(c)) == 2 {
			sep = c
		}
	}
	if sep == 0 {
		return ""
	}
	f := strings.Split(s, string(sep))
	if len(f[0]) > 2 || len(f[1]) > 2 || len(f[2]) != 4 && len(f[2]) != 2 {
		return ""
	}
	d, ok1 := digits(f[0])
	m, ok2 := digits(f[1])
	y, ok3 := digits(f[2])
	if !ok1 || !ok2 || !ok3 || d < 1 || d > 31 || m < 1 || m > 12 {
		return ""
	}
	if len(f[2]) == 2 {
		y += 2000
		if y >= 2030 {
			y -= 100
		}
	}
	if sep == '/' && d <= 12 {
		return "" // M/D/Y as written: read as such
	}
	if d > daysIn(y, time.Month(m)) {
		return ""
	}
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

func daysIn(y int, m time.Month) int {
	return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
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

func slashDate(s string) (y, m, d int, ok bool) {
	i := strings.IndexByte(s, '/')
	j := i + 1 + strings.IndexByte(s[i+1:], '/')
	ms, ds, ys := s[:i], s[i+1:j], s[j+1:]
	if len(ms) < 1 || len(ms) > 2 || len(ds) < 1 || len(ds) > 2 || (len(ys) != 2 && len(ys) != 4) {
		return 0, 0, 0, false
	}
	if m, ok = digits(ms); !ok {
		return
	}
	if d, ok = digits(ds); !ok {
		return
	}
	if y, ok = digits(ys); !ok {
		return
	}
	if len(ys) == 2 {
		if y < 30 {
			y += 2000
		} else {
			y += 1900
		}
	}
	return y, m, d, true
}

var monthWords = map[string]int{
	"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3,
	"april": 4, "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7,
	"august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
	"october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}

// wordDate reads "January 5, 2026", "Jan. 5 2026".
func wordDate(s string) (y, m, d int, ok bool) {
	f := strings.Fields(s)
	if len(f) != 3 {
		return 0, 0, 0, false
	}
	mw := strings.ToLower(strings.TrimSuffix(f[0], "."))
	if m, ok = monthWords[mw]; !ok {
		return 0, 0, 0, false
	}
	ds := strings.TrimSuffix(f[1], ",")
	if len(ds) < 1 || len(ds) > 2 {
		return 0, 0, 0, false
	}
	if d, ok = digits(ds); !ok {
		return
	}
	if len(f[2]) != 4 {
		return 0, 0, 0, false
	}
	y, ok = digits(f[2])
	return y, m, d, ok
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
