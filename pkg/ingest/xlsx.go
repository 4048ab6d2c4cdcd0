package ingest

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
)

// oleSignature starts an OLE compound file: what Excel writes for a
// password-protected workbook (the zip is encrypted inside it) and for the
// old .xls format.
var oleSignature = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}

// workbook is one open .xlsx/.xlsm input.
type workbook struct {
	f         *excelize.File
	path      string
	date1904  bool
	dateStyle []int8 // by style id: 0 not looked up yet, 1 date format, 2 not
	anyDate   bool   // some style shows a date
	zf        *zip.ReadCloser
	zipFailed bool
}

// openWorkbook opens a workbook with the unpacked-size limits and turns
// excelize's and the zip reader's failures into sentences naming the path.
func openWorkbook(path string, maxUnpacked int64) (*workbook, error) {
	if maxUnpacked <= 0 {
		maxUnpacked = DefaultMaxUnpackedBytes
	}
	if err := notFolder(path); err != nil {
		return nil, err
	}
	head := make([]byte, 8)
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("ingest: %s: cannot read the file (%v)", path, unwrapPath(err))
	}
	n, _ := io.ReadFull(fh, head)
	fh.Close()
	if n == 8 && bytes.Equal(head, oleSignature) {
		return nil, fmt.Errorf("ingest: %s: the workbook is password-protected or in the old .xls format; save an unprotected .xlsx copy", path)
	}
	if zf, err := zip.OpenReader(path); err == nil {
		// A zip excelize cannot open either is left to its own message.
		err = checkZipEntries(&zf.Reader)
		if err == nil {
			err = checkSharedStrings(&zf.Reader)
		}
		_ = zf.Close()
		if err != nil {
			return nil, fmt.Errorf("ingest: %s: the workbook is damaged: %v", path, err)
		}
	}
	f, err := excelize.OpenFile(path, excelize.Options{
		RawCellValue:      true,
		UnzipSizeLimit:    maxUnpacked,
		UnzipXMLSizeLimit: min(xmlInMemory, maxUnpacked),
	})
	if err != nil {
		if f != nil {
			_ = f.Close()
		}
		return nil, workbookError(path, err, maxUnpacked)
	}
	wb := &workbook{f: f, path: path}
	if props, err := f.GetWorkbookProps(); err == nil && props.Date1904 != nil {
		wb.date1904 = *props.Date1904
	}
	for id := 0; id < excelize.MaxCellStyles; id++ {
		st, err := f.GetStyle(id)
		if err != nil {
			break
		}
		date := st.CustomNumFmt != nil && customDateFormat(*st.CustomNumFmt) ||
			st.CustomNumFmt == nil && builtInDateFormat(st.NumFmt)
		v := int8(2)
		if date {
			v, wb.anyDate = 1, true
		}
		wb.dateStyle = append(wb.dateStyle, v)
	}
	return wb, nil
}

func workbookError(path string, err error, maxUnpacked int64) error {
	switch {
	case errors.Is(err, excelize.ErrWorkbookFileFormat), errors.Is(err, excelize.ErrWorkbookPassword):
		return fmt.Errorf("ingest: %s: the workbook is password-protected or in the old .xls format; save an unprotected .xlsx copy", path)
	case strings.Contains(err.Error(), "unzip size exceeds"):
		return fmt.Errorf("ingest: %s: the workbook unpacks to more than %s, more than this tool will read (a damaged file or a zip bomb)", path, byteSize(maxUnpacked))
	case errors.Is(err, zip.ErrFormat), errors.Is(err, zip.ErrAlgorithm), errors.Is(err, zip.ErrChecksum),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return fmt.Errorf("ingest: %s: not an xlsx workbook (%v)", path, err)
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("ingest: %s: cannot read the file (%v)", path, pe.Err)
	}
	return fmt.Errorf("ingest: %s: not a readable xlsx workbook (%v)", path, err)
}

