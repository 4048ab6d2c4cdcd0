package compute

import (
	"slices"
	"strings"
	"sync"
	"time"
)

// Evaluating an edition's deadline rules for one vacancy (or one year's
// calendar): any []DeadlineRule, in order, with the year's one-year act
// and the calendar input on top. Nothing here names a rule or a code.

// deadlineRun is what the deadline rules need to know about a vacancy.
type deadlineRun struct {
	cal   *Calendar
	law   *Law
	ed    *Edition // the edition whose rules apply
	edBit uint64
	year  int         // Y, the year of the filling general election
	class OfficeClass // "" in the statewide calendar
	v     Date        // the vacancy date
	in    *Vacancy    // the input, for what it says was done (MetBy); nil in the statewide calendar
	// foreseen: the vacancy existed before Y began, or is foreseen (§ 42(2)):
	// no late-vacancy exceptions, no primary-route cut-off, no TOO_LATE for a
	// last day before the vacancy.
	foreseen  bool
	asOf      Date
	calendar  bool // `batch calendar`: calendar-only rows too
	base      bool // the permanent formula: no one-year act, no date from calendar input
	datesOnly bool // only the rows' dates: no status, no conflicts (a charter's look at a year's calendar)
	act       int  // the one-year act of (year, class), -1 for none
	// primary is the primary the rows count from, and whether a one-year act
	// (pAct) or calendar input (pTouched) set it.
	primary  Date
	pTouched bool
	pAct     bool
	// inputDates names the calendar input rows that set this year's
	// primary or general election ("the primary 2027-06-15 of calendar
	// input v.xlsx:Calendar:3"), for the reason of each row counted from
	// them; "" when none did.
	inputDates string
}

// scratchPool holds the arrays the permanent formula's second pass
// (base_date) computes into, so that a year with a one-year act costs no
// garbage for it.
var scratchPool = sync.Pool{New: func() any { s := make([]Deadline, 0, 24); return &s }}

// anchors are the dates a counting can start from.
type anchors struct {
	year     int
	primary  Date
	general  Date
	procl    Date
	vacancy  Date
	election Date       // the election the rows serve (AtElection)
	rows     []Deadline // the earlier rows
	self     *Deadline  // the row being computed, for AtSelf
	// Which anchors a one-year act or calendar input moved.
	pTouched, pAct, gTouched bool
}

// eval is the counting's date. touched says it counts from a date a
// one-year act or calendar input set; act, from one a one-year act set;
// ok is false when the anchor has no date (a blank row).
func (a *anchors) eval(c *Counting) (d Date, touched, act, ok bool) {
	var from Date
	switch c.Anchor {
	case AnchorNone:
		return Date{}, false, false, false
	case AtYear:
		from = D(a.year, time.January, 1)
	case AtPrimary:
		from, touched, act = a.primary, a.pTouched, a.pAct
	case AtGeneral:
		from, touched = a.general, a.gTouched
	case AtProclamation:
		from = a.procl
	case AtVacancy:
		from = a.vacancy
	case AtElection:
		from = a.election
	case AtRow:
		for i := len(a.rows) - 1; i >= 0; i-- {
			if a.rows[i].Code == c.Row {
				r := &a.rows[i]
				from, touched, act = r.Effective, r.touched, r.actDerived
				if c.Statutory {
					from = r.Statutory
				}
				break
			}
		}
	case AtSelf:
		if a.self != nil {
			from, touched, act = a.self.Effective, a.self.touched, a.self.actDerived
			if c.Statutory {
				from = a.self.Statutory
			}
		}
	}
	if from.IsZero() {
		return Date{}, false, false, false
	}
	d = c.Apply(from)
	if c.Later != nil {
		if l, lt, la, lok := a.eval(c.Later); lok && l.After(d) {
			d, touched, act = l, touched || lt, act || la
		}
	}
	return d, touched, act, true
}

