package pipeline

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"batch/internal/printable"
	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export"
	"batch/pkg/ingest"
)

// A split run (Options.Split, batch run --split county) writes, besides
// the statewide outputs, one folder per value of a column (export's
// slice.go has the layout). The work is streamed so that memory does not
// grow with the number of folders:
//
//   - phase one, reading: each row's values are worked out as it is spilled
//     (a county cell listing several counties gives several), and the
//     row's place in the spill is appended to each value's list: 16 bytes
//     a row and value, nothing else is kept;
//   - once phase one is over (the cross-row conflicts known), the folders
//     are written, in folder order, on goroutines of their own while the
//     statewide outputs are (sliceRun): one while the statewide rows are
//     written, sliceWriters once they are all. Each slice's rows are read
//     back from the spill by place, in input order, computed again on its
//     goroutine (cheaper than storing results), given the cross-row
//     conflicts the statewide rows got, and handed once, rows and problems
//     in input order, to the slice's own export Writer, planned from the
//     slice's own counts (export.Slices.Open); each folder's snapshot and
//     comparison are its own. At most sliceWriters workbooks are open at
//     a time;
//   - the statewide Commit writes index.csv and puts the whole set in
//     place as one: a failure or an interrupt before it leaves the previous
//     set whole.

// maxSplitFolders bounds the folders of one split: a column with a value
// per row (vacancy_id, incumbent) is not a list of recipients, and
// thousands of workbooks would take hours; the run is refused before
// anything is written.
const maxSplitFolders = 5000

// splitter routes each row to the folders of its values.
type splitter struct {
	column string // as the run names it: the contract's name, or the input's spelling
	folder string // export.SplitFolder
	lists  bool   // county: a cell may list several
	get    func(v *compute.Vacancy) string
	key    string          // a carried-through column's ingest.ColumnKey
	match  map[string]bool // a field name met → whether it is the column

	buckets map[string]*bucket
	shared  int // accepted rows in more than one folder
	values  []string
	// withdrawn are the values the compared run had rows of and this
	// run has none of (withdrawn.go), sorted.
	withdrawn []string
}

// bucket is one value's rows, in input order.
type bucket struct {
	value, folder string
	first         compute.Source // the first row holding the value, for messages
	refs          []spillRef
	accepted      int
	shared        int
	// withdrawn: a value of the compared run with no row in this one;
	// prevFolder is its folder there.
	withdrawn  bool
	prevFolder string
}

// newSplitter reads --split: a contract column (county, office_class, …)
// or, failing that, a carried-through column, checked once the inputs'
// headers are known (check).
func newSplitter(column string) (*splitter, error) {
	column = strings.TrimSpace(column)
	if column == "" {
		return nil, SplitError{"--split needs a column: county, office_class, or a column of the inputs"}
	}
	s := &splitter{column: column, buckets: map[string]*bucket{}, match: map[string]bool{}}
	if name, ok := ingest.ContractColumn(column); ok {
		s.column = name
		s.get = contractValue(name)
		s.lists = name == "county"
	} else {
		s.key = ingest.ColumnKey(column)
	}
	s.folder = export.SplitFolder(s.column)
	return s, nil
}

// SplitError is a --split that cannot be honoured: a column no input has,
// or one with too many values. Nothing was written.
type SplitError struct{ msg string }

func (e SplitError) Error() string { return "pipeline: " + e.msg }

// check refuses a carried-through column that no input has, and a split
// into more folders than maxSplitFolders, once phase one has read every
// row; it names the column with its inputs' spelling.
func (s *splitter) check(p *phaseOneResult) error {
	if s.get == nil {
		name := p.extraKey[s.key]
		if name == "" {
			have := "the inputs carry no other column"
			if len(p.extra) > 0 {
				have = "the inputs' other columns are " + printable.QuotedList(p.extra, 12)
			}
			return SplitError{fmt.Sprintf("--split %q: no input has that column; split on county, office_class, another column of the contract, or a column of the inputs (%s)", s.column, have)}
		}
		s.column = name
		s.folder = export.SplitFolder(s.column)
	}
	if len(s.buckets) > maxSplitFolders {
		return SplitError{fmt.Sprintf("--split %s: the inputs hold %d values of %s, more than the %d folders a split writes; split on a column that groups rows (county, office_class, a recipient column)",
			s.column, len(s.buckets), s.column, maxSplitFolders)}
	}
	return nil
}

