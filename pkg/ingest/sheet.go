package ingest

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"batch/internal/printable"
	"batch/pkg/compute"
	"batch/pkg/ingest/internal/sheetscan"
)

// sheetRows reads the <row> elements of one worksheet part in document
// order, one at a time: every element is a row, whatever its number says.
// The XML is read by sheetscan, one pass over the part after the check's,
// or, with Options.CheckAsRead, one pass that checks as it reads
// (sheetscan's doc says why).
type sheetRows struct {
	wb   *workbook
	name string
	rc   io.ReadCloser
	sc   *sheetscan.Scanner

	num    int      // the current row's number
	cells  []string // the current row's values by 0-based column, "" where there is no cell
	styles []int    // cell format of each cell
	types  []byte   // 'n' number (or no type), 'd' ISO date, 's' text, 'b' boolean, 'e' error
	issues []cellIssue
	has    []bool // the current row has a cell in this column

	hidden bool // the current row is hidden (by hand or by a filter)
	// formulas are the current row's formula cells: each one's 0-based
	// column and its formula's text ("" for a shared formula's cells
	// after the first).
	formulas []formulaCell
	// merges are the sheet's merged cells, once known (setTail): the
	// value of each one's first cell is given to the cells below it.
	merges    *sheetMerges
	tail      sheetscan.Tail
	tailKnown bool

	inData bool
	done   bool
	err    error
	read   rowNumbers // numbers of the rows handed out (readSheet marks them)

	entry   sheetEntry
	checked bool // read by sheetscan.NewChecked: the part was not checked before
	damaged bool // err says so whole (workbook.sheetDamaged), or is ErrRescan
}

// cellIssue is a value of the current row that could not be read: col is
// the 0-based column, -1 for the whole row.
type cellIssue struct {
	col   int
	value string
	msg   string
	// noValue: a formula with no saved value, a problem only in a column
	// the vacancy is computed from.
	noValue bool
}

// maxRowText bounds the text of one row: far past any row Excel writes
// (16,384 cells of 32,767 characters would be 2 GB; a real one is a few
// KB), and a bound on what one row may hold in memory.
const maxRowText = 64 << 20

func openSheetRows(wb *workbook, e sheetEntry) (*sheetRows, error) {
	rc, err := e.part.Open()
	if err != nil {
		return nil, fmt.Errorf("ingest: %s: sheet %q cannot be read (%v)", shownPath(wb.path), e.name, err)
	}
	r := &sheetRows{wb: wb, name: e.name, rc: rc, entry: e, checked: wb.checkAsRead}
	if r.checked {
		r.sc = sheetscan.NewChecked(rc, maxRowText)
	} else {
		r.sc = sheetscan.New(rc, maxRowText)
	}
	return r, nil
}

func (r *sheetRows) close() {
	if r.rc != nil {
		_ = r.rc.Close()
		r.rc = nil
	}
}

// next moves to the next <row> element of sheetData; false at the end or
// on an error (r.err).
func (r *sheetRows) next() bool {
	if r.done || r.err != nil {
		return false
	}
	prev := r.num
	if !r.sc.Next() {
		err := r.sc.Err()
		switch {
		case err == nil:
			r.done = true
		case r.checked && r.sc.CheckFailed():
			r.err, r.damaged = r.wb.sheetDamaged(r.entry, checkProblem(err)), true
		case errors.Is(err, sheetscan.ErrRowText):
			n, _ := prev+1, true
			if row := r.sc.Row(); row.HasR {
				n, _ = rowNumber([]byte(row.R), prev)
			}
			r.err = fmt.Errorf("row %d holds more than %s of text, far beyond any row Excel writes: not a workbook Excel wrote", n, byteCount(maxRowText))
		default:
			r.fail(err)
		}
		return false
	}
	r.readRow(r.sc.Row(), prev)
	if r.checked && prev > 0 && r.num <= prev {
		// Not the rows of a sheet Excel wrote: this row may share its
		// number with a row before it (or after it), which the check
		// before the first row finds (Options.CheckAsRead).
		r.err, r.damaged = fmt.Errorf("%w (%s, sheet %q: row %d after row %d)", ErrRescan, shownPath(r.wb.path), r.name, r.num, prev), true
		return false
	}
	return true
}

// fail records why reading stopped; the end of the part is no error, the
// check having made sure it is the end of the worksheet.
func (r *sheetRows) fail(err error) {
	if errors.Is(err, io.EOF) {
		r.done = true
		return
	}
	r.err = fmt.Errorf("the XML cannot be read (%v)", err)
}