// general appends the general-election deadlines of year Y to rows and
// their conflicts to cs, and returns the primary they count from.
func (d *deadlineRun) general(rows []Deadline, cs []Conflict) ([]Deadline, []Conflict, Date) {
	first := len(rows)
	rows, cs = d.generalRows(rows, cs)
	touched := false
	for i := first; i < len(rows); i++ {
		touched = touched || rows[i].touched
	}
	if touched && !d.base {
		// The permanent formula's dates, for base_date: the same rules
		// again without the one-year act and the calendar input's dates.
		b := *d
		b.base = true
		scratch := scratchPool.Get().(*[]Deadline)
		base, _ := b.generalRows((*scratch)[:0], nil)
		defer func() { *scratch = base[:0]; scratchPool.Put(scratch) }()
		if len(base) == len(rows)-first {
			for i := first; i < len(rows); i++ {
				if !rows[i].touched {
					continue
				}
				b := &base[i-first]
				rows[i].BaseDate = b.Effective
				if b.WindowStart != rows[i].WindowStart && !b.WindowStart.IsZero() {
					rows[i].Reason = joinNonEmpty("; ", rows[i].Reason, "the permanent formula opens it on "+isoDate(b.WindowStart))
				}
			}
		}
	}
	return rows, cs, d.primary
}

func (d *deadlineRun) generalRows(rows []Deadline, cs []Conflict) ([]Deadline, []Conflict) {
	p, psrc := d.cal.primaryFor(d.ed, d.year, d.class, !d.base)
	d.primary, d.pTouched, d.pAct = p, psrc.touched, psrc.act >= 0
	g, gsrc := d.cal.General(d.year)
	gTouched := false
	if d.base {
		g = d.cal.generalFormula(d.year)
	} else {
		_, gTouched = d.cal.general[d.year]
	}
	d.inputDates = ""
	if !d.base {
		var from []string
		if psrc.touched && psrc.act < 0 {
			from = append(from, "the primary "+isoDate(p)+" of "+psrc.text)
		}
		if gTouched {
			from = append(from, "the general election "+isoDate(g)+" of "+gsrc)
		}
		d.inputDates = strings.Join(from, " and ")
	}
	first := len(rows)
	for i := range d.ed.Deadlines {
		rule := &d.ed.Deadlines[i]
		if (rule.CalendarOnly && !d.calendar) || (rule.Cycle > 0 && d.year%rule.Cycle != 0) {
			continue
		}
		if len(rule.Only) > 0 && !hasClass(rule.Only, d.class) && !(d.calendar && d.class == "") {
			continue
		}
		rows = append(rows, Deadline{Code: rule.Code, Kind: rule.Kind, Citation: rule.Cite, ElectionDate: g, Applies: true})
		a := anchors{year: d.year, primary: p, general: g, vacancy: d.v, rows: rows[first : len(rows)-1],
			pTouched: d.pTouched, pAct: d.pAct, gTouched: gTouched}
		cs = d.evaluate(rule, &rows[len(rows)-1], &a, cs)
	}
	return rows, cs
}

