package export

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"batch/pkg/compute"
	"batch/pkg/outdir"
)

// A split run (batch run --split county) writes, besides the statewide
// outputs, one folder per value of a column into the same staging set:
//
//	OUT/by-county/index.csv           value, folder, counts: for a mail merge
//	OUT/by-county/Albany/results.xlsx the statewide sheets, Albany's rows only
//	OUT/by-county/Albany/summary.json counts, and the slice it is
//	OUT/by-county/(none)/…            the rows with no county
//
// Each slice has a Writer of its own (Slices.Open), fed the slice's rows
// as the statewide one is fed all of them, so a slice's workbook has the
// same sheets, styles, links and Summary. The pipeline writes a few at a
// time, so that only their buffers are in memory. The statewide Commit
// writes index.csv and puts the whole set, statewide and every slice, in
// place as one (pkg/outdir).

// Split describes a split run, for the statewide outputs and each slice's.
type Split struct {
	Column string // the column split on, as the contract or the input names it: "county"
	Folder string // the folder holding the slices: SplitFolder(Column)
	// Lists: a value is a list of counties ("Albany; Schenectady"), and a
	// row goes to the folder of each.
	Lists bool
	// The run's counts: its folders, its rows with no value (vacancies
	// and rejected rows, in NoValueFolder), its vacancies in more than one
	// folder, its vacancies and its rejected rows.
	Folders, NoValue, Shared, Vacancies, Rejected int
	// Withdrawn are the values whose folders hold no row: the compared
	// run had rows of them (Slice.Withdrawn).
	Withdrawn []string
}

// Slice is one folder of a split run.
type Slice struct {
	Value  string // "" for the rows with no value
	Folder string // the folder's name (FolderNames)
	Shared int    // its vacancies that appear in other folders too
	// Withdrawn: the compared run had rows of this value and this run has
	// none. The folder is written once more, empty, so that its board
	// hears that its last vacancy is gone (index.csv: withdrawn = yes).
	Withdrawn bool
}

// Slices opens the slices of a split run (Open), from any goroutine, while
// the statewide Writer is still written or after its Finish; the statewide
// Commit writes index.csv from them and puts them in place with the rest.
type Slices struct {
	mu     sync.Mutex
	opts   Options // the statewide Writer's, for each slice
	now    func() time.Time
	set    *outdir.Set // the statewide staging set
	n      int         // slices opened
	open   int         // opened, not yet committed or aborted
	failed error       // the first slice that failed
	index  []indexRow
}

// newSlices is the slices of w, a split run's statewide Writer.
func newSlices(w *Writer) *Slices {
	opts := w.opts
	opts.Formats = sliceFormats(w.opts.Formats)
	opts.rules, opts.yearCalendar = sharedRules(opts.rules), sharedYears(opts.yearCalendar)
	return &Slices{opts: opts, now: w.now, set: w.set}
}

// Slices are the slices of a split run's statewide Writer (its Plan's
// Split); nil for a run not split.
func (w *Writer) Slices() *Slices { return w.slices }

// sharedRules is rules worked out once for each set of editions, for
// every slice: the folders of a split mostly use the same editions, and
// each folder's Rules sheet and calendar worked them out again. The
// rules given out are shared: read, never changed, by their users.
func sharedRules(rules func(used []string) []compute.Rule) func(used []string) []compute.Rule {
	get := memo[string, []compute.Rule]()
	return func(used []string) []compute.Rule {
		if used == nil {
			return get("\x01nil", func() []compute.Rule { return rules(nil) }) // every edition, not none
		}
		return get(strings.Join(used, "\x00"), func() []compute.Rule { return rules(used) })
	}
}

// sharedYears is yearCalendar worked out once for each year, for every
// slice (each folder's Calendar sheet lists the same years' dates).
func sharedYears(years func(*compute.Calendar, int) []compute.CalendarItem) func(*compute.Calendar, int) []compute.CalendarItem {
	type key struct {
		c *compute.Calendar
		y int
	}
	get := memo[key, []compute.CalendarItem]()
	return func(c *compute.Calendar, y int) []compute.CalendarItem {
		return get(key{c, y}, func() []compute.CalendarItem { return years(c, y) })
	}
}

// memo is a table of values each made once, by the first caller to ask
// for its key, from any goroutine.
func memo[K comparable, V any]() func(k K, build func() V) V {
	var mu sync.Mutex
	made := map[K]V{}
	return func(k K, build func() V) V {
		mu.Lock()
		defer mu.Unlock()
		v, ok := made[k]
		if !ok {
			v = build()
			made[k] = v
		}
		return v
	}
}

