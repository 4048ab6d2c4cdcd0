package ingest

import (
	"strings"
	"testing"
	"time"

	"batch/pkg/compute"
)

func d(y int, m time.Month, day int) compute.Date { return compute.Date{Year: y, Month: m, Day: day} }

func TestParseDateText(t *testing.T) {
	tests := []struct {
		name, in string
		want     compute.Date
	}{
		{"ISO date as the tool writes it", "2026-01-05", d(2026, 1, 5)},
		{"US date with a four-digit year", "1/5/2026", d(2026, 1, 5)},
		{"US date with leading zeros", "01/05/2026", d(2026, 1, 5)},
		{"two-digit year 26 is 2026", "1/5/26", d(2026, 1, 5)},
		{"two-digit year 29 is this century", "12/31/29", d(2029, 12, 31)},
		// One rule for every two-digit year (issue 35): 20YY. Excel's
		// cut-off made "1/1/30" 1930, a year before any law the tool has.
		{"two-digit year 30 is 2030", "1/1/30", d(2030, 1, 1)},
		{"two-digit year 98 is 2098 (a warning names 1998)", "1/1/98", d(2098, 1, 1)},
		{"month spelt out", "January 5, 2026", d(2026, 1, 5)},
		{"month abbreviated", "Jan 5, 2026", d(2026, 1, 5)},
		{"abbreviation with a period, no comma", "Sept. 15 2026", d(2026, 9, 15)},
		{"month in capitals", "NOVEMBER 3, 2026", d(2026, 11, 3)},
		{"leap day of a leap year", "2/29/2028", d(2028, 2, 29)},
		{"spaces around the date", "  2026-01-05 ", d(2026, 1, 5)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseDateText(tc.in)
			if err != nil || got != tc.want {
				t.Fatalf("parseDateText(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestParseDateTextRejects(t *testing.T) {
	tests := []struct{ name, in, msg string }{
		{"day and month swapped the European way", "13/45/2020", `"13/45/2020" is not a date: there is no month 13; ` + dateForms},
		{"February 30th", "2026-02-30", `"2026-02-30" is not a date: February 2026 has 28 days`},
		{"leap day of a common year", "2/29/2026", `"2/29/2026" is not a date: February 2026 has 28 days`},
		{"year typed 2206", "1/5/2206", `"1/5/2206" is not a plausible date: the year 2206 is outside 1900–2199`},
		{"words", "last Tuesday", `"last Tuesday" is not a date; ` + dateForms},
		{"day first with dots gets a hint", "13.01.2026", `"13.01.2026" is not a date the tool reads: it looks day-first (13 January 2026); the tool reads M/D/YYYY, so write it as 2026-01-13 or 1/13/2026`},
		{"three-digit year", "1/5/202", `"1/5/202" is not a date; ` + dateForms},
		{"unknown month word", "Janvier 5, 2026", `"Janvier 5, 2026" is not a date; ` + dateForms},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseDateText(tc.in)
			if err == nil {
				t.Fatalf("parseDateText(%q) = %v, want an error", tc.in, got)
			}
			if err.Error() != tc.msg {
				t.Fatalf("parseDateText(%q) error\n got %s\nwant %s", tc.in, err, tc.msg)
			}
		})
	}
}

// Serial day numbers worked by hand: Excel's 1900 system counts
// 1900-01-01 as 1 and (wrongly) has a 1900-02-29, so 1900-03-01 is 61.
// 2025-01-01 is 45658 (Excel shows it so); 2025 has 365 days, so
// 2026-01-01 is 46023, 2026-01-05 is 46027 and 2026-12-31 is 46023+364 =
// 46387. In the 1904 system the same days are 1462 smaller.
func TestSerialDate(t *testing.T) {
	tests := []struct {
		name     string
		raw      string
		date1904 bool
		want     compute.Date
	}{
		{"first of March 1900", "61", false, d(1900, 3, 1)},
		{"new year 2025", "45658", false, d(2025, 1, 1)},
		{"a Monday in January 2026", "46027", false, d(2026, 1, 5)},
		{"a time of day is dropped", "46027.75", false, d(2026, 1, 5)},
		{"new year's eve 2026", "46387", false, d(2026, 12, 31)},
		{"1904 date system", "44565", true, d(2026, 1, 5)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := serialDate(tc.raw, tc.date1904)
			if err != nil || got != tc.want {
				t.Fatalf("serialDate(%q) = %v, %v; want %v", tc.raw, got, err, tc.want)
			}
		})
	}
	for _, bad := range []string{"0", "-5", "abc", "3000000"} {
		if _, err := serialDate(bad, false); err == nil {
			t.Errorf("serialDate(%q) accepted", bad)
		}
	}
}

func TestDateFormats(t *testing.T) {
	custom := []struct {
		code string
		date bool
	}{
		{"yyyy-mm-dd", true}, {"m/d/yyyy", true}, {"d-mmm-yy", true}, {"[$-409]mmmm d, yyyy;@", true},
		{"mmm-yy", true}, {"General", false}, {"0.00", false}, {"h:mm:ss", false}, {"[h]:mm", false},
		{`#,##0 "days"`, false}, {`0\d`, false}, {"@", false},
	}
	for _, c := range custom {
		if got := customDateFormat(c.code); got != c.date {
			t.Errorf("customDateFormat(%q) = %v, want %v", c.code, got, c.date)
		}
	}
	for id, want := range map[int]bool{0: false, 1: false, 14: true, 15: true, 17: true, 18: false, 22: true, 45: false, 49: false} {
		if got := builtInDateFormat(id); got != want {
			t.Errorf("builtInDateFormat(%d) = %v, want %v", id, got, want)
		}
	}
}

func TestShorten(t *testing.T) {
	long := strings.Repeat("é", 70)
	got := quote(long)
	if want := `"` + strings.Repeat("é", 60) + `…"`; got != want {
		t.Fatalf("quote(70 × é) = %s", got)
	}
}

// TestDatesAsPeopleWriteThem: the forms issue 35 found refused, each read
// as the day its writer meant.
func TestDatesAsPeopleWriteThem(t *testing.T) {
	tests := []struct {
		name, in string
		want     compute.Date
		two      bool
	}{
		{"d-mmm-yy, Excel's own text of its d-mmm-yy format", "3-Mar-27", d(2027, 3, 3), true},
		{"d-mmm-yyyy", "03-Mar-2027", d(2027, 3, 3), false},
		{"d mmmm yyyy", "3 March 2027", d(2027, 3, 3), false},
		{"d mmm yyyy", "3 Mar 2027", d(2027, 3, 3), false},
		{"mmmm d(rd), yyyy", "March 3rd, 2027", d(2027, 3, 3), false},
		{"mmmm d(st), yyyy", "March 1st, 2027", d(2027, 3, 1), false},
		{"mmmm d(nd) yyyy", "June 22nd 2027", d(2027, 6, 22), false},
		{"mmmm d(th), yyyy", "April 4th, 2027", d(2027, 4, 4), false},
		{"a weekday before it", "Tuesday, March 2, 2027", d(2027, 3, 2), false},
		{"yyyy/mm/dd", "2027/03/01", d(2027, 3, 1), false},
		{"yyyy/m/d", "2027/3/1", d(2027, 3, 1), false},
		{"yyyy-m-d", "2027-3-1", d(2027, 3, 1), false},
		{"yyyy.mm.dd", "2027.03.01", d(2027, 3, 1), false},
		{"yyyy/mm/dd with a time", "2027/03/01 0:00", d(2027, 3, 1), false},
		{"month first with dashes, the only reading", "12-25-2026", d(2026, 12, 25), false},
		{"the same day either way", "3.3.2027", d(2027, 3, 3), false},
		{"M/D/YY", "3/1/27", d(2027, 3, 1), true},
		{"M/D/YY 69 is 2069 (a warning names 1969)", "3/1/69", d(2069, 3, 1), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, two, err := readDateText(tc.in)
			if err != nil || got != tc.want || two != tc.two {
				t.Fatalf("readDateText(%q) = %v, %v, %v; want %v, %v", tc.in, got, two, err, tc.want, tc.two)
			}
		})
	}
}

