package sheetscan

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"batch/internal/cellescape"
)

// MaxRows is Excel's last row (excelize's TotalRows).
const MaxRows = 1 << 20

// maxColumns is Excel's last column, XFD.
const maxColumns = 16384

// Cell is one <c> element of a row.
type Cell struct {
	Col   int    // 0-based: from the cell's reference, else the one after the cell before
	Style int    // the s attribute, 0 when absent
	Type  string // the t attribute as written, "" when absent
	// Value is what excelize's streaming reader gives with RawCellValue:
	// the shared string an "s" cell names, an inline string's text, else
	// the text of <v>.
	Value   string
	Formula bool // the cell has an <f>
	// Unresolved marks a shared-string cell whose <v> names no string of
	// the table (Value is then "", as excelize reads it).
	Unresolved bool
}

// Row is one <row> element.
type Row struct {
	Number int // the r attribute, 0 when absent
	Cells  []Cell
}

// Scanner reads a worksheet part's rows in order.
type Scanner struct {
	t    *tokenizer
	sst  *Strings
	err  error
	done bool
	open nesting

	sheetData int // level of <sheetData> (its children are one deeper), -1 before it
	dataDone  bool

	row      Row
	inRow    bool
	rowLevel int

	cell      cellState
	inCell    bool
	cellLevel int
	prevCol   int

	text    []byte   // decoded values of the current row's cells
	spans   [][2]int // each cell's value in text
	scratch []byte
}

// cellState gathers one cell's parts while its element is open.
type cellState struct {
	c       Cell
	typ     []byte
	v       []byte
	hasV    bool
	hasIS   bool
	isT     []byte // the <is>'s own <t> (the last one, as encoding/xml keeps it)
	hasIST  bool
	runs    []byte // the <r> runs' texts, in order
	runT    []byte
	hasRunT bool
	collect *[]byte // where character data goes, nil for nowhere
	level   int     // level of the element collecting
	isLevel int
	rLevel  int
}

// New reads the worksheet XML from src (the part's inflated bytes). sst
// resolves shared-string cells; nil for a workbook without the table.
func New(src io.Reader, sst *Strings) *Scanner {
	return &Scanner{t: newTokenizer(src), sst: sst, sheetData: -1}
}

// Err is the first error, nil at the end of a sound part.
func (s *Scanner) Err() error { return s.err }

// Row is the row Next found; its cells are valid until the next call.
func (s *Scanner) Row() Row { return s.row }

func (s *Scanner) level() int { return s.open.level() }

// Next reads the next row; false at the end of the part or on an error.
func (s *Scanner) Next() bool {
	if s.done {
		return false
	}
	for {
		tok, err := s.t.next()
		if err != nil {
			return s.fail(err)
		}
		switch tok.kind {
		case kEOF:
			s.done = true
			if err := s.open.atEOF(); err != nil {
				return s.fail(err)
			}
			return false
		case kText, kCDATA:
			if err := s.chardata(tok); err != nil {
				return s.fail(err)
			}
		case kStart, kEmpty:
			level := s.level()
			if err := s.open.start(tok); err != nil {
				return s.fail(err)
			}
			rowDone, err := s.start(tok, level)
			if err != nil {
				return s.fail(err)
			}
			if rowDone {
				return true
			}
		case kEnd:
			if err := s.open.end(tok.qname); err != nil {
				return s.fail(err)
			}
			rowDone, err := s.end()
			if err != nil {
				return s.fail(err)
			}
			if rowDone {
				return true
			}
		}
	}
}

func (s *Scanner) fail(err error) bool {
	s.done = true
	if s.err == nil {
		s.err = err
	}
	return false
}

// chardata takes text: into the value being collected when it is the
// collecting element's own, else only checked.
func (s *Scanner) chardata(tok *token) error {
	c := &s.cell
	var err error
	if s.inCell && c.collect != nil && s.level() == c.level+1 {
		if tok.kind == kCDATA {
			*c.collect, err = decodeText(*c.collect, tok.data, inCDATA)
		} else if plainText(tok.data) {
			*c.collect = append(*c.collect, tok.data...)
		} else {
			*c.collect, err = decodeText(*c.collect, tok.data, inText)
		}
		return err
	}
	if tok.kind == kCDATA {
		_, err = decodeText(s.scratch[:0], tok.data, inCDATA)
	} else if !plainText(tok.data) {
		s.scratch, err = decodeText(s.scratch[:0], tok.data, inText)
	}
	return err
}

