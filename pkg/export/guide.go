package export

import (
	"strings"

	"batch/pkg/compute"
)

// The column guide: the sheet that tells a recipient who never ran the
// tool what each column of the results means, and every value a coded
// column takes, one row per value. It is written in CONTRACT.md's words.

const guideSheet = "Column guide"

var guideColumns = []string{"table", "column", "value", "meaning"}

// guideRow is one line of the column guide; value is blank on the line
// that describes the column itself.
type guideRow struct{ table, column, value, meaning string }

// columnMeanings says what each contract column holds. A column the
// contract adds later and this list lacks is still listed, without words.
var columnMeanings = map[string]map[string]string{
	"Vacancies": {
		"vacancy_id":                "The vacancy's id as the input gives it; when the input gives none, its source.",
		"source":                    "Where the row came from: file:sheet:row for a workbook, file:row for a CSV file (the header is row 1).",
		"office":                    "The office, as the input names it.",
		"district":                  "The district, as the input gives it (leading zeros kept).",
		"county":                    "The county, one of New York's 62.",
		"incumbent":                 "The person whose office became vacant, as the input gives it.",
		"event_date":                "The date of the event the input gives (death, resignation, …): a date cell, or text such as 2027-03-01, 3/1/2027, March 1, 2027, 1 March 2027 or 1-Mar-27. A two-digit year is always 20YY (27 is 2027, 69 is 2069); numbers that read as two days (3.1.2027) are refused naming both. Any date of the row before 2009, or more than two years after the as-of date (term_end aside), is read with a DATE_UNLIKELY warning, which names the other century of a two-digit year.",
		"filling_election_date":     "The election that fills the vacancy: the general election, or the special election proclaimed.",
		"special_election_earliest": "With a proclamation: the first day the special election may be held.",
		"special_election_latest":   "With a proclamation: the last day the special election may be held.",
		"term_end":                  "The end of the term: given, or the office class's default.",
		"next_deadline":             "The code of the next open deadline on the as-of date (its row on Deadlines says more).",
		"conflicts":                 "The codes of the vacancy's conflicts, each once, the most severe first; a highlighted row's cell links to its most severe line on Conflicts.",
		"severity":                  "The most severe of the vacancy's conflicts.",
		"basis":                     "The statutes the decision rests on.",
		"explanation":               "The tool's own sentence: how it decided, in words.",
		"notes":                     "The analyst's notes from the input, carried through unchanged.",
		"appointing_authority":      "Who fills the vacancy by appointment, where someone does: the village's mayor, or its board of trustees for the office of mayor; the governor for a U.S. senator.",
		"remainder_election_date":   "After an interim election: the later general election that fills the rest of the term (New York City Charter, paragraph 2).",
	},
	"Deadlines": {
		"vacancy_id":     "The vacancy the deadline belongs to (its row on Vacancies).",
		"kind":           "Whether the deadline is a window or a single last day.",
		"statutory_date": "The last day as the statute counts it.",
		"applies":        "Whether the deadline applies to this vacancy (yes/no; unknown where it depends on rules the tool cannot see, such as a county committee's); reason says why not.",
		"reason":         "Why the deadline does not apply, or which rule replaced it.",
		"status":         "On the as-of date: open, passed, met or met_late (the input records it done); blank when the deadline does not apply. Only open rows need someone to act.",
		"verify":         "Blank when the date rests on text that was read or that the state board's calendar confirms; otherwise which rule is unverified and what to check the date against.",
		"election_date":  "The election the deadline serves.",
		"citation":       "The statute that sets the deadline.",
		"base_date":      "In a year whose one-year act or calendar input moved the deadline: the date the permanent formula gives; blank otherwise.",
	},
	"Conflicts": {
		"vacancy_id":         "The vacancy the conflict concerns; the cell links back to its row on Vacancies.",
		"source":             "Where the vacancy's row came from.",
		"severity":           "How much the conflict matters: error, warning or info.",
		"code":               "The conflict, a stable code; each is a row of Rules.",
		"field":              "The input column or deadline code the conflict concerns.",
		"message":            "What is wrong, and what to do, in words.",
		"citation":           "The statute behind the conflict.",
		"next_deadline_date": "The vacancy's next open deadline, the order of this sheet after severity.",
	},
	"Errors": {
		"source":  "The input file (and sheet) of the rejected row.",
		"row":     "The row number in that sheet or file; blank for a problem with the whole file.",
		"column":  "The input column that holds the bad value.",
		"value":   "The value as the input holds it.",
		"message": "What is wrong with it, in words.",
	},
	"Calendar": {
		"year":           "The year of the political calendar.",
		"code":           "primary, general, holiday, or a deadline code of the general election.",
		"window_start":   "For a window: its first day.",
		"statutory_date": "The day as the statute counts it.",
		"citation":       "The statute that sets the day.",
		"source":         "Where the date came from: built in, a calendar input, or the holiday's name.",
		"law_edition":    "The edition (and one-year act) that set the day.",
		"base_date":      "When a one-year act or calendar input moved the day: the permanent formula's date.",
	},
	"Rules": {
		"citation":      "The statute.",
		"words":         "The statute's own words (or, for a conflict code, its severity and when it is raised).",
		"counting":      "How the tool counts the date from its anchor.",
		"in_force_from": "The first day the rule is in force in this edition; blank: since before it.",
		"in_force_to":   "The last day it is in force; blank: still in force.",
		"note":          "How the tool reads the rule where the words leave a choice.",
		"edition":       "The editions (or one-year act) the rule belongs to, e.g. E2+E3+E4.",
		"offices":       "The office classes the rule is limited to; blank: every office.",
		"mark":          "How sure the data is: sourced (the words were read in a published copy), inferred, interpretation, or unsourced (flagged NEEDS_REVIEW where it decides a value).",
	},
}

