package xlsx

import (
	"fmt"

	"github.com/xuri/excelize/v2"
)

// The workbook uses a small fixed set of styles, composed from three
// choices. The caller picks a row's fill and its cells' marks; this is where
// they become styles.
type numFormat uint8

const (
	generalFormat numFormat = iota
	dateFormat              // yyyy-mm-dd
	secondsFormat           // 0.000
	countFormat             // a whole number, shown as General shows it
)

// Fill is a row's background.
type Fill uint8

const (
	NoFill     Fill = iota
	Red             // a conflict of severity error
	Amber           // a conflict of severity warning
	HeaderFill      // a header row
)

// Mark is how one cell's text looks.
type Mark uint8

const (
	NoMark       Mark = iota
	Rolled            // a date § 1-106 moved to the next business day: bold blue
	Passed            // a deadline already passed on the as-of date: grey italics
	RolledPassed      // both
	Linked            // a cell that links elsewhere in the workbook
	Bold              // headers and titles
)

type styleKey struct {
	num  numFormat
	fill Fill
	mark Mark
	// wrap: a table cell, top-aligned and wrapped within its column's
	// width, so a long text grows its row instead of being cut off.
	wrap bool
	// quote: text a spreadsheet would take for a formula, marked with the
	// cell's quote-prefix flag. The cell shows the text as it is; a
	// spreadsheet keeps it text when someone edits the cell.
	quote bool
}

// The workbook's font: excelize's default, which the row heights and
// column widths are measured for.
const (
	bookFont     = "Calibri"
	bookFontSize = 11
)

// Fill and font colours; the tests read them back by these values.
const (
	redRGB    = "FFC7CE"
	amberRGB  = "FFEB9C"
	headerRGB = "D9E1F2"
	rolledRGB = "1F4E79"
	passedRGB = "808080"
	linkRGB   = "0563C1"
)

// styleSet makes each style once, on first use, so the workbook holds only
// the combinations it needs.
type styleSet struct {
	f   *excelize.File
	ids map[styleKey]int
	// known is the map's answers by a key's index (knownIndex), id+1, 0
	// before the first: every cell asks, and hashing the key cost more
	// than the rest of choosing its style.
	known [knownKeys]int32
}

// knownKeys is how many keys knownIndex numbers: 4 number formats, 4
// fills, 8 marks, wrap, quote.
const knownKeys = 4 * 4 * 8 * 2 * 2

func knownIndex(k styleKey) (int, bool) {
	if k.num >= 4 || k.fill >= 4 || k.mark >= 8 {
		return 0, false
	}
	i := ((int(k.num)*4+int(k.fill))*8 + int(k.mark)) * 4
	if k.wrap {
		i += 2
	}
	if k.quote {
		i++
	}
	return i, true
}

func newStyleSet(f *excelize.File) *styleSet {
	return &styleSet{f: f, ids: map[styleKey]int{{}: 0}}
}

func (s *styleSet) id(k styleKey) (int, error) {
	i, ok := knownIndex(k)
	if ok && s.known[i] > 0 {
		return int(s.known[i] - 1), nil
	}
	id, err := s.make(k)
	if err == nil && ok {
		s.known[i] = int32(id + 1)
	}
	return id, err
}

func (s *styleSet) make(k styleKey) (int, error) {
	if id, ok := s.ids[k]; ok {
		return id, nil
	}
	st := &excelize.Style{}
	switch k.num {
	case dateFormat:
		f := "yyyy-mm-dd"
		st.CustomNumFmt = &f
	case secondsFormat:
		f := "0.000"
		st.CustomNumFmt = &f
	}
	switch k.fill {
	case Red:
		st.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{redRGB}}
	case Amber:
		st.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{amberRGB}}
	case HeaderFill:
		st.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{headerRGB}}
		st.Border = []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}
	}
	if k.wrap {
		st.Alignment = &excelize.Alignment{WrapText: true, Vertical: "top"}
	}
	if (k.num == dateFormat || k.num == countFormat) && k.mark != Rolled && k.mark != RolledPassed {
		// A date or a number sits at its cell's right edge: a character
		// in from it, so that it does not run into the text of the next
		// column when printed ("2026-12-14NY-0000032"). A rolled-over
		// date is bold, and bold with the indent is wider than its column
		// (LibreOffice prints "###"): it keeps the edge.
		if st.Alignment == nil {
			st.Alignment = &excelize.Alignment{}
		}
		st.Alignment.Horizontal, st.Alignment.Indent = "right", 1
	}
	switch k.mark {
	case Rolled:
		st.Font = &excelize.Font{Bold: true, Color: rolledRGB}
	case Passed:
		st.Font = &excelize.Font{Italic: true, Color: passedRGB}
	case RolledPassed:
		st.Font = &excelize.Font{Bold: true, Italic: true, Color: passedRGB}
	case Linked:
		st.Font = &excelize.Font{Underline: "single", Color: linkRGB}
	case Bold:
		st.Font = &excelize.Font{Bold: true}
	}
	if st.Font != nil {
		// The workbook's own font: a font without a name and size is the
		// reader's default (a serif in LibreOffice), and its text no longer
		// fits the widths and heights the workbook gave it.
		st.Font.Family, st.Font.Size = bookFont, bookFontSize
	}
	id, err := s.f.NewStyle(st)
	if err != nil {
		return 0, fmt.Errorf("export: make a cell style: %w", err)
	}
	if k.quote {
		if id, err = s.quotePrefixed(id); err != nil {
			return 0, err
		}
	}
	s.ids[k] = id
	return id, nil
}

// quotePrefixed adds a copy of the cell format id with the quotePrefix
// flag set and returns the copy's id. excelize's Style has no field for
// the flag (v2.11.1), so the copy is made in its parsed stylesheet, which
// it writes out on save; TestQuotePrefix reads the saved styles.xml back.
// A copy, not the format itself: NewStyle returns one id for equal styles,
// and the same style without the flag stays as it was.
func (s *styleSet) quotePrefixed(id int) (int, error) {
	st := s.f.Styles
	if st == nil || st.CellXfs == nil || id < 0 || id >= len(st.CellXfs.Xf) {
		return 0, fmt.Errorf("export: make a cell style: no cell format %d to mark as text", id)
	}
	xf := st.CellXfs.Xf[id]
	if xf.Alignment != nil {
		a := *xf.Alignment
		xf.Alignment = &a
	}
	yes := true
	xf.QuotePrefix = &yes
	st.CellXfs.Xf = append(st.CellXfs.Xf, xf)
	st.CellXfs.Count = len(st.CellXfs.Xf)
	return len(st.CellXfs.Xf) - 1, nil
}
