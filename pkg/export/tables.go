package export

import (
	"strings"

	"batch/internal/strmemo"
	"batch/pkg/compute"
)

// The contract's columns (CONTRACT.md, Output), in order. Scripts read
// these names: add, never rename or reorder.
var (
	vacancyColumns = []string{"vacancy_id", "source", "office", "office_class", "district", "county",
		"incumbent", "cause", "event_date", "vacancy_date", "filling_method",
		"filling_election_date", "special_election_earliest", "special_election_latest",
		"appointment_until", "term_end", "next_deadline", "next_deadline_date", "conflicts",
		"severity", "basis", "explanation", "notes", "law_edition",
		// issue 34: which law governs, and who acts under it
		"governing_law", "appointing_authority", "proclaiming_officer", "remainder_election_date", "charter_paragraph"}
	deadlineColumns = []string{"vacancy_id", "code", "kind", "window_start", "statutory_date",
		"effective_date", "rolled_over", "applies", "reason", "status", "election_date", "citation",
		"law_edition", "base_date", "verify"}
	conflictColumns = []string{"vacancy_id", "source", "severity", "code", "field", "message", "citation",
		"next_deadline_date"}
	errorColumns    = []string{"source", "row", "column", "value", "message"}
	calendarColumns = []string{"year", "code", "window_start", "statutory_date", "effective_date",
		"citation", "source", "law_edition", "base_date"}
	ruleColumns = []string{"code", "citation", "words", "counting", "roll_over", "in_force_from",
		"in_force_to", "note", "edition", "offices", "mark"}
)

// cellsOf is a table's cells in its columns' order, from the cells by
// column name: the column list is the one source of the table's order.
// A column with no cell writes blank (TestEveryColumnHasItsCell).
func cellsOf[T any](columns []string, by map[string]func(T) value) []func(T) value {
	out := make([]func(T) value, len(columns))
	for i, c := range columns {
		if out[i] = by[c]; out[i] == nil {
			out[i] = func(T) value { return text("") }
		}
	}
	return out
}

// Header is a copy of the header row of one of the contract's tables
// ("Vacancies", "Deadlines", "Conflicts", "Errors", "Calendar", "Rules"),
// without the carried-through columns; nil for any other name. The
// performance floor writes the same columns through it.
func Header(table string) []string {
	cols := map[string][]string{"Vacancies": vacancyColumns, "Deadlines": deadlineColumns,
		"Conflicts": conflictColumns, "Errors": errorColumns, "Calendar": calendarColumns,
		"Rules": ruleColumns}[table]
	if cols == nil {
		return nil
	}
	return append([]string(nil), cols...)
}

// MaxCarriedColumns is how many carried-through columns the Vacancies
// sheet of results.xlsx holds: Excel's 16,384 columns less the contract's
// own. CSV has no such limit.
func MaxCarriedColumns() int { return excelColumnLimit - len(vacancyColumns) }

// excelColumnLimit is Excel's 16,384 columns a sheet (A to XFD).
const excelColumnLimit = 1 << 14

// Column positions the workbook styles individually.
const (
	vacConflictsCol    = 18 // "conflicts": links to the vacancy's most severe line on Conflicts
	dlEffectiveCol     = 5  // "effective_date": marked when rolled over
	dlStatusCol        = 9  // "status"
	dlCodeCol          = 1
	conflictMessageCol = 5
)

// vacancyRowFrom fills dst with one Vacancies row: the contract's columns,
// then the extra columns by name (blank where the row has no such field);
// source is the row's source, already guarded (its conflicts write it
// too).
func vacancyRowFrom(dst []value, r *compute.Result, extra []string, source value) []value {
	v := &r.Vacancy
	dst = append(dst[:0],
		text(v.ID), source, text(v.Office), text(string(v.Class)),
		text(v.District), text(v.County), text(v.Incumbent), text(string(v.Cause)),
		date(v.EventDate), date(r.VacancyDate), text(string(r.Method)),
		date(r.FillingElection), date(r.SpecialEarliest), date(r.SpecialLatest),
		date(r.AppointmentUntil), date(r.TermEnd), text(r.NextDeadline), date(r.NextDeadlineDate),
		text(conflictCodes(r)), text(r.Severity().String()), text(r.Basis), text(r.Explanation),
		text(v.Notes), text(r.LawEdition),
		text(r.GoverningLaw), text(r.AppointingAuthority), text(r.ProclaimingOfficer), date(r.RemainderElection), text(r.CharterParagraph))
	if len(v.Extra)*len(extra) <= 1024 {
		for _, name := range extra {
			dst = append(dst, text(extraValue(v.Extra, name)))
		}
		return dst
	}
	// A wide input (thousands of carried columns) would make the lookup by
	// name quadratic per row: index the row's fields by name once instead.
	at := make(map[string]int, len(v.Extra))
	for i := len(v.Extra) - 1; i >= 0; i-- { // backwards, so the first wins
		at[v.Extra[i].Name] = i
	}
	for _, name := range extra {
		s := ""
		if i, ok := at[name]; ok {
			s = v.Extra[i].Value
		}
		dst = append(dst, text(s))
	}
	return dst
}