// readRow takes one row element's cells.
func (r *sheetRows) readRow(row *sheetscan.Row, prev int) {
	clear(r.cells)
	r.cells, r.styles, r.types, r.has = r.cells[:0], r.styles[:0], r.types[:0], r.has[:0]
	r.issues = nil
	r.hidden = row.Hidden
	r.formulas = r.formulas[:0]
	n, ok := prev+1, true
	if row.HasR {
		n, ok = rowNumber([]byte(row.R), prev)
	}
	r.num = n
	if !ok {
		r.issues = append(r.issues, cellIssue{col: -1, value: row.R,
			msg: fmt.Sprintf("the row's number %s is not a row of a worksheet (1 to 1,048,576): a damaged file, or one not written by Excel; read as row %d, the one after the row before", strconv.Quote(row.R), n)})
	}
	col := 0
	for i := range row.Cells {
		c := &row.Cells[i]
		col = r.cell(c.Ref, col, c.Type, c.Style, c.V, c.Inline)
		if c.F {
			r.formulas = append(r.formulas, formulaCell{col: col - 1, text: c.Formula})
		}
		if c.F && !c.HasV && c.Type != "inlineStr" && col >= 1 && col <= len(r.cells) && r.cells[col-1] == "" {
			r.issues = append(r.issues, cellIssue{col: col - 1, noValue: true,
				msg: "formula with no saved value: open and save it in Excel, which computes and saves its value (a script wrote the formula without one), or type the value"})
		}
	}
}

// cell stores a cell of the current row (text: its <v>'s character
// data; inline: its <is>'s) and returns its 1-based column.
func (r *sheetRows) cell(ref string, prevCol int, typ string, style int, text, inline string) int {
	col, placed := prevCol+1, true
	if ref != "" {
		col, placed = cellColumn(ref)
	}
	value, kind := "", byte('n')
	var problem error
	switch typ {
	case "s":
		kind = 's'
		v := strings.TrimSpace(text)
		value, problem = r.wb.sharedString(v)
		if problem != nil {
			value = v
		}
	case "inlineStr":
		kind = 's'
		if len(inline) == 0 && len(text) > 0 {
			value = unescapeOOXML(text)
		} else {
			value = unescapeOOXML(inline)
		}
	case "str":
		kind = 's'
		value = unescapeOOXML(text)
	case "d":
		kind = 'd'
		value = text
	case "b":
		kind = 'b'
		value = text
	case "e":
		kind = 'e'
		value = text
	case "", "n":
		value = text
	default:
		kind = 's'
		value = text
	}
	switch {
	case !placed:
		r.issues = append(r.issues, cellIssue{col: -1, value: value,
			msg: fmt.Sprintf("the cell reference %s is not a cell of a worksheet (columns A to XFD, rows 1 to 1,048,576), so its value could not be placed: a damaged file, or one not written by Excel", strconv.Quote(ref))})
		return prevCol
	case col > excelColumns:
		r.issues = append(r.issues, cellIssue{col: -1, value: value,
			msg: "the row has a cell right of column XFD, the last of a worksheet: a damaged file, or one not written by Excel"})
		return prevCol
	}
	i := col - 1
	for len(r.cells) <= i {
		r.cells = append(r.cells, "")
		r.styles = append(r.styles, 0)
		r.types = append(r.types, 'n')
		r.has = append(r.has, false)
	}
	if r.has[i] {
		r.issues = append(r.issues, cellIssue{col: i, value: value,
			msg: fmt.Sprintf("the row has two cells in column %s (%s and %s): a damaged file, or one not written by Excel; check which value is meant", columnLetters(col), quote(r.cells[i]), quote(value))})
		return col
	}
	r.has[i] = true
	if problem != nil {
		// The text is unknown: the cell reads as empty, and the row is
		// rejected with the reason (the value shown is the reference).
		r.issues = append(r.issues, cellIssue{col: i, value: value, msg: problem.Error()})
		value = ""
	}
	r.cells[i], r.styles[i], r.types[i] = value, style, kind
	return col
}

// cellColumn is the 1-based column of a cell reference such as "AB12",
// whose row part must be a row number.
func cellColumn(ref string) (int, bool) {
	col, i := 0, 0
	for ; i < len(ref); i++ {
		c := ref[i]
		switch {
		case c >= 'A' && c <= 'Z':
			col = col*26 + int(c-'A'+1)
		case c >= 'a' && c <= 'z':
			col = col*26 + int(c-'a'+1)
		default:
			goto digits
		}
		if col > excelColumns {
			return 0, false
		}
	}
digits:
	if col == 0 || i == len(ref) {
		return 0, false
	}
	n, err := strconv.Atoi(ref[i:])
	if err != nil || n < 1 || n > excelRows || ref[i] == '+' || ref[i] == '-' {
		return 0, false
	}
	return col, true
}

