package compute

import "strings"

// The conflicts of reading the input rather than of the law: ingest and
// the pipeline make them, with these constructors, so that their codes and
// severities are the table's (conflictRules) and `batch rules` lists them.

// DateUnlikelyConflict is DATE_UNLIKELY on the column field: a date the
// row was read with, but one to check (message says why).
func DateUnlikelyConflict(field, message string) Conflict {
	return conflict(codeDateUnlikely, field, message, citeDataCheck)
}

// CauseGuessedConflict is CAUSE_GUESSED on the column field: a cause read
// from the known word the cell begins with.
func CauseGuessedConflict(field, message string) Conflict {
	return conflict(codeCauseGuessed, field, message, citeDataCheck)
}

// DuplicateIDConflict is the DUPLICATE_ID conflict of a row whose
// vacancy_id the rows others name (their sources) also give.
func DuplicateIDConflict(id string, others []string) Conflict {
	return conflict(codeDuplicateID, "vacancy_id",
		"The vacancy_id "+quoteText(id)+" is also given by "+strings.Join(others, ", ")+
			": two rows share it, so explain --id shows both, the next run's comparison may pair the wrong ones, and a calendar's events may be read as one. Give each vacancy an id of its own (a county prefix, such as ALB-1).",
		citeDataCheck)
}

// quoteText is s in double quotes.
func quoteText(s string) string { return "\"" + s + "\"" }
