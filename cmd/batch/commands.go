package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"batch/internal/printable"
	"batch/pkg/compute"
	"batch/pkg/export"
	"batch/pkg/ingest"
	"batch/pkg/pipeline"
)

func runCommand(c *cli.Context, stdin io.Reader, stderr io.Writer) error {
	opts, err := commonOptions(c, stdin)
	if err != nil {
		return err
	}
	if opts.Formats, err = parseFormats(c.String("format"), origin(c, "format")); err != nil {
		return err
	}
	failOn, err := parseFailOn(c.String("fail-on"), origin(c, "fail-on"))
	if err != nil {
		return err
	}
	quiet := c.Bool("quiet")
	opts.OutDir = c.String("out")
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
	if err != nil {
		return err
	}
	if !quiet {
		fmt.Fprintf(terminalSafe{c.App.Writer}, "%s → %s/\n", describe(sum), printable.Name(sum.OutDir))
	}
	return threshold(sum, failOn)
}

// describe is the one-line summary of a run, for people and cron mail.
func describe(sum pipeline.Summary) string {
	unread := ""
	if sum.UnreadSheets > 0 {
		unread = fmt.Sprintf(", %d sheet(s) not read (data but no header row; see Errors)", sum.UnreadSheets)
	}
	return fmt.Sprintf("%d vacancies computed, %d rows rejected, %d blank%s; conflicts: %d error, %d warning, %d info",
		sum.Accepted, sum.Rejected, sum.Blank, unread,
		sum.BySeverity[compute.Error], sum.BySeverity[compute.Warning], sum.BySeverity[compute.Info])
}

func threshold(sum pipeline.Summary, failOn compute.Severity) error {
	if failOn == compute.NoSeverity || sum.Worst() < failOn {
		return nil
	}
	return thresholdError{fmt.Sprintf("--fail-on %s reached: %d rows rejected, %d vacancies with errors, %d with warnings",
		failOn, sum.Rejected, sum.BySeverity[compute.Error], sum.BySeverity[compute.Warning])}
}

func explainCommand(c *cli.Context, stdin io.Reader) error {
	opts, err := commonOptions(c, stdin)
	if err != nil {
		return err
	}
	id := c.String("id")
	if id == "" {
		return usagef("explain needs --id ID (a vacancy_id, or file:sheet:row)")
	}
	found, err := pipeline.Find(c.Context, opts, id)
	if err != nil {
		return err
	}
	if len(found) == 0 {
		return fmt.Errorf("no vacancy with vacancy_id or source %q in %s", id, strings.Join(opts.Inputs, ", "))
	}
	for i := range found {
		if i > 0 {
			fmt.Fprintln(c.App.Writer)
		}
		printExplanation(terminalSafe{c.App.Writer}, &found[i], opts.AsOf)
	}
	return nil
}

