package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export"
)

// ChangeSummary is what the comparison with the earlier run found.
type ChangeSummary struct {
	Status  string // changes.Compared, FirstRun, Skipped or Off
	Reason  string
	Changed bool // anything but the as-of date moved
	Total   int
	Counts  map[changes.Kind]int
	ActNow  int // changes to act on: what the digest lists under Needs action (--fail-on action)
	// Passed and DueSoon count the deadlines passed since the compared run
	// and those due within --soon days: the changes the calendar alone
	// brings.
	Passed, DueSoon int
}

// newComparer starts this run's snapshot: every run leaves one, compared
// or not, so that the next run can compare with it.
func newComparer(opts Options, p1 *phaseOneResult, overrides []compute.Override) *changes.Comparer {
	return newComparerOf(opts, comparerHeader(opts, p1, overrides), 0, false)
}

// comparerHeader is the header of the run's snapshots, the statewide one
// and every folder's of a split: worked out once, the rules' fingerprint
// being a pass over the whole rule table.
func comparerHeader(opts Options, p1 *phaseOneResult, overrides []compute.Override) changes.Header {
	h := changes.Header{ToolVersion: opts.Version, RulesVersion: rulesVersion(opts.Law),
		Calendar: calendarFingerprint(overrides)}
	for _, in := range p1.inputs {
		h.Inputs = append(h.Inputs, changes.Input{Name: filepath.Base(in.Path), SHA256: in.SHA256, Rows: in.Rows})
	}
	return h
}

// newComparerOf is newComparer with header h and sortMemory bytes of
// records buffered before a sorted run goes to disk (0: the package's
// default): a split's folders take less, two of them being written at
// once. part: the comparer of one folder of a split run, whose news is
// its own rows' only (changes.Options.Part).
func newComparerOf(opts Options, h changes.Header, sortMemory int, part bool) *changes.Comparer {
	soon := opts.Soon
	if opts.Compare == "" && !slices.Contains(opts.Formats, export.Digest) {
		soon = -1 // nothing lists them
	}
	return changes.New(changes.Options{Header: h, AsOf: opts.AsOf, Soon: soon, SortMemory: sortMemory,
		SnapshotOnly: opts.Compare == "" && soon < 0, Part: part})
}

// snapshotBeside is the snapshot being written on a goroutine of its own
// while the writer finishes the other outputs (compareBeside).
type snapshotBeside struct {
	done     chan error
	outcome  *changes.Outcome // Finish's, once done
	finished bool
	err      error
	waited   time.Duration // how long the run waited for it
}

// wait waits for the snapshot (once; the writer calls it before closing
// the snapshot's file).
func (b *snapshotBeside) wait() error {
	if !b.finished {
		start := time.Now()
		b.err = <-b.done
		b.finished = true
		b.waited = time.Since(start)
	}
	return b.err
}

// close waits for the goroutine and lets go of Finish's outcome.
func (b *snapshotBeside) close() {
	_ = b.wait()
	b.outcome.Close()
}

// compareBeside starts writing the snapshot on a goroutine, beside the
// finishing of the workbook, when the outcome is known before the
// records are merged (changes.Comparer.Plain: no --compare, nothing
// lists the deadlines due soon), and hands the writer that outcome, so
// that the merge, on one CPU, does not stand between the last row and the
// workbook's finishing. It returns a nil snapshotBeside when the outcome
// depends on the merge: compare does it all, in turn.
func compareBeside(opts Options, cmp *changes.Comparer, w *export.Writer) (*changes.Outcome, *snapshotBeside, error) {
	plain, ok := cmp.Plain()
	if !ok || opts.Compare != "" {
		return nil, nil, nil
	}
	snap, err := w.Snapshot()
	if err != nil {
		return nil, nil, err
	}
	b := &snapshotBeside{done: make(chan error, 1)}
	go func() {
		o, err := cmp.Finish(snap, nil, nil)
		b.outcome = o
		b.done <- err
	}()
	w.SnapshotBeside(b.wait)
	w.SetChanges(plain)
	return plain, b, nil
}

// compare writes the snapshot into the writer's set and compares it with
// the earlier run's; a baseline that cannot be trusted is logged and
// skipped, never a failure of the run.
func compare(opts Options, cmp *changes.Comparer, w *export.Writer) (*changes.Outcome, error) {
	snap, err := w.Snapshot()
	if err != nil {
		return nil, err
	}
	var base *changes.Baseline
	var skip *changes.Skip
	if opts.Compare != "" {
		path := changes.Resolve(opts.Compare, opts.Dir)
		base, skip = changes.Open(path, cmp.Header(), opts.Compare == "auto")
		defer base.Close()
	}
	o, err := cmp.Finish(snap, base, skip)
	if err != nil {
		return nil, err
	}
	switch o.Status {
	case changes.Compared:
		opts.Log.Info("compared", "with", base.Path, "as_of", o.Baseline.AsOf, "changes", o.Total, "changed", o.Changed())
	case changes.FirstRun:
		opts.Log.Info("nothing to compare", "reason", o.Reason)
	case changes.Skipped:
		// Logged as an error, so that even -q says it: the run is sound,
		// but the operator must see to the baseline.
		opts.Log.Error("comparison skipped", "reason", o.Reason)
	}
	w.SetChanges(o)
	return o, nil
}

func summarise(o *changes.Outcome) ChangeSummary {
	return ChangeSummary{Status: o.Status, Reason: o.Reason, Changed: o.Changed(), Total: o.Total, Counts: o.Counts,
		ActNow: o.ActNow, Passed: o.Counts[changes.DeadlinePassed], DueSoon: o.Counts[changes.DeadlineSoon]}
}

// rulesVersion is a fingerprint of the law's whole rule table, every
// edition: a changed rule, citation, word or date changes it.
func rulesVersion(law *compute.Law) string {
	h := sha256.New()
	for _, r := range compute.RulesOf(law, compute.RulesFilter{}) {
		fmt.Fprintf(h, "%#v\n", r)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// calendarFingerprint is a fingerprint of the calendar overrides in
// force, "" when there are none. Where a row came from does not count.
func calendarFingerprint(ov []compute.Override) string {
	if len(ov) == 0 {
		return ""
	}
	lines := make([]string, len(ov))
	for i, o := range ov {
		lines[i] = strconv.Itoa(o.Year) + "|" + o.Primary.String() + "|" + o.General.String() + "|" + o.Holiday.String() + "|" + o.HolidayName
	}
	slices.Sort(lines)
	h := sha256.New()
	for _, l := range lines {
		fmt.Fprintln(h, l)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
