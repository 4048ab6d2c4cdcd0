package compute

import (
	"strings"
	"time"
)

// Compute applies the law to one vacancy. cal is the law's calendar with
// the calendar input applied (NewCalendar); asOf is the date deadlines are
// judged open or passed against. It never fails: what it cannot decide
// becomes a conflict (NEEDS_INPUT, DATE_ORDER, …) on the result.
//
// The order: § 30 dates the vacancy, § 42 decides the method (the first
// step that matches wins), the proclamation and its window, the term
// check, then the filling election's deadlines:
//
//   - general_election, special_or_general, temporary_appointment: the
//     general-election rows of the filling election's year (for
//     special_or_general the general election is the fallback the row can
//     rely on until a proclamation exists);
//   - special_election with a proclamation date: the special-election rows;
//   - not_covered, not_elective, none, or no vacancy date: no rows.
//
// Which edition decides each value is the law's keying rule (Law.Keying):
// § 42(1), (4) and the duty to proclaim by the vacancy date, the window
// and the special-election rows by the proclamation, the regular calendar
// by its year.
func Compute(v Vacancy, cal *Calendar, asOf Date) Result {
	var r Result
	ComputeInto(&r, v, cal, asOf)
	return r
}

// ComputeInto is Compute writing its result into r, reusing the arrays
// behind r's Deadlines, Conflicts and Steps: a caller that computes many
// rows and no longer needs the previous result makes less garbage. The
// result is the same as Compute's, but for empty lists being empty rather
// than nil.
func ComputeInto(r *Result, v Vacancy, cal *Calendar, asOf Date) {
	computeInto(r, v, cal, asOf, true)
}

// ComputeBriefInto is ComputeInto without Result.Steps, the step-by-step
// reasoning only `batch explain` prints: a bulk run skips building those
// sentences. Every other field is ComputeInto's.
func ComputeBriefInto(r *Result, v Vacancy, cal *Calendar, asOf Date) {
	computeInto(r, v, cal, asOf, false)
}

func computeInto(r *Result, v Vacancy, cal *Calendar, asOf Date, explaining bool) {
	if cal == nil || cal.law == nil || len(cal.law.Editions) == 0 {
		// A programming error, not a row's: say so rather than panic.
		*r = Result{Vacancy: v, Explanation: "Cannot compute: no law was given to the engine."}
		return
	}
	e := engine{cal: cal, law: cal.law, asOf: asOf, explaining: explaining, edR: -1}
	e.r.Deadlines, e.r.Conflicts, e.r.Steps = r.Deadlines[:0], r.Conflicts[:0], r.Steps[:0]
	e.r.Vacancy = v
	e.in = normalise(v)
	if e.regime = e.law.regimeFor(e.in.Class); e.regime != nil && e.regime.Shape == ShapeNotice && e.regime.ComputeAs != "" {
		// The state's rules compute the row, read as the class they know.
		e.in.Class = e.regime.ComputeAs
	}
	e.run()
	*r = e.r
}

// engine is the state of one computation.
type engine struct {
	cal  *Calendar
	law  *Law
	asOf Date
	in   Vacancy // the input with its dates normalised
	r    Result

	explaining bool // record Steps (false for ComputeBriefInto)

	v          Date // vacancy date
	edV        int  // the edition in force on the vacancy date (or the event's)
	edR        int  // the edition in force on the proclamation, -1 without one
	set        uint64
	termGiven  bool
	lastYear   int            // last year of the term, 0 when the term end is unknown
	auth       *Authorization // the ground on which the governor may proclaim
	authorized bool
	barred     bool // a bar of § 42(4) rules the special election out
	// barredAt is 1 + the index of the (4)(c) bar's conflict, whose
	// sentence up to the election that fills the seat is barredWords:
	// termCheck completes it when the term ends first.
	barredAt    int
	barredWords string
	foreseen    bool // § 42(2): deadlines are the regular calendar of the year
	genYear     int  // year of the general election whose deadlines apply
	basis       [10]string
	nbasis      int

	// regime is the local law that governs the row's class, nil for the
	// state's rules.
	regime *Regime
}

// normalise turns out-of-range dates into real days (the way time.Date
// does) so that nothing downstream meets Month 13 or Day 0; a row without
// a class is an "other" office, as § 42 treats every office it does not
// name.
func normalise(v Vacancy) Vacancy {
	if v.Class == "" {
		v.Class = OtherOffice
	}
	for _, d := range []*Date{&v.EventDate, &v.TermStart, &v.TermEnd, &v.ProclamationDate, &v.SpecialElectionDate, &v.SpecialSessionDate} {
		if !d.IsZero() && (d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > 28) {
			*d = FromTime(d.Time())
		}
	}
	return v
}

func (e *engine) addBasis(c string) {
	if c == "" {
		return
	}
	for i := 0; i < e.nbasis; i++ {
		if e.basis[i] == c {
			return
		}
	}
	if e.nbasis < len(e.basis) {
		e.basis[e.nbasis] = c
		e.nbasis++
	}
}

func (e *engine) add(c Conflict) { e.r.Conflicts = append(e.r.Conflicts, c) }

// fill is the § 30/§ 42 part of the edition in force on the vacancy date.
func (e *engine) fill() *FillRules { return &e.law.Editions[e.edV].Fill }

// stepV records a step decided by the edition in force on the vacancy
// date. A bulk run records none (ComputeBriefInto): the sentences are most
// of the engine's garbage, so the callers that build long ones check
// e.explaining first.
func (e *engine) stepV(rule string, applies bool, citation, text string) {
	if !e.explaining {
		return
	}
	ed := &e.law.Editions[e.edV]
	keyed, keying := "the vacancy date, "+isoDate(e.v), e.law.Keying.Fill
	if e.v.IsZero() {
		keyed, keying = "the event or term dates", "without a vacancy date, the edition of the dates the row gives"
	}
	e.r.Steps = append(e.r.Steps, Step{Rule: rule, Applies: applies, Edition: ed.ID, Keyed: keyed, Keying: keying, Citation: citation, Text: text})
}

// step records a step with its own edition and keying.
func (e *engine) step(s Step) {
	if e.explaining {
		e.r.Steps = append(e.r.Steps, s)
	}
}

func (e *engine) use(bit uint64) { e.set |= bit }