// contractValue reads a contract column from a vacancy as the outputs
// write it: office_class derived from the office when blank, the cause's
// code, dates in ISO form.
func contractValue(name string) func(v *compute.Vacancy) string {
	date := func(f func(v *compute.Vacancy) compute.Date) func(v *compute.Vacancy) string {
		return func(v *compute.Vacancy) string { return f(v).String() }
	}
	switch name {
	case "vacancy_id":
		return func(v *compute.Vacancy) string { return v.ID }
	case "office":
		return func(v *compute.Vacancy) string { return v.Office }
	case "office_class":
		return func(v *compute.Vacancy) string { return string(v.Class) }
	case "district":
		return func(v *compute.Vacancy) string { return v.District }
	case "county":
		return func(v *compute.Vacancy) string { return v.County }
	case "incumbent":
		return func(v *compute.Vacancy) string { return v.Incumbent }
	case "cause":
		return func(v *compute.Vacancy) string { return string(v.Cause) }
	case "event_date":
		return date(func(v *compute.Vacancy) compute.Date { return v.EventDate })
	case "term_start":
		return date(func(v *compute.Vacancy) compute.Date { return v.TermStart })
	case "term_end":
		return date(func(v *compute.Vacancy) compute.Date { return v.TermEnd })
	case "proclamation_date":
		return date(func(v *compute.Vacancy) compute.Date { return v.ProclamationDate })
	case "special_election_date":
		return date(func(v *compute.Vacancy) compute.Date { return v.SpecialElectionDate })
	case "special_session_date":
		return date(func(v *compute.Vacancy) compute.Date { return v.SpecialSessionDate })
	case "appointable":
		return func(v *compute.Vacancy) string {
			switch v.Appointable {
			case compute.Yes:
				return "yes"
			case compute.No:
				return "no"
			}
			return ""
		}
	case "next_full_term_year":
		return func(v *compute.Vacancy) string {
			if v.NextFullTermYear == 0 {
				return ""
			}
			return strconv.Itoa(v.NextFullTermYear)
		}
	case "notes":
		return func(v *compute.Vacancy) string { return v.Notes }
	case "village_election_month":
		return func(v *compute.Vacancy) string {
			if v.VillageElectionMonth == 0 {
				return ""
			}
			return strconv.Itoa(v.VillageElectionMonth)
		}
	case "village_election_date":
		return func(v *compute.Vacancy) string {
			if v.NoVillageElection {
				return "none"
			}
			return v.VillageElectionDate.String()
		}
	}
	return func(*compute.Vacancy) string { return "" }
}

// valuesOf is the row's values: none (the row goes to (none)), one, or
// for a county cell the counties it lists.
func (s *splitter) valuesOf(v *compute.Vacancy, dst []string) []string {
	dst = dst[:0]
	var val string
	if s.get != nil {
		val = s.get(v)
	} else {
		for _, f := range v.Extra {
			m, ok := s.match[f.Name]
			if !ok {
				m = ingest.ColumnKey(f.Name) == s.key
				s.match[f.Name] = m
			}
			if m {
				val = f.Value
				break
			}
		}
	}
	if s.lists {
		return append(dst, ingest.SplitCounties(val)...)
	}
	if val = strings.TrimSpace(val); val != "" {
		dst = append(dst, val)
	}
	return dst
}

// add routes one spilled row.
func (s *splitter) add(it *ingest.Item, ref spillRef) {
	s.values = s.valuesOf(&it.Vacancy, s.values)
	if len(s.values) == 0 {
		s.values = append(s.values, "")
	}
	shared := len(s.values) > 1 && ref.ord >= 0
	if shared {
		s.shared++
	}
	for _, val := range s.values {
		b := s.buckets[val]
		if b == nil {
			b = &bucket{value: val, first: it.Vacancy.Source}
			s.buckets[val] = b
		}
		b.refs = append(b.refs, ref)
		if ref.ord >= 0 {
			b.accepted++
			if shared {
				b.shared++
			}
		}
	}
}

// sorted names every bucket's folder and lists them in folder order.
func (s *splitter) sorted() []*bucket {
	values := make([]string, 0, len(s.buckets))
	for v := range s.buckets {
		values = append(values, v)
	}
	names := export.FolderNames(values, s.get != nil && export.CodeFolders(s.column))
	out := make([]*bucket, 0, len(s.buckets))
	for v, b := range s.buckets {
		b.folder = names[v]
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b *bucket) int { return strings.Compare(a.folder, b.folder) })
	return out
}

// info is the export's view of the split.
func (s *splitter) info(p *phaseOneResult) export.Split {
	sp := export.Split{Column: s.column, Folder: s.folder, Lists: s.lists, Folders: len(s.buckets),
		Shared: s.shared, Vacancies: p.accepted, Rejected: p.rejected, Withdrawn: s.withdrawn}
	if b := s.buckets[""]; b != nil {
		sp.NoValue = len(b.refs)
	}
	return sp
}

