package pipeline

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"batch/internal/printable"
	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export"
	"batch/pkg/ingest"
)

// phaseOneResult is what reading and computing every row leaves for the
// writing phase: the rows themselves are in the spill file, not in memory.
type phaseOneResult struct {
	spill *spill
	dups  *dupIndex
	ids   *idIndex       // the rows that share a vacancy_id (DUPLICATE_ID)
	piggy *piggyIndex    // the same-date proviso across the batch
	conf  []rowConflicts // each accepted row's conflicts, for the writer's plan (plan.go)
	// bySeverity counts the accepted rows by their worst conflict, the
	// cross-row ones included.
	bySeverity map[compute.Severity]int
	inputs     []export.Input
	extra      []string          // carried-through columns, first spelling met of each
	extraAt    []extraOrigin     // where each of extra was first met
	extraKey   map[string]string // ingest.ColumnKey → its spelling in extra
	rename     map[string]string // a spelling met in the input → its spelling in extra
	unread     []compute.Problem // sheets that hold data but no header, for Errors
	split      *splitter         // --split: each row's place in the spill, by value
	mu         sync.Mutex        // finishRow's
	idsDone    bool              // resolveIDs ran
	doneCodes  doneCodes         // the deadline codes rows record done (dupdone.go)
	// redone: a row's duplicate records an act done that the row does not
	// (takeDone), so what phase one wrote of its deadlines is wrong: Run
	// writes the deadline rows again.
	redone   bool
	rows     int
	blank    int
	accepted int
	rejected int
	problems int
}

// NoteMessage is the message of the log line each note of an input
// gives (a merged cell, a hidden sheet, a total row): what the run read
// all the same.
const NoteMessage = "note"

// phaseOne reads every input, computes each row on the pool, and records
// what the writing phase needs to know in advance: the duplicates, the
// carried-through columns and where each conflict goes (plan.go). visit,
// when set, sees every row in input order (r is nil for a rejected row);
// an error from it ends the phase. Run's visit writes the deadline rows,
// which depend on nothing later rows bring, so they go out while the
// inputs are still being read.
//
// Each workbook sheet is checked as it is read (ingest.Options.CheckAsRead),
// not whole before its first row. A sheet whose row numbers go back, which
// no spreadsheet program writes, ends that reading (ingest.ErrRescan):
// reset then lets go of everything visit was given, and the inputs are
// read again, each sheet checked first, which finds the rows that share a
// number.
func phaseOne(ctx context.Context, opts Options, cal *calendars,
	visit func(it *ingest.Item, r *compute.Result) error, reset func() error) (*phaseOneResult, error) {
	p, err := readAll(ctx, opts, cal, visit)
	if !errors.Is(err, ingest.ErrRescan) || opts.checkFirst {
		return p, err
	}
	opts.Log.Debug("reading the inputs again, each sheet checked first", "why", err.Error())
	if reset != nil {
		if err := reset(); err != nil {
			return nil, err
		}
	}
	opts.checkFirst = true
	return readAll(ctx, opts, cal, visit)
}

// readAll is one reading of the inputs for phaseOne.
func readAll(ctx context.Context, opts Options, cal *calendars,
	visit func(it *ingest.Item, r *compute.Result) error) (*phaseOneResult, error) {
	sp, err := newSpill()
	if err != nil {
		return nil, err
	}
	p := &phaseOneResult{spill: sp, dups: newDupIndex(), ids: newIDIndex(), piggy: newPiggyIndex(), extraKey: map[string]string{}, rename: map[string]string{},
		doneCodes: doneCodes{}}
	if opts.Split != "" {
		if p.split, err = newSplitter(opts.Split); err != nil {
			sp.close()
			return nil, err
		}
	}
	var est *rowEstimate
	if opts.Progress != nil {
		est = newRowEstimate(opts.Inputs, ingest.Options{Sheet: opts.Sheet})
	}
	source := func(ctx context.Context, emit func(ingest.Item) error) error {
		return readInputs(ctx, opts, p, est, emit)
	}
	sink := func(c *chunk) error {
		for i := range c.items {
			it := &c.items[i]
			if len(it.Problems) > 0 {
				p.rejected++
				p.problems += len(it.Problems)
				if visit != nil {
					if err := visit(it, nil); err != nil {
						return err
					}
				}
			} else {
				r := &c.results[i]
				p.piggy.add(int32(p.accepted), r)
				p.dups.addDone(int32(p.accepted), p.doneCodes.maskOf(r, true))
				p.dups.add(compute.DuplicateKey(r))
				p.ids.add(int32(p.accepted), &r.Vacancy)
				rc, err := rowConflictsOf(r)
				if err != nil {
					return err
				}
				p.conf = append(p.conf, rc)
				p.accepted++
				if visit != nil {
					if err := visit(it, r); err != nil {
						return err
					}
				}
			}
			ref, err := p.spill.putRef(it)
			if err != nil {
				return err
			}
			if p.split != nil {
				if len(it.Problems) == 0 {
					ref.ord = int32(p.accepted - 1)
				}
				p.split.add(it, ref)
			}
		}
		if opts.Progress != nil {
			done, total := p.accepted+p.rejected, int(est.total.Load())
			if total > 0 {
				total = max(total, done)
			}
			opts.Progress("reading", done, total)
		}
		return nil
	}
	if err := pool(ctx, opts.Jobs, cal, opts.AsOf, opts.explain, source, sink); err != nil {
		sp.close()
		return nil, err
	}
	if err := p.dups.build(spillKeys(p.spill)); err != nil {
		sp.close()
		return nil, err
	}
	p.piggy.build()
	if err := p.ids.build(p.spill); err != nil {
		sp.close()
		return nil, err
	}
	if err := p.countCrossRow(); err != nil {
		sp.close()
		return nil, err
	}
	if err := p.resolveIDs(); err != nil {
		sp.close()
		return nil, err
	}
	if err := p.planDone(opts, cal); err != nil {
		sp.close()
		return nil, err
	}
	return p, nil
}

