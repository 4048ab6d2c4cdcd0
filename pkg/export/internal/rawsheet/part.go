package rawsheet

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"batch/internal/strmemo"
)

// spoolDepth is how many chunks of one part may wait for the deflate
// workers or the spool at a time; the writer waits when it is reached.
const spoolDepth = 2

// Part is the data rows of one worksheet, written in order: Row, its cells
// from left to right, EndRow; then Finish, and the part can be spliced.
// Cells are 0-based columns; a cell not written is absent, as a nil value
// is for the stream writer. A Part is used by one goroutine.
type Part struct {
	pool  *Pool
	buf   []byte
	dir   string   // where the spool file goes, once a second chunk comes
	file  *os.File // nil while the part is one chunk or none
	path  string   // set while the spool file still has a name to remove
	queue chan *chunk
	done  chan struct{}

	// Owned by the spool goroutine until done is closed.
	held       []byte // the first chunk's compressed bytes, until a second one comes
	crc        uint32
	rawSize    int64
	packedSize int64
	spoolErr   error

	colStyles []int  // a column's style, for its cells that have none
	links     []byte // <hyperlink> elements, in the order written
	row       int    // the current or last row
	ref       []byte // the current row's number, in decimal
	lastCol   int    // the last column written in the current row, -1 before the first
	rowStyle  int    // the current row's style
	inRow     bool
	finished  bool
	err       error

	plain strmemo.Set // texts met that are written as they are
}

// NewPart starts a part whose compressed rows are spooled to a temporary
// file in dir once they are more than one chunk. A small part (a split
// folder's sheets, the Rules and Calendar sheets) stays in memory: its
// spool file and full-size buffer were a fifth of a small workbook's cost.
func (p *Pool) NewPart(dir string) (*Part, error) {
	w := &Part{pool: p, buf: p.buffer(false), dir: dir, queue: make(chan *chunk, spoolDepth), done: make(chan struct{})}
	go w.spool()
	return w, nil
}

// spool appends the compressed chunks to the file in the order written;
// the first is held in memory until a second comes.
func (w *Part) spool() {
	defer close(w.done)
	for c := range w.queue {
		<-c.done
		if c.err != nil && w.spoolErr == nil {
			w.spoolErr = fmt.Errorf("rawsheet: deflate: %w", c.err)
		}
		if w.spoolErr == nil {
			w.spoolErr = w.keep(c.packed)
		}
		w.crc = crc32Combine(w.crc, c.crc, int64(len(c.raw)))
		w.rawSize += int64(len(c.raw))
		w.packedSize += int64(len(c.packed))
		w.pool.recycle(c.raw)
		w.pool.recycleChunk(c)
	}
}

// keep stores one chunk's compressed bytes: held when it is the first,
// else in the spool file, made now and given the held chunk first.
func (w *Part) keep(packed []byte) error {
	if w.file == nil && w.held == nil {
		w.held = append(make([]byte, 0, len(packed)), packed...)
		return nil
	}
	if w.file == nil {
		f, err := os.CreateTemp(w.dir, "rows-*.deflate")
		if err != nil {
			return fmt.Errorf("rawsheet: spool file: %w", err)
		}
		w.file = f
		// Unnamed from the start where the system allows it: nothing is
		// left behind by a run that is killed.
		if err := os.Remove(f.Name()); err != nil {
			w.path = f.Name()
		}
		if _, err := f.Write(w.held); err != nil {
			return fmt.Errorf("rawsheet: spool file: %w", err)
		}
		w.held = nil
	}
	if _, err := w.file.Write(packed); err != nil {
		return fmt.Errorf("rawsheet: spool file: %w", err)
	}
	return nil
}

// SetColumnStyles gives columns a style for their cells written with
// style 0, as a column style does in excelize's stream writer.
func (w *Part) SetColumnStyles(styles []int) { w.colStyles = styles }

// RowOptions are a row's own settings, as excelize's RowOpts: a style
// for its cells written with none, a height in points (0 for the
// default), an outline level, hidden.
type RowOptions struct {
	Style        int
	Height       float64
	OutlineLevel int
	Hidden       bool
}

// maxRowHeight is the tallest row Excel allows, in points.
const maxRowHeight = 409

// Row starts row r (1-based); rows must increase.
func (w *Part) Row(r int) { w.RowWith(r, RowOptions{}) }

