package sheetscan

import (
	"errors"
	"io"
	"strconv"
)

// Cell is one <c> element of a row, as written: what its value means (a
// shared string's index, a serial date) is for the reader to say.
type Cell struct {
	Ref   string // the r attribute, "" when absent
	Type  string // the t attribute, "" when absent
	Style int    // the s attribute, 0 when absent or not a number
	// V is the character data of the cell's <v> elements (outside its
	// <is>), one after another, references and line ends decoded.
	V string
	// Inline is the character data of the <t> elements of its <is>,
	// phonetic runs (<rPh>) left out, in document order.
	Inline string
	// F says the cell has a formula (<f>): V is then the value the
	// program that saved it computed, "" when it saved none.
	F bool
	// Formula is the character data of the cell's <f> elements,
	// references decoded: the formula's text as Excel writes it, without
	// its "=" ("COUNTA(A2:A3)"). It is "" for the cells of a shared
	// formula after its first (<f t="shared" si="0"/>), whose text is
	// the first cell's, and for a cell with no formula.
	Formula string
	// HasV says the cell has a <v> element, empty or not: a formula
	// without one was never computed (a script wrote it).
	HasV bool
}

// Row is one <row> element of sheetData.
type Row struct {
	R      string // the unprefixed r attribute as written
	HasR   bool   // the row has one
	Hidden bool   // hidden="1": hidden by hand or by a filter
	Cells  []Cell
}

// Tail is what a worksheet says after its rows that a reader of the rows
// needs: its merged cells and its filter. A Scanner made by NewChecked
// fills it once its rows end; CheckTail, as it checks.
type Tail struct {
	Merges []string // each <mergeCell>'s ref, "A2:A3", in document order
	// MergesLeftOut counts the merges past MaxMerges, not kept.
	MergesLeftOut int
	Filter        string // the <autoFilter>'s ref, "" when the sheet has none
	// Filtering: the autoFilter has a <filterColumn>, a filter set on a
	// column, so rows may be hidden by it.
	Filtering bool
}

// MaxMerges bounds Tail.Merges: a sheet Excel writes merges far fewer
// cells, and each kept costs its text.
const MaxMerges = 100_000

// see records what a tag after sheetData tells.
func (t *Tail) see(tok *token) {
	switch string(tok.name) {
	case "mergeCell":
		for _, a := range tok.attrs {
			if string(a.name) == "ref" && !a.prefixed {
				if len(t.Merges) >= MaxMerges {
					t.MergesLeftOut++
					return
				}
				v := a.value
				if a.escaped {
					v, _ = decodeText(nil, a.value, inAttribute)
				}
				t.Merges = append(t.Merges, string(v))
			}
		}
	case "autoFilter":
		t.Filter = "?"
		for _, a := range tok.attrs {
			if string(a.name) == "ref" && !a.prefixed && !a.escaped {
				t.Filter = string(a.value)
			}
		}
	case "filterColumn":
		t.Filtering = true
	}
}

// ErrRowText is the error for a row whose values hold more text than the
// Scanner's bound.
var ErrRowText = errors.New("the row holds more text than any row Excel writes")

// Scanner reads the <row> elements of a worksheet's sheetData in document
// order, one at a time. It decodes what the reader needs (cell values,
// references, types, styles) and checks the characters and references of
// all the text it meets. That tags nest is the pre-pass's to check
// (Check), which must have passed before rows are read, or, for a Scanner
// made by NewChecked, the Scanner's own as it reads.
type Scanner struct {
	t        *tokenizer
	maxText  int
	err      error
	done     bool
	inData   bool
	checking bool    // NewChecked's: Check's checks made while reading
	open     nesting // the open elements, when checking
	checkErr bool    // err is one Check would have given (CheckFailed)

	row   Row
	spans [][3]int // each cell's V, Inline and Formula in text: V from [0], Inline from [1], Formula from [2]
	text  []byte   // decoded values of the current row's cells
	inl   []byte   // the inline text of the cell being read
	v     []byte   // the <v> text of the cell being read
	f     []byte   // the <f> text of the cell being read
	cell  Cell
	// The cell being read, as flags: inside which of its parts the
	// character data is.
	inCell, inV, inIS, inT, inPh, inF bool
	scratch                           []byte
	tail                              Tail
}

// Tail is what the worksheet says after its rows (merged cells, filter):
// filled by a Scanner made by NewChecked once Next has returned false at
// the end of the part; empty for one made by New, which stops at the end
// of the rows (CheckTail reads it then).
func (s *Scanner) Tail() *Tail { return &s.tail }

// New reads the worksheet XML from src (the part's inflated bytes);
// maxText bounds the value text of one row (0 for none).
func New(src io.Reader, maxText int) *Scanner {
	return &Scanner{t: newTokenizer(src), maxText: maxText}
}

