package compute

import "strings"

// The shape of a city charter's rule (ShapeCharter): the local officer
// proclaims within days of the vacancy; paragraph steps, tried in order,
// decide between the next term's election, one special election for the
// rest of the term, that year's general election with party nominations
// at the primary, and an interim special election followed by a general
// election for the rest. The special election falls on the first given
// weekday at least so many days after the vacancy, with exceptions near
// the general election. Nominations are counted from the proclamation.
// Every number and sentence is the regime edition's (CharterRules).

// specialKind is which day the charter's special-election paragraph
// gives.
type specialKind uint8

const (
	specialOrdinary specialKind = iota // the weekday counted from the vacancy, or up to Latitude days later
	specialNear                        // less than NearDays before the general election: filled at it
	specialAfter                       // after the general election: filled at it
	specialDecember                    // just after the general election: the December day
)

// charterDay is a charter special election's day under one edition.
type charterDay struct {
	kind    specialKind
	d0      Date // the weekday counted from the vacancy
	day     Date // the day the paragraph gives (d0, the general election or December's)
	general Date // the general election of the vacancy's year
}

func (e *engine) charterDay(sp *CharterSpecial, class OfficeClass) charterDay {
	v := e.v
	days := daysFor(sp.ByClass, class, sp.Days)
	x := charterDay{d0: WeekdayOnOrAfter(v.AddDays(days), sp.Weekday)}
	x.general, _ = e.cal.General(v.Year)
	x.day = x.d0
	cut := sp.Cutoff.In(v.Year)
	switch {
	case v.Before(cut) && !x.d0.After(x.general) && x.d0.DaysUntil(x.general) < sp.NearDays:
		x.kind, x.day = specialNear, x.general
	case v.Before(cut) && x.d0.After(x.general):
		x.kind, x.day = specialAfter, x.general
	case !v.Before(cut) && x.d0.After(x.general) && x.general.DaysUntil(x.d0) < sp.LateDays:
		x.kind, x.day = specialDecember, sp.December.apply(D(v.Year, 1, 1))
	}
	return x
}

// routeDay is the last day a vacancy can be filled at year's general
// election with party nominations at its primary: Route, counted from the
// year's regular rows for class.
func (e *engine) routeDay(ch *CharterRules, class OfficeClass, year int) Date {
	k := e.law.calendarIndex(year)
	d := deadlineRun{cal: e.cal, law: e.law, ed: &e.law.Editions[k], edBit: editionBit(k), year: year, class: class,
		foreseen: true, datesOnly: true, asOf: e.asOf, act: e.law.actFor(year, class)}
	scratch := scratchPool.Get().(*[]Deadline)
	rows, _ := d.generalRows((*scratch)[:0], nil)
	a := anchors{year: year, rows: rows}
	day, _, _, _ := a.eval(&ch.Route)
	*scratch = rows[:0]
	scratchPool.Put(scratch)
	return day
}

