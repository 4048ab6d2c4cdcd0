package export

import (
	"strings"

	"batch/pkg/compute"
)

// The editions of the law a run used, counted as the rows stream by: the
// Summary, summary.json and the Rules sheet name them (never one edition
// for a whole batch).

// editionTally counts the rows whose law_edition names each edition or
// one-year act id.
type editionTally struct {
	vacancies map[string]int // vacancies whose law_edition names the id
	deadlines map[string]int // deadline rows whose law_edition names the id
}

func (t *editionTally) result(r *compute.Result) {
	countIDs(t.vacancies, r.LawEdition)
}

func (t *editionTally) deadlineRows(r *compute.Result) {
	for i := range r.Deadlines {
		countIDs(t.deadlines, r.Deadlines[i].LawEdition)
	}
}

func countIDs(m map[string]int, label string) {
	for label != "" {
		id, rest, _ := strings.Cut(label, "+")
		m[id]++
		label = rest
	}
}

// editionIDs are the ids the run used, in the law's order.
func (t *tally) editionIDs() []string {
	return t.editions.used(nil)
}

// used lists the ids met, in the law's order when a law is known.
func (t *editionTally) used(law *compute.Law) []string {
	var out []string
	if law != nil {
		for _, id := range law.IDs() {
			if t.vacancies[id] > 0 || t.deadlines[id] > 0 {
				out = append(out, id)
			}
		}
		return out
	}
	for _, c := range sortedCounts(t.vacancies) {
		out = append(out, c.Key)
	}
	for _, c := range sortedCounts(t.deadlines) {
		if t.vacancies[c.Key] == 0 {
			out = append(out, c.Key)
		}
	}
	return out
}

// summaryEdition is one edition or act in summary.json.
type summaryEdition struct {
	ID           string `json:"id"`
	InForceFrom  string `json:"in_force_from"`
	Act          string `json:"act"`
	Vacancies    int    `json:"vacancies"`
	DeadlineRows int    `json:"deadline_rows"`
}

// law is the law of the run, nil when the writer has no calendar.
func (w *part) law() *compute.Law {
	if w.opts.Calendar == nil {
		return nil
	}
	return w.opts.Calendar.Law()
}

// editionsUsed describes every edition and act the rows used, with counts.
func (w *part) editionsUsed() []summaryEdition {
	law := w.law()
	t := &w.tally.editions
	out := []summaryEdition{}
	for _, id := range t.used(law) {
		e := summaryEdition{ID: id, Vacancies: t.vacancies[id], DeadlineRows: t.deadlines[id]}
		if law != nil {
			if ed := law.Edition(id); ed != nil {
				e.InForceFrom, e.Act = ed.From.String(), ed.Cite
			}
			for _, a := range law.Acts {
				if a.ID == id {
					e.InForceFrom, e.Act = a.InForce.From.String(), a.Cite
				}
			}
		}
		out = append(out, e)
	}
	return out
}

// lawChoice says how the run picked the law: by date, or one edition.
func (w *part) lawChoice() string {
	law := w.law()
	switch {
	case law == nil:
		return ""
	case law.Auto():
		return "auto: the edition in force on each date (see law_edition)"
	}
	return law.Choice + ", fixed by --edition for every date"
}

// checkedThrough is the day the law data was last checked.
func (w *part) checkedThrough() compute.Date {
	if law := w.law(); law != nil {
		return law.CheckedThrough
	}
	return compute.Date{}
}

// lawTitle is the Rules sheet's first row.
func (w *part) lawTitle() string {
	law := w.law()
	if law == nil {
		return "Rules"
	}
	ids := w.tally.editions.used(law)
	s := law.Name + " law, " + w.lawChoice() + ". Editions used: " + strings.Join(ids, ", ")
	if len(ids) == 0 {
		s = law.Name + " law, " + w.lawChoice() + "."
	}
	return s + ". Data checked through " + law.CheckedThrough.String() + "; rules marked unsourced decide values with NEEDS_REVIEW."
}