// evaluate computes one row: the rule's dates, then the one-year act's and
// the calendar input's, whether it applies, its exception, its conflicts.
func (d *deadlineRun) evaluate(rule *DeadlineRule, row *Deadline, a *anchors, cs []Conflict) []Conflict {
	notFor := hasClass(rule.NotFor, d.class)
	last := rule.Last
	if notFor && rule.NotForRef != "" {
		last.Row = rule.NotForRef
	}
	start, sTouched, sAct, _ := a.eval(&rule.Start)
	lastD, lTouched, lAct, _ := a.eval(&last)
	row.touched, row.actDerived = lTouched, lAct
	startGiven := false // the opening comes from the act or the input, not derived
	var notes []string
	var reviews []string

	if !d.base && d.act >= 0 {
		act := &d.law.Acts[d.act]
		if ar := act.row(rule.Code, d.class); ar != nil {
			switch {
			case ar.LastFrom != nil:
				if l, _, _, ok := a.eval(ar.LastFrom); ok {
					lastD = l
				}
				row.touched, row.actDerived = true, true
			case !ar.Last.IsZero():
				lastD = ar.Last
				row.touched, row.actDerived = true, true
			}
			if !ar.Start.IsZero() {
				start, startGiven, sAct = ar.Start, true, false
				row.touched, row.actDerived = true, true
			} else if rule.Kind == Window && !ar.Last.IsZero() && !start.IsZero() && start.After(lastD) {
				// The permanent opening would fall after the act's last day.
				start = Date{}
				reviews = append(reviews, act.ID+" gives no first day for "+rule.Code+" and the permanent formula's would fall after the act's last day: the opening is left blank")
			}
			if ar.Note != "" {
				notes = append(notes, ar.Note)
			}
			if ar.Review != "" {
				reviews = append(reviews, ar.Review)
			}
		}
	}
	if !d.base {
		if o, ok := d.cal.deadline[calKey{d.year, rule.Code}]; ok {
			lastD = o.Date
			if !o.WindowStart.IsZero() {
				start, startGiven, sAct = o.WindowStart, true, false
			}
			row.touched = true
			notes = append(notes, "date from "+o.Source)
		}
	}
	if sAct && !startGiven && !start.IsZero() {
		// Openings are never derived from a one-year act's dates.
		start = Date{}
		reviews = append(reviews, "the one-year act gives no first day for "+rule.Code+", and an opening is never derived from the act's dates: it is left blank")
	}
	if sTouched && !sAct {
		row.touched = true
	}
	if !rule.Start.IsZero() || startGiven {
		row.WindowStart = start
	}
	row.Statutory = lastD
	row.Effective = d.roll(rule.RollOver, lastD)
	row.RolledOver = row.Effective != row.Statutory

	switch {
	case notFor && rule.NotForReason != "":
		row.Applies, row.Reason = false, rule.NotForReason
	case rule.Unknown != "":
		row.Applies, row.Unknown, row.Reason = false, true, rule.Unknown
	case rule.Requires != nil && rule.Requires.Row != "":
		for i := len(a.rows) - 1; i >= 0; i-- {
			if r := &a.rows[i]; r.Code == rule.Requires.Row {
				if !r.Applies {
					row.Applies, row.Reason = false, r.Reason
				}
				break
			}
		}
	}
	if row.Applies && rule.Requires != nil && rule.Requires.Than != nil && !d.foreseen {
		a.self = row
		if than, _, _, ok := a.eval(rule.Requires.Than); ok && d.v.After(than) {
			row.Applies, row.Reason = false, rule.Requires.Reason
		}
		a.self = nil
	}
	if row.Applies && !d.foreseen {
		cs = d.exception(rule, row, a, cs)
	}
	// A date resting on unverified text carries a verify mark on its row
	// (what to check it against), not a review line of its vacancy: the
	// rule's own text, or the one-year act's where it set the dates.
	if row.Applies && !d.base && row.Verify == "" {
		switch {
		case !row.late && unverified(&rule.Authority):
			row.Verify = d.verifyText("the statute's text is not verified")
		case len(reviews) > 0 && row.actDerived && d.act >= 0:
			row.Verify = d.verifyText("the one-year act's text is not verified")
		case len(reviews) > 0:
			row.Verify = d.verifyText("the day the window opens is not known")
		}
	}
	if row.touched && !row.actDerived && d.inputDates != "" && !slices.ContainsFunc(notes, func(n string) bool { return strings.HasPrefix(n, "date from ") }) {
		notes = append(notes, "counted from "+d.inputDates)
	}
	if len(notes) > 0 {
		row.Reason = joinNonEmpty("; ", row.Reason, strings.Join(notes, "; "))
	}
	if len(reviews) > 0 && row.WindowStart.IsZero() && rule.Kind == Window {
		row.Reason = joinNonEmpty("; ", row.Reason, "opening not known")
	}
	set := d.edBit
	if row.actDerived && d.act >= 0 {
		set |= d.law.actBit(d.act)
	}
	row.LawEdition = d.law.Label(set)
	return d.finish(row, rule.NotFiling, &rule.MetBy, cs)
}

