package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"slices"
	"strings"
	"time"

	"batch/internal/regularfile"
	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export"
	"batch/pkg/ingest"
	"batch/pkg/nylaw"
)

// Outputs are what a run writes, as export takes them: the output folder
// (Dir), the formats, the as-of date the deadlines are judged against
// (the run computes with it too), the calendar file's choices, --soon and
// --fail-on. The run fills in the calendar and whether it compares.
type Outputs = export.Options

// Options is one run, as the command line or a test describes it.
type Options struct {
	Inputs []string // .xlsx, .xlsm, .csv or "-"
	Stdin  io.Reader
	// Outputs: Dir "" is "out"; Formats none, xlsx, csv and json; Soon 0
	// is changes.DefaultSoon, below 0 none.
	Outputs
	CalendarFile string // --calendar; "" for none
	Sheet        string // --sheet; "" for every recognised sheet
	Jobs         int    // workers; < 1 means one per CPU
	Version      string
	Log          *slog.Logger // nil: no log lines
	// Split, when set, also writes one folder per value of this column
	// (county, office_class, or any input column) under OUT/by-COLUMN/,
	// committed with the statewide outputs as one set (split.go).
	Split string
	// Law is the law applied: nil is New York's, every edition by date
	// (nylaw.NewYork); Law.Fixed gives one edition for every date.
	Law *compute.Law
	// Compare is the earlier run to compare with (issue 12): "" for none,
	// "auto" for the snapshot already in Dir, else an output folder or a
	// snapshot file. Outputs.Soon: deadlines due within so many days are
	// listed among the changes (0: changes.DefaultSoon); Outputs.FailOn,
	// what every summary.json judges its part by (its fail_on block), the
	// exit code staying the caller's.
	Compare string
	// explain keeps each result's step-by-step reasoning (Find, for batch
	// explain); other runs do without it.
	explain bool
	// checkFirst checks each workbook sheet whole before reading its rows
	// (phaseOne falls back on it; see readAgain).
	checkFirst bool

	// Progress, when set, is called from the collecting goroutine with the
	// phase ("reading", "writing"), the rows done in it so far and the
	// rows it will have done in all, every few hundred rows. The total
	// is exact when writing; when reading it is an estimate (the
	// workbooks' sheet dimensions, the CSV files' sizes against the bytes
	// read so far), never below rows, and 0 while unknown (standard
	// input).
	Progress func(phase string, rows, total int)
}

// Summary is what a finished run reports back to its caller.
type Summary struct {
	Inputs   []export.Input
	Rows     int // data rows read, blank ones included
	Blank    int
	Accepted int
	Rejected int
	Problems int
	// UnreadSheets counts the sheets that hold data but no header row:
	// none of their rows could be read, and each is a problem on Errors.
	UnreadSheets int
	// BySeverity counts vacancies by their worst conflict.
	BySeverity map[compute.Severity]int
	Phases     []export.Phase
	// Changes is the comparison with the earlier run: its status,
	// counts and whether anything but the as-of date moved.
	Changes ChangeSummary
	OutDir  string
	Files   []string // the outputs put in place
	Run     string   // the set committed: what run --mail mails
}

// Worst is the most severe level reached: rejected rows, and sheets that
// could not be read, count as errors.
func (s Summary) Worst() compute.Severity {
	if s.Rejected > 0 || s.UnreadSheets > 0 {
		return compute.Error
	}
	for _, sev := range []compute.Severity{compute.Error, compute.Warning, compute.Info} {
		if s.BySeverity[sev] > 0 {
			return sev
		}
	}
	return compute.NoSeverity
}

