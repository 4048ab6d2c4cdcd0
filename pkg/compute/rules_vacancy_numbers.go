package compute

import "time"

// The numbers of Public Officers Law §§ 30 and 42, and of the constitution's
// rule for judges, as one dated value. The engine reads them from here, so
// that a later edition (the special-election window became 70–80 days in
// 2011) is a new value with its dates in force, not a new branch.

// monthDay is a day of the year the statute names ("the first day of
// July").
type monthDay struct {
	Month time.Month
	Day   int
}

// in is that day in the given year.
func (md monthDay) in(year int) Date { return Date{Year: year, Month: md.Month, Day: md.Day} }

// String is "July 1".
func (md monthDay) String() string { return md.Month.String() + " " + itoa(md.Day) }

// vacancyLaw is one edition of the numbers.
type vacancyLaw struct {
	InForceFrom Date // zero: since before the edition

	// § 30(1)(h): the oath is due "within thirty days after the
	// commencement of the term"; the office is vacant the day after.
	OathDays int
	// § 42(1): "a vacancy occurring before September twentieth".
	SeptemberCutoff monthDay
	// § 42(4): congress, "on or before the first day of July of the last
	// year of the term".
	CongressBarAfter monthDay
	// § 42(4): state senator and member of assembly, "before the first day
	// of April of the last year of the term".
	LegislatureBarFrom monthDay
	// § 42(4-a): "on or before the sixtieth day prior to an annual primary
	// election" (the fifty-ninth day is the other branch).
	SenatorCutoffDays int
	// § 42(4-a): the appointment runs "until the third day of January".
	AppointmentEnds monthDay
	// N.Y. Const. art. VI § 21(a): "not less than three months" after the
	// vacancy.
	JudicialMonths int
	// § 42(3): "not less than thirty nor more than forty days from the date
	// of the proclamation".
	SpecialMinDays, SpecialMaxDays int
}

// vacancyLaws are the editions, oldest first. The seed edition is the one
// RULES.md computes; it is applied to every date (RULES.md § 6).
var vacancyLaws = [...]vacancyLaw{{
	OathDays:           30,
	SeptemberCutoff:    monthDay{time.September, 20},
	CongressBarAfter:   monthDay{time.July, 1},
	LegislatureBarFrom: monthDay{time.April, 1},
	SenatorCutoffDays:  60,
	AppointmentEnds:    monthDay{time.January, 3},
	JudicialMonths:     3,
	SpecialMinDays:     30,
	SpecialMaxDays:     40,
}}

// vacancyLawFor is the edition in force on d: the latest one that began on
// or before it, else the oldest.
func vacancyLawFor(d Date) *vacancyLaw {
	law := &vacancyLaws[0]
	for i := range vacancyLaws {
		if !vacancyLaws[i].InForceFrom.After(d) {
			law = &vacancyLaws[i]
		}
	}
	return law
}