// NewChecked is New for a part no Check has read: the Scanner makes
// Check's checks itself as it reads, and once sheetData ends it reads the
// rest of the part as Check does, so that the end of rows is the end of
// the part and Err reports what Check would have. The rows it gave before
// an error are not known to be sound: a caller keeps none of them when
// Err is not nil. Reading the part once instead of twice saves a whole
// inflate and scan of the sheet, on the run's critical path before the
// first row.
func NewChecked(src io.Reader, maxText int) *Scanner {
	s := New(src, maxText)
	s.checking = true
	return s
}

// CheckFailed reports, for a Scanner made by NewChecked, whether Err is
// an error Check would have given: the part's structure, its source (the
// zip's size or checksum), a declaration, a text run past MaxTextRun;
// the other errors are the rows' own, as a Scanner after Check gives them.
func (s *Scanner) CheckFailed() bool { return s.checkErr }

// next is the tokenizer's next token; a checking Scanner holds the tags
// to their nesting as Check does.
func (s *Scanner) next() (*token, error) {
	tok, err := s.t.next()
	if !s.checking {
		return tok, err
	}
	if err != nil {
		switch {
		case errors.Is(err, io.ErrUnexpectedEOF):
			err = s.open.cut()
		case errors.Is(err, ErrDoctype), errors.Is(err, ErrTextRun), s.t.srcErr != nil && err == s.t.srcErr:
		default:
			return nil, err // the XML's own, which the Scanner reports after Check too
		}
		s.checkErr = true
		return nil, err
	}
	switch tok.kind {
	case kStart, kEmpty:
		err = s.open.start(tok)
	case kEnd:
		err = s.open.end(tok.name)
	case kEOF:
		err = s.open.atEOF()
	}
	s.checkErr = err != nil
	return tok, err
}

// end is Next at the end of sheetData or of the part: a checking Scanner
// first reads the rest of the part, its structure only, as Check does.
func (s *Scanner) end() bool {
	s.done = true
	if !s.checking {
		return false
	}
	s.t.skim = true
	for {
		tok, err := s.next()
		if err != nil {
			s.checkErr = true // Check's, whatever it is: Check reads the rest alike
			return s.fail(err)
		}
		switch tok.kind {
		case kEOF:
			return false
		case kStart, kEmpty:
			s.tail.see(tok)
		}
	}
}

// Err is the first error; nil at the end of sheetData or of the part.
func (s *Scanner) Err() error { return s.err }

// Row is the row Next found; it and its cells are valid until the next
// call.
func (s *Scanner) Row() *Row { return &s.row }

func (s *Scanner) fail(err error) bool {
	s.done = true
	if s.err == nil {
		s.err = err
	}
	return false
}

// Next reads the next row of sheetData; false at its end, at the end of
// the part, or on an error.
func (s *Scanner) Next() bool {
	if s.done {
		return false
	}
	for {
		tok, err := s.next()
		if err != nil {
			return s.fail(err)
		}
		switch tok.kind {
		case kEOF:
			return s.end()
		case kText, kCDATA:
			if err := s.check(tok); err != nil {
				return s.fail(err)
			}
		case kStart, kEmpty:
			switch string(tok.name) {
			case "sheetData":
				s.inData = true
				if tok.kind == kEmpty {
					return s.end()
				}
			case "row":
				if !s.inData {
					continue
				}
				if err := s.readRow(tok); err != nil {
					return s.fail(err)
				}
				return true
			}
		case kEnd:
			if string(tok.name) == "sheetData" && s.inData {
				return s.end()
			}
		}
	}
}

// check decodes character data nobody keeps, for its errors.
func (s *Scanner) check(tok *token) error {
	if tok.kind == kText && plainText(tok.data) {
		return nil
	}
	form := inText
	if tok.kind == kCDATA {
		form = inCDATA
	}
	var err error
	s.scratch, err = decodeText(s.scratch[:0], tok.data, form)
	return err
}

// readRow reads one row element's cells; tok is its start tag.
func (s *Scanner) readRow(tok *token) error {
	s.row.R, s.row.HasR, s.row.Hidden = "", false, false
	s.row.Cells = s.row.Cells[:0]
	s.spans = s.spans[:0]
	s.text = s.text[:0]
	for _, a := range tok.attrs {
		switch {
		case a.prefixed:
		case string(a.name) == "r":
			s.row.R, s.row.HasR = string(s.attrValue(a)), true
		case string(a.name) == "hidden":
			v := s.attrValue(a)
			s.row.Hidden = string(v) == "1" || string(v) == "true"
		}
	}
	if tok.kind == kEmpty {
		return nil
	}
	for {
		tok, err := s.next()
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return errors.New("the XML stops inside a row")
			}
			return err
		}
		switch tok.kind {
		case kEOF:
			return errors.New("the XML stops inside a row")
		case kText, kCDATA:
			if err := s.chardata(tok); err != nil {
				return err
			}
		case kStart, kEmpty:
			if err := s.startTag(tok); err != nil {
				return err
			}
			if tok.kind == kEmpty {
				if done := s.endTag(tok.name); done {
					s.finishRow()
					return nil
				}
			}
		case kEnd:
			if done := s.endTag(tok.name); done {
				s.finishRow()
				return nil
			}
		}
	}
}

