package export

import (
	"strconv"
	"unicode/utf8"

	"batch/pkg/compute"
)

// guardText defuses spreadsheet formula injection: text a spreadsheet would
// read as a formula (or as a DDE/"@" call) gets an apostrophe in front, in
// the workbook and in the CSV files alike. Only text passes through here;
// numbers and dates the tool writes stay typed.
func guardText(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	case 0xEF: // the full-width forms all start with this byte in UTF-8
		r, _ := utf8.DecodeRuneInString(s)
		switch r {
		case '＝', '＋', '－', '＠':
			return "'" + s
		}
	}
	return s
}

// cellKind is what a cell holds once written.
type cellKind uint8

const (
	textCell cellKind = iota // text, guarded; "" writes no cell
	dateCell                 // a civil date; zero writes no cell
	intCell                  // a whole number
)

// value is one output cell before it becomes CSV text or a workbook cell:
// the tables are built once and written to both.
type value struct {
	kind cellKind
	text string
	date compute.Date
	n    int
}

func text(s string) value       { return value{kind: textCell, text: s} }
func date(d compute.Date) value { return value{kind: dateCell, date: d} }
func number(n int) value        { return value{kind: intCell, n: n} }
func (v value) empty() bool {
	return (v.kind == textCell && v.text == "") || (v.kind == dateCell && v.date.IsZero())
}
func (v value) String() string { return v.csv() }

// yesNo writes a boolean the way the contract spells it.
func yesNo(b bool) value {
	if b {
		return text("yes")
	}
	return text("no")
}

func numberOrBlank(n int) value {
	if n == 0 {
		return text("")
	}
	return number(n)
}

// csv is the cell as CSV text: guarded text, ISO dates, decimal numbers.
func (v value) csv() string {
	switch v.kind {
	case dateCell:
		return v.date.String()
	case intCell:
		return strconv.Itoa(v.n)
	}
	return guardText(v.text)
}
