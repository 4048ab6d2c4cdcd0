package export

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export/internal/rawsheet"
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
	errorsSheet, calendarSheet, rulesSheet, guideSheet}

const (
	// excelRowLimit is Excel's 1,048,576 rows per sheet.
	excelRowLimit = 1 << 20
	// excelLinkLimit is how many real hyperlinks a sheet gets; past it a
	// highlighted row links through a HYPERLINK formula the tool makes, so
	// every highlighted row still links. excelize caps a sheet at
	// TotalSheetHyperlinks (65,529, about Excel's own limit), but it also
	// compares each new hyperlink with every earlier one on the sheet: n
	// links cost n²/2 string comparisons, a large part of a big run at
	// tens of thousands. 4,096 cost little and cover a county board's
	// workbook.
	excelLinkLimit = 4096
	// sampleRows is how many rows a sheet holds back to size its columns.
	sampleRows = 200
	minWidth   = 8
	maxWidth   = 60
	// dateWidth fits yyyy-mm-dd.
	dateWidth = 11
	// headerLines is how many lines a long header cell may wrap to before
	// its column widens for it; a header of shortHeader characters or
	// fewer keeps to one line.
	headerLines = 2
	shortHeader = 13
)

// page is what every printed page of the workbook names in its header
// and footer.
type page struct {
	asOf compute.Date
	law  string // the law applied, as the run picked it
	// slice names the part of the run a split's workbook holds, as its
	// Summary's title does (" of Albany County"); "" for the whole run.
	slice string
}

// sliceShown is the slice's name as a page header and the document's
// title show it: cut to a length that leaves the header its other parts.
func (pg page) sliceShown() string {
	if r := []rune(pg.slice); len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return pg.slice
}

// workbook writes results.xlsx in streaming mode: every big sheet has its
// own stream writer, all open at once.
type workbook struct {
	f       *excelize.File
	styles  *styleSet
	maxRows int // rows per sheet, header included
	linkCap int // real hyperlinks per sheet
	page    page

	vacancies, deadlines, conflicts, errors *sheetChain
	changes                                 *sheetChain   // with a comparison: second, after Summary
	extra                                   []*sheetChain // Calendar and Rules, made at the end

	cells []cell // reused row buffer

	// The big tables' rows are written by rawsheet (rows.go) unless
	// streamAll (the reference in tests): its deflate workers run while
	// the rows are written.
	streamAll bool
	tmpDir    string
	deflaters *rawsheet.Pool
	spliced   map[string]*rawsheet.Part // a sheet's zip path → its rows
}

func newWorkbook(tmpDir string, maxRows, linkCap int, pg page) (*workbook, error) {
	f := excelize.NewFile(excelize.Options{TmpDir: tmpDir})
	wb := &workbook{f: f, styles: newStyleSet(f), maxRows: maxRows, linkCap: linkCap, page: pg,
		tmpDir: tmpDir, spliced: map[string]*rawsheet.Part{}}
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
	// The wide tables keep their id column in view as well as the header.
	wb.vacancies.freezeID, wb.deadlines.freezeID, wb.conflicts.freezeID = true, true, true
	for _, c := range []*sheetChain{wb.vacancies, wb.deadlines, wb.conflicts, wb.errors} {
		c.big = true
	}
	return wb, nil
}

func (wb *workbook) chain(base, before string, header []string) *sheetChain {
	return &sheetChain{wb: wb, base: base, before: before, header: header,
		parts: []string{base}, row: 1, headerRow: 1}
}

// printSetup makes a sheet print well: landscape, as few pages wide as
// keep its text at least minPrintScale of its size (pagesWide: most
// sheets one page wide, as many pages down as it takes), narrow margins,
// and on every page a header naming the sheet and the as-of date, and a
// footer naming the law applied and the page. A sheet more than one page
// wide prints a band of rows across its pages before the next band
// (overThenDown), so that a row's pages come one after another. It runs
// before the sheet's stream writer opens: the fit-to-page flag sits in
// front of the rows.
func (wb *workbook) printSetup(sheet string, widths []float64) error {
	f := wb.f
	yes := true
	if err := f.SetSheetProps(sheet, &excelize.SheetPropsOptions{FitToPage: &yes}); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", sheet, err)
	}
	landscape, letter, wide, tall := "landscape", 1, pagesWide(widths), 0
	layout := &excelize.PageLayoutOptions{Size: &letter, Orientation: &landscape, FitToWidth: &wide, FitToHeight: &tall}
	if wide > 1 {
		across := "overThenDown"
		layout.PageOrder = &across
	}
	if err := f.SetPageLayout(sheet, layout); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", sheet, err)
	}
	side, edge, band := 0.4, 0.6, 0.3
	if err := f.SetPageMargins(sheet, &excelize.PageLayoutMarginsOptions{Left: &side, Right: &side,
		Top: &edge, Bottom: &edge, Header: &band, Footer: &band}); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", sheet, err)
	}
	head, foot := headerFooter(sheet, wb.page)
	if err := f.SetHeaderFooter(sheet, &excelize.HeaderFooterOptions{OddHeader: head, OddFooter: foot}); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", sheet, err)
	}
	return nil
}