// charter computes a row of a ShapeCharter regime.
func (e *engine) charter(rg *Regime) {
	k := rg.editionIndex(e.v)
	ed := &rg.Editions[k]
	ch := ed.Charter
	e.use(ed.bit)
	in := &e.in
	v := e.v
	class := in.Class
	officer := ch.Officer
	if hasClass(ch.ActingFor, class) {
		officer = ch.ActingOfficer
	}
	e.r.ProclaimingOfficer = officer
	if sec := ch.sectionFor(class); sec != "" {
		// The same words in another section: its rows cite that one.
		nd, nc, ns := len(e.r.Deadlines), len(e.r.Conflicts), len(e.r.Steps)
		defer e.citeSection(ch.Section, sec, nd, nc, ns)
	}
	e.addBasis(rg.Cite)
	if e.explaining {
		e.stepV("which law governs", true, rg.Cite, "An office of the city: "+rg.Cite+" governs, not "+e.law.Cites.Fill+" ("+ed.Describe()+"); the "+
			strings.ReplaceAll(officer, "_", " ")+" proclaims.")
	}
	te := in.TermEnd
	e.termGiven = !te.IsZero()
	if te.IsZero() {
		te = e.law.defaultTermEnd(class, v)
	}
	e.r.TermEnd = te
	if te.IsZero() {
		e.add(conflict(codeNeedsInput, "term_end", "The charter's steps turn on the term's last year: enter term_end.", rg.Cite))
		return
	}
	if in.Cause == TermExpiration {
		// Not a vacancy: the general election before the term expires
		// elects the next term, on the regular days.
		g, _ := e.cal.General(te.Year)
		e.r.Method, e.r.FillingElection, e.genYear = GeneralElection, g, te.Year
		e.foreseen = true
		e.addBasis(ch.TermExpiry.Cite)
		e.stepV("expiration of term", true, ch.TermExpiry.Cite, "The term expires on "+isoDate(te)+": the general election of "+isoDate(g)+" elects the next term.")
		e.regularRows(e.regime.ComputeAs, te.Year, true)
		return
	}
	if v.After(te) {
		e.r.Method = NoElection // DATE_ORDER says why
		return
	}
	ly, y := te.Year, v.Year
	as := rg.ComputeAs
	primary := func(year int) Date {
		d, _ := e.cal.primaryFor(e.law.CalendarEdition(year), year, as, true)
		return d
	}
	general := func(year int) Date {
		d, _ := e.cal.General(year)
		return d
	}
	pl := primary(ly)
	lastRoute := e.routeDay(ch, as, ly-1)
	switch {
	case y == ly && v.After(pl.AddDays(-ch.PrimaryDays)):
		e.charterNextTerm(ch, ed, ly, pl)
	case v.After(lastRoute):
		e.charterStep(&ch.Remainder, "The vacancy is after "+isoDate(lastRoute)+", the last day of the term's last year but one on which a vacancy could be filled at that year's general election with party nominations at its primary, and not less than "+
			plural(ch.PrimaryDays, "day")+" before the primary of the last year ("+isoDate(pl)+"): one election fills the rest of the term.")
		e.charterSpecial(rg, ed, officer)
	default:
		py, route := primary(y), e.routeDay(ch, as, y)
		if v.After(py.AddDays(-ch.PrimaryDays)) && !v.After(route) {
			e.charterStep(&ch.General, "The vacancy is less than "+plural(ch.PrimaryDays, "day")+" before the primary of "+isoDate(py)+" and on or before "+isoDate(route)+
				": no interim election; the general election of "+isoDate(general(y))+" fills the rest of the term, with party nominations at the primary, and the winner takes office at once.")
			e.r.Method, e.r.FillingElection, e.genYear = GeneralElection, general(y), y
			e.charterNoSpecial(ch, ed)
			e.charterDuty(ch, ed, e.r.FillingElection)
			e.regularRows(as, y, false)
			return
		}
		rem := general(y)
		if v.After(route) {
			rem = general(y + 1)
		}
		e.r.RemainderElection = rem
		e.charterStep(&ch.Interim, "The vacancy is in the first years of the term, on or before "+isoDate(lastRoute)+": an interim election now; the rest of the term is filled at the general election of "+
			isoDate(rem)+" ("+ch.RemainderAt.Cite+": "+ifElse(rem.Year == y, "the vacancy is on or before "+isoDate(route)+", that year's", "the vacancy is after "+isoDate(route)+", the next year's")+"), with party nominations at its primary.")
		e.addBasis(ch.RemainderAt.Cite)
		e.charterSpecial(rg, ed, officer)
		e.regularRows(as, rem.Year, false)
	}
}

