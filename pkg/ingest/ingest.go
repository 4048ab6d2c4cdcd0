package ingest

// STUB: the ingest helper replaces this file. The exported API below is
// fixed; the pipeline codes against it.

import (
	"context"
	"io"

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
}

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
}

// ReadFile streams the rows of one input (.xlsx, .xlsm, .csv or "-") to
// emit, in input order. It returns an error only when the file as a whole
// cannot be read; bad rows become Items with Problems. A Calendar sheet is
// not emitted (see CalendarOverrides).
func ReadFile(ctx context.Context, path string, opts Options, emit func(Item) error) (FileStats, error) {
	return FileStats{Path: path}, nil
}

// CalendarOverrides reads calendar overrides: from a --calendar file (every
// row of a CSV, or the first sheet of a workbook), or, with sheetOnly, from
// the sheet named "Calendar" of an input workbook (none for CSV input).
func CalendarOverrides(path string, sheetOnly bool) ([]compute.Override, []Problem, error) {
	return nil, nil, nil
}
