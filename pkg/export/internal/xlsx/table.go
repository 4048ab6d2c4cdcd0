package xlsx

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"batch/internal/extsort"
)

// Table is one table that may run over several sheets: "Deadlines",
// "Deadlines (2)", … each with the same header, at most MaxRows rows.
type Table struct {
	b         *Book
	base      string
	o         TableOptions
	title     []any // the row above the header (TitleRow)
	header    []string
	headerRow int
	held      *extsort.Sorter // rows held back (Hold), keyed by arrival
	nHeld     uint64
	enc       []byte // Hold's, reused
	heldRow   []cell // AddHeld's, reused

	widths  []float64
	pending []pendingRow // rows held back until the column widths are known
	// linkWidth is, by column, the widest linked text among the rows held
	// back: LibreOffice does not wrap a cell's link, so a column of links is
	// as wide as its longest, past its cap.
	linkWidth map[int]float64
	parts     []string
	open      []*excelize.StreamWriter // one per part, flushed at close
	sinks     []rowSink                // the data rows of each part
	rw        *rowWriter               // writes the rows of rawsheet's sinks, once started
	row       int                      // last row used on the current part
	links     int                      // real hyperlinks on the current part
	printRows int                      // data rows printed (PrintRows; -1: all)
}

// TableOptions say how a table's sheets look and are written.
type TableOptions struct {
	Before   string // the sheet each continuation is placed in front of ("": at the end)
	FreezeID bool   // keep the first column in view as well as the header
	TitleRow bool   // a row above the header, whose text SetTitle gives
	Big      bool   // rows through rawsheet on a goroutine of their own, not excelize's stream writer
	// MinWidth, when set, is the narrowest a column is, whatever its
	// sampled cells: a column of codes fits its longest code, so that no
	// code wraps mid-word ("deadline_p / assed") in a row the sample did
	// not see.
	MinWidth func(header string) float64
}

// AddSheet adds the sheet name in front of the sheet before.
func (b *Book) AddSheet(name, before string) error {
	if _, err := b.f.NewSheet(name); err != nil {
		return fmt.Errorf("export: results.xlsx: %w", err)
	}
	if err := b.f.MoveSheet(name, before); err != nil {
		return fmt.Errorf("export: results.xlsx: %w", err)
	}
	b.f.SetActiveSheet(0)
	return nil
}

// Table opens a table on the book's sheet name; its header's names are
// guarded by Options.Guard.
func (b *Book) Table(name string, header []string, o TableOptions) *Table {
	c := &Table{b: b, base: name, o: o, header: header, parts: []string{name}, row: 1, headerRow: 1, printRows: -1}
	if o.TitleRow {
		c.headerRow, c.row = 2, 2
	}
	b.tables = append(b.tables, c)
	return c
}

// SetTitle gives the row above the header its text, in bold; before Add.
func (c *Table) SetTitle(text string) error {
	bold, err := c.b.styles.id(styleKey{mark: Bold})
	c.title = []any{excelize.Cell{StyleID: bold, Value: text}}
	return err
}

// SetHeader replaces the table's header; before Add.
func (c *Table) SetHeader(header []string) { c.header = header }

// PrintRows limits the print area to the first n data rows.
func (c *Table) PrintRows(n int) { c.printRows = n }

// Sheets are the table's sheets so far: its own, then its continuations.
func (c *Table) Sheets() []string { return append([]string(nil), c.parts...) }

// Add writes a row of values, filled, each cell marked as marks says,
// one of them linked when l is set; it returns where the row went.
func (c *Table) Add(vals []Value, fill Fill, marks []Mark, l *Link) (sheet string, row int, err error) {
	cells, err := c.b.tableCells(vals, fill, marks, true)
	if err != nil {
		return "", 0, err
	}
	return c.add(cells, l)
}

// Hold keeps a row, as Add would write it, until AddHeld: in sorted runs,
// in memory up to Options.HoldBytes and in a temporary file past it.
func (c *Table) Hold(vals []Value, fill Fill, marks []Mark) error {
	return c.HoldAt("", vals, fill, marks)
}

// HoldAt is Hold with the row's place among the held rows: AddHeld
// writes them by key (bytewise), rows of one key in the order they came.
func (c *Table) HoldAt(key string, vals []Value, fill Fill, marks []Mark) error {
	cells, err := c.b.tableCells(vals, fill, marks, true)
	if err != nil {
		return err
	}
	if c.held == nil {
		c.held = extsort.New(c.b.opts.TmpDir, c.b.opts.HoldBytes)
	}
	c.enc = encodeCells(c.enc[:0], cells)
	c.nHeld++
	if err := c.held.Add(key, c.nHeld, c.enc); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: rows held back: %w", c.base, err)
	}
	return nil
}

// AddHeld writes the rows held back, by key, each key's in the order
// they came.
func (c *Table) AddHeld() error {
	if c.held == nil {
		return nil
	}
	defer c.dropHeld()
	m, err := c.held.Sorted()
	for err == nil {
		var payload []byte
		var ok bool
		if _, _, payload, ok, err = m.Next(); !ok || err != nil {
			break
		}
		if c.heldRow, err = decodeCells(c.heldRow[:0], payload); err == nil {
			if _, _, err := c.add(c.heldRow, nil); err != nil {
				return err
			}
		}
	}
	if err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: rows held back: %w", c.base, err)
	}
	return nil
}

