package export

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export/internal/xlsx"
	"batch/pkg/outdir"
)

// Options configure one set of outputs.
type Options struct {
	Dir      string   // output folder, created if missing (see pkg/outdir)
	Formats  []string // any of Formats()
	AsOf     compute.Date
	Calendar *compute.Calendar // for the Calendar sheet
	ICSFrom  compute.Date      // deadlines.ics leaves out the events before it; zero: none
	// ICSAll: deadlines.ics holds every applicable deadline and every
	// election day, passed or not; by default only what someone must
	// still do (ics.go).
	ICSAll bool
	// ICSAlarm is the reminder of each event of deadlines.ics, as
	// CheckICSAlarm reads it: "3d", "0d", "none"; empty: DefaultICSAlarmDays.
	ICSAlarm string
	// Changes: the run compares itself with an earlier one; the Changes
	// sheet (second in results.xlsx) and changes.csv are written.
	Changes bool
	// Soon is --soon's days: the Summary lists the election days of that
	// many days ahead when more than its 14.
	Soon int
	// FailOn is the run's --fail-on, which summary.json's fail_on block
	// judges each part by (failon.go).
	FailOn FailOn

	// What the Plan gives this Writer and its slices.
	extra []string // the carried-through columns
	split *Split   // a split run's; nil otherwise
	slice *Slice   // a slice's own Writer's: its folder

	// For tests: rows per sheet, header included (0 = Excel's 1,048,576);
	// real hyperlinks per sheet (0 = excelize's limit); the clock behind
	// the export's own timing (nil = time.Now); the Rules and Calendar
	// tables, so golden files do not change with the law's tables.
	maxRows      int
	linkCap      int
	runRecords   int  // Conflicts lines a sorted run holds (0 = runRecords)
	streamAll    bool // every sheet's rows through excelize's stream writer: the fast path's reference
	now          func() time.Time
	rules        func(used []string) []compute.Rule                  // nil = the law's rules of the editions used
	yearCalendar func(*compute.Calendar, int) []compute.CalendarItem // nil = compute.YearCalendar

	words *lawWords // the law's words, made once for a run and its slices
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
	// Unread names the sheets that hold data but no header row (each is
	// also a problem on Errors); Notes are what the analyst should know
	// about rows read all the same (a cell whose encoding was guessed).
	Unread []string
	Notes  []string
	// Hidden are the sheets read though hidden, or hiding rows, or with
	// a filter set (issue 35): summary.json's "hidden".
	Hidden []HiddenSheet
}

// HiddenSheet is a sheet whose rows were read though a person does not
// see them all: its state ("visible", "hidden", "veryHidden"), its hidden
// rows below the header (the first few, and the count), and the range of
// its filter when one is set.
type HiddenSheet struct {
	Sheet    string `json:"sheet"`
	State    string `json:"state"`
	Rows     []int  `json:"hidden_rows"`
	RowCount int    `json:"hidden_row_count"`
	Filter   string `json:"filter"`
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
	// Overrides are the calendar input rows applied (overrides.go).
	Overrides []CalendarOverride
}

// Totals is what the writer counted; the pipeline maps it to an exit code.
type Totals struct {
	Vacancies  int
	Rejected   int // rows on Errors
	Problems   int
	BySeverity map[compute.Severity]int // vacancies by their worst conflict
	Files      []string                 // the outputs in place, as named in Dir
	Run        string                   // the set committed (its id in Dir/.batch/runs)
}

// Writer writes one part of a run (the statewide outputs, or one folder
// of a split) into its own staging set in Dir; nothing is in place until
// Commit switches the whole set in (pkg/outdir). It keeps the set, the
// Plan, the tally of what was written and the sinks of the formats asked
// for, and hands every row to each sink (the fan-out). A Writer holds
// Dir's lock from Start to Commit or Abort, and is used by one goroutine.
type Writer struct {
	*part
	sinks   []Sink
	rows    Rows             // the vacancy being handed out, its rows made once
	snap    snapshot         // snapshot.jsonl.gz, every set's
	changes *changes.Outcome // SetChanges'
	early   int              // vacancies whose deadline rows Deadlines.Add wrote
	err     error            // the first failure; every later call returns it
	// finished: Finish has closed every file; done: committed; aborted.
	finished, done, aborted bool

	slices  *Slices // a split run's statewide Writer: its slices
	sliceOf *Slices // a slice's Writer: the set it belongs to
}