// guideRows lists the whole guide: every column of every table in order,
// the values of the coded columns after the column's own line, and the
// carried-through columns. What names the law is the law's words (lw).
func guideRows(lw *lawWords, extra []string) []guideRow {
	var out []guideRow
	law := lw.guide()
	col := func(table, name string) {
		meaning, ok := law.Columns[table+"."+name]
		if !ok {
			meaning = columnMeanings[table][name]
		}
		if name == "law_edition" && table != "Calendar" {
			meaning = lw.editionsMeaning(table)
		}
		out = append(out, guideRow{table, name, "", meaning})
		for _, v := range law.Values[table+"."+name] {
			out = append(out, guideRow{table, name, v.Value, v.Meaning})
		}
	}
	vals := func(table, name string, values [][2]string) {
		for _, v := range values {
			out = append(out, guideRow{table, name, v[0], v[1]})
		}
	}
	for _, name := range vacancyColumns {
		col("Vacancies", name)
		if name == "severity" {
			vals("Vacancies", name, severityWords())
		}
	}
	for _, name := range extra {
		out = append(out, guideRow{"Vacancies", name, "", "A column of the input the contract does not name, carried through unchanged."})
	}
	for _, name := range deadlineColumns {
		col("Deadlines", name)
		switch name {
		case "code":
			for _, code := range lw.order {
				w := lw.of(code)
				done := "filed"
				switch w.verb {
				case "hold":
					done = "held"
				case "sign":
					done = "signed"
				case "issue":
					done = "issued"
				}
				meaning := strings.ToUpper(w.what[:1]) + w.what[1:] + "; " + done + " by " + w.who + "."
				if w.electionDay {
					meaning = "The window for " + w.what + "'s day: " + w.who + "."
				}
				out = append(out, guideRow{"Deadlines", name, code, meaning})
			}
		case "kind":
			vals("Deadlines", name, [][2]string{
				{string(compute.Window), "A period: not earlier than window_start, not later than effective_date."},
				{string(compute.LastDay), "A single last day: not later than effective_date."}})
		case "rolled_over":
			vals("Deadlines", name, [][2]string{{"yes", ""}, {"no", ""}})
		case "applies":
			vals("Deadlines", name, [][2]string{{"yes", ""}, {"no", ""},
				{"unknown", "Whether it applies depends on rules the tool cannot see (a village primary, held only where the county committee's rules require one); its dates are given."}})
		case "status":
			vals("Deadlines", name, [][2]string{
				{string(compute.Open), "The last day is on or after the as-of date, and the input does not record it done: someone must still act."},
				{string(compute.Passed), "The last day is before the as-of date (greyed)."},
				{string(compute.Met), "The input records it done on or before the last day: a proclamation_date for the duty to proclaim, a special_election_date for the special election's window (greyed)."},
				{string(compute.MetLate), "The input records it done after the last day (greyed; PROCLAMATION_LATE says so)."},
				{"(blank)", "The deadline does not apply (greyed)."}})
		}
	}
	for _, name := range conflictColumns {
		col("Conflicts", name)
		if name == "severity" {
			vals("Conflicts", name, severityWords()[:3])
		}
	}
	for _, name := range errorColumns {
		col("Errors", name)
	}
	for _, name := range calendarColumns {
		col("Calendar", name)
	}
	for _, name := range ruleColumns {
		col("Rules", name)
	}
	return out
}

// editionsMeaning is what law_edition holds, from the run's law: its
// editions, its one-year acts and its local laws' editions, a list no one
// keeps by hand, which a new edition joins by itself. A law fixed to one
// edition (--edition) holds that one and the acts that sit on it.
func (lw *lawWords) editionsMeaning(table string) string {
	law := lw.law
	if law == nil {
		return ""
	}
	var editions, locals []string
	last := ""
	for _, e := range law.Editions {
		name := e.Act
		if name == "" {
			name = e.Cite
		}
		editions = append(editions, e.ID+" "+name)
		last = e.ID
	}
	acts := ""
	if n := len(law.Acts); n > 0 {
		acts = law.Acts[0].ID
		if n > 1 {
			acts += " … " + law.Acts[n-1].ID
		}
		last += "+" + law.Acts[n-1].ID
	}
	if table == "Deadlines" {
		return "The edition (and one-year act, e.g. " + last + ") that set this deadline's dates."
	}
	for _, rg := range law.Regimes {
		var ids []string
		for _, e := range rg.Editions {
			ids = append(ids, e.ID)
		}
		if len(ids) > 0 {
			locals = append(locals, strings.Join(ids, ", ")+" "+rg.Named)
		}
	}
	every := "every edition"
	if len(editions) == 1 {
		every = "the edition" // a law fixed to one (--edition)
	}
	s := "Which law decided the row: " + every + " (" + strings.Join(editions, ", ") + ")"
	if acts != "" {
		s += ", one-year act (" + acts + ")"
	}
	if len(locals) > 0 {
		s += " and local law's edition (" + strings.Join(locals, "; ") + ")"
	}
	return s + " that decided a value of it, oldest first, joined by +."
}

func severityWords() [][2]string {
	out := make([][2]string, len(severityLegend))
	for i, l := range severityLegend {
		out[i] = [2]string{l.severity, l.meaning}
	}
	return out
}
