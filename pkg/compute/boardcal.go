package compute

import "strings"

// A rule whose words were not read can still be checked: the state board
// publishes a political calendar every year, each line with the
// subdivision it applies. Where a year's calendar gives the date the
// rule computes, the rule is corroborated for that year; the calendar
// names it, and says when a year rests on the rule alone.

// Corroboration is one published calendar's date for a rule: the year it
// covers, the date (the effective last day; Start, a window's opening) and
// the calendar, named so that an analyst can find it.
type Corroboration struct {
	Year     int
	Start    Date // a window's first day; zero for a single day
	Date     Date
	Calendar string // "the state board's 2026 political calendar (revised 2025-12-09)"
}

// CorroborationIn is the rule's corroboration for year, nil when no
// published calendar of that year was checked.
func (r *DeadlineRule) CorroborationIn(year int) *Corroboration {
	for i := range r.Corroborated {
		if r.Corroborated[i].Year == year {
			return &r.Corroborated[i]
		}
	}
	return nil
}

// corroborationNote says, for the calendar line of year whose dates are
// start … eff, whether a published calendar of that year agrees with it,
// and on what the date rests when none was checked. "" for a rule no
// calendar corroborates.
func corroborationNote(r *DeadlineRule, year int, start, eff Date) string {
	if len(r.Corroborated) == 0 {
		return ""
	}
	if c := r.CorroborationIn(year); c != nil {
		if c.Date != eff || (!c.Start.IsZero() && c.Start != start) {
			pub := isoDate(c.Date)
			if !c.Start.IsZero() {
				pub = isoDate(c.Start) + " … " + pub
			}
			return "differs from " + c.Calendar + ", which gives " + pub
		}
		return "corroborated by " + c.Calendar
	}
	if r.MarkOrSourced() == Sourced {
		return "" // the words read decide every year
	}
	years := make([]string, len(r.Corroborated))
	for i, c := range r.Corroborated {
		years[i] = itoa(c.Year)
	}
	return "inferred for " + itoa(year) + ": no published calendar of that year was checked (corroborated for " + strings.Join(years, ", ") + ")"
}

// corroboratedYears is "corroborated for 2026 by the state board's 2026
// political calendar …", every calendar the rule lists, for the rules table.
func corroboratedYears(r *DeadlineRule) string {
	parts := make([]string, len(r.Corroborated))
	for i, c := range r.Corroborated {
		parts[i] = itoa(c.Year) + " by " + c.Calendar
	}
	return "corroborated for " + strings.Join(parts, "; ")
}
