package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"batch/internal/printable"
	"batch/pkg/compute"
)

// Item is one non-blank input row: accepted when Problems is empty, rejected
// (every problem listed) otherwise. Vacancy.Source is always set.
type Item struct {
	Vacancy  compute.Vacancy
	Problems []compute.Problem
}

// Options configure one read. The zero value reads every sheet.
type Options struct {
	Sheet string    // only this sheet of a workbook ("" = every sheet with a recognised header)
	Stdin io.Reader // read for the path "-"

	// Name is what the input's rows are called in their sources
	// (Source.File): "" is its base name. SourceNames gives inputs that
	// share a base name the shortest paths that tell them apart.
	Name string

	// MaxUnpackedBytes bounds the unpacked size of a workbook's parts, so
	// a zip bomb is refused; 0 means DefaultMaxUnpackedBytes.
	MaxUnpackedBytes int64

	// OnRead, when set, is told how many bytes of a CSV input were just
	// read, on the goroutine calling ReadFile: against Measure's Bytes,
	// how far a progress bar has come.
	OnRead func(n int)

	// AsOf is the run's as-of date: a row's date more than two years
	// after it is read with a warning (DATE_UNLIKELY); zero: not checked.
	AsOf compute.Date

	// CheckAsRead reads each worksheet of a workbook once, checking its
	// part as its rows are read, instead of checking the whole part
	// before its first row (a second inflate and scan of the sheet). The
	// checks are the same, but found later: when ReadFile returns an
	// error, the rows it emitted before are not to be kept. A sheet whose
	// row numbers go back, so that two rows may share one, ends the read
	// with ErrRescan before that row is emitted, and so does a sheet whose
	// merged cells (written after its rows) cover rows below its header,
	// once its rows are read: read the file again without CheckAsRead,
	// which finds the rows that share a number, and the merges, first.
	CheckAsRead bool
}

// ErrRescan ends a read with Options.CheckAsRead at a sheet that must be
// checked whole before its rows are read: its row numbers go back, or it
// merges cells over the rows below its header (the merges come after the
// rows in the XML). The rows emitted before it are not to be kept.
var ErrRescan = errors.New("ingest: a sheet must be checked before its rows are read: read it again with the check first")

// DefaultMaxUnpackedBytes is the default bound on a workbook's unpacked
// parts. A workbook of 1,000,000 vacancy rows as Excel saves it unpacks to
// well under it.
const DefaultMaxUnpackedBytes = 1 << 30

// FileStats account for every row of one input: Rows = Accepted + Rejected
// + Blank.
type FileStats struct {
	Path     string
	SHA256   string
	Sheets   []string // sheets read, in workbook order
	Rows     int      // data rows below the header rows, blank ones included
	Accepted int
	Rejected int
	Blank    int
	Extra    []string // carried-through column names, in first-seen order
	// ExtraAt says where each of Extra was first seen (same order).
	ExtraAt []ColumnAt

	// Notes are what the analyst should know about rows that were read
	// all the same (a cell whose encoding had to be guessed), at most
	// maxNotes of them; NotesLeftOut counts the rest.
	Notes        []compute.Problem
	NotesLeftOut int

	// Unread lists, as problems of a whole sheet (Source.Row 0), the
	// sheets that hold data but no header row: none of their rows could be
	// read as vacancies. They belong on Errors, and count as errors.
	Unread []compute.Problem

	// Skipped lists the sheets of a workbook that were not read as
	// vacancies, with the reason (the Calendar sheet, a sheet with no
	// header row), in workbook order.
	Skipped []SkippedSheet

	// Hidden lists the sheets read that are hidden, hide rows below their
	// header, or have a filter set (issue 35): their rows were read all
	// the same, and each is also a note.
	Hidden []HiddenPart
}

// HiddenPart is a sheet whose rows were read though a person looking at
// the workbook does not see them all.
type HiddenPart struct {
	Sheet string
	// State is the sheet's own: "visible", "hidden" (Format > Hide) or
	// "veryHidden" (only a macro or the VBA editor shows it again).
	State string
	// Rows are the first maxHiddenRows of the rows below the header
	// that are hidden and were read; RowCount counts them all.
	Rows     []int
	RowCount int
	// Filter is the range of the sheet's filter when a filter is set on
	// one of its columns (rows hidden then are hidden by it); "" else.
	Filter string
}

// ColumnAt is a column of an input: its sheet ("" for CSV) and its
// 1-based position (1 is column A).
type ColumnAt struct {
	Sheet  string
	Column int
}

// Letters is the column's spreadsheet name: 1 → A, 16384 → XFD.
func (c ColumnAt) Letters() string { return columnLetters(c.Column) }