// Open opens the Writer of one slice in the staging set, under the
// split's folder; conflicts counts the conflicts of the slice's rows, as
// the Plan's counts the run's. Feed it the slice's rows as the statewide
// Writer is fed, then Commit it, which closes its files and counts it in
// index.csv, or Abort it. Each slice's Writer is used by one goroutine;
// several may be written at once.
func (ss *Slices) Open(s Slice, conflicts ConflictCounts) (*Writer, error) {
	if s.Folder == "" || s.Folder != filepath.Base(s.Folder) || s.Folder == "." || s.Folder == ".." {
		return nil, fmt.Errorf("export: slice folder %q is not a folder name", s.Folder)
	}
	ss.mu.Lock()
	ss.n++
	n := ss.n
	ss.open++
	ss.mu.Unlock()
	opts := ss.opts
	opts.slice = &s
	sw, err := newWriter(opts)
	if err == nil {
		sw.now, sw.sliceOf = ss.now, ss
		sw.set, err = ss.set.Inner(filepath.Join(opts.split.Folder, s.Folder), n)
	}
	if err == nil {
		if err = sw.open(); err == nil {
			err = sw.plan(Plan{ExtraColumns: opts.extra, Conflicts: conflicts, Split: opts.split})
		}
		if err != nil {
			sw.Abort()
			return nil, err // Abort counted it out
		}
		return sw, nil
	}
	ss.closed(nil, err)
	return nil, err
}

// closed counts a slice's Writer out: committed (t is its tally) or not.
func (ss *Slices) closed(w *Writer, err error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.open--
	switch {
	case err != nil:
		if ss.failed == nil {
			ss.failed = err
		}
	case w != nil:
		s, t := w.opts.slice, w.tally
		ss.index = append(ss.index, indexRow{value: s.Value, folder: s.Folder, vacancies: t.vacancies,
			errors: t.bySeverity[compute.Error], warnings: t.bySeverity[compute.Warning],
			rejected: t.rejected, shared: s.Shared, withdrawn: s.Withdrawn})
	}
}

// ready reports whether every slice opened was committed.
func (ss *Slices) ready() error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	switch {
	case ss.failed != nil:
		return fmt.Errorf("export: a slice was not written: %w", ss.failed)
	case ss.open > 0:
		return fmt.Errorf("export: %d slices still open at Commit", ss.open)
	}
	return nil
}

// indexRow is one line of index.csv.
type indexRow struct {
	value, folder                                 string
	vacancies, errors, warnings, rejected, shared int
	withdrawn                                     bool
}

// indexColumns are index.csv's (CONTRACT.md): add, never rename.
// withdrawn (issue 32): yes for the folder of a value whose last vacancy
// was withdrawn since the compared run, written once more to say so.
var indexColumns = []string{"value", "folder", "vacancies", "errors", "warnings", "rejected_rows", "shared", "withdrawn"}

const indexName = "index.csv"

// writeIndex writes index.csv into the split's folder: a line per slice,
// by folder name, every text guarded as in the other CSV files.
func (w *Writer) writeIndex() error {
	ss := w.slices
	if err := ss.ready(); err != nil {
		return err
	}
	slices.SortFunc(ss.index, func(a, b indexRow) int {
		switch {
		case a.folder < b.folder:
			return -1
		case a.folder > b.folder:
			return 1
		}
		return 0
	})
	rel := filepath.Join(w.opts.split.Folder, indexName)
	t, err := newCSVTable(w.set.Create, rel, indexColumns)
	if err != nil {
		return err
	}
	var vals []value
	for _, r := range ss.index {
		vals = append(vals[:0], text(r.value), text(r.folder), number(r.vacancies), number(r.errors),
			number(r.warnings), number(r.rejected), number(r.shared), yesNo(r.withdrawn))
		if err := t.write(vals); err != nil {
			t.file.Remove()
			return err
		}
	}
	if err := t.finish(); err != nil {
		t.file.Remove()
		return err
	}
	return nil
}

