package export

import (
	"fmt"

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

// changeRow is one row of Changes and changes.csv, in changes.Columns'
// order; the date is a real date cell.
func changeRow(dst []value, c *changes.Change) []value {
	dst = dst[:0]
	for i, s := range c.Row() {
		if changes.DateColumn(i) && s != "" {
			if d, err := compute.ParseISO(s); err == nil {
				dst = append(dst, date(d))
				continue
			}
		}
		dst = append(dst, text(s))
	}
	return dst
}