var errDone = errors.New("export: writer already committed or aborted")

// cmpOr is err, unless it is none or only says the writer is done.
func cmpOr(err, or error) error {
	if err != nil && err != errDone {
		return err
	}
	return or
}

// Plan is what a run knows of all its rows before the writer is given
// the first: the carried-through columns, where each conflict goes on the
// sorted Conflicts sheet, and, for a split run, its slices.
type Plan struct {
	ExtraColumns []string // carried-through input columns, appended to Vacancies
	// Conflicts counts every conflict the writer will be given, as it
	// will be given it (the cross-row ones included).
	Conflicts ConflictCounts
	// Split makes the run a split one (slice.go): Summary and
	// summary.json say where the slices are, and Slices opens them.
	Split *Split
}

// planned is a sink whose tables the Plan shapes: the carried-through
// columns widen Vacancies, the conflicts' counts place each line on the
// sorted Conflicts sheet. The Writer hands it the Plan before any Rest.
type planned interface {
	plan(plan *Plan) error
}

// Folder is an output folder held for one run: created when missing,
// locked (a second run into it fails with an error naming it), cleaned of
// what killed runs left, with a staging set a Writer writes into. A run
// opens it before it reads its inputs, so that a folder it cannot write
// into stops it at once.
type Folder struct{ set *outdir.Set }

// OpenFolder opens the output folder dir for one run.
func OpenFolder(dir string) (*Folder, error) {
	if dir == "" {
		return nil, errors.New("export: no output folder given")
	}
	set, err := outdir.Open(dir, outputs)
	if err != nil {
		return nil, err
	}
	return &Folder{set: set}, nil
}

// Deadlines is a run's Writer before its Plan: it writes the vacancies'
// deadline rows (the Deadlines sheet, deadlines.csv), which depend on
// nothing later rows bring but a duplicate (the pipeline writes them again
// when one changes a row), while the run still reads its inputs, and the
// reading leaves a CPU free for them. The calendar's events wait for
// Result: an event of a row entered twice says so.
type Deadlines struct{ w *Writer }

// Start opens the outputs of a run in folder f's staging set: the
// deadline rows may come first (Add), then Plan makes the Writer of the
// rest, whose Results and Problems come in input order, then Commit. The
// writer takes f: its Commit or Abort lets it go. opts.Dir is f's.
func Start(f *Folder, opts Options) (*Deadlines, error) {
	if f == nil || f.set == nil {
		return nil, errors.New("export: no output folder open")
	}
	set := f.set
	f.set = nil
	w, err := newWriter(opts)
	if err != nil {
		set.Abort()
		return nil, err
	}
	w.set = set
	if err := w.open(); err != nil {
		w.Abort()
		return nil, err
	}
	return &Deadlines{w: w}, nil
}

// Add writes one vacancy's deadline rows; vacancies come in input order.
func (d *Deadlines) Add(r *compute.Result) error {
	w := d.w
	if w == nil {
		return errors.New("export: deadline rows after the Plan")
	}
	if err := w.usable(); err != nil {
		return err
	}
	w.tally.deadlines(r, w.early)
	w.rows.reset(r, w.early, true, false)
	w.early++
	return w.fan(&w.rows)
}

// Plan makes the Writer of the rest from the finished plan: its Results
// come in the same order, and write all but the deadline rows Add wrote.
func (d *Deadlines) Plan(plan Plan) (*Writer, error) {
	w := d.w
	if w == nil {
		return nil, errors.New("export: Plan twice")
	}
	d.w = nil
	if err := w.usable(); err != nil {
		w.Abort()
		return nil, err
	}
	if err := w.plan(plan); err != nil {
		w.Abort()
		return nil, err
	}
	return w, nil
}

