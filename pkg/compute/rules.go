package compute

import (
	"slices"
	"strings"
)

// Rule is one row of the rules table: `batch rules` and the Rules sheet
// print these. Every row is derived from the law's values; none is
// written by hand.
type Rule struct {
	Code        string // stable code: a deadline code, conflict code or rule name
	Citation    string // "Elec. Law § 6-158(2)"
	Words       string // the statute's own words
	Counting    string // the counting kind, e.g. "NthWeekdayBefore(Monday, 10, primary)"; "" for non-counting rules
	RollOver    bool   // § 1-106 moves it off weekends and holidays
	InForceFrom Date   // zero: since before the data begins
	InForceTo   Date   // zero: still in force
	Note        string // interpretation made beyond the words, if any
	Edition     string // the editions (or the one-year act) it is the rule of, "E0+E1"
	Offices     string // the office classes it is limited to, ", "-joined; "" for every office
	Mark        Mark   // how sure the data is of it
}

// RulesFilter narrows the rules table.
type RulesFilter struct {
	AsOf     Date     // only the rules in force on this day (zero: every day)
	Editions []string // only the rules of these edition and act ids (nil: all)
}

// RulesOf is the law's whole rules table, in a stable order: the law
// data's freshness, the keying rule, each edition, the calendar, § 30,
// § 42, the general-election deadlines (each exception right after its
// rule), the special-election windows and deadlines, the one-year acts,
// the notices, the conflict codes and the public holidays. A rule that is
// the same in consecutive editions is one row whose in-force span covers
// them all.
func RulesOf(l *Law, f RulesFilter) []Rule {
	b := rulesBuilder{law: l, ed: -1, act: -1}
	b.add(Rule{Code: "law_checked_through", Words: "the sources of the law data were last checked on " + isoDate(l.CheckedThrough) +
		"; acts passed since are not included (add them as calendar input with a reason and a source)", Mark: Sourced})
	k := &l.Keying
	for _, x := range []struct{ code, words, note string }{
		{"keying_vacancy_date", k.Fill, ""}, {"keying_proclamation", k.Special, ""}, {"keying_calendar", k.Calendar, k.Note}, {"keying_straddle", k.Straddle, ""},
	} {
		b.add(Rule{Code: x.code, Citation: k.Cite, Words: x.words, Note: x.note, Mark: k.MarkOrSourced()})
	}
	for i := range l.Editions {
		e := &l.Editions[i]
		b.add(Rule{Code: "edition", Citation: e.Cite, Words: e.Words, InForceFrom: e.From, InForceTo: e.to,
			Note: joinNonEmpty("; ", e.Act, e.Note), Edition: e.ID, Mark: e.MarkOrSourced()})
	}
	for i := range l.Editions {
		e := &l.Editions[i]
		b.edition(i)
		b.auth("primary", "", e.Primary.Authority, e.Primary.Day.Words(), false, "")
		for _, m := range e.Primary.Moved {
			b.auth("primary_moved_"+itoa(m.Date.Year), "", m.Authority, m.Date.String(), false, "")
		}
	}
	b.edition(-1)
	b.auth("general", "", l.GeneralBy, l.General.Words(), false, "")
	b.auth("roll_over", "", l.RollOver, "", true, "last days to file only: window openings, conventions and elections never move; a deadline counted from another counts from its effective (rolled-over) date")
	for _, c := range l.Causes {
		b.auth("cause_"+string(c.Cause), "", c.Authority, c.Date, false, "")
	}
	for _, x := range l.Residency {
		b.auth(x.Code, "", x.Authority, "", false, joinNonEmpty("; ", x.Note, "nonresidence: raises RESIDENCY_EXEMPT when the office text names "+strings.Join(x.All, " and ")))
	}
	b.auth("armed_forces_exception", "", l.ArmedForces.Authority, "", false,
		joinNonEmpty("; ", l.ArmedForces.Note, "notes naming "+strings.Join(l.ArmedForces.Keywords, ", ")+" raise ARMED_FORCES for an unfiled oath"))
	for _, t := range l.Terms {
		years := "an " + ifElse(t.OddYear, "odd", "even") + "-numbered year"
		if t.Cycle > 0 {
			k := make([]string, len(t.Offsets))
			for i, o := range t.Offsets {
				k[i] = itoa(o)
			}
			years = "a year Y with (Y − " + itoa(t.Base) + ") mod " + itoa(t.Cycle) + " in {" + strings.Join(k, ", ") + "}"
		}
		b.auth("default_term", offices(t.Offices), t.Authority, "the first "+t.Day.String()+" of "+years+" "+ifElse(t.OnOrAfter, "on or after", "after")+" the vacancy", false, "used when term_end is blank")
	}
	for i := range l.Editions {
		e := &l.Editions[i]
		fr := &e.Fill
		b.edition(i)
		oath := Authority{}
		if cr := l.causeRule(OathNotFiled); cr != nil {
			oath.Cite = cr.Cite
		}
		b.auth("oath_days", "", oath, "the "+ordinalWords(fr.OathDays+1)+" day after the term's start, when the oath is not filed", false, "")
		b.auth("step_not_elective", "", fr.NotElective, "", false, "")
		b.auth("step_not_covered", "", fr.NotCovered, "", false, "")
		sn := &fr.Senator
		b.auth("step_us_senator", "", sn.Authority, "a vacancy in an even-numbered year on or before the "+ordinalWords(sn.CutoffDays)+" day before the primary: appointment until "+
			sn.AppointmentEnds.String()+" "+yearsOn(sn.EarlyYears)+"; later in that year: until "+sn.AppointmentEnds.String()+" "+yearsOn(sn.LateYears)+
			"; in an odd-numbered year: until "+sn.AppointmentEnds.String()+" "+yearsOn(sn.OddYears)+"; the election is at the general election of the year before", false, "")
		for _, bar := range fr.Bars {
			c := ifElse(bar.DayBarred, "barred when the vacancy is on or after ", "barred when the vacancy is after ") + bar.Day.String() + " of the term's last year"
			if bar.Liftable {
				c += "; a special session lifts the bar for a vacancy after " + bar.Day.String()
			}
			b.auth("step_bar", offices(bar.Offices), bar.Authority, c, false, ifElse(bar.Sub3Only, "only for the grounds that carry the duty to proclaim; ", "")+"barred → "+string(bar.Fallback))
		}
		b.auth("step_judges", offices(fr.Judges.Offices), fr.Judges.Authority, "the first general election at least "+plural(fr.Judges.Months, "month")+" after the vacancy", false, "")
		b.auth("step_term_expiration", "", fr.Expiry.Authority, "the general election of the term's last year, when the term ends on "+fr.Expiry.Phrase(), false, "")
		c := &fr.Cutoff
		b.auth("step_general_election", "", c.Authority, "a vacancy "+ifElse(c.Through, "on or before ", "before ")+c.Day.Words()+": that year's general election; a later one: the next year's ("+c.Code+")", false,
			joinNonEmpty("; ", ifElse(c.Review != "", c.Review+" (±"+itoa(c.ReviewDays)+" day)", ""), ifElse(c.CalendarCode != "", "calendar row "+c.CalendarCode, "")))
		if c.Echo.Cite != "" {
			b.auth("step_general_election.restated", "", c.Echo, "", false, "")
		}
		for _, a := range fr.Authorizations {
			when := ""
			switch {
			case a.Cause != "":
				when = "cause " + string(a.Cause)
			case a.NotAppointable:
				when = "appointable = no"
			default:
				when = "every vacancy"
			}
			code := "step_special_possible"
			switch {
			case a.Cause != "":
				code += "." + string(a.Cause)
			case a.NotAppointable:
				code += ".not_appointable"
			}
			b.auth(code, offices(a.Offices), a.Authority, when, false, joinNonEmpty("; ", ifElse(a.Sub3, "a ground that carries the duty to proclaim and its bar", "a ground without the duty to proclaim: "+a.NoDuty), a.Review))
		}
		d := &fr.Duty
		duty := "no duty"
		if d.Days > 0 {
			duty = plural(d.Days, "day") + " after the vacancy (never rolled over)"
		}
		if d.Code != "" {
			b.auth(d.Code, "", d.Authority, duty, false, joinNonEmpty("; ", d.NoDuty, d.Review))
		}
		b.auth("step_term_check", "", fr.TermCheck, "filling election after term_end → none (TERM_ENDS_FIRST)", false, "")
		b.auth("special_session", "", fr.Session, "", false, "")
	}
	for i := range l.Editions {
		e := &l.Editions[i]
		b.edition(i)
		for j := range e.Deadlines {
			b.deadline(&e.Deadlines[j], "")
		}
		b.auth("too_late", "", e.TooLate, "", false, e.TooLateRv)
		for j := range e.Specials {
			t := &e.Specials[j]
			o := offices(t.Offices)
			if o == "" && len(e.Specials) > 1 {
				o = "every other office"
			}
			w := &t.Window
			b.auth(w.Code, o, w.Authority, "from "+numberWords(w.MinDays)+" to "+plural(w.MaxDays, "day")+" after the proclamation", false,
				joinNonEmpty("; ", "an election day: never rolled over", w.Review))
			if s := w.SameDate; s != nil {
				b.auth(w.Code+".same_date", o, s.Authority, "the day of a previously scheduled special election, proclaimed at least "+plural(s.MinDays, "day")+" before it", false,
					"checked across the inputs: SPECIAL_PIGGYBACK names the other row")
			}
			for k := range t.Rows {
				b.deadline(&t.Rows[k], o)
			}
		}
	}
	b.edition(-1)
	for j := range l.Acts {
		a := &l.Acts[j]
		b.act = j
		b.add(Rule{Code: "act", Citation: a.Cite, Words: a.Words, InForceFrom: a.InForce.From, InForceTo: a.InForce.To,
			Note: joinNonEmpty("; ", "sits on "+a.On, a.Note), Offices: offices(a.Offices), Mark: a.MarkOrSourced()})
		if !a.Primary.IsZero() {
			b.add(Rule{Code: "primary", Citation: a.Cite, Counting: "on " + a.Primary.String(), InForceFrom: a.InForce.From, InForceTo: a.InForce.To,
				Offices: offices(a.Offices), Mark: a.MarkOrSourced()})
		}
		for _, r := range a.Rows {
			c := ""
			switch {
			case r.LastFrom != nil:
				c = r.LastFrom.Words()
			case !r.Last.IsZero():
				c = r.Last.String()
			}
			if !r.Start.IsZero() {
				c = windowWords(r.Start.String(), ifElse(c == "", "the rule's last day", c))
			}
			o := offices(r.Offices)
			if o == "" {
				o = offices(a.Offices)
			}
			b.add(Rule{Code: r.Code, Citation: a.Cite, Counting: c, RollOver: true, InForceFrom: a.InForce.From, InForceTo: a.InForce.To,
				Note: joinNonEmpty("; ", r.Note, r.Review), Offices: o, Mark: markOf(a.Authority, r.Review)})
		}
		for _, it := range a.Items {
			b.add(Rule{Code: it.Code, Citation: a.Cite, Counting: "on " + it.Date.String(), InForceFrom: a.InForce.From, InForceTo: a.InForce.To,
				Note: it.Note, Mark: a.MarkOrSourced()})
		}
	}
	b.act = -1
	b.regimes()
	b.edition(-1)
	for _, n := range l.Notices {
		b.add(Rule{Code: n.Code, Citation: n.Cite, Words: n.Severity.String() + ": " + n.Message, InForceFrom: n.Years.From, InForceTo: n.Years.To,
			Offices: offices(n.Offices), Note: n.Note, Mark: n.MarkOrSourced()})
	}
	for i := 0; i < len(l.Editions); {
		c := &l.Editions[i].Fill.Cutoff
		j := i + 1
		label := l.Editions[i].ID
		for j < len(l.Editions) && l.Editions[j].Fill.Cutoff.Code == c.Code {
			label += "+" + l.Editions[j].ID
			j++
		}
		if c.Code != "" {
			b.add(Rule{Code: c.Code, Citation: c.Cite, Words: c.Severity.String() + ": " + c.Cite + " sends the vacancy to the next year's general election (it is not " + c.Phrase + ")",
				InForceFrom: l.Editions[i].From, InForceTo: l.Editions[j-1].to, Edition: label, Mark: Sourced})
		}
		i = j
	}
	cites := l.conflictCites()
	for _, c := range conflictRules {
		b.add(Rule{Code: c.Code, Citation: cites[c.Code], Words: c.Severity.String() + ": " + c.When, Note: c.Note, Mark: Sourced})
	}
	for _, h := range l.Holidays {
		r := Rule{Code: "holiday_" + strings.ToLower(strings.NewReplacer(" ", "_", "'", "", ".", "").Replace(h.Name)), Citation: h.Citation,
			Words: h.Name, Counting: h.Rule, Mark: Sourced}
		if h.SundayRule {
			r.Note = "when it falls on a Sunday, the Monday after is a holiday too"
		}
		if h.InForceFrom != 0 {
			r.InForceFrom = D(h.InForceFrom, 1, 1)
		}
		b.add(r)
	}
	return b.filter(f)
}