func (c *Table) dropHeld() {
	if c.held != nil {
		c.held.Close()
		c.held = nil
	}
}

// PlaceOf is where the n-th data row (from 0) of the table lands, as Add
// places rows: on the first sheet, then on "Base (2)", … A table of one
// row per vacancy, such as Vacancies, knows a vacancy's row before it is
// written.
func (c *Table) PlaceOf(n int) (sheet string, row int) {
	per := c.b.opts.MaxRows - c.headerRow
	return c.PartName(n / per), c.headerRow + 1 + n%per
}

// PartName is the name of the table's part-th sheet (from 0).
func (c *Table) PartName(part int) string {
	if part == 0 {
		return c.base
	}
	return c.base + " (" + strconv.Itoa(part+1) + ")"
}

// PartOf is the number of the part named sheet (0 for the first).
func (c *Table) PartOf(sheet string) int {
	if sheet == c.base {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(sheet, c.base+" ("), ")"))
	return n - 1
}

// pendingRow is a row held back, with its link.
type pendingRow struct {
	cells []cell
	link  *Link
}

// add writes one row and returns where it went.
func (c *Table) add(cells []cell, l *Link) (sheet string, row int, err error) {
	if c.row >= c.b.opts.MaxRows {
		if err := c.roll(); err != nil {
			return "", 0, err
		}
	}
	c.row++
	sheet = c.parts[len(c.parts)-1]
	var rl *Link
	if l != nil {
		rl = c.addLink(cells, l)
	}
	if len(c.open) == 0 {
		if l != nil && l.Col < len(cells) {
			if c.linkWidth == nil {
				c.linkWidth = map[int]float64{}
			}
			c.linkWidth[l.Col] = max(c.linkWidth[l.Col], cellWidth(cells[l.Col]))
		}
		c.pending = append(c.pending, pendingRow{append([]cell(nil), cells...), rl})
		if len(c.pending) >= sampleRows {
			err = c.start()
		}
		return sheet, c.row, err
	}
	if err := c.put(c.sinks[len(c.sinks)-1], c.row, cells, rl); err != nil {
		return "", 0, fmt.Errorf("export: results.xlsx sheet %q row %d: %w", sheet, c.row, err)
	}
	return sheet, c.row, nil
}

// put writes a row to a part's sink: through the row writer when the
// sink is rawsheet's, else at once.
func (c *Table) put(sink rowSink, row int, cells []cell, l *Link) error {
	if _, raw := sink.(*rawSink); raw {
		if c.rw == nil {
			c.rw = newRowWriter(c.widths)
		}
		return c.rw.queue(sink, row, cells, l)
	}
	return sink.put(row, cells, rowHeight(cells, c.widths, false), l)
}

// addLink links a row's cell: a real hyperlink while the sheet has fewer
// than linkCap, a formula the tool itself made after.
func (c *Table) addLink(cells []cell, l *Link) *Link {
	if c.links < c.b.opts.LinkCap {
		c.links++
		return &Link{Col: l.Col, Target: l.Target}
	}
	target := strings.ReplaceAll("#"+l.Target, `"`, `""`)
	display := strings.ReplaceAll(l.Display, `"`, `""`)
	cells[l.Col].kind = formulaOut
	cells[l.Col].formula = `HYPERLINK("` + target + `","` + display + `")`
	return nil
}

// start sizes the columns from the header and the rows held back, and
// opens the first sheet.
//
// A column is as wide as its widest sampled cell, within its cap
// (Options.ColumnCap): longer text wraps and its row grows. A header
// wraps too, to at most headerLines lines, so that the table stays narrow
// enough to print on few pages across (pagesWide).
func (c *Table) start() error {
	c.widths = make([]float64, len(c.header))
	for i, h := range c.header {
		// A short header keeps to one line (with room for the filter
		// button); a long one wraps to headerLines lines.
		n := utf8.RuneCountInString(h)
		if n <= shortHeader {
			c.widths[i] = float64(n + 3)
		} else {
			c.widths[i] = float64((n+headerLines-1)/headerLines + 3)
		}
	}
	for _, r := range c.pending {
		for i, cell := range r.cells {
			if i >= len(c.widths) {
				break
			}
			if w := cellWidth(cell); w > c.widths[i] {
				c.widths[i] = w
			}
		}
	}
	for i := range c.widths {
		c.widths[i] = min(max(c.widths[i], minWidth), c.b.opts.ColumnCap(c.header[i]), MaxWidth)
		c.widths[i] = max(c.widths[i], min(c.linkWidth[i], MaxWidth))
		if c.o.MinWidth != nil {
			c.widths[i] = max(c.widths[i], min(c.o.MinWidth(c.header[i]), MaxWidth))
		}
	}
	if err := c.openPart(c.parts[0]); err != nil {
		return err
	}
	sink := c.sinks[0]
	for i, r := range c.pending {
		row := c.headerRow + 1 + i
		if err := c.put(sink, row, r.cells, r.link); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q row %d: %w", c.parts[0], row, err)
		}
	}
	c.pending = nil
	return nil
}