// exception applies the first of the rule's exceptions whose condition
// holds; one that moves no date changes nothing.
func (d *deadlineRun) exception(rule *DeadlineRule, row *Deadline, a *anchors, cs []Conflict) []Conflict {
	for i := range rule.Exceptions {
		x := &rule.Exceptions[i]
		holds := false
		if x.When.After != nil {
			a.self = row
			if c, _, _, ok := a.eval(x.When.After); ok && d.v.After(c) {
				holds = true
			}
			a.self = nil
		}
		if x.When.Row != "" {
			for j := len(a.rows) - 1; j >= 0; j-- {
				if a.rows[j].Code == x.When.Row {
					holds = a.rows[j].late
					break
				}
			}
		}
		if !holds {
			continue
		}
		start, _, _, sok := a.eval(&x.Start)
		last, _, _, lok := a.eval(&x.Last)
		if !lok {
			continue
		}
		eff := d.roll(rule.RollOver, last)
		if last == row.Statutory && eff == row.Effective && (!sok || start == row.WindowStart) {
			return cs // the ordinary date is the later one: the rule itself decided
		}
		if sok {
			row.WindowStart = start
		}
		row.Statutory, row.Effective = last, eff
		row.RolledOver = row.Effective != row.Statutory
		if x.Cite != "" {
			row.Citation = x.Cite
		}
		row.Reason = x.Reason
		row.late = true
		if d.base {
			return cs
		}
		if x.Conflict != "" {
			msg := expand(x.Conflict, "{vacancy}", isoDate(d.v), "{primary}", isoDate(a.primary),
				"{general}", isoDate(a.general), "{effective}", isoDate(row.Effective))
			cs = append(cs, conflict(codeLateVacancy, rule.Code, msg, row.Citation))
		}
		if unverified(&x.Authority) {
			row.Verify = d.verifyText("the statute's text is not verified")
		}
		return cs
	}
	return cs
}

// expand fills {name} placeholders: expand(s, "{a}", "1", "{b}", "2"),
// as strings.NewReplacer(pairs...).Replace(s) does, without building a
// Replacer for every message, which runs for every deadline row. A
// brace that starts no placeholder stays as it is.
func expand(s string, pairs ...string) string {
	i := strings.IndexByte(s, '{')
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[i:]
		n := 1
		for k := 0; k+1 < len(pairs); k += 2 {
			if strings.HasPrefix(s, pairs[k]) {
				b.WriteString(pairs[k+1])
				n = len(pairs[k])
				break
			}
		}
		if n == 1 {
			b.WriteByte('{')
		}
		s = s[n:]
		i = strings.IndexByte(s, '{')
	}
	b.WriteString(s)
	return b.String()
}

// row is the act's row for a code and class.
func (a *YearAct) row(code string, class OfficeClass) *ActRow {
	for i := range a.Rows {
		r := &a.Rows[i]
		if r.Code == code && (len(r.Offices) == 0 || hasClass(r.Offices, class)) {
			return r
		}
	}
	return nil
}

// special appends the special-election deadlines of table t counted from
// the proclamation r; election is the proclaimed day (zero when not
// given).
func (d *deadlineRun) special(t *SpecialTable, r, election Date, rows []Deadline, cs []Conflict) ([]Deadline, []Conflict) {
	d.inputDates = "" // a special election counts from no input date
	w := &t.Window
	label := d.law.Label(d.edBit)
	if w.Code != "" {
		row := Deadline{Code: w.Code, Kind: Window, Citation: w.Cite, ElectionDate: election, Applies: true, LawEdition: label,
			WindowStart: DaysAfter(r, w.MinDays), Statutory: DaysAfter(r, w.MaxDays)}
		row.Effective = row.Statutory // an election day never moves
		cs = d.finish(&row, true, &w.MetBy, cs)
		rows = append(rows, row)
	}
	first := len(rows)
	for i := range t.Rows {
		rule := &t.Rows[i]
		rows = append(rows, Deadline{Code: rule.Code, Kind: rule.Kind, Citation: rule.Cite, ElectionDate: election, Applies: true})
		a := anchors{year: r.Year, procl: r, vacancy: d.v, rows: rows[first : len(rows)-1]}
		cs = d.evaluate(rule, &rows[len(rows)-1], &a, cs)
	}
	return rows, cs
}

