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
		{"two-digit year 26 is 2026 (Excel's cut-off)", "1/5/26", d(2026, 1, 5)},
		{"two-digit year 29 is still this century", "12/31/29", d(2029, 12, 31)},
		{"two-digit year 30 is 1930 (Excel's cut-off)", "1/1/30", d(1930, 1, 1)},
		{"an incumbent's term start in 1998", "1/1/98", d(1998, 1, 1)},
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
		{"day first with dots gets a hint", "05.01.2026", `"05.01.2026" is not a date the tool reads: it looks day-first (5 January 2026); the tool reads M/D/YYYY, so write it as 2026-01-05 or 1/5/2026`},
		{"three-digit year", "1/5/202", `"1/5/202" is not a date; ` + dateForms},
		{"ISO without leading zeros", "2026-1-5", `"2026-1-5" is not a date; ` + dateForms},
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
