package ingest

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/klauspost/compress/flate"

	"batch/internal/printable"
	"batch/internal/regularfile"
	"batch/pkg/compute"
	"batch/pkg/ingest/internal/sheetscan"
)

// Why the workbook reader is our own: a workbook is a zip of XML parts,
// read here with archive/zip and encoding/xml. excelize, which writes the
// outputs, was the reader too, and it lost rows in ways no check around it
// could repair: its row iterator walks row numbers, so a row numbered out
// of order or twice in the XML was dropped; a shared-string reference that
// resolves to nothing read as the first string; opening a workbook loaded
// every worksheet, and finding a sheet by name cost the sheet count, so
// thousands of sheets took minutes. This reader takes every <row> element
// in document order, makes every value that does not resolve a problem of its
// row, and finds each part once. It reads only what a vacancy row needs:
// cell values (cached for formulas), each cell's type and style (a date is
// a number in a date-formatted cell), the shared strings, the sheet list
// and the 1904 date system.

// oleSignature starts an OLE compound file: what Excel writes for a
// password-protected workbook (the zip is encrypted inside it) and for the
// old .xls format.
var oleSignature = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}

// sheetEntry is one worksheet of the workbook, in workbook order.
type sheetEntry struct {
	name  string
	part  *zip.File // nil when the workbook names a part the zip lacks
	state string    // "" (visible), "hidden" or "veryHidden"
}

// workbook is one open .xlsx/.xlsm input.
type workbook struct {
	path      string
	zf        *zip.ReadCloser
	parts     map[string]*zip.File // by partKey
	sheets    []sheetEntry
	date1904  bool
	dateStyle []bool // by cell format (xf) index: the format shows a date
	strings   *sharedStrings
	rows      rowNumbers // reused by every sheet's check
	// checkAsRead: Options.CheckAsRead, the sheets checked as they are
	// read, not before.
	checkAsRead bool
}

// openWorkbook opens a workbook, checks its zip and the parts it reads,
// and turns every failure into a sentence naming the path.
func openWorkbook(path string, maxUnpacked int64) (*workbook, error) {
	if maxUnpacked <= 0 {
		maxUnpacked = DefaultMaxUnpackedBytes
	}
	if err := notFolder(path); err != nil {
		return nil, err
	}
	shown := shownPath(path)
	fh, err := regularfile.Open(path)
	if err != nil {
		return nil, fmt.Errorf("ingest: %s: cannot read the file (%v)", shown, unwrapPath(err))
	}
	head := make([]byte, 8)
	n, _ := io.ReadFull(fh, head)
	fh.Close()
	switch {
	case n == 8 && bytes.Equal(head, oleSignature):
		return nil, fmt.Errorf("ingest: %s: %s", shown, oleWorkbookProblem(path))
	case n == 0:
		return nil, fmt.Errorf("ingest: %s: not an xlsx workbook (the file is empty)", shown)
	}
	zf, err := zip.OpenReader(path)
	if err != nil {
		return nil, fmt.Errorf("ingest: %s: not an xlsx workbook (%v)", shown, err)
	}
	// klauspost's inflate: the same bytes, in less time than the
	// standard library's on a big worksheet.
	zf.RegisterDecompressor(zip.Deflate, func(r io.Reader) io.ReadCloser { return flate.NewReader(r) })
	wb := &workbook{path: path, zf: zf}
	if err := wb.open(maxUnpacked); err != nil {
		wb.close()
		return nil, err
	}
	return wb, nil
}

