package ingest

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"batch/pkg/compute"
)

// Problem is one thing wrong with one input cell or row: an entry on the
// Errors sheet and in errors.csv.
type Problem struct {
	Source  compute.Source
	Column  string // the input column's header text; "" for a whole-row problem
	Value   string // the cell's text as found
	Message string // a plain sentence: what is wrong and what would be right
}

// Item is one non-blank input row: accepted when Problems is empty, rejected
// (every problem listed) otherwise. Vacancy.Source is always set.
type Item struct {
	Vacancy  compute.Vacancy
	Problems []Problem
}

// Options configure one read. The zero value reads every sheet.
type Options struct {
	Sheet string    // only this sheet of a workbook ("" = every sheet with a recognised header)
	Stdin io.Reader // read for the path "-"

	// MaxUnpackedBytes bounds the unpacked size of a workbook's parts, so
	// a zip bomb is refused; 0 means DefaultMaxUnpackedBytes.
	MaxUnpackedBytes int64

	// OnRead, when set, is told how many bytes of a CSV input were just
	// read, on the goroutine calling ReadFile: against Measure's Bytes,
	// how far a progress bar has come.
	OnRead func(n int)
}

// DefaultMaxUnpackedBytes is the default bound on a workbook's unpacked
// parts. A workbook of 1,000,000 vacancy rows as Excel saves it unpacks to
// well under it.
const DefaultMaxUnpackedBytes = 1 << 30

// xmlInMemory is the size up to which excelize keeps a worksheet or the
// shared-strings table in memory instead of a temporary file: above its
// default of 16 MB every shared string costs a disk read (notes: 57 s
// against 23.6 s at 1 M rows).
const xmlInMemory = 128 << 20

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

	// Skipped lists the sheets of a workbook that were not read as
	// vacancies, with the reason (the Calendar sheet, a sheet with no
	// header row), in workbook order.
	Skipped []SkippedSheet
}

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
	s := &sink{ctx: ctx, emit: emit, stats: FileStats{Path: path}, seen: map[string]bool{}}
	if err := notFolder(path); err != nil {
		return s.stats, err
	}
	var err error
	switch kind(path) {
	case kindWorkbook:
		err = readWorkbook(ctx, path, opts, s)
	case kindCSV:
		err = readCSVFile(ctx, path, opts, s)
	default:
		err = fmt.Errorf("ingest: %s: unsupported input; give an .xlsx or .xlsm workbook, a .csv file, or - for CSV on standard input", path)
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
		return fmt.Errorf("ingest: %s: is a folder, not a file: give the workbooks or CSV files inside it", path)
	}
	return nil
}

type inputKind int

const (
	kindOther inputKind = iota
	kindWorkbook
	kindCSV
)

func kind(path string) inputKind {
	if path == "-" {
		return kindCSV
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".xlsx", ".xlsm":
		return kindWorkbook
	case ".csv":
		return kindCSV
	}
	return kindOther
}

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
}

func (s *sink) blank() {
	s.stats.Rows++
	s.stats.Blank++
}

func (s *sink) extraColumns(names []string) {
	for _, n := range names {
		if !s.seen[n] {
			s.seen[n] = true
			s.stats.Extra = append(s.stats.Extra, n)
		}
	}
}

func (s *sink) item(it Item) error {
	s.stats.Rows++
	if len(it.Problems) > 0 {
		s.stats.Rejected++
	} else {
		s.stats.Accepted++
	}
	for _, f := range it.Vacancy.Extra {
		if strings.HasPrefix(f.Name, "column ") && !s.seen[f.Name] {
			s.seen[f.Name] = true
			s.stats.Extra = append(s.stats.Extra, f.Name)
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
