package ingest

import (
	"fmt"
	"strings"

	"batch/pkg/compute"
)

// A total row below the vacancies ("Total", 12, =COUNTA(A2:A13)) is how a
// sheet is kept, not a vacancy: rejected, it failed every nightly run with
// --fail-on (issue 35). It is recognised by a cell that says total (or
// count) or holds an aggregate formula, on a row that names no cause and
// no office but that label: such a row is noted and not read, and, like
// a title above the header, not counted among the rows.

// totalWords are what a total row's label cell says, squashed; a label
// may go on ("Total vacancies: 12").
var totalWords = []string{"total", "totals", "grandtotal", "subtotal", "count", "sum", "sumtotal"}

// aggregateFuncs start the formulas a total row holds, as a CSV keeps the
// formula's text when it was saved with formulas shown.
var aggregateFuncs = []string{"SUM(", "COUNT(", "COUNTA(", "COUNTIF(", "COUNTIFS(", "SUBTOTAL(", "AGGREGATE("}

// totalLabel reports whether the cell is a total row's label.
func totalLabel(c string) bool {
	c = strings.TrimSpace(c)
	if c == "" || len(c) > 60 {
		return false
	}
	word, _, _ := strings.Cut(strings.ToLower(c), ":")
	k := squash(word)
	for _, w := range totalWords {
		if k == w {
			return true
		}
	}
	f := strings.Fields(strings.ToLower(word))
	return len(f) > 1 && (f[0] == "total" || f[0] == "totals" || f[0] == "grand" && f[1] == "total")
}

// aggregateText reports whether the cell is the text of an aggregate
// formula ("=COUNTA(A2:A13)").
func aggregateText(c string) bool {
	c = strings.TrimSpace(c)
	if !strings.HasPrefix(c, "=") {
		return false
	}
	c = strings.ToUpper(strings.TrimSpace(c[1:]))
	for _, f := range aggregateFuncs {
		if strings.HasPrefix(c, f) {
			return true
		}
	}
	return false
}

// aggregateFormula reports whether cell i, whose value is c, holds an
// aggregate formula: c is its text in a CSV saved with formulas shown; a
// workbook keeps the text in the cell's <f>, without the "=" and with
// "_xlfn." before a function newer than Excel 2007 (AGGREGATE).
func aggregateFormula(c string, formula func(i int) (string, bool), i int) bool {
	if aggregateText(c) {
		return true
	}
	if formula == nil {
		return false
	}
	text, ok := formula(i)
	return ok && aggregateText("="+strings.TrimPrefix(strings.TrimSpace(text), "_xlfn."))
}

// savedNumber reports whether workbook cell i holds a formula whose saved
// value, c, is a number.
func savedNumber(c string, formula func(i int) (string, bool), i int) bool {
	c = strings.TrimSpace(c)
	if c == "" || !looksNumeric(c) {
		return false
	}
	_, ok := formula(i)
	return ok
}

// totalRow says what makes the row a total row ("\"Total\" in column A, a
// formula in column F"), "" when it is not one. formula, when not nil,
// tells a workbook's formula cells and their text ("" for a shared
// formula's cells after the first).
func (p *rowParser) totalRow(cells []string, formula func(i int) (string, bool)) string {
	label, labelAt, aggAt := "", -1, -1
	for i, c := range cells {
		switch {
		case labelAt < 0 && totalLabel(c):
			label, labelAt = strings.TrimSpace(c), i
		case aggAt < 0 && (aggregateText(c) || formula != nil && savedNumber(c, formula, i)):
			aggAt = i
		}
	}
	if labelAt < 0 && aggAt < 0 {
		return ""
	}
	if labelAt < 0 {
		// A count without a label: only a row of numbers; and in the id
		// column only an aggregate formula (=COUNTA(A2:A13)), not one
		// filled down it (=ROW()-1), which marks a row left to fill.
		if aggAt == p.m.where[fVacancyID] && !aggregateFormula(cells[aggAt], formula, aggAt) {
			return ""
		}
		for _, c := range cells {
			if c = strings.TrimSpace(c); c != "" && !looksNumeric(c) && !aggregateText(c) {
				return ""
			}
		}
	}
	cell := func(f field) (string, int) {
		i := p.m.where[f]
		if i < 0 || i >= len(cells) {
			return "", i
		}
		return strings.TrimSpace(cells[i]), i
	}
	if cause, at := cell(fCause); cause != "" && at != labelAt && !looksNumeric(cause) && !aggregateText(cause) {
		if _, ok := parseCause(cause); ok {
			return ""
		}
		if _, _, ok := leadingCause(cause); ok {
			return ""
		}
	}
	if office, at := cell(fOffice); office != "" && at != labelAt && !looksNumeric(office) && !aggregateText(office) {
		return "" // an office is named: a vacancy's row, read as one
	}
	var what []string
	if labelAt >= 0 {
		what = append(what, fmt.Sprintf("%s in column %s", quote(label), columnLetters(labelAt+1)))
	}
	if aggAt >= 0 {
		what = append(what, fmt.Sprintf("a count or sum in column %s", columnLetters(aggAt+1)))
	}
	return strings.Join(what, ", ")
}

// totalNote notes a total row that was not read.
func (s *sink) totalNote(p *rowParser, row int, what string) {
	where := "row"
	if p.sheet == "" {
		where = "line"
	}
	s.note(compute.Problem{Source: compute.Source{File: p.file, Sheet: p.sheet},
		Message: fmt.Sprintf("%s %d is a total row (%s), not a vacancy: it was not read, nor counted among the rows", where, row, what)})
}