// Abort is the Writer's Abort, before the Plan; nothing after it.
func (d *Deadlines) Abort() {
	if d != nil && d.w != nil {
		d.w.Abort()
		d.w = nil
	}
}

// newWriter is a Writer of opts without its folder and its plan: Start's,
// or a slice's (Slice).
func newWriter(opts Options) (*Writer, error) {
	w := &Writer{part: &part{opts: opts, now: opts.now}}
	w.rows.p = w.part
	if w.now == nil {
		w.now = time.Now
	}
	if w.opts.maxRows <= 0 {
		w.opts.maxRows = xlsx.RowLimit
	}
	if w.opts.rules == nil {
		w.opts.rules = func(used []string) []compute.Rule {
			if w.opts.Calendar == nil {
				return nil
			}
			return compute.RulesOf(w.opts.Calendar.Law(), compute.RulesFilter{Editions: used})
		}
	}
	if w.opts.yearCalendar == nil {
		w.opts.yearCalendar = func(c *compute.Calendar, y int) []compute.CalendarItem {
			return compute.YearCalendar(c, y, compute.CalendarOptions{})
		}
	}
	if w.opts.linkCap <= 0 {
		w.opts.linkCap = xlsx.LinkLimit
	}
	if w.opts.words == nil {
		w.opts.words = wordsOf(w.law())
	}
	if w.opts.runRecords <= 0 {
		w.opts.runRecords = runRecords
	}
	if err := checkFormats(opts.Formats); err != nil {
		return nil, err
	}
	if err := CheckICSAlarm(opts.ICSAlarm); err != nil {
		return nil, fmt.Errorf("export: ICS alarm %w", err)
	}
	w.tally = newTally(opts.AsOf, opts.Soon)
	return w, nil
}

// open opens the sinks of the formats asked for in the staging set.
func (w *Writer) open() error {
	sinks, err := openSinks(w.part)
	w.sinks = sinks
	return err
}

