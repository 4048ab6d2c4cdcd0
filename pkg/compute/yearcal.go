package compute

import "time"

// CalendarItem is one line of `batch calendar --year`.
type CalendarItem struct {
	Code        string // "primary", "general", "holiday" or a deadline code
	WindowStart Date
	Statutory   Date
	Effective   Date
	Citation    string
	Source      string // where the date came from; the holiday's name for holidays
	LawEdition  string // the edition (and one-year act) that decided it
	BaseDate    Date   // the permanent formula's date when a one-year act or calendar input set this one
}

// CalendarOptions narrow a year's calendar.
type CalendarOptions struct {
	// Class is the office class whose calendar to print ("": the statewide
	// calendar, with the judicial convention rows).
	Class OfficeClass
	// Base prints the permanent formula: no one-year act, and no date from
	// calendar input (its holidays stay).
	Base bool
	// VillageMonth is the village's election month (1-12) for a village
	// class's calendar; 0: the rule's month, said so.
	VillageMonth int
}

// YearCalendar is the year's political calendar as a vacancy that existed
// before the year began would see it: the primary, the general election,
// the one-year acts' own dates, the public holidays in date order, § 42(1)'s
// cut-off, then every general-election deadline of the year's edition that
// applies to the class, in the rules' order.
func YearCalendar(cal *Calendar, year int, opts CalendarOptions) []CalendarItem {
	if out, ok := localCalendar(cal, year, opts); ok {
		return out
	}
	law := cal.law
	k := law.calendarIndex(year)
	ed := &law.Editions[k]
	edLabel := law.Label(editionBit(k))
	act := -1
	if !opts.Base {
		act = law.actFor(year, opts.Class)
	}
	p, psrc := cal.primaryFor(ed, year, opts.Class, !opts.Base)
	g, gsrc := cal.General(year)
	if opts.Base {
		g, gsrc = cal.generalFormula(year), law.GeneralBy.Cite
	}
	hs := cal.Holidays(year)
	out := make([]CalendarItem, 0, 4+len(hs)+len(ed.Deadlines))
	prim := CalendarItem{Code: "primary", Statutory: p, Effective: p, Citation: ed.Primary.Cite, Source: psrc.text, LawEdition: edLabel}
	if psrc.touched {
		prim.BaseDate = psrc.base
		if psrc.act >= 0 {
			prim.LawEdition = law.Label(editionBit(k) | law.actBit(psrc.act))
		}
	}
	out = append(out, prim,
		CalendarItem{Code: "general", Statutory: g, Effective: g, Citation: law.GeneralBy.Cite, Source: gsrc, LawEdition: edLabel})
	if act >= 0 {
		a := &law.Acts[act]
		for _, it := range a.Items {
			out = append(out, CalendarItem{Code: it.Code, Statutory: it.Date, Effective: it.Date, Citation: a.Cite, Source: it.Note,
				LawEdition: law.Label(editionBit(k) | law.actBit(act))})
		}
	}
	if opts.Class != "" && !opts.Base {
		// What the law data does not hold for this class and year (a
		// court's calendar only partly sourced), in words.
		for i := range law.Notices {
			n := &law.Notices[i]
			if hasClass(n.Offices, opts.Class) && n.Years.Contains(g) {
				out = append(out, CalendarItem{Code: n.Code, Citation: n.Cite, Source: n.Severity.String() + ": " + n.Message, LawEdition: edLabel})
			}
		}
	}
	for _, h := range hs {
		out = append(out, CalendarItem{Code: "holiday", Statutory: h.Date, Effective: h.Date, Citation: h.Source, Source: h.Name})
	}
	if c := &ed.Fill.Cutoff; c.CalendarCode != "" {
		day := c.Day.Apply(D(year, time.January, 1))
		if c.Day.Anchor == AtGeneral {
			day = c.Day.Apply(g)
		}
		out = append(out, CalendarItem{Code: c.CalendarCode, Statutory: day, Effective: day, Citation: c.Cite,
			Source: "interpretation: a vacancy on or before this day is filled at this year's general election (never rolled over)", LawEdition: edLabel})
	}
	d := deadlineRun{cal: cal, law: law, ed: ed, edBit: editionBit(k), year: year, class: opts.Class, foreseen: true,
		calendar: true, base: opts.Base, act: act}
	rows, _, _ := d.general(make([]Deadline, 0, len(ed.Deadlines)), nil)
	for _, row := range rows {
		if !row.Applies {
			continue
		}
		src, checked := "", ""
		for j := range ed.Deadlines {
			if r := &ed.Deadlines[j]; r.Code == row.Code {
				src = anchorSource(r.Last, psrc.text, gsrc)
				checked = corroborationNote(r, year, row.WindowStart, row.Effective)
				break
			}
		}
		src = joinNonEmpty("; ", src, row.Reason, checked)
		out = append(out, CalendarItem{Code: row.Code, WindowStart: row.WindowStart, Statutory: row.Statutory,
			Effective: row.Effective, Citation: row.Citation, Source: src, LawEdition: row.LawEdition, BaseDate: row.BaseDate})
	}
	return out
}

// anchorSource says what a calendar deadline was counted from.
func anchorSource(c Counting, psrc, gsrc string) string {
	switch c.Anchor {
	case AtPrimary:
		return "counted from the primary (" + psrc + ")"
	case AtGeneral:
		return "counted from the general election (" + gsrc + ")"
	case AtYear:
		return "a day of the year"
	case AtRow:
		return "counted from " + c.Row
	}
	return ""
}