// start handles a start (or empty-element) tag at level (the elements
// open around it); rowDone when it is an empty <row/>.
func (s *Scanner) start(tok *token, level int) (rowDone bool, err error) {
	name := tok.name
	switch {
	case s.inCell && level == s.cellLevel+1:
		s.cellChild(tok, name, level)
	case s.inCell && s.cell.hasIS && s.cell.isLevel >= 0 && level == s.cell.isLevel+1:
		s.inlineChild(tok, name, level)
	case s.inCell && s.cell.rLevel >= 0 && level == s.cell.rLevel+1:
		if string(name) == "t" {
			s.collectInto(tok, &s.cell.runT, level)
			s.cell.hasRunT = true
		}
	case s.inRow && !s.inCell && level == s.rowLevel+1 && string(name) == "c":
		if err := s.startCell(tok, level); err != nil {
			return false, err
		}
		if tok.kind == kEmpty {
			s.endCell()
		}
	case !s.inRow && !s.dataDone && s.sheetData >= 0 && level == s.sheetData+1 && string(name) == "row":
		if err := s.startRow(tok, level); err != nil {
			return false, err
		}
		if tok.kind == kEmpty {
			s.inRow = false
			s.finishRow()
			return true, nil
		}
	case s.sheetData < 0 && string(name) == "sheetData":
		s.sheetData = level
		if tok.kind == kEmpty {
			s.dataDone = true
		}
	}
	return false, nil
}

// collectInto starts gathering an element's character data into dst,
// which it replaces: the last such element wins, as encoding/xml keeps it.
func (s *Scanner) collectInto(tok *token, dst *[]byte, level int) {
	*dst = (*dst)[:0]
	if tok.kind == kStart {
		s.cell.collect, s.cell.level = dst, level
	}
}

func (s *Scanner) cellChild(tok *token, name []byte, level int) {
	c := &s.cell
	switch string(name) {
	case "v":
		s.collectInto(tok, &c.v, level)
		c.hasV = true
	case "f":
		c.c.Formula = true
	case "is":
		c.hasIS = true
		if tok.kind == kStart {
			c.isLevel = level
		}
	}
}

func (s *Scanner) inlineChild(tok *token, name []byte, level int) {
	c := &s.cell
	switch string(name) {
	case "t":
		s.collectInto(tok, &c.isT, level)
		c.hasIST = true
	case "r":
		c.runT, c.hasRunT = c.runT[:0], false
		if tok.kind == kStart {
			c.rLevel = level
		}
	}
}

// end handles an end tag (the element already closed); rowDone at </row>.
func (s *Scanner) end() (rowDone bool, err error) {
	level := s.level() // the closed element's level
	c := &s.cell
	switch {
	case s.inCell && c.collect != nil && level == c.level:
		c.collect = nil
	case s.inCell && c.rLevel >= 0 && level == c.rLevel:
		if c.hasRunT {
			c.runs = append(c.runs, c.runT...)
		}
		c.rLevel = -1
	case s.inCell && c.isLevel >= 0 && level == c.isLevel:
		c.isLevel = -1
	case s.inCell && level == s.cellLevel:
		s.endCell()
	case s.inRow && level == s.rowLevel:
		s.inRow = false
		s.finishRow()
		return true, nil
	case s.sheetData >= 0 && !s.dataDone && level == s.sheetData:
		s.dataDone = true
	}
	return false, nil
}

func (s *Scanner) startRow(tok *token, level int) error {
	s.inRow, s.rowLevel, s.prevCol = true, level, -1
	s.row = Row{Cells: s.row.Cells[:0]}
	s.text = s.text[:0]
	for _, a := range tok.attrs {
		if string(a.name) != "r" {
			continue
		}
		v := s.attrValue(a)
		n, err := strconv.Atoi(string(v))
		if err != nil || n < 1 {
			return fmt.Errorf("a row has the number %q", v)
		}
		if n > MaxRows {
			return fmt.Errorf("a row has the number %d, past Excel's last row %d", n, MaxRows)
		}
		s.row.Number = n
	}
	return nil
}

func (s *Scanner) attrValue(a attr) []byte {
	if !a.escaped {
		return a.value
	}
	v, _ := decodeText(nil, a.value, inAttribute) // checked when the tag was read
	return v
}

