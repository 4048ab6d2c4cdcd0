package export

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/outdir"
)

// The digest's files (CONTRACT.md).
const (
	digestTextName = "digest.txt"
	digestHTMLName = "digest.html"
)

// digestOutput is the digest (format digest): digest.txt and digest.html,
// the morning mail's body, in a split's folders too.
var digestOutput = output{files: []string{digestTextName, digestHTMLName}, slice: asTheRun, finish: 1, open: openDigest}

// digestSink writes the digest once every row is counted, from the
// tally and the comparison.
type digestSink struct {
	*part
	files []*outdir.File
}

func openDigest(p *part) (Sink, error) { return &digestSink{part: p}, nil }

// Vacancy: the digest reads the tally and the comparison.
func (w *digestSink) Vacancy(*Rows) error { return nil }

// Problem: the digest counts the rejected rows (the tally).
func (w *digestSink) Problem(*compute.Problem, bool) error { return nil }

// Finish writes digest.txt and digest.html.
func (w *digestSink) Finish(run *Facts) error {
	o := run.Changes
	if o == nil {
		return nil
	}
	d, err := changes.BuildDigest(w.digestRun(run.RunInfo), o)
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
		w.files = append(w.files, f)
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
	return nil
}

// Abort removes the digest's files.
func (w *digestSink) Abort() {
	for _, f := range w.files {
		f.Remove()
	}
}

func (w *digestSink) digestRun(info RunInfo) changes.Run {
	t := w.tally
	r := changes.Run{Tool: info.Version, AsOf: w.opts.AsOf.String(), Law: w.digestLaw(),
		Vacancies: t.vacancies, Rejected: t.rejected, Blank: blankRows(info),
		Errors: t.bySeverity[compute.Error], Warnings: t.bySeverity[compute.Warning]}
	for _, in := range info.Inputs {
		r.Inputs = append(r.Inputs, filepath.Base(in.Path))
		r.Rows += in.Rows
	}
	if w.opts.slice != nil {
		r.Part = w.partName()
		r.Withdrawn = w.opts.slice.Withdrawn
	}
	r.Words = lastDayTitle
	r.Overrides = overrideLines(info)
	for _, l := range t.verify.lines() {
		r.Verify = append(r.Verify, changes.VerifyCount{Rule: l.Rule, Open: l.Open, Check: l.Check})
	}
	switch {
	case w.writes(XLSX):
		r.Standing = "the Summary sheet of results.xlsx"
	case w.writes(CSV):
		r.Standing = "conflicts.csv and errors.csv"
	}
	r.Where = w.fullList()
	return r
}

// fullList names the file and sheet that hold the digest's full list, as
// a reader of the mail finds them: the workbook is its attachment; there
// is no output folder in a mail.
func (w *digestSink) fullList() string {
	const book = "results.xlsx, the attached workbook"
	switch {
	case w.opts.Changes && w.writes(XLSX) && w.writes(CSV):
		return "the Changes sheet of " + book + " (and changes.csv)"
	case w.opts.Changes && w.writes(XLSX):
		return "the Changes sheet of " + book
	case w.opts.Changes && w.writes(CSV):
		return "changes.csv"
	case w.writes(XLSX):
		return "the Deadlines sheet of " + book + ", whose open deadlines come first, soonest first"
	case w.writes(CSV):
		return "deadlines.csv (every deadline; status open for those still to act on)"
	}
	return "this digest (the run wrote no workbook: add xlsx to --format for one)"
}

// digestLaw is the law applied in the digest's words: no edition codes
// (E4, T2026), which stay in summary.json and on the Rules sheet.
func (w *digestSink) digestLaw() string {
	law := w.law()
	where := "summary.json names it"
	if w.writes(XLSX) {
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