// splitSentences are what Summary says of a split: the statewide
// workbook where its slices are, a slice's which part of the run it
// holds; both how many rows had no value, and (for counties) that a row
// naming several is in each of their folders.
func (w *part) splitSentences() []string {
	sp := w.opts.split
	if sp == nil {
		return nil
	}
	col, t := sp.Column, w.tally
	var none string
	switch sp.NoValue {
	case 0:
		none = "Every row of the run has a " + col + "."
	case 1:
		none = fmt.Sprintf("1 row of the run has no %s: it is in %s/%s.", col, sp.Folder, NoValueFolder)
	default:
		none = fmt.Sprintf("%d rows of the run have no %s: they are in %s/%s.", sp.NoValue, col, sp.Folder, NoValueFolder)
	}
	counts := fmt.Sprintf("%s of its %d and %s of its %d", plural(t.vacancies, "vacancy", "vacancies"), sp.Vacancies,
		plural(t.rejected, "rejected row", "rejected rows"), sp.Rejected)
	s := w.opts.slice
	if s == nil {
		out := []string{fmt.Sprintf("Split by %s: %s in %s/, each with its own results.xlsx and summary.json; %s/%s lists them.",
			col, plural(sp.Folders, "folder", "folders"), sp.Folder, sp.Folder, indexName)}
		switch {
		case !sp.Lists:
		case sp.Shared == 0:
			out = append(out, "No vacancy names several counties; a row that does (a State Senate or judicial district) is in the folder of every county it names.")
		default:
			out = append(out, fmt.Sprintf("%s several counties (a State Senate or judicial district): each is in the folder of every county it names.",
				plural(sp.Shared, "vacancy names", "vacancies name")))
		}
		return append(out, none)
	}
	if s.Value == "" {
		return []string{fmt.Sprintf("This workbook holds the rows of a larger run that have no %s (offices of the whole state, and rows whose %s could not be read): %s. %s/%s lists the run's other folders.",
			col, col, counts, sp.Folder, indexName)}
	}
	out := []string{fmt.Sprintf("This workbook is the part of a larger run for%s: %s. %s/%s lists the run's other folders.",
		strings.TrimPrefix(w.sliceTitle(), " of"), counts, sp.Folder, indexName)}
	if s.Withdrawn {
		out = append([]string{fmt.Sprintf("No vacancy%s is left in the inputs: the vacancies the compared run held were withdrawn since (the Changes sheet lists them). Nothing more is due%s unless a vacancy is entered again.",
			w.sliceTitle(), w.sliceTitle())}, out...)
	}
	if sp.Lists {
		switch s.Shared {
		case 0:
			out = append(out, "None of these vacancies names another county; a row naming several counties (a State Senate or judicial district) is in the workbook of each.")
		case 1:
			out = append(out, "1 vacancy here names several counties (a State Senate or judicial district): it is also in the workbook of every other county it names.")
		default:
			out = append(out, fmt.Sprintf("%d vacancies here name several counties (a State Senate or judicial district): each is also in the workbook of every other county it names.", s.Shared))
		}
	}
	return append(out, none)
}

// summarySplit writes splitSentences on Summary.
func (w *bookSink) summarySplit(s *summaryWriter) error {
	for _, line := range w.splitSentences() {
		if err := s.sentence(line); err != nil {
			return err
		}
	}
	return nil
}

// summarySplitDoc is summary.json's "split" (statewide) or "slice" object.
type summarySplitDoc struct {
	Column        string  `json:"column"`
	Folder        string  `json:"folder"` // by-county, or by-county/Albany for a slice
	Value         *string `json:"value,omitempty"`
	Folders       int     `json:"folders,omitempty"`
	NoValueRows   int     `json:"no_value_rows"`
	SharedVacancy int     `json:"shared_vacancies"`
	RunVacancies  int     `json:"run_vacancies"`
	RunRejected   int     `json:"run_rejected_rows"`
	// Withdrawn: a slice whose last vacancy was withdrawn since the
	// compared run (a slice's only; the statewide split lists them).
	Withdrawn       *bool    `json:"withdrawn,omitempty"`
	WithdrawnValues []string `json:"withdrawn_values,omitempty"`
}

func (w *part) splitDoc() (split, slice *summarySplitDoc) {
	sp := w.opts.split
	if sp == nil {
		return nil, nil
	}
	d := &summarySplitDoc{Column: sp.Column, Folder: sp.Folder, NoValueRows: sp.NoValue,
		SharedVacancy: sp.Shared, RunVacancies: sp.Vacancies, RunRejected: sp.Rejected}
	s := w.opts.slice
	if s == nil {
		d.Folders = sp.Folders
		d.WithdrawnValues = sp.Withdrawn
		return d, nil
	}
	v, wd := s.Value, s.Withdrawn
	d.Value, d.Folder, d.SharedVacancy, d.Withdrawn = &v, sp.Folder+"/"+s.Folder, s.Shared, &wd
	return nil, d
}