// TestAmbiguousDatesNameEveryReading: a date whose numbers read as two
// days is refused naming both, and offers neither as the form to write
// (issue 35: "write it as 2027-01-03" led a US user to the wrong day).
func TestAmbiguousDatesNameEveryReading(t *testing.T) {
	tests := []struct {
		in       string
		readings []string
	}{
		{"3.1.2027", []string{"March 1, 2027 (month first)", "January 3, 2027 (day first)"}},
		{"04.03.2026", []string{"April 3, 2026 (month first)", "March 4, 2026 (day first)"}},
		{"04-03-2026", []string{"April 3, 2026 (month first)", "March 4, 2026 (day first)"}},
		{"01/02/03", []string{"January 2, 2003 (month first, as the tool reads M/D/YY)", "February 3, 2001 (year first)"}},
		// Not 2001: the year may lead, or the day.
		{"27-03-01", []string{"March 27, 2001 (day first)", "March 1, 2027 (year first)"}},
		{"03-01-27", []string{"March 1, 2027 (month first)", "January 3, 2027 (day first)", "January 27, 2003 (year first)"}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := parseDateText(tc.in)
			if err == nil {
				t.Fatalf("parseDateText(%q) = %v, want it refused", tc.in, got)
			}
			msg := err.Error()
			for _, r := range tc.readings {
				if !strings.Contains(msg, r) {
					t.Errorf("the message lacks the reading %q:\n%s", r, msg)
				}
			}
			if strings.Contains(msg, "write it as 20") || strings.Contains(msg, "so write it as") {
				t.Errorf("the message offers one reading:\n%s", msg)
			}
			if !strings.Contains(msg, "does not guess") {
				t.Errorf("the message does not ask:\n%s", msg)
			}
		})
	}
}