// sliceRun writes the slices on a few goroutines of its own, each slice
// whole on one of them, while the statewide outputs are written: the
// statewide writer keeps one CPU busy and leaves the others mostly idle.
// Each goroutine reads its slice's rows from the spill, computes them and
// writes them, one slice at a time.
type sliceRun struct {
	parent context.Context // the run's: its end is an interrupt
	ctx    context.Context
	cancel context.CancelFunc
	opts   Options
	cal    *calendars
	p      *phaseOneResult
	set    *export.Slices
	info   export.RunInfo
	order  []*bucket
	// header is every folder's snapshot header, worked out once.
	header changes.Header

	next  atomic.Int64 // the next slice to take
	rows  atomic.Int64 // rows written into slices, for progress
	total int
	wg    sync.WaitGroup
	mu    sync.Mutex
	err   error
}

// sliceWriters is how many slices are written at once: each holds one
// workbook's buffers.
func sliceWriters(jobs int) int { return max(1, min(jobs, 2)) }

// startSlices starts writing the slices. The spill is complete and the
// cross-row indexes built (phase one is over). info is what each slice's
// Summary says of the run: its inputs, version and jobs (the statewide
// phases are still running).
func startSlices(ctx context.Context, opts Options, cal *calendars, p *phaseOneResult, set *export.Slices, info export.RunInfo) (*sliceRun, error) {
	if err := p.spill.flush(); err != nil {
		return nil, err
	}
	run := &sliceRun{parent: ctx, opts: opts, cal: cal, p: p, set: set, info: info, order: p.split.sorted()}
	run.ctx, run.cancel = context.WithCancel(ctx)
	for _, b := range run.order {
		run.total += len(b.refs)
	}
	return run, nil
}

// start starts the first slice writer: one slice at a time while the
// statewide rows are written (their writer takes a CPU and holds its own
// buffers); more once they are all written (more).
func (run *sliceRun) start() { run.wg.Go(run.work) }

// more starts the other slice writers, once the statewide rows are all
// written.
func (run *sliceRun) more() {
	for range sliceWriters(run.opts.Jobs) - 1 {
		run.wg.Go(run.work)
	}
}

// work writes slices until none is left or the run stops.
func (run *sliceRun) work() {
	w := sliceWorker{run: run}
	for {
		i := int(run.next.Add(1)) - 1
		if i >= len(run.order) || run.ctx.Err() != nil {
			return
		}
		if err := w.write(run.order[i]); err != nil {
			err = run.sliceFailed(run.order[i], err)
			run.mu.Lock()
			if run.err == nil {
				run.err = err
			}
			run.mu.Unlock()
			run.cancel()
			return
		}
	}
}

// sliceFailed names the value whose folder failed, with the input and row
// it was first met at, so that the analyst can find it; an interrupt is
// passed on as it is.
func (run *sliceRun) sliceFailed(b *bucket, err error) error {
	if run.ctx.Err() != nil && errors.Is(err, context.Canceled) {
		return err
	}
	value := "no value"
	if b.value != "" {
		value = fmt.Sprintf("the value %q", printable.Name(b.value))
	}
	return fmt.Errorf("pipeline: --split %s: the folder %s/%s, for %s (first at %s): %w",
		printable.Name(run.p.split.column), run.p.split.folder, printable.Name(b.folder), value, printable.Name(b.first.String()), err)
}

// wait waits for every slice and returns the first failure. With
// progress, it reports the rows written while it waits.
func (run *sliceRun) wait() error {
	done := make(chan struct{})
	go func() { run.wg.Wait(); close(done) }()
	if run.opts.Progress != nil {
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
	wait:
		for {
			select {
			case <-done:
				break wait
			case <-tick.C:
				run.opts.Progress("splitting", int(run.rows.Load()), run.total)
			}
		}
	}
	<-done
	run.cancel()
	run.mu.Lock()
	defer run.mu.Unlock()
	if run.err == nil {
		return run.parent.Err() // interrupted: some slices may be missing
	}
	return run.err
}

// stop ends the slices' goroutines (a failure elsewhere) and waits for
// them, so that nothing writes into the set once it is removed.
func (run *sliceRun) stop() {
	if run == nil {
		return
	}
	run.cancel()
	run.wg.Wait()
}

// sliceWorker is one goroutine's reading and computing state.
type sliceWorker struct {
	run *sliceRun
	buf []byte
	it  ingest.Item
	r   compute.Result
}

// sliceHook, set by tests, is called once a slice's Writer is open: an
// error fails the slice there, as a full disk would.
var sliceHook func(folder string) error