// cellDate is the date of the cell at position i of the current row when
// it is a real date cell: a number in a date-formatted cell, or a cell of
// date type.
func (r *sheetRows) cellDate(i int, raw string) (compute.Date, bool, error) {
	if i < 0 || i >= len(r.types) {
		return compute.Date{}, false, nil
	}
	switch {
	case r.types[i] == 'd':
		d, err := isoDateTime(raw)
		return d, true, err
	case r.types[i] == 'n' && r.wb.isDateStyle(r.styles[i]):
		d, err := serialDate(raw, r.wb.date1904)
		return d, true, err
	}
	return compute.Date{}, false, nil
}

// isDateCell reports whether the cell at position i of the current row
// is a real date cell (what a header-less sheet is judged by).
func (r *sheetRows) isDateCell(i int, raw string) bool {
	_, isDate, _ := r.cellDate(i, raw)
	return isDate
}

// rowProblems are the problems of the current row's values, located by
// the sheet's header.
func (r *sheetRows) rowProblems(p *rowParser) []compute.Problem {
	if len(r.issues) == 0 {
		return nil
	}
	probs := make([]compute.Problem, 0, len(r.issues)+1)
	for _, is := range r.issues {
		if is.noValue && !p.m.computedFrom(is.col) {
			continue // carried as it is: blank
		}
		col, code := "", compute.RowUnreadable
		if is.col >= 0 {
			col, code = p.m.name(is.col), compute.CellUnreadable
			p.reported = append(p.reported, is.col)
		}
		probs = append(probs, compute.Problem{Source: compute.Source{File: p.file, Sheet: p.sheet, Row: r.num},
			Code: code, Column: col, Value: shorten(is.value, 200), Message: is.msg})
	}
	return probs
}

// formulaCell is a formula cell of the current row.
type formulaCell struct {
	col  int
	text string
}

// formula reports whether the current row's cell at the 0-based column i
// holds a formula, and its text.
func (r *sheetRows) formula(i int) (text string, ok bool) {
	for _, f := range r.formulas {
		if f.col == i {
			return f.text, true
		}
	}
	return "", false
}

// markRead records that a data row with number n was handed out.
func (r *sheetRows) markRead(n int) { r.read.add(n) }

// readCount is how many distinct row numbers in (lo, hi] were handed out.
func (r *sheetRows) readCount(lo, hi int) int {
	n := 0
	for w := (lo + 1) >> 6; w <= hi>>6 && w < len(r.read.seen); w++ {
		bits := r.read.seen[w]
		for b := 0; bits != 0 && b < 64; b++ {
			if bits&(1<<b) != 0 {
				if k := w<<6 | b; k > lo && k <= hi {
					n++
				}
			}
		}
	}
	return n
}

