package export

import (
	"archive/zip"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
)

// Sheet names, in workbook order (CONTRACT.md).
const (
	summarySheet   = "Summary"
	vacanciesSheet = "Vacancies"
	deadlinesSheet = "Deadlines"
	conflictsSheet = "Conflicts"
	errorsSheet    = "Errors"
	calendarSheet  = "Calendar"
	rulesSheet     = "Rules"
)

var sheetOrder = []string{summarySheet, vacanciesSheet, deadlinesSheet, conflictsSheet,
	errorsSheet, calendarSheet, rulesSheet}

const (
	// excelRowLimit is Excel's 1,048,576 rows per sheet.
	excelRowLimit = 1 << 20
	// excelLinkLimit is how many real hyperlinks a sheet gets; past it a
	// highlighted row links through a HYPERLINK formula the tool makes, so
	// every highlighted row still links. excelize caps a sheet at
	// TotalSheetHyperlinks (65,529, about Excel's own limit), but it also
	// compares each new hyperlink with every earlier one on the sheet: n
	// links cost n²/2 string comparisons, and 55,000 of them took 11 of the
	// 38 s of a 100,000-row run. 4,096 cost about 0.05 s a sheet and cover
	// a county board's workbook.
	excelLinkLimit = 4096
	// sampleRows is how many rows a sheet holds back to size its columns.
	sampleRows = 200
	minWidth   = 8
	maxWidth   = 60
)

// workbook writes results.xlsx in streaming mode: every big sheet has its
// own stream writer, all open at once.
type workbook struct {
	f       *excelize.File
	styles  *styleSet
	maxRows int // rows per sheet, header included
	linkCap int // real hyperlinks per sheet

	vacancies, deadlines, conflicts, errors *sheetChain
	extra                                   []*sheetChain // Calendar and Rules, made at the end

	cells []any // reused row buffer
}

func newWorkbook(tmpDir string, maxRows, linkCap int) (*workbook, error) {
	f := excelize.NewFile(excelize.Options{TmpDir: tmpDir})
	wb := &workbook{f: f, styles: newStyleSet(f), maxRows: maxRows, linkCap: linkCap}
	if err := f.SetSheetName("Sheet1", summarySheet); err != nil {
		return nil, fmt.Errorf("export: results.xlsx: %w", err)
	}
	for _, name := range sheetOrder[1:] {
		if _, err := f.NewSheet(name); err != nil {
			return nil, fmt.Errorf("export: results.xlsx: %w", err)
		}
	}
	f.SetActiveSheet(0)
	wb.vacancies = wb.chain(vacanciesSheet, deadlinesSheet, nil)
	wb.deadlines = wb.chain(deadlinesSheet, conflictsSheet, deadlineColumns)
	wb.conflicts = wb.chain(conflictsSheet, errorsSheet, conflictColumns)
	wb.errors = wb.chain(errorsSheet, calendarSheet, errorColumns)
	return wb, nil
}

func (wb *workbook) chain(base, before string, header []string) *sheetChain {
	return &sheetChain{wb: wb, base: base, before: before, header: header,
		parts: []string{base}, row: 1, headerRow: 1}
}

// excelSerial is the spreadsheet serial number of a date (days since
// 1899-12-30, valid from March 1900 on).
func excelSerial(d compute.Date) int {
	return compute.D(1899, 12, 30).DaysUntil(d)
}

// row turns values into stream cells. Every cell of a filled row is
// written, blanks included, so the fill runs the width of the table.
func (wb *workbook) row(vals []value, fill fillColour, marks []mark) ([]any, error) {
	cells := wb.cells[:0]
	for i, v := range vals {
		k := styleKey{fill: fill}
		if i < len(marks) {
			k.mark = marks[i]
		}
		if v.kind == dateCell {
			k.num = dateFormat
		}
		if v.empty() && k.fill == noFill {
			cells = append(cells, nil)
			continue
		}
		id, err := wb.styles.id(k)
		if err != nil {
			return nil, err
		}
		c := excelize.Cell{StyleID: id}
		switch {
		case v.empty():
		case v.kind == dateCell:
			c.Value = excelSerial(v.date)
		case v.kind == intCell:
			c.Value = v.n
		default:
			c.Value = guardText(v.text)
		}
		cells = append(cells, c)
	}
	wb.cells = cells
	return cells, nil
}