// RowWith starts row r with its own settings.
func (w *Part) RowWith(r int, o RowOptions) {
	if w.err != nil {
		return
	}
	switch {
	case w.finished:
		w.err = errors.New("rawsheet: row after Finish")
		return
	case w.inRow:
		w.err = fmt.Errorf("rawsheet: row %d started before row %d ended", r, w.row)
		return
	case r <= w.row:
		w.err = fmt.Errorf("rawsheet: row %d after row %d: rows must increase", r, w.row)
		return
	case r > 1<<20:
		w.err = fmt.Errorf("rawsheet: row %d is past Excel's last row, %d", r, 1<<20)
		return
	case o.Height > maxRowHeight:
		w.err = fmt.Errorf("rawsheet: row %d is %g points high, more than Excel's %d", r, o.Height, maxRowHeight)
		return
	case o.OutlineLevel > 7:
		w.err = fmt.Errorf("rawsheet: row %d has outline level %d, more than Excel's 7", r, o.OutlineLevel)
		return
	}
	w.row, w.inRow, w.lastCol, w.rowStyle = r, true, -1, o.Style
	w.ref = strconv.AppendInt(w.ref[:0], int64(r), 10)
	b := append(w.buf, `<row r="`...)
	b = append(b, w.ref...)
	b = append(b, '"')
	if o.Style > 0 {
		b = append(b, ` s="`...)
		b = strconv.AppendInt(b, int64(o.Style), 10)
		b = append(b, `" customFormat="1"`...)
	}
	if o.Height > 0 {
		b = append(b, ` ht="`...)
		b = strconv.AppendFloat(b, o.Height, 'f', -1, 64)
		b = append(b, `" customHeight="1"`...)
	}
	if o.OutlineLevel > 0 {
		b = append(b, ` outlineLevel="`...)
		b = strconv.AppendInt(b, int64(o.OutlineLevel), 10)
		b = append(b, '"')
	}
	if o.Hidden {
		b = append(b, ` hidden="1"`...)
	}
	w.buf = append(b, '>')
}

// open starts a cell's start tag up to its type: `<c r="B7" s="3"`.
func (w *Part) open(col, style int, preserve bool) bool {
	if w.err != nil {
		return false
	}
	switch {
	case !w.inRow:
		w.err = errors.New("rawsheet: a cell outside a row")
		return false
	case col >= maxColumns || col < 0:
		w.err = fmt.Errorf("rawsheet: row %d: column %d is past Excel's last column, XFD", w.row, col+1)
		return false
	case col <= w.lastCol:
		w.err = fmt.Errorf("rawsheet: row %d: column %d after column %d", w.row, col+1, w.lastCol+1)
		return false
	}
	w.lastCol = col
	if style == 0 {
		// As the stream writer picks a cell's style: the row's, else its
		// column's.
		if w.rowStyle > 0 {
			style = w.rowStyle
		} else if col < len(w.colStyles) {
			style = w.colStyles[col]
		}
	}
	if !preserve && col < len(cellStarts) && style >= 0 && style < len(styleEnds) {
		b := append(w.buf, cellStarts[col]...)
		b = append(b, w.ref...)
		w.buf = append(b, styleEnds[style]...)
		return true
	}
	b := append(w.buf, "<c"...)
	if preserve {
		b = append(b, ` xml:space="preserve"`...)
	}
	b = append(b, ` r="`...)
	b = append(b, colName(col)...)
	b = append(b, w.ref...)
	b = append(b, '"')
	if style != 0 {
		b = append(b, ` s="`...)
		b = strconv.AppendInt(b, int64(style), 10)
		b = append(b, '"')
	}
	w.buf = b
	return true
}

// Text writes an inline string cell.
func (w *Part) Text(col, style int, s string) {
	if !w.open(col, style, false) {
		return
	}
	if w.plain.Has(s) {
		b := append(w.buf, ` t="inlineStr"><is><t>`...)
		b = append(b, s...)
		w.buf = append(b, "</t></is></c>"...)
		return
	}
	t, preserve := cellText(s)
	b := append(w.buf, ` t="inlineStr"><is><t`...)
	if preserve {
		b = append(b, ` xml:space="preserve"`...)
	}
	b = append(b, '>')
	b, same := appendEscapedAs(b, t, true)
	if same && !preserve && len(s) <= maxCellUnits && len(t) == len(s) {
		// Written as it is: neither truncated (it is short enough), nor
		// escaped by cellText (which only lengthens), nor here, nor marked.
		w.plain.Add(s)
	}
	w.buf = append(b, "</t></is></c>"...)
}

// Int writes a number cell holding a whole number (a date's serial, a
// count).
func (w *Part) Int(col, style int, n int64) {
	if !w.open(col, style, false) {
		return
	}
	b := append(w.buf, "><v>"...)
	b = strconv.AppendInt(b, n, 10)
	w.buf = append(b, "</v></c>"...)
}

// Empty writes a cell that holds nothing but its style (a fill running
// the width of a row).
func (w *Part) Empty(col, style int) {
	if !w.open(col, style, false) {
		return
	}
	w.buf = append(w.buf, "></c>"...)
}