// write writes one slice: its Writer is planned and fed as the
// statewide one is, with the slice's rows.
func (w *sliceWorker) write(b *bucket) error {
	run := w.run
	conflicts := run.p.conflictCounts(func(yield func(int32) bool) {
		for _, ref := range b.refs {
			if ref.ord >= 0 && !yield(ref.ord) {
				return
			}
		}
	})
	sw, err := run.set.Open(export.Slice{Value: b.value, Folder: b.folder, Shared: b.shared, Withdrawn: b.withdrawn}, conflicts)
	if err != nil {
		return err
	}
	defer sw.Abort() // after Commit, only lets go
	if sliceHook != nil {
		if err := sliceHook(b.folder); err != nil {
			return err
		}
	}
	// Sheets that could not be read come first on Errors, in every
	// folder: their rows may be anyone's.
	for _, u := range run.p.unread {
		if err := sw.Problem(u, false); err != nil {
			return err
		}
	}
	// Each folder leaves its own snapshot and, with --compare, is compared
	// with its own in the compared run: a row that moved from one county
	// to another is gone from the one and new in the other.
	cmp := newComparerOf(run.opts, run.header, sliceSortMemory, true)
	defer cmp.Close()
	var rec changes.Record // each row's, in turn
	for i, ref := range b.refs {
		if err := w.read(ref); err != nil {
			return err
		}
		if ref.ord < 0 {
			for j := range w.it.Problems {
				if err := sw.Problem(w.it.Problems[j], j == 0); err != nil {
					return err
				}
			}
			rec = changes.FromRejected(&w.it.Vacancy, &w.it.Problems[0])
		} else {
			run.p.finishRow(ref.ord, &w.r)
			if err := sw.Result(&w.r); err != nil {
				return err
			}
			changes.FromResultInto(&rec, &w.r, w.r.LawEdition)
		}
		if err := cmp.Add(&rec); err != nil {
			return err
		}
		if i%256 == 255 {
			run.rows.Add(256)
			if err := run.ctx.Err(); err != nil {
				return err
			}
		}
	}
	run.rows.Add(int64(len(b.refs) % 256))
	prev := b.folder
	if b.prevFolder != "" {
		prev = b.prevFolder
	}
	o, err := run.compare(cmp, sw, b.folder, prev)
	if err != nil {
		return err
	}
	defer o.Close()
	_, err = sw.Commit(run.info)
	return err
}

// sliceSortMemory is what a folder's comparison buffers before a sorted
// run goes to disk.
const sliceSortMemory = 4 << 20

// compare writes a folder's snapshot and compares it with the folder
// prev (its name in the compared run: the same but for a withdrawn
// value's) beside the compared run's snapshot. A folder the compared run
// did not have (a first split, a county with no rows then) is a first
// run: nothing to compare, not a fault.
func (run *sliceRun) compare(cmp *changes.Comparer, sw *export.Writer, folder, prev string) (*changes.Outcome, error) {
	snap, err := sw.Snapshot()
	if err != nil {
		return nil, err
	}
	var base *changes.Baseline
	var skip *changes.Skip
	if run.opts.Compare != "" {
		snap := changes.Resolve(run.opts.Compare, run.opts.Dir)
		path := filepath.Join(filepath.Dir(snap), run.p.split.folder, prev, changes.SnapshotName)
		base, skip = changes.Open(path, cmp.Header(), true)
		defer base.Close()
	}
	o, err := cmp.Finish(snap, base, skip)
	if err != nil {
		return nil, err
	}
	if o.Status == changes.Skipped {
		run.opts.Log.Error("comparison skipped", "folder", run.p.split.folder+"/"+folder, "reason", o.Reason)
	}
	sw.SetChanges(o)
	return o, nil
}

// read reads one row back from the spill and computes it when accepted.
func (w *sliceWorker) read(ref spillRef) error {
	var err error
	if w.buf, err = w.run.p.spill.readAt(ref, w.buf, &w.it); err != nil {
		return err
	}
	if (ref.ord < 0) != (len(w.it.Problems) > 0) {
		return fmt.Errorf("pipeline: split: the row read back at %d is not the row spilled there", ref.off)
	}
	if ref.ord >= 0 {
		compute.ComputeBriefInto(&w.r, w.it.Vacancy, w.run.cal.of(&w.it.Vacancy), w.run.opts.AsOf)
	}
	return nil
}

// startSplit starts writing the slices of set, the statewide Writer's,
// once phase one has read every row and the split is checked.
func startSplit(ctx context.Context, opts Options, cal *calendars, p *phaseOneResult, set *export.Slices, info export.RunInfo, overrides []compute.Override) (*sliceRun, error) {
	// The slices' duplicate conflicts name rows by their ids: read them
	// now, before phase two would.
	if err := p.resolveDuplicateIDs(); err != nil {
		return nil, err
	}
	run, err := startSlices(ctx, opts, cal, p, set, info)
	if run != nil {
		run.header = comparerHeader(opts, p, overrides)
		run.start()
	}
	return run, err
}
