package synth

import (
	"archive/zip"
	"fmt"
	"io"
	"strconv"

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
)

// excelRows is the most rows a sheet holds (Excel's limit).
const excelRows = 1 << 20

// sheetSpec is one data sheet of a generated workbook.
type sheetSpec struct {
	name   string
	title  []string // rows above the header (a blank row follows them)
	header []string // header text for each written column
	order  []int    // which of Columns each written column is
	n      int      // data rows, known in advance for the sheet dimension
	next   func() (row, bool)
}

// calendarRow is one row of a Calendar sheet or calendar file.
type calendarRow struct {
	year                      int
	primary, general, holiday compute.Date
	name                      string
	// A deadline the row dates, with why and on what act.
	code              string
	date, windowStart compute.Date
	reason, source    string
}

var calendarColumns = []string{"year", "primary_date", "general_date", "holiday", "holiday_name",
	"code", "date", "window_start", "reason", "source"}

type workbook struct {
	f                          *excelize.File
	isoDate, mdyDate, bold, ti int
}

// WriteXLSX writes opts.Rows generated rows to one sheet, "Vacancies",
// continuing on "Vacancies (2)", … past Excel's row limit. Dates are real date
// cells (yyyy-mm-dd or m/d/yyyy) except the share typed as text. Rows are
// streamed and the zip goes straight to w, so memory stays flat; deflate is
// klauspost's at level 1, as a fast writer would use.
func WriteXLSX(w io.Writer, opts Options) error {
	g := newGenerator(opts)
	header, order := make([]string, len(Columns)), make([]int, len(Columns))
	for i, c := range Columns {
		header[i], order[i] = c, i
	}
	var title []string
	if opts.TitleRows {
		title = []string{"Vacancies in elective office, State of New York", "Generated rows (seed " + strconv.FormatInt(opts.Seed, 10) + ")"}
	}
	per := excelRows - 1
	if len(title) > 0 {
		per -= len(title) + 1
	}
	var sheets []sheetSpec
	i := 0
	for first := 0; first < opts.Rows || first == 0; first += per {
		name := "Vacancies"
		if first > 0 {
			name = fmt.Sprintf("Vacancies (%d)", first/per+1)
		}
		n := min(per, opts.Rows-first)
		end := first + n
		sheets = append(sheets, sheetSpec{name: name, title: title, header: header, order: order, n: n,
			next: func() (row, bool) {
				if i >= end {
					return row{}, false
				}
				r := g.next(i)
				i++
				return r, true
			}})
	}
	return writeWorkbook(w, sheets, nil, flate.BestSpeed)
}

// writeWorkbook streams the sheets, then the calendar (if any), as one
// workbook to w. level is the deflate level.
func writeWorkbook(w io.Writer, sheets []sheetSpec, calendar []calendarRow, level int) error {
	f := excelize.NewFile()
	defer func() { _ = f.Close() }()
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		// excelize hands us its in-memory buffer; the zip goes to w instead,
		// so a big workbook is never held whole in memory. WriteToBuffer
		// then returns an empty buffer. (Relies on excelize v2.11.1
		// internals; the round-trip test guards it.)
		zw := zip.NewWriter(w)
		zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
			return flate.NewWriter(out, level)
		})
		return zw
	})
	wb := &workbook{f: f}
	var err error
	if wb.isoDate, err = f.NewStyle(&excelize.Style{CustomNumFmt: strPtr("yyyy-mm-dd")}); err != nil {
		return fmt.Errorf("synth: style: %w", err)
	}
	if wb.mdyDate, err = f.NewStyle(&excelize.Style{CustomNumFmt: strPtr("m/d/yyyy")}); err != nil {
		return fmt.Errorf("synth: style: %w", err)
	}
	if wb.bold, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}}); err != nil {
		return fmt.Errorf("synth: style: %w", err)
	}
	if wb.ti, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Size: 14}}); err != nil {
		return fmt.Errorf("synth: style: %w", err)
	}
	for i, s := range sheets {
		if i == 0 {
			err = f.SetSheetName("Sheet1", s.name)
		} else {
			_, err = f.NewSheet(s.name)
		}
		if err != nil {
			return fmt.Errorf("synth: sheet %q: %w", s.name, err)
		}
		if err := wb.writeSheet(s); err != nil {
			return err
		}
	}
	if calendar != nil {
		if err := wb.writeCalendar(calendar); err != nil {
			return err
		}
	}
	if _, err := f.WriteToBuffer(); err != nil {
		return fmt.Errorf("synth: write workbook: %w", err)
	}
	return nil
}

func strPtr(s string) *string { return &s }

// serial is the spreadsheet's day number of d (1900 date system).
func serial(d compute.Date) float64 {
	return float64(compute.D(1899, 12, 30).DaysUntil(d))
}

func (wb *workbook) value(c cell) any {
	switch c.kind {
	case dateCell:
		style := wb.isoDate
		if c.mdy {
			style = wb.mdyDate
		}
		return excelize.Cell{StyleID: style, Value: serial(c.date)}
	case numberCell:
		return c.num
	}
	if c.text == "" {
		return nil
	}
	return c.text
}

