package compute

import (
	"strings"
	"time"
)

// Compute applies the law to one vacancy. asOf is the date deadlines are
// judged open or passed against. It never fails: what it cannot decide
// becomes a conflict (NEEDS_INPUT, DATE_ORDER, …) on the result.
//
// The order is RULES.md's: § 30 dates the vacancy, § 42 decides the method
// (steps 1–6, the first that matches wins), the term check, then § 6-158's
// deadlines for the filling election:
//
//   - general_election, special_or_general, temporary_appointment: the
//     general-election rows of the filling election's year (for
//     special_or_general the general election is the fallback the row can
//     rely on until a proclamation exists);
//   - special_election with a proclamation date: the special-election rows;
//   - not_covered, not_elective, none, or no vacancy date: no rows.
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
	e := engine{cal: cal, asOf: asOf, explaining: explaining}
	if cal == nil {
		e.cal = NewCalendar(nil)
	}
	e.r.Deadlines, e.r.Conflicts, e.r.Steps = r.Deadlines[:0], r.Conflicts[:0], r.Steps[:0]
	e.r.Vacancy = v
	e.in = normalise(v)
	e.law = vacancyLawFor(e.in.EventDate)
	e.run()
	*r = e.r
}

// engine is the state of one computation.
type engine struct {
	cal  *Calendar
	asOf Date
	in   Vacancy // the input with its dates normalised
	r    Result

	explaining bool        // record Steps (false for ComputeBriefInto)
	law        *vacancyLaw // the numbers of §§ 30 and 42 in force
	v          Date        // vacancy date
	termGiven  bool
	lastYear   int  // last year of the term, 0 when the term end is unknown
	authorized bool // § 42(3)/(5) lets the governor proclaim a special election
	barred     bool // § 42(4) bars the special election
	foreseen   bool // § 42(2): deadlines are the regular calendar of the year
	genYear    int  // year of the general election whose deadlines apply
	basis      [8]string
	nbasis     int
}

// normalise turns out-of-range dates into real days (the way time.Date
// does) so that nothing downstream meets Month 13 or Day 0.
func normalise(v Vacancy) Vacancy {
	for _, d := range []*Date{&v.EventDate, &v.TermStart, &v.TermEnd, &v.ProclamationDate, &v.SpecialElectionDate, &v.SpecialSessionDate} {
		if !d.IsZero() && (d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > 28) {
			*d = FromTime(d.Time())
		}
	}
	return v
}