// local appends the rows of a local law's election el (counted from it,
// AtElection): a village election's nominations. A row whose application
// the inputs cannot tell (Unknown) says so, with NEEDS_INPUT (info).
func (d *deadlineRun) local(rules []DeadlineRule, el Date, rows []Deadline, cs []Conflict) ([]Deadline, []Conflict) {
	first := len(rows)
	for i := range rules {
		rule := &rules[i]
		rows = append(rows, Deadline{Code: rule.Code, Kind: rule.Kind, Citation: rule.Cite, ElectionDate: el, Applies: true})
		a := anchors{year: el.Year, election: el, vacancy: d.v, rows: rows[first : len(rows)-1]}
		cs = d.evaluate(rule, &rows[len(rows)-1], &a, cs)
		if rule.Unknown != "" && !d.base {
			cs = append(cs, Conflict{Code: codeNeedsInput, Severity: Info, Field: rule.Code, Message: rule.Unknown, Citation: rule.Cite})
		}
	}
	return rows, cs
}

// verifyText is the law's verify mark, against what the edition names
// when it names its own.
func (d *deadlineRun) verifyText(what string) string {
	if d.ed != nil && d.ed.CheckAgainst != "" {
		return what + ": check " + d.ed.CheckAgainst
	}
	return d.law.verifyText(what)
}

func (d *deadlineRun) roll(rollOver bool, statutory Date) Date {
	if !rollOver || statutory.IsZero() {
		return statutory
	}
	return d.cal.RollOver(statutory)
}

// finish adds roll-over and too-late conflicts and the status of an
// applicable row: met when the input records its act (met), else open or
// passed by the as-of date. notFiling: the row is an election or the
// governor's act, which a later election cannot make too late.
func (d *deadlineRun) finish(row *Deadline, notFiling bool, met *MetBy, cs []Conflict) []Conflict {
	if !row.Applies {
		row.Status = NoStatus
		return cs
	}
	if d.base || d.datesOnly {
		return cs
	}
	if row.RolledOver {
		if h, ok := d.cal.addedHolidayIn(row.Statutory, row.Effective); ok {
			// The day off came from calendar input: the reason names it
			// (issue 35).
			row.Reason = joinNonEmpty("; ", row.Reason, "moved off "+isoDate(h.Date)+", a public holiday ("+h.Name+") added by "+h.Source)
		}
		cs = append(cs, conflict(codeRolledOver, row.Code,
			row.Code+": the last day "+isoDate(row.Statutory)+" is a "+dayName(d.cal, row.Statutory)+"; "+d.law.RollOver.Cite+" moves it to "+isoDate(row.Effective)+".",
			d.law.RollOver.Cite))
	}
	if !row.Effective.IsZero() {
		afterElection := !notFiling && !row.ElectionDate.IsZero() && row.Effective.After(row.ElectionDate)
		beforeVacancy := !d.foreseen && !d.v.IsZero() && row.Effective.Before(d.v)
		if afterElection || beforeVacancy {
			tl := &d.ed.TooLate
			row.Reason = joinNonEmpty("; ", row.Reason, "too late to comply: file as soon as practicable ("+tl.Cite+")")
			what := "falls after the election on " + isoDate(row.ElectionDate)
			if !afterElection {
				what = "falls before the vacancy on " + isoDate(d.v)
			}
			cs = append(cs, conflict(codeTooLate, row.Code,
				row.Code+": the last day "+isoDate(row.Effective)+" "+what+"; file as soon as practicable.",
				tl.Cite))
			if d.ed.TooLateRv != "" { // the catch-all's current text is unverified
				row.Verify = d.verifyText(tl.Cite + "'s current text is not verified")
			}
		}
	}
	switch {
	case row.Effective.IsZero():
		row.Status = NoStatus
	case row.Effective.Before(d.asOf):
		row.Status = Passed
	default:
		row.Status = Open
	}
	meet(row, met, d.in)
	return cs
}

// dayName says why a day is not a business day: "Saturday", "Sunday" or
// "public holiday".
func dayName(cal *Calendar, day Date) string {
	switch wd := day.Weekday(); wd {
	case 0, 6:
		return wd.String()
	}
	for _, h := range cal.Holidays(day.Year) {
		if h.Date == day {
			return "public holiday (" + h.Name + ")"
		}
	}
	return "public holiday"
}

// isoDate is d.String(): YYYY-MM-DD, "" for the zero date.
func isoDate(d Date) string { return d.String() }

func joinNonEmpty(sep string, parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(p)
	}
	return b.String()
}
