package compute

import (
	"strings"
	"time"
)

// The shape of a village's rule (ShapeAppointment): the office is filled
// by appointment to the end of the official year, or of the next one when
// the vacancy comes too close to the year's end; the rest of the term, if
// any, is elected at the general village election held before the
// appointment ends. Every number, month and sentence is the regime
// edition's (VillageRules).

// villageYear is a village's calendar: its election month and rules.
type villageYear struct {
	vr    *VillageRules
	month time.Month
}

func applyCounts(d Date, cs []Count) Date {
	for _, c := range cs {
		d = c.apply(d)
	}
	return d
}

// election is the general village election of year y.
func (vy villageYear) election(y int) Date {
	return applyCounts(D(y, vy.month, 1), vy.vr.Election)
}

// yearEnd is the end of the official year that the election of year y
// begins the next of.
func (vy villageYear) yearEnd(y int) Date {
	return applyCounts(D(y, vy.month, 1), vy.vr.YearEnd)
}

// endAfter is the first end of an official year after d; endFrom the
// first on or after it.
func (vy villageYear) endAfter(d Date) Date { return vy.endFrom(d.AddDays(1)) }

func (vy villageYear) endFrom(d Date) Date {
	for y := d.Year - 1; ; y++ {
		if b := vy.yearEnd(y); !b.Before(d) {
			return b
		}
	}
}

// electionBefore is the last general village election before d.
func (vy villageYear) electionBefore(d Date) Date {
	for y := d.Year; ; y-- {
		if x := vy.election(y); x.Before(d) {
			return x
		}
	}
}

