package export

import (
	"strconv"
	"strings"

	"batch/pkg/compute"
)

// What each deadline asks for, in plain words, for the titles on Summary,
// in the calendar file, in the digest and in the Column guide: what must be
// filed (or held) and by whom. The words are the run's law's
// (compute.Law.Words, New York's in pkg/nylaw), as are the codes and their
// order and where papers are filed; the statute's own words and citation
// come from the rules table and the deadline. A code without words (a
// later edition may add one) is named by its code.
type deadlineWords struct {
	verb string // "file" or "hold"
	what string // the papers filed, or the event held
	who  string // who files them, or holds it
	// primary: the deadline serves the primary (the designating route);
	// special: a special election; electionDay: the row is the window of
	// the election's own day.
	primary, special, electionDay bool
}

// lawWords are the run's law's words for the outputs: the deadlines', in
// the law's order, where papers are filed, and what the outputs say of the
// law (compute.Guide). Made once for a run (Options.words), read by every
// sink of every part.
type lawWords struct {
	law    *compute.Law // nil: no law, every code named by itself
	texts  map[string]deadlineWords
	order  []string // the codes of the vacancies' rows (not the calendar's only)
	filing *compute.FilingOffices
}

// wordsOf makes the words of law (nil: none).
func wordsOf(law *compute.Law) *lawWords {
	w := &lawWords{law: law, texts: map[string]deadlineWords{}, filing: &compute.FilingOffices{}}
	if law == nil {
		return w
	}
	w.filing = &law.Filing
	for _, d := range law.Words {
		w.texts[d.Code] = deadlineWords{verb: d.Verb, what: d.What, who: d.Who, primary: d.Primary, special: d.Special,
			electionDay: d.ElectionDay}
		if !d.CalendarOnly {
			w.order = append(w.order, d.Code)
		}
	}
	return w
}

// of is a deadline code's words; an unknown code reads as itself.
func (lw *lawWords) of(code string) deadlineWords {
	if w, ok := lw.texts[code]; ok {
		return w
	}
	return deadlineWords{verb: "file", what: strings.ReplaceAll(code, "_", " ")}
}

// lastDayTitle is "Last day to file designating petitions"; for an
// election's window, "Latest day for the special election".
func (lw *lawWords) lastDayTitle(code string) string {
	w := lw.of(code)
	switch {
	case w.electionDay:
		return "Latest day for " + w.what
	case w.verb == "sign":
		// A signing row's last day is the petition's last day to file.
		return "Last day to file " + w.what + " (end of the signing period)"
	}
	return "Last day to " + w.verb + " " + w.what
}

// firstDayTitle is the opening day of a window: "First day to file
// designating petitions", "Earliest day for the special election".
func (lw *lawWords) firstDayTitle(code string) string {
	w := lw.of(code)
	if w.electionDay {
		return "Earliest day for " + w.what
	}
	return "First day to " + w.verb + " " + w.what
}

// guide is what the outputs say of the law (none without one).
func (lw *lawWords) guide() *compute.Guide {
	if lw.law == nil {
		return &compute.Guide{}
	}
	return &lw.law.Guide
}

// rollOver is the citation of the law's roll-over off weekends and
// holidays ("Elec. Law § 1-106").
func (lw *lawWords) rollOver() string {
	if lw.law == nil {
		return ""
	}
	return lw.law.RollOver.Cite
}

// seat names a vacancy's office in words: "Member of Assembly, Assembly
// District 43 (Kings)", "Trustee, Village of Malone (Franklin)", "Governor".
// The district has one name in every output (compute.DistrictName).
func seat(v *compute.Vacancy) string {
	if v.County != "" {
		return officeInDistrict(v) + " (" + v.County + ")"
	}
	return officeInDistrict(v)
}

// officeInDistrict is the office and its district in words, without the
// county: "Member of Assembly, Assembly District 43".
func officeInDistrict(v *compute.Vacancy) string {
	if d := compute.DistrictName(v.Class, v.District); d != "" {
		return v.Office + ", " + d
	}
	return v.Office
}

// daysLeft says how far a date is from the as-of date, in words.
func daysLeft(asOf, d compute.Date) string {
	switch n := asOf.DaysUntil(d); {
	case n == 0:
		return "today"
	case n == 1:
		return "tomorrow"
	case n < 0:
		return "passed"
	default:
		return strconv.Itoa(n) + " days"
	}
}
