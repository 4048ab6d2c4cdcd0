package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"batch/internal/printable"
	"batch/pkg/compute"
	"batch/pkg/pipeline"
)

// batch run: compute every vacancy of the inputs and write the outputs
// (pipeline.Run), then map what it found to the exit status --fail-on asks.

func runCommand(c *cli.Context, stdin io.Reader, stderr io.Writer) error {
	opts, err := commonOptions(c, stdin)
	if err != nil {
		return err
	}
	if opts.Formats, err = parseFormats(c.String("format"), origin(c, "format")); err != nil {
		return err
	}
	failOn, err := parseRunFailOn(c.String("fail-on"), origin(c, "fail-on"))
	if err != nil {
		return err
	}
	opts.FailOn = failOn.export()
	opts.Compare = c.String("compare")
	if failOn.changed && opts.Compare == "" {
		return usagef("--fail-on changed needs --compare PREV (or --compare auto)")
	}
	if failOn.action && opts.Compare == "" && !slices.Contains(opts.Formats, pipeline.Digest) {
		return usagef("--fail-on action acts on the digest's Needs action: give --compare PREV (or --compare auto), or --format …,digest")
	}
	switch soon := c.Int("soon"); {
	case soon < 0 || soon > maxSoon:
		return usagef("%s %d: give a number of days from 1 to %d, or 0 for none", origin(c, "soon"), soon, maxSoon)
	case soon == 0:
		opts.Soon = -1
	default:
		opts.Soon = soon
	}
	if opts.ICSFrom, err = icsFrom(c, opts.AsOf); err != nil {
		return err
	}
	opts.ICSAll = c.Bool("ics-all")
	opts.ICSAlarm = c.String("ics-alarm")
	if err := pipeline.CheckICSAlarm(opts.ICSAlarm); err != nil {
		return usagef("%s %v", origin(c, "ics-alarm"), err)
	}
	mailer, formats, err := prepareRunMail(c, opts.Formats, failOn)
	if err != nil {
		return err
	}
	opts.Formats = formats
	quiet := c.Bool("quiet")
	opts.Dir = c.String("out")
	if strings.TrimSpace(opts.Dir) == "-" {
		// "-" is standard input among the inputs; the outputs are many
		// files and need a folder, never one named "-".
		return usagef("%s -: the outputs are several files and need a folder; give its name (for one list on standard output, use batch check --format csv)", origin(c, "out"))
	}
	opts.Split = c.String("split")
	if c.IsSet("split") && strings.TrimSpace(opts.Split) == "" {
		return usagef("%s is empty: give a column, such as county or office_class", origin(c, "split"))
	}
	if opts.Log, err = logger(c, stderr, quiet); err != nil {
		return err
	}
	var bar *progress
	if !quiet && isTerminal(stderr) {
		// A person is watching: a live count instead of log lines.
		opts.Log, _ = logger(c, stderr, true)
		bar = newProgress(stderr)
		opts.Progress = bar.update
	}
	sum, err := pipeline.Run(c.Context, opts)
	if bar != nil {
		bar.finish()
	}
	var split pipeline.SplitError
	if errors.As(err, &split) {
		return usageError{err} // the column named is not there: nothing was written
	}
	if err != nil {
		return err
	}
	if !quiet {
		fmt.Fprintf(terminalSafe{c.App.Writer}, "%s → %s%c\n", describe(sum), printable.Name(sum.OutDir), filepath.Separator)
		if opts.Compare != "" {
			fmt.Fprintln(terminalSafe{c.App.Writer}, describeChanges(sum.Changes))
		}
	}
	thresholdErr := runThreshold(sum, failOn, opts.Soon)
	if mailer != nil && c.Bool("mail") {
		return runMail(c, mailer, opts.Dir, sum.Run, thresholdErr, quiet)
	}
	return thresholdErr
}

// runThreshold is --fail-on's outcome: a thresholdError (exit 3) or nil.
func runThreshold(sum pipeline.Summary, failOn runFailOn, soon int) error {
	if err := threshold(sum, failOn.severity); err != nil {
		return err
	}
	if failOn.action {
		if err := actionThreshold(sum.Changes, soon); err != nil {
			return err
		}
	}
	if failOn.changed {
		return changeThreshold(sum.Changes)
	}
	return nil
}

