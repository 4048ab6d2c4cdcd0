package export

import (
	"slices"
	"strings"
	"time"

	"batch/internal/strmemo"
	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/outdir"
)

// Sink is one output of a run, one format of --format (formats.go): the
// workbook, the CSV tables, the calendar file, summary.json, the digest,
// deadlines.jsonl. A Writer hands each of its sinks the same things in the
// same order: every vacancy's rows and every problem, in input order, then
// the run's facts once every row is written; the sink writes its files
// into the Writer's staging set, which the Writer's Commit puts in place
// with the rest, or Abort removes. A sink whose tables the Plan shapes
// takes it first (planned). A sink is used by one goroutine.
type Sink interface {
	// Vacancy writes one vacancy's rows: its deadline rows, its other
	// rows, or both (Rows says which).
	Vacancy(v *Rows) error
	// Problem writes one problem of a rejected row, or of a sheet that
	// was not read; rowRejected marks the first problem of each rejected
	// row.
	Problem(p *compute.Problem, rowRejected bool) error
	// Finish writes what needs every row (the Summary sheet, the
	// calendar's election days, the digest, the counts) from the run's
	// facts and closes the sink's files.
	Finish(run *Facts) error
	// Abort stops writing and removes the sink's files.
	Abort()
}

// Rows is one vacancy as every sink takes it: its result, its place in
// input order, and its rows of the contract's tables, each made once, by
// the first sink that asks (the workbook and the CSV files write the
// same rows, and turning values into guarded text is among the export's
// costliest steps).
type Rows struct {
	Result *compute.Result
	Seq    int // the vacancy's place among the run's vacancies, from 0
	// Deadlines: its deadline rows are to be written. Deadlines.Add
	// hands a vacancy over with only these, before the Plan (Rest false);
	// the Writer's Result then hands it over again with the rest only.
	// Rest: its other rows (Vacancies, Conflicts, the calendar's events),
	// which wait for the Plan and the cross-row conflicts.
	Deadlines, Rest bool

	p        *part
	src      value // the row's source, guarded: its vacancy row and its conflicts write it
	vx       vacancyOf
	dx       deadlineOf
	vac      []value // the Vacancies row, once made
	dl       []value // the deadline rows, one after another, once made
	dlEnds   []int
	hasVac   bool
	hasLines bool
}

// reset makes r the rows of the vacancy res, seq in input order.
func (r *Rows) reset(res *compute.Result, seq int, deadlines, rest bool) {
	r.Result, r.Seq, r.Deadlines, r.Rest = res, seq, deadlines, rest
	r.src = text(res.Vacancy.Source.String())
	r.hasVac, r.hasLines = false, false
}

// source is the vacancy's source, guarded.
func (r *Rows) source() value { return r.src }

// vacancy is its Vacancies row: the contract's columns, then the
// carried-through ones.
func (r *Rows) vacancy() []value {
	if !r.hasVac {
		r.vx = vacancyOf{r: r.Result, src: r.src}
		r.vac = vacancyRowFrom(r.vac, &r.vx, r.p.opts.extra)
		r.hasVac = true
	}
	return r.vac
}

// deadline is its Deadlines row of r.Result.Deadlines[i].
func (r *Rows) deadline(i int) []value {
	if !r.hasLines {
		r.dl, r.dlEnds = r.dl[:0], r.dlEnds[:0]
		r.dx = deadlineOf{id: r.Result.Vacancy.ID, clean: &r.p.clean}
		for j := range r.Result.Deadlines {
			r.dx.d = &r.Result.Deadlines[j]
			r.dl = appendDeadlineRow(r.dl, &r.dx)
			r.dlEnds = append(r.dlEnds, len(r.dl))
		}
		r.hasLines = true
	}
	start := 0
	if i > 0 {
		start = r.dlEnds[i-1]
	}
	return r.dl[start:r.dlEnds[i]]
}

// Facts are what the sinks' Finish reads once every row is written: what
// the pipeline knows of the run (its inputs, phases, version), the
// comparison with the earlier run, and what the sinks finished before
// tell the ones after (the workbook's tables that ran over one sheet).
type Facts struct {
	RunInfo
	// Changes is the comparison with the earlier run (Writer.SetChanges);
	// nil when the run was given none.
	Changes *changes.Outcome
	// Continued are the workbook's tables that ran over one sheet, once
	// the workbook is finished (summary.json reports them).
	Continued []continuation

	start time.Time // when the finishing began: the export's own phase
	snap  *snapshot
}

// timings are the run's phases and the export's own, as far as known.
func (f *Facts) timings(now time.Time) []timing { return timings(f.RunInfo, now.Sub(f.start)) }

// settled waits for the snapshot being written beside the finishing
// (Writer.SnapshotBeside) and counts what the run waited for it in its
// "compare" phase: summary.json, finished last, reports it.
func (f *Facts) settled() error {
	waited, err := f.snap.await()
	if err != nil || waited == 0 {
		return err
	}
	f.Phases = slices.Clone(f.Phases)
	for i := range f.Phases {
		if f.Phases[i].Name == "compare" {
			f.Phases[i].Duration += waited
		}
	}
	return nil
}

// part is what every sink of one Writer reads: the options (with the
// Plan's columns and split once planned), the tally of the rows written,
// and the staging set the files go into. A Writer writes one part of the
// run: the statewide outputs, or one folder of a split.
type part struct {
	opts  Options
	tally *tally
	set   *outdir.Set
	syncs outdir.Syncs // outputs going to disk beside the run
	now   func() time.Time
	clean strmemo.Set // deadline texts the guard leaves as they are (textSeen)
}

// create makes one output file in the staging set, synced beside the run.
func (p *part) create(name string) (*outdir.File, error) {
	t, err := p.set.Create(name)
	if t != nil {
		t.SyncBeside(&p.syncs)
	}
	return t, err
}

// writes reports whether the part writes the format f.
func (p *part) writes(f string) bool { return slices.Contains(p.opts.Formats, f) }

// sliceTitle names a slice in its titles: " of Albany County", " with no
// county", " of recipient Albany BOE"; "" for a part that is no slice.
func (p *part) sliceTitle() string {
	s := p.opts.slice
	switch {
	case s == nil:
		return ""
	case s.Value == "":
		return " with no " + p.opts.split.Column
	case p.opts.split.Column == "county":
		return " of " + s.Value + " County"
	}
	return " of " + p.opts.split.Column + " " + s.Value
}

// part is the slice's name as the digest says it ("of Albany County"):
// "" for the statewide outputs.
func (p *part) partName() string { return strings.TrimPrefix(p.sliceTitle(), " ") }