// rulesBuilder collects rows, merging a rule that is the same in
// consecutive editions into one row.
type rulesBuilder struct {
	law  *Law
	out  []Rule
	ed   int // the edition whose rules are being added, -1 for none
	act  int // the act whose rows are being added, -1 for none
	last map[string]int
	// cur is the edition whose rules are being added (the state's, or a
	// regime's), prev the one before it in its list; nil for none.
	cur, prev *Edition
}

func (b *rulesBuilder) edition(i int) {
	b.ed, b.act = i, -1
	b.cur, b.prev = nil, nil
	if i >= 0 {
		b.cur = &b.law.Editions[i]
		if i > 0 {
			b.prev = &b.law.Editions[i-1]
		}
	}
}

// regimeEdition makes a regime's edition k the one whose rules are added.
func (b *rulesBuilder) regimeEdition(rg *Regime, k int) {
	b.ed, b.act = -1, -1
	b.cur, b.prev = &rg.Editions[k], nil
	if k > 0 {
		b.prev = &rg.Editions[k-1]
	}
}

func (b *rulesBuilder) add(r Rule) {
	if e := b.cur; e != nil {
		r.InForceFrom, r.InForceTo, r.Edition = e.From, e.to, e.ID
		key := r.Code + "\x00" + r.Offices
		if b.last == nil {
			b.last = map[string]int{}
		}
		if j, ok := b.last[key]; ok {
			p := &b.out[j]
			same := p.Citation == r.Citation && p.Words == r.Words && p.Counting == r.Counting && p.RollOver == r.RollOver &&
				p.Note == r.Note && p.Mark == r.Mark
			if same && b.prev != nil && p.InForceTo == b.prev.to && p.Edition != "" && strings.HasSuffix(p.Edition, b.prev.ID) {
				p.InForceTo = e.to
				p.Edition += "+" + e.ID
				return
			}
		}
		b.last[key] = len(b.out)
	}
	if b.act >= 0 {
		r.Edition = b.law.Acts[b.act].ID
	}
	if r.Mark == "" {
		r.Mark = Sourced
	}
	b.out = append(b.out, r)
}