// citeSection names section sec in place of from in what the charter
// added to the row after the given lengths, and in its basis.
func (e *engine) citeSection(from, sec string, nd, nc, ns int) {
	for i := nd; i < len(e.r.Deadlines); i++ {
		e.r.Deadlines[i].Citation = strings.ReplaceAll(e.r.Deadlines[i].Citation, from, sec)
	}
	for i := nc; i < len(e.r.Conflicts); i++ {
		c := &e.r.Conflicts[i]
		c.Citation, c.Message = strings.ReplaceAll(c.Citation, from, sec), strings.ReplaceAll(c.Message, from, sec)
	}
	for i := ns; i < len(e.r.Steps); i++ {
		s := &e.r.Steps[i]
		s.Citation, s.Text = strings.ReplaceAll(s.Citation, from, sec), strings.ReplaceAll(s.Text, from, sec)
	}
	for i := 0; i < e.nbasis; i++ {
		e.basis[i] = strings.ReplaceAll(e.basis[i], from, sec)
	}
}

// charterStep records the paragraph that decided.
func (e *engine) charterStep(s *CharterStep, text string) {
	e.r.CharterParagraph = s.Paragraph
	e.addBasis(s.Cite)
	e.stepV("charter paragraph "+s.Paragraph, true, s.Cite, text)
}

// charterNextTerm: late in the last year, the next term's winner fills the
// rest of the term.
func (e *engine) charterNextTerm(ch *CharterRules, ed *Edition, ly int, pl Date) {
	g, _ := e.cal.General(ly)
	e.charterStep(&ch.NextTerm, "The vacancy is less than "+plural(ch.PrimaryDays, "day")+" before the primary of the term's last year ("+isoDate(pl)+
		"): no vacancy election; the person elected on "+isoDate(g)+" for the next term takes office at once and fills the rest of it.")
	if e.v.After(pl) {
		e.add(review("vacancy_date", ch.AfterPrimary.Note+" (the primary was "+isoDate(pl)+"; the vacancy "+isoDate(e.v)+").", ch.AfterPrimary.Cite, Info))
	}
	n := &ch.NextTermNote
	e.add(Conflict{Code: n.Code, Severity: n.Severity, Field: "vacancy_date", Message: expand(n.Message, "{general}", isoDate(g)), Citation: ch.NextTerm.Cite})
	e.charterNoSpecial(ch, ed)
	if !e.v.Before(g) {
		e.r.Method = NoElection
		return
	}
	e.r.Method, e.r.FillingElection, e.genYear = GeneralElection, g, ly
	e.foreseen = true
	e.regularRows(e.regime.ComputeAs, ly, true)
}

// charterNoSpecial: a special_election_date on a row the charter fills at
// a general election is an error.
func (e *engine) charterNoSpecial(ch *CharterRules, ed *Edition) {
	s := e.in.SpecialElectionDate
	if s.IsZero() {
		return
	}
	w := &ch.Special.Window
	e.add(Conflict{Code: w.Code, Severity: w.Severity, Field: "special_election_date",
		Message: expand(w.Message, "{date}", isoDate(s), "{earliest}", "", "{latest}", "",
			"{why}", "paragraph "+e.r.CharterParagraph+" fills this vacancy at a general election, with no special election"),
		Citation: ch.Special.Cite})
}

