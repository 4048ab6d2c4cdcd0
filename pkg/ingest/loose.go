package ingest

import (
	"fmt"
	"slices"
	"strings"
)

// A sheet with no header row is one of three things, told apart as its
// rows go by (looseSheet):
//   - the template's own guide or lists (batch template writes them):
//     skipped, never reported;
//   - prose, a "Read me" or "Notes": text in one or two columns, no cell
//     a date, no cell a cause: a note on the Summary and in summary.json,
//     not an error;
//   - anything else (a date, a cause, a row of three values or more): it
//     may hold vacancies, so it stays an error on Errors, with the row
//     that came closest to a header and what it misses.

// templateSheets are the first rows of the sheets batch template writes
// beside Vacancies (template.go), by sheet name.
var templateSheets = map[string][]string{
	strings.ToLower(templateGuide): templateGuideHeader,
	strings.ToLower(templateLists): templateListOrder,
}

// looseSheet watches the non-blank rows of a sheet that has shown no
// header yet.
type looseSheet struct {
	name        string
	rows        int // non-blank rows
	first, last int // their numbers
	template    bool
	// dataAt is the first row that makes the sheet more than prose, and
	// why; 0 while it reads as prose.
	dataAt  int
	dataWhy string
	// near is the row that came closest to a header, with its hints.
	nearRow   int
	nearHints []string
	nearScore int
	nearCells []string
	// The first non-blank row and its cells: what a header row that names
	// nothing the tool knows holds, for the message.
	firstCells []string
}

// row looks at one non-blank row; dateAt tells a real date cell.
func (l *looseSheet) row(n int, cells []string, dateAt func(i int, raw string) bool) {
	l.rows++
	if l.first == 0 {
		l.first = n
		l.firstCells = foundCells(cells)
		if want, ok := templateSheets[strings.ToLower(l.name)]; ok && slices.Equal(trimmed(cells), want) {
			l.template = true
		}
	}
	l.last = n
	l.nearHeader(n, cells)
	if l.dataAt != 0 {
		return
	}
	filled := 0
	for i, c := range cells {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		filled++
		switch {
		case dateAt != nil && dateAt(i, c):
			l.dataAt, l.dataWhy = n, fmt.Sprintf("column %s is a date cell", columnLetters(i+1))
		case isDateText(c):
			l.dataAt, l.dataWhy = n, fmt.Sprintf("%s in column %s is a date", quote(c), columnLetters(i+1))
		case isCauseText(c):
			l.dataAt, l.dataWhy = n, fmt.Sprintf("%s in column %s is a cause of vacancy", quote(c), columnLetters(i+1))
		}
		if l.dataAt != 0 {
			return
		}
	}
	if filled >= 3 {
		l.dataAt, l.dataWhy = n, fmt.Sprintf("it holds %d values side by side, a table", filled)
	}
}

// isDateText: the whole cell is a date in a form the tool reads.
func isDateText(s string) bool {
	if len(s) > 40 {
		return false
	}
	_, err := parseDateText(s)
	return err == nil
}

func isCauseText(s string) bool {
	if len(s) > 40 {
		return false
	}
	_, ok := parseCause(s)
	return ok
}

func trimmed(cells []string) []string {
	out := make([]string, 0, len(cells))
	for _, c := range cells {
		out = append(out, strings.TrimSpace(c))
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// nearHeader keeps the row that names the most contract columns, exactly
// or nearly, with a hint for each near miss ("Ofice": did you mean
// office?).
func (l *looseSheet) nearHeader(n int, cells []string) {
	score := 0
	var hints []string
	for _, c := range cells {
		c = strings.TrimSpace(c)
		if c == "" || len(c) > 60 {
			continue
		}
		if matchHeader(c) != fExtra {
			score++
			continue
		}
		if f := nearField(c); f != fExtra {
			score++
			hints = append(hints, fmt.Sprintf("%s: did you mean %s?", quote(c), fieldNames[f]))
		}
	}
	if score >= 2 && score > l.nearScore {
		l.nearRow, l.nearHints, l.nearScore = n, hints, score
		l.nearCells = foundCells(cells)
	}
}

// maxFoundCells bounds the headers a message lists.
const maxFoundCells = 12

// foundCells are a row's non-blank cells, as a message lists them.
func foundCells(cells []string) []string {
	var out []string
	for _, c := range cells {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// listFound is cells quoted and joined, at most maxFoundCells and the
// count of the rest.
func listFound(cells []string) string {
	var b strings.Builder
	for i, c := range cells {
		if i == maxFoundCells {
			fmt.Fprintf(&b, " and %d more", len(cells)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quote(shorten(c, 40)))
	}
	return b.String()
}

// headersFound says what the row nearest a header holds, with a "did you
// mean" for each cell that nearly names a column, or, when no row comes
// near, what the first row holds ("row"/"line" names the unit): ""
// when there is no row.
func (l *looseSheet) headersFound(unit string) string {
	switch {
	case l.nearRow != 0 && len(l.nearHints) > 0:
		return fmt.Sprintf("%s %d looks like the header, but %s (its headers: %s)", unit, l.nearRow, strings.Join(l.nearHints, "; "), listFound(l.nearCells))
	case l.nearRow != 0:
		return fmt.Sprintf("%s %d holds %s", unit, l.nearRow, listFound(l.nearCells))
	case len(l.firstCells) > 0:
		msg := fmt.Sprintf("%s %d, the first with values, holds %s", unit, l.first, listFound(l.firstCells))
		var hints []string
		for _, c := range l.firstCells {
			if f := nearField(c); f != fExtra {
				hints = append(hints, fmt.Sprintf("%s: did you mean %s?", quote(c), fieldNames[f]))
			}
		}
		if len(hints) > 0 {
			msg += "; " + strings.Join(hints, "; ")
		}
		return msg
	}
	return ""
}

// prose reports whether the sheet reads as notes, not data.
func (l *looseSheet) prose() bool { return !l.template && l.dataAt == 0 && l.nearScore < 2 }

// where is the sheet's rows in words: "row 3", "12 rows with values, rows 1 to 14".
func (l *looseSheet) where() string {
	if l.rows > 1 {
		return fmt.Sprintf("%d rows with values, rows %d to %d", l.rows, l.first, l.last)
	}
	return fmt.Sprintf("row %d", l.first)
}

// unreadMessage says why the sheet's data was not read, and what would
// make it read.
func (l *looseSheet) unreadMessage() string {
	msg := fmt.Sprintf("the sheet holds data (%s) but no header row naming at least office and cause, so none of it was read as vacancies", l.where())
	if l.nearRow != 0 && len(l.nearHints) > 0 {
		return msg + ": " + l.headersFound("row")
	}
	why := ""
	if l.dataAt != 0 {
		why = fmt.Sprintf(" (row %d: %s)", l.dataAt, l.dataWhy)
	}
	found := ""
	if h := l.headersFound("row"); h != "" {
		found = "; " + h
	}
	return msg + why + found + ": add the header row above the vacancies (see batch template), or move the sheet out of the workbook if it holds none"
}

// proseNote is the note for a sheet read as prose.
func (l *looseSheet) proseNote() string {
	return fmt.Sprintf("the sheet holds text (%s) but no header row, no date and no table: read as notes, not as vacancies; if it lists vacancies, add the header row above them (see batch template)", l.where())
}