// A printed table's text is at least minPrintScale of its size (11 pt at
// 55 % is 6 pt): one page wide, the Vacancies sheet's 26 columns printed
// at 30 %, too small to read. A sheet that would print smaller is spread
// over more pages across, at most maxPagesWide (then it prints smaller).
const (
	minPrintScale = 0.55
	maxPagesWide  = 4
	// pageWidth is the printable width of a landscape Letter page between
	// printSetup's side margins of 0.4 in: 10.2 in at 96 px an inch, in
	// the units of a column's width, which Excel measures in widths of the
	// default font's widest digit, 7 px for Calibri 11 (ECMA-376 Part 1,
	// 18.3.1.13, col's width; the padding is inside the width).
	pageWidth = (11 - 2*0.4) * 96 / 7
)

// pagesWide is how many pages wide a sheet of these column widths
// prints: the fewest that keep it at minPrintScale or more, at most
// maxPagesWide. Across n pages the first column is printed n times (the
// print titles repeat it), so n pages hold the columns at scale s when
// n × pageWidth ≥ s × (total + (n−1) × first): the fewest n is
// s × (total − first) / (pageWidth − s × first), rounded up. (A page
// breaks between columns, which can cost a little more.)
func pagesWide(widths []float64) int {
	if len(widths) == 0 {
		return 1
	}
	total := 0.0
	for _, w := range widths {
		total += w
	}
	first := widths[0] // at most maxWidth: pageWidth − minPrintScale × first > 0
	pages := int(math.Ceil(minPrintScale * (total - first) / (pageWidth - minPrintScale*first)))
	return min(max(pages, 1), maxPagesWide)
}

// headerFooterLimit is the most characters a header or footer holds.
const headerFooterLimit = 255

// headerFooter is a sheet's page header ("Vacancies — as of 2026-11-30" on
// the left, the page number on the right) and footer (the law applied).
// "&" starts a code in a header, so the texts' own are doubled.
func headerFooter(sheet string, pg page) (head, foot string) {
	esc := func(s string) string { return strings.ReplaceAll(s, "&", "&&") }
	asOf := "no as-of date"
	if !pg.asOf.IsZero() {
		asOf = "as of " + pg.asOf.String()
	}
	head = "&L&B" + esc(sheet) + "&B" + esc(pg.sliceShown()) + " — " + asOf + "&RPage &P of &N"
	foot = "&LLaw applied: " + esc(pg.law)
	if len(foot) > headerFooterLimit {
		// Cut on a character boundary, never inside a doubled "&&".
		cut := []rune(foot)
		for len(string(cut)) > headerFooterLimit-len("…") {
			cut = cut[:len(cut)-1]
		}
		s := string(cut)
		if strings.HasSuffix(s, "&") && !strings.HasSuffix(s, "&&") {
			s = s[:len(s)-1]
		}
		foot = s + "…"
	}
	return head, foot
}

// excelSerial is the spreadsheet serial number of a date (days since
// 1899-12-30, valid from March 1900 on).
func excelSerial(d compute.Date) int {
	y, m, day := d.Year, int(d.Month), d.Day
	if y < 1 || m < 1 || m > 12 || day < 1 || day > 31 {
		return compute.D(1899, 12, 30).DaysUntil(d)
	}
	// By arithmetic: it runs for every date cell, and time.Date spends
	// most of its time in its location lookup. Days since 0000-03-01 of the
	// proleptic Gregorian calendar, the years counted from March so that
	// the leap day falls last; 693899 is that count for 1899-12-30.
	if m <= 2 {
		y--
		m += 12
	}
	return 365*y + y/4 - y/100 + y/400 + (153*(m-3)+2)/5 + day - 1 - 693899
}

