package export

import (
	"slices"
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

// Column positions the workbook styles individually, by name.
var (
	vacConflictsCol = slices.Index(vacancyColumns, "conflicts")       // links to the vacancy's most severe line on Conflicts
	dlEffectiveCol  = slices.Index(deadlineColumns, "effective_date") // marked when rolled over
	cfIDCol         = slices.Index(conflictColumns, "vacancy_id")     // links back to the vacancy's row
)

// Each table's row is made by column name, in its columns' order (the
// lists above): the cold tables from a cell for each name (cellsOf), the
// three a run writes a row of per vacancy, deadline and conflict from the
// name's id (idsOf) through a switch: a row of Deadlines costs about a
// tenth more than a literal row would, and half what a call per cell
// costs (BenchmarkDeadlineRow).

// colID is a column of the contract's tables, known by its name
// (columnIDs); colNone, a name that has none, writes blank.
type colID uint8

const (
	colNone colID = iota
	colVacancyID
	colSource
	colOffice
	colOfficeClass
	colDistrict
	colCounty
	colIncumbent
	colCause
	colEventDate
	colVacancyDate
	colFillingMethod
	colFillingElectionDate
	colSpecialEarliest
	colSpecialLatest
	colAppointmentUntil
	colTermEnd
	colNextDeadline
	colNextDeadlineDate
	colConflicts
	colSeverity
	colBasis
	colExplanation
	colNotes
	colLawEdition
	colGoverningLaw
	colAppointingAuthority
	colProclaimingOfficer
	colRemainderElectionDate
	colCharterParagraph
	colCode
	colKind
	colWindowStart
	colStatutoryDate
	colEffectiveDate
	colRolledOver
	colApplies
	colReason
	colStatus
	colElectionDate
	colCitation
	colBaseDate
	colVerify
	colField
	colMessage
)

// columnIDs are the ids of the columns a switch writes, by name.
var columnIDs = map[string]colID{
	"vacancy_id": colVacancyID, "source": colSource, "office": colOffice, "office_class": colOfficeClass,
	"district": colDistrict, "county": colCounty, "incumbent": colIncumbent, "cause": colCause,
	"event_date": colEventDate, "vacancy_date": colVacancyDate, "filling_method": colFillingMethod,
	"filling_election_date": colFillingElectionDate, "special_election_earliest": colSpecialEarliest,
	"special_election_latest": colSpecialLatest, "appointment_until": colAppointmentUntil, "term_end": colTermEnd,
	"next_deadline": colNextDeadline, "next_deadline_date": colNextDeadlineDate, "conflicts": colConflicts,
	"severity": colSeverity, "basis": colBasis, "explanation": colExplanation, "notes": colNotes,
	"law_edition": colLawEdition, "governing_law": colGoverningLaw, "appointing_authority": colAppointingAuthority,
	"proclaiming_officer": colProclaimingOfficer, "remainder_election_date": colRemainderElectionDate,
	"charter_paragraph": colCharterParagraph, "code": colCode, "kind": colKind, "window_start": colWindowStart,
	"statutory_date": colStatutoryDate, "effective_date": colEffectiveDate, "rolled_over": colRolledOver,
	"applies": colApplies, "reason": colReason, "status": colStatus, "election_date": colElectionDate,
	"citation": colCitation, "base_date": colBaseDate, "verify": colVerify, "field": colField, "message": colMessage,
}

// idsOf is the ids of a table's columns, in its order.
func idsOf(columns []string) []colID {
	out := make([]colID, len(columns))
	for i, c := range columns {
		out[i] = columnIDs[c]
	}
	return out
}

var vacancyIDs, deadlineIDs, conflictIDs = idsOf(vacancyColumns), idsOf(deadlineColumns), idsOf(conflictColumns)

// vacancyOf is what a Vacancies row is made of: the result, and its
// source already guarded (its conflicts write it too).
type vacancyOf struct {
	r   *compute.Result
	src value
}

// vacancyRowFrom fills dst with one Vacancies row: the contract's columns,
// then the extra columns by name (blank where the row has no such field).
func vacancyRowFrom(dst []value, x *vacancyOf, extra []string) []value {
	r := x.r
	v := &r.Vacancy
	dst = dst[:0]
	for _, id := range vacancyIDs {
		switch id {
		case colVacancyID:
			dst = append(dst, text(v.ID))
		case colSource:
			dst = append(dst, x.src)
		case colOffice:
			dst = append(dst, text(v.Office))
		case colOfficeClass:
			dst = append(dst, text(string(v.Class)))
		case colDistrict:
			dst = append(dst, text(v.District))
		case colCounty:
			dst = append(dst, text(v.County))
		case colIncumbent:
			dst = append(dst, text(v.Incumbent))
		case colCause:
			dst = append(dst, text(string(v.Cause)))
		case colEventDate:
			dst = append(dst, date(v.EventDate))
		case colVacancyDate:
			dst = append(dst, date(r.VacancyDate))
		case colFillingMethod:
			dst = append(dst, text(string(r.Method)))
		case colFillingElectionDate:
			dst = append(dst, date(r.FillingElection))
		case colSpecialEarliest:
			dst = append(dst, date(r.SpecialEarliest))
		case colSpecialLatest:
			dst = append(dst, date(r.SpecialLatest))
		case colAppointmentUntil:
			dst = append(dst, date(r.AppointmentUntil))
		case colTermEnd:
			dst = append(dst, date(r.TermEnd))
		case colNextDeadline:
			dst = append(dst, text(r.NextDeadline))
		case colNextDeadlineDate:
			dst = append(dst, date(r.NextDeadlineDate))
		case colConflicts:
			dst = append(dst, text(conflictCodes(r)))
		case colSeverity:
			dst = append(dst, text(r.Severity().String()))
		case colBasis:
			dst = append(dst, text(r.Basis))
		case colExplanation:
			dst = append(dst, text(r.Explanation))
		case colNotes:
			dst = append(dst, text(v.Notes))
		case colLawEdition:
			dst = append(dst, text(r.LawEdition))
		case colGoverningLaw:
			dst = append(dst, text(r.GoverningLaw))
		case colAppointingAuthority:
			dst = append(dst, text(r.AppointingAuthority))
		case colProclaimingOfficer:
			dst = append(dst, text(r.ProclaimingOfficer))
		case colRemainderElectionDate:
			dst = append(dst, date(r.RemainderElection))
		case colCharterParagraph:
			dst = append(dst, text(r.CharterParagraph))
		default:
			dst = append(dst, text(""))
		}
	}
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

// deadlineOf is what a Deadlines row is made of: its vacancy's id, the
// deadline, and the texts the guard left as they were (textSeen: the
// law's texts repeat on every row).
type deadlineOf struct {
	id    string
	d     *compute.Deadline
	clean *strmemo.Set
}

// appendDeadlineRow appends one deadline's row to dst.
func appendDeadlineRow(dst []value, x *deadlineOf) []value {
	d, clean := x.d, x.clean
	for _, id := range deadlineIDs {
		switch id {
		case colVacancyID:
			dst = append(dst, textSeen(x.id, clean))
		case colCode:
			dst = append(dst, textSeen(d.Code, clean))
		case colKind:
			dst = append(dst, textSeen(string(d.Kind), clean))
		case colWindowStart:
			dst = append(dst, date(d.WindowStart))
		case colStatutoryDate:
			dst = append(dst, date(d.Statutory))
		case colEffectiveDate:
			dst = append(dst, date(d.Effective))
		case colRolledOver:
			dst = append(dst, yesNo(d.RolledOver))
		case colApplies:
			if d.Unknown {
				dst = append(dst, text("unknown"))
			} else {
				dst = append(dst, yesNo(d.Applies))
			}
		case colReason:
			dst = append(dst, textSeen(d.Reason, clean))
		case colStatus:
			dst = append(dst, textSeen(string(d.Status), clean))
		case colElectionDate:
			dst = append(dst, date(d.ElectionDate))
		case colCitation:
			dst = append(dst, textSeen(d.Citation, clean))
		case colLawEdition:
			dst = append(dst, textSeen(d.LawEdition, clean))
		case colBaseDate:
			dst = append(dst, date(d.BaseDate))
		case colVerify:
			dst = append(dst, textSeen(d.Verify, clean))
		default:
			dst = append(dst, text(""))
		}
	}
	return dst
}

// conflictOf is what a Conflicts row is made of: the vacancy's id and
// source (guarded), the conflict and the vacancy's next deadline.
type conflictOf struct {
	id   string
	src  value
	c    *compute.Conflict
	next compute.Date
}

// conflictRow is one conflict's row.
func conflictRow(dst []value, x *conflictOf) []value {
	dst = dst[:0]
	for _, id := range conflictIDs {
		switch id {
		case colVacancyID:
			dst = append(dst, text(x.id))
		case colSource:
			dst = append(dst, x.src)
		case colSeverity:
			dst = append(dst, text(x.c.Severity.String()))
		case colCode:
			dst = append(dst, text(x.c.Code))
		case colField:
			dst = append(dst, text(x.c.Field))
		case colMessage:
			dst = append(dst, text(x.c.Message))
		case colCitation:
			dst = append(dst, text(x.c.Citation))
		case colNextDeadlineDate:
			dst = append(dst, date(x.next))
		default:
			dst = append(dst, text(""))
		}
	}
	return dst
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

// Errors' source is "file:sheet" ("file" for CSV): the row number has a
// column of its own, a number, blank for a problem with the whole file.
var errorCellBy = map[string]func(p *compute.Problem) value{
	"source": func(p *compute.Problem) value {
		if p.Source.Sheet != "" {
			return text(p.Source.File + ":" + p.Source.Sheet)
		}
		return text(p.Source.File)
	},
	"row":     func(p *compute.Problem) value { return numberOrBlank(p.Source.Row) },
	"column":  func(p *compute.Problem) value { return text(p.Column) },
	"value":   func(p *compute.Problem) value { return text(p.Value) },
	"message": func(p *compute.Problem) value { return text(p.Message) },
}

var errorCells = cellsOf(errorColumns, errorCellBy)

// errorRow is one Errors row.
func errorRow(dst []value, p *compute.Problem) []value {
	dst = dst[:0]
	for _, cell := range errorCells {
		dst = append(dst, cell(p))
	}
	return dst
}

// calendarOf is a Calendar row's: the year and one of its items.
type calendarOf struct {
	year int
	it   *compute.CalendarItem
}

var calendarCellBy = map[string]func(x *calendarOf) value{
	"year":           func(x *calendarOf) value { return number(x.year) },
	"code":           func(x *calendarOf) value { return text(x.it.Code) },
	"window_start":   func(x *calendarOf) value { return date(x.it.WindowStart) },
	"statutory_date": func(x *calendarOf) value { return date(x.it.Statutory) },
	"effective_date": func(x *calendarOf) value { return date(x.it.Effective) },
	"citation":       func(x *calendarOf) value { return text(x.it.Citation) },
	"source":         func(x *calendarOf) value { return text(x.it.Source) },
	"law_edition":    func(x *calendarOf) value { return text(x.it.LawEdition) },
	"base_date":      func(x *calendarOf) value { return date(x.it.BaseDate) },
}

var calendarCells = cellsOf(calendarColumns, calendarCellBy)

func calendarRow(dst []value, x *calendarOf) []value {
	dst = dst[:0]
	for _, cell := range calendarCells {
		dst = append(dst, cell(x))
	}
	return dst
}

var ruleCellBy = map[string]func(r *compute.Rule) value{
	"code":          func(r *compute.Rule) value { return text(r.Code) },
	"citation":      func(r *compute.Rule) value { return text(r.Citation) },
	"words":         func(r *compute.Rule) value { return text(r.Words) },
	"counting":      func(r *compute.Rule) value { return text(r.Counting) },
	"roll_over":     func(r *compute.Rule) value { return yesNo(r.RollOver) },
	"in_force_from": func(r *compute.Rule) value { return date(r.InForceFrom) },
	"in_force_to":   func(r *compute.Rule) value { return date(r.InForceTo) },
	"note":          func(r *compute.Rule) value { return text(r.Note) },
	"edition":       func(r *compute.Rule) value { return text(r.Edition) },
	"offices":       func(r *compute.Rule) value { return text(r.Offices) },
	"mark":          func(r *compute.Rule) value { return text(string(r.Mark)) },
}

var ruleCells = cellsOf(ruleColumns, ruleCellBy)

func ruleRow(dst []value, r *compute.Rule) []value {
	dst = dst[:0]
	for _, cell := range ruleCells {
		dst = append(dst, cell(r))
	}
	return dst
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
