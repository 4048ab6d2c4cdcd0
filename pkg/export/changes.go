package export

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export/internal/xlsx"
)

// Digest is the format that writes digest.txt and digest.html, the
// morning mail's body (issue 12).
const Digest = "digest"

// The comparison's outputs (CONTRACT.md).
const (
	changesName    = "changes.csv"
	digestTextName = "digest.txt"
	digestHTMLName = "digest.html"
	snapshotName   = changes.SnapshotName
	changesSheet   = "Changes"
)

// Snapshot opens the run's snapshot file (snapshot.jsonl.gz); it is put in
// place with the other outputs, in the same commit, or not at all.
func (w *Writer) Snapshot() (io.Writer, error) {
	if err := w.usable(); err != nil {
		return nil, err
	}
	if w.snapFile == nil {
		f, err := w.set.Create(snapshotName)
		if err != nil {
			return nil, w.fail(err)
		}
		w.snapFile = f
		// A split folder's snapshot is a small part of the run's: a
		// buffer of 1 MB for each folder would be allocated and zeroed
		// for little.
		size := 1 << 20
		if w.opts.slice != nil {
			size = 64 << 10
		}
		w.snapBuf = bufio.NewWriterSize(f.Out(), size)
	}
	return w.snapBuf, nil
}

// SnapshotBeside says that Snapshot's writer is being written by another
// goroutine (changes.Comparer.Finish, with the outcome SetChanges was
// given known beforehand: Comparer.Plain) while the Writer finishes:
// Finish closes the snapshot's file only once wait returns, after the
// workbook is saved, and counts what it waited in summary.json's
// "compare" phase. wait's error fails the Writer. Otherwise the merge of
// the snapshot's records, on one CPU, would come after the rows were
// written and before the workbook's finishing could start.
func (w *Writer) SnapshotBeside(wait func() error) {
	w.snapWait = func() (time.Duration, error) {
		start := time.Now()
		err := wait()
		return time.Since(start), err
	}
}

// awaitSnapshot waits for the snapshot written beside (once).
func (w *Writer) awaitSnapshot() (time.Duration, error) {
	if w.snapWait == nil {
		return 0, nil
	}
	wait := w.snapWait
	w.snapWait = nil
	return wait()
}

// finishSnapshot closes the snapshot's file, once it is written.
func (w *Writer) finishSnapshot() error {
	if _, err := w.awaitSnapshot(); err != nil {
		return err
	}
	if w.snapFile == nil || w.snapBuf == nil {
		return nil
	}
	if err := w.snapBuf.Flush(); err != nil {
		return fmt.Errorf("export: write %s: %w", snapshotName, err)
	}
	w.snapBuf = nil
	return w.snapFile.Finish()
}

// SetChanges hands over the comparison with the earlier run, before
// Commit. Commit writes it to the Changes sheet (second in results.xlsx)
// and changes.csv when Options.Changes is set, to the digest with the
// digest format, and counts it in summary.json.
func (w *Writer) SetChanges(o *changes.Outcome) { w.changes = o }

