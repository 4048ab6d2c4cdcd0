package xlsx

import (
	"fmt"
	"strconv"

	"github.com/xuri/excelize/v2"
)

// Sheet is a sheet written line by line (Summary), not a table.
type Sheet struct {
	b      *Book
	sw     *excelize.StreamWriter
	name   string
	widths []float64
	row    int
}

// Cell is one cell of a Sheet's line: a value, its fill and its mark.
type Cell struct {
	Value
	F    float64 // Seconds
	Fill Fill
	Mark Mark
}

// Sheet opens the book's sheet name, its columns this wide.
func (b *Book) Sheet(name string, widths []float64) (*Sheet, error) {
	sw, err := b.openSheet(name, widths)
	return &Sheet{b: b, sw: sw, name: name, widths: widths}, err
}

// Line writes a line whose text runs on over the empty cells beside it,
// one line high.
func (s *Sheet) Line(cells ...Cell) error {
	out := make([]any, len(cells))
	for i, c := range cells {
		if c.Kind == Seconds {
			id, err := s.b.styles.id(styleKey{num: secondsFormat, fill: c.Fill, mark: c.Mark})
			if err != nil {
				return err
			}
			out[i] = excelize.Cell{StyleID: id, Value: c.F}
			continue
		}
		one, err := s.b.tableCells([]Value{c.Value}, c.Fill, []Mark{c.Mark}, false)
		if err != nil {
			return err
		}
		out[i] = one[0].stream()
	}
	return s.write(out, 0)
}

// Head writes the header row of a small table.
func (s *Sheet) Head(names ...string) error {
	vals, marks := make([]Value, len(names)), make([]Mark, len(names))
	for i, n := range names {
		vals[i], marks[i] = Value{Text: n}, Bold
	}
	return s.Row(HeaderFill, marks, vals...)
}

// Row writes a row of a small table: wrapped, as tall as its text needs.
func (s *Sheet) Row(fill Fill, marks []Mark, vals ...Value) error {
	cells, err := s.b.tableCells(vals, fill, marks, true)
	if err != nil {
		return err
	}
	return s.write(streamRow(cells), rowHeight(cells, s.widths, false))
}

func (s *Sheet) write(cells []any, height float64) error {
	s.row++
	if err := s.sw.SetRow("A"+strconv.Itoa(s.row), cells, heightOpts(height)...); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", s.name, err)
	}
	return nil
}

// Link makes the cell at column col of the line just written a link to
// target ("'Errors'!A1").
func (s *Sheet) Link(col int, target string) error {
	ref := colName(col) + strconv.Itoa(s.row)
	if err := s.b.f.SetCellHyperLink(s.name, ref, target, "Location"); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q cell %s: %w", s.name, ref, err)
	}
	return nil
}

// Gap leaves a line empty.
func (s *Sheet) Gap() { s.row++ }

// Close flushes the sheet.
func (s *Sheet) Close() error {
	if err := s.sw.Flush(); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", s.name, err)
	}
	return nil
}
