package export

import (
	"fmt"
	"strconv"

	"batch/pkg/changes"
	"batch/pkg/compute"
)

// The comparison's outputs (CONTRACT.md).
const (
	changesName  = "changes.csv"
	changesSheet = "Changes"
)

// changesTitle is the Changes sheet's first row: what it was compared
// with, or why not.
func changesTitle(o *changes.Outcome) string {
	switch o.Status {
	case changes.Compared:
		return fmt.Sprintf("Changes since the run as of %s, most urgent first (deadlines due within %d days included)", o.Baseline.AsOf, o.Soon)
	case changes.FirstRun:
		return "Not compared: " + o.Reason + ". Deadlines due within the next days only."
	case changes.Skipped:
		return "COMPARISON SKIPPED: " + o.Reason + ". Deadlines due within the next days only."
	}
	return "Not compared with an earlier run. Deadlines due within the next days only."
}

// changeColumns are changes.csv's and the Changes sheet's (CONTRACT.md):
// add, never rename.
var changeColumns = []string{"priority", "kind", "date", "vacancy_id", "source", "office", "district",
	"county", "item", "old", "new", "severity", "cause", "cause_detail", "message", "act_by", "verify"}

// changeCellBy are the cells of a change, by column: the date and act_by
// are real date cells.
var changeCellBy = map[string]func(c *changes.Change) value{
	"priority":     func(c *changes.Change) value { return text(string(c.Priority)) },
	"kind":         func(c *changes.Change) value { return text(string(c.Kind)) },
	"date":         func(c *changes.Change) value { return isoDate(c.Date) },
	"vacancy_id":   func(c *changes.Change) value { return text(c.VacancyID) },
	"source":       func(c *changes.Change) value { return text(c.Source) },
	"office":       func(c *changes.Change) value { return text(c.Office) },
	"district":     func(c *changes.Change) value { return text(c.District) },
	"county":       func(c *changes.Change) value { return text(c.County) },
	"item":         func(c *changes.Change) value { return text(c.Item) },
	"old":          func(c *changes.Change) value { return text(c.Old) },
	"new":          func(c *changes.Change) value { return text(c.New) },
	"severity":     func(c *changes.Change) value { return text(c.Severity) },
	"cause":        func(c *changes.Change) value { return text(string(c.Cause)) },
	"cause_detail": func(c *changes.Change) value { return text(c.CauseDetail) },
	"message":      func(c *changes.Change) value { return text(changeMessage(c)) },
	"act_by":       func(c *changes.Change) value { return isoDate(c.ActBy) },
	"verify":       func(c *changes.Change) value { return text(c.Verify) },
}

var changeCells = cellsOf(changeColumns, changeCellBy)

// isoDate is an ISO date as a date cell; text when it is none.
func isoDate(s string) value {
	if s != "" {
		if d, err := compute.ParseISO(s); err == nil {
			return date(d)
		}
	}
	return text(s)
}

// changeRow is one row of Changes and changes.csv.
func changeRow(dst []value, c *changes.Change) []value {
	dst = dst[:0]
	for _, cell := range changeCells {
		dst = append(dst, cell(c))
	}
	return dst
}