// Formula writes a formula cell with the text it shows until a spreadsheet
// computes it; without a formula, a text cell.
func (w *Part) Formula(col, style int, formula, shown string) {
	if formula == "" {
		w.Text(col, style, shown)
		return
	}
	t, preserve := cellText(shown)
	if !w.open(col, style, preserve) {
		return
	}
	b := append(w.buf, ` t="str"><f>`...)
	b = appendEscaped(b, formula, false)
	b = append(b, "</f>"...)
	if t != "" {
		b = append(b, "<v>"...)
		b = appendEscaped(b, t, false)
		b = append(b, "</v>"...)
	}
	w.buf = append(b, "</c>"...)
}

// Link makes the cell at col of row a hyperlink to a place in the
// workbook ("'Conflicts'!A7"): internal links need no relationship.
// display and tooltip may be empty. Links are written in the order made.
func (w *Part) Link(col, row int, location, display, tooltip string) {
	if w.err != nil {
		return
	}
	if col < 0 || col >= maxColumns || row < 1 || row > 1<<20 {
		w.err = fmt.Errorf("rawsheet: a link at column %d row %d, outside the sheet", col+1, row)
		return
	}
	b := append(w.links, `<hyperlink ref="`...)
	b = append(b, colName(col)...)
	b = strconv.AppendInt(b, int64(row), 10)
	b = append(b, '"')
	for _, a := range [...]struct{ name, val string }{{"location", location}, {"display", display}, {"tooltip", tooltip}} {
		if a.val == "" {
			continue
		}
		b = append(b, ' ')
		b = append(b, a.name...)
		b = append(b, `="`...)
		b = appendEscaped(b, a.val, false)
		b = append(b, '"')
	}
	w.links = append(b, "></hyperlink>"...)
}

// EndRow ends the current row and reports the first error of the part.
func (w *Part) EndRow() error {
	if w.err != nil {
		return w.err
	}
	if !w.inRow {
		w.err = errors.New("rawsheet: EndRow outside a row")
		return w.err
	}
	w.inRow = false
	w.buf = append(w.buf, "</row>"...)
	switch {
	case len(w.buf) >= chunkSize:
		w.ship(true)
	case cap(w.buf) < chunkSize && len(w.buf) > firstBuffer*3/4:
		// A part outgrowing its small first buffer takes a full-size
		// one now, rather than growing it step by step to a chunk (each
		// step a copy, for each part of a split folder's big sheets).
		w.buf = append(w.pool.buffer(true), w.buf...)
	}
	return nil
}

// LastRow is the number of the last row started, 0 before the first.
func (w *Part) LastRow() int { return w.row }

// ship hands the current chunk to the workers and the spool; more: a
// buffer for the next chunk is wanted (not at Finish).
func (w *Part) ship(more bool) {
	c := w.pool.chunk()
	c.raw, c.done = w.buf, make(chan struct{})
	w.queue <- c
	w.pool.jobs <- c
	w.buf = nil
	if more {
		w.buf = w.pool.buffer(true)
	}
}

// Finish deflates what is left and waits until every chunk is spooled.
func (w *Part) Finish() error {
	if w.finished {
		return w.err
	}
	if w.err == nil && w.inRow {
		w.err = fmt.Errorf("rawsheet: row %d not ended", w.row)
	}
	w.finished = true
	if len(w.buf) > 0 {
		w.ship(false)
	}
	close(w.queue)
	<-w.done
	if w.err == nil {
		w.err = w.spoolErr
	}
	return w.err
}

// Rows reports the size of the rows' XML and its CRC-32, once finished.
func (w *Part) rows() (crc uint32, raw, packed int64) { return w.crc, w.rawSize, w.packedSize }

// copyRows copies the compressed rows to dst.
func (w *Part) copyRows(dst io.Writer) error {
	if w.file == nil {
		_, err := dst.Write(w.held)
		return err
	}
	if _, err := io.Copy(dst, io.NewSectionReader(w.file, 0, w.packedSize)); err != nil {
		return fmt.Errorf("rawsheet: spool file: %w", err)
	}
	return nil
}

// Discard releases the spool file. Safe to call more than once, and on a
// part never finished.
func (w *Part) Discard() {
	if !w.finished {
		w.finished = true
		if w.err == nil {
			w.err = errors.New("rawsheet: part discarded")
		}
		close(w.queue)
		<-w.done
	}
	w.held = nil
	if w.file != nil {
		_ = w.file.Close()
		w.file = nil
	}
	if w.path != "" {
		_ = os.Remove(w.path)
		w.path = ""
	}
}