// charterSpecial is the special election of the paragraph that decided,
// its proclamation and its nominations.
func (e *engine) charterSpecial(rg *Regime, ed *Edition, officer string) {
	ch := ed.Charter
	sp := &ch.Special
	in := &e.in
	class := in.Class
	x := e.charterDay(sp, class)
	e.addBasis(sp.Cite)
	latest := x.d0.AddDays(sp.Latitude)
	r := in.ProclamationDate
	s := in.SpecialElectionDate
	floor := daysFor(sp.FloorByClass, class, sp.Floor)
	var text string
	switch x.kind {
	case specialOrdinary:
		e.r.Method = SpecialElection
		e.r.SpecialEarliest, e.r.SpecialLatest = x.d0, latest
		text = "The special election falls on " + isoDate(x.d0) + ", the first " + sp.Weekday.String() + " at least " + plural(daysFor(sp.ByClass, class, sp.Days), "day") +
			" after the vacancy; the " + strings.ReplaceAll(officer, "_", " ") + " may set another day up to " + isoDate(latest)
		if floor > 0 {
			text += ", at least " + plural(floor, "day") + " after the proclamation"
		}
		text += "."
	case specialDecember:
		e.r.Method = SpecialElection
		e.r.SpecialEarliest, e.r.SpecialLatest = x.day, x.day
		e.addBasis(sp.LateBy.Cite)
		text = "The vacancy is on or after " + sp.Cutoff.String() + " and the first " + sp.Weekday.String() + " (" + isoDate(x.d0) + ") is after, but less than " +
			plural(sp.LateDays, "day") + " after, the general election of " + isoDate(x.general) + ": the special election is on " + isoDate(x.day) + "."
	default:
		by := sp.NearBy
		why := "less than " + plural(sp.NearDays, "day") + " before"
		if x.kind == specialAfter {
			by, why = sp.AfterBy, "after"
		}
		e.addBasis(by.Cite)
		e.r.Method, e.genYear = GeneralElection, x.general.Year
		text = "The vacancy is before " + sp.Cutoff.String() + " and the first " + sp.Weekday.String() + " (" + isoDate(x.d0) + ") is " + why +
			" the general election of " + isoDate(x.general) + ": the vacancy is filled at that general election."
		if sp.NominationsReview != "" {
			e.add(review("filling_method", sp.NominationsReview, by.Cite, Info))
		}
	}
	if x.kind != specialOrdinary && sp.ExceptionsReview != "" {
		e.add(review("filling_method", sp.ExceptionsReview, sp.Cite, Info))
	}
	e.r.FillingElection = x.day
	if !s.IsZero() {
		if x.kind == specialOrdinary || x.kind == specialDecember {
			// The day given fills it, lawful or not (NYC_SPECIAL_WINDOW
			// says which); a general election's day is the law's.
			e.r.FillingElection = s
		}
		lawful := s == x.day
		why := "the day is " + isoDate(x.day)
		if x.kind == specialOrdinary && !lawful && s.After(x.d0) && !s.After(latest) {
			lawful = floor == 0 || r.IsZero() || !s.Before(r.AddDays(floor))
			why = "a later day must be at least " + plural(floor, "day") + " after the proclamation of " + isoDate(r) + " (" + isoDate(r.AddDays(floor)) + ")"
		} else if x.kind == specialOrdinary {
			why = "the day is " + isoDate(x.d0) + " or, set by the proclamation, up to " + isoDate(latest)
		}
		if !lawful {
			w := &sp.Window
			e.add(Conflict{Code: w.Code, Severity: w.Severity, Field: "special_election_date",
				Message: expand(w.Message, "{date}", isoDate(s), "{earliest}", isoDate(x.d0), "{latest}", isoDate(latest), "{why}", why), Citation: sp.Cite})
			text += " The day given, " + isoDate(s) + ", is not lawful: " + why + "."
		} else {
			text += " The day given, " + isoDate(s) + ", is lawful."
		}
	}
	e.stepV("special election", x.kind != specialNear && x.kind != specialAfter, sp.Cite, text)
	e.charterDoubt(rg, ed, class)

	e.charterDuty(ch, ed, e.r.FillingElection)
	if x.kind == specialOrdinary || x.kind == specialDecember {
		start, last := x.d0, latest
		if x.kind == specialDecember {
			start, last = x.day, x.day
		}
		row := Deadline{Code: sp.Code, Kind: Window, Citation: sp.Cite, ElectionDate: s, Applies: true, LawEdition: e.law.Label(ed.bit),
			WindowStart: start, Statutory: last, Effective: last}
		d := deadlineRun{cal: e.cal, law: e.law, ed: ed, edBit: ed.bit, v: e.v, in: in, asOf: e.asOf, class: class}
		e.r.Conflicts = d.finish(&row, true, &sp.MetBy, e.r.Conflicts)
		e.r.Deadlines = append(e.r.Deadlines, row)
	}
	from := r
	if from.IsZero() {
		from = e.v.AddDays(ch.Duty.Days)
		e.add(Conflict{Code: codeNeedsInput, Severity: Info, Field: "proclamation_date",
			Message: expand(ch.NoProclamation, "{due}", isoDate(from)), Citation: ch.Duty.Cite})
	}
	d := deadlineRun{cal: e.cal, law: e.law, ed: ed, edBit: ed.bit, v: e.v, in: in, asOf: e.asOf, class: class, year: from.Year, act: -1}
	first := len(e.r.Deadlines)
	for i := range ch.Rows {
		rule := &ch.Rows[i]
		e.r.Deadlines = append(e.r.Deadlines, Deadline{Code: rule.Code, Kind: rule.Kind, Citation: rule.Cite, ElectionDate: e.r.FillingElection, Applies: true})
		a := anchors{year: from.Year, procl: from, vacancy: e.v, rows: e.r.Deadlines[first : len(e.r.Deadlines)-1]}
		e.r.Conflicts = d.evaluate(rule, &e.r.Deadlines[len(e.r.Deadlines)-1], &a, e.r.Conflicts)
	}
	if e.explaining {
		e.stepV("nomination deadlines", true, ch.Nominations.Cite, strings.TrimSuffix(ch.Nominations.Words, ".")+"; counted from the proclamation of "+isoDate(from)+ifElse(r.IsZero(), " (none given: its last lawful day)", "")+".")
	}
	e.nextDeadline()
}

