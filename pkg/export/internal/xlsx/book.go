package xlsx

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"

	"batch/pkg/export/internal/rawsheet"
)

const (
	// RowLimit is Excel's 1,048,576 rows per sheet.
	RowLimit = 1 << 20
	// LinkLimit is how many real hyperlinks a sheet gets; past it a
	// linked row links through a HYPERLINK formula the book makes, so
	// every linked row still links. excelize caps a sheet at
	// TotalSheetHyperlinks (65,529, about Excel's own limit), but it also
	// compares each new hyperlink with every earlier one on the sheet: n
	// links cost n²/2 string comparisons, a large part of a big run at
	// tens of thousands. 4,096 cost little and cover a county board's
	// workbook.
	LinkLimit = 4096
	// MaxWidth is the widest a column gets, in characters.
	MaxWidth = 60
	// sampleRows is how many rows a sheet holds back to size its columns.
	sampleRows = 200
	minWidth   = 8
	// dateWidth fits yyyy-mm-dd.
	dateWidth = 11
	// headerLines is how many lines a long header cell may wrap to before
	// its column widens for it; a header of shortHeader characters or
	// fewer keeps to one line.
	headerLines = 2
	shortHeader = 13
)

// Options are what a Book is made with.
type Options struct {
	TmpDir    string                      // excelize's spill files, spooled rows, held-back rows
	Sheets    []string                    // the workbook's sheets, in order; the first is the active one
	MaxRows   int                         // rows per sheet, header included (0: RowLimit)
	LinkCap   int                         // real hyperlinks per sheet (0: LinkLimit)
	Page      Page                        // what every printed page names
	HoldBytes int                         // held-back rows (Table.Hold) kept in memory before a run spills
	Guard     func(header string) Value   // a header's text as its cell holds it, guarded
	ColumnCap func(header string) float64 // the widest a column gets (longer text wraps), at most MaxWidth
	StreamAll bool                        // every row through excelize's stream writer: the fast path's reference
}

// Page is what every printed page names: on the left, the sheet in bold,
// After (a split's slice, " of Albany County"), " — " and Dated (as of
// when); the page number on the right; Footer at the foot.
type Page struct {
	After, Dated, Footer string
}

// Book is one workbook being written.
type Book struct {
	f      *excelize.File
	opts   Options
	styles *styleSet
	cells  []cell   // reused row buffer
	tables []*Table // every table opened, for Discard

	// The big tables' rows are written by rawsheet (rows.go) unless
	// StreamAll: its deflate workers run while the rows are written.
	deflaters *rawsheet.Pool
	spliced   map[string]*rawsheet.Part // a sheet's zip path → its rows
}

// New makes a book of the sheets o.Sheets names, in that order.
func New(o Options) (*Book, error) {
	f := excelize.NewFile(excelize.Options{TmpDir: o.TmpDir})
	o.MaxRows, o.LinkCap = cmp.Or(o.MaxRows, RowLimit), cmp.Or(o.LinkCap, LinkLimit)
	b := &Book{f: f, opts: o, styles: newStyleSet(f), spliced: map[string]*rawsheet.Part{}}
	if err := f.SetSheetName("Sheet1", o.Sheets[0]); err != nil {
		return nil, fmt.Errorf("export: results.xlsx: %w", err)
	}
	for _, name := range o.Sheets[1:] {
		if _, err := f.NewSheet(name); err != nil {
			return nil, fmt.Errorf("export: results.xlsx: %w", err)
		}
	}
	f.SetActiveSheet(0)
	return b, nil
}