// plan takes the finished plan: the tables the carried-through columns
// widen open, the conflicts' places are fixed, a split's slices made.
func (w *Writer) plan(plan Plan) error {
	plan.ExtraColumns = slices.Clone(plan.ExtraColumns)
	w.opts.extra, w.opts.split = plan.ExtraColumns, plan.Split
	if plan.Split != nil && w.sliceOf == nil {
		w.slices = newSlices(w)
	}
	for _, s := range w.sinks {
		if p, ok := s.(planned); ok {
			if err := p.plan(&plan); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w *Writer) usable() error {
	if w.err != nil {
		return w.err
	}
	if w.done || w.finished {
		return errDone
	}
	return nil
}

// fail records the first error.
func (w *Writer) fail(err error) error {
	if err != nil && w.err == nil {
		w.err = err
	}
	return err
}

// fan hands a vacancy's rows to every sink.
func (w *Writer) fan(rows *Rows) error {
	for _, s := range w.sinks {
		if err := s.Vacancy(rows); err != nil {
			return w.fail(err)
		}
	}
	return nil
}

// Result writes one vacancy's rows: Vacancies, its calendar events, its
// deadlines (Deadlines, deadlines.csv; unless Deadlines.Add wrote them) and its
// conflicts (conflicts.csv; the Conflicts sheet's lines, in their sorted
// places, at Commit). Results come in input order, each conflict as the
// Plan counted it.
func (w *Writer) Result(r *compute.Result) error {
	if err := w.usable(); err != nil {
		return err
	}
	seq := w.tally.vacancies
	deadlines := seq >= w.early
	if deadlines {
		w.tally.deadlines(r, seq)
	} else {
		// Written before the duplicates were known: the row's items now
		// say whether it was entered twice.
		w.tally.duplicate(r, seq)
	}
	w.tally.result(r)
	w.rows.reset(r, seq, deadlines, true)
	if err := w.fan(&w.rows); err != nil {
		return err
	}
	w.tally.action(r, seq)
	return nil
}

// Problem writes one row of Errors. rowRejected marks the first problem of
// each rejected row, so the writer can count rows as well as problems.
func (w *Writer) Problem(p compute.Problem, rowRejected bool) error {
	if err := w.usable(); err != nil {
		return err
	}
	w.tally.problems++
	if rowRejected {
		w.tally.rejected++
	}
	for _, s := range w.sinks {
		if err := s.Problem(&p, rowRejected); err != nil {
			return w.fail(err)
		}
	}
	return nil
}

// Commit finishes the Writer (unless Finish did) and puts the whole set
// in place: with a split, the slices written into it too.
func (w *Writer) Commit(info RunInfo) (Totals, error) {
	if err := w.Finish(info); err != nil {
		return Totals{}, err
	}
	err := error(nil)
	if w.slices != nil {
		err = w.writeIndex()
	}
	if err == nil {
		err = w.set.Commit()
	}
	if err != nil {
		w.fail(err)
		w.Abort()
		return Totals{}, err
	}
	w.done = true
	if w.sliceOf != nil {
		w.sliceOf.closed(w, nil)
	}
	return Totals{Vacancies: w.tally.vacancies, Rejected: w.tally.rejected, Problems: w.tally.problems,
		BySeverity: maps.Clone(w.tally.bySeverity), Files: w.set.Linked(), Run: w.set.ID()}, nil
}

// Finish finishes every sink (the Summary, Calendar and Rules sheets,
// summary.json, the digest, …), closing every file and releasing the
// workbook's memory, but puts nothing in place: the pipeline writes a
// split's slices into the set after it, and Commit then puts them in
// place with the rest, as one. Once is enough; Commit finishes a Writer
// that was not.
func (w *Writer) Finish(info RunInfo) error {
	if w.finished && w.err == nil && !w.done {
		return nil
	}
	if err := w.usable(); err != nil {
		return err
	}
	if err := w.finish(info); err != nil {
		w.fail(err)
		w.Abort()
		return err
	}
	w.finished = true
	return nil
}

func (w *Writer) finish(info RunInfo) error {
	// The export's own phase is its finishing work; the rows were written
	// while the pipeline's phases ran, and those phases count that time.
	facts := &Facts{RunInfo: info, Changes: w.changes, start: w.now(), snap: &w.snap}
	if w.tally.vacancies < w.early {
		return fmt.Errorf("export: the deadline rows of %d vacancies were written, and %d vacancies", w.early, w.tally.vacancies)
	}
	if w.snap.wait == nil {
		// Written before the rest: the comparison was made from it.
		if err := w.snap.finish(); err != nil {
			return err
		}
	}
	for _, s := range w.sinks {
		if err := s.Finish(facts); err != nil {
			return err
		}
	}
	if err := w.snap.finish(); err != nil {
		return err
	}
	// Every output is on disk before Commit renames any.
	return w.syncs.Wait()
}

// Abort removes the staging folder (and Dir itself, when the run made it and
// nothing else is in it) and lets the lock go; outputs already in place
// stay as they were. Safe to call after Commit.
func (w *Writer) Abort() {
	if w == nil {
		return
	}
	if w.sliceOf != nil && !w.done && !w.aborted {
		w.sliceOf.closed(nil, cmpOr(w.err, errors.New("export: slice aborted")))
	}
	w.aborted = true
	if !w.done && w.err == nil {
		w.err = errDone
	}
	// Once the set is switched in (Commit, even one whose tidying failed),
	// its files are the outputs: only the lock is let go.
	if committed := w.done || w.set.Committed(); !committed {
		for _, s := range w.sinks {
			s.Abort()
		}
		_ = w.syncs.Wait()
		w.snap.remove()
	}
	w.sinks = nil
	w.set.Abort()
}