// charterDuty is the proclamation's last day: never rolled over (the
// officer's own act).
func (e *engine) charterDuty(ch *CharterRules, ed *Edition, election Date) {
	d := &ch.Duty
	if d.Code == "" {
		return
	}
	if cap(e.r.Deadlines) < 28 {
		// The special election's rows, and a remainder election's.
		e.r.Deadlines = make([]Deadline, 0, 28)
	}
	due := DaysAfter(e.v, d.Days)
	row := Deadline{Code: d.Code, Kind: LastDay, Citation: d.Cite, LawEdition: e.law.Label(ed.bit), Applies: true,
		Statutory: due, Effective: due, ElectionDate: election, Status: Open}
	if due.Before(e.asOf) {
		row.Status = Passed
	}
	meet(&row, &d.MetBy, &e.in)
	if r := e.in.ProclamationDate; !r.IsZero() && r.After(due) {
		l := &ch.Late
		e.add(Conflict{Code: l.Code, Severity: l.Severity, Field: "proclamation_date",
			Message: expand(l.Message, "{proclamation}", isoDate(r), "{vacancy}", isoDate(e.v), "{due}", isoDate(due), "{days}", itoa(e.v.DaysUntil(r))), Citation: d.Cite})
	}
	if d.Review != "" && !e.cal.IsBusinessDay(due) {
		row.Verify = d.Review
	}
	e.r.Deadlines = append(e.r.Deadlines, row)
	if e.explaining {
		e.stepV("duty to proclaim", true, d.Cite, "The election must be proclaimed within "+plural(d.Days, "day")+" of the vacancy: by "+isoDate(due)+" (the officer's own act: never rolled over).")
	}
}

// charterDoubt gives both editions' days for a vacancy in the days an
// edition's first day is not certain (DoubtTo).
func (e *engine) charterDoubt(rg *Regime, ed *Edition, class OfficeClass) {
	k := rg.editionIndex(e.v)
	if k == 0 || ed.DoubtTo.IsZero() || e.v.After(ed.DoubtTo) {
		return
	}
	prev := &rg.Editions[k-1]
	a, b := e.charterDay(&prev.Charter.Special, class), e.charterDay(&ed.Charter.Special, class)
	e.add(review("vacancy_date", ed.ID+"'s first day ("+isoDate(ed.From)+") is "+string(ed.MarkOrSourced())+": a vacancy to "+isoDate(ed.DoubtTo)+
		" may still be under "+prev.ID+". Under "+prev.ID+" the special election falls on "+isoDate(a.day)+"; under "+ed.ID+", on "+isoDate(b.day)+".",
		ed.Cite, Warning))
}