// openSheet opens a sheet's stream writer, its columns this wide. The
// stream writer would keep the template's stale dimension "A1", and
// readers that trust it (openpyxl read-only) would see one row; the true
// size is unknown until the end, so the element is left out.
func (b *Book) openSheet(name string, widths []float64) (*excelize.StreamWriter, error) {
	if err := b.f.SetSheetDimension(name, ""); err != nil {
		return nil, fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	if err := b.printSetup(name, widths); err != nil {
		return nil, err
	}
	sw, err := b.f.NewStreamWriter(name)
	if err != nil {
		return nil, fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	if err := setColWidths(sw, widths); err != nil {
		return nil, fmt.Errorf("export: results.xlsx sheet %q: %w", name, err)
	}
	return sw, nil
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
func (b *Book) printSetup(sheet string, widths []float64) error {
	f := b.f
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
	head, foot := headerFooter(sheet, b.opts.Page)
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
func headerFooter(sheet string, pg Page) (head, foot string) {
	esc := func(s string) string { return strings.ReplaceAll(s, "&", "&&") }
	head = "&L&B" + esc(sheet) + "&B" + esc(pg.After) + " — " + esc(pg.Dated) + "&RPage &P of &N"
	foot = "&L" + esc(pg.Footer)
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

// sheetLevel is the deflate level of the big tables' rows: a workbook of
// 10,000 vacancies must fit common mail limits (8 MB), which the fastest
// level does not; level 7 does at a small cost in CPU (docs/PERFORMANCE.md).
const sheetLevel = 7

// sink is where a sheet's data rows go: rawsheet's writer for the big
// tables, spliced into the sheet's part at the save; excelize's stream
// writer for the others, and for all in the reference (StreamAll).
func (b *Book) sink(sw *excelize.StreamWriter, sheet string, big bool) (rowSink, error) {
	if !big || b.opts.StreamAll {
		return &streamSink{f: b.f, sw: sw, sheet: sheet}, nil
	}
	if b.deflaters == nil {
		b.deflaters = rawsheet.NewPool(runtime.GOMAXPROCS(0), sheetLevel)
	}
	part, err := b.deflaters.NewPart(b.opts.TmpDir)
	if err != nil {
		return nil, fmt.Errorf("export: results.xlsx sheet %q: %w", sheet, err)
	}
	// excelize names a new sheet's part after its sheet id (NewSheet), and
	// the splicing zip fails the save when no part of that name comes.
	b.spliced["xl/worksheets/sheet"+strconv.Itoa(sw.SheetID)+".xml"] = part
	return &rawSink{part: part}, nil
}

// colName is the column letter(s) of a 0-based column.
func colName(i int) string {
	name, _ := excelize.ColumnNumberToName(i + 1)
	return name
}

// Properties are the document's: "batch" is its creator and application
// (not excelize's own), Created the run's clock, Version the tool's.
type Properties struct {
	Title, Subject, Description, Keywords, Category, Version string
	Created                                                  time.Time
}

func (b *Book) properties(p Properties) error {
	stamp := p.Created.UTC().Format(time.RFC3339)
	if err := b.f.SetDocProps(&excelize.DocProperties{
		Title: p.Title, Subject: p.Subject, Creator: "batch", LastModifiedBy: "batch", Description: p.Description,
		Keywords: p.Keywords, Category: p.Category, Created: stamp, Modified: stamp, Language: "en-US",
	}); err != nil {
		return fmt.Errorf("export: results.xlsx document properties: %w", err)
	}
	if err := b.f.SetAppProps(&excelize.AppProperties{Application: "batch", AppVersion: appVersion(p.Version)}); err != nil {
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

// Save sets the document's properties and writes the zip straight into
// out, once every table is closed. excelize's own Write assembles
// the whole zip in a memory buffer (peak about 3× the file); handing it a
// zip writer on the file instead keeps memory flat. This leans on
// excelize v2.11.1 writing every part through the ZipWriter it is given
// and nothing else to the buffer, which Save checks.
func (b *Book) Save(out io.Writer, p Properties) error {
	if err := b.properties(p); err != nil {
		return err
	}
	if b.deflaters != nil {
		b.deflaters.Close() // every part is finished: its chunks are spooled
		b.deflaters = nil
	}
	b.f.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		// Level 1 deflate: much faster than the default for a file about a
		// third bigger (docs/PERFORMANCE.md).
		z := rawsheet.NewZip(out, flate.BestSpeed)
		for name, part := range b.spliced {
			z.Splice(name, part)
		}
		return z
	})
	var rest countingWriter
	if err := b.f.Write(&rest); err != nil {
		return fmt.Errorf("export: write results.xlsx: %w", err)
	}
	if rest.n != 0 {
		return fmt.Errorf("export: write results.xlsx: excelize wrote %d bytes outside the zip writer", rest.n)
	}
	return nil
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

// Discard releases excelize's temporary files, the spooled rows and the
// rows held back; after Save or instead of it.
func (b *Book) Discard() {
	for _, c := range b.tables {
		if c.rw != nil {
			_ = c.rw.drain()
		}
		for _, s := range c.sinks {
			s.discard()
		}
		c.dropHeld()
	}
	if b.deflaters != nil {
		b.deflaters.Close()
		b.deflaters = nil
	}
	_ = b.f.Close()
}