// dateOfSerial is the date of a serial number; zero for 0.
func dateOfSerial(n int32) compute.Date {
	if n == 0 {
		return compute.Date{}
	}
	return compute.D(1899, 12, 30).AddDays(int(n))
}

// row turns values into the cells of a table row: top-aligned, text
// wrapped within its column. Every cell of a filled row is written, blanks
// included, so the fill runs the width of the table.
func (wb *workbook) row(vals []value, fill fillColour, marks []mark) ([]cell, error) {
	return wb.tableCells(vals, fill, marks, true)
}

// cellsOf turns values into stream cells; wrap is false for Summary's
// lines, whose labels run on into the empty cells beside them.
func (wb *workbook) cellsOf(vals []value, fill fillColour, marks []mark, wrap bool) ([]any, error) {
	cells, err := wb.tableCells(vals, fill, marks, wrap)
	if err != nil {
		return nil, err
	}
	return streamRow(cells), nil
}

func (wb *workbook) tableCells(vals []value, fill fillColour, marks []mark, wrap bool) ([]cell, error) {
	cells := wb.cells[:0]
	for i, v := range vals {
		k := styleKey{fill: fill, wrap: wrap}
		if i < len(marks) {
			k.mark = marks[i]
		}
		if v.kind == dateCell {
			k.num = dateFormat
		}
		if v.empty() && k.fill == noFill {
			cells = append(cells, cell{})
			continue
		}
		c := cell{kind: blankOut}
		switch {
		case v.empty():
		case v.kind == dateCell:
			c.kind, c.n = numberOut, excelSerial(v.date)
		case v.kind == intCell:
			c.kind, c.n = numberOut, v.n
			if k.num == generalFormat {
				k.num = countFormat
			}
		default:
			c.kind = textOut
			c.text, k.quote = v.cell()
		}
		id, err := wb.styles.id(k)
		if err != nil {
			return nil, err
		}
		c.style = id
		cells = append(cells, c)
	}
	wb.cells = cells
	return cells, nil
}

// cellText is text as the workbook writes it: guarded as guardText
// guards it, but without the apostrophe guardText puts in front of text a
// spreadsheet would take for a formula. Such a cell is written as text with
// the quote-prefix flag instead (quoted = true): it reads "+1 more pending",
// and a spreadsheet keeps it text even when someone edits it. The CSV
// files keep the apostrophe (value.csv).
func cellText(s string) (text string, quoted bool) {
	g := guardText(s)
	if strings.HasPrefix(g, "'") && !strings.HasPrefix(s, "'") {
		return g[1:], true
	}
	return g, false
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
	freezeID  bool // freeze the first column as well as the header

	big     bool // its rows go through rawsheet
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
	rows      int                      // data rows in all
	links     int                      // real hyperlinks on the current part
	// printLimited: only the first printRows data rows are printed (the
	// print area), the rest stay on screen (Conflicts: errors and warnings
	// print, info lines do not).
	printLimited bool
	printRows    int
}

// placeOf is where the n-th data row (from 0) of the table lands, as add
// places rows: on the first sheet, then on "Base (2)", … A table of one
// row per vacancy, such as Vacancies, knows a vacancy's row before it is
// written.
func (c *sheetChain) placeOf(n int) (sheet string, row int) {
	per := c.wb.maxRows - c.headerRow
	return c.partName(n / per), c.headerRow + 1 + n%per
}

// partName is the name of the table's part-th sheet (from 0).
func (c *sheetChain) partName(part int) string {
	if part == 0 {
		return c.base
	}
	return c.base + " (" + strconv.Itoa(part+1) + ")"
}

// partOf is the number of the part named sheet (0 for the first).
func (c *sheetChain) partOf(sheet string) int {
	if sheet == c.base {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(sheet, c.base+" ("), ")"))
	return n - 1
}

// pendingRow is a row held back, with its link.
type pendingRow struct {
	cells []cell
	link  *rowLink
}

