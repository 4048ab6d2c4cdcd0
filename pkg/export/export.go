package export

// STUB: the export helper replaces this file. The exported API below is
// fixed; the pipeline codes against it.

import (
	"time"

	"batch/pkg/compute"
	"batch/pkg/ingest"
)

// Formats the writer knows, in CONTRACT.md's words.
const (
	XLSX = "xlsx"
	CSV  = "csv"
	ICS  = "ics"
	JSON = "json"
)

// Options configure one set of outputs.
type Options struct {
	Dir          string   // output folder, created if missing
	Formats      []string // any of XLSX, CSV, ICS, JSON
	AsOf         compute.Date
	Calendar     *compute.Calendar // for the Calendar sheet
	ExtraColumns []string          // carried-through input columns, appended to Vacancies
}

// Input describes one input file on Summary and in summary.json.
type Input struct {
	Path     string
	SHA256   string
	Sheets   []string
	Rows     int
	Accepted int
	Rejected int
	Blank    int
}

// Phase is one timed phase of the run.
type Phase struct {
	Name     string
	Duration time.Duration
}

// RunInfo is what the pipeline knows that the results do not say.
type RunInfo struct {
	Version string
	Inputs  []Input
	Phases  []Phase
	Jobs    int
}

// Totals is what the writer counted; the pipeline maps it to an exit code.
type Totals struct {
	Vacancies  int
	Rejected   int // rows on Errors
	Problems   int
	BySeverity map[compute.Severity]int // vacancies by their worst conflict
}

// Writer writes every output to a temporary file in Dir; nothing is in
// place under its final name until Commit returns nil.
type Writer struct{}

// New opens the temporary outputs.
func New(opts Options) (*Writer, error) { return &Writer{}, nil }

// Result writes one vacancy's rows (Vacancies, Deadlines, Conflicts, ICS).
// Results must come in input order.
func (w *Writer) Result(r *compute.Result) error { return nil }

// Problem writes one row of Errors. rowRejected marks the first problem of
// each rejected row, so the writer can count rows as well as problems.
func (w *Writer) Problem(p ingest.Problem, rowRejected bool) error { return nil }

// Commit writes Summary, Calendar, Rules and summary.json, closes every
// file and renames them into place.
func (w *Writer) Commit(info RunInfo) (Totals, error) { return Totals{}, nil }

// Abort removes the temporary files; outputs already in place stay as they
// were. Safe to call after Commit.
func (w *Writer) Abort() {}
