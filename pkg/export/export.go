package export

import (
	"bufio"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"time"

	"batch/internal/strmemo"
	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export/internal/xlsx"
	"batch/pkg/ingest"
	"batch/pkg/outdir"
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
	Dir      string   // output folder, created if missing (see pkg/outdir)
	Formats  []string // any of XLSX, CSV, ICS, JSON
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

// Writer writes every output into its own staging folder in Dir; nothing
// is in place until Commit switches the whole set in (pkg/outdir). A Writer
// holds Dir's lock from Start to Commit or Abort, and is used by one
// goroutine.
type Writer struct {
	opts  Options
	now   func() time.Time
	set   *outdir.Set
	clean strmemo.Set // deadline texts the guard leaves as they are (textSeen)

	xlsx, csv, ics, json, digest bool

	tmpDir   string // excelize's spill files
	book     *workbook
	bookFile *outdir.File

	vacCSV, dlCSV, cfCSV, erCSV *csvTable
	cal                         *icsWriter
	jsonFile                    *outdir.File
	syncs                       outdir.Syncs // outputs going to disk beside the run

	// The comparison with the earlier run (changes.go).
	snapFile    *outdir.File
	snapBuf     *bufio.Writer
	snapWait    func() (time.Duration, error) // SnapshotBeside
	changes     *changes.Outcome
	chCSV       *csvTable
	digestFiles []*outdir.File

	tally    *tally
	early    int            // vacancies whose deadline rows Deadlines.Add wrote
	order    *conflictOrder // places the conflicts on the sorted Conflicts sheet
	lines    *conflictRuns  // the Conflicts lines until Commit
	vals     []value
	marks    []xlsx.Mark
	err      error // the first failure; every later call returns it
	finished bool  // Finish has closed every file
	done     bool
	aborted  bool

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
	w.early++
	return w.fail(w.deadlineRows(r))
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
	w := &Writer{opts: opts, now: opts.now}
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
	if w.opts.runRecords <= 0 {
		w.opts.runRecords = runRecords
	}
	for _, f := range opts.Formats {
		switch f {
		case XLSX:
			w.xlsx = true
		case CSV:
			w.csv = true
		case ICS:
			w.ics = true
		case JSON:
			w.json = true
		case Digest:
			w.digest = true
		default:
			return nil, fmt.Errorf("export: unknown format %q (want xlsx, csv, ics, json or digest)", f)
		}
	}
	if err := CheckICSAlarm(opts.ICSAlarm); err != nil {
		return nil, fmt.Errorf("export: ICS alarm %w", err)
	}
	w.tally = newTally(opts.AsOf, opts.Soon)
	return w, nil
}

// plan takes the finished plan: the tables the carried-through columns
// widen open, the conflicts' places are fixed, a split's slices made.
func (w *Writer) plan(plan Plan) error {
	w.opts.extra, w.opts.split = slices.Clone(plan.ExtraColumns), plan.Split
	w.order = newConflictOrder(plan.Conflicts)
	if plan.Split != nil && w.sliceOf == nil {
		w.slices = newSlices(w)
	}
	header := slices.Concat(vacancyColumns, w.opts.extra)
	if w.xlsx {
		w.book.vacancies.SetHeader(header)
	}
	if w.csv {
		var err error
		if w.vacCSV, err = newCSVTable(w.create, vacanciesName, header); err != nil {
			return err
		}
	}
	return nil
}

// create makes one output file in the staging set, synced beside the run.
func (w *Writer) create(name string) (*outdir.File, error) {
	t, err := w.set.Create(name)
	if t != nil {
		t.SyncBeside(&w.syncs)
	}
	return t, err
}

// open opens every output but vacancies.csv, whose header waits for the
// plan.
func (w *Writer) open() error {
	create := w.create
	var err error
	if w.xlsx {
		if w.tmpDir, err = w.set.Spill(); err != nil {
			return err
		}
		if w.bookFile, err = create(resultsName); err != nil {
			return err
		}
		if w.book, err = newWorkbook(w.tmpDir, &w.opts, page{asOf: w.opts.AsOf, law: w.lawChoice(), slice: w.sliceTitle()}); err != nil {
			return err
		}
		w.lines = &conflictRuns{dir: w.tmpDir, max: w.opts.runRecords}
	}
	if w.csv {
		if w.dlCSV, err = newCSVTable(create, deadlinesName, deadlineColumns); err != nil {
			return err
		}
		if w.cfCSV, err = newCSVTable(create, conflictsName, conflictColumns); err != nil {
			return err
		}
		if w.erCSV, err = newCSVTable(create, errorsName, errorColumns); err != nil {
			return err
		}
	}
	if w.ics {
		alarm, _ := parseICSAlarm(w.opts.ICSAlarm) // checked by newWriter
		if w.cal, err = newICSWriter(create, icsConfig{asOf: w.opts.AsOf, from: w.opts.ICSFrom, all: w.opts.ICSAll,
			alarm: alarm, cal: w.opts.Calendar}); err != nil {
			return err
		}
	}
	if w.json {
		if w.jsonFile, err = create(summaryName); err != nil {
			return err
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

// Result writes one vacancy's rows: Vacancies, its calendar events, its
// deadlines (Deadlines, deadlines.csv; unless Deadlines.Add wrote them) and its
// conflicts (conflicts.csv; the Conflicts sheet's lines, in their sorted
// places, at Commit). Results come in input order, each conflict as the
// Plan counted it.
func (w *Writer) Result(r *compute.Result) error {
	if err := w.usable(); err != nil {
		return err
	}
	if seq := w.tally.vacancies; seq >= w.early {
		w.tally.deadlines(r, seq)
		if err := w.deadlineRows(r); err != nil {
			return w.fail(err)
		}
	} else {
		// Written before the duplicates were known: the row's items now
		// say whether it was entered twice.
		w.tally.duplicate(r, seq)
	}
	if w.ics {
		// The calendar is written from the finished row, whatever wrote
		// its deadline rows: an event of a row entered twice says so.
		if err := w.cal.vacancy(r); err != nil {
			return w.fail(err)
		}
	}
	w.tally.result(r)
	return w.fail(w.result(r))
}

func (w *Writer) result(r *compute.Result) error {
	v := &r.Vacancy
	seq := w.tally.vacancies - 1
	// Conflicts first: the vacancy's row links to its most severe line on
	// Conflicts. conflicts.csv keeps input order; the sheet is sorted, its
	// lines written at Commit.
	var vacSheet string
	var vacRow int
	if w.xlsx {
		vacSheet, vacRow = w.book.vacancies.PlaceOf(seq)
	}
	worst := -1
	next := serialOf(r.NextDeadlineDate)
	src := v.Source.String() // once for the row and its conflicts
	srcVal := text(src)
	for i := range r.Conflicts {
		c := &r.Conflicts[i]
		if w.csv {
			w.vals = conflictRow(w.vals, r, c, srcVal)
			if err := w.cfCSV.write(w.vals); err != nil {
				return err
			}
		}
		if w.xlsx {
			pos, err := w.order.place(conflictKey{c.Severity, next})
			if err != nil {
				return err
			}
			if worst < 0 || pos < worst {
				worst = pos
			}
			l := conflictLine{pos: pos, severity: c.Severity, next: next, vacRow: vacRow,
				cols: [7]string{v.ID, src, c.Severity.String(), c.Code, c.Field, c.Message, c.Citation}}
			l.vacPart = w.book.vacancies.PartOf(vacSheet)
			if err := w.lines.add(l); err != nil {
				return err
			}
		}
	}
	var firstConflict string
	if worst >= 0 {
		sheet, row := w.book.conflicts.PlaceOf(worst)
		firstConflict = fmt.Sprintf("'%s'!A%d", sheet, row)
	}
	w.vals = vacancyRowFrom(w.vals, r, w.opts.extra, srcVal)
	if w.csv {
		if err := w.vacCSV.write(w.vals); err != nil {
			return err
		}
	}
	if w.xlsx {
		fill := severityFill(r.Severity())
		var l *xlsx.Link
		w.marks = w.marks[:0]
		if fill != xlsx.NoFill && firstConflict != "" {
			w.marks = append(w.marks, make([]xlsx.Mark, len(w.vals))...)
			w.marks[vacConflictsCol] = xlsx.Linked
			l = &xlsx.Link{Col: vacConflictsCol, Target: firstConflict, Display: conflictCodes(r)}
		}
		sheet, row, err := w.book.vacancies.Add(w.book.values(w.vals), fill, w.marks, l)
		if err != nil {
			return err
		}
		if sheet != vacSheet || row != vacRow {
			return fmt.Errorf("export: vacancy %d went to %s row %d, not %s row %d", seq, sheet, row, vacSheet, vacRow)
		}
		w.tally.action(r, seq, sheet, row)
		return nil
	}
	w.tally.action(r, seq, "", 0)
	return nil
}

// writeConflicts writes the Conflicts sheet in its sorted order, each
// line's vacancy_id linked back to the vacancy's row.
func (w *Writer) writeConflicts() error {
	if err := w.order.complete(); err != nil {
		return err
	}
	wb := w.book
	// The lines come worst first: the print area ends at the last warning,
	// so that the printed Conflicts are the ones to act on.
	printed := 0
	defer func() { wb.conflicts.PrintRows(printed) }()
	return w.lines.each(func(l *conflictLine) error {
		if l.severity >= compute.Warning {
			printed++
		}
		w.vals = append(w.vals[:0], text(l.cols[0]), text(l.cols[1]), text(l.cols[2]), text(l.cols[3]),
			text(l.cols[4]), text(l.cols[5]), text(l.cols[6]), value{kind: dateCell, date: dateOfSerial(l.next)})
		w.marks = append(w.marks[:0], make([]xlsx.Mark, len(w.vals))...)
		w.marks[0] = xlsx.Linked
		target := fmt.Sprintf("'%s'!A%d", wb.vacancies.PartName(l.vacPart), l.vacRow)
		sheet, row, err := wb.conflicts.Add(wb.values(w.vals), severityFill(l.severity), w.marks,
			&xlsx.Link{Col: 0, Target: target, Display: l.cols[0]})
		if err != nil {
			return err
		}
		if ws, wr := wb.conflicts.PlaceOf(l.pos); ws != sheet || wr != row {
			return fmt.Errorf("export: conflict %d went to %s row %d, not %s row %d", l.pos, sheet, row, ws, wr)
		}
		return nil
	})
}

// deadlineRows writes the vacancy's rows of Deadlines and deadlines.csv
// (the calendar's events are Result's).
func (w *Writer) deadlineRows(r *compute.Result) error {
	v := &r.Vacancy
	for i := range r.Deadlines {
		d := &r.Deadlines[i]
		w.vals = deadlineRow(w.vals, v.ID, d, &w.clean)
		if w.csv {
			if err := w.dlCSV.write(w.vals); err != nil {
				return err
			}
		}
		if w.xlsx {
			if err := w.deadlineXLSX(r, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// severityFill maps a severity to its fill: compute ranks, export colours.
func severityFill(s compute.Severity) xlsx.Fill {
	switch s {
	case compute.Error:
		return xlsx.Red
	case compute.Warning:
		return xlsx.Amber
	}
	return xlsx.NoFill
}

// deadlineXLSX writes one Deadlines row: filled when a conflict names this
// deadline, greyed when it needs nothing (passed, met, not applicable),
// its effective date marked when rolled over. The sheet's first page is
// what is due (issue 32): the rows someone must still act on
// (Deadline.Actionable) in order of their last day, then those that apply
// only if no special election is held (their reason says so), by last
// day too, then the others in input order; every row is held back and
// written in that order once every vacancy is.
func (w *Writer) deadlineXLSX(r *compute.Result, d *compute.Deadline) error {
	worst := compute.NoSeverity
	for _, c := range r.Conflicts {
		if c.Field == d.Code && c.Severity > worst {
			worst = c.Severity
		}
	}
	w.marks = w.marks[:0]
	done := !d.Actionable()
	if done || d.RolledOver {
		w.marks = append(w.marks, make([]xlsx.Mark, len(w.vals))...)
		if done {
			for i := range w.marks {
				w.marks[i] = xlsx.Passed
			}
		}
		if d.RolledOver {
			w.marks[dlEffectiveCol] = xlsx.Rolled
			if done {
				w.marks[dlEffectiveCol] = xlsx.RolledPassed
			}
		}
	}
	return w.book.deadlines.HoldAt(deadlineBand(d, done), w.book.values(w.vals), severityFill(worst), w.marks)
}

// deadlineBand is a Deadlines row's place among the held rows: "0" and its
// last day for a row due, "1" and its last day for one due only if no
// special election is held, "2" for one that needs nothing (input order).
func deadlineBand(d *compute.Deadline, done bool) string {
	switch {
	case done:
		return "2"
	case d.IfNoSpecial:
		return "1" + dateValue(d.Effective)
	}
	return "0" + dateValue(d.Effective)
}

// Problem writes one row of Errors. rowRejected marks the first problem of
// each rejected row, so the writer can count rows as well as problems.
func (w *Writer) Problem(p ingest.Problem, rowRejected bool) error {
	if err := w.usable(); err != nil {
		return err
	}
	w.tally.problems++
	if rowRejected {
		w.tally.rejected++
	}
	w.vals = errorRow(w.vals, &p)
	if w.csv {
		if err := w.erCSV.write(w.vals); err != nil {
			return w.fail(err)
		}
	}
	if w.xlsx {
		if _, _, err := w.book.errors.Add(w.book.values(w.vals), xlsx.NoFill, nil, nil); err != nil {
			return w.fail(err)
		}
	}
	return nil
}

// Commit writes Summary, Calendar, Rules and summary.json, closes every
// file (unless Finish did) and puts the whole set in place: with a split,
// the slices written into it too.
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

// Finish writes Summary, Calendar, Rules and summary.json and closes every
// file, releasing the workbook's memory, but puts nothing in place: the
// pipeline writes a split's slices into the set after it, and Commit then
// puts them in place with the rest, as one. Once is enough; Commit
// finishes a Writer that was not.
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
	start := w.now()
	if w.tally.vacancies < w.early {
		return fmt.Errorf("export: the deadline rows of %d vacancies were written, and %d vacancies", w.early, w.tally.vacancies)
	}
	if w.csv {
		for _, c := range []*csvTable{w.vacCSV, w.dlCSV, w.cfCSV, w.erCSV} {
			if err := c.finishBeside(&w.syncs); err != nil {
				return err
			}
		}
	}
	if w.ics {
		if err := w.cal.finish(); err != nil {
			return err
		}
	}
	if err := w.finishChanges(info); err != nil {
		return err
	}
	var cont []continuation
	if w.xlsx {
		if err := w.finishBook(); err != nil {
			return err
		}
		cont = w.book.continued()
		ts := timings(info, w.now().Sub(start))
		if err := w.writeSummary(info, ts, cont); err != nil {
			return err
		}
		if err := w.book.Save(w.bookFile.Out(), w.book.properties(info.Version, w.now())); err != nil {
			return err
		}
		w.bookFile.FinishBeside(&w.syncs)
	}
	if w.snapWait != nil {
		// The snapshot written beside the finishing: what the run waited
		// for it is the comparison's, in summary.json's timings.
		waited, err := w.awaitSnapshot()
		if err != nil {
			return err
		}
		info.Phases = slices.Clone(info.Phases)
		for i := range info.Phases {
			if info.Phases[i].Name == "compare" {
				info.Phases[i].Duration += waited
			}
		}
	}
	if w.json {
		b, err := w.summaryJSON(info, timings(info, w.now().Sub(start)), cont)
		if err != nil {
			return err
		}
		if _, err := w.jsonFile.Out().Write(b); err != nil {
			return fmt.Errorf("export: write %s: %w", summaryName, err)
		}
		if err := w.jsonFile.Finish(); err != nil {
			return err
		}
	}
	if err := w.finishSnapshot(); err != nil {
		return err
	}
	// Every output is on disk before Commit renames any.
	if err := w.syncs.Wait(); err != nil {
		return err
	}
	w.cleanup()
	return nil
}

// finishBook writes Calendar and Rules, then closes every sheet; only then
// are all sheets in their final places.
func (w *Writer) finishBook() error {
	wb := w.book
	// The Deadlines rows that need nothing follow the open ones.
	if err := wb.deadlines.AddHeld(); err != nil {
		return err
	}
	if err := w.writeConflicts(); err != nil {
		return err
	}
	// Calendar, Rules and Guide go through rawsheet as the tables do:
	// every folder of a split writes them again, and excelize's stream
	// writer's cost per row weighs most in a small workbook.
	calendar := wb.Table(calendarSheet, calendarColumns, xlsx.TableOptions{Before: rulesSheet, Big: true})
	wb.extra = append(wb.extra[:0], calendar)
	if w.opts.Calendar != nil {
		years := w.tally.sortedYears()
		if !w.opts.AsOf.IsZero() && !slices.Contains(years, w.opts.AsOf.Year) {
			years = append(years, w.opts.AsOf.Year)
			slices.Sort(years)
		}
		for _, y := range years {
			for _, it := range w.opts.yearCalendar(w.opts.Calendar, y) {
				w.vals = calendarRow(w.vals, y, &it)
				if _, _, err := calendar.Add(wb.values(w.vals), xlsx.NoFill, nil, nil); err != nil {
					return err
				}
			}
		}
	}
	rules := wb.Table(rulesSheet, ruleColumns, xlsx.TableOptions{TitleRow: true, Big: true})
	wb.extra = append(wb.extra, rules)
	if err := rules.SetTitle(w.lawTitle()); err != nil {
		return err
	}
	for _, r := range w.opts.rules(w.tally.editionIDs()) {
		w.vals = ruleRow(w.vals, &r)
		if _, _, err := rules.Add(wb.values(w.vals), xlsx.NoFill, nil, nil); err != nil {
			return err
		}
	}
	guide := wb.Table(guideSheet, guideColumns, xlsx.TableOptions{Big: true})
	wb.extra = append(wb.extra, guide)
	for _, g := range guideRows(w.opts.extra) {
		w.vals = append(w.vals[:0], text(g.table), text(g.column), text(g.value), text(g.meaning))
		if _, _, err := guide.Add(wb.values(w.vals), xlsx.NoFill, nil, nil); err != nil {
			return err
		}
	}
	for _, c := range wb.chains() {
		if err := c.Close(); err != nil {
			return err
		}
	}
	return nil
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
	// The files being synced are closed before they are removed, and
	// nothing writes into them meanwhile.
	for _, c := range []*csvTable{w.vacCSV, w.dlCSV, w.cfCSV, w.erCSV} {
		if c != nil {
			c.stop()
		}
	}
	_ = w.syncs.Wait()
	// Once the set is switched in (Commit, even one whose tidying failed),
	// its files are the outputs: only the lock is let go.
	if committed := w.done || w.set.Committed(); !committed {
		for _, c := range []*csvTable{w.vacCSV, w.dlCSV, w.cfCSV, w.erCSV} {
			if c != nil {
				c.discard()
			}
		}
		for _, f := range []*outdir.File{w.bookFile, w.jsonFile} {
			if f != nil {
				f.Remove()
			}
		}
		if w.cal != nil {
			w.cal.file.Remove()
		}
		w.removeChanges()
	}
	w.cleanup()
	w.set.Abort()
}

// cleanup drops excelize's spill files and their folder.
func (w *Writer) cleanup() {
	if w.lines != nil {
		w.lines.close()
	}
	if w.book != nil {
		w.book.Discard()
	}
	if w.tmpDir != "" {
		_ = os.RemoveAll(w.tmpDir)
		w.tmpDir = ""
	}
}