// add writes one row and returns where it went.
func (c *sheetChain) add(cells []cell, l *link) (sheet string, row int, err error) {
	if c.row >= c.wb.maxRows {
		if err := c.roll(); err != nil {
			return "", 0, err
		}
	}
	c.row++
	c.rows++
	sheet = c.parts[len(c.parts)-1]
	var rl *rowLink
	if l != nil {
		rl = c.addLink(cells, l)
	}
	if len(c.open) == 0 {
		if l != nil && l.col < len(cells) {
			if c.linkWidth == nil {
				c.linkWidth = map[int]float64{}
			}
			c.linkWidth[l.col] = max(c.linkWidth[l.col], cellWidth(cells[l.col]))
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
func (c *sheetChain) put(sink rowSink, row int, cells []cell, l *rowLink) error {
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
func (c *sheetChain) addLink(cells []cell, l *link) *rowLink {
	if c.links < c.wb.linkCap {
		c.links++
		return &rowLink{col: l.col, target: l.target}
	}
	target := strings.ReplaceAll("#"+l.target, `"`, `""`)
	display := strings.ReplaceAll(l.display, `"`, `""`)
	cells[l.col].kind = formulaOut
	cells[l.col].formula = `HYPERLINK("` + target + `","` + display + `")`
	return nil
}

// start sizes the columns from the header and the rows held back, and
// opens the first sheet.
//
// A column is as wide as its widest sampled cell, within its cap
// (columnCap): longer text wraps and its row grows. A header wraps too, to
// at most headerLines lines, so that the table stays narrow enough to
// print on few pages across (pagesWide).
func (c *sheetChain) start() error {
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
		c.widths[i] = min(max(c.widths[i], minWidth), columnCap(c.header[i]))
		c.widths[i] = max(c.widths[i], min(c.linkWidth[i], maxWidth))
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
func (c *sheetChain) openPart(name string) error {
	f := c.wb.f
	// The stream writer would keep the template's stale dimension "A1",
	// and readers that trust it (openpyxl read-only) would see one row.
	// The true size is unknown until the end, so leave the element out.
	if err := f.SetSheetDimension(name, ""); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	if err := c.wb.printSetup(name, c.widths); err != nil {
		return err
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	if err := setColWidths(sw, c.widths); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	panes := &excelize.Panes{Freeze: true, YSplit: c.headerRow, ActivePane: "bottomLeft"}
	if c.freezeID {
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
	head := make([]any, len(c.header))
	for i, h := range c.header {
		// A carried-through column's name is the input's text.
		text, quoted := cellText(h)
		hid, err := c.wb.styles.id(styleKey{fill: headerFill, mark: boldMark, wrap: true, quote: quoted})
		if err != nil {
			return err
		}
		head[i] = excelize.Cell{StyleID: hid, Value: text}
	}
	if err := sw.SetRow("A"+strconv.Itoa(c.headerRow), head, rowOpts(head, c.widths, true)...); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	sink, err := c.wb.sink(sw, name, c.big)
	if err != nil {
		return err
	}
	c.open = append(c.open, sw)
	c.sinks = append(c.sinks, sink)
	return nil
}

// sheetLevel is the deflate level of the big tables' rows: a workbook of
// 10,000 vacancies must fit common mail limits (8 MB), which the fastest
// level does not; level 7 does at a small cost in CPU (docs/PERFORMANCE.md).
const sheetLevel = 7

// sink is where a sheet's data rows go: rawsheet's writer for the big
// tables, spliced into the sheet's part at the save; excelize's stream
// writer for the others, and for all in the reference (streamAll).
func (wb *workbook) sink(sw *excelize.StreamWriter, sheet string, big bool) (rowSink, error) {
	if !big || wb.streamAll {
		return &streamSink{f: wb.f, sw: sw, sheet: sheet}, nil
	}
	if wb.deflaters == nil {
		wb.deflaters = rawsheet.NewPool(runtime.GOMAXPROCS(0), sheetLevel)
	}
	part, err := wb.deflaters.NewPart(wb.tmpDir)
	if err != nil {
		return nil, fmt.Errorf("export: results.xlsx sheet %q: %w", sheet, err)
	}
	// excelize names a new sheet's part after its sheet id (NewSheet), and
	// the splicing zip fails the save when no part of that name comes.
	wb.spliced["xl/worksheets/sheet"+strconv.Itoa(sw.SheetID)+".xml"] = part
	return &rawSink{part: part}, nil
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
	if c.rw != nil {
		if err := c.rw.drain(); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", c.base, err)
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
		if err := c.wb.f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Titles",
			RefersTo: titles, Scope: name}); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
		}
		if c.printLimited {
			per := c.wb.maxRows - c.headerRow
			k := min(max(c.printRows-i*per, 0), per)
			area := "'" + name + "'!$A$1:$" + last + "$" + strconv.Itoa(c.headerRow+k)
			if err := c.wb.f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Area",
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

// colName is the column letter(s) of a 0-based column.
func colName(i int) string {
	name, _ := excelize.ColumnNumberToName(i + 1)
	return name
}

// properties sets the document's properties: a title naming the as-of
// date, "batch" as its creator and application (not excelize's own), the
// law applied as its description, and the run's clock as its creation
// time.
func (wb *workbook) properties(version string, now time.Time) error {
	title := "Vacancies" + wb.page.sliceShown() + ": filling elections, deadlines and conflicts"
	if !wb.page.asOf.IsZero() {
		title += ", as of " + wb.page.asOf.String()
	}
	stamp := now.UTC().Format(time.RFC3339)
	if err := wb.f.SetDocProps(&excelize.DocProperties{
		Title: title, Subject: "Vacancies in New York elective offices", Creator: "batch",
		LastModifiedBy: "batch", Description: "Law applied: " + wb.page.law,
		Keywords: "vacancy; Public Officers Law § 42; Election Law § 6-158", Category: "election calendar",
		Created: stamp, Modified: stamp, Language: "en-US",
	}); err != nil {
		return fmt.Errorf("export: results.xlsx document properties: %w", err)
	}
	if err := wb.f.SetAppProps(&excelize.AppProperties{Application: "batch", AppVersion: appVersion(version)}); err != nil {
		return fmt.Errorf("export: results.xlsx document properties: %w", err)
	}
	return nil
}

// appVersion is the version in the XX.YYYY form the application property
// takes; "" when the tool's version is not a release number.
func appVersion(v string) string {
	v = strings.TrimPrefix(v, "v")
	major, rest, ok := strings.Cut(v, ".")
	minor, _, _ := strings.Cut(rest, ".")
	if !ok || major == "" || minor == "" || strings.Trim(major+minor, "0123456789") != "" || len(minor) > 4 {
		return ""
	}
	return major + "." + strings.Repeat("0", 4-len(minor)) + minor
}

// save writes the zip straight into out. excelize's own Write assembles
// the whole zip in a memory buffer (peak about 3× the file); handing it a
// zip writer on the file instead keeps memory flat. This leans on
// excelize v2.11.1 writing every part through the ZipWriter it is given
// and nothing else to the buffer; TestWorkbookRoundTrip guards it.
func (wb *workbook) save(out io.Writer) error {
	if wb.deflaters != nil {
		wb.deflaters.Close() // every part is finished: its chunks are spooled
		wb.deflaters = nil
	}
	wb.f.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		// Level 1 deflate: much faster than the default for a file about a
		// third bigger (docs/PERFORMANCE.md).
		z := rawsheet.NewZip(out, flate.BestSpeed)
		for name, part := range wb.spliced {
			z.Splice(name, part)
		}
		return z
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

// discard releases excelize's temporary files and the spooled rows.
func (wb *workbook) discard() {
	if wb == nil {
		return
	}
	for _, c := range wb.chains() {
		if c == nil {
			continue
		}
		if c.rw != nil {
			_ = c.rw.drain()
		}
		for _, s := range c.sinks {
			s.discard()
		}
	}
	if wb.deflaters != nil {
		wb.deflaters.Close()
		wb.deflaters = nil
	}
	if wb.f != nil {
		_ = wb.f.Close()
	}
}

func excelCell(style int, v any) excelize.Cell { return excelize.Cell{StyleID: style, Value: v} }

// chains lists every table in workbook order.
func (wb *workbook) chains() []*sheetChain {
	var first []*sheetChain
	if wb.changes != nil {
		first = append(first, wb.changes)
	}
	return append(append(first, wb.vacancies, wb.deadlines, wb.conflicts, wb.errors), wb.extra...)
}

// addChangesSheet puts Changes second, after Summary: what changed is
// what a nightly reader opens the workbook for.
func (wb *workbook) addChangesSheet() error {
	if _, err := wb.f.NewSheet(changesSheet); err != nil {
		return fmt.Errorf("export: results.xlsx: %w", err)
	}
	if err := wb.f.MoveSheet(changesSheet, vacanciesSheet); err != nil {
		return fmt.Errorf("export: results.xlsx: %w", err)
	}
	wb.f.SetActiveSheet(0)
	wb.changes = wb.chain(changesSheet, vacanciesSheet, changes.Columns)
	wb.changes.headerRow, wb.changes.row = 2, 2
	return nil
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