func (e *engine) run() {
	in := &e.in
	// ComputeInto may hand in arrays to reuse; only a fresh result needs
	// new ones.
	if cap(e.r.Conflicts) == 0 {
		e.r.Conflicts = make([]Conflict, 0, 4)
	}
	if cap(e.r.Steps) == 0 && e.explaining {
		e.r.Steps = make([]Step, 0, 12)
	}
	// What reading the row noticed comes first: it is about the row as
	// written, before any rule.
	e.r.Conflicts = append(e.r.Conflicts, in.Read...)
	e.vacancyDate()
	switch {
	case !e.v.IsZero():
		e.edV = e.law.editionIndex(e.v)
		e.use(editionBit(e.edV))
	case !in.EventDate.IsZero():
		e.edV = e.law.editionIndex(in.EventDate)
	case !in.TermStart.IsZero():
		e.edV = e.law.editionIndex(in.TermStart)
	default:
		e.edV = len(e.law.Editions) - 1
	}
	e.vacancyStep()
	e.dateOrder()
	e.classNotes()
	f := e.fill()

	notElective := in.Cause == MissedMeetings
	e.stepV("appointive board seat", notElective, f.NotElective.Cite, ifElse(notElective,
		"An appointive board seat is not an elective office: no election is computed.",
		"The cause is not a missed-meetings vacancy of an appointive board."))
	if notElective {
		e.r.Method = NotElective
		e.addBasis(f.NotElective.Cite)
		e.add(conflict(codeNotElective, "cause",
			"A board member who missed three meetings holds an appointive office ("+f.NotElective.Cite+"): no election fills it; the appointing authority names a successor.",
			f.NotElective.Cite))
		e.proclaimedButNotAuthorized()
		e.finish()
		return
	}
	covered := in.Class != Governor && in.Class != LieutenantGovernor
	if e.explaining {
		e.stepV("governor or lieutenant governor", !covered, f.NotCovered.Cite, ifElse(covered,
			"The office is "+e.law.classWords(in.Class)+", not governor or lieutenant governor.",
			"Governor and lieutenant governor are excepted ("+f.NotCovered.Cite+"): succession is constitutional ("+e.law.Cites.Succession+")."))
	}
	if !covered {
		e.r.Method = NotCovered
		e.addBasis(f.NotCovered.Cite)
		e.add(conflict(codeNotCovered, "office_class",
			"The governor and lieutenant governor are excepted ("+f.NotCovered.Cite+"): the constitution provides succession ("+e.law.Cites.Succession+"); no election is computed.",
			f.NotCovered.Cite))
		e.proclaimedButNotAuthorized()
		e.finish()
		return
	}
	if e.v.IsZero() {
		e.stepV("no vacancy date", false, "", "Without a vacancy date no election can be chosen.")
		e.finish()
		return
	}
	if rg := e.regime; rg != nil && (rg.Shape == ShapeAppointment || rg.Shape == ShapeCharter) {
		if rg.Shape == ShapeAppointment {
			e.village(rg)
		} else {
			e.charter(rg)
		}
		e.finish()
		return
	}
	e.decide()
	e.proclamation()
	e.termCheck()
	e.deadlines()
	e.notices()
	e.finish()
}