// link is an internal hyperlink from one cell of a row to a place in the
// workbook.
type link struct {
	col     int    // 0-based column of the linking cell
	target  string // "'Conflicts'!A7"
	display string
}

// sheetChain is one table that may run over several sheets: "Deadlines",
// "Deadlines (2)", … each with the same header, at most maxRows rows.
type sheetChain struct {
	wb        *workbook
	base      string
	before    string // the sheet continuations are placed in front of
	title     []any  // an optional row above the header (Rules: the edition)
	header    []string
	headerRow int

	widths  []float64
	pending [][]any // rows held back until the column widths are known
	parts   []string
	open    []*excelize.StreamWriter // one per part, flushed at close
	row     int                      // last row used on the current part
	rows    int                      // data rows in all
	links   int                      // real hyperlinks on the current part
}

// add writes one row and returns where it went.
func (c *sheetChain) add(cells []any, l *link) (sheet string, row int, err error) {
	if c.row >= c.wb.maxRows {
		if err := c.roll(); err != nil {
			return "", 0, err
		}
	}
	c.row++
	c.rows++
	sheet = c.parts[len(c.parts)-1]
	if l != nil {
		if err := c.addLink(cells, l, sheet); err != nil {
			return "", 0, err
		}
	}
	if len(c.open) == 0 {
		c.pending = append(c.pending, append([]any(nil), cells...))
		if len(c.pending) >= sampleRows {
			err = c.start()
		}
		return sheet, c.row, err
	}
	sw := c.open[len(c.open)-1]
	if err := sw.SetRow("A"+strconv.Itoa(c.row), cells); err != nil {
		return "", 0, fmt.Errorf("export: results.xlsx sheet %q row %d: %w", sheet, c.row, err)
	}
	return sheet, c.row, nil
}

func (c *sheetChain) addLink(cells []any, l *link, sheet string) error {
	if c.links < c.wb.linkCap {
		c.links++
		ref := colName(l.col) + strconv.Itoa(c.row)
		if err := c.wb.f.SetCellHyperLink(sheet, ref, l.target, "Location"); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q cell %s: %w", sheet, ref, err)
		}
		return nil
	}
	// Past the per-sheet hyperlink limit: a formula the tool itself made.
	cell, _ := cells[l.col].(excelize.Cell)
	target := strings.ReplaceAll("#"+l.target, `"`, `""`)
	display := strings.ReplaceAll(l.display, `"`, `""`)
	cell.Formula = `HYPERLINK("` + target + `","` + display + `")`
	cells[l.col] = cell
	return nil
}

// start sizes the columns from the header and the rows held back, and
// opens the first sheet.
func (c *sheetChain) start() error {
	c.widths = make([]float64, len(c.header))
	for i, h := range c.header {
		w := float64(utf8.RuneCountInString(h) + 3) // room for the filter button
		if b, ok := baseWidths[h]; ok && b > w {
			w = b
		}
		c.widths[i] = w
	}
	for _, r := range c.pending {
		for i, cell := range r {
			if i >= len(c.widths) {
				break
			}
			if w := cellWidth(cell); w > c.widths[i] {
				c.widths[i] = w
			}
		}
	}
	for i := range c.widths {
		c.widths[i] = min(max(c.widths[i], minWidth), maxWidth)
	}
	if err := c.openPart(c.parts[0]); err != nil {
		return err
	}
	sw := c.open[0]
	for i, r := range c.pending {
		row := c.headerRow + 1 + i
		if err := sw.SetRow("A"+strconv.Itoa(row), r); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q row %d: %w", c.parts[0], row, err)
		}
	}
	c.pending = nil
	return nil
}

func cellWidth(v any) float64 {
	if c, ok := v.(excelize.Cell); ok {
		if c.Formula != "" {
			return 0
		}
		v = c.Value
	}
	switch v := v.(type) {
	case string:
		return float64(utf8.RuneCountInString(v) + 2)
	case int:
		if v > 20000 && v < 80000 { // a date serial: yyyy-mm-dd
			return 12
		}
		return float64(len(strconv.Itoa(v)) + 2)
	}
	return 0
}