func (s *Scanner) startCell(tok *token, level int) error {
	s.inCell, s.cellLevel = true, level
	c := &s.cell
	*c = cellState{typ: c.typ[:0], v: c.v[:0], isT: c.isT[:0], runs: c.runs[:0], runT: c.runT[:0], isLevel: -1, rLevel: -1}
	col := s.prevCol + 1
	for _, a := range tok.attrs {
		v := s.attrValue(a)
		switch string(a.name) {
		case "r":
			n, err := cellColumn(v)
			if err != nil {
				return err
			}
			col = n
		case "s":
			n, err := strconv.ParseInt(string(v), 10, 64)
			if err != nil {
				return fmt.Errorf("a cell has the style %q", v)
			}
			c.c.Style = int(n)
		case "t":
			c.typ = append(c.typ[:0], v...)
		}
	}
	if col >= maxColumns {
		return fmt.Errorf("a cell in column %d, past Excel's last column XFD", col+1)
	}
	c.c.Col = col
	s.prevCol = col
	return nil
}

// cellColumn reads a cell reference ("B7", "$B$7") as excelize does and
// returns its 0-based column.
func cellColumn(ref []byte) (int, error) {
	alpha := func(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '$' }
	bad := func() (int, error) { return 0, fmt.Errorf("a cell has the reference %q, not a cell name", ref) }
	if len(ref) == 0 || !alpha(ref[0]) {
		return bad()
	}
	last := -1
	for i := len(ref) - 1; i >= 0; i-- {
		if alpha(ref[i]) {
			last = i
			break
		}
	}
	if last >= len(ref)-1 {
		return bad()
	}
	row, err := strconv.Atoi(string(ref[last+1:]))
	if err != nil || row <= 0 {
		return bad()
	}
	if row > MaxRows {
		return 0, fmt.Errorf("a cell has the reference %q, past Excel's last row %d", ref, MaxRows)
	}
	col := 0
	letters := 0
	for _, c := range ref[:last+1] {
		switch {
		case c == '$':
			continue
		case c >= 'A' && c <= 'Z':
			col = col*26 + int(c-'A'+1)
		case c >= 'a' && c <= 'z':
			col = col*26 + int(c-'a'+1)
		default:
			return bad()
		}
		letters++
		if col > maxColumns {
			return 0, fmt.Errorf("a cell has the reference %q, past Excel's last column XFD", ref)
		}
	}
	if letters == 0 {
		return bad()
	}
	return col - 1, nil
}

// endCell resolves the cell's value into the row's text.
func (s *Scanner) endCell() {
	s.inCell = false
	c := &s.cell
	start := len(s.text)
	switch string(c.typ) {
	case "s":
		if c.hasV && len(c.v) > 0 {
			i, err := strconv.Atoi(strings.TrimSpace(string(c.v)))
			if err != nil {
				i = 0 // as excelize reads it
			}
			if str, ok := s.sst.at(i); ok {
				s.text = append(s.text, str...)
			} else {
				c.c.Unresolved = true
			}
		}
	case "inlineStr":
		if c.hasIS {
			before := len(s.text)
			s.text = append(s.text, c.isT...)
			s.text = append(s.text, c.runs...)
			if bytes.Contains(s.text[before:], []byte("_x")) {
				u := cellescape.Unescape(string(s.text[before:]))
				s.text = append(s.text[:before], u...)
			}
		} else {
			s.text = append(s.text, c.v...)
		}
	default:
		s.text = append(s.text, c.v...)
	}
	c.c.Type = internType(c.typ)
	// The value's bytes are in s.text; Value is set at the end of the row,
	// when the text is made a string once for all its cells.
	c.c.Value = ""
	s.row.Cells = append(s.row.Cells, c.c)
	s.spans = append(s.spans, [2]int{start, len(s.text)})
}

// finishRow makes the row's text one string and points the cells' values
// into it.
func (s *Scanner) finishRow() {
	if len(s.text) > 0 {
		str := string(s.text)
		for i := range s.row.Cells {
			sp := s.spans[i]
			s.row.Cells[i].Value = str[sp[0]:sp[1]]
		}
	}
	s.spans = s.spans[:0]
	s.text = s.text[:0]
}

var types = []string{"", "n", "s", "str", "inlineStr", "b", "d", "e"}

func internType(t []byte) string {
	for _, s := range types {
		if string(t) == s {
			return s
		}
	}
	return string(t)
}
