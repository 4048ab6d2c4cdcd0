package export

import (
	"fmt"

	"batch/pkg/changes"
	"batch/pkg/compute"
)

// FailOn is the run's --fail-on: the levels as given, and what they ask.
// Every summary.json says whether its own part reached them (fail_on), so
// that a mailer can send a folder's mail exactly when that folder's news
// calls for it: the statewide summary by the run's exit-3 condition, a
// slice of a split run by its own rows.
type FailOn struct {
	Levels   []string         // as given: "error", "warning", "action", "changed"
	Severity compute.Severity // the least severe conflict that fails; NoSeverity for none
	Action   bool             // the digest's Needs action lists something
	Changed  bool             // something but the as-of date moved
}

// failOnDoc is summary.json's fail_on block (CONTRACT.md).
type failOnDoc struct {
	Levels  []string `json:"levels"`
	Reached bool     `json:"reached"`
	Because []string `json:"because"`
}

// failOn judges this Writer's part by the run's --fail-on, as the command
// line judges the run (cmd/batch: threshold, actionThreshold,
// changeThreshold): rejected rows and unread sheets count as errors
// (statewide; a slice counts its own rows only), the comparison's items
// to act on and its changes, and a comparison skipped for action and
// changed alike. A slice whose last vacancy was withdrawn reaches action
// and changed: its board must hear of it.
func (w *part) failOn(info RunInfo, o *changes.Outcome) failOnDoc {
	f := w.opts.FailOn
	doc := failOnDoc{Levels: f.Levels, Because: []string{}}
	if doc.Levels == nil {
		doc.Levels = []string{}
	}
	t := w.tally
	because := func(s string) { doc.Because = append(doc.Because, s) }
	if f.Severity != compute.NoSeverity {
		unread := 0
		if w.opts.slice == nil {
			for _, in := range info.Inputs {
				unread += len(in.Unread)
			}
		}
		worst := compute.NoSeverity
		for _, s := range []compute.Severity{compute.Error, compute.Warning, compute.Info} {
			if t.bySeverity[s] > 0 {
				worst = s
				break
			}
		}
		if t.rejected > 0 || unread > 0 {
			worst = compute.Error
		}
		if worst >= f.Severity {
			if t.rejected > 0 {
				because(plural(t.rejected, "row rejected", "rows rejected"))
			}
			if unread > 0 {
				because(plural(unread, "sheet not read", "sheets not read"))
			}
			for _, s := range []compute.Severity{compute.Error, compute.Warning} {
				if n := t.bySeverity[s]; n > 0 && s >= f.Severity {
					because(fmt.Sprintf("%s with %ss", plural(n, "vacancy", "vacancies"), s))
				}
			}
		}
	}
	withdrawn := w.opts.slice != nil && w.opts.slice.Withdrawn
	if (f.Action || f.Changed) && withdrawn {
		because("the last vacancy" + w.sliceTitle() + " was withdrawn")
	}
	if o != nil {
		if f.Action && o.ActNow > 0 {
			because(plural(o.ActNow, "item", "items") + " to act on")
		}
		if f.Changed && o.Changed() {
			because(plural(o.ChangedVacancies, "vacancy", "vacancies") + " changed" + inputsChanged(o))
		}
		if (f.Action || f.Changed) && o.Status == changes.Skipped {
			because("comparison skipped: " + o.Reason)
		}
	}
	doc.Reached = len(doc.Because) > 0
	return doc
}

// inputsChanged is ", and the set of input files" when it changed too.
func inputsChanged(o *changes.Outcome) string {
	if o.Counts[changes.InputAdded]+o.Counts[changes.InputRemoved]+o.Counts[changes.InputRenamed] > 0 {
		return "; the set of input files changed"
	}
	return ""
}