func (wb *workbook) open(maxUnpacked int64) error {
	shown := shownPath(wb.path)
	if msg := zipEncrypted(&wb.zf.Reader); msg != "" {
		return fmt.Errorf("ingest: %s: %s", shown, msg)
	}
	if err := checkZipEntries(&wb.zf.Reader, maxUnpacked); err != nil {
		if errors.Is(err, errUnpackedLimit) {
			return fmt.Errorf("ingest: %s: the workbook unpacks to more than %s, more than this tool will read (a damaged file or a zip bomb)", shown, byteCount(maxUnpacked))
		}
		return fmt.Errorf("ingest: %s: the workbook is damaged: %v", shown, err)
	}
	wb.parts = make(map[string]*zip.File, len(wb.zf.File))
	for _, f := range wb.zf.File {
		wb.parts[partKey(f.Name)] = f
	}
	main := wb.mainPart()
	if binaryWorkbook(main) || wb.parts[partKey("xl/workbook.bin")] != nil {
		return fmt.Errorf("ingest: %s: %s", shown, binaryWorkbookProblem)
	}
	if wb.parts[partKey(main)] == nil {
		return fmt.Errorf("ingest: %s: not an xlsx workbook (it has no workbook part %s)", shown, main)
	}
	var book struct {
		Pr struct {
			Date1904 string `xml:"date1904,attr"`
		} `xml:"workbookPr"`
		Sheets []struct {
			Name  string     `xml:"name,attr"`
			Attrs []xml.Attr `xml:",any,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := wb.decodePart(main, &book); err != nil {
		return err
	}
	wb.date1904 = book.Pr.Date1904 == "1" || book.Pr.Date1904 == "true"
	var rels relationships
	relsPath := path.Join(path.Dir(main), "_rels", path.Base(main)+".rels")
	if err := wb.decodePart(relsPath, &rels); err != nil && !errors.Is(err, errNoPart) {
		return err
	}
	seen := map[string]bool{}
	for _, s := range book.Sheets {
		key := strings.ToLower(s.Name)
		if seen[key] {
			return fmt.Errorf("ingest: %s: the workbook is damaged: two sheets are named %q (Excel does not allow it), so rows could not be told apart", shown, s.Name)
		}
		seen[key] = true
		e := sheetEntry{name: s.Name}
		for _, a := range s.Attrs {
			if a.Name.Local == "state" && a.Name.Space == "" && a.Value != "visible" {
				e.state = a.Value
			}
			// r:id, whatever prefix and namespace URI (transitional or strict) it has.
			if a.Name.Local == "id" && a.Name.Space != "" {
				if target, ok := rels.target(a.Value); ok {
					e.part = wb.parts[partKey(resolvePart(main, target))]
				}
			}
		}
		wb.sheets = append(wb.sheets, e)
	}
	if sty := rels.ofType("/styles"); sty != "" {
		if err := wb.readStyles(resolvePart(main, sty)); err != nil {
			return err
		}
	}
	if sst := rels.ofType("/sharedStrings"); sst != "" {
		wb.strings = &sharedStrings{part: wb.parts[partKey(resolvePart(main, sst))]}
	}
	return nil
}

// mainPart is the workbook part that _rels/.rels names (xl/workbook.xml in
// every file Excel writes).
func (wb *workbook) mainPart() string {
	var rels relationships
	if err := wb.decodePart("_rels/.rels", &rels); err == nil {
		if t := rels.ofType("/officeDocument"); t != "" {
			return strings.TrimPrefix(t, "/")
		}
	}
	return "xl/workbook.xml"
}

// relationships is a .rels part.
type relationships struct {
	Rels []struct {
		ID     string `xml:"Id,attr"`
		Type   string `xml:"Type,attr"`
		Target string `xml:"Target,attr"`
	} `xml:"Relationship"`
}

func (r *relationships) target(id string) (string, bool) {
	for _, rel := range r.Rels {
		if rel.ID == id {
			return rel.Target, true
		}
	}
	return "", false
}

// ofType is the target of the first relationship whose type ends in
// suffix ("/styles"), or "".
func (r *relationships) ofType(suffix string) string {
	for _, rel := range r.Rels {
		if strings.HasSuffix(rel.Type, suffix) {
			return rel.Target
		}
	}
	return ""
}

// resolvePart is a relationship's target as a part name: relative to the
// folder of the part that holds the relationship, or absolute.
func resolvePart(from, target string) string {
	t := strings.ReplaceAll(target, "\\", "/")
	if strings.HasPrefix(t, "/") {
		return strings.TrimPrefix(t, "/")
	}
	return path.Join(path.Dir(from), t)
}

var errNoPart = errors.New("no such part")

// decodePart checks a small part (at most 16 MB) as every part is checked,
// then decodes it.
func (wb *workbook) decodePart(name string, v any) error {
	f := wb.parts[partKey(name)]
	if f == nil {
		return errNoPart
	}
	if err := checkPart(f, nil); err != nil {
		return wb.partError(f, "", err)
	}
	rc, err := f.Open()
	if err != nil {
		return wb.partError(f, "", err)
	}
	defer rc.Close()
	if err := xml.NewDecoder(io.LimitReader(rc, 16<<20)).Decode(v); err != nil {
		return wb.partError(f, "", fmt.Errorf("the XML cannot be read (%v)", err))
	}
	return nil
}

// partError names the file and the part (and its sheet) in err.
func (wb *workbook) partError(f *zip.File, sheet string, err error) error {
	of := ""
	if sheet != "" {
		of = fmt.Sprintf(" (sheet %q)", sheet)
	}
	return fmt.Errorf("ingest: %s: the workbook is damaged: part %s%s: %v", shownPath(wb.path), printable.Name(f.Name), of, err)
}

// readStyles learns which cell formats show a date.
func (wb *workbook) readStyles(name string) error {
	var st struct {
		NumFmts []struct {
			ID   int    `xml:"numFmtId,attr"`
			Code string `xml:"formatCode,attr"`
		} `xml:"numFmts>numFmt"`
		Xfs []struct {
			NumFmt int `xml:"numFmtId,attr"`
		} `xml:"cellXfs>xf"`
	}
	if err := wb.decodePart(name, &st); err != nil {
		if errors.Is(err, errNoPart) {
			return nil
		}
		return err
	}
	custom := map[int]string{}
	for _, f := range st.NumFmts {
		custom[f.ID] = f.Code
	}
	wb.dateStyle = make([]bool, min(len(st.Xfs), maxCellStyles))
	for i := range wb.dateStyle {
		id := st.Xfs[i].NumFmt
		if code, ok := custom[id]; ok {
			wb.dateStyle[i] = customDateFormat(code)
		} else {
			wb.dateStyle[i] = builtInDateFormat(id)
		}
	}
	return nil
}

// maxCellStyles is Excel's limit on the cell formats of a workbook.
const maxCellStyles = 64000

func (wb *workbook) close() {
	if wb.zf != nil {
		_ = wb.zf.Close()
	}
}

// isDateStyle reports whether the cell format shows a date.
func (wb *workbook) isDateStyle(id int) bool {
	return id >= 0 && id < len(wb.dateStyle) && wb.dateStyle[id]
}

// sheetNames lists the worksheets in workbook order.
func (wb *workbook) sheetNames() []string {
	names := make([]string, len(wb.sheets))
	for i, s := range wb.sheets {
		names[i] = s.name
	}
	return names
}

// openSheet checks a sheet's part and opens its rows.
func (wb *workbook) openSheet(i int) (*sheetRows, error) {
	e := wb.sheets[i]
	if e.part == nil {
		return nil, fmt.Errorf("ingest: %s: the workbook is damaged: sheet %q has no worksheet part in the zip", shownPath(wb.path), e.name)
	}
	wb.rows.reset()
	if wb.checkAsRead {
		return openSheetRows(wb, e)
	}
	var tail sheetscan.Tail
	if err := checkSheetPart(e.part, &wb.rows, &tail); err != nil {
		return nil, wb.sheetDamaged(e, err)
	}
	r, err := openSheetRows(wb, e)
	if err == nil {
		r.setTail(&tail)
	}
	return r, err
}

// sheetDamaged is the error for a sheet whose part fails the check.
func (wb *workbook) sheetDamaged(e sheetEntry, err error) error {
	return fmt.Errorf("ingest: %s: sheet %q is damaged (part %s): %v", shownPath(wb.path), e.name, printable.Name(e.part.Name), err)
}

// fileSHA256 is the hex SHA-256 of the file's bytes.
func fileSHA256(path string) (string, error) {
	fh, err := regularfile.Open(path)
	if err != nil {
		return "", fmt.Errorf("ingest: %s: cannot read the file (%v)", shownPath(path), unwrapPath(err))
	}
	defer fh.Close()
	h := sha256.New()
	if _, err := io.Copy(h, fh); err != nil {
		return "", fmt.Errorf("ingest: %s: cannot read the file (%v)", shownPath(path), unwrapPath(err))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// findSheet is the position of the sheet asked for, matched ignoring case.
func findSheet(sheets []string, want string) (int, bool) {
	for i, s := range sheets {
		if strings.EqualFold(s, want) {
			return i, true
		}
	}
	return -1, false
}

// readWorkbook streams every sheet with a recognised header (or only
// opts.Sheet). The Calendar sheet and empty sheets are listed in
// stats.Skipped; a sheet that holds data but no header, in stats.Unread.
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
	wb.checkAsRead = opts.CheckAsRead
	names := wb.sheetNames()
	if ownResults(names) {
		return fmt.Errorf("ingest: %s: %s", shownPath(path), ownOutputProblem("results.xlsx"))
	}
	if len(names) == 0 {
		return fmt.Errorf("ingest: %s: not an xlsx workbook (it has no worksheets)", shownPath(path))
	}
	read := make([]int, 0, len(names))
	if opts.Sheet != "" {
		i, ok := findSheet(names, opts.Sheet)
		if !ok {
			return fmt.Errorf("ingest: %s: no sheet named %q (the sheets are %s)", shownPath(path), opts.Sheet, printable.QuotedList(names, 20))
		}
		read = append(read, i)
	} else {
		for i := range names {
			read = append(read, i)
		}
	}
	vacancySheets := make([]int, 0, len(read))
	for _, i := range read {
		if !strings.EqualFold(names[i], calendarSheet) {
			vacancySheets = append(vacancySheets, i)
		}
	}
	if err := wb.loadSharedStrings(vacancySheets); err != nil {
		return err
	}
	v := newVocab()
	for _, i := range read {
		name := names[i]
		if strings.EqualFold(name, calendarSheet) {
			s.stats.Skipped = append(s.stats.Skipped, SkippedSheet{Name: name, Reason: "calendar overrides, read by CalendarOverrides"})
			continue
		}
		if err := readSheet(ctx, wb, i, v, s); err != nil {
			return err
		}
	}
	if len(s.stats.Sheets) == 0 {
		if len(s.stats.Unread) == 0 {
			return fmt.Errorf("ingest: %s: no sheet has a header row naming at least office and cause, and no sheet holds data (looked at %s)", shownPath(path), printable.QuotedList(names, 20))
		}
		u := s.stats.Unread[0]
		return fmt.Errorf("ingest: %s: no sheet has a header row naming at least office and cause (looked at %s); sheet %s: %s", shownPath(path), printable.QuotedList(names, 20), printable.QuotedList([]string{u.Source.Sheet}, 1), u.Message)
	}
	return nil
}

// readSheet streams one sheet. The header is the first row, anywhere in
// the sheet, whose cells name at least office and cause; rows above it are
// titles. A sheet without one is skipped when it is empty, and reported
// (stats.Unread) when it holds data.
func readSheet(ctx context.Context, wb *workbook, i int, v *vocab, s *sink) error {
	name := wb.sheets[i].name
	shown := shownPath(wb.path)
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("ingest: %s: %w", shown, err)
	}
	rows, err := wb.openSheet(i)
	if err != nil {
		return err
	}
	defer rows.close()
	var p *rowParser
	headerRow, top := 0, 0
	hidden := HiddenPart{Sheet: name, State: wb.sheets[i].state}
	loose := looseSheet{name: name} // the non-blank rows while no header is found
	for rows.next() {
		n := rows.num
		if p == nil {
			if blankRow(rows.cells) {
				continue
			}
			if isHeader(rows.cells) {
				m := newMapping(append([]string(nil), rows.cells...))
				if m.duplicate != "" {
					return fmt.Errorf("ingest: %s: sheet %q row %d: %s", shown, name, n, m.duplicate)
				}
				if own := OwnOutput(rows.cells); own != "" {
					return fmt.Errorf("ingest: %s: sheet %q: %s", shown, name, ownOutputProblem(own))
				}
				p = &rowParser{m: m, v: v, file: s.file, sheet: name, dates: rows, asOf: s.asOf}
				headerRow, top = n, n
				s.stats.Sheets = append(s.stats.Sheets, name)
				s.extraColumns(m, name)
				continue
			}
			loose.row(n, rows.cells, rows.isDateCell)
			continue
		}
		if err := s.cancelled(); err != nil {
			return fmt.Errorf("ingest: %s: %w", shown, err)
		}
		rows.markRead(n)
		top = max(top, n)
		rows.merged(n, headerRow)
		probs := rows.rowProblems(p)
		if wb.rows.usedTwice(n) {
			probs = append(probs, compute.Problem{Source: compute.Source{File: p.file, Sheet: name, Row: n}, Code: compute.RowUnreadable,
				Message: fmt.Sprintf("row number %d is used by more than one row of the sheet's XML (a damaged file, or one not written by Excel): each such row is listed here; check which one holds the vacancy", n)})
		}
		if len(probs) == 0 && blankRow(rows.cells) {
			s.blank()
			continue
		}
		it := p.parse(rows.cells, n, probs)
		if len(it.Problems) > len(probs) && len(probs) == 0 {
			// Only a row that is no vacancy can be a total row.
			if what := p.totalRow(rows.cells, rows.formula); what != "" {
				s.totalNote(p, n, what)
				continue
			}
		}
		if rows.hidden {
			hidden.row(n)
		}
		if err := s.item(it); err != nil {
			return err
		}
	}
	if err := rows.err; err != nil {
		if rows.damaged {
			return err
		}
		return fmt.Errorf("ingest: %s: sheet %q is damaged: %v", shown, name, err)
	}
	if p != nil {
		if err := rows.mergedAfter(headerRow); err != nil {
			return err
		}
		rows.mergeNotes(s, headerRow)
		hidden.Filter = rows.filter()
		s.hiddenNote(hidden)
	}
	if p == nil {
		switch {
		case loose.rows == 0:
			s.stats.Skipped = append(s.stats.Skipped, SkippedSheet{Name: name, Reason: "empty"})
		case loose.template:
			s.stats.Skipped = append(s.stats.Skipped, SkippedSheet{Name: name, Reason: "the template's own column guide or dropdown lists"})
		case loose.prose():
			s.note(compute.Problem{Source: compute.Source{File: s.file, Sheet: name}, Message: loose.proseNote()})
			s.stats.Skipped = append(s.stats.Skipped, SkippedSheet{Name: name, Reason: "text without a header row, a date or a table: noted on Summary"})
		default:
			s.stats.Unread = append(s.stats.Unread, compute.Problem{Source: compute.Source{File: s.file, Sheet: name}, Code: compute.SheetNotRead,
				Message: loose.unreadMessage()})
			s.stats.Skipped = append(s.stats.Skipped, SkippedSheet{Name: name, Reason: "holds data but no header row naming office and cause: listed on Errors"})
		}
		return nil
	}
	// Row numbers below the header that no row element uses are blank rows
	// (Excel leaves empty rows out of the XML).
	for gap := top - headerRow - rows.readCount(headerRow, top); gap > 0; gap-- {
		s.blank()
	}
	return nil
}
