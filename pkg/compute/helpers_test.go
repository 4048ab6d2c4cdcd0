package compute_test

import (
	"testing"
	"time"

	. "batch/pkg/compute"
	"batch/pkg/nylaw"
)

// ymd builds a date in tests: ymd(2015, 7, 9).
func ymd(y, m, d int) Date { return Date{Year: y, Month: time.Month(m), Day: d} }

// computeNY runs the engine with New York's law and no calendar input.
func computeNY(v Vacancy, asOf Date) Result {
	return Compute(v, NewCalendar(nylaw.NewYork, nil), asOf)
}

// deadline is r's deadline of code; the test fails without one.
func deadline(t *testing.T, r Result, code string) Deadline {
	t.Helper()
	for _, d := range r.Deadlines {
		if d.Code == code {
			return d
		}
	}
	var have []string
	for _, d := range r.Deadlines {
		have = append(have, d.Code)
	}
	t.Fatalf("no deadline %s in %v", code, have)
	return Deadline{}
}

// conflictOf is r's conflict of code, if it has one.
func conflictOf(r Result, code string) (Conflict, bool) {
	for _, c := range r.Conflicts {
		if c.Code == code {
			return c, true
		}
	}
	return Conflict{}, false
}