// planDone finds the rows whose duplicates record an act they do not
// (dupdone.go) and counts their conflicts and next deadline for the plan
// as phase two will give them: such a row's duty may be met, its
// PROCLAMATION_OVERDUE gone, its next deadline later. Their rows are read
// back and computed once more; a run without them reads nothing.
func (p *phaseOneResult) planDone(opts Options, cals *calendars) error {
	rows := p.dups.buildDone()
	if len(rows) == 0 {
		return nil
	}
	sr, err := p.spill.rewind()
	if err != nil {
		return err
	}
	var it ingest.Item
	var r compute.Result
	ordinal, next := int32(0), 0
	for next < len(rows) && sr.next(&it) {
		if len(it.Problems) > 0 {
			continue
		}
		if ordinal == rows[next] {
			next++
			compute.ComputeBriefInto(&r, it.Vacancy, cals.of(&it.Vacancy), opts.AsOf)
			if p.finishRow(ordinal, &r) {
				p.redone = true
				rc, err := rowConflictsOf(&r)
				if err != nil {
					return err
				}
				old := p.conf[ordinal]
				p.bySeverity[old.worst()]--
				p.bySeverity[rc.worst()]++
				p.conf[ordinal] = rc
			}
		}
		ordinal++
	}
	return sr.err
}

// readInputs streams every input, one after another. It runs on the
// pool's source goroutine and owns p.inputs, p.rows, p.blank and p.extra
// until the pool returns; est, when set, counts the rows and bytes read.
func readInputs(ctx context.Context, opts Options, p *phaseOneResult, est *rowEstimate, emit func(ingest.Item) error) error {
	iopts := ingest.Options{Sheet: opts.Sheet, Stdin: opts.Stdin, CheckAsRead: !opts.checkFirst, AsOf: opts.AsOf}
	emitted := 0
	if est != nil {
		iopts.OnRead = est.onRead
		next := emit
		emit = func(it ingest.Item) error {
			est.row()
			emitted++
			return next(it)
		}
	}
	names := ingest.SourceNames(opts.Inputs)
	for i, path := range opts.Inputs {
		if est != nil {
			est.start(i, emitted)
		}
		iopts.Name = names[i]
		stats, err := ingest.ReadFile(ctx, path, iopts, emit)
		if err != nil {
			return err
		}
		p.rows += stats.Rows
		p.blank += stats.Blank
		in := export.Input{
			Path: stats.Path, SHA256: stats.SHA256, Sheets: stats.Sheets, Rows: stats.Rows,
			Accepted: stats.Accepted, Rejected: stats.Rejected, Blank: stats.Blank,
		}
		for _, h := range stats.Hidden {
			rows := h.Rows
			if rows == nil {
				rows = []int{}
			}
			in.Hidden = append(in.Hidden, export.HiddenSheet{Sheet: h.Sheet, State: h.State, Rows: rows, RowCount: h.RowCount, Filter: h.Filter})
		}
		for _, u := range stats.Unread {
			in.Unread = append(in.Unread, u.Source.Sheet)
			p.unread = append(p.unread, u)
			opts.Log.Warn("sheet not read", "input", path, "sheet", u.Source.Sheet, "why", u.Message)
		}
		for i, n := range stats.Notes {
			note := fmt.Sprintf("%s, column %s: %s", n.Source, n.Column, n.Message)
			if n.Source.Row == 0 { // a note on the whole file or sheet
				note = wholeNote(n)
			}
			in.Notes = append(in.Notes, note)
			switch {
			case i >= maxLoggedNotes:
			case n.Source.Row == 0:
				opts.Log.Warn(NoteMessage, "input", path, "note", note)
			default:
				opts.Log.Warn(NoteMessage, "input", path, "at", n.Source.String(), "column", n.Column, "note", n.Message)
			}
		}
		if more := len(stats.Notes) - maxLoggedNotes + stats.NotesLeftOut; more > 0 {
			opts.Log.Warn("more notes", "input", path, "count", more)
		}
		if stats.NotesLeftOut > 0 {
			in.Notes = append(in.Notes, fmt.Sprintf("… and %d more of the same kind", stats.NotesLeftOut))
		}
		p.inputs = append(p.inputs, in)
		for i, name := range stats.Extra {
			if k := ingest.ColumnKey(name); p.extraKey[k] == "" {
				p.extraKey[k] = name
				p.extra = append(p.extra, name)
				at := extraOrigin{input: path}
				if i < len(stats.ExtraAt) {
					at.ColumnAt = stats.ExtraAt[i]
				}
				p.extraAt = append(p.extraAt, at)
			}
		}
		if err := p.checkColumns(opts); err != nil {
			return err
		}
		opts.Log.Info("read", "input", path, "rows", stats.Rows, "accepted", stats.Accepted,
			"rejected", stats.Rejected, "blank", stats.Blank)
	}
	return nil
}

