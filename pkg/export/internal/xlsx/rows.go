package xlsx

import (
	"strconv"

	"github.com/xuri/excelize/v2"

	"batch/internal/firsterr"
	"batch/pkg/export/internal/rawsheet"
)

// Kind is what a Value holds.
type Kind uint8

const (
	Text    Kind = iota // Text, already guarded; "" writes no cell
	Number              // N, a whole number
	Date                // N, the date's serial number (days since 1899-12-30); 0 writes no cell
	Seconds             // Cell.F, shown to the thousandth (Sheet only)
)

// Value is one cell's value on its way to a sheet.
type Value struct {
	Text   string
	N      int
	Kind   Kind
	Quoted bool // Text: the cell gets the quote-prefix flag, and stays text when edited
}

// Link is an internal hyperlink from one cell of a row to a place in the
// workbook.
type Link struct {
	Col     int    // 0-based column of the linking cell
	Target  string // "'Conflicts'!A7"
	Display string // the cell's text, for the HYPERLINK formula past the sheet's LinkCap
}

// tableCells turns values into the cells of a row (in b.cells, reused):
// wrapped, unless wrap is false (Summary's lines run on into the empty
// cells beside them). A filled row's blanks are written: the fill runs the
// width of the table.
func (b *Book) tableCells(vals []Value, fill Fill, marks []Mark, wrap bool) ([]cell, error) {
	cells := b.cells[:0]
	for i, v := range vals {
		k := styleKey{fill: fill, wrap: wrap}
		if i < len(marks) {
			k.mark = marks[i]
		}
		if v.Kind == Date {
			k.num = dateFormat
		}
		empty := (v.Kind == Text && v.Text == "") || (v.Kind == Date && v.N == 0)
		if empty && k.fill == NoFill {
			cells = append(cells, cell{})
			continue
		}
		c := cell{kind: blankOut}
		switch {
		case empty:
		case v.Kind == Date:
			c.kind, c.n = numberOut, v.N
		case v.Kind == Number:
			c.kind, c.n = numberOut, v.N
			if k.num == generalFormat {
				k.num = countFormat
			}
		default:
			c.kind = textOut
			c.text, k.quote = v.Text, v.Quoted
		}
		id, err := b.styles.id(k)
		if err != nil {
			return nil, err
		}
		c.style = id
		cells = append(cells, c)
	}
	b.cells = cells
	return cells, nil
}

// cell is one cell of a table row on its way to a sheet: a style and a
// typed value. Rows are built as cells, never boxed into interfaces, and
// a rowSink writes them.
type cell struct {
	kind    cellOut
	style   int
	text    string // textOut, formulaOut (the text shown)
	n       int    // numberOut
	formula string // formulaOut
}

type cellOut uint8

const (
	absentOut  cellOut = iota // no cell at all
	blankOut                  // a cell with only its style (a fill across the row)
	textOut                   // inline text
	numberOut                 // a whole number: a count, a date's serial
	formulaOut                // a formula, with the text it shows
)

// stream is the cell as excelize's stream writer takes it.
func (c cell) stream() any {
	switch c.kind {
	case blankOut:
		return excelize.Cell{StyleID: c.style}
	case textOut:
		return excelize.Cell{StyleID: c.style, Value: c.text}
	case numberOut:
		return excelize.Cell{StyleID: c.style, Value: c.n}
	case formulaOut:
		return excelize.Cell{StyleID: c.style, Value: c.text, Formula: c.formula}
	}
	return nil
}

// streamRow is a row as excelize's stream writer takes it.
func streamRow(cells []cell) []any {
	out := make([]any, len(cells))
	for i, c := range cells {
		out[i] = c.stream()
	}
	return out
}

// rowSink is where one sheet's data rows go, in order, after the rows
// excelize writes itself (the title and the header).
type rowSink interface {
	// put writes a row, height points high (0 for the default); l, when
	// set, makes one of its cells an internal hyperlink.
	put(row int, cells []cell, height float64, l *Link) error
	// finish ends the rows; the sheet's stream writer is flushed after it.
	finish() error
	discard()
}

// streamSink writes rows through excelize's stream writer: the reference
// the fast path is tested against, and the small sheets' writer.
type streamSink struct {
	f     *excelize.File
	sw    *excelize.StreamWriter
	sheet string
}

func (s *streamSink) put(row int, cells []cell, height float64, l *Link) error {
	if l != nil {
		if err := s.f.SetCellHyperLink(s.sheet, colName(l.Col)+strconv.Itoa(row), l.Target, "Location"); err != nil {
			return err
		}
	}
	return s.sw.SetRow("A"+strconv.Itoa(row), streamRow(cells), heightOpts(height)...)
}

