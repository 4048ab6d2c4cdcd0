package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export"
	"batch/pkg/ingest"
)

// ChangeSummary is what the comparison with the earlier run found.
type ChangeSummary struct {
	Status  string // changes.Compared, FirstRun, Skipped or Off
	Reason  string
	Changed bool // anything but the as-of date moved
	Total   int
	Counts  map[changes.Kind]int
}

// newComparer starts this run's snapshot: every run leaves one, compared
// or not, so that the next run can compare with it.
func newComparer(opts Options, p1 *phaseOneResult, overrides []compute.Override) *changes.Comparer {
	return newComparerOf(opts, p1, overrides, 0)
}

// newComparerOf is newComparer with sortMemory bytes of records buffered
// before a sorted run goes to disk (0: the package's default): a split's
// folders take less, two of them being written at once.
func newComparerOf(opts Options, p1 *phaseOneResult, overrides []compute.Override, sortMemory int) *changes.Comparer {
	h := changes.Header{ToolVersion: opts.Version, RulesVersion: rulesVersion(opts.Law),
		Calendar: calendarFingerprint(overrides)}
	for _, in := range p1.inputs {
		h.Inputs = append(h.Inputs, changes.Input{Name: filepath.Base(in.Path), SHA256: in.SHA256, Rows: in.Rows})
	}
	soon := opts.Soon
	if opts.Compare == "" && !slices.Contains(opts.Formats, export.Digest) {
		soon = -1 // nothing lists them
	}
	return changes.New(changes.Options{Header: h, AsOf: opts.AsOf, Soon: soon, SortMemory: sortMemory})
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
		path := changes.Resolve(opts.Compare, opts.OutDir)
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
	return ChangeSummary{Status: o.Status, Reason: o.Reason, Changed: o.Changed(), Total: o.Total, Counts: o.Counts}
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

// problemText is a rejected row's first problem as the changes name it.
func problemText(p ingest.Problem) string {
	col := p.Column
	if col == "" {
		col = "row"
	}
	return fmt.Sprintf("%s %q: %s", col, p.Value, p.Message)
}
