package compute

import (
	"testing"
	"time"
)

// TestDayArithmeticAsTimeCountsIt holds the day counting of D, AddDays,
// Weekday and DaysUntil to the time package's (time.Date, AddDate,
// Weekday, Sub), which they stand in for: every day from 1582 to 2500,
// steps across leap days and centuries, months and days out of range,
// and the zero date.
func TestDayArithmeticAsTimeCountsIt(t *testing.T) {
	ref := func(y int, m time.Month, d int) Date { return FromTime(time.Date(y, m, d, 0, 0, 0, 0, time.UTC)) }
	start := time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC)
	end := time.Date(2500, 12, 31, 0, 0, 0, 0, time.UTC)
	steps := []int{0, 1, -1, 6, -7, 10, 30, -45, 60, 120, -150, 365, -366, 1461, -36525, 146097}
	prev := Date{}
	for tt := start; !tt.After(end); tt = tt.AddDate(0, 0, 1) {
		d := FromTime(tt)
		if got := D(d.Year, d.Month, d.Day); got != d {
			t.Fatalf("D(%v) = %v", d, got)
		}
		if got, want := d.Weekday(), tt.Weekday(); got != want {
			t.Fatalf("%v: weekday %v, want %v", d, got, want)
		}
		for _, n := range steps {
			if got, want := d.AddDays(n), FromTime(tt.AddDate(0, 0, n)); got != want {
				t.Fatalf("%v.AddDays(%d) = %v, want %v", d, n, got, want)
			}
		}
		if !prev.IsZero() && prev.DaysUntil(d) != 1 || d.DaysUntil(prev) != -1 && !prev.IsZero() {
			t.Fatalf("%v to %v: %d days", prev, d, prev.DaysUntil(d))
		}
		prev = d
	}
	for _, c := range []struct {
		y int
		m time.Month
		d int
	}{{2026, 2, 30}, {2026, 13, 1}, {2026, 0, 0}, {2026, -1, 15}, {2024, 2, 29}, {2100, 2, 29}, {2000, 2, 29},
		{2026, 1, -40}, {2026, 25, 400}, {0, 0, 0}, {-1, 12, 31}, {1, 1, 1}, {9999, 12, 31}} {
		if got, want := D(c.y, c.m, c.d), ref(c.y, c.m, c.d); got != want {
			t.Errorf("D(%d, %d, %d) = %v, time.Date gives %v", c.y, c.m, c.d, got, want)
		}
		d := Date{Year: c.y, Month: c.m, Day: c.d}
		if got, want := d.AddDays(3), FromTime(d.Time().AddDate(0, 0, 3)); got != want {
			t.Errorf("%+v.AddDays(3) = %v, want %v", d, got, want)
		}
		if got, want := d.Weekday(), d.Time().Weekday(); got != want {
			t.Errorf("%+v: weekday %v, want %v", d, got, want)
		}
	}
	// 2026-11-03 is a Tuesday (the general election); 2026-01-01 to it is 306 days.
	if w := D(2026, 11, 3).Weekday(); w != time.Tuesday {
		t.Errorf("2026-11-03 is a %v", w)
	}
	if n := D(2026, 1, 1).DaysUntil(D(2026, 11, 3)); n != 306 {
		t.Errorf("2026-01-01 to 2026-11-03: %d days, want 306", n)
	}
}