func (e *engine) addBasis(c string) {
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

// step records one line of the reasoning for `batch explain`. A bulk run
// asks for none (ComputeBriefInto): the sentences are most of the engine's
// garbage, so the callers that build long ones check e.explaining first.
func (e *engine) step(rule, citation, text string) {
	if e.explaining {
		e.r.Steps = append(e.r.Steps, Step{Rule: rule, Citation: citation, Text: text})
	}
}

func (e *engine) add(c Conflict) { e.r.Conflicts = append(e.r.Conflicts, c) }

func (e *engine) run() {
	in := &e.in
	// ComputeInto may hand in arrays to reuse; only a fresh result needs
	// new ones.
	if cap(e.r.Conflicts) == 0 {
		e.r.Conflicts = make([]Conflict, 0, 4)
	}
	if cap(e.r.Steps) == 0 {
		e.r.Steps = make([]Step, 0, 6)
	}
	e.vacancyDate()
	e.dateOrder()

	switch {
	case in.Cause == MissedMeetings:
		e.r.Method = NotElective
		e.addBasis(citePOL30_3)
		e.add(conflict(codeNotElective, "cause",
			"A board member who missed three meetings holds an appointive office (§ 30(3)): no election fills it; the appointing authority names a successor.",
			citePOL30_3))
		e.step("not_elective", citePOL30_3, "An appointive board seat is not an elective office: no election is computed.")
		e.proclaimedButNotAuthorized()
	case in.Class == Governor || in.Class == LieutenantGovernor:
		e.r.Method = NotCovered
		e.addBasis(citePOL42_1)
		e.add(conflict(codeNotCovered, "office_class",
			"§ 42 does not cover the governor or lieutenant governor: the constitution provides succession (N.Y. Const. art. IV §§ 5, 6); no election is computed.",
			citePOL42_1+"; "+citePOL42_3))
		e.step("step 1: not covered", citePOL42_1+"; "+citePOL42_3, "Governor and lieutenant governor are excepted from § 42: succession is constitutional.")
		e.proclaimedButNotAuthorized()
	case e.v.IsZero():
		e.step("no vacancy date", "", "Without a vacancy date no election can be chosen.")
	default:
		e.decide()
		e.proclamation()
		e.termCheck()
		e.deadlines()
	}
	e.finish()
}

// vacancyDate is Public Officers Law § 30 (RULES.md § 2).
func (e *engine) vacancyDate() {
	in := &e.in
	rule := causeRuleOf(in.Cause)
	cite := citePOL30_1a
	if rule != nil {
		cite = rule.Citation
	}
	switch in.Cause {
	case OathNotFiled:
		switch {
		case !in.EventDate.IsZero():
			e.v = in.EventDate
		case !in.TermStart.IsZero():
			// Thirty days after the term begins is the last day to file; the
			// office is vacant the day after: term_start + 31.
			e.v = DaysAfter(in.TermStart, e.law.OathDays+1)
		default:
			e.add(conflict(codeNeedsInput, "event_date",
				"An unfiled oath dates the vacancy from event_date or, failing it, term_start + 31 days: enter one of them.", cite))
		}
		for _, w := range armedForcesWords {
			if containsFold(in.Notes, w) {
				e.add(conflict(codeArmedForces, "notes",
					"The notes mention military service: under § 30(1)(h) an officer on active duty in the armed forces who files within the extended time creates no vacancy; confirm before acting.",
					citePOL30_1h))
				break
			}
		}
	case TermExpiration:
		if in.TermEnd.IsZero() {
			e.add(conflict(codeNeedsInput, "term_end",
				"A vacancy by expiration of term is dated from term_end (the day after it ends): enter term_end.", citePOL42_2))
		} else {
			e.v = in.TermEnd.AddDays(1)
		}
	default:
		if rule == nil {
			e.add(conflict(codeNeedsInput, "cause",
				"The cause \""+string(in.Cause)+"\" is not one of § 30's: the event date is used as the vacancy date; correct the cause.", "Pub. Off. Law § 30"))
			cite = "Pub. Off. Law § 30"
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
	if !e.v.IsZero() && e.explaining {
		text := "Vacant from " + isoDate(e.v)
		if rule != nil {
			text += " (" + string(in.Cause) + ": " + rule.Date + ")."
		} else {
			text += " (the event date)."
		}
		e.step("vacancy date", cite, text)
	}
	if in.Cause == Nonresidence {
		for i := range residencyExemptions {
			x := &residencyExemptions[i]
			if x.matches(in.Office, in.County) {
				e.add(conflict(codeResidencyExempt, "office",
					"The office \""+in.Office+"\" may be one whose holder need not reside locally ("+x.Citation+"): the vacancy may not exist; confirm before acting.",
					x.Citation))
				e.step("residency exemption", x.Citation, "Nonresidence may not vacate this office ("+x.Citation+").")
				break
			}
		}
	}
}

// dateOrder raises DATE_ORDER for dates that contradict each other.
func (e *engine) dateOrder() {
	in := &e.in
	if !in.EventDate.IsZero() && !in.TermStart.IsZero() && in.EventDate.Before(in.TermStart) &&
		in.Cause != DeathBeforeTerm && in.Cause != FailureToElect && in.Cause != TermExpiration {
		e.add(conflict(codeDateOrder, "event_date",
			"The event ("+isoDate(in.EventDate)+") is before the term began ("+isoDate(in.TermStart)+"): check both dates.", "Pub. Off. Law § 30(1)"))
	}
	if !in.TermStart.IsZero() && !in.TermEnd.IsZero() && in.TermEnd.Before(in.TermStart) {
		e.add(conflict(codeDateOrder, "term_end",
			"The term ends ("+isoDate(in.TermEnd)+") before it starts ("+isoDate(in.TermStart)+"): check both dates.", citePOL42))
	}
	if !e.v.IsZero() && !in.TermEnd.IsZero() && e.v.After(in.TermEnd) && in.Cause != TermExpiration {
		e.add(conflict(codeDateOrder, "term_end",
			"The vacancy ("+isoDate(e.v)+") is after the term ended ("+isoDate(in.TermEnd)+"): there is no term left; check the dates.", "Pub. Off. Law § 30(1)"))
	}
	if !e.v.IsZero() && !in.ProclamationDate.IsZero() && in.ProclamationDate.Before(e.v) {
		e.add(conflict(codeDateOrder, "proclamation_date",
			"The proclamation ("+isoDate(in.ProclamationDate)+") is before the vacancy ("+isoDate(e.v)+"): check both dates.", citePOL42_3))
	}
}

// decide is Public Officers Law § 42, RULES.md § 3 steps 2–6 (step 1 and
// § 30(3) are decided in run).
func (e *engine) decide() {
	in := &e.in
	v := e.v
	e.r.TermEnd = in.TermEnd
	e.termGiven = !in.TermEnd.IsZero()
	if !e.termGiven {
		e.r.TermEnd = defaultTermEnd(in.Class, v)
	}
	if !e.r.TermEnd.IsZero() {
		e.lastYear = e.lastTermYear(e.r.TermEnd)
	}

	switch in.Class {
	case USSenator:
		e.usSenator()
	case USRepresentative, StateSenator, MemberOfAssembly:
		e.legislature()
	case SupremeCourtJustice, CountyLevelJudge:
		e.judge()
	default:
		if in.Cause == TermExpiration && e.termGiven && in.TermEnd.Month == time.December && in.TermEnd.Day == 31 && in.TermEnd.Year%2 == 0 {
			e.termExpiration()
			return
		}
		if in.Cause == TermExpiration {
			e.step("step 5: § 42(2) does not apply", citePOL42_2,
				"The term does not end on December 31 of an even year: § 42(2) does not apply; the September-20 rule decides.")
		}
		e.septemberRule(GeneralElection, "step 6: September 20 rule")
		switch {
		case in.Cause == FailureToElect || in.Cause == DeathBeforeTerm:
			e.authorized = true
			e.addBasis(citePOL42_3)
			e.r.Method = SpecialOrGeneral
			e.step("step 6: special election possible", citePOL42_3,
				"After a failure to elect or the death of a person elected before the term, the governor may proclaim a special election.")
		case in.Cause == BoardTie:
			e.authorized = true
			e.addBasis(citePOL42_5)
			e.r.Method = SpecialOrGeneral
			e.step("step 6: special election possible", citePOL42_5,
				"The board failed to fill the vacancy: the governor may proclaim a special election.")
		case in.Appointable == No:
			e.authorized = true
			e.addBasis(citePOL42_3)
			e.r.Method = SpecialOrGeneral
			e.step("step 6: special election possible", citePOL42_3,
				"The vacancy cannot be filled by appointment: the governor may proclaim a special election.")
		}
	}
}

// lastTermYear is the year of the last general election before termEnd.
func (e *engine) lastTermYear(termEnd Date) int {
	y := termEnd.Year
	if g, _ := e.cal.General(y); !g.Before(termEnd) {
		y--
	}
	return y
}

// septemberRule is § 42(1): G(y) for a vacancy before September 20, else
// G(y+1).
func (e *engine) septemberRule(m Method, label string) {
	v := e.v
	y := v.Year
	sept20 := e.law.SeptemberCutoff.in(y)
	gy, _ := e.cal.General(y)
	if !v.Before(sept20) {
		if !v.After(gy) {
			e.add(conflict(codeAfterSept20, "vacancy_date",
				"The vacancy occurred on or after September 20, "+itoa(y)+": § 42(1) sends it to the general election of "+itoa(y+1)+", not "+isoDate(gy)+".",
				citePOL42_1))
		}
		y++
		gy, _ = e.cal.General(y)
	}
	e.genYear = y
	e.r.FillingElection = gy
	e.r.Method = m
	e.addBasis(citePOL42_1)
	if e.explaining {
		e.step(label, citePOL42_1,
			"A vacancy before September 20 is filled at that year's general election, one on or after it at the next year's: "+isoDate(gy)+".")
	}
}

// usSenator is § 42(4-a), step 2.
func (e *engine) usSenator() {
	v := e.v
	y := v.Year
	var end int
	text := ""
	if y%2 == 0 {
		p, _ := e.cal.Primary(y)
		cutoff := p.AddDays(-e.law.SenatorCutoffDays)
		if !v.After(cutoff) {
			end = y + 1
			text = "in an even year on or before the " + itoa(e.law.SenatorCutoffDays) + "th day before the primary (" + isoDate(cutoff) + "): appointment until " + e.law.AppointmentEnds.String() + ", " + itoa(end)
		} else {
			end = y + 3
			text = "in an even year on or after the " + itoa(e.law.SenatorCutoffDays-1) + "th day before the primary (" + isoDate(cutoff.AddDays(1)) + "): appointment until " + e.law.AppointmentEnds.String() + ", " + itoa(end)
		}
	} else {
		end = y + 2
		text = "in an odd year: appointment until " + e.law.AppointmentEnds.String() + ", " + itoa(end)
	}
	e.r.Method = TemporaryAppointment
	e.r.AppointmentUntil = e.law.AppointmentEnds.in(end)
	e.genYear = end - 1
	e.r.FillingElection, _ = e.cal.General(e.genYear)
	e.addBasis(citePOL42_4a)
	e.step("step 2: U.S. senator", citePOL42_4a,
		"A senate vacancy "+text+"; the election for the unexpired term is at the general election of "+isoDate(e.r.FillingElection)+".")
}

// legislature is § 42(3)-(4), step 3.
func (e *engine) legislature() {
	in := &e.in
	v := e.v
	ly := e.lastYear
	var text string
	liftable := true
	if in.Class == USRepresentative {
		july1 := e.law.CongressBarAfter.in(ly)
		e.barred = v.After(july1)
		text = "after " + e.law.CongressBarAfter.String() + " of the term's last year (" + itoa(ly) + ")"
	} else {
		april1 := e.law.LegislatureBarFrom.in(ly)
		e.barred = !v.Before(april1)
		// The exception covers a vacancy "after such first day of April":
		// one on April 1 itself is in neither branch of § 42(4).
		liftable = v.After(april1)
		text = "on or after April 1 of the term's last year (" + itoa(ly) + ")"
		if !liftable && e.barred {
			text = "on April 1 of the term's last year (" + itoa(ly) + "), which § 42(4) puts neither before nor after April 1"
		}
	}
	e.addBasis(citePOL42_3)
	e.addBasis(citePOL42_4)
	if e.barred && liftable && !in.SpecialSessionDate.IsZero() {
		e.barred = false
		e.step("step 3: § 42(4) bar lifted", citePOL42_4,
			"The vacancy is "+text+", but a special session was called ("+isoDate(in.SpecialSessionDate)+"), which § 42(4)'s exception requires: a special election may be held.")
	} else if e.barred && !liftable && !in.SpecialSessionDate.IsZero() {
		e.step("step 3: special session does not lift the bar", citePOL42_4,
			"The special session lifts § 42(4)'s bar only for a vacancy after April 1; this one is on April 1.")
	}
	if e.barred {
		e.r.Method = NoElection
		fill, _ := e.cal.General(ly) // the regular election of the next term
		proclaimed := !in.ProclamationDate.IsZero() || !in.SpecialElectionDate.IsZero()
		c := conflict(codeSpecialBarred, "vacancy_date",
			"§ 42(4) bars a special election: the vacancy is "+text+"; the seat stays vacant and the regular election fills the next term.",
			citePOL42_4)
		if proclaimed {
			c.Severity = Error
			c.Message = "A special election was proclaimed, but § 42(4) bars one: the vacancy is " + text + "; check the proclamation."
		}
		e.add(c)
		e.step("step 3: special election barred", citePOL42_4,
			"The vacancy is "+text+": no special election, and the seat is not filled for the rest of the term (the general election of "+isoDate(fill)+" elects the next term).")
		return
	}
	e.authorized = true
	e.step("step 3: special election possible", citePOL42_3,
		"Seats in congress and the legislature are not filled by appointment: the governor may proclaim a special election; failing one, the general election fills it.")
	e.septemberRule(SpecialOrGeneral, "step 3: the general election, by the September 20 rule")
}

// judge is step 4: N.Y. Const. art. VI § 21(a).
func (e *engine) judge() {
	m := MonthsAfter(e.v, e.law.JudicialMonths)
	y := m.Year
	g, _ := e.cal.General(y)
	if g.Before(m) {
		y++
		g, _ = e.cal.General(y)
	}
	e.genYear = y
	e.r.FillingElection = g
	e.r.Method = GeneralElection
	e.addBasis(citeConstVI)
	e.step("step 4: judicial vacancy", citeConstVI,
		"A judicial vacancy is filled at the first general election at least three months after it ("+isoDate(m)+"): "+isoDate(g)+".")
}

// termExpiration is step 5: § 42(2).
func (e *engine) termExpiration() {
	in := &e.in
	y := in.TermEnd.Year
	g, _ := e.cal.General(y)
	e.genYear = y
	e.foreseen = true
	e.r.FillingElection = g
	e.r.Method = GeneralElection
	e.addBasis(citePOL42_2)
	text := "The term ends December 31, " + itoa(y) + ", and cannot be filled for a full term before: the general election of " + isoDate(g) + " fills it"
	if in.NextFullTermYear == 0 {
		e.add(conflict(codeNeedsInput, "next_full_term_year",
			"§ 42(2) fills the office for a term ending with the political year after the first general election at which a full term can be elected: enter next_full_term_year.",
			citePOL42_2))
		text += " for a short term (enter next_full_term_year to date its end)."
	} else {
		text += " for a term ending December 31, " + itoa(in.NextFullTermYear) + "."
	}
	e.step("step 5: expiration of term", citePOL42_2, text)
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
	e.add(conflict(codeSpecialNotAuthorized, field,
		"A special election is given, but § 42(3) and (5) give the governor none for this vacancy: check the row.",
		citePOL42_3+"; "+citePOL42_5))
}

// proclamation applies a given proclamation and special election date.
func (e *engine) proclamation() {
	in := &e.in
	r, s := in.ProclamationDate, in.SpecialElectionDate
	if r.IsZero() && s.IsZero() {
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
			"A special election date is given without the proclamation date: the special-election deadlines count from the proclamation; enter it.",
			citePOL42_3))
		e.step("special election", citePOL42_3, "A special election on "+isoDate(s)+" fills the vacancy.")
		return
	}
	law := vacancyLawFor(r) // the window is the law's on the day of the proclamation
	e.r.SpecialEarliest = DaysAfter(r, law.SpecialMinDays)
	e.r.SpecialLatest = DaysAfter(r, law.SpecialMaxDays)
	text := "The proclamation of " + isoDate(r) + " sets the special election between " + isoDate(e.r.SpecialEarliest) + " and " + isoDate(e.r.SpecialLatest)
	if s.IsZero() {
		e.add(conflict(codeNeedsInput, "special_election_date",
			"The proclamation names the day of the special election: enter special_election_date; until then the general election is shown.",
			citePOL42_3))
		text += "."
	} else {
		e.r.FillingElection = s
		if s.Before(e.r.SpecialEarliest) || s.After(e.r.SpecialLatest) {
			e.add(conflict(codeSpecialWindow, "special_election_date",
				"The special election ("+isoDate(s)+") must be "+itoa(law.SpecialMinDays)+" to "+itoa(law.SpecialMaxDays)+" days after the proclamation: between "+isoDate(e.r.SpecialEarliest)+" and "+isoDate(e.r.SpecialLatest)+".",
				citePOL42_3))
		}
		text += "; it is on " + isoDate(s) + "."
	}
	if to := specialDeadlines[0].InForceTo; !to.IsZero() && r.After(to) {
		text += " (The seed edition's thirty-to-forty-day window; it is in force only to " + isoDate(to) + ".)"
	}
	e.step("special election proclaimed", citePOL42_3, text)
}

// termCheck compares the filling election with the end of the term.
func (e *engine) termCheck() {
	// A vacancy by expiration of term lies in the next term, whose end the
	// row does not give: term_end is the expired term's, nothing to check.
	if e.foreseen || e.in.Cause == TermExpiration || e.r.TermEnd.IsZero() || e.r.FillingElection.IsZero() {
		return
	}
	fe, te := e.r.FillingElection, e.r.TermEnd
	what := "given"
	if !e.termGiven {
		what = "default"
	}
	if fe.After(te) {
		e.add(conflict(codeTermEndsFirst, "term_end",
			"The term ends ("+isoDate(te)+", "+what+") before the filling election ("+isoDate(fe)+"): nothing is left to fill; the regular election fills the next term.",
			citePOL42))
		e.step("term ends first", citePOL42,
			"The term ends "+isoDate(te)+", before the election of "+isoDate(fe)+": nothing is left to fill.")
		e.r.Method = NoElection
		e.r.FillingElection = Date{}
		return
	}
	if fe.Year == e.lastYear {
		e.step("remainder of the term", citePOL42,
			"The election of "+isoDate(fe)+" is in the term's last year: it fills only the remainder of the term, to "+isoDate(te)+".")
	}
}

// deadlines computes the § 6-158 rows that belong to the method.
func (e *engine) deadlines() {
	in := &e.in
	d := deadlineRun{cal: e.cal, v: e.v, asOf: e.asOf, foreseen: e.foreseen, year: e.genYear}
	switch e.r.Method {
	case GeneralElection, SpecialOrGeneral, TemporaryAppointment:
		if e.r.FillingElection.IsZero() {
			return
		}
		d.judicial = in.Class == SupremeCourtJustice
		d.withJudicial = d.judicial
		if cap(e.r.Deadlines) < 12 {
			e.r.Deadlines = make([]Deadline, 0, 12)
		}
		e.r.Deadlines, e.r.Conflicts = d.general(e.r.Deadlines, e.r.Conflicts)
		e.addBasis(citeEL6158)
		if (in.Class == USRepresentative || in.Class == USSenator) && e.genYear >= 2012 && e.genYear <= 2018 {
			e.add(conflict(codeFederalCalendar, "deadlines",
				"Federal petition calendar set by court order; check the published calendar: from 2012 to 2018 congress and U.S. senate nominations followed a court-ordered June primary.",
				citeFederalOrder))
		}
		if e.explaining {
			text := "Deadlines of the general election of " + isoDate(e.r.FillingElection) + " (§ 6-158)"
			switch {
			case e.foreseen:
				text += ", the regular calendar of the year: the vacancy is foreseen."
			case d.judicial:
				text += ": nominated by judicial district convention."
			case len(e.r.Deadlines) > 0 && !e.r.Deadlines[0].Applies:
				text += ": the vacancy came after the designating-petition period (§ 6-116), so parties nominate by certificate."
			default:
				text += ": designating petitions for the primary, or an independent petition."
			}
			e.step("nomination deadlines", citeEL6158, text)
		}
	case SpecialElection:
		if in.ProclamationDate.IsZero() {
			return
		}
		if cap(e.r.Deadlines) < len(specialDeadlines) {
			e.r.Deadlines = make([]Deadline, 0, len(specialDeadlines))
		}
		e.r.Deadlines, e.r.Conflicts = d.special(in.ProclamationDate, in.SpecialElectionDate, e.r.Deadlines, e.r.Conflicts)
		e.addBasis(citeEL6158)
		if e.explaining {
			e.step("nomination deadlines", citeEL6158, "Deadlines of the special election, counted from the proclamation of "+isoDate(in.ProclamationDate)+".")
		}
	}
	// The next deadline: the first applicable open one by effective date.
	for i := range e.r.Deadlines {
		dl := &e.r.Deadlines[i]
		if !dl.Applies || dl.Status != Open {
			continue
		}
		if e.r.NextDeadline == "" || dl.Effective.Before(e.r.NextDeadlineDate) {
			e.r.NextDeadline, e.r.NextDeadlineDate = dl.Code, dl.Effective
		}
	}
}

// finish writes Basis and Explanation.
func (e *engine) finish() {
	e.r.Basis = strings.Join(e.basis[:e.nbasis], "; ")
	e.r.Explanation = explain(&e.r, &e.in)
}