// village computes a row of a ShapeAppointment regime.
func (e *engine) village(rg *Regime) {
	k := rg.editionIndex(e.v)
	ed := &rg.Editions[k]
	vr := ed.Village
	e.use(ed.bit)
	in := &e.in
	v := e.v

	vy := villageYear{vr: vr, month: time.Month(in.VillageElectionMonth)}
	monthFrom := "village_election_month"
	switch {
	case vy.month >= time.January && vy.month <= time.December:
	case !in.VillageElectionDate.IsZero():
		vy.month, monthFrom = in.VillageElectionDate.Month, "the month of village_election_date"
	default:
		vy.month, monthFrom = vr.Month, "assumed"
		e.add(Conflict{Code: vr.Assumed.Code, Severity: vr.Assumed.Severity, Field: "village_election_month",
			Message: expand(vr.Assumed.Message, "{month}", vy.month.String()), Citation: vr.MonthBy.Cite})
	}
	e.addBasis(rg.Cite)
	if e.explaining {
		next := vy.election(v.Year)
		if !next.After(v) {
			next = vy.election(v.Year + 1)
		}
		text := "A village office: " + rg.Cite + " governs, not " + e.law.Cites.Fill + " (" + ed.ID + "). The general village election is held in " +
			vy.month.String() + " (" + monthFrom + "), next on " + isoDate(next) + "; the official year ends on " + isoDate(vy.endAfter(v)) + "."
		e.stepV("which law governs", true, joinNonEmpty("; ", rg.Cite, vr.ElectionBy.Cite, vr.YearBy.Cite), text)
	}

	// term_end is read as the end of an official year.
	te := in.TermEnd
	if !te.IsZero() {
		b := vy.endFrom(te)
		switch n := te.DaysUntil(b); {
		case n == 0:
		case n <= vr.SnapDays:
			e.stepV("term end", true, vr.Snap.Cite, "term_end "+isoDate(te)+" is read as the end of the official year, "+isoDate(b)+" ("+string(vr.Snap.MarkOrSourced())+": "+vr.Snap.Note+").")
			te = b
		default:
			e.add(review("term_end", expand(vr.OffYear, "{term_end}", isoDate(te), "{boundary}", isoDate(b), "{month}", vy.month.String()), vr.YearBy.Cite, Info))
		}
	}
	e.r.TermEnd = te

	if in.Cause == TermExpiration {
		// Not a vacancy: the office is filled at the general village
		// election before its term expires, on the regular days.
		el := in.VillageElectionDate
		if el.IsZero() && !te.IsZero() {
			el = vy.electionBefore(te)
		}
		e.r.Method, e.r.FillingElection = GeneralElection, el
		e.foreseen = true
		e.addBasis(vr.FullTerm.Cite)
		e.stepV("expiration of term", true, vr.FullTerm.Cite, "The term expires: the office is filled at the general village election before it, "+isoDate(el)+".")
		e.villageRows(rg, ed, el)
		return
	}

	a1 := vy.endAfter(v)
	t3 := applyCounts(a1, vr.Cutoff)
	last := t3.AddDays(-vr.CutoffDays)
	balance := !v.After(last)
	var a Date
	var by Authority
	switch {
	case balance:
		a, by = a1, vr.Balance
	case te.IsZero() || !te.After(a1):
		a, by = a1, vr.Further
	default:
		a, by = vy.endAfter(a1), vr.Further
	}
	until := a
	if !te.IsZero() && te.Before(until) {
		until = te
	}
	who := vr.Appointer
	for _, w := range vr.BoardFor {
		if containsFold(in.Office, w) {
			who = vr.BoardAppointer
		}
	}
	for _, w := range vr.BoardNot {
		if containsFold(in.Office, w) {
			who = vr.Appointer
		}
	}
	e.r.AppointmentUntil, e.r.AppointingAuthority = until, who
	e.addBasis(by.Cite)
	if e.explaining {
		when := "at least " + plural(vr.CutoffDays, "day") + " before " + isoDate(t3) + " (the third Tuesday of the month before the official year ends on " + isoDate(a1) + ")"
		if !balance {
			when = "less than " + plural(vr.CutoffDays, "day") + " before " + isoDate(t3) + " (" + isoDate(last) + " was the last such day)"
			if v.After(t3) {
				when += ", indeed after it (" + string(vr.Between.MarkOrSourced()) + ": " + vr.Between.Note + ")"
			}
		}
		text := "The vacancy is " + when + ": the " + strings.ReplaceAll(who, "_", " ") + " appoints until " + isoDate(until)
		switch {
		case te.IsZero() && !balance:
			text += ", and to " + isoDate(vy.endAfter(a1)) + " if the term goes on past " + isoDate(a1)
		case !balance && a != a1:
			text += ", the end of the next official year (the term goes on past " + isoDate(a1) + ")"
		}
		e.stepV("appointment", true, joinNonEmpty("; ", vr.Appointment.Cite, by.Cite), text+". The appointment is a power, not a duty: if none is made, the seat stays vacant until the election.")
	}
	if te.IsZero() {
		e.add(conflict(codeNeedsInput, "term_end", expand(vr.NoTermEnd, "{until}", isoDate(until)), vr.Remainder.Cite))
		return
	}
	if !te.After(a) {
		el := in.VillageElectionDate
		if el.IsZero() {
			el = vy.electionBefore(te)
		}
		if s := in.SpecialElectionDate; !s.IsZero() {
			e.add(review("special_election_date", expand(vr.CalledReview, "{date}", isoDate(s), "{day}", "none: the appointment runs to the end of the term"), vr.Called.Cite, Info))
		}
		e.r.Method, e.r.FillingElection = AppointmentToTermEnd, el
		e.addBasis(vr.FullTerm.Cite)
		e.stepV("the rest of the term", false, vr.FullTerm.Cite, "The appointment runs to the end of the term ("+isoDate(te)+"): nothing of the term is left to elect; the general village election of "+
			isoDate(el)+" elects the next full term.")
		return
	}
	var el Date
	if in.NoVillageElection {
		el = applyCounts(a, vr.Special)
		e.r.Method = AppointmentThenSpecial
		e.addBasis(vr.SpecialBy.Cite)
		e.stepV("the rest of the term", true, vr.SpecialBy.Cite, "No general village election is held before the appointment ends ("+isoDate(a)+"): a special village election on "+
			isoDate(el)+" fills the rest of the term, to "+isoDate(te)+".")
	} else {
		el = in.VillageElectionDate
		if el.IsZero() {
			el = vy.electionBefore(a)
		}
		e.r.Method = AppointmentThenElection
		e.addBasis(vr.Remainder.Cite)
		e.stepV("the rest of the term", true, vr.Remainder.Cite, "The general village election of "+isoDate(el)+", before the appointment ends ("+isoDate(a)+"), fills the rest of the term: the winner serves from "+
			isoDate(a)+" to "+isoDate(te)+".")
	}
	e.r.FillingElection = el
	if s := in.SpecialElectionDate; !s.IsZero() && (e.r.Method != AppointmentThenSpecial || s != el) {
		e.add(review("special_election_date", expand(vr.CalledReview, "{date}", isoDate(s), "{day}", isoDate(el)), vr.Called.Cite, Info))
	}
	e.villageRows(rg, ed, el)
}

