package export

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"batch/internal/strmemo"
	"batch/pkg/compute"
)

// cleanTextByByte is cleanText without its eight-bytes-at-a-time path: the
// reference the fast path is held to.
func cleanTextByByte(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20 && c != '\t' && c != '\n', c == 0x7f:
			return false
		case c == 0xC2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9F:
			return false
		case c == 0xEF && i+2 < len(s) && s[i+1] == 0xBF && (s[i+2] == 0xBE || s[i+2] == 0xBF):
			return false
		}
	}
	return utf8.ValidString(s)
}

func FuzzCleanText(f *testing.F) {
	for _, s := range []string{"Member of Assembly, 12th district", "tab\there", "bell\x07", "del\x7f........", "é accent", "\xff", "12345678\x1f", "a\u0085b", "\uFFFE"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := cleanText(s), cleanTextByByte(s); got != want {
			t.Fatalf("cleanText(%q) = %v, want %v", s, got, want)
		}
	})
}

// TestExcelSerial holds the arithmetic to the calendar's count of days:
// every day from 1900-03-01 (serial 61, past Excel's false leap day) to
// 2150, and the days either side of each century.
func TestExcelSerial(t *testing.T) {
	base := compute.D(1899, 12, 30)
	if got := excelSerial(compute.D(1900, 3, 1)); got != 61 {
		t.Fatalf("1900-03-01 is serial %d, want 61", got)
	}
	if got := excelSerial(compute.D(2026, 11, 30)); got != 46356 { // bench/floor's fixed date cell
		t.Fatalf("2026-11-30 is serial %d, want 46356", got)
	}
	for d := compute.D(1900, 3, 1); d.Year <= 2150; d = d.AddDays(1) {
		if got, want := excelSerial(d), base.DaysUntil(d); got != want {
			t.Fatalf("%v: serial %d, want %d", d, got, want)
		}
	}
}

// FuzzCSVRecord holds the CSV records the tables write to encoding/csv's
// bytes for the same fields (Writer with its defaults: comma, "\n").
func FuzzCSVRecord(f *testing.F) {
	for _, s := range []string{"plain\x00with, comma\x00\"quoted\"\x00line\nfeed\x00cr\rcr\x00 lead\x00\u00a0nbsp\x00\\.\x00\x00é", "\u3000ideographic", "\\.\\."} {
		f.Add(s, int64(46356), uint8(3))
	}
	f.Fuzz(func(t *testing.T, joined string, n int64, shape uint8) {
		fields := strings.Split(joined, "\x00")
		vals := make([]value, 0, len(fields)+2)
		want := make([]string, 0, len(fields)+2)
		for _, s := range fields {
			vals = append(vals, value{kind: textCell, text: s})
			want = append(want, s)
		}
		d := compute.D(1900+int(uint64(n)%300), time.Month(1+int(shape)%12), 1+int(shape)%28)
		if shape&1 == 0 {
			d = compute.Date{}
		}
		vals = append(vals, date(d), number(int(n)))
		want = append(want, d.String(), strconv.Itoa(int(n)))
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		if err := w.Write(want); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		// Twice, remembering the fields that need no quotes, as a table's
		// encoder does over its rows: the second time from what it kept.
		var bare strmemo.Set
		for i := range 2 {
			if got := appendCSVRecord(nil, vals, &bare); string(got) != buf.String() {
				t.Fatalf("record %q, time %d\n got %q\nwant %q", want, i+1, got, buf.String())
			}
		}
	})
}

// textSeen guards as text does, the first time and from what it
// remembers after.
func FuzzTextSeen(f *testing.F) {
	for _, s := range []string{"designating_petition", "=cmd", "-250", "+1", "a\x1bb", "'quoted", " =x", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var clean strmemo.Set
		want := text(s)
		for i := range 3 {
			if got := textSeen(s, &clean); got != want {
				t.Fatalf("textSeen(%q) the %d. time = %+v, text gives %+v", s, i+1, got, want)
			}
		}
	})
}
