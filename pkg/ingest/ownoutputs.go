package ingest

import (
	"fmt"
	"strings"
)

// The tool's own outputs given back as inputs (issue 35): its
// vacancies.csv was read without a word, the columns it computed carried
// through as if the analyst had typed them; its results.xlsx failed on
// its own Calendar sheet's codes. Each is now known by its header (or,
// for the workbook, its sheets) and refused, named as what it is
// (ownOutputProblem says why even the vacancies table is not read).

// ownTables are the header rows of the tool's tables (CONTRACT.md,
// Output), by the name of the file that holds them; export's test holds
// them to the tables the tool writes.
var ownTables = []struct {
	name string
	head []string
}{
	{"vacancies.csv", []string{"vacancy_id", "source", "office", "office_class", "district", "county",
		"incumbent", "cause", "event_date", "vacancy_date", "filling_method",
		"filling_election_date", "special_election_earliest", "special_election_latest",
		"appointment_until", "term_end", "next_deadline", "next_deadline_date", "conflicts",
		"severity", "basis", "explanation", "notes", "law_edition"}},
	{"deadlines.csv", []string{"vacancy_id", "code", "kind", "window_start", "statutory_date",
		"effective_date", "rolled_over", "applies", "reason", "status", "election_date", "citation"}},
	{"conflicts.csv", []string{"vacancy_id", "source", "severity", "code", "field", "message", "citation"}},
	{"errors.csv", []string{"source", "row", "column", "value", "message"}},
	{"changes.csv", []string{"priority", "kind", "date", "vacancy_id", "source", "office", "district",
		"county", "item", "old", "new", "severity", "cause"}},
	{"the list of batch check --format csv", []string{"vacancy_id", "source", "severity", "code", "field", "value", "message", "citation"}},
}

// OwnOutput names the table of the tool's outputs whose header row cells
// begin with ("vacancies.csv", "deadlines.csv", …), "" when they are no
// output's: every column of the table's header, in order, spelt as the
// tool writes it.
func OwnOutput(cells []string) string {
	for _, t := range ownTables {
		if len(cells) < len(t.head) {
			continue
		}
		same := true
		for i, h := range t.head {
			if strings.TrimSpace(cells[i]) != h {
				same = false
				break
			}
		}
		if same {
			return t.name
		}
	}
	return ""
}

// ownOutputProblem is the error for an input that is one of the tool's
// own outputs: named, and not read. The vacancies table is not read either:
// it lacks input columns (term_start, appointable, proclamation_date,
// special_election_date, special_session_date, next_full_term_year), so
// its vacancies computed again would lose their proclamations and special
// elections without a word.
func ownOutputProblem(name string) string {
	if name == ownTables[0].name || name == "results.xlsx" {
		return fmt.Sprintf("this is the tool's own %s (an output of batch run), so it is not read as input: it lacks the input columns term_start, appointable, proclamation_date, special_election_date, special_session_date and next_full_term_year, and its vacancies computed again would lose them; give the workbooks or CSV files the run was made from", name)
	}
	return fmt.Sprintf("this is the tool's own %s (an output of batch, not a list of vacancies), so it is not read: leave it out of the inputs, and give the workbooks or CSV files of vacancies", name)
}

// resultsSheets are the sheets of the tool's results.xlsx besides the
// vacancies: a workbook that holds Vacancies and most of these is taken
// for the tool's own.
var resultsSheets = []string{"Summary", "Deadlines", "Conflicts", "Errors", "Calendar", "Rules", "Column guide"}

// ownResults reports whether a workbook's sheets are those of the tool's
// results.xlsx: Vacancies, and at least four of resultsSheets (a split's
// or an older version's may lack some).
func ownResults(names []string) bool {
	vac, others := false, 0
	for _, n := range names {
		switch {
		case n == "Vacancies":
			vac = true
		case containsString(resultsSheets, n):
			others++
		}
	}
	return vac && others >= 4
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