// Run reads every input, computes every vacancy and writes the outputs.
// Outputs appear under their final names only when all are complete: on
// any error, or when ctx is cancelled, the previous outputs stay as they
// were.
func Run(ctx context.Context, opts Options) (Summary, error) {
	opts = withDefaults(opts)
	var sum Summary
	if err := checkInputs(opts); err != nil {
		return sum, err
	}
	if err := inputsOutsideOutputs(opts); err != nil {
		return sum, err
	}

	start := time.Now()
	warnStale(opts)
	cals, err := loadCalendars(opts)
	if err != nil {
		return sum, err
	}
	cal := cals.all
	sum.Phases = append(sum.Phases, export.Phase{Name: "calendar", Duration: time.Since(start)})

	// The output folder is opened (and locked) first, so that a folder
	// that cannot be written stops the run before it reads anything. The
	// deadline rows are written while the inputs are read (they depend on
	// nothing later rows bring, and the reading leaves a CPU free); the
	// writer of the rest is made once phase one has planned every row
	// (plan.go).
	start = time.Now()
	wopts := opts.Outputs
	wopts.Calendar, wopts.Changes, wopts.Soon = cal, opts.Compare != "", max(opts.Soon, 0)
	if opts.Soon == 0 {
		wopts.Soon = changes.DefaultSoon
	}
	start1 := func() (*export.Deadlines, error) {
		folder, err := export.OpenFolder(opts.Dir)
		if err != nil {
			return nil, err
		}
		return export.Start(folder, wopts)
	}
	dl, err := start1()
	if err != nil {
		return sum, err
	}
	defer func() { dl.Abort() }() // the writer of the last reading, until its plan
	p1, err := phaseOne(ctx, opts, cals, func(_ *ingest.Item, r *compute.Result) error {
		if r == nil {
			return nil
		}
		return dl.Add(r)
	}, func() error {
		dl.Abort()
		dl, err = start1()
		return err
	})
	if err != nil {
		return sum, err
	}
	defer p1.spill.close()
	if p1.redone {
		// A row's duplicate records an act done that the row does not
		// (dupdone.go): its deadline rows, written while reading, would
		// show a duty met as due. They are written again, with the rest.
		opts.Log.Info("writing the deadline rows again: a duplicate row records an act done")
		dl.Abort()
		if dl, err = start1(); err != nil {
			return sum, err
		}
	}
	sum.Phases = append(sum.Phases, export.Phase{Name: "read+compute", Duration: time.Since(start)})
	opts.Log.Info("computed", "rows", p1.rows, "vacancies", p1.accepted, "rejected", p1.rejected,
		"blank", p1.blank, "duplicates", p1.dups.dupRows, "same_seat", p1.dups.sameRows, "jobs", opts.Jobs, "seconds", roundSeconds(time.Since(start)))

	start = time.Now()
	plan := export.Plan{ExtraColumns: p1.extra, Conflicts: p1.conflictCounts(p1.allRows)}
	if p1.split == nil {
		p1.conf = nil // no slice asks for its rows' counts
	} else {
		if err := p1.split.check(p1); err != nil {
			return sum, err
		}
		p1.split.addWithdrawn(opts)
		s := p1.split.info(p1)
		plan.Split = &s
	}
	w, err := dl.Plan(plan)
	if err != nil {
		return sum, err
	}
	defer w.Abort()
	info := export.RunInfo{Version: opts.Version, Inputs: p1.inputs, Jobs: opts.Jobs, Overrides: cals.applied}
	var slices *sliceRun
	if p1.split != nil {
		// The slices are written while the statewide outputs are: they
		// need the cross-row conflicts, known now, and nothing else.
		if slices, err = startSplit(ctx, opts, cals, p1, w.Slices(), info, cals.overrides); err != nil {
			return sum, err
		}
		defer slices.stop() // before w.Abort: nothing writes into a set being removed
	}
	cmp := newComparer(opts, p1, cals.overrides)
	defer cmp.Close()
	inCmp, err := phaseTwo(ctx, opts, cals, p1, w, cmp)
	if err != nil {
		return sum, err
	}
	sum.Phases = append(sum.Phases, export.Phase{Name: "compute+write", Duration: time.Since(start) - inCmp})
	start = time.Now()
	outcome, beside, err := compareBeside(opts, cmp, w)
	if err != nil {
		return sum, err
	}
	if beside != nil {
		// Before cmp.Close and w.Abort: nothing writes the snapshot once
		// the set is removed.
		defer beside.close()
	} else if outcome, err = compare(opts, cmp, w); err != nil {
		return sum, err
	}
	defer outcome.Close()
	// "compare" is all the snapshot and the comparison cost: the records
	// handed over while writing, the sort, the snapshot, the merge (with
	// the snapshot written beside the export's finishing, only what the
	// run waited for it: beside.waited, added once known).
	sum.Phases = append(sum.Phases, export.Phase{Name: "compare", Duration: time.Since(start) + inCmp})
	sum.Changes = summarise(outcome)
	info.Phases = sum.Phases
	if slices != nil {
		// The statewide rows are all written: a second slice writer
		// starts while the statewide outputs are finished (one CPU
		// deflating the workbook), and their buffers are released.
		slices.more()
		if err := w.Finish(info); err != nil {
			return sum, err
		}
		start := time.Now()
		if err := slices.wait(); err != nil {
			return sum, err
		}
		opts.Log.Info("split", "column", p1.split.column, "folders", len(slices.order), "rows", slices.total,
			"waited_seconds", roundSeconds(time.Since(start)))
	}
	if err := ctx.Err(); err != nil {
		return sum, err // interrupted before the commit: the previous set stays
	}
	totals, err := w.Commit(info)
	if err != nil {
		return sum, err
	}
	if beside != nil {
		for i := range sum.Phases {
			if sum.Phases[i].Name == "compare" {
				sum.Phases[i].Duration += beside.waited
			}
		}
	}
	opts.Log.Info("written", "dir", opts.Dir, "formats", strings.Join(opts.Formats, ","),
		"seconds", roundSeconds(time.Since(start)))

	p1.fill(&sum)
	if totals.BySeverity != nil {
		sum.BySeverity = totals.BySeverity
	}
	sum.OutDir = opts.Dir
	sum.Files = totals.Files
	sum.Run = totals.Run
	return sum, nil
}

