package ingest

import (
	"fmt"
	"strings"

	"batch/pkg/compute"
)

// The error values a spreadsheet shows in a cell whose formula failed,
// as Excel writes them in the cell (t="e") and in a CSV it saves.
var errorValues = []string{"#N/A", "#REF!", "#VALUE!", "#DIV/0!", "#NAME?", "#NULL!", "#NUM!",
	"#GETTING_DATA", "#SPILL!", "#CALC!", "#FIELD!", "#BLOCKED!", "#CONNECT!", "#BUSY!", "#UNKNOWN!", "#PYTHON!"}

// isErrorValue reports whether a cell holds a spreadsheet error value
// rather than text: read as an office or a district it would be taken as
// one.
func isErrorValue(c string) bool {
	c = strings.TrimSpace(c)
	if len(c) < 4 || c[0] != '#' {
		return false
	}
	for _, e := range errorValues {
		if strings.EqualFold(c, e) {
			return true
		}
	}
	return false
}

// errorValueMessage says what an error value in a vacancy's column means.
func errorValueMessage(column, c string) string {
	c = strings.TrimSpace(c)
	what := "a formula in the cell failed"
	switch strings.ToUpper(c) {
	case "#N/A":
		what = "a lookup found nothing, or the value was marked not available"
	case "#REF!":
		what = "a formula refers to cells that were deleted"
	}
	return fmt.Sprintf("%s holds the spreadsheet error %s, not a value (%s): fix the formula or type the value", column, c, what)
}

// showFirstCells gives each whole-row problem that shows no value the
// row's first cells, so that the analyst can tell which vacancy it was
// (two rows sharing a row number are otherwise alike on Errors).
func showFirstCells(probs []compute.Problem, cells []string, unread []bool) {
	shown := ""
	for i := range probs {
		if probs[i].Column != "" || probs[i].Value != "" {
			continue
		}
		if shown == "" {
			shown = firstCells(cells, unread)
		}
		probs[i].Value = shown
	}
}

// firstCells is the row's first four cells that are not blank (nor
// unreadable), each cut to 40 characters, joined by " | ".
func firstCells(cells []string, unread []bool) string {
	var parts []string
	for i, c := range cells {
		if len(parts) == 4 {
			break
		}
		c = strings.TrimSpace(c)
		if c == "" || i < len(unread) && unread[i] {
			continue
		}
		parts = append(parts, shorten(c, 40))
	}
	return strings.Join(parts, " | ")
}
