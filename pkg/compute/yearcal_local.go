package compute

import "time"

// A year's calendar for an office class a local law governs: a village's
// election and nomination days, a charter's cut-off days beside the
// state's calendar, a charter's notice.

// localCalendar is the calendar of year for a class a regime governs; ok
// is false for the state's classes.
func localCalendar(cal *Calendar, year int, opts CalendarOptions) ([]CalendarItem, bool) {
	law := cal.law
	rg := law.regimeFor(opts.Class)
	if rg == nil {
		return nil, false
	}
	state := opts
	state.Class = rg.ComputeAs
	switch rg.Shape {
	case ShapeAppointment:
		return villageCalendar(cal, rg, year, opts), true
	case ShapeCharter:
		out := YearCalendar(cal, year, state)
		return append(out, charterCalendar(cal, rg, year)...), true
	}
	out := YearCalendar(cal, year, state)
	n := rg.Notice
	return append(out, CalendarItem{Code: n.Conflict.Code, Citation: rg.Cite,
		Source: n.Conflict.Severity.String() + ": " + expand(n.Conflict.Message, "{office}", "", "{county}", "the", "{source}", "see the Rules", "{fill}", law.Cites.Fill)}), true
}

// villageCalendar is a village's year: its general election (in
// opts.VillageMonth, the rule's month when 0), the end of the official
// year it begins, the last day a vacancy is filled by appointment for the
// balance of the year only, and the election's nomination days.
func villageCalendar(cal *Calendar, rg *Regime, year int, opts CalendarOptions) []CalendarItem {
	law := cal.law
	el := D(year, 1, 1)
	k := rg.editionIndex(el)
	ed := &rg.Editions[k]
	vr := ed.Village
	vy := villageYear{vr: vr, month: time.Month(opts.VillageMonth)}
	monthNote := "village_election_month " + vy.month.String()
	if vy.month < time.January || vy.month > time.December {
		vy.month = vr.Month
		monthNote = "the month assumed: " + vr.Month.String() + " (" + vr.MonthBy.Cite + "; --village-month gives another)"
	}
	el = vy.election(year)
	end := vy.endAfter(el)
	label := law.Label(ed.bit)
	hs := cal.Holidays(year)
	out := make([]CalendarItem, 0, 4+len(hs)+len(ed.Deadlines))
	out = append(out,
		CalendarItem{Code: "village_election", Statutory: el, Effective: el, Citation: vr.ElectionBy.Cite, Source: monthNote, LawEdition: label},
		CalendarItem{Code: "official_year_end", Statutory: end, Effective: end, Citation: vr.YearBy.Cite,
			Source: "the official year begins at noon on this day; an appointment runs to it", LawEdition: label})
	cut := applyCounts(end, vr.Cutoff).AddDays(-vr.CutoffDays)
	out = append(out, CalendarItem{Code: "village_appointment_cutoff", Statutory: cut, Effective: cut, Citation: vr.Balance.Cite,
		Source:     "a vacancy on or before this day is filled by appointment to " + isoDate(end) + "; a later one, to the end of the next official year if the term goes on (" + vr.Further.Cite + ")",
		LawEdition: label})
	for _, h := range hs {
		out = append(out, CalendarItem{Code: "holiday", Statutory: h.Date, Effective: h.Date, Citation: h.Source, Source: h.Name})
	}
	d := deadlineRun{cal: cal, law: law, ed: ed, edBit: ed.bit, year: year, class: rg.ComputeAs, foreseen: true, calendar: true, act: -1}
	rows, _ := d.local(ed.Deadlines, el, make([]Deadline, 0, len(ed.Deadlines)), nil)
	for _, row := range rows {
		src := row.Reason
		if row.Verify != "" {
			src = joinNonEmpty("; ", src, "verify: "+row.Verify)
		}
		if row.Unknown {
			src = "applies = unknown: " + src
		}
		out = append(out, CalendarItem{Code: row.Code, WindowStart: row.WindowStart, Statutory: row.Statutory,
			Effective: row.Effective, Citation: row.Citation, Source: joinNonEmpty("; ", "counted from the village election", src), LawEdition: row.LawEdition})
	}
	return out
}

// charterCalendar is a charter's days of year beside the state's: the
// last day a vacancy of the year is filled at its general election with
// party nominations at the primary, the day "ninety days before the
// primary", the cut-off day of the special election's exceptions and the
// December day.
func charterCalendar(cal *Calendar, rg *Regime, year int) []CalendarItem {
	law := cal.law
	k := rg.editionIndex(D(year, 12, 31))
	ed := &rg.Editions[k]
	ch := ed.Charter
	label := law.Label(ed.bit)
	e := engine{cal: cal, law: law}
	route := e.routeDay(ch, rg.ComputeAs, year)
	p, _ := cal.primaryFor(law.CalendarEdition(year), year, rg.ComputeAs, true)
	p90 := p.AddDays(-ch.PrimaryDays)
	sp := &ch.Special
	dec := sp.December.apply(D(year, 1, 1))
	cut := sp.Cutoff.In(year)
	return []CalendarItem{
		{Code: "charter_primary_minus_" + itoa(ch.PrimaryDays), Statutory: p90, Effective: p90, Citation: ch.General.Cite, LawEdition: label,
			Source: "a vacancy after this day and on or before charter_route is filled at this year's general election, with no interim election"},
		{Code: "charter_route", Statutory: route, Effective: route, Citation: ch.RouteBy.Cite, LawEdition: label,
			Source: "the last day a vacancy is filled at this year's general election with party nominations at the primary (the seventh day before the last day to file designating petitions)"},
		{Code: "charter_special_cutoff", Statutory: cut, Effective: cut, Citation: sp.LateBy.Cite, LawEdition: label,
			Source: "a vacancy before this day whose special election would fall near or after the general election is filled at it; one on or after it, on the December day"},
		{Code: "charter_december_special", Statutory: dec, Effective: dec, Citation: sp.LateBy.Cite, LawEdition: label,
			Source: "the special election of a vacancy on or after the cut-off whose day falls less than " + plural(sp.LateDays, "day") + " after the general election"},
	}
}