func (b *rulesBuilder) auth(code, offices string, a Authority, counting string, rollOver bool, note string) {
	b.add(Rule{Code: code, Citation: a.Cite, Words: a.Words, Counting: counting, RollOver: rollOver,
		Note: joinNonEmpty("; ", a.Note, note, a.Corroboration(), ifElse(a.Act != "", "as amended by "+a.Act, "")), Offices: offices, Mark: markOf(a, note)})
}

func (b *rulesBuilder) deadline(d *DeadlineRule, office string) {
	counting := d.Last.Words()
	if d.Kind == Window {
		counting = windowWords(d.Start.Words(), counting)
	}
	var notes []string
	if len(d.Only) > 0 {
		notes = append(notes, "only for "+offices(d.Only))
	}
	if len(d.NotFor) > 0 && d.NotForReason != "" {
		notes = append(notes, "applies = no for "+offices(d.NotFor)+" ("+d.NotForReason+")")
	}
	if d.NotForRef != "" {
		notes = append(notes, "for "+offices(d.NotFor)+": counted from "+d.NotForRef)
	}
	if d.Requires != nil {
		if d.Requires.Than != nil {
			notes = append(notes, "applies when the vacancy is on or before "+d.Requires.Than.Words()+" ("+d.Requires.Reason+")")
		}
		if d.Requires.Row != "" {
			notes = append(notes, "applies when "+d.Requires.Row+" does")
		}
	}
	if len(d.Corroborated) > 0 {
		notes = append(notes, corroboratedYears(d))
	}
	if d.CalendarOnly {
		notes = append(notes, "printed by the calendar only")
	}
	if d.Cycle > 0 {
		notes = append(notes, "in years divisible by "+itoa(d.Cycle))
	}
	if d.Review != "" {
		notes = append(notes, d.Review)
	}
	if s := d.Corroboration(); s != "" {
		notes = append(notes, s)
	}
	if d.Act != "" {
		notes = append(notes, "as amended by "+d.Act)
	}
	b.add(Rule{Code: d.Code, Citation: d.Cite, Words: d.Words, Counting: counting, RollOver: d.RollOver,
		Note: joinNonEmpty("; ", append([]string{d.Note}, notes...)...), Offices: office, Mark: markOf(d.Authority, d.Review)})
	for _, x := range d.Exceptions {
		c := x.Last.Words()
		if !x.Start.IsZero() {
			c = windowWords(x.Start.Words(), c)
		}
		switch {
		case x.When.After != nil:
			c += ", when the vacancy is after " + x.When.After.Words()
		case x.When.Row != "":
			c += ", when " + x.When.Row + " takes its exception"
		}
		b.add(Rule{Code: d.Code + ".late_vacancy", Citation: x.Cite, Words: x.Words, Counting: c, RollOver: d.RollOver,
			Note: joinNonEmpty("; ", "replaces "+d.Code+" (LATE_VACANCY)", x.Note, x.Review, x.Corroboration()), Offices: office, Mark: markOf(x.Authority, x.Review)})
	}
}