func printExplanation(w io.Writer, r *compute.Result, asOf compute.Date) {
	v := r.Vacancy
	fmt.Fprintf(w, "%s (%s)\n", v.ID, v.Source)
	fmt.Fprintf(w, "  %s — %s, %s, district %s, county %s\n", v.Office, v.Class, v.Cause, orDash(v.District), orDash(v.County))
	fmt.Fprintf(w, "\nReasoning (%s):\n", compute.Edition)
	for i, s := range r.Steps {
		fmt.Fprintf(w, "  %d. %s [%s]\n     %s\n", i+1, s.Rule, s.Citation, s.Text)
	}
	fmt.Fprintf(w, "\nResult: %s", r.Method)
	if !r.FillingElection.IsZero() {
		fmt.Fprintf(w, ", election %s", r.FillingElection)
	}
	fmt.Fprintf(w, "; vacant since %s\n  %s\n", orDash(r.VacancyDate.String()), r.Explanation)
	if len(r.Deadlines) > 0 {
		fmt.Fprintf(w, "\nDeadlines (status as of %s):\n", asOf)
		tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  code\twindow start\tstatutory\teffective\tstatus\tcitation")
		for _, d := range r.Deadlines {
			status := string(d.Status)
			if !d.Applies {
				status = "n/a: " + d.Reason
			} else if d.RolledOver {
				status += " (rolled over, § 1-106)"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\n", d.Code, orDash(d.WindowStart.String()),
				orDash(d.Statutory.String()), orDash(d.Effective.String()), status, d.Citation)
		}
		tw.Flush()
	}
	if len(r.Conflicts) > 0 {
		fmt.Fprintln(w, "\nConflicts:")
		for _, cf := range r.Conflicts {
			fmt.Fprintf(w, "  %-7s %s (%s) %s [%s]\n", cf.Severity, cf.Code, orDash(cf.Field), cf.Message, cf.Citation)
		}
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func rulesCommand(c *cli.Context) error {
	rules := compute.Rules()
	w := c.App.Writer
	if c.Bool("csv") {
		cw := csv.NewWriter(w)
		_ = cw.Write([]string{"code", "citation", "counting", "roll_over", "in_force_from", "in_force_to", "words", "note"})
		for _, r := range rules {
			_ = cw.Write([]string{r.Code, r.Citation, r.Counting, yesNo(r.RollOver),
				r.InForceFrom.String(), r.InForceTo.String(), r.Words, r.Note})
		}
		cw.Flush()
		return cw.Error()
	}
	fmt.Fprintf(w, "%s\n%d rules\n", compute.Edition, len(rules))
	for _, r := range rules {
		fmt.Fprintf(w, "\n%s — %s\n", r.Code, r.Citation)
		if r.Counting != "" {
			fmt.Fprintf(w, "  counting: %s", r.Counting)
			if r.RollOver {
				fmt.Fprint(w, "; a last day on a weekend or holiday moves to the next business day (§ 1-106)")
			}
			fmt.Fprintln(w)
		}
		if !r.InForceFrom.IsZero() || !r.InForceTo.IsZero() {
			fmt.Fprintf(w, "  in force: %s to %s\n", orDash(r.InForceFrom.String()), orDash(r.InForceTo.String()))
		}
		if r.Words != "" {
			fmt.Fprintf(w, "  %q\n", r.Words)
		}
		if r.Note != "" {
			fmt.Fprintf(w, "  interpretation: %s\n", r.Note)
		}
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func calendarCommand(c *cli.Context) error {
	year := c.Int("year")
	if !c.IsSet("year") {
		return usagef("calendar needs --year YYYY")
	}
	if year < minYear || year > maxYear {
		return usagef("--year %d: give a four-digit year from %d to %d", year, minYear, maxYear)
	}
	var overrides []compute.Override
	if f := c.String("calendar"); f != "" {
		ov, problems, err := ingest.CalendarOverrides(f, false)
		if err != nil {
			return err
		}
		for _, p := range problems {
			return fmt.Errorf("calendar %s column %s %q: %s", p.Source, p.Column, p.Value, p.Message)
		}
		overrides = ov
	}
	items := compute.YearCalendar(compute.NewCalendar(overrides), year)
	header := []string{"code", "window_start", "statutory_date", "effective_date", "citation", "source"}
	row := func(it compute.CalendarItem) []string {
		return []string{it.Code, it.WindowStart.String(), it.Statutory.String(), it.Effective.String(), it.Citation, it.Source}
	}
	if c.Bool("csv") {
		cw := csv.NewWriter(c.App.Writer)
		_ = cw.Write(header)
		for _, it := range items {
			_ = cw.Write(row(it))
		}
		cw.Flush()
		return cw.Error()
	}
	tw := tabwriter.NewWriter(c.App.Writer, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, it := range items {
		cells := row(it)
		for i := 1; i <= 3; i++ {
			cells[i] = orDash(cells[i])
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}

// The years calendar accepts: those a row's date may hold (ingest refuses
// others as typing mistakes, "26" for "2026").
const (
	minYear = 1900
	maxYear = 2199
)

func templateCommand(c *cli.Context) error {
	path := c.String("out")
	if path == "" {
		return usagef("template --out needs a file name")
	}
	if !strings.EqualFold(filepath.Ext(path), ".xlsx") {
		return usagef("%s %q: the template is an Excel workbook; give a name ending in .xlsx", origin(c, "out"), path)
	}
	write := export.CreateTemplate
	if c.Bool("force") {
		write = export.WriteTemplate
	}
	if err := write(path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s already exists and was left as it was: give --force to replace it, or another --out name", path)
		}
		return err
	}
	fmt.Fprintf(c.App.Writer, "wrote %s: fill the Vacancies sheet, one row per vacancy; the Columns sheet explains each column\n", path)
	return nil
}