// Flagged is one conflict of an accepted vacancy, as `batch check` lists
// it.
type Flagged struct {
	ID     string
	Source compute.Source
	compute.Conflict
}

// Rejected is one problem of a rejected row, with the row's vacancy_id
// (its source when it gives none).
type Rejected struct {
	ID string
	compute.Problem
}

// Check reads and computes like Run but writes nothing: it returns the
// summary, every problem of the rejected rows, and every conflict of
// severity atLeast or worse of the accepted ones (DUPLICATE_VACANCY and
// SAME_SEAT included), both in input order, for `batch check`.
func Check(ctx context.Context, opts Options, atLeast compute.Severity) (Summary, []Rejected, []Flagged, error) {
	opts = withDefaults(opts)
	var sum Summary
	if err := checkInputs(opts); err != nil {
		return sum, nil, nil, err
	}
	cal, err := loadCalendars(opts)
	if err != nil {
		return sum, nil, nil, err
	}
	var problems []Rejected
	var flagged []Flagged
	var ordinals []int32 // of each flagged conflict's row
	ordinal := int32(0)
	p1, err := phaseOne(ctx, opts, cal, func(it *ingest.Item, r *compute.Result) error {
		if r == nil {
			for _, p := range it.Problems {
				problems = append(problems, Rejected{ID: it.Vacancy.ID, Problem: p})
			}
			return nil
		}
		for _, c := range r.Conflicts {
			if c.Severity >= atLeast {
				flagged = append(flagged, Flagged{ID: r.Vacancy.ID, Source: r.Vacancy.Source, Conflict: c})
				ordinals = append(ordinals, ordinal)
			}
		}
		ordinal++
		return nil
	}, func() error {
		problems, flagged, ordinals, ordinal = nil, nil, nil, 0
		return nil
	})
	if err != nil {
		return sum, nil, nil, err
	}
	defer p1.spill.close()
	p1.fill(&sum)
	// A sheet that could not be read comes first, as on Errors.
	unread := make([]Rejected, 0, len(p1.unread)+len(problems))
	for _, u := range p1.unread {
		unread = append(unread, Rejected{ID: u.Source.File + ":" + u.Source.Sheet, Problem: u})
	}
	flagged, err = p1.withCrossRow(flagged, ordinals, atLeast)
	return sum, append(unread, problems...), flagged, err
}