func (s *Scanner) startTag(tok *token) error {
	switch string(tok.name) {
	case "c":
		if s.inCell {
			return errors.New("a cell inside a cell")
		}
		s.inCell, s.inV, s.inIS, s.inT, s.inPh, s.inF = true, false, false, false, false, false
		s.cell = Cell{}
		s.v, s.inl, s.f = s.v[:0], s.inl[:0], s.f[:0]
		for _, a := range tok.attrs {
			switch string(a.name) {
			case "r":
				s.cell.Ref = string(s.attrValue(a))
			case "t":
				s.cell.Type = internType(s.attrValue(a))
			case "s":
				s.cell.Style, _ = strconv.Atoi(string(s.attrValue(a)))
			}
		}
	case "v":
		s.inV = s.inCell && !s.inIS
		s.cell.HasV = s.cell.HasV || s.inV
	case "is":
		s.inIS = s.inCell
	case "t":
		s.inT = s.inIS
	case "rPh":
		s.inPh = s.inIS
	case "f":
		s.inF = s.inCell
		s.cell.F = s.cell.F || s.inCell
	case "row":
		return errors.New("a row inside a row")
	}
	return nil
}

// endTag handles an end tag; done at the row's own.
func (s *Scanner) endTag(name []byte) (done bool) {
	switch string(name) {
	case "v":
		s.inV = false
	case "t":
		s.inT = false
	case "rPh":
		s.inPh = false
	case "is":
		s.inIS = false
	case "f":
		s.inF = false
	case "c":
		if s.inCell {
			s.inCell = false
			s.endCell()
		}
	case "row":
		return true
	}
	return false
}

// chardata keeps text where the cell's flags say, and checks all of it.
func (s *Scanner) chardata(tok *token) error {
	var dst *[]byte
	switch {
	case s.inF:
		dst = &s.f
	case s.inV:
		dst = &s.v
	case s.inT && !s.inPh:
		dst = &s.inl
	}
	if dst == nil {
		return s.check(tok)
	}
	var err error
	switch {
	case tok.kind == kCDATA:
		*dst, err = decodeText(*dst, tok.data, inCDATA)
	case plainText(tok.data):
		*dst = append(*dst, tok.data...)
	default:
		*dst, err = decodeText(*dst, tok.data, inText)
	}
	if err != nil {
		return err
	}
	if s.maxText > 0 && len(s.text)+len(s.v)+len(s.inl)+len(s.f) > s.maxText {
		return ErrRowText
	}
	return nil
}

func (s *Scanner) endCell() {
	at := len(s.text)
	s.text = append(s.text, s.v...)
	inl := len(s.text)
	s.text = append(s.text, s.inl...)
	f := len(s.text)
	s.text = append(s.text, s.f...)
	s.spans = append(s.spans, [3]int{at, inl, f})
	s.row.Cells = append(s.row.Cells, s.cell)
}

// finishRow makes the row's text one string and points the cells into it.
func (s *Scanner) finishRow() {
	if len(s.text) == 0 {
		return
	}
	str := string(s.text)
	for i := range s.row.Cells {
		from, inl, f := s.spans[i][0], s.spans[i][1], s.spans[i][2]
		to := len(str)
		if i+1 < len(s.spans) {
			to = s.spans[i+1][0]
		}
		c := &s.row.Cells[i]
		c.V, c.Inline, c.Formula = str[from:inl], str[inl:f], str[f:to]
	}
}

func (s *Scanner) attrValue(a attr) []byte {
	if !a.escaped {
		return a.value
	}
	v, _ := decodeText(nil, a.value, inAttribute) // checked when the tag was read
	return v
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

// Check reads a part to its end and checks that its tags nest and close
// (the end of the part is the end of its document), that it holds one
// document element, no document type declaration and no text run longer
// than MaxTextRun. It decodes nothing; row, when not nil, is called with
// the r attribute (by local name, as written; nil when absent) of every
// <row> element, in order.
func Check(src io.Reader, row func(r []byte)) error {
	return CheckTail(src, row, nil)
}

// CheckTail is Check that also fills tail, when not nil, with what the
// worksheet says after its rows (its merged cells and filter).
func CheckTail(src io.Reader, row func(r []byte), tail *Tail) error {
	t := newTokenizer(src)
	t.skim = true
	var open nesting
	for {
		tok, err := t.next()
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return open.cut()
		}
		if err != nil {
			return err
		}
		switch tok.kind {
		case kEOF:
			return open.atEOF()
		case kStart, kEmpty:
			if err := open.start(tok); err != nil {
				return err
			}
			if tail != nil {
				tail.see(tok)
			}
			if row != nil && string(tok.name) == "row" {
				var r []byte
				for _, a := range tok.attrs {
					if string(a.name) == "r" {
						r = a.value
						break
					}
				}
				row(r)
			}
		case kEnd:
			if err := open.end(tok.name); err != nil {
				return err
			}
		}
	}
}