// extraOrigin is where a carried-through column was first met.
type extraOrigin struct {
	input string
	ingest.ColumnAt
}

// checkColumns refuses, before anything is written, inputs whose
// carried-through columns would not fit on the Vacancies sheet of
// results.xlsx, naming the first column that would not.
func (p *phaseOneResult) checkColumns(opts Options) error {
	limit := export.MaxCarriedColumns()
	if len(p.extra) <= limit || !slices.Contains(opts.Formats, export.XLSX) {
		return nil
	}
	at := p.extraAt[limit]
	where := printable.Name(at.input)
	if at.Sheet != "" {
		where += fmt.Sprintf(", sheet %q", at.Sheet)
	}
	return fmt.Errorf("pipeline: %s: column %s (%q) and the %d after it do not fit in results.xlsx: its Vacancies sheet holds %d columns, %d of them the tool's own, so %d carried-through columns fit and the inputs have %d; nothing was written. Remove the columns that are not needed, or leave the workbook out (--format csv,json): vacancies.csv carries every column",
		where, at.Letters(), p.extra[limit], len(p.extra)-limit-1, 1<<14, (1<<14)-limit, limit, len(p.extra))
}

// wholeNote is a note on a whole input or sheet: "v.csv: …" or
// "v.xlsx, sheet "Read me": …".
func wholeNote(n compute.Problem) string {
	if n.Source.Sheet != "" {
		return fmt.Sprintf("%s, sheet %q: %s", n.Source.File, n.Source.Sheet, n.Message)
	}
	return n.Source.File + ": " + n.Message
}

// maxLoggedNotes bounds the note lines one input puts in the log; all of
// them (to ingest's own bound) are in summary.json.
const maxLoggedNotes = 10

// phaseTwo streams the spilled rows back through the pool (computing is
// cheap next to writing, so the results are computed again rather than
// stored), adds the duplicate conflicts, and hands everything to the
// writer in input order.
//
// Each row's record also goes to cmp, the snapshot and the comparison;
// the time that takes is returned, so the run can tell it apart.
func phaseTwo(ctx context.Context, opts Options, cal *calendars, p *phaseOneResult, w *export.Writer, cmp *changes.Comparer) (time.Duration, error) {
	var inCmp time.Duration
	if err := p.resolveDuplicateIDs(); err != nil {
		return 0, err
	}
	// Sheets that could not be read come first on Errors: a whole sheet
	// weighs more than a row.
	for _, u := range p.unread {
		if err := w.Problem(u, false); err != nil {
			return 0, err
		}
	}
	sr, err := p.spill.rewind()
	if err != nil {
		return 0, err
	}
	source := func(ctx context.Context, emit func(ingest.Item) error) error {
		var it ingest.Item
		for sr.next(&it) {
			if err := emit(it); err != nil {
				return err
			}
		}
		return sr.err
	}
	ordinal, done := int32(0), 0
	var rec changes.Record // each accepted row's, in turn
	sink := func(c *chunk) error {
		for i := range c.items {
			if ps := c.items[i].Problems; len(ps) > 0 {
				for j := range ps {
					if err := w.Problem(ps[j], j == 0); err != nil {
						return err
					}
				}
				t := time.Now()
				rec := changes.FromRejected(&c.items[i].Vacancy, &ps[0])
				if err := cmp.Add(&rec); err != nil {
					return err
				}
				inCmp += time.Since(t)
				continue
			}
			r := &c.results[i]
			p.finishRow(ordinal, r)
			ordinal++
			if err := w.Result(r); err != nil {
				return err
			}
			t := time.Now()
			changes.FromResultInto(&rec, r, r.LawEdition)
			if err := cmp.Add(&rec); err != nil {
				return err
			}
			inCmp += time.Since(t)
		}
		done += len(c.items)
		if opts.Progress != nil {
			opts.Progress("writing", done, p.accepted+p.rejected)
		}
		return ctx.Err()
	}
	err = pool(ctx, opts.Jobs, cal, opts.AsOf, opts.explain, source, sink)
	return inCmp, err
}