// extraValue is the value of the carried-through column name, matched
// exactly; the first one wins when a name repeats.
func extraValue(fields []compute.Field, name string) string {
	for _, f := range fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// appendDeadlineRow appends one deadline's row to dst; clean remembers
// the texts the guard left as they were (textSeen).
func appendDeadlineRow(dst []value, vacancyID string, d *compute.Deadline, clean *strmemo.Set) []value {
	applies := yesNo(d.Applies)
	if d.Unknown {
		applies = text("unknown")
	}
	return append(dst,
		textSeen(vacancyID, clean), textSeen(d.Code, clean), textSeen(string(d.Kind), clean), date(d.WindowStart),
		date(d.Statutory), date(d.Effective), yesNo(d.RolledOver), applies, textSeen(d.Reason, clean),
		textSeen(string(d.Status), clean), date(d.ElectionDate), textSeen(d.Citation, clean), textSeen(d.LawEdition, clean), date(d.BaseDate),
		textSeen(d.Verify, clean))
}

// conflictRow is one conflict's row; source is the vacancy's, guarded.
func conflictRow(dst []value, r *compute.Result, c *compute.Conflict, source value) []value {
	v := &r.Vacancy
	return append(dst[:0],
		text(v.ID), source, text(c.Severity.String()), text(c.Code),
		text(c.Field), text(c.Message), text(c.Citation), date(r.NextDeadlineDate))
}

// conflictCodes is the vacancy's conflicts cell: each code once, the most
// severe first, then in the order found. A vacancy with two deadlines
// moved by § 1-106 lists ROLLED_OVER once; Conflicts has both lines.
func conflictCodes(r *compute.Result) string {
	var b strings.Builder
	for _, sev := range []compute.Severity{compute.Error, compute.Warning, compute.Info, compute.NoSeverity} {
		for i := range r.Conflicts {
			c := &r.Conflicts[i]
			if c.Severity != sev || firstOfCode(r.Conflicts, i) != i {
				continue
			}
			if b.Len() > 0 {
				b.WriteString(", ")
			}
			b.WriteString(c.Code)
		}
	}
	return b.String()
}

// firstOfCode is the index of the first conflict with the code of
// conflicts[i] and its severity or worse, so each code is listed once,
// where it is most severe.
func firstOfCode(conflicts []compute.Conflict, i int) int {
	best := i
	for j := range conflicts {
		if conflicts[j].Code != conflicts[i].Code {
			continue
		}
		if conflicts[j].Severity > conflicts[best].Severity || (conflicts[j].Severity == conflicts[best].Severity && j < best) {
			best = j
		}
	}
	return best
}

// errorRow is one Errors row. Its source is "file:sheet" ("file" for CSV):
// the row number has a column of its own, a number, blank for a problem
// with the whole file.
func errorRow(dst []value, p *compute.Problem) []value {
	src := p.Source.File
	if p.Source.Sheet != "" {
		src += ":" + p.Source.Sheet
	}
	return append(dst[:0],
		text(src), numberOrBlank(p.Source.Row), text(p.Column), text(p.Value), text(p.Message))
}

func calendarRow(dst []value, year int, it *compute.CalendarItem) []value {
	return append(dst[:0],
		number(year), text(it.Code), date(it.WindowStart), date(it.Statutory), date(it.Effective),
		text(it.Citation), text(it.Source), text(it.LawEdition), date(it.BaseDate))
}

func ruleRow(dst []value, r *compute.Rule) []value {
	return append(dst[:0],
		text(r.Code), text(r.Citation), text(r.Words), text(r.Counting), yesNo(r.RollOver),
		date(r.InForceFrom), date(r.InForceTo), text(r.Note), text(r.Edition), text(r.Offices), text(string(r.Mark)))
}

// columnCaps are the widest some columns get, in characters; longer text
// wraps within the column and its row grows. They keep the widest table,
// Vacancies with its carried-through columns, narrow enough to print on
// few pages across (pagesWide). A text column not named here is capped at
// defaultCap, every column at xlsx.MaxWidth.
var columnCaps = map[string]float64{
	"vacancy_id": 14, "source": 14, "office": 18, "office_class": 19, "district": 10, "county": 12,
	"incumbent": 14, "cause": 18, "filling_method": 18, "next_deadline": 21, "conflicts": 16,
	"severity": 9, "basis": 24, "explanation": 40, "notes": 22,
	"code": 40, "kind": 9, "reason": 40, "status": 8, "citation": 20, "verify": 20,
	"field": 24, "message": 60,
	"column": 26, "value": 40,
	"words": 60, "counting": 36, "note": 50,
	"table": 11, "meaning": 70,
}

const defaultCap = 18

func columnCap(header string) float64 {
	if c, ok := columnCaps[header]; ok {
		return c
	}
	return defaultCap
}