func (s *streamSink) finish() error { return nil }
func (s *streamSink) discard()      {}

// rawSink writes rows as SpreadsheetML of its own (rawsheet), spliced into
// the sheet excelize saves.
type rawSink struct {
	part *rawsheet.Part
}

func (s *rawSink) put(row int, cells []cell, height float64, l *Link) error {
	p := s.part
	p.RowWith(row, rawsheet.RowOptions{Height: height})
	for i, c := range cells {
		switch c.kind {
		case blankOut:
			p.Empty(i, c.style)
		case textOut:
			p.Text(i, c.style, c.text)
		case numberOut:
			p.Int(i, c.style, int64(c.n))
		case formulaOut:
			p.Formula(i, c.style, c.formula, c.text)
		}
	}
	if err := p.EndRow(); err != nil {
		return err
	}
	if l != nil {
		p.Link(l.Col, row, l.Target, "", "")
	}
	return nil
}

func (s *rawSink) finish() error { return s.part.Finish() }
func (s *rawSink) discard()      { s.part.Discard() }

// rowWriter writes a big table's rows on a goroutine of its own, in
// batches, in order: working out row heights and writing rawsheet's XML
// is much of the work of the writer's one goroutine, which builds every
// output's rows in input order. It only
// serves rawsheet's sinks: excelize's File is not to be used from two
// goroutines.
type rowWriter struct {
	heights *heightMemo
	cur     rowBatch
	jobs    chan rowBatch
	done    chan struct{}

	firsterr.Err
}

// rowBatch is rows of cells one after another.
type rowBatch struct {
	cells []cell
	rows  []queuedRow
}

type queuedRow struct {
	sink    rowSink
	row     int
	end     int // the row's cells end here in the batch's
	linkCol int // -1: no link
	target  string
}

const rowBatchRows = 256

// idleRowBatches are batches written, kept for the next rows of any
// rowWriter: a split run opens four for each of its folders, and a new
// set per folder would make garbage in proportion to the folders.
var idleRowBatches = make(chan rowBatch, 8)

func newRowWriter(widths []float64) *rowWriter {
	rw := &rowWriter{heights: newHeightMemo(widths), jobs: make(chan rowBatch, 2), done: make(chan struct{})}
	go rw.work()
	return rw
}

// idleBatch is an idle batch, or a new one.
func idleBatch() rowBatch {
	select {
	case b := <-idleRowBatches:
		return b
	default:
		return rowBatch{cells: make([]cell, 0, 16*rowBatchRows), rows: make([]queuedRow, 0, rowBatchRows)}
	}
}

func (rw *rowWriter) work() {
	defer close(rw.done)
	for b := range rw.jobs {
		start := 0
		for _, q := range b.rows {
			cells := b.cells[start:q.end]
			start = q.end
			if rw.Failed() != nil {
				continue
			}
			var l *Link
			if q.linkCol >= 0 {
				l = &Link{Col: q.linkCol, Target: q.target}
			}
			if err := q.sink.put(q.row, cells, rw.heights.height(cells), l); err != nil {
				rw.Set(err)
			}
		}
		clear(b.cells) // let go of the strings
		clear(b.rows)
		b.cells, b.rows = b.cells[:0], b.rows[:0]
		select {
		case idleRowBatches <- b:
		default:
		}
	}
}

// queue hands a row over; the cells are copied.
func (rw *rowWriter) queue(sink rowSink, row int, cells []cell, l *Link) error {
	if rw.cur.rows == nil {
		rw.cur = idleBatch()
	}
	rw.cur.cells = append(rw.cur.cells, cells...)
	q := queuedRow{sink: sink, row: row, end: len(rw.cur.cells), linkCol: -1}
	if l != nil {
		q.linkCol, q.target = l.Col, l.Target
	}
	rw.cur.rows = append(rw.cur.rows, q)
	if len(rw.cur.rows) >= rowBatchRows {
		rw.ship()
	}
	return rw.Failed()
}

func (rw *rowWriter) ship() {
	rw.jobs <- rw.cur
	rw.cur = rowBatch{} // the next queue takes an idle one
}

// drain writes what is queued and stops the goroutine; the first error.
func (rw *rowWriter) drain() error {
	if rw.jobs != nil {
		if len(rw.cur.rows) > 0 {
			rw.ship()
		}
		close(rw.jobs)
		<-rw.done
		rw.jobs = nil
	}
	return rw.Failed()
}