func byteSize(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (wb *workbook) close() {
	if wb.zf != nil {
		_ = wb.zf.Close()
	}
	_ = wb.f.Close()
}

// isDateStyle reports whether the style id shows a date.
func (wb *workbook) isDateStyle(id int) bool {
	return id >= 0 && id < len(wb.dateStyle) && wb.dateStyle[id] == 1
}

// zip is the workbook's zip opened with Go's reader, for the checks and
// the cell scanner; nil when it cannot be opened.
func (wb *workbook) zip() *zip.Reader {
	if wb.zipFailed {
		return nil
	}
	if wb.zf == nil {
		zf, err := zip.OpenReader(wb.path)
		if err != nil {
			wb.zipFailed = true
			return nil
		}
		wb.zf = zf
	}
	return &wb.zf.Reader
}

// checkSheet checks the named sheet's XML before excelize reads it (see
// zipcheck.go). A sheet whose part cannot be found is left to excelize.
func (wb *workbook) checkSheet(sheet string) error {
	zr := wb.zip()
	if zr == nil {
		return nil
	}
	part, err := worksheetPart(zr, sheet)
	if err != nil {
		return nil
	}
	if err := checkSheetXML(zr, part); err != nil {
		return fmt.Errorf("ingest: %s: sheet %q is damaged: %v", wb.path, sheet, err)
	}
	return nil
}

// scanner opens a cell scanner on the named sheet; nil when it cannot.
func (wb *workbook) scanner(sheet string) *cellScanner {
	if wb.zip() == nil {
		return nil
	}
	part, err := worksheetPart(&wb.zf.Reader, sheet)
	if err != nil {
		return nil
	}
	sc, err := openCellScanner(&wb.zf.Reader, part)
	if err != nil {
		return nil
	}
	return sc
}

// sheetReader reads one worksheet and tells the row parser which cells are
// real date cells.
type sheetReader struct {
	wb     *workbook
	sheet  string
	row    int
	scan   *cellScanner
	noScan bool
}

func (r *sheetReader) cellDate(i int, raw string) (compute.Date, bool, error) {
	if !r.wb.anyDate && !looksISO(raw) {
		return compute.Date{}, false, nil
	}
	if r.scan == nil {
		if r.noScan {
			return compute.Date{}, false, nil
		}
		if r.scan = r.wb.scanner(r.sheet); r.scan == nil {
			r.noScan = true
			return compute.Date{}, false, nil
		}
	}
	style, typ, ok := r.scan.cell(r.row, i)
	if !ok {
		return compute.Date{}, false, nil
	}
	switch {
	case typ == 'd':
		d, err := isoDateTime(raw)
		return d, true, err
	case typ == 'n' && r.wb.isDateStyle(style):
		d, err := serialDate(raw, r.wb.date1904)
		return d, true, err
	}
	return compute.Date{}, false, nil
}

func looksISO(s string) bool {
	return len(s) >= 10 && s[4] == '-' && s[7] == '-'
}

func (r *sheetReader) close() {
	if r.scan != nil {
		_ = r.scan.Close()
	}
}

// fileSHA256 is the hex SHA-256 of the file's bytes.
func fileSHA256(path string) (string, error) {
	fh, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("ingest: %s: cannot read the file (%v)", path, unwrapPath(err))
	}
	defer fh.Close()
	h := sha256.New()
	if _, err := io.Copy(h, fh); err != nil {
		return "", fmt.Errorf("ingest: %s: cannot read the file (%v)", path, unwrapPath(err))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// findSheet is the workbook's name for the sheet asked for, matched
// ignoring case.
func findSheet(sheets []string, want string) (string, bool) {
	for _, s := range sheets {
		if strings.EqualFold(s, want) {
			return s, true
		}
	}
	return "", false
}

// readWorkbook streams every sheet with a recognised header (or only
// opts.Sheet). The Calendar sheet and sheets without a header in their
// first maxHeaderSearch rows are listed in stats.Skipped.
func readWorkbook(ctx context.Context, path string, opts Options, s *sink) error {
	sum, err := fileSHA256(path)
	if err != nil {
		return err
	}
	s.stats.SHA256 = sum
	wb, err := openWorkbook(path, opts.MaxUnpackedBytes)
	if err != nil {
		return err
	}
	defer wb.close()
	sheets := wb.f.GetSheetList()
	if len(sheets) == 0 {
		return fmt.Errorf("ingest: %s: not an xlsx workbook (it has no worksheets)", path)
	}
	if opts.Sheet != "" {
		name, ok := findSheet(sheets, opts.Sheet)
		if !ok {
			return fmt.Errorf("ingest: %s: no sheet named %q (the sheets are %s)", path, opts.Sheet, strings.Join(sheets, ", "))
		}
		sheets = []string{name}
	}
	v := newVocab()
	for _, name := range sheets {
		if strings.EqualFold(name, calendarSheet) {
			s.stats.Skipped = append(s.stats.Skipped, SkippedSheet{Name: name, Reason: "calendar overrides, read by CalendarOverrides"})
			continue
		}
		found, err := readSheet(ctx, wb, name, v, s)
		if err != nil {
			return err
		}
		if !found {
			s.stats.Skipped = append(s.stats.Skipped, SkippedSheet{Name: name,
				Reason: fmt.Sprintf("no header row naming office and cause in its first %d rows", maxHeaderSearch)})
		}
	}
	if len(s.stats.Sheets) == 0 {
		return fmt.Errorf("ingest: %s: no sheet has a header row naming at least office and cause (looked at %s)", path, strings.Join(sheets, ", "))
	}
	return nil
}

// readSheet streams one sheet; found is false when it has no header.
func readSheet(ctx context.Context, wb *workbook, name string, v *vocab, s *sink) (found bool, err error) {
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("ingest: %s: %w", wb.path, err)
	}
	if err := wb.checkSheet(name); err != nil {
		return false, err
	}
	rows, err := wb.f.Rows(name)
	if err != nil {
		return false, fmt.Errorf("ingest: %s: sheet %q cannot be read (%v)", wb.path, name, err)
	}
	defer rows.Close()
	sr := &sheetReader{wb: wb, sheet: name}
	defer sr.close()
	var p *rowParser
	raw := excelize.Options{RawCellValue: true}
	row := 0
	for rows.Next() {
		row++ // Next stops at every row number, missing rows included
		cells, err := rows.Columns(raw)
		if err != nil {
			return found, fmt.Errorf("ingest: %s: sheet %q row %d cannot be read (%v)", wb.path, name, row, err)
		}
		if p == nil {
			if isHeader(cells) {
				m := newMapping(cells)
				if m.duplicate != "" {
					return false, fmt.Errorf("ingest: %s: sheet %q row %d: %s", wb.path, name, row, m.duplicate)
				}
				p = &rowParser{m: m, v: v, file: baseName(wb.path), sheet: name, dates: sr}
				found = true
				s.stats.Sheets = append(s.stats.Sheets, name)
				s.extraColumns(m.extra)
				continue
			}
			if row >= maxHeaderSearch {
				return false, nil
			}
			continue
		}
		if err := s.cancelled(); err != nil {
			return found, fmt.Errorf("ingest: %s: %w", wb.path, err)
		}
		if blankRow(cells) {
			s.blank()
			continue
		}
		sr.row = row
		if err := s.item(p.parse(cells, row, nil)); err != nil {
			return found, err
		}
	}
	if err := rows.Error(); err != nil {
		return found, fmt.Errorf("ingest: %s: sheet %q cannot be read (%v)", wb.path, name, err)
	}
	return found, nil
}