func cellWidth(c cell) float64 {
	switch c.kind {
	case textOut:
		// The longest line: a cell may hold line feeds.
		w := 0
		for line := range strings.SplitSeq(c.text, "\n") {
			w = max(w, utf8.RuneCountInString(line))
		}
		return float64(w + 2)
	case numberOut:
		if c.n > 20000 && c.n < 80000 { // a date serial: yyyy-mm-dd
			return dateWidth
		}
		return float64(len(strconv.Itoa(c.n)) + 2)
	}
	return 0
}

// openPart starts the stream writer of one sheet: print setup, widths,
// frozen header (and id column).
func (c *Table) openPart(name string) error {
	sw, err := c.b.openSheet(name, c.widths)
	if err != nil {
		return err
	}
	panes := &excelize.Panes{Freeze: true, YSplit: c.headerRow, ActivePane: "bottomLeft"}
	if c.o.FreezeID {
		panes.XSplit, panes.ActivePane = 1, "bottomRight"
	}
	top := colName(panes.XSplit) + strconv.Itoa(c.headerRow+1)
	panes.TopLeftCell = top
	panes.Selection = []excelize.Selection{{SQRef: top, ActiveCell: top, Pane: panes.ActivePane}}
	if err := sw.SetPanes(panes); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	if c.title != nil {
		if err := sw.SetRow("A1", c.title); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
		}
	}
	head := make([]cell, len(c.header))
	for i, h := range c.header {
		// A carried-through column's name is the input's text.
		g := c.b.opts.Guard(h)
		hid, err := c.b.styles.id(styleKey{fill: HeaderFill, mark: Bold, wrap: true, quote: g.Quoted})
		if err != nil {
			return err
		}
		head[i] = cell{kind: textOut, style: hid, text: g.Text}
	}
	if err := sw.SetRow("A"+strconv.Itoa(c.headerRow), streamRow(head), heightOpts(rowHeight(head, c.widths, true))...); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	sink, err := c.b.sink(sw, name, c.o.Big)
	if err != nil {
		return err
	}
	c.open = append(c.open, sw)
	c.sinks = append(c.sinks, sink)
	return nil
}

// roll continues the table on the next sheet, "Base (n)", placed after the
// previous one.
func (c *Table) roll() error {
	if len(c.open) == 0 {
		if err := c.start(); err != nil {
			return err
		}
	}
	name := c.base + " (" + strconv.Itoa(len(c.parts)+1) + ")"
	f := c.b.f
	if _, err := f.NewSheet(name); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	if c.o.Before != "" {
		if err := f.MoveSheet(name, c.o.Before); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
		}
	}
	c.parts = append(c.parts, name)
	c.row = c.headerRow
	c.links = 0
	return c.openPart(name)
}

// Close filters and flushes every part. It runs once all sheets exist:
// an autofilter's defined name holds its sheet's position, which a later
// continuation sheet would shift.
func (c *Table) Close() error {
	if len(c.open) == 0 {
		if err := c.start(); err != nil {
			return err
		}
	}
	if c.rw != nil {
		if err := c.rw.drain(); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", c.base, err)
		}
	}
	last := colName(len(c.header) - 1)
	for i, sw := range c.open {
		name := c.parts[i]
		lastRow := c.b.opts.MaxRows
		if i == len(c.open)-1 {
			lastRow = c.row
		}
		ref := "A" + strconv.Itoa(c.headerRow) + ":" + last + strconv.Itoa(lastRow)
		if err := c.b.f.AutoFilter(name, ref, nil); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
		}
		// The rows down to the header are printed again on every page,
		// and on a sheet more than one page wide the first column (the
		// vacancy, the rule) too, so that every page says whose row it is.
		titles := "'" + name + "'!$1:$" + strconv.Itoa(c.headerRow)
		if pagesWide(c.widths) > 1 {
			// Two areas as one union in parentheses: Excel and
			// LibreOffice write them bare, "'S'!$A:$A,'S'!$1:$1", which
			// Gnumeric refuses ("Multiple expressions are not supported
			// in this context"); LibreOffice and Gnumeric both take the
			// parenthesised union as the sheet's repeated column and rows.
			titles = "('" + name + "'!$A:$A," + titles + ")"
		}
		if err := c.b.f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Titles",
			RefersTo: titles, Scope: name}); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
		}
		if c.printRows >= 0 {
			per := c.b.opts.MaxRows - c.headerRow
			k := min(max(c.printRows-i*per, 0), per)
			area := "'" + name + "'!$A$1:$" + last + "$" + strconv.Itoa(c.headerRow+k)
			if err := c.b.f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Area",
				RefersTo: area, Scope: name}); err != nil {
				return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
			}
		}
		if err := c.sinks[i].finish(); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
		}
		if err := sw.Flush(); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
		}
	}
	c.open = nil
	return nil
}
