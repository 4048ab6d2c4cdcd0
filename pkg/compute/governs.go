package compute

import (
	"strings"
	"sync"
	"sync/atomic"
)

// Which law governs a row, and what its office name says of its class:
// the steps every row goes through whatever law decides it.

// classNotes says where the class came from (explain) and raises
// CLASS_SUGGESTED or CLASS_UNCLEAR when the office name suggests another
// class than the row's. The class itself never changes: "trustee" may be
// a library's, "comptroller" the State Comptroller. An appointive seat
// (not elective whatever its class) gets neither.
func (e *engine) classNotes() {
	v := &e.r.Vacancy
	if e.in.Cause == MissedMeetings {
		return
	}
	class := v.Class
	if class == "" {
		class = OtherOffice
	}
	if e.explaining {
		text := "office_class " + string(class) + " as the row gives it."
		if v.ClassDerived {
			text = "office_class " + string(class) + ": class derived from the office name \"" + v.Office + "\"."
		}
		cite := e.law.Cites.Fill
		if rg := e.law.regimeFor(class); rg != nil {
			text += " " + rg.Cite + " governs " + rg.Words + "."
			cite = rg.Cite
		}
		e.stepV("office class", true, cite, text)
	}
	switch len(v.Suggested) {
	case 0:
		return
	case 1:
		s := v.Suggested[0]
		msg, cite := e.law.suggestedSentence(v.Office, class, s)
		e.add(conflict(codeClassSuggested, "office_class", msg, cite))
	default:
		names := make([]string, len(v.Suggested))
		for i, s := range v.Suggested {
			names[i] = string(s)
		}
		msg := "\"" + v.Office + "\" may name an office of more than one class (" + strings.Join(names, " or ") + "): the row is computed as " +
			string(class) + "; set office_class to the one it is."
		e.add(conflict(codeClassUnclear, "office_class", msg, e.law.Cites.Fill))
	}
}

// sentenceCache remembers sentences by key, up to a bound: read without
// a lock (sync.Map), as every worker reads it.
type sentenceCache struct {
	m sync.Map // key → [2]string
	n atomic.Int32
}

const sentenceCacheBound = 4096

// suggestedSentence is CLASS_SUGGESTED's sentence and citation for an
// office given as class whose name suggests s.
func (l *Law) suggestedSentence(office string, class, s OfficeClass) (string, string) {
	key := office + "\x00" + string(class) + "\x00" + string(s)
	if l.suggested != nil {
		if x, ok := l.suggested.m.Load(key); ok {
			p := x.([2]string)
			return p[0], p[1]
		}
	}
	fill := l.Cites.Fill
	rg := l.regimeFor(s)
	words := l.classWords(s)
	if s == OtherOffice {
		// Only a local office's name (a town's) suggests other.
		words = "a local office"
	}
	msg := "\"" + office + "\" looks like " + words + " (office_class " + string(s) + "), but office_class is " + string(class) +
		": the row is computed as " + string(class) + "."
	cite := fill
	switch {
	case rg != nil && rg.Shape != ShapeNotice:
		msg += " " + rg.Cite + " governs such an office, not " + fill + "."
		cite = rg.Cite
	case rg != nil:
		msg += " A local charter may govern such an office (" + fill + ": \"unless otherwise provided\")."
	}
	msg += " Set office_class to " + string(s) + " if it is one."
	if l.suggested != nil && l.suggested.n.Load() < sentenceCacheBound {
		l.suggested.n.Add(1)
		l.suggested.m.Store(key, [2]string{msg, cite})
	}
	return msg, cite
}

// classWords names a class in a sentence, with the regime's words for a
// class a local law governs.
func (l *Law) classWords(c OfficeClass) string {
	if rg := l.regimeFor(c); rg != nil && rg.Words != "" {
		return rg.Words
	}
	return classWords(c)
}

// governing fills governing_law and the officers the state's rules name,
// and raises a notice regime's warning: every row of a city or a charter
// county leaves with it, whatever else the row lacks, but an appointive
// seat's (Pub. Off. Law § 30(3): no election at all).
func (e *engine) governing() {
	rg := e.regime
	switch {
	case e.r.Method == NotElective:
		// An appointive seat: no election, whoever's law it is.
		e.r.GoverningLaw = e.law.Governing
		return
	case rg == nil:
		if !e.v.IsZero() || e.r.Method != "" {
			e.r.GoverningLaw = e.law.Governing
		}
	case rg.Shape == ShapeNotice:
		e.localNotice(rg)
	default:
		e.r.GoverningLaw = rg.Code
		return
	}
	if e.authorized && !e.barred && (e.r.Method == SpecialElection || e.r.Method == SpecialOrGeneral) {
		e.r.ProclaimingOfficer = e.law.Proclaimer
	}
	if e.r.Method == TemporaryAppointment {
		e.r.AppointingAuthority = e.fill().Senator.Appointer
	}
}

// localNotice is a ShapeNotice regime's warning: the state's rules gave
// the dates, and a charter may govern instead.
func (e *engine) localNotice(rg *Regime) {
	n := rg.Notice
	msg := func(county, source string) string {
		return expand(n.Conflict.Message, "{office}", e.r.Vacancy.Office, "{county}", county, "{source}", source, "{fill}", e.law.Cites.Fill)
	}
	raise := func(county, source, cite string) {
		e.r.GoverningLaw = rg.Code
		e.add(Conflict{Code: n.Conflict.Code, Severity: n.Conflict.Severity, Field: "office_class", Message: msg(county, source), Citation: cite})
		if e.explaining {
			e.stepV("local charter", true, cite, msg(county, source))
		}
	}
	if len(n.Counties) == 0 {
		raise("", "", joinNonEmpty("; ", rg.Cite, e.law.Cites.Fill))
		return
	}
	counties := e.r.Vacancy.Counties()
	for _, c := range counties {
		for i := range n.Counties {
			if x := &n.Counties[i]; strings.EqualFold(x.County, c) {
				source := x.Cite
				if m := x.MarkOrSourced(); m != Sourced {
					source += "; " + string(m) + ": " + x.Note
				}
				raise(x.County, source, joinNonEmpty("; ", rg.Cite, e.law.Cites.Fill))
				return
			}
		}
	}
	e.r.GoverningLaw = e.law.Governing
	text := n.NoCounty
	if len(counties) > 0 {
		text = expand(n.Unlisted, "{county}", strings.Join(counties, ", "), "{checked}", isoDate(n.CheckedThrough))
	}
	e.add(review("county", text, rg.Cite, Info))
	if e.explaining {
		e.stepV("local charter", false, rg.Cite, text)
	}
}

// nextDeadline is the first deadline someone must still act on, by
// effective date.
func (e *engine) nextDeadline() {
	for i := range e.r.Deadlines {
		dl := &e.r.Deadlines[i]
		if !dl.Actionable() {
			continue
		}
		if e.r.NextDeadline == "" || dl.Effective.Before(e.r.NextDeadlineDate) {
			e.r.NextDeadline, e.r.NextDeadlineDate = dl.Code, dl.Effective
		}
	}
}