func ifElse(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// classWords names an office class in an explanation.
func classWords(c OfficeClass) string {
	switch c {
	case "":
		return "of no class"
	case USRepresentative:
		return "a U.S. representative"
	case USSenator:
		return "a U.S. senator"
	case OtherOffice:
		return "an office of no other class"
	}
	return "a " + strings.ReplaceAll(string(c), "_", " ")
}

func (l *Law) causeRule(c Cause) *CauseRule {
	for i := range l.Causes {
		if l.Causes[i].Cause == c {
			return &l.Causes[i]
		}
	}
	return nil
}

// vacancyDate is Public Officers Law § 30: when the office became vacant.
func (e *engine) vacancyDate() {
	in := &e.in
	rule := e.law.causeRule(in.Cause)
	cite := e.law.Cites.Vacancy
	if rule != nil {
		cite = rule.Cite
	}
	switch in.Cause {
	case OathNotFiled:
		switch {
		case !in.EventDate.IsZero():
			e.v = in.EventDate
		case !in.TermStart.IsZero():
			// The oath is due within the edition's days of the term's start;
			// the office is vacant the day after the last of them.
			days := e.law.EditionAt(in.TermStart).Fill.OathDays
			e.v = DaysAfter(in.TermStart, days+1)
		default:
			e.add(conflict(codeNeedsInput, "event_date",
				"An unfiled oath dates the vacancy from event_date or, failing it, from term_start: enter one of them.", cite))
		}
		for _, w := range e.law.ArmedForces.Keywords {
			if containsFold(in.Notes, w) {
				e.add(conflict(codeArmedForces, "notes",
					"The notes mention military service: under "+e.law.ArmedForces.Cite+" an officer on active duty in the armed forces who files within the extended time creates no vacancy; confirm before acting.",
					e.law.ArmedForces.Cite))
				break
			}
		}
	case TermExpiration:
		if in.TermEnd.IsZero() {
			e.add(conflict(codeNeedsInput, "term_end",
				"A vacancy by expiration of term is dated from term_end (the day after it ends): enter term_end.", cite))
		} else {
			e.v = in.TermEnd.AddDays(1)
		}
	default:
		if rule == nil {
			e.add(conflict(codeNeedsInput, "cause",
				"The cause \""+string(in.Cause)+"\" is not one of "+e.law.Cites.Vacancy+"'s: the event date is used as the vacancy date; correct the cause.", cite))
		}
		if in.EventDate.IsZero() {
			e.add(conflict(codeNeedsInput, "event_date",
				"The vacancy date is the event's date: enter event_date.", cite))
		} else {
			e.v = in.EventDate
		}
	}
	e.r.VacancyDate = e.v
	if !e.v.IsZero() {
		e.addBasis(cite)
	}
	if in.Cause == Nonresidence {
		for i := range e.law.Residency {
			x := &e.law.Residency[i]
			if x.matches(in.Office, in.County) {
				e.add(conflict(codeResidencyExempt, "office",
					"The office \""+in.Office+"\" may be one whose holder need not reside locally ("+x.Cite+"): the vacancy may not exist; confirm before acting.",
					x.Cite))
				break
			}
		}
	}
}

// vacancyStep records § 30's step once the edition is known.
func (e *engine) vacancyStep() {
	if !e.explaining {
		return
	}
	in := &e.in
	rule := e.law.causeRule(in.Cause)
	cite := e.law.Cites.Vacancy
	if rule != nil {
		cite = rule.Cite
	}
	if e.v.IsZero() {
		e.stepV("vacancy date", false, cite, "No vacancy date: "+ifElse(in.Cause == TermExpiration, "term_end", "event_date")+" is missing.")
		return
	}
	text := "Vacant from " + isoDate(e.v)
	if rule != nil {
		text += " (" + string(in.Cause) + ": " + rule.Date + ")."
	} else {
		text += " (the event date)."
	}
	for i := range e.r.Conflicts {
		if c := &e.r.Conflicts[i]; c.Code == codeResidencyExempt {
			text += " Nonresidence may not vacate this office (" + c.Citation + ")."
		}
	}
	e.stepV("vacancy date", true, cite, text)
}

// matches reports whether the exemption names the office; county may
// supply a place the office text leaves out ("Deputy Sheriff", county
// Nassau).
func (x *ResidencyExemption) matches(office, county string) bool {
	for _, w := range x.All {
		if !containsFold(office, w) && !containsFold(county, w) {
			return false
		}
	}
	for _, w := range x.Not {
		if containsFold(office, w) {
			return false
		}
	}
	return true
}

// dateOrder raises DATE_ORDER for dates that contradict each other.
func (e *engine) dateOrder() {
	in := &e.in
	if !in.EventDate.IsZero() && !in.TermStart.IsZero() && in.EventDate.Before(in.TermStart) &&
		in.Cause != DeathBeforeTerm && in.Cause != FailureToElect && in.Cause != TermExpiration {
		e.add(conflict(codeDateOrder, "event_date",
			"The event ("+isoDate(in.EventDate)+") is before the term began ("+isoDate(in.TermStart)+"): check both dates.", e.law.Cites.VacancyTerm))
	}
	if !in.TermStart.IsZero() && !in.TermEnd.IsZero() && in.TermEnd.Before(in.TermStart) {
		e.add(conflict(codeDateOrder, "term_end",
			"The term ends ("+isoDate(in.TermEnd)+") before it starts ("+isoDate(in.TermStart)+"): check both dates.", e.fill().TermCheck.Cite))
	}
	if !e.v.IsZero() && !in.TermEnd.IsZero() && e.v.After(in.TermEnd) && in.Cause != TermExpiration {
		e.add(conflict(codeDateOrder, "term_end",
			"The vacancy ("+isoDate(e.v)+") is after the term ended ("+isoDate(in.TermEnd)+"): there is no term left; check the dates.", e.law.Cites.VacancyTerm))
	}
	if !e.v.IsZero() && !in.ProclamationDate.IsZero() && in.ProclamationDate.Before(e.v) {
		e.add(conflict(codeDateOrder, "proclamation_date",
			"The proclamation ("+isoDate(in.ProclamationDate)+") is before the vacancy ("+isoDate(e.v)+"): check both dates.", e.fill().Duty.Cite))
	}
}

// legislative is whether § 42(4) bars special elections for the class
// outright (congress and the legislature).
func (f *FillRules) legislative(c OfficeClass) *Bar {
	for i := range f.Bars {
		if !f.Bars[i].Sub3Only && hasClass(f.Bars[i].Offices, c) {
			return &f.Bars[i]
		}
	}
	return nil
}

// decide is Public Officers Law § 42's steps after the governor's.
func (e *engine) decide() {
	in := &e.in
	f := e.fill()
	e.r.TermEnd = in.TermEnd
	e.termGiven = !in.TermEnd.IsZero()
	if !e.termGiven {
		e.r.TermEnd = e.law.defaultTermEnd(in.Class, e.v)
	}
	if !e.r.TermEnd.IsZero() {
		e.lastYear = e.lastTermYear(e.r.TermEnd)
	}
	not := ""
	if e.explaining {
		not = "The office is " + e.law.classWords(in.Class) + "."
	}

	senator := in.Class == USSenator
	if !senator {
		e.stepV("U.S. senator", false, f.Senator.Cite, not)
	}
	if senator {
		e.usSenator()
		return
	}
	bar := f.legislative(in.Class)
	if e.explaining {
		cite, barCite := "", ""
		for i := range f.Bars {
			if !f.Bars[i].Sub3Only {
				barCite = f.Bars[i].Cite
				break
			}
		}
		if bar != nil {
			_, cite = f.groundsFor(in.Class)
			barCite = bar.Cite
		}
		e.stepV("congress and the legislature", bar != nil, joinNonEmpty("; ", cite, barCite), ifElse(bar != nil,
			"The office is "+e.law.classWords(in.Class)+": seats in congress and the legislature are filled by special or general election, with the bars of "+barCite+".", not))
	}
	if bar != nil {
		e.legislature(bar)
		return
	}
	judge := hasClass(f.Judges.Offices, in.Class)
	if !judge {
		e.stepV("judges", false, f.Judges.Cite, not)
	}
	if judge {
		e.judge()
		return
	}
	expiry := in.Cause == TermExpiration && e.termGiven && f.Expiry.Applies(in.TermEnd)
	why := "The cause is not the expiration of a term."
	if in.Cause == TermExpiration {
		why = "The term does not end on " + f.Expiry.Phrase() + ": " + f.Expiry.Cite + " does not apply; " + f.Cutoff.Cite + " decides."
	}
	if !expiry {
		e.stepV("expiration of term", false, f.Expiry.Cite, why)
	}
	if expiry {
		e.termExpiration()
		return
	}
	e.cutoffRule(GeneralElection)
	e.authorize()
}

// lastTermYear is the year of the last general election before termEnd.
func (e *engine) lastTermYear(termEnd Date) int {
	y := termEnd.Year
	if g, _ := e.cal.General(y); !g.Before(termEnd) {
		y--
	}
	return y
}

// defaultTermEnd is the class's default term end, zero when it has none.
func (l *Law) defaultTermEnd(class OfficeClass, v Date) Date {
	for i := range l.Terms {
		t := &l.Terms[i]
		if !hasClass(t.Offices, class) {
			continue
		}
		y := v.Year
		for {
			d := t.Day.In(y)
			if t.endsIn(y) && (d.After(v) || (t.OnOrAfter && d == v)) {
				return d
			}
			y++
		}
	}
	return Date{}
}

// cutoffRule is § 42(1): the general election of the vacancy's year, or
// the next year's, by the edition's cut-off.
func (e *engine) cutoffRule(m Method) {
	f := e.fill()
	c := &f.Cutoff
	v := e.v
	y := v.Year
	gy, _ := e.cal.General(y)
	day := e.anchorYear(c.Day, y, gy)
	thisYear := v.Before(day) || (c.Through && v == day)
	if !thisYear {
		if !v.After(gy) {
			e.add(Conflict{Code: c.Code, Severity: c.Severity, Field: "vacancy_date",
				Message: "The vacancy occurred on " + isoDate(v) + ", not " + c.Phrase + " (the cut-off day is " + isoDate(day) + "): " + c.Cite + " sends it to the general election of " +
					itoa(y+1) + ", not " + isoDate(gy) + ".",
				Citation: c.Cite})
		}
		y++
		gy, _ = e.cal.General(y)
	}
	if c.ReviewDays > 0 && c.Review != "" {
		if n := day.DaysUntil(v); n >= -c.ReviewDays && n <= c.ReviewDays {
			e.add(review("vacancy_date", c.Review+" (the cut-off is "+isoDate(day)+"; the vacancy "+isoDate(v)+").", c.Cite, Info))
		}
	}
	e.genYear = y
	e.r.FillingElection = gy
	e.r.Method = m
	e.addBasis(c.Cite)
	if e.explaining {
		text := "A vacancy " + c.Phrase + " (" + isoDate(day) + ") is filled at that year's general election, a later one at the next year's: " + isoDate(gy) + "."
		if s := c.Echo.Corroboration(); s != "" {
			text += " " + c.Echo.Cite + " restates the rule: " + s + "."
		}
		e.stepV("which general election", true, c.Cite, text)
	}
}

// anchorYear evaluates a counting from the year (AtYear) or its general
// election (AtGeneral).
func (e *engine) anchorYear(c Counting, year int, general Date) Date {
	from := D(year, time.January, 1)
	if c.Anchor == AtGeneral {
		from = general
	}
	return c.Apply(from)
}

// usSenator is § 42(4-a).
func (e *engine) usSenator() {
	f := e.fill()
	s := &f.Senator
	v := e.v
	y := v.Year
	var end int
	text := ""
	if y%2 == 0 {
		// § 42(4-a)'s "annual primary election" is the statewide primary
		// of the edition in force on the vacancy date.
		p, _ := e.cal.primaryFor(&e.law.Editions[e.edV], y, "", true)
		cutoff := p.AddDays(-s.CutoffDays)
		if !v.After(cutoff) {
			end = y + s.EarlyYears
			text = "in an even year on or before the " + ordinalWords(s.CutoffDays) + " day before the primary of " + isoDate(p) + " (" + isoDate(cutoff) + "): appointment until " + s.AppointmentEnds.String() + ", " + itoa(end)
		} else {
			end = y + s.LateYears
			text = "in an even year on or after the " + ordinalWords(s.CutoffDays-1) + " day before the primary of " + isoDate(p) + " (" + isoDate(cutoff.AddDays(1)) + "): appointment until " + s.AppointmentEnds.String() + ", " + itoa(end)
		}
	} else {
		end = y + s.OddYears
		text = "in an odd year: appointment until " + s.AppointmentEnds.String() + ", " + itoa(end)
	}
	e.r.Method = TemporaryAppointment
	e.r.AppointmentUntil = s.AppointmentEnds.In(end)
	e.genYear = end - 1
	e.r.FillingElection, _ = e.cal.General(e.genYear)
	e.addBasis(s.Cite)
	if e.explaining {
		e.stepV("U.S. senator", true, s.Cite,
			"A senate vacancy "+text+"; the election for the unexpired term is at the general election of "+isoDate(e.r.FillingElection)+".")
	}
}

// legislature is § 42(3)-(4) for congress and the legislature.
func (e *engine) legislature(bar *Bar) {
	in := &e.in
	f := e.fill()
	v := e.v
	ly := e.lastYear
	day := bar.Day.In(ly)
	barred := v.After(day) || (bar.DayBarred && v == day)
	liftable := bar.Liftable && v.After(day)
	text := ""
	if barred || e.explaining {
		text = bar.Phrase + " of the term's last year (" + itoa(ly) + ")"
	}
	if barred && !liftable && bar.Liftable {
		text = "on " + bar.Day.String() + " of the term's last year (" + itoa(ly) + "), which " + bar.Cite + " puts neither before nor after " + bar.Day.String()
	}
	_, grounds := f.groundsFor(in.Class)
	e.addBasis(grounds)
	e.addBasis(bar.Cite)
	if barred && liftable && !in.SpecialSessionDate.IsZero() {
		barred = false
		e.stepV("bar on a special election", false, bar.Cite,
			"The vacancy is "+text+", but a special session was called ("+isoDate(in.SpecialSessionDate)+"), which the exception of "+bar.Cite+" requires: a special election may be held.")
	} else if barred && !liftable && !in.SpecialSessionDate.IsZero() {
		e.stepV("bar on a special election: special session", false, f.Session.Cite,
			"The special session lifts the bar of "+bar.Cite+" only for a vacancy after "+bar.Day.String()+"; this one is on "+bar.Day.String()+".")
	}
	if barred {
		e.barred = true
		e.r.Method = bar.Fallback
		fill, _ := e.cal.General(ly) // the regular election of the next term
		proclaimed := !in.ProclamationDate.IsZero() || !in.SpecialElectionDate.IsZero()
		c := conflict(codeSpecialBarred, "vacancy_date",
			bar.Cite+" bars a special election: the vacancy is "+text+"; the seat stays vacant and the regular election fills the next term.",
			bar.Cite)
		if proclaimed {
			c.Severity = Error
			c.Message = "A special election was proclaimed, but " + bar.Cite + " bars one: the vacancy is " + text + "; check the proclamation."
		}
		e.add(c)
		e.stepV("bar on a special election", true, bar.Cite,
			"The vacancy is "+text+": no special election, and the seat is not filled for the rest of the term (the general election of "+isoDate(fill)+" elects the next term).")
		return
	}
	if e.lastYear > 0 && !liftable && e.explaining {
		e.stepV("bar on a special election", false, bar.Cite, "The vacancy is not "+bar.Phrase+" of the term's last year ("+itoa(ly)+").")
	}
	for i := range f.Authorizations {
		if a := &f.Authorizations[i]; hasClass(a.Offices, in.Class) {
			e.grant(a)
			break
		}
	}
	e.cutoffRule(SpecialOrGeneral)
}

// grant records that the governor may proclaim on ground a.
func (e *engine) grant(a *Authorization) {
	e.auth = a
	e.authorized = true
	e.r.grounds = a.Cite
	e.addBasis(a.Cite)
	e.stepV("special election possible", true, a.Cite, a.Text)
	if a.Review != "" {
		e.add(review("filling_method", a.Review, a.Cite, Info))
	}
}

// authorize is the last step for every other office: a ground on which the
// governor may proclaim, and the bar of § 42(4)(c).
func (e *engine) authorize() {
	in := &e.in
	f := e.fill()
	for i := range f.Authorizations {
		a := &f.Authorizations[i]
		if !hasClass(a.Offices, in.Class) || (a.Cause != "" && a.Cause != in.Cause) || (a.NotAppointable && in.Appointable != No) {
			continue
		}
		e.grant(a)
		e.r.Method = SpecialOrGeneral
		if a.Sub3 {
			e.subThreeBar()
		}
		return
	}
	words, cites := f.groundsFor(in.Class)
	e.stepV("special election possible", false, cites, "No ground on which the governor may proclaim applies: not "+words+".")
}

// subThreeBar is a bar for the § 42(3) grounds of other offices (§ 42(4)(c)
// from L.2021 ch. 320): the general election fills a vacancy on or after
// its day of the term's last year.
func (e *engine) subThreeBar() {
	in := &e.in
	f := e.fill()
	var bar *Bar
	for i := range f.Bars {
		if f.Bars[i].Sub3Only && hasClass(f.Bars[i].Offices, in.Class) {
			bar = &f.Bars[i]
			break
		}
	}
	if bar == nil {
		return
	}
	if e.lastYear == 0 {
		e.add(conflict(codeNeedsInput, "term_end",
			bar.Cite+" bars a special election when the vacancy is "+bar.Phrase+" of the term's last year: enter term_end to know whether it does.", bar.Cite))
		e.stepV("bar on a special election (other offices)", false, bar.Cite, "Without term_end the bar cannot be judged: the governor may still proclaim.")
		return
	}
	day := bar.Day.In(e.lastYear)
	barred := e.v.After(day) || (bar.DayBarred && e.v == day)
	if !barred {
		if e.explaining {
			e.stepV("bar on a special election (other offices)", false, bar.Cite, "The vacancy is not "+bar.Phrase+" of the term's last year ("+itoa(e.lastYear)+", "+isoDate(day)+"): the bar does not apply.")
		}
		return
	}
	text := bar.Phrase + " of the term's last year (" + itoa(e.lastYear) + ", " + isoDate(day) + ")"
	e.barred = true
	e.authorized = false
	e.r.Method = bar.Fallback
	e.addBasis(bar.Cite)
	proclaimed := !in.ProclamationDate.IsZero() || !in.SpecialElectionDate.IsZero()
	e.barredWords = bar.Cite + " bars a special election: the vacancy is " + text
	c := conflict(codeSpecialBarred, "vacancy_date", e.barredWords+"; the general election of "+isoDate(e.r.FillingElection)+" fills it.", bar.Cite)
	if proclaimed {
		c.Severity = Error
		e.barredWords = "A special election was proclaimed, but " + bar.Cite + " bars one: the vacancy is " + text
		c.Message = e.barredWords + "; the general election of " + isoDate(e.r.FillingElection) + " fills it."
	}
	e.add(c)
	e.barredAt = len(e.r.Conflicts)
	e.stepV("bar on a special election (other offices)", true, bar.Cite, "The vacancy is "+text+": no special election; the general election of "+isoDate(e.r.FillingElection)+" fills it.")
}

// judge is the constitution's rule for judicial vacancies.
func (e *engine) judge() {
	j := &e.fill().Judges
	m := MonthsAfter(e.v, j.Months)
	y := m.Year
	g, _ := e.cal.General(y)
	if g.Before(m) {
		y++
		g, _ = e.cal.General(y)
	}
	e.genYear = y
	e.r.FillingElection = g
	e.r.Method = GeneralElection
	e.addBasis(j.Cite)
	if e.explaining {
		e.stepV("judges", true, j.Cite,
			"A judicial vacancy is filled at the first general election at least "+itoa(j.Months)+" months after it ("+isoDate(m)+"): "+isoDate(g)+".")
	}
}

// termExpiration is § 42(2).
func (e *engine) termExpiration() {
	in := &e.in
	f := e.fill()
	y := in.TermEnd.Year
	g, _ := e.cal.General(y)
	e.genYear = y
	e.foreseen = true
	e.r.FillingElection = g
	e.r.Method = GeneralElection
	e.addBasis(f.Expiry.Cite)
	text := "The term ends December 31, " + itoa(y) + ", and cannot be filled for a full term before: the general election of " + isoDate(g) + " fills it"
	if in.NextFullTermYear == 0 {
		e.add(conflict(codeNeedsInput, "next_full_term_year",
			f.Expiry.Cite+" fills the office for a term ending with the political year after the first general election at which a full term can be elected: enter next_full_term_year.",
			f.Expiry.Cite))
		text += " for a short term (enter next_full_term_year to date its end)."
	} else {
		text += " for a term ending December 31, " + itoa(in.NextFullTermYear) + "."
	}
	e.stepV("expiration of term", true, f.Expiry.Cite, text)
}

// proclaimedButNotAuthorized raises SPECIAL_NOT_AUTHORIZED when a row
// with no special election carries a proclamation or special election date.
func (e *engine) proclaimedButNotAuthorized() {
	in := &e.in
	if in.ProclamationDate.IsZero() && in.SpecialElectionDate.IsZero() {
		return
	}
	field := "proclamation_date"
	if in.ProclamationDate.IsZero() {
		field = "special_election_date"
	}
	_, cites := e.fill().groundsFor("")
	e.add(conflict(codeSpecialNotAuthorized, field,
		"A special election is given, but no ground of "+strings.ReplaceAll(cites, "; ", " or ")+" gives the governor one for this vacancy: check the row.", cites))
}

// specialTable is the edition's special-election table for a class.
func (ed *Edition) specialTable(c OfficeClass) *SpecialTable {
	var other *SpecialTable
	for i := range ed.Specials {
		t := &ed.Specials[i]
		if hasClass(t.Offices, c) {
			return t
		}
		if len(t.Offices) == 0 && other == nil {
			other = t
		}
	}
	return other
}

// keyedR is a step decided by the edition in force on the proclamation.
func (e *engine) keyedR(s Step, r Date) Step {
	s.Keyed, s.Keying = "the proclamation, "+isoDate(r), e.law.Keying.Special
	return s
}

// proclamation applies a given proclamation and special election date.
func (e *engine) proclamation() {
	in := &e.in
	r, s := in.ProclamationDate, in.SpecialElectionDate
	if r.IsZero() && s.IsZero() {
		e.withoutProclamation()
		return
	}
	if e.barred {
		return // SPECIAL_BARRED, error, already raised
	}
	if !e.authorized {
		e.proclaimedButNotAuthorized()
		return
	}
	e.r.Method = SpecialElection
	if r.IsZero() {
		e.r.FillingElection = s
		e.add(conflict(codeNeedsInput, "proclamation_date",
			"A special election date is given without the proclamation date: the window and the special-election deadlines count from the proclamation; enter it.",
			e.auth.Cite))
		e.stepV("special election", true, e.auth.Cite, "A special election on "+isoDate(s)+" fills the vacancy; without the proclamation date its window is not known.")
		return
	}
	e.edR = e.law.editionIndex(r)
	e.use(editionBit(e.edR))
	edR := &e.law.Editions[e.edR]
	t := edR.specialTable(in.Class)
	if t == nil {
		return
	}
	w := &t.Window
	e.r.SpecialEarliest = DaysAfter(r, w.MinDays)
	e.r.SpecialLatest = DaysAfter(r, w.MaxDays)
	e.addBasis(w.Cite)
	if e.edR != e.edV {
		edV := &e.law.Editions[e.edV]
		e.add(conflict(codeEditionStraddle, "proclamation_date",
			"The vacancy ("+isoDate(e.v)+") falls under "+edV.Describe()+" and the proclamation ("+isoDate(r)+") under "+edR.Describe()+": "+e.law.Keying.Straddle,
			e.law.Keying.Cite))
	}
	if w.Review != "" {
		e.add(review("special_election_date", w.Review, w.Cite, Info))
	}
	e.doubt(r, s)
	text := joinNonEmpty(" ", "The proclamation of "+isoDate(r)+" sets the special election", w.Who) + " " + itoa(w.MinDays) + " to " + itoa(w.MaxDays) +
		" days after it: between " + isoDate(e.r.SpecialEarliest) + " and " + isoDate(e.r.SpecialLatest)
	if s.IsZero() {
		// A special election fills the vacancy: the general election
		// would be a wrong answer, so none is shown until the day is
		// given, only the window it must fall in.
		e.r.FillingElection = Date{}
		e.add(conflict(codeNeedsInput, "special_election_date",
			"The proclamation names the day of the special election: enter special_election_date; until then only its window is shown ("+
				isoDate(e.r.SpecialEarliest)+" to "+isoDate(e.r.SpecialLatest)+").",
			w.Cite))
		text += "."
	} else {
		e.r.FillingElection = s
		inside := !s.Before(e.r.SpecialEarliest) && !s.After(e.r.SpecialLatest)
		switch {
		case inside:
			text += "; it is on " + isoDate(s) + ", inside the window."
		case w.SameDate != nil && r.DaysUntil(s) >= w.SameDate.MinDays:
			e.r.piggyback = true
			e.r.piggybackText = piggybackMessage(w, s, e.r.SpecialEarliest, e.r.SpecialLatest, r)
			e.add(Conflict{Code: codeSpecialPiggyback, Severity: Warning, Field: "special_election_date",
				Message:  e.r.piggybackText + " none is in these inputs: check that one was already set for that day.",
				Citation: w.SameDate.Cite})
			text += "; it is on " + isoDate(s) + ", outside the window but at least " + itoa(w.SameDate.MinDays) +
				" days after the proclamation: lawful only on the day of a previously scheduled special election (" + w.SameDate.Cite + ")."
		default:
			e.add(conflict(codeSpecialWindow, "special_election_date",
				"The special election ("+isoDate(s)+") must be "+itoa(w.MinDays)+" to "+itoa(w.MaxDays)+" days after the proclamation of "+isoDate(r)+
					" ("+edR.ID+", "+w.Cite+"): between "+isoDate(e.r.SpecialEarliest)+" and "+isoDate(e.r.SpecialLatest)+"; it is "+itoa(r.DaysUntil(s))+" days after.",
				w.Cite))
			text += "; it is on " + isoDate(s) + ", " + itoa(r.DaysUntil(s)) + " days after the proclamation: outside the window."
		}
	}
	e.step(e.keyedR(Step{Rule: "special election window", Applies: true, Edition: edR.ID, Citation: w.Cite, Text: text}, r))
}

// piggybackMessage is the start of SPECIAL_PIGGYBACK's sentence.
func piggybackMessage(w *SpecialWindow, s, earliest, latest, r Date) string {
	return "The special election (" + isoDate(s) + ") is outside " + itoa(w.MinDays) + " to " + itoa(w.MaxDays) +
		" days after the proclamation of " + isoDate(r) + " (" + isoDate(earliest) + " to " + isoDate(latest) + ") but at least " +
		itoa(w.SameDate.MinDays) + " days after it: " + w.SameDate.Cite + " allows it only on the day of a special election already scheduled;"
}

// withoutProclamation: under a duty to proclaim, a § 42(3) vacancy's
// special election can be dated before any proclamation exists, from the
// vacancy date and the window in force on it.
func (e *engine) withoutProclamation() {
	if !e.authorized || e.barred || e.auth == nil || !e.auth.Sub3 {
		return
	}
	ed := &e.law.Editions[e.edV]
	d := &ed.Fill.Duty
	if d.Days == 0 {
		return
	}
	t := ed.specialTable(e.in.Class)
	if t == nil {
		return
	}
	e.r.SpecialEarliest = DaysAfter(e.v, t.Window.MinDays)
	e.r.SpecialLatest = DaysAfter(e.v, d.Days+t.Window.MaxDays)
	e.r.dutyBy = DaysAfter(e.v, d.Days)
	if !e.explaining {
		return
	}
	e.stepV("special election window", true, t.Window.Cite,
		"No proclamation yet: the governor must proclaim by "+isoDate(DaysAfter(e.v, d.Days))+" ("+itoa(d.Days)+" days after the vacancy), so "+
			joinNonEmpty(" ", "the special election", t.Window.Who)+" falls between "+isoDate(e.r.SpecialEarliest)+" and "+isoDate(e.r.SpecialLatest)+".")
}

// doubt is the NEEDS_REVIEW for a proclamation in the days a later
// edition may already have been in force (its first day unsourced): both
// results are given.
func (e *engine) doubt(r, s Date) {
	k := e.edR + 1
	if k >= len(e.law.Editions) {
		return
	}
	next := &e.law.Editions[k]
	if next.Doubt.IsZero() || r.Before(next.Doubt) || !r.Before(next.From) {
		return
	}
	cur := &e.law.Editions[e.edR]
	tc, tn := cur.specialTable(e.in.Class), next.specialTable(e.in.Class)
	if tc == nil || tn == nil {
		return
	}
	verdict := func(w *SpecialWindow) string {
		a, b := DaysAfter(r, w.MinDays), DaysAfter(r, w.MaxDays)
		out := itoa(w.MinDays) + " to " + itoa(w.MaxDays) + " days, " + isoDate(a) + " to " + isoDate(b)
		if !s.IsZero() {
			if s.Before(a) || s.After(b) {
				out += " (" + isoDate(s) + " outside"
				if w.SameDate != nil && r.DaysUntil(s) >= w.SameDate.MinDays {
					out += ", lawful only on a previously scheduled special election's day"
				}
				out += ")"
			} else {
				out += " (" + isoDate(s) + " inside)"
			}
		}
		return out
	}
	e.add(review("proclamation_date",
		next.ID+"'s first day ("+isoDate(next.From)+") is "+string(next.MarkOrSourced())+", its act's own day not read: a proclamation from "+isoDate(next.Doubt)+" may already be under it. Under "+
			cur.ID+", the window is "+verdict(&tc.Window)+"; under "+next.ID+", "+verdict(&tn.Window)+".",
		next.Cite, Warning))
}

// termCheck compares the filling election with the end of the term.
func (e *engine) termCheck() {
	// A vacancy by expiration of term lies in the next term, whose end the
	// row does not give: term_end is the expired term's, nothing to check.
	fe := e.r.FillingElection
	if fe.IsZero() && e.r.Method == SpecialElection {
		fe = e.r.SpecialEarliest // proclaimed, its day not given: the window's first day
	}
	if e.foreseen || e.in.Cause == TermExpiration || e.r.TermEnd.IsZero() || fe.IsZero() {
		return
	}
	cite := e.fill().TermCheck.Cite
	te := e.r.TermEnd
	what := "given"
	if !e.termGiven {
		what = "default"
	}
	if fe.After(te) {
		e.add(conflict(codeTermEndsFirst, "term_end",
			"The term ends ("+isoDate(te)+", "+what+") before the filling election ("+isoDate(fe)+"): nothing is left to fill; the regular election fills the next term.",
			cite))
		e.stepV("term ends first", true, cite,
			"The term ends "+isoDate(te)+", before the election of "+isoDate(fe)+": nothing is left to fill.")
		e.r.Method = NoElection
		e.r.FillingElection = Date{}
		e.r.SpecialEarliest, e.r.SpecialLatest = Date{}, Date{}
		// A bar's message said which general election fills the seat; the
		// term ends first, so none does: the messages must agree.
		if i := e.barredAt - 1; i >= 0 && i < len(e.r.Conflicts) && e.r.Conflicts[i].Code == codeSpecialBarred {
			e.r.Conflicts[i].Message = e.barredWords + "; the term ends (" + isoDate(te) + ") before the next general election (" + isoDate(fe) + "), so nothing is left to fill."
		}
		return
	}
	if fe.Year == e.lastYear && e.explaining {
		e.stepV("remainder of the term", true, cite,
			"The election of "+isoDate(fe)+" is in the term's last year: it fills only the remainder of the term, to "+isoDate(te)+".")
	}
}

// deadlines computes the rows that belong to the method.
func (e *engine) deadlines() {
	in := &e.in
	d := deadlineRun{cal: e.cal, law: e.law, v: e.v, in: in, asOf: e.asOf, foreseen: e.foreseen, year: e.genYear, class: in.Class, act: -1}
	switch e.r.Method {
	case GeneralElection, SpecialOrGeneral, TemporaryAppointment:
		if e.r.FillingElection.IsZero() {
			return
		}
		if cap(e.r.Deadlines) < 16 {
			e.r.Deadlines = make([]Deadline, 0, 16)
		}
		if e.r.Method == SpecialOrGeneral {
			e.dutyRow()
		}
		first := len(e.r.Deadlines)
		p := e.generalInto(&d, e.genYear, in.Class)
		if e.r.Method == SpecialOrGeneral {
			ifNoSpecial(e.r.Deadlines[first:])
		}
		if e.explaining {
			e.generalStep(&d, p, first)
		}
	case SpecialElection:
		if cap(e.r.Deadlines) < 9 {
			e.r.Deadlines = make([]Deadline, 0, 9)
		}
		e.dutyRow()
		if in.ProclamationDate.IsZero() || e.edR < 0 {
			break
		}
		edR := &e.law.Editions[e.edR]
		t := edR.specialTable(in.Class)
		if t == nil {
			break
		}
		d.ed, d.edBit = edR, editionBit(e.edR)
		e.r.Deadlines, e.r.Conflicts = d.special(t, in.ProclamationDate, in.SpecialElectionDate, e.r.Deadlines, e.r.Conflicts)
		e.addBasis(e.law.Cites.Deadlines)
		if e.explaining {
			cite := e.law.Cites.Deadlines
			if len(t.Rows) > 0 {
				cite = t.Rows[0].Cite
			}
			e.step(e.keyedR(Step{Rule: "nomination deadlines", Applies: true, Edition: edR.ID, Citation: cite,
				Text: joinNonEmpty(" ", "Deadlines of the special election", t.Window.Who) + ", counted from the proclamation of " + isoDate(in.ProclamationDate) + "."},
				in.ProclamationDate))
		}
	}
	e.nextDeadline()
}

// generalInto appends the regular rows of year for class (the edition of
// the year's calendar, and its one-year act) and records the editions
// that decided them; it returns the primary they count from.
func (e *engine) generalInto(d *deadlineRun, year int, class OfficeClass) Date {
	k := e.law.calendarIndex(year)
	d.ed, d.edBit, d.year, d.class = &e.law.Editions[k], editionBit(k), year, class
	d.act = e.law.actFor(year, class)
	first := len(e.r.Deadlines)
	var p Date
	e.r.Deadlines, e.r.Conflicts, p = d.general(e.r.Deadlines, e.r.Conflicts)
	e.use(d.edBit)
	for i := first; i < len(e.r.Deadlines); i++ {
		if e.r.Deadlines[i].touched && d.act >= 0 {
			e.use(e.law.actBit(d.act))
		}
	}
	e.addBasis(e.law.Cites.Deadlines)
	return p
}

// ifNoSpecialReason is the reason of a general-election row of a
// vacancy a special election may still fill (special_or_general).
const ifNoSpecialReason = "applies only if no special election is held"

// ifNoSpecial marks the general-election rows of a special_or_general
// vacancy: the governor may (from L.2021 ch. 320 must) proclaim a special
// election, and then these rows do not apply.
func ifNoSpecial(rows []Deadline) {
	for i := range rows {
		if rows[i].Applies {
			rows[i].IfNoSpecial = true
			rows[i].Reason = joinNonEmpty("; ", ifNoSpecialReason, rows[i].Reason)
		}
	}
}

// generalStep is the explanation of the general-election rows.
func (e *engine) generalStep(d *deadlineRun, p Date, first int) {
	rows := e.r.Deadlines[first:]
	label := d.ed.ID
	text := "Deadlines of the general election of " + isoDate(e.r.FillingElection) + ", primary " + isoDate(p)
	if d.act >= 0 {
		a := &e.law.Acts[d.act]
		for i := range rows {
			if rows[i].touched {
				label = e.law.Label(d.edBit | e.law.actBit(d.act))
				text += "; the one-year act " + a.ID + " (" + a.Cite + ") sets some of " + itoa(a.Year) + "'s dates (base_date keeps the permanent formula's)"
				break
			}
		}
	}
	switch {
	case e.foreseen:
		text += ": the regular calendar of the year; the vacancy is foreseen."
	default:
		reason := ""
		for i := range rows {
			if !rows[i].Applies && rows[i].Reason != "" {
				reason = rows[i].Reason
				break
			}
		}
		if reason != "" {
			text += ". Some rows do not apply: " + reason + "."
		} else {
			text += ": designating petitions for the primary, or an independent petition."
		}
	}
	day := e.law.Keying.CalendarDay
	e.step(Step{Rule: "nomination deadlines", Applies: true, Edition: label,
		Keyed: day.String() + ", " + itoa(e.genYear), Keying: e.law.Keying.Calendar, Citation: e.law.Cites.Deadlines, Text: text})
}

// dutyRow is the ten-day duty to proclaim (§ 42(3) from L.2021 ch. 320),
// keyed on the vacancy date; before it the row says the proclamation was
// discretionary.
func (e *engine) dutyRow() {
	if !e.authorized || e.auth == nil {
		return
	}
	ed := &e.law.Editions[e.edV]
	d := &ed.Fill.Duty
	if d.Code == "" {
		return
	}
	row := Deadline{Code: d.Code, Kind: LastDay, Citation: d.Cite, LawEdition: e.law.Label(editionBit(e.edV))}
	if e.r.Method == SpecialElection {
		row.ElectionDate = e.in.SpecialElectionDate
	}
	switch {
	case !e.auth.Sub3:
		row.Reason = e.auth.NoDuty
	case d.Days == 0:
		row.Reason = d.NoDuty
	default:
		row.Applies = true
		due := DaysAfter(e.v, d.Days)
		row.Statutory, row.Effective = due, due
		if due.Before(e.asOf) {
			row.Status = Passed
		} else {
			row.Status = Open
		}
		meet(&row, &d.MetBy, &e.in)
		if row.Status == Passed && e.in.ProclamationDate.IsZero() && e.in.SpecialElectionDate.IsZero() &&
			!e.r.FillingElection.IsZero() && !e.r.FillingElection.Before(e.asOf) {
			// The duty lapsed on the as-of date with no proclamation in
			// the row, and the general election that fills the seat
			// failing one is still ahead: a board reading only its
			// deadlines would not see it.
			e.add(conflict(codeProclamationOverdue, "proclamation_date",
				"The governor had to proclaim a special election within "+itoa(d.Days)+" days of the vacancy ("+isoDate(e.v)+"), by "+isoDate(due)+
					" ("+d.Cite+"), and the row gives no proclamation: enter proclamation_date if one was issued, else ask the governor's office; until then the general election of "+
					isoDate(e.r.FillingElection)+" is shown.",
				d.Cite))
		}
		if r := e.in.ProclamationDate; !r.IsZero() && r.After(due) {
			e.add(conflict(codeProclamationLate, "proclamation_date",
				"The proclamation ("+isoDate(r)+") is "+itoa(e.v.DaysUntil(r))+" days after the vacancy ("+isoDate(e.v)+"): "+d.Cite+" requires it within "+itoa(d.Days)+
					" days, by "+isoDate(due)+". Check the date the vacancy began (the state has counted from the formal resignation letter).",
				d.Cite))
		}
		if d.Review != "" && !e.cal.IsBusinessDay(due) {
			// A reading of the date, not of the method or the election:
			// the row's verify mark says it, not a review line.
			row.Verify = d.Review
		}
	}
	e.r.Deadlines = append(e.r.Deadlines, row)
	if e.explaining {
		text := row.Reason
		if row.Applies {
			text = "The governor must proclaim the special election within " + itoa(d.Days) + " days of the vacancy: by " + isoDate(row.Effective) + " (the governor's act: never rolled over)."
		}
		e.stepV("duty to proclaim", row.Applies, d.Cite, text)
	}
}

// notices raises the law's notices for the filling election's year.
func (e *engine) notices() {
	if e.r.FillingElection.IsZero() || e.genYear == 0 || e.r.Method == SpecialElection {
		return
	}
	g, _ := e.cal.General(e.genYear)
	for i := range e.law.Notices {
		n := &e.law.Notices[i]
		if hasClass(n.Offices, e.in.Class) && n.Years.Contains(g) {
			e.add(Conflict{Code: n.Code, Severity: n.Severity, Field: n.Field, Message: n.Message, Citation: n.Cite})
		}
	}
}

// finish writes Basis, LawEdition and Explanation, and folds the row's
// NEEDS_REVIEW notes of info severity into one conflict naming every
// unverified rule that decided one of its values.
func (e *engine) finish() {
	e.governing()
	e.foldReviews()
	e.r.Basis = strings.Join(e.basis[:e.nbasis], "; ")
	e.r.LawEdition = e.law.Label(e.set)
	e.r.Explanation = explain(&e.r, &e.in)
}

func (e *engine) foldReviews() {
	cs := e.r.Conflicts
	n, first := 0, -1
	for i := range cs {
		if cs[i].Code == codeNeedsReview {
			if cs[i].Severity == Info && first < 0 {
				first = i
			}
			if cs[i].Severity == Info {
				n++
			}
		}
	}
	if n == 0 {
		return
	}
	if n == 1 {
		cs[first].Message = "Unverified: " + strings.TrimSuffix(cs[first].Message, ".") + "."
		return
	}
	var msg, fields, cites strings.Builder
	size := len("Unverified: .")
	for i := range cs {
		if cs[i].Code == codeNeedsReview && cs[i].Severity == Info {
			size += len(cs[i].Message) + 2
		}
	}
	msg.Grow(size) // once: grown by appends it was 0.18 GB of garbage at 200,000 rows
	msg.WriteString("Unverified: ")
	kept := cs[:0]
	var seen [8]string
	nseen := 0
	for _, c := range cs {
		if c.Code != codeNeedsReview || c.Severity != Info {
			kept = append(kept, c)
			continue
		}
		m := strings.TrimSuffix(c.Message, ".")
		dup := false
		for _, s := range seen[:nseen] {
			dup = dup || s == m
		}
		if !dup {
			if nseen > 0 {
				msg.WriteString("; ")
			}
			msg.WriteString(m)
			if nseen < len(seen) {
				seen[nseen] = m
				nseen++
			}
		}
		if c.Field != "" && !strings.Contains(fields.String(), c.Field) {
			if fields.Len() > 0 {
				fields.WriteString(", ")
			}
			fields.WriteString(c.Field)
		}
		if c.Citation != "" && !strings.Contains(cites.String(), c.Citation) {
			if cites.Len() > 0 {
				cites.WriteString("; ")
			}
			cites.WriteString(c.Citation)
		}
	}
	msg.WriteByte('.')
	e.r.Conflicts = append(kept, Conflict{Code: codeNeedsReview, Severity: Info, Field: fields.String(),
		Message: msg.String(), Citation: cites.String()})
}

// review is a NEEDS_REVIEW conflict: an unsourced rule or an
// interpretation decided a value.
func review(field, message, citation string, sev Severity) Conflict {
	return Conflict{Code: codeNeedsReview, Severity: sev, Field: field, Message: message, Citation: citation}
}