// openPart starts the stream writer of one sheet: widths, frozen header.
func (c *sheetChain) openPart(name string) error {
	f := c.wb.f
	// The stream writer would keep the template's stale dimension "A1",
	// and readers that trust it (openpyxl read-only) would see one row.
	// The true size is unknown until the end, so leave the element out.
	if err := f.SetSheetDimension(name, ""); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	if err := setColWidths(sw, c.widths); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	top := colName(0) + strconv.Itoa(c.headerRow+1)
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: c.headerRow, TopLeftCell: top,
		ActivePane: "bottomLeft", Selection: []excelize.Selection{{SQRef: top, ActiveCell: top, Pane: "bottomLeft"}}}); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	if c.title != nil {
		if err := sw.SetRow("A1", c.title); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
		}
	}
	hid, err := c.wb.styles.id(styleKey{fill: headerFill, mark: boldMark})
	if err != nil {
		return err
	}
	head := make([]any, len(c.header))
	for i, h := range c.header {
		head[i] = excelize.Cell{StyleID: hid, Value: guardText(h)} // carried columns keep the input's header
	}
	if err := sw.SetRow("A"+strconv.Itoa(c.headerRow), head); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	c.open = append(c.open, sw)
	return nil
}

// roll continues the table on the next sheet, "Base (n)", placed after the
// previous one.
func (c *sheetChain) roll() error {
	if len(c.open) == 0 {
		if err := c.start(); err != nil {
			return err
		}
	}
	name := c.base + " (" + strconv.Itoa(len(c.parts)+1) + ")"
	f := c.wb.f
	if _, err := f.NewSheet(name); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	if c.before != "" {
		if err := f.MoveSheet(name, c.before); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
		}
	}
	c.parts = append(c.parts, name)
	c.row = c.headerRow
	c.links = 0
	return c.openPart(name)
}

// close filters and flushes every part. It runs once all sheets exist:
// an autofilter's defined name holds its sheet's position, which a later
// continuation sheet would shift.
func (c *sheetChain) close() error {
	if len(c.open) == 0 {
		if err := c.start(); err != nil {
			return err
		}
	}
	last := colName(len(c.header) - 1)
	for i, sw := range c.open {
		name := c.parts[i]
		lastRow := c.wb.maxRows
		if i == len(c.open)-1 {
			lastRow = c.row
		}
		ref := "A" + strconv.Itoa(c.headerRow) + ":" + last + strconv.Itoa(lastRow)
		if err := c.wb.f.AutoFilter(name, ref, nil); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
		}
		if err := sw.Flush(); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
		}
	}
	c.open = nil
	return nil
}

// colName is the column letter(s) of a 0-based column.
func colName(i int) string {
	name, _ := excelize.ColumnNumberToName(i + 1)
	return name
}

// save writes the zip straight into out. excelize's own Write assembles
// the whole zip in a memory buffer (peak about 3× the file); handing it a
// zip writer on the file instead keeps memory flat. This leans on
// excelize v2.11.1 writing every part through the ZipWriter it is given
// and nothing else to the buffer; TestWorkbookRoundTrip guards it.
func (wb *workbook) save(out io.Writer) error {
	wb.f.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		zw := zip.NewWriter(out)
		// Level 1 deflate: measured 38 s → 23 s at 1M rows, file ~33 % bigger.
		zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
			return flate.NewWriter(w, flate.BestSpeed)
		})
		return zw
	})
	var rest countingWriter
	if err := wb.f.Write(&rest); err != nil {
		return fmt.Errorf("export: write results.xlsx: %w", err)
	}
	if rest.n != 0 {
		return fmt.Errorf("export: write results.xlsx: excelize wrote %d bytes outside the zip writer", rest.n)
	}
	return nil
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

// discard releases excelize's temporary files.
func (wb *workbook) discard() {
	if wb != nil && wb.f != nil {
		_ = wb.f.Close()
	}
}

func excelCell(style int, v any) excelize.Cell { return excelize.Cell{StyleID: style, Value: v} }

// chains lists every table in workbook order.
func (wb *workbook) chains() []*sheetChain {
	return append([]*sheetChain{wb.vacancies, wb.deadlines, wb.conflicts, wb.errors}, wb.extra...)
}

// continued lists the tables that ran over more than one sheet.
func (wb *workbook) continued() []continuation {
	var out []continuation
	for _, c := range wb.chains() {
		if len(c.parts) > 1 {
			out = append(out, continuation{Table: c.base, Sheets: append([]string(nil), c.parts...)})
		}
	}
	return out
}
