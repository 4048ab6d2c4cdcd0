package export

import (
	"maps"
	"slices"
	"testing"

	"batch/internal/strmemo"
	"batch/pkg/compute"
)

// Each cold table's row is made by column name from the contract's list:
// every column has its cell, and no cell is for a column the list lacks (a
// misspelt name would write a blank column).
func TestEveryColumnHasItsCell(t *testing.T) {
	for _, table := range []struct {
		name    string
		columns []string
		cells   []string
	}{
		{"Errors", errorColumns, slices.Collect(maps.Keys(errorCellBy))},
		{"Calendar", calendarColumns, slices.Collect(maps.Keys(calendarCellBy))},
		{"Rules", ruleColumns, slices.Collect(maps.Keys(ruleCellBy))},
		{"Changes", changeColumns, slices.Collect(maps.Keys(changeCellBy))},
	} {
		for _, c := range table.columns {
			if !slices.Contains(table.cells, c) {
				t.Errorf("%s: column %s has no cell", table.name, c)
			}
		}
		for _, c := range table.cells {
			if !slices.Contains(table.columns, c) {
				t.Errorf("%s: a cell for %s, which is not a column", table.name, c)
			}
		}
	}
}

// The Column guide says what every column of the contract's tables holds:
// a column added to a table is added to the guide, in the outputs' words
// or, where it names the law, in the law's (compute.Guide).
func TestEveryContractColumnHasWordsInTheColumnGuide(t *testing.T) {
	meaning := map[string]string{}
	for _, g := range guideRows(ny, nil) {
		if g.value == "" {
			meaning[g.table+"."+g.column] = g.meaning
		}
	}
	for table, columns := range map[string][]string{"Vacancies": vacancyColumns, "Deadlines": deadlineColumns,
		"Conflicts": conflictColumns, "Errors": errorColumns, "Calendar": calendarColumns, "Rules": ruleColumns} {
		for _, c := range columns {
			if meaning[table+"."+c] == "" {
				t.Errorf("%s.%s has no words in the Column guide", table, c)
			}
		}
	}
}

// The hot tables' rows are made by column name through each name's id: a
// row of a vacancy, a deadline and a conflict that hold a value in every
// field has a value in every column, whatever the list's order.
func TestEveryColumnOfTheHotTablesIsWritten(t *testing.T) {
	for name, cols := range map[string][]string{"Vacancies": vacancyColumns, "Deadlines": deadlineColumns, "Conflicts": conflictColumns} {
		for _, c := range cols {
			if columnIDs[c] == colNone {
				t.Errorf("%s: column %s has no id", name, c)
			}
		}
	}
	r := fullResult()
	check := func(table string, cols []string, row []value) {
		t.Helper()
		if len(row) != len(cols) {
			t.Fatalf("%s: %d cells for %d columns", table, len(row), len(cols))
		}
		for i, v := range row {
			if v.kind == textCell && v.text == "" || v.kind == dateCell && v.date.IsZero() {
				t.Errorf("%s: column %s is blank", table, cols[i])
			}
		}
	}
	check("Vacancies", vacancyColumns, vacancyRowFrom(nil, &vacancyOf{r: &r, src: text("v.csv:2")}, nil))
	var clean strmemo.Set
	check("Deadlines", deadlineColumns, appendDeadlineRow(nil, &deadlineOf{id: "NY-1", d: &r.Deadlines[0], clean: &clean}))
	check("Conflicts", conflictColumns, conflictRow(nil, &conflictOf{id: "NY-1", src: text("v.csv:2"), c: &r.Conflicts[0], next: r.NextDeadlineDate}))
}

// A result with a value in every field the outputs write.
func fullResult() compute.Result {
	day := d(2027, 3, 1)
	return compute.Result{
		Vacancy: compute.Vacancy{ID: "NY-1", Office: "Mayor", Class: compute.Village, District: "Village of Sidney",
			County: "Delaware", Incumbent: "A. B.", Cause: compute.Death, EventDate: day, Notes: "n"},
		VacancyDate: day, Method: compute.AppointmentThenElection, FillingElection: day, SpecialEarliest: day,
		SpecialLatest: day, AppointmentUntil: day, TermEnd: day, NextDeadline: "village_caucus", NextDeadlineDate: day,
		Basis: "b", Explanation: "e", LawEdition: "V0", GoverningLaw: "village_law", AppointingAuthority: "mayor",
		ProclaimingOfficer: "mayor", RemainderElection: day, CharterParagraph: "2",
		Deadlines: []compute.Deadline{{Code: "village_caucus", Kind: compute.Window, WindowStart: day, Statutory: day,
			Effective: day, RolledOver: true, Applies: true, Reason: "r", Status: compute.Open, ElectionDate: day,
			Citation: "c", LawEdition: "V0", BaseDate: day, Verify: "v"}},
		Conflicts: []compute.Conflict{{Code: "NEEDS_INPUT", Severity: compute.Warning, Field: "f", Message: "m", Citation: "c"}},
	}
}

// BenchmarkDeadlineRow: a Deadlines row through its columns' ids (what
// the export writes), against a call per cell and a literal row of the
// same cells (the plain form the ids replaced; the cells are the same,
// TestEveryColumnOfTheHotTablesIsWritten).
func BenchmarkDeadlineRow(b *testing.B) {
	r := fullResult()
	var clean strmemo.Set
	x := deadlineOf{id: "NY-1", d: &r.Deadlines[0], clean: &clean}
	var dst []value
	b.Run("ids", func(b *testing.B) {
		for b.Loop() {
			dst = appendDeadlineRow(dst[:0], &x)
		}
	})
	cells := []func(*deadlineOf) value{}
	for range deadlineColumns {
		cells = append(cells, func(x *deadlineOf) value { return textSeen(x.d.Code, x.clean) })
	}
	b.Run("a call per cell", func(b *testing.B) {
		for b.Loop() {
			dst = dst[:0]
			for _, c := range cells {
				dst = append(dst, c(&x))
			}
		}
	})
	b.Run("literal", func(b *testing.B) {
		for b.Loop() {
			d := x.d
			dst = append(dst[:0], textSeen(x.id, &clean), textSeen(d.Code, &clean), textSeen(string(d.Kind), &clean),
				date(d.WindowStart), date(d.Statutory), date(d.Effective), yesNo(d.RolledOver), yesNo(d.Applies),
				textSeen(d.Reason, &clean), textSeen(string(d.Status), &clean), date(d.ElectionDate),
				textSeen(d.Citation, &clean), textSeen(d.LawEdition, &clean), date(d.BaseDate), textSeen(d.Verify, &clean))
		}
	})
}