// unescapeOOXML decodes the _xHHHH_ escapes by which Excel writes, in a
// string, characters XML cannot hold (a carriage return is _x000D_; an
// underscore that starts such a sequence is _x005F_).
func unescapeOOXML(s string) string {
	if !strings.Contains(s, "_x") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if i+7 <= len(s) && s[i] == '_' && s[i+1] == 'x' && s[i+6] == '_' {
			if v, err := strconv.ParseUint(s[i+2:i+6], 16, 16); err == nil {
				b.WriteRune(rune(v))
				i += 7
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// sharedStrings is the workbook's shared strings table, read once when the
// first sheet is read: whole when it is small (sharedStringsWhole), or
// else only the strings the sheets to be read use (sharedStringsUsed),
// so that a table of big strings no cell uses costs nothing to hold.
type sharedStrings struct {
	part   *zip.File
	loaded bool
	list   []string
	at     []int // the positions of list's strings in the table; nil: list is the table
	count  int   // the table's strings, held or not
}

// Bounds on the shared strings held in memory. A table whose part
// unpacks to at most sharedStringsWhole bytes is held whole (a workbook
// Excel writes with 100,000 rows of varied text holds a few MB); of a
// bigger one only the strings the sheets to be read use are held, found
// by a pass over those sheets first, and they may cost at most
// sharedStringsUsed. A string held costs its bytes and 24 more.
const (
	sharedStringsWhole = 32 << 20
	sharedStringsUsed  = 192 << 20
)

// sharedString resolves a shared-string cell's value, its index into the
// table.
func (wb *workbook) sharedString(v string) (string, error) {
	idx, err := strconv.Atoi(v)
	switch {
	case err != nil || idx < 0 || strings.HasPrefix(v, "+"):
		return "", fmt.Errorf("the cell is a shared-string cell whose value %s is not a position in the shared strings table: a damaged file, or one not written by Excel; its text is unknown", strconv.Quote(v))
	case wb.strings == nil || wb.strings.part == nil:
		return "", fmt.Errorf("the cell refers to shared string %d but the workbook has no shared strings table: a damaged file, or one not written by Excel; its text is unknown", idx)
	case idx >= wb.strings.count:
		return "", fmt.Errorf("the cell refers to shared string %d but the workbook's table holds %d strings (0 to %d): a damaged file, or one not written by Excel; its text is unknown", idx, wb.strings.count, wb.strings.count-1)
	}
	st := wb.strings
	if st.at == nil {
		return st.list[idx], nil
	}
	if j, ok := slices.BinarySearch(st.at, idx); ok {
		return st.list[j], nil
	}
	// Not reached: every string a sheet read uses was kept.
	return "", fmt.Errorf("the cell refers to shared string %d, which was not read: its text is unknown", idx)
}

// loadSharedStrings checks and reads the shared strings table for the
// sheets at the positions given, the only ones that will be read.
func (wb *workbook) loadSharedStrings(sheets []int) error {
	return wb.loadSharedStringsWithin(sheets, sharedStringsWhole, sharedStringsUsed)
}

func (wb *workbook) loadSharedStringsWithin(sheets []int, whole, used int) error {
	st := wb.strings
	if st == nil || st.part == nil || st.loaded {
		return nil
	}
	st.loaded = true
	if err := checkPart(st.part, nil); err != nil {
		return wb.partError(st.part, "", err)
	}
	// The part's size bounds its text (the check held the part to the
	// size its header declares): a part within the budget is read whole
	// in one pass.
	var table *sheetscan.Strings
	err := sheetscan.ErrStringsBudget
	if st.part.UncompressedSize64 <= uint64(whole) {
		table, err = wb.readStrings(nil, whole)
	}
	if errors.Is(err, sheetscan.ErrStringsBudget) {
		var keep usedStrings
		wb.stringsUsed(sheets, &keep)
		table, err = wb.readStrings(keep.has, used)
		if errors.Is(err, sheetscan.ErrStringsBudget) {
			return fmt.Errorf("ingest: %s: the sheets read use more than %s of shared strings (part %s), more than this tool holds: a workbook Excel writes holds far less; save the sheets you need in a workbook of their own", shownPath(wb.path), byteCount(int64(used)), printable.Name(st.part.Name))
		}
	}
	if err != nil {
		return err
	}
	st.count = table.Len()
	// One string holds them all; an entry is a piece of it, or its own
	// string where an escape is decoded.
	st.list, st.at = table.List()
	for i, s := range st.list {
		st.list[i] = unescapeOOXML(s)
	}
	return nil
}

// readStrings reads the shared strings part once, holding what keep keeps
// within budget.
func (wb *workbook) readStrings(keep func(int) bool, budget int) (*sheetscan.Strings, error) {
	st := wb.strings
	rc, err := st.part.Open()
	if err != nil {
		return nil, wb.partError(st.part, "", err)
	}
	defer rc.Close()
	table, err := sheetscan.ReadStringsWithin(rc, keep, budget)
	if err != nil && !errors.Is(err, sheetscan.ErrStringsBudget) {
		return nil, wb.partError(st.part, "", fmt.Errorf("the XML cannot be read (%v)", err))
	}
	return table, err
}

// usedStrings is a set of shared string positions, as bits.
type usedStrings []uint64

// maxStringRef bounds the positions usedStrings records: a table that fits
// in the 1 GiB a workbook may unpack to holds fewer strings (each takes at
// least "<si/>"), so a higher position resolves to nothing anyway.
const maxStringRef = 1 << 28

func (u *usedStrings) add(i int) {
	if i < 0 || i >= maxStringRef {
		return
	}
	for len(*u) <= i>>6 {
		*u = append(*u, 0)
	}
	(*u)[i>>6] |= 1 << (i & 63)
}

func (u usedStrings) has(i int) bool {
	return i>>6 < len(u) && u[i>>6]&(1<<(i&63)) != 0
}

// stringsUsed records the shared strings that the cells of the sheets
// given use. A sheet that cannot be read is left for its own reading to
// report.
func (wb *workbook) stringsUsed(sheets []int, u *usedStrings) {
	for _, i := range sheets {
		e := wb.sheets[i]
		if e.part == nil {
			continue
		}
		rc, err := e.part.Open()
		if err != nil {
			continue
		}
		sc := sheetscan.NewChecked(rc, maxRowText)
		for sc.Next() {
			row := sc.Row()
			for c := range row.Cells {
				if row.Cells[c].Type != "s" {
					continue
				}
				if n, err := strconv.Atoi(strings.TrimSpace(row.Cells[c].V)); err == nil {
					u.add(n)
				}
			}
		}
		rc.Close()
	}
}