// finishChanges writes the comparison's outputs into the run's set (they
// are committed with it); the Changes sheet's rows go in before the
// workbook closes.
func (w *Writer) finishChanges(info RunInfo) error {
	if w.snapWait == nil {
		if err := w.finishSnapshot(); err != nil {
			return err
		}
	}
	o := w.changes
	if o == nil {
		return nil
	}
	if w.opts.Changes && (w.csv || w.xlsx) {
		var csvT *csvTable
		if w.csv {
			t, err := newCSVTable(w.set.Create, changesName, changes.Columns)
			if err != nil {
				return err
			}
			csvT, w.chCSV = t, t
		}
		if w.xlsx {
			if err := w.book.changes.SetTitle(changesTitle(o)); err != nil {
				return err
			}
		}
		err := o.Each(func(c *changes.Change) error {
			w.vals = changeRow(w.vals, c)
			if csvT != nil {
				if err := csvT.write(w.vals); err != nil {
					return err
				}
			}
			if w.xlsx {
				if _, _, err := w.book.changes.Add(w.book.values(w.vals), xlsx.NoFill, nil, nil); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if csvT != nil {
			if err := csvT.finish(); err != nil {
				return err
			}
		}
	}
	if w.digest {
		d, err := changes.BuildDigest(w.digestRun(info), o)
		if err != nil {
			return err
		}
		for _, out := range []struct {
			name  string
			write func(io.Writer) error
		}{{digestTextName, d.WriteText}, {digestHTMLName, d.WriteHTML}} {
			f, err := w.set.Create(out.name)
			if err != nil {
				return err
			}
			w.digestFiles = append(w.digestFiles, f)
			b := bufio.NewWriter(f.Out())
			if err := out.write(b); err != nil {
				return fmt.Errorf("export: write %s: %w", out.name, err)
			}
			if err := b.Flush(); err != nil {
				return fmt.Errorf("export: write %s: %w", out.name, err)
			}
			if err := f.Finish(); err != nil {
				return err
			}
		}
	}
	return nil
}

func changesTitle(o *changes.Outcome) string {
	switch o.Status {
	case changes.Compared:
		return fmt.Sprintf("Changes since the run as of %s, most urgent first (deadlines due within %d days included)", o.Baseline.AsOf, o.Soon)
	case changes.FirstRun:
		return "Not compared: " + o.Reason + ". Deadlines due within the next days only."
	case changes.Skipped:
		return "COMPARISON SKIPPED: " + o.Reason + ". Deadlines due within the next days only."
	}
	return "Not compared with an earlier run. Deadlines due within the next days only."
}

// changeRow is one row of Changes and changes.csv, in changes.Columns'
// order; the date is a real date cell.
func changeRow(dst []value, c *changes.Change) []value {
	dst = dst[:0]
	for i, s := range c.Row() {
		if changes.DateColumn(i) && s != "" {
			if d, err := compute.ParseISO(s); err == nil {
				dst = append(dst, date(d))
				continue
			}
		}
		dst = append(dst, text(s))
	}
	return dst
}

func (w *Writer) digestRun(info RunInfo) changes.Run {
	t := w.tally
	r := changes.Run{Tool: info.Version, AsOf: w.opts.AsOf.String(), Law: w.digestLaw(),
		Vacancies: t.vacancies, Rejected: t.rejected, Blank: blankRows(info),
		Errors: t.bySeverity[compute.Error], Warnings: t.bySeverity[compute.Warning]}
	for _, in := range info.Inputs {
		r.Inputs = append(r.Inputs, filepath.Base(in.Path))
		r.Rows += in.Rows
	}
	if w.opts.slice != nil {
		r.Part = strings.TrimPrefix(w.sliceTitle(), " ")
		r.Withdrawn = w.opts.slice.Withdrawn
	}
	r.Words = lastDayTitle
	r.Overrides = overrideLines(info)
	for _, l := range t.verify.lines() {
		r.Verify = append(r.Verify, changes.VerifyCount{Rule: l.Rule, Open: l.Open, Check: l.Check})
	}
	switch {
	case w.xlsx:
		r.Standing = "the Summary sheet of results.xlsx"
	case w.csv:
		r.Standing = "conflicts.csv and errors.csv"
	}
	r.Where = w.fullList()
	return r
}

// fullList names the file and sheet that hold the digest's full list, as
// a reader of the mail finds them: the workbook is its attachment; there
// is no output folder in a mail.
func (w *Writer) fullList() string {
	const book = "results.xlsx, the attached workbook"
	switch {
	case w.opts.Changes && w.xlsx && w.csv:
		return "the Changes sheet of " + book + " (and changes.csv)"
	case w.opts.Changes && w.xlsx:
		return "the Changes sheet of " + book
	case w.opts.Changes && w.csv:
		return "changes.csv"
	case w.xlsx:
		return "the Deadlines sheet of " + book + ", whose open deadlines come first, soonest first"
	case w.csv:
		return "deadlines.csv (every deadline; status open for those still to act on)"
	}
	return "this digest (the run wrote no workbook: add xlsx to --format for one)"
}

// digestLaw is the law applied in the digest's words: no edition codes
// (E4, T2026), which stay in summary.json and on the Rules sheet.
func (w *Writer) digestLaw() string {
	law := w.law()
	where := "summary.json names it"
	if w.xlsx {
		where = "the Rules sheet of results.xlsx names it"
	}
	switch {
	case law == nil:
		return ""
	case law.Auto():
		return "the law in force on each date (" + where + ")"
	}
	return "one edition of the law for every date, as --edition asked (" + where + ")"
}

// changesSummary is summary.json's "changes".
type changesSummary struct {
	Status       string         `json:"status"` // compared, first_run, skipped, off
	Reason       string         `json:"reason"`
	ComparedWith *comparedWith  `json:"compared_with"`
	Changed      bool           `json:"changed"` // anything but the as-of date moved
	SoonDays     int            `json:"soon_days"`
	Total        int            `json:"total"`
	ByKind       map[string]int `json:"by_kind"`
	ByCause      map[string]int `json:"by_cause"`
}

type comparedWith struct {
	AsOf        string `json:"as_of"`
	ToolVersion string `json:"tool_version"`
}

func (w *Writer) changesJSON() *changesSummary {
	o := w.changes
	if o == nil {
		return nil
	}
	s := &changesSummary{Status: o.Status, Reason: o.Reason, Changed: o.Changed(), SoonDays: o.Soon,
		Total: o.Total, ByKind: map[string]int{}, ByCause: map[string]int{}}
	if o.Baseline != nil {
		s.ComparedWith = &comparedWith{o.Baseline.AsOf, o.Baseline.ToolVersion}
	}
	for k, n := range o.Counts {
		s.ByKind[string(k)] = n
	}
	for k, n := range o.ByCause {
		s.ByCause[string(k)] = n
	}
	return s
}

// removeChanges drops the comparison's temporaries (Abort).
func (w *Writer) removeChanges() {
	if w.snapFile != nil {
		w.snapFile.Remove()
	}
	if w.chCSV != nil {
		w.chCSV.file.Remove()
	}
	for _, f := range w.digestFiles {
		f.Remove()
	}
}