// villageRows are the nominations for the village election el: the
// regime's rows counted from it, or, for a village that elects on the
// state's general election day, the state's regular calendar of that
// year (with a review).
func (e *engine) villageRows(rg *Regime, ed *Edition, el Date) {
	if el.IsZero() {
		return
	}
	in := &e.in
	vr := ed.Village
	if nv := vr.November; nv != nil && in.VillageElectionDate == el && el.Month == nv.Month {
		if g, _ := e.cal.General(el.Year); g == el {
			e.add(Conflict{Code: nv.Conflict.Code, Severity: nv.Conflict.Severity, Field: "village_election_date", Message: nv.Conflict.Message, Citation: nv.Cite})
			e.add(review("village_election_date", nv.Review, nv.Cite, Info))
			e.genYear = el.Year
			e.regularRows(rg.ComputeAs, el.Year, e.foreseen)
			return
		}
	}
	if cap(e.r.Deadlines) < len(ed.Deadlines) {
		e.r.Deadlines = make([]Deadline, 0, len(ed.Deadlines))
	}
	d := deadlineRun{cal: e.cal, law: e.law, ed: ed, edBit: ed.bit, year: el.Year, class: rg.ComputeAs, v: e.v, in: in,
		asOf: e.asOf, foreseen: e.foreseen, act: -1}
	e.r.Deadlines, e.r.Conflicts = d.local(ed.Deadlines, el, e.r.Deadlines, e.r.Conflicts)
	if e.explaining && len(ed.Deadlines) > 0 {
		e.stepV("nomination deadlines", true, ed.Deadlines[0].Cite, "Nominations for the village election of "+isoDate(el)+", counted from it: "+vr.Filing+".")
	}
	e.nextDeadline()
}

// regularRows are the state's general-election rows of year for class:
// the regular calendar a local law sends a row to.
func (e *engine) regularRows(class OfficeClass, year int, foreseen bool) {
	d := deadlineRun{cal: e.cal, law: e.law, v: e.v, in: &e.in, asOf: e.asOf, foreseen: foreseen}
	if cap(e.r.Deadlines)-len(e.r.Deadlines) < 16 {
		e.r.Deadlines = append(make([]Deadline, 0, len(e.r.Deadlines)+16), e.r.Deadlines...)
	}
	p := e.generalInto(&d, year, class)
	if e.explaining {
		g, _ := e.cal.General(year)
		e.step(Step{Rule: "nomination deadlines", Applies: true, Edition: e.law.Label(d.edBit), Keyed: e.law.Keying.CalendarDay.String() + ", " + itoa(year),
			Keying: e.law.Keying.Calendar, Citation: e.law.Cites.Deadlines,
			Text: "The regular calendar of the general election of " + isoDate(g) + ", primary " + isoDate(p) + "."})
	}
	e.nextDeadline()
}