// TestUnlikelyDates: dates before 2009 and more than two years after the
// as-of date are read with a warning; a two-digit year outside them names
// both centuries.
func TestUnlikelyDates(t *testing.T) {
	p := rowParser{asOf: d(2026, 11, 30)}
	tests := []struct {
		in   string
		f    field
		want string // "" for no warning
	}{
		{"3/1/1927", fEventDate, `"3/1/1927" is 1927-03-01, before 2009, earlier than the law this tool applies (its editions begin in 2010): check the year`},
		{"3/1/69", fEventDate, `"3/1/69" is read as 2069-03-01 (a two-digit year is 20YY), more than two years after the as-of date 2026-11-30: the century is a guess, and 1969-03-01 may be meant; write the year in four digits`},
		{"1/5/05", fTermStart, `"1/5/05" is read as 2005-01-05 (a two-digit year is 20YY), before 2009, earlier than the law this tool applies (its editions begin in 2010): the century is a guess, and 1905-01-05 may be meant; write the year in four digits`},
		{"2028-11-30", fEventDate, ""},
		{"2028-12-01", fEventDate, `the date 2028-12-01 is more than two years after the as-of date 2026-11-30: check the year`},
		{"2040-12-31", fTermEnd, ""}, // a term may end years ahead
		{"3/1/27", fEventDate, ""},
		{"2009-01-01", fEventDate, ""},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			day, two, err := readDateText(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.unlikelyDate(tc.f, tc.in, day, two); got != tc.want {
				t.Errorf("unlikelyDate(%q)\n got %s\nwant %s", tc.in, got, tc.want)
			}
		})
	}
	// A date cell's value is its serial number (39082 is 2006-12-31):
	// the message names the date, never the serial the analyst never saw.
	want := "the date 2006-12-31 is before 2009, earlier than the law this tool applies (its editions begin in 2010): check the year"
	if got := p.unlikelyDate(fTermEnd, "39082", d(2006, 12, 31), false); got != want {
		t.Errorf("a date cell's message\n got %s\nwant %s", got, want)
	}
}
