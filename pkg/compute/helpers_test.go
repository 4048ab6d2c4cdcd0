package compute_test

import (
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
