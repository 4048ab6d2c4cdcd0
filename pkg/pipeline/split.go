package pipeline

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

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
//   - after the statewide outputs are finished (their buffers released),
//     the folders are written one after another, in folder order: each
//     slice's rows are read back from the spill by place, in input order,
//     computed again on the pool (cheaper than storing results), given the
//     cross-row conflicts the statewide rows got, and handed to the
//     slice's own export Writer, twice as the statewide one was fed
//     (deadlines, then the rest). One slice's workbook is open at a time;
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
}

// bucket is one value's rows, in input order.
type bucket struct {
	value, folder string
	refs          []spillRef
	accepted      int
	shared        int
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
				have = "the inputs' other columns are " + quoteList(p.extra, 12)
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

func quoteList(names []string, n int) string {
	var b strings.Builder
	for i, name := range names {
		if i == n {
			fmt.Fprintf(&b, " and %d more", len(names)-n)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(name))
	}
	return b.String()
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
			b = &bucket{value: val}
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
	names := export.FolderNames(values)
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
		Shared: s.shared, Vacancies: p.accepted, Rejected: p.rejected}
	if b := s.buckets[""]; b != nil {
		sp.NoValue = len(b.refs)
	}
	return sp
}

// writeSlices writes every slice into the statewide Writer's set, one
// after another (see the top of this file). The rows go through one pool
// run: for each slice, its accepted rows (its Deadlines pass), then all
// its rows (Problems and Results), so the next slice's rows are computed
// while this one's are written.
func writeSlices(ctx context.Context, opts Options, cal *compute.Calendar, p *phaseOneResult, w *export.Writer, info export.RunInfo) error {
	start := time.Now()
	s := p.split
	order := s.sorted()
	total := 0
	for _, b := range order {
		total += len(b.refs)
	}
	source := func(ctx context.Context, emit func(ingest.Item) error) error {
		var it ingest.Item
		for _, b := range order {
			for pass := range 2 {
				for _, ref := range b.refs {
					if pass == 0 && ref.ord < 0 {
						continue
					}
					if err := p.spill.at(ref, &it); err != nil {
						return err
					}
					if err := emit(it); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	c := &sliceCursor{order: order, p: p, w: w, info: info}
	defer c.abort()
	done := 0
	sink := func(ch *chunk) error {
		for i := range ch.items {
			if err := c.next(&ch.items[i], &ch.results[i]); err != nil {
				return err
			}
		}
		done += len(ch.items)
		if opts.Progress != nil {
			opts.Progress("splitting", min(done, total), total)
		}
		return ctx.Err()
	}
	if err := c.settle(); err != nil {
		return err
	}
	if err := pool(ctx, opts.Jobs, cal, opts.AsOf, false, source, sink); err != nil {
		return err
	}
	if err := c.settle(); err != nil {
		return err
	}
	if c.at != len(order) {
		return fmt.Errorf("pipeline: split: %d of %d folders written", c.at, len(order))
	}
	opts.Log.Info("split", "column", s.column, "folders", len(order), "rows", total,
		"seconds", roundSeconds(time.Since(start)))
	return nil
}

// sliceCursor follows the pool's rows through the slices: which slice,
// which pass, which row of it.
type sliceCursor struct {
	order []*bucket
	p     *phaseOneResult
	w     *export.Writer
	info  export.RunInfo

	at   int // the slice being written
	pass int // 0: Deadlines of its accepted rows; 1: every row
	i    int // rows of the pass done
	sw   *export.Writer
}

// settle opens the slice's Writer when none is open, and moves past
// passes that are done (or hold no rows), committing finished slices.
func (c *sliceCursor) settle() error {
	for c.at < len(c.order) {
		b := c.order[c.at]
		if c.sw == nil {
			sw, err := c.w.Slice(export.Slice{Value: b.value, Folder: b.folder, Shared: b.shared})
			if err != nil {
				return err
			}
			c.sw = sw
			if err := sw.SetExtraColumns(c.p.extra); err != nil {
				return err
			}
		}
		switch {
		case c.pass == 0 && c.i == b.accepted:
			c.pass, c.i = 1, 0
			// Sheets that could not be read come first on Errors, in
			// every folder: their rows may be anyone's.
			for _, u := range c.p.unread {
				if err := c.sw.Problem(u, false); err != nil {
					return err
				}
			}
		case c.pass == 1 && c.i == len(b.refs):
			if _, err := c.sw.Commit(c.info); err != nil {
				c.sw = nil
				return err
			}
			c.sw = nil
			c.at++
			c.pass, c.i = 0, 0
		default:
			return nil
		}
	}
	return nil
}

// next hands one row of the pool to the slice it belongs to: the source
// emitted them in the cursor's order.
func (c *sliceCursor) next(it *ingest.Item, r *compute.Result) error {
	if err := c.settle(); err != nil {
		return err
	}
	if c.at == len(c.order) {
		return fmt.Errorf("pipeline: split: a row past the last folder")
	}
	b := c.order[c.at]
	rejected := len(it.Problems) > 0
	var err error
	switch {
	case c.pass == 0 && rejected:
		return fmt.Errorf("pipeline: split: folder %s: a rejected row in the deadlines pass", b.folder)
	case c.pass == 0:
		err = c.sw.Deadlines(r)
	case rejected != (b.refs[c.i].ord < 0):
		return fmt.Errorf("pipeline: split: folder %s: row %d read back is not the row spilled", b.folder, c.i)
	case rejected:
		for j := range it.Problems {
			if err = c.sw.Problem(it.Problems[j], j == 0); err != nil {
				break
			}
		}
	default:
		c.p.finishRow(b.refs[c.i].ord, r)
		err = c.sw.Result(r)
	}
	if err != nil {
		return err
	}
	c.i++
	return c.settle()
}

// abort drops a slice left open by a failure; the statewide Writer's
// Abort removes the rest of the set.
func (c *sliceCursor) abort() {
	if c.sw != nil {
		c.sw.Abort()
		c.sw = nil
	}
}