// finishRow gives a computed row what only the whole batch tells: the
// outputs' spelling of its carried-through columns, the same-date
// proviso's resolution, the duplicate conflicts, and the acts its
// duplicates record done (tookDone reports those). ordinal is the row's
// place among the accepted rows.
//
// A split's slices are written while phase two runs: the lock keeps their
// goroutines and phase two's out of each other's caches.
func (p *phaseOneResult) finishRow(ordinal int32, r *compute.Result) (tookDone bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.canonicalExtra(r.Vacancy.Extra)
	p.piggy.resolve(ordinal, r)
	r.Conflicts = p.dups.appendConflicts(r.Conflicts, ordinal)
	r.Conflicts = p.ids.appendConflicts(r.Conflicts, ordinal)
	return p.takeDone(ordinal, r)
}

// canonicalExtra renames carried-through columns to the spelling the
// outputs use, so that one column spelt two ways in two sheets is one
// output column.
func (p *phaseOneResult) canonicalExtra(fields []compute.Field) {
	for i := range fields {
		name, ok := p.rename[fields[i].Name]
		if !ok {
			name = p.extraKey[ingest.ColumnKey(fields[i].Name)]
			p.rename[fields[i].Name] = name
		}
		if name != "" {
			fields[i].Name = name
		}
	}
}

// resolveDuplicateIDs reads from the spill the sources and vacancy_ids
// that DUPLICATE_VACANCY and SAME_SEAT conflicts name: phase one kept only
// hashes. phaseOne's resolveIDs did it already, unless it failed.
func (p *phaseOneResult) resolveDuplicateIDs() error {
	if p.idsDone {
		return nil
	}
	return p.resolveIDs()
}

// resolveIDs reads from the spill, in one pass over the records' heads,
// what phase one kept only as hashes and ordinals: the labels of the rows
// that DUPLICATE_VACANCY and SAME_SEAT conflicts name, and the vacancy_ids
// of the rows whose special elections other rows share. The indexes are
// built.
func (p *phaseOneResult) resolveIDs() error {
	dups := p.dups.members() > 0
	var hosts map[int32]bool
	if len(p.piggy.host) > 0 {
		hosts = p.piggy.hosts()
	}
	if !dups && hosts == nil {
		p.idsDone = true
		return nil
	}
	ids := map[int32]string{}
	sr, err := p.spill.rewind()
	if err != nil {
		return err
	}
	var h spillHead
	var v compute.Vacancy
	ordinal := int32(0)
	for sr.nextHead(&h) {
		if h.rejected {
			continue
		}
		if dups && p.dups.named(ordinal) {
			v.Source, v.ID = h.source, string(h.id)
			p.dups.setID(ordinal, &v)
		}
		if hosts[ordinal] {
			ids[ordinal] = string(h.id)
		}
		ordinal++
	}
	if sr.err != nil {
		return sr.err
	}
	if dups {
		p.dups.finishIDs()
	}
	if hosts != nil {
		p.piggy.setIDs(ids)
	}
	p.idsDone = true
	return nil
}

// fill copies the counts into a Summary.
func (p *phaseOneResult) fill(sum *Summary) {
	sum.Inputs = p.inputs
	sum.Rows, sum.Blank, sum.Accepted, sum.Rejected, sum.Problems = p.rows, p.blank, p.accepted, p.rejected, p.problems+len(p.unread)
	sum.UnreadSheets = len(p.unread)
	sum.BySeverity = maps.Clone(p.bySeverity)
}