// Find computes the vacancies whose vacancy_id (or source, file:sheet:row)
// is id, for `batch explain`. A rejected row of that source is an error
// that lists its problems.
func Find(ctx context.Context, opts Options, id string) ([]compute.Result, error) {
	opts = withDefaults(opts)
	if err := checkInputs(opts); err != nil {
		return nil, err
	}
	opts.explain = true
	cal, err := loadCalendars(opts)
	if err != nil {
		return nil, err
	}
	var found []compute.Result
	var ordinals []int32
	var rejected []compute.Problem
	ordinal := int32(0)
	near := nearestID{want: id}
	p1, err := phaseOne(ctx, opts, cal, func(it *ingest.Item, r *compute.Result) error {
		if r == nil {
			if sameID(it.Vacancy.ID, id) || sameID(it.Vacancy.Source.String(), id) {
				rejected = append(rejected, it.Problems...)
			} else {
				near.offer(it.Vacancy.ID)
			}
			return nil
		}
		if sameID(r.Vacancy.ID, id) || sameID(r.Vacancy.Source.String(), id) {
			// A copy of its own: the pool reuses r's lists for later rows.
			c := *r
			c.Deadlines = slices.Clone(r.Deadlines)
			c.Conflicts = slices.Clone(r.Conflicts)
			c.Steps = slices.Clone(r.Steps)
			found = append(found, c)
			ordinals = append(ordinals, ordinal)
		} else {
			near.offer(r.Vacancy.ID)
		}
		ordinal++
		return nil
	}, func() error {
		found, ordinals, rejected, ordinal = nil, nil, nil, 0
		near = nearestID{want: id}
		return nil
	})
	if err != nil {
		return nil, err
	}
	defer p1.spill.close()
	if len(rejected) > 0 {
		errs := make([]error, len(rejected))
		for i, p := range rejected {
			who := id
			if !sameID(id, p.Source.String()) {
				who += " (" + p.Source.String() + ")"
			}
			errs[i] = fmt.Errorf("pipeline: %s was rejected: %s %q: %s", who, p.Column, p.Value, p.Message)
		}
		return nil, errors.Join(errs...)
	}
	if len(found) == 0 {
		return nil, NotFound{ID: id, Nearest: near.best}
	}
	if err := p1.resolveDuplicateIDs(); err != nil {
		return nil, err
	}
	for i := range found {
		p1.piggy.resolve(ordinals[i], &found[i])
		found[i].Conflicts = p1.dups.appendConflicts(found[i].Conflicts, ordinals[i])
		found[i].Conflicts = p1.ids.appendConflicts(found[i].Conflicts, ordinals[i])
		p1.takeDone(ordinals[i], &found[i])
	}
	return found, nil
}

// checkInputs refuses a list of inputs that cannot be read as given:
// standard input twice ("batch run - -"), which can be read only once.
func checkInputs(opts Options) error {
	n := 0
	for _, in := range opts.Inputs {
		if in == "-" {
			n++
		} else if err := regularfile.Check(in); err != nil {
			// A named pipe or a device would hold the run (and the
			// output folder's lock) until someone writes into it.
			return fmt.Errorf("pipeline: input %w", err)
		}
	}
	if opts.CalendarFile != "" {
		if err := regularfile.Check(opts.CalendarFile); err != nil {
			return fmt.Errorf("pipeline: calendar file %w", err)
		}
	}
	if n > 1 {
		return UsageError{fmt.Sprintf("standard input (-) is given %d times among the inputs, but it can be read only once: give - once, or save the CSV to a file and name the file", n)}
	}
	return nil
}

func withDefaults(opts Options) Options {
	if opts.Jobs < 1 {
		opts.Jobs = runtime.NumCPU()
	}
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	if len(opts.Formats) == 0 {
		opts.Formats = []string{export.XLSX, export.CSV, export.JSON}
	}
	if opts.Dir == "" {
		opts.Dir = "out"
	}
	if opts.Law == nil {
		opts.Law = nylaw.NewYork
	}
	return opts
}

// warnStale logs when the as-of date is long past the day the law data was
// last checked: acts passed since are not in it.
func warnStale(opts Options) {
	law := opts.Law
	if law.CheckedThrough.IsZero() || opts.AsOf.IsZero() || law.StaleAfterDays <= 0 {
		return
	}
	if law.CheckedThrough.DaysUntil(opts.AsOf) > law.StaleAfterDays {
		opts.Log.Warn("the law data was last checked on "+law.CheckedThrough.String()+"; acts passed since are not included: add them as calendar input with a reason and a source",
			"as_of", opts.AsOf.String(), "checked_through", law.CheckedThrough.String())
	}
}

// calendarProblems fails the run on a bad calendar row: every date of the
// run depends on the calendar, so guessing past one is worse than stopping.
func calendarProblems(problems []compute.Problem) error {
	if len(problems) == 0 {
		return nil
	}
	errs := make([]error, len(problems))
	for i, p := range problems {
		errs[i] = fmt.Errorf("pipeline: calendar %s column %s %q: %s", p.Source, p.Column, p.Value, p.Message)
	}
	return errors.Join(errs...)
}

func roundSeconds(d time.Duration) float64 { return float64(d.Milliseconds()) / 1000 }