// actionThreshold is --fail-on action: exit 3 when the digest's Needs
// action lists something (a deadline due within --soon days, one passed
// since the last run, a row now rejected, an error raised), or when the
// comparison was skipped (the operator must see to the baseline). It
// needs no --compare: without one, the deadlines due soon are what there
// is to act on.
func actionThreshold(ch pipeline.ChangeSummary, soon int) error {
	switch {
	case ch.ActNow > 0:
		return thresholdError{fmt.Sprintf("--fail-on action reached: %s to act on (%d deadlines due within %d days, %d passed since the last run)",
			plural(ch.ActNow, "item", "items"), ch.DueSoon, max(soon, 0), ch.Passed)}
	case ch.Status == pipeline.Skipped:
		return thresholdError{"--fail-on action: " + ch.Reason}
	}
	return nil
}

// maxSoon bounds --soon: ten years of days, past every deadline a
// vacancy of today can have (a larger number once overflowed the date
// arithmetic into "nothing due").
const maxSoon = 3660

// describeChanges is the comparison's one line.
func describeChanges(ch pipeline.ChangeSummary) string {
	switch ch.Status {
	case pipeline.Compared:
		if !ch.Changed {
			return fmt.Sprintf("changes: nothing but the as-of date (%d deadlines passed or due soon)", ch.Total)
		}
		passed, soon := ch.Passed, ch.DueSoon
		return fmt.Sprintf("changes: %d since the last run, and %d deadlines passed, %d due soon", ch.Total-passed-soon, passed, soon)
	}
	return "changes: " + ch.Reason
}

// changeThreshold is --fail-on changed: exit 3 when anything but the
// as-of date moved, or when the comparison was skipped (the reader
// must hear of a baseline that could not be read).
func changeThreshold(ch pipeline.ChangeSummary) error {
	switch {
	case ch.Status == pipeline.Skipped:
		return thresholdError{"--fail-on changed: " + ch.Reason}
	case ch.Changed:
		return thresholdError{fmt.Sprintf("--fail-on changed reached: %d changes since the last run",
			ch.Total-ch.Passed-ch.DueSoon)}
	}
	return nil
}

// icsFrom reads --ics-open-only (the as-of date) and --ics-from DATE: the
// first day deadlines.ics shows; zero shows everything.
func icsFrom(c *cli.Context, asOf compute.Date) (compute.Date, error) {
	from := compute.Date{}
	if c.Bool("ics-open-only") {
		from = asOf
	}
	if s := c.String("ics-from"); s != "" {
		d, err := compute.ParseISO(s)
		if err != nil {
			return d, usagef("%s %q: give a date as YYYY-MM-DD", origin(c, "ics-from"), s)
		}
		if from.IsZero() || d.After(from) {
			from = d
		}
	}
	return from, nil
}

// describe is the one-line summary of a run, for people and cron mail.
func describe(sum pipeline.Summary) string {
	unread := ""
	if sum.UnreadSheets > 0 {
		unread = ", " + count(sum.UnreadSheets, "sheet", "sheets") + " not read (data but no header row; see Errors)"
	}
	// The severities count vacancies by their worst conflict, not lines.
	return fmt.Sprintf("%s computed, %s rejected, %s%s; vacancies by worst conflict: %d with errors, %d with warnings, %d with notes only",
		count(sum.Accepted, "vacancy", "vacancies"), count(sum.Rejected, "row", "rows"), count(sum.Blank, "blank row", "blank rows"), unread,
		sum.BySeverity[compute.Error], sum.BySeverity[compute.Warning], sum.BySeverity[compute.Info])
}

func threshold(sum pipeline.Summary, failOn compute.Severity) error {
	if failOn == compute.NoSeverity || sum.Worst() < failOn {
		return nil
	}
	return thresholdError{fmt.Sprintf("--fail-on %s reached: %d rows rejected, %d vacancies with errors, %d with warnings",
		failOn, sum.Rejected, sum.BySeverity[compute.Error], sum.BySeverity[compute.Warning])}
}