func markOf(a Authority, review string) Mark {
	if review != "" && a.MarkOrSourced() == Sourced {
		return Unsourced
	}
	return a.MarkOrSourced()
}

func offices(cs []OfficeClass) string {
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = string(c)
	}
	return strings.Join(s, ", ")
}

func (b *rulesBuilder) filter(f RulesFilter) []Rule {
	if f.AsOf.IsZero() && f.Editions == nil {
		return b.out
	}
	out := b.out[:0:0]
	for _, r := range b.out {
		if !f.AsOf.IsZero() && !(Span{r.InForceFrom, r.InForceTo}).Contains(f.AsOf) {
			continue
		}
		if f.Editions != nil && r.Edition != "" {
			keep := false
			for _, id := range strings.Split(r.Edition, "+") {
				keep = keep || slices.Contains(f.Editions, id)
			}
			if !keep {
				continue
			}
		}
		out = append(out, r)
	}
	return out
}

// yearsOn is "of the next year", "three years on".
func yearsOn(n int) string {
	switch n {
	case 0:
		return "of the same year"
	case 1:
		return "of the next year"
	}
	return plural(n, "year") + " on"
}

// conflictCites is the statute each of the engine's conflict codes rests
// on, from the latest edition's data.
func (l *Law) conflictCites() map[string]string {
	m := map[string]string{}
	if len(l.Editions) == 0 {
		return m
	}
	f := &l.Editions[len(l.Editions)-1].Fill
	m[codeNotCovered] = f.NotCovered.Cite
	m[codeNotElective] = f.NotElective.Cite
	m[codeArmedForces] = l.ArmedForces.Cite
	m[codeRolledOver] = l.RollOver.Cite
	_, m[codeSpecialNotAuthorized] = f.groundsFor("")
	var bars, res []string
	for _, b := range f.Bars {
		if !slices.Contains(bars, b.Cite) {
			bars = append(bars, b.Cite)
		}
	}
	for _, x := range l.Residency {
		if !slices.Contains(res, x.Cite) {
			res = append(res, x.Cite)
		}
	}
	m[codeSpecialBarred] = strings.Join(bars, "; ")
	m[codeResidencyExempt] = strings.Join(res, "; ")
	return m
}