// SkippedSheet is a sheet ReadFile did not read, and why.
type SkippedSheet struct {
	Name   string
	Reason string
}

// ReadFile streams the rows of one input (.xlsx, .xlsm, .csv or "-") to
// emit, in input order. It returns an error only when the file as a whole
// cannot be read; bad rows become Items with Problems. A Calendar sheet is
// not emitted (see CalendarOverrides).
func ReadFile(ctx context.Context, path string, opts Options, emit func(Item) error) (FileStats, error) {
	s := &sink{ctx: ctx, emit: emit, stats: FileStats{Path: path}, seen: map[string]bool{}, file: opts.Name, asOf: opts.AsOf}
	if s.file == "" {
		s.file = baseName(path)
	}
	if err := notFolder(path); err != nil {
		return s.stats, err
	}
	var err error
	switch kind(path) {
	case kindWorkbook:
		if kindByName(path) != kindWorkbook {
			s.note(compute.Problem{Source: compute.Source{File: s.file},
				Message: "read as an Excel workbook, which it is, although its name does not end in .xlsx"})
		}
		err = readWorkbook(ctx, path, opts, s)
	case kindCSV:
		err = readCSVFile(ctx, path, opts, s)
	default:
		err = unsupported(path)
	}
	return s.stats, err
}

// notFolder refuses a folder given as an input ("county.xlsx/"): read as a
// file, the system's error would not say what is wrong.
func notFolder(path string) error {
	if path == "-" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("ingest: %s: is a folder, not a file: give the workbooks or CSV files inside it", shownPath(path))
	}
	return nil
}

type inputKind int

const (
	kindOther inputKind = iota
	kindWorkbook
	kindCSV
)

// baseName is the Source.File of an input: its base name, "-" for stdin.
func baseName(path string) string {
	if path == "-" {
		return "-"
	}
	return filepath.Base(path)
}

// sink counts rows and hands items to the caller's emit.
type sink struct {
	ctx   context.Context
	emit  func(Item) error
	stats FileStats
	seen  map[string]bool // extra column names already in stats.Extra
	n     int
	file  string // the input's name in sources (Options.Name)
	asOf  compute.Date
}

func (s *sink) blank() {
	s.stats.Rows++
	s.stats.Blank++
}

// extraColumns records the carried-through columns of a header, and
// notes each that nearly names a contract column the header lacks.
func (s *sink) extraColumns(m *mapping, sheet string) {
	s.nearMisses(m, sheet)
	for i, c := range m.cols {
		if c.field == fExtra && !c.blankHeader && !s.seen[c.name] {
			s.seen[c.name] = true
			s.stats.Extra = append(s.stats.Extra, c.name)
			s.stats.ExtraAt = append(s.stats.ExtraAt, ColumnAt{Sheet: sheet, Column: i + 1})
		}
	}
}

// maxNotes bounds FileStats.Notes: a file saved in a mixed encoding would
// otherwise note every row.
const maxNotes = 100

func (s *sink) note(p compute.Problem) {
	p.Code = compute.Note
	if len(s.stats.Notes) < maxNotes {
		s.stats.Notes = append(s.stats.Notes, p)
		return
	}
	s.stats.NotesLeftOut++
}

func (s *sink) item(it Item) error {
	s.stats.Rows++
	if len(it.Problems) > 0 {
		s.stats.Rejected++
	} else {
		s.stats.Accepted++
	}
	for _, f := range it.Vacancy.Extra {
		if letters, ok := strings.CutPrefix(f.Name, "column "); ok && !s.seen[f.Name] {
			s.seen[f.Name] = true
			s.stats.Extra = append(s.stats.Extra, f.Name)
			s.stats.ExtraAt = append(s.stats.ExtraAt, ColumnAt{Sheet: it.Vacancy.Source.Sheet, Column: columnNumber(letters)})
		}
	}
	return s.emit(it)
}

// cancelled checks the context every 64 rows: cheap enough for a million.
func (s *sink) cancelled() error {
	s.n++
	if s.n&63 != 0 {
		return nil
	}
	return s.ctx.Err()
}

// shownPath is a path as messages show it: quoted, with its control and
// invisible characters escaped, when it holds any (see package printable).
func shownPath(path string) string { return printable.Name(path) }

// byteCount says a size in words: "8 MiB", "200.5 MiB", "512 bytes".
func byteCount(n int64) string {
	const mib = 1 << 20
	switch {
	case n >= mib && n%mib == 0:
		return fmt.Sprintf("%d MiB", n/mib)
	case n >= mib:
		return fmt.Sprintf("%.1f MiB", float64(n)/mib)
	}
	return fmt.Sprintf("%d bytes", n)
}