// changeMessage is a change's sentence to act on (changes.csv's message,
// and the digest's line where it says the same), worded from its facts.
func changeMessage(c *changes.Change) string {
	switch c.Kind {
	case changes.VacancyAdded:
		s := "New vacancy (" + blankWord(c.VacancyDate) + "): " + describeMethod(c) + "."
		if c.Date != "" {
			s += " Next deadline " + c.Date + "."
		}
		return s
	case changes.NowRejected:
		lead, news := rejectedNews(c)
		return lead + news
	case changes.VacancyRemoved:
		if c.Problem != "" {
			return "The rejected row is gone from the inputs."
		}
		return "No longer in the inputs (it was to be " + describeMethod(c) + ")."
	case changes.NoLongerRejected:
		return "Accepted again (was rejected: " + c.Problem + "); " + describeMethod(c) + "."
	case changes.VacancyDateChanged:
		return "Vacancy date " + blankWord(c.Old) + " → " + blankWord(c.New) + "."
	case changes.MethodChanged:
		return "Now " + methodInWords(c.New) + " (was: " + methodInWords(c.Old) + ")."
	case changes.ElectionChanged:
		return "Filling election " + blankWord(c.Old) + " → " + blankWord(c.New) + "."
	case changes.DeadlineAdded, changes.DeadlineChanged, changes.DeadlinePassed, changes.DeadlineMet,
		changes.DeadlineDropped, changes.DeadlineSoon:
		return c.Item + ": " + deadlineNews(c)
	case changes.ElectionSoon:
		what := "the general election"
		if c.Item == changes.SpecialElectionDay {
			what = "the special election"
		}
		return c.Item + ": " + what + " that fills the vacancy is on " + c.Date + ", " + dueIn(c.Days) + "." + entered(c)
	case changes.ConflictRaised:
		s := c.Item + " (" + c.Severity + ")"
		if c.ConflictMessage != "" {
			s += ": " + c.ConflictMessage
		}
		return s
	case changes.ConflictCleared:
		s := c.Item + " (" + c.Severity + ") no longer applies"
		if c.Field != "" {
			s += " to " + c.Field
		}
		return s + "."
	case changes.InputAdded:
		return "New input file " + c.New + " (" + plural(c.Rows, "row", "rows") + ")."
	case changes.InputRemoved:
		return "Input file " + c.Old + " (" + plural(c.Rows, "row", "rows") +
			") is no longer read: its rows found in no other file are listed as removed."
	case changes.InputRenamed:
		why := "the same content"
		if c.Matched > 0 {
			why = strconv.Itoa(c.Matched) + " of its " + plural(c.Rows, "row", "rows") + " found there, the content updated"
		}
		return "Input file " + c.Old + " is now read as " + c.New + " (" + why + ")."
	}
	return string(c.Kind)
}

// deadlineNews is what happened to a deadline, after its name: "last day
// 2026-09-28 → 2026-10-05 (already passed)."
func deadlineNews(c *changes.Change) string {
	switch c.Kind {
	case changes.DeadlineAdded:
		return "now applies, last day " + c.Date + passedNote(c.Passed) + "."
	case changes.DeadlineChanged:
		return "last day " + c.Old + " → " + c.New + passedNote(c.Passed) + "."
	case changes.DeadlinePassed:
		if c.From != "" {
			return "the last day moved from " + c.From + " to " + c.Date + ", in the past: check it was met."
		}
		return "the last day, " + c.Date + ", passed since the last run: check it was met."
	case changes.DeadlineMet:
		return "done, as the inputs now say (its last day was " + c.Date + ")."
	case changes.DeadlineDropped:
		return "no longer applies (its last day was " + c.Date + ")."
	case changes.DeadlineSoon:
		s := "last day " + c.Date + ", " + dueIn(c.Days) + "."
		if c.IfNoSpecial {
			s += " It applies only if no special election is held."
		}
		return s + entered(c)
	}
	return ""
}

// rejectedNews is a row now rejected in words: its lead ("Now rejected:
// ", or "New row, rejected: " for a row the compared run did not have),
// then its problem and what to do.
func rejectedNews(c *changes.Change) (lead, news string) {
	if c.Old == "" {
		return "New row, rejected: ", c.Problem + ". Fix the row: nothing is computed for it."
	}
	return "Now rejected: ", c.Problem + ". Fix the row: its deadlines are no longer computed."
}

// entered is what an item of a row entered twice adds.
func entered(c *changes.Change) string {
	if c.Dup == "" {
		return ""
	}
	return " This vacancy is entered twice: also as " + c.Dup + "."
}

// dueIn is "today", "tomorrow" or "in 3 days".
func dueIn(days int) string {
	switch {
	case days <= 0:
		return "today"
	case days == 1:
		return "tomorrow"
	}
	return "in " + strconv.Itoa(days) + " days"
}

func passedNote(passed bool) string {
	if passed {
		return " (already passed)"
	}
	return ""
}

// methodWords is a filling method in words, never its code.
func methodInWords(m string) string {
	if m == "" {
		return "no filling method"
	}
	return compute.Method(m).Words()
}

// blankWord is s, or "(blank)".
func blankWord(s string) string {
	if s == "" {
		return "(blank)"
	}
	return s
}

// describeMethod is how the vacancy is filled, and when.
func describeMethod(c *changes.Change) string {
	s := compute.Method(c.Method).Words()
	if c.Method == "" {
		s = blankWord(c.Method)
	}
	if c.Election != "" {
		s += " on " + c.Election
	}
	return s
}