func (wb *workbook) writeSheet(s sheetSpec) error {
	headerRow := 1
	if len(s.title) > 0 {
		headerRow = len(s.title) + 2
	}
	last, _ := excelize.CoordinatesToCellName(len(s.order), headerRow+s.n)
	// The stream writer would record "A1"; readers that trust the dimension
	// (openpyxl read-only, so pandas) would then see one row. It writes the
	// dimension when it is created, so set it first.
	if err := wb.f.SetSheetDimension(s.name, "A1:"+last); err != nil {
		return fmt.Errorf("synth: sheet %q: %w", s.name, err)
	}
	sw, err := wb.f.NewStreamWriter(s.name)
	if err != nil {
		return fmt.Errorf("synth: sheet %q: %w", s.name, err)
	}
	for j := len(s.order) - 1; j >= 0; j-- { // excelize prepends: keep <col> in order
		col := s.order[j]
		width := 14.0
		switch Columns[col] {
		case "office", "notes", "board_contact":
			width = 30
		case "incumbent", "district":
			width = 20
		}
		if err := sw.SetColWidth(j+1, j+1, width); err != nil {
			return fmt.Errorf("synth: sheet %q: %w", s.name, err)
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: headerRow, TopLeftCell: "A" + strconv.Itoa(headerRow+1), ActivePane: "bottomLeft"}); err != nil {
		return fmt.Errorf("synth: sheet %q: %w", s.name, err)
	}
	for i, text := range s.title {
		style := wb.bold
		if i == 0 {
			style = wb.ti
		}
		if err := sw.SetRow("A"+strconv.Itoa(i+1), []any{excelize.Cell{StyleID: style, Value: text}}); err != nil {
			return fmt.Errorf("synth: sheet %q: %w", s.name, err)
		}
	}
	values := make([]any, len(s.order))
	for j, h := range s.header {
		values[j] = excelize.Cell{StyleID: wb.bold, Value: h}
	}
	if err := sw.SetRow("A"+strconv.Itoa(headerRow), values); err != nil {
		return fmt.Errorf("synth: sheet %q: %w", s.name, err)
	}
	cells := make([]cell, 0, len(Columns))
	for n := headerRow + 1; ; n++ {
		r, ok := s.next()
		if !ok {
			break
		}
		cells = r.cells(cells[:0])
		for j, col := range s.order {
			values[j] = wb.value(cells[col])
		}
		if err := sw.SetRow("A"+strconv.Itoa(n), values); err != nil {
			return fmt.Errorf("synth: sheet %q row %d: %w", s.name, n, err)
		}
	}
	if err := sw.Flush(); err != nil {
		return fmt.Errorf("synth: sheet %q: %w", s.name, err)
	}
	return nil
}

func (wb *workbook) writeCalendar(rows []calendarRow) error {
	const name = "Calendar"
	if _, err := wb.f.NewSheet(name); err != nil {
		return fmt.Errorf("synth: sheet %q: %w", name, err)
	}
	last, _ := excelize.CoordinatesToCellName(len(calendarColumns), len(rows)+1)
	if err := wb.f.SetSheetDimension(name, "A1:"+last); err != nil {
		return fmt.Errorf("synth: sheet %q: %w", name, err)
	}
	sw, err := wb.f.NewStreamWriter(name)
	if err != nil {
		return fmt.Errorf("synth: sheet %q: %w", name, err)
	}
	if err := sw.SetColWidth(5, 5, 48); err != nil {
		return fmt.Errorf("synth: sheet %q: %w", name, err)
	}
	if err := sw.SetColWidth(1, 4, 16); err != nil {
		return fmt.Errorf("synth: sheet %q: %w", name, err)
	}
	header := make([]any, len(calendarColumns))
	for i, h := range calendarColumns {
		header[i] = excelize.Cell{StyleID: wb.bold, Value: h}
	}
	if err := sw.SetRow("A1", header); err != nil {
		return fmt.Errorf("synth: sheet %q: %w", name, err)
	}
	date := func(d compute.Date) any {
		if d.IsZero() {
			return nil
		}
		return excelize.Cell{StyleID: wb.isoDate, Value: serial(d)}
	}
	for i, r := range rows {
		values := []any{r.year, date(r.primary), date(r.general), date(r.holiday), nil, nil, date(r.date), date(r.windowStart), nil, nil}
		for i, s := range map[int]string{4: r.name, 5: r.code, 8: r.reason, 9: r.source} {
			if s != "" {
				values[i] = s
			}
		}
		if err := sw.SetRow("A"+strconv.Itoa(i+2), values); err != nil {
			return fmt.Errorf("synth: sheet %q: %w", name, err)
		}
	}
	if err := sw.Flush(); err != nil {
		return fmt.Errorf("synth: sheet %q: %w", name, err)
	}
	return nil
}
