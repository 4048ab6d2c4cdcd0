package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"batch/pkg/compute"
	"batch/pkg/export"
	"batch/pkg/pipeline"
)

func runCommand(c *cli.Context, stdin io.Reader, stderr io.Writer) error {
	opts, err := commonOptions(c, stdin)
	if err != nil {
		return err
	}
	if opts.Formats, err = parseFormats(c.String("format")); err != nil {
		return err
	}
	failOn, err := parseFailOn(c.String("fail-on"))
	if err != nil {
		return err
	}
	quiet := c.Bool("quiet")
	opts.OutDir = c.String("out")
	if opts.Log, err = logger(c, stderr, quiet); err != nil {
		return err
	}
	var bar *progressbar.ProgressBar
	if !quiet && isTerminal(stderr) {
		// A person is watching: a live count instead of log lines.
		opts.Log, _ = logger(c, stderr, true)
		bar = progressbar.NewOptions(-1,
			progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription("reading vacancies"),
			progressbar.OptionShowCount(),
			progressbar.OptionSpinnerType(14),
			progressbar.OptionThrottle(100_000_000),
			progressbar.OptionClearOnFinish(),
		)
		opts.Progress = func(phase string, n int) {
			bar.Describe(phase + " vacancies")
			_ = bar.Set(n)
		}
	}
	sum, err := pipeline.Run(c.Context, opts)
	if bar != nil {
		_ = bar.Finish()
	}
	if err != nil {
		return err
	}
	if !quiet {
		fmt.Fprintf(c.App.Writer, "%s → %s/\n", describe(sum), sum.OutDir)
	}
	return threshold(sum, failOn)
}

// describe is the one-line summary of a run, for people and cron mail.
func describe(sum pipeline.Summary) string {
	return fmt.Sprintf("%d vacancies computed, %d rows rejected, %d blank; conflicts: %d error, %d warning, %d info",
		sum.Accepted, sum.Rejected, sum.Blank,
		sum.BySeverity[compute.Error], sum.BySeverity[compute.Warning], sum.BySeverity[compute.Info])
}

func threshold(sum pipeline.Summary, failOn compute.Severity) error {
	if failOn == compute.NoSeverity || sum.Worst() < failOn {
		return nil
	}
	return thresholdError{fmt.Sprintf("--fail-on %s reached: %d rows rejected, %d vacancies with errors, %d with warnings",
		failOn, sum.Rejected, sum.BySeverity[compute.Error], sum.BySeverity[compute.Warning])}
}

func checkCommand(c *cli.Context, stdin io.Reader) error {
	opts, err := commonOptions(c, stdin)
	if err != nil {
		return err
	}
	failOn, err := parseFailOn(c.String("fail-on"))
	if err != nil {
		return err
	}
	if opts.Log, err = logger(c, c.App.ErrWriter, c.Bool("quiet")); err != nil {
		return err
	}
	sum, problems, err := pipeline.Check(c.Context, opts)
	if err != nil {
		return err
	}
	out := terminalSafe{c.App.Writer}
	for _, p := range problems {
		col := p.Column
		if col == "" {
			col = "(row)"
		}
		fmt.Fprintf(out, "%s: %s %q: %s\n", p.Source, col, p.Value, p.Message)
	}
	fmt.Fprintln(out, describe(sum))
	return threshold(sum, failOn)
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
		printExplanation(terminalSafe{c.App.Writer}, &found[i], opts.AsOf, opts.Law)
	}
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func templateCommand(c *cli.Context) error {
	path := c.String("out")
	if path == "" {
		return usagef("template --out needs a file name")
	}
	if err := export.WriteTemplate(path); err != nil {
		return err
	}
	fmt.Fprintf(c.App.Writer, "wrote %s: fill the Vacancies sheet, one row per vacancy; the Columns sheet explains each column\n", path)
	return nil
}
