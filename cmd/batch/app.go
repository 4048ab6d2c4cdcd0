package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"batch/pkg/compute"
	"batch/pkg/pipeline"
)

// usageError is a mistake in the command line: exit 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// goFlagName is a long flag as the standard flag package's messages spell
// it ("invalid value "x" for flag -jobs", "flag needs an argument: -out").
var goFlagName = regexp.MustCompile(`(: |for |for flag )-([A-Za-z][A-Za-z0-9-]+)`)

// flagSpelling spells long flags in urfave's messages as they are typed,
// with two dashes.
func flagSpelling(err error) error {
	msg := goFlagName.ReplaceAllString(err.Error(), "$1--$2")
	if msg == err.Error() {
		return err
	}
	return errors.New(msg)
}

// thresholdError says --fail-on was reached: exit 3, outputs complete.
type thresholdError struct{ msg string }

func (e thresholdError) Error() string { return e.msg }

// newApp builds the command line. It never exits: errors come back from
// RunContext and main maps them to a status.
func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	onUsage := func(c *cli.Context, err error, _ bool) error { return usageError{suggestFlag(c, flagSpelling(err))} }
	version := buildVersion()
	env := func(name string) []string { return []string{"BATCH_" + name} }

	inputFlags := []cli.Flag{
		&cli.StringFlag{Name: "as-of", Usage: "judge deadlines open/passed against `DATE` (YYYY-MM-DD)", Value: "today", EnvVars: env("AS_OF")},
		&cli.StringFlag{Name: "calendar", Usage: "calendar overrides from `FILE` (.csv or .xlsx: year, primary_date, general_date, holiday)", EnvVars: env("CALENDAR")},
		&cli.StringFlag{Name: "sheet", Usage: "read only the sheet `NAME` of each workbook (default: every sheet with a recognised header)", EnvVars: env("SHEET")},
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "parallel workers (0: one per CPU)", EnvVars: env("JOBS")},
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress, only errors", EnvVars: env("QUIET")},
		&cli.StringFlag{Name: "log-format", Usage: "log lines on standard error as `text` or json", Value: "text", EnvVars: env("LOG_FORMAT")},
		editionFlag(env),
	}
	runFlags := append([]cli.Flag{
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write results into `DIR` (created if missing)", Value: "out", EnvVars: env("OUT")},
		&cli.StringFlag{Name: "format", Usage: "outputs to write: any of " + strings.Join(pipeline.Formats(), ","), Value: "xlsx,csv,json", EnvVars: env("FORMAT")},
		&cli.StringFlag{Name: "fail-on", Usage: "exit 3 when a conflict of `LEVEL` or worse, or a rejected row, exists: error, warning or never; or, with --compare, changed (anything but the as-of date moved); or action (the digest's Needs action lists something: a deadline due within --soon days, one passed since the last run, a row now rejected, an error raised); e.g. action,changed", Value: "never", EnvVars: env("FAIL_ON")},
		&cli.StringFlag{Name: "compare", Usage: "compare with the earlier run in `PREV` (an output folder or its snapshot.jsonl.gz; auto: the one --out already holds) and list what changed", EnvVars: env("COMPARE")},
		&cli.IntFlag{Name: "soon", Usage: "with --compare, list the open deadlines due within `N` days (0: none)", Value: 7, EnvVars: env("SOON")},
		&cli.BoolFlag{Name: "ics-open-only", Usage: "leave the deadlines and elections passed on the as-of date out of deadlines.ics (the default already does; for --ics-all)", EnvVars: env("ICS_OPEN_ONLY")},
		&cli.StringFlag{Name: "ics-from", Usage: "leave the events before `DATE` (YYYY-MM-DD) out of deadlines.ics", EnvVars: env("ICS_FROM")},
		&cli.BoolFlag{Name: "ics-all", Usage: "deadlines.ics holds every applicable deadline and election day, passed or not (default: only the open deadlines and the election days ahead)", EnvVars: env("ICS_ALL")},
		&cli.StringFlag{Name: "ics-alarm", Usage: "each deadline in deadlines.ics reminds at 09:00 `Nd` days before (0d: on the day), or none", Value: "3d", EnvVars: env("ICS_ALARM")},
		&cli.StringFlag{Name: "split", Usage: "also write a folder per value of `COLUMN` (county, office_class, or a column of the inputs) under OUT/by-COLUMN/, each with its own results.xlsx and summary.json, and an index.csv", EnvVars: env("SPLIT")},
		&cli.BoolFlag{Name: "mail", Usage: "after the commit, mail each part (the statewide one, and each --split folder's) to its recipients, as batch mail does (adds digest to --format: each message's body); see batch mail --help", EnvVars: env("MAIL")},
	}, append(inputFlags, mailFlags(env)...)...)
	checkFlags := append([]cli.Flag{
		&cli.StringFlag{Name: "fail-on", Usage: "exit 3 when a conflict of `LEVEL` or worse, or a rejected row, exists: error, warning or never", Value: "error", EnvVars: env("FAIL_ON")},
		&cli.StringFlag{Name: "format", Usage: "print the list as `text`, csv or json (csv and json: the list alone on standard output, the summary line on standard error)", Value: "text", EnvVars: env("CHECK_FORMAT")},
	}, inputFlags...)

	app := &cli.App{
		Name:    "batch",
		Usage:   "vacancies in New York elective offices: filling election, deadlines and conflicts, in bulk",
		Version: version,
		Description: "batch reads vacancy workbooks (.xlsx, .csv), applies Public Officers Law §§ 30 and 42\n" +
			"and Election Law § 6-158 to every row, and writes a result workbook, CSV, calendar and JSON.\n\n" +
			"Examples:\n" +
			"   batch run samples/statewide.xlsx                 results in ./out\n" +
			"   batch run *.xlsx -o /srv/vacancies --fail-on error\n" +
			"   batch check county-boards/*.xlsx                 report bad rows, write nothing\n" +
			"   batch explain samples/statewide.xlsx --id NY-0000005\n" +
			"   batch calendar --year 2026                      the June primary, the 2026 Passover act's dates\n" +
			"   batch calendar --year 2027 --class state_senator --csv\n" +
			"   batch rules --as-of 2026-11-30                  the rules in force that day\n" +
			"   batch template --out vacancies.xlsx",
		Reader:         stdin,
		Writer:         &printableOut{w: stdout}, // flushed by runLine
		ErrWriter:      &printableOut{w: stderr},
		OnUsageError:   onUsage,
		ExitErrHandler: func(*cli.Context, error) {}, // main decides the exit status
		Action: func(c *cli.Context) error {
			if c.Args().Present() {
				return unknownCommand(c.App, c.Args().First())
			}
			return cli.ShowAppHelp(c)
		},
		Commands: []*cli.Command{
			{
				Name:      "run",
				Usage:     "compute every vacancy in the inputs and write the results",
				ArgsUsage: "INPUT... (.xlsx, .xlsm, .csv, or - for CSV on standard input)",
				Description: "Writes results.xlsx, vacancies.csv, deadlines.csv, conflicts.csv, errors.csv and\n" +
					"summary.json (and deadlines.ics with --format …,ics) into --out. Files appear only\n" +
					"when complete; an interrupted or failed run leaves earlier outputs as they were.\n\n" +
					"Exit status: 0 done, 1 failed (nothing written), 2 wrong usage,\n" +
					"3 --fail-on reached (outputs complete), 4 with --mail: a message not delivered\n" +
					"(outputs complete; see OUT/mail.csv), 130 interrupted.\n\n" +
					"Examples:\n" +
					"   batch run samples/statewide.xlsx\n" +
					"   batch run --as-of 2026-07-01 --format xlsx,csv,ics -o out/july a.xlsx b.csv\n" +
					"   batch run --as-of 2027-01-15 --edition E0 -o out/e0 a.xlsx     reproduce a run under the 2010 texts\n" +
					"   batch run --split county -o out statewide.xlsx   also out/by-county/<county>/results.xlsx for each county board\n" + "   batch run --split county --fail-on action --mail -o out statewide.xlsx\n" +
					"        … and mail each board its part (the settings: batch mail --help)\n" +
					"   cat rows.csv | batch run -q -o out -",
				Flags:        runFlags,
				OnUsageError: onUsage,
				Action:       func(c *cli.Context) error { return runCommand(c, stdin, stderr) },
			},
			{
				Name:      "mail",
				Usage:     "mail each part of the last committed run in OUT to its board: the statewide part and every --split folder",
				ArgsUsage: "[OUT] (the output folder; default: --out, out)",
				Description: "Mails what the run that .batch/current names says should be mailed: the statewide\n" +
					"part to --mail-to and the recipients file's * row, each --split folder's part to its row\n" +
					"(--mail-recipients). Subject: the part's digest heading; body: digest.txt, with\n" +
					"digest.html as its HTML form; attached: its results.xlsx and deadlines.ics. Each message\n" +
					"is written to the run's ledger, OUT/mail.csv: one sent is never sent again for the run,\n" +
					"so batch mail can run again after a failure. run --mail does the same after its commit.\n\n" +
					"Exit status: 0 done (or nothing left to send), 1 failed (no run in OUT, the folder busy),\n" +
					"2 wrong usage (a setting: nothing was sent), 4 a message not delivered (see OUT/mail.csv).\n\n" +
					"The password comes from BATCH_SMTP_PASSWORD or --smtp-password-file, never the line.\n\n" +
					"Examples:\n" +
					"   batch mail --smtp-url smtp://elections@example.org@smtp.office365.com:587 \\\n" +
					"       --mail-from \"Elections <elections@example.org>\" --mail-recipients boards.csv out\n" +
					"   batch mail --test you@example.org            one short message, to check the settings\n" +
					"   batch mail --mail-dry-run /tmp/mail out      .eml files and the ledger, nothing sent\n" +
					"   batch mail --resend-uncertain out            also what may have reached the server",
				Flags: append(mailFlags(env),
					&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "the output folder `DIR` (as OUT)", Value: "out", EnvVars: env("OUT")},
					&cli.StringFlag{Name: "test", Usage: "send one short message to `ADDRESS`, to check the settings, and nothing else"},
					&cli.BoolFlag{Name: "resend-uncertain", Usage: "send again, under the same Message-ID, the messages the ledger marks uncertain (the connection broke after their last line: the server may have them)"},
					&cli.BoolFlag{Name: "retry-failed", Usage: "send again the messages the server refused for good (5xx); one refused for a while (4xx) is sent again without it"},
					&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no line when all went well, only errors", EnvVars: env("QUIET")},
					&cli.StringFlag{Name: "log-format", Usage: "log lines on standard error as `text` or json", Value: "text", EnvVars: env("LOG_FORMAT")},
				),
				OnUsageError: onUsage,
				Action:       mailCommand,
			},
			{
				Name:      "check",
				Usage:     "validate the inputs: report bad rows and conflicts, write nothing",
				ArgsUsage: "INPUT...",
				Description: "Lists the rejected rows (one line per problem), then the vacancies with errors and\n" +
					"those with warnings (one line per conflict: vacancy_id, code, source, message), then a\n" +
					"summary. --format csv or json writes the list for scripts. Exit 3 when a row is\n" +
					"rejected or a conflict of --fail-on's level exists (default: error).\n\n" +
					"Examples:\n   batch check county-boards/*.xlsx\n" +
					"   batch check --format csv county-boards/*.xlsx > problems.csv",
				Flags:        checkFlags,
				OnUsageError: onUsage,
				Action:       func(c *cli.Context) error { return checkCommand(c, stdin) },
			},
			{
				Name:      "explain",
				Usage:     "show one vacancy's reasoning step by step, with citations",
				ArgsUsage: "INPUT... --id ID",
				Description: "ID is the row's vacancy_id, or its source (file:sheet:row). Every step considered is\n" +
					"listed, those that did not apply too, each with the edition of the law that decided it.\n\n" +
					"Examples:\n   batch explain samples/statewide.xlsx --id NY-0000005\n" +
					"   batch explain --as-of 2026-11-30 samples/statewide.xlsx --id NY-0000005",
				Flags: append([]cli.Flag{
					&cli.StringFlag{Name: "id", Usage: "the vacancy_id (or file:sheet:row) to explain (required)"},
				}, inputFlags...),
				OnUsageError: onUsage,
				Action:       func(c *cli.Context) error { return explainCommand(c, stdin) },
			},
			{
				Name:  "rules",
				Usage: "list every rule the engine applies, edition by edition: code, citation, statute words, in-force dates",
				Description: "Examples:\n   batch rules --csv > rules.csv\n" +
					"   batch rules --as-of 2026-11-30        only the rules in force that day",
				Flags: []cli.Flag{
					&cli.BoolFlag{Name: "csv", Usage: "print CSV with a header instead of text"},
					&cli.StringFlag{Name: "as-of", Usage: "only the rules in force on `DATE` (YYYY-MM-DD)"},
					editionFlag(env),
				},
				OnUsageError: onUsage,
				Action:       rulesCommand,
			},
			{
				Name:  "calendar",
				Usage: "print a year's election days, holidays and deadlines",
				Description: "As a vacancy that existed before the year would see them, under the edition of the\n" +
					"law in force on February 1 of the year and the year's one-year act.\n\n" +
					"Examples:\n   batch calendar --year 2026 --csv          designating petitions 2026-03-30 … 2026-04-06\n" +
					"   batch calendar --year 2026 --base         the permanent formula: … 2026-04-02\n" +
					"   batch calendar --year 2022 --class state_senator   the August 23 primary\n" +
					"   batch calendar --year 2027 --class village --village-month 6   a June village's election and nominations\n" +
					"   batch calendar --year 2027 --against published-2027.csv   exit 3 on any difference",
				Flags: []cli.Flag{
					&cli.IntFlag{Name: "year", Usage: "the `YEAR` (required)"},
					&cli.StringFlag{Name: "class", Usage: "the calendar of the office class `CLASS` (e.g. state_senator; default: statewide)"},
					&cli.BoolFlag{Name: "base", Usage: "the permanent formula, without the year's one-year act and calendar input dates"},
					&cli.StringFlag{Name: "against", Usage: "compare with a published calendar in `FILE` (.csv or .xlsx: code, date, window_start); exit 3 on a difference"},
					&cli.StringFlag{Name: "calendar", Usage: "calendar overrides from `FILE`", EnvVars: env("CALENDAR")},
					&cli.BoolFlag{Name: "csv", Usage: "print CSV with a header instead of an aligned table"},
					editionFlag(env),
					&cli.StringFlag{Name: "village-month", Usage: "with --class village: the village's election `MONTH` (1-12 or its name; default: March)"},
				},
				OnUsageError: onUsage,
				Action:       calendarCommand,
			},
			{
				Name:  "version",
				Usage: "print the build's version (as --version does)",
				Action: func(c *cli.Context) error {
					_, err := fmt.Fprintf(c.App.Writer, "batch version %s\n", c.App.Version)
					return err
				},
			},
			{
				Name:        "template",
				Usage:       "write a blank input workbook for analysts to fill",
				Description: "An existing FILE is left as it was unless --force is given.\n\nExample:\n   batch template --out vacancies.xlsx",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the template to `FILE` (.xlsx)", Value: "vacancy-template.xlsx"},
					&cli.BoolFlag{Name: "force", Usage: "replace FILE if it exists (without it, an existing file is left alone)"},
				},
				OnUsageError: onUsage,
				Action:       templateCommand,
			},
		},
	}
	prepare(app)
	return app
}

// maxJobs bounds --jobs: each worker holds a chunk of rows, and no
// machine a board runs this on has more cores.
const maxJobs = 1024

// commonOptions reads the flags run, check and explain share.
func commonOptions(c *cli.Context, stdin io.Reader) (pipeline.Options, error) {
	opts := pipeline.Options{
		Inputs:       c.Args().Slice(),
		Stdin:        stdin,
		CalendarFile: c.String("calendar"),
		Sheet:        c.String("sheet"),
		Jobs:         c.Int("jobs"),
		Version:      c.App.Version,
	}
	if len(opts.Inputs) == 0 {
		return opts, usagef("%s needs at least one INPUT file (or - for standard input)", c.Command.Name)
	}
	if opts.Jobs < 0 || opts.Jobs > maxJobs {
		return opts, usagef("%s %d: give a number of workers from 1 to %d, or 0 for one per CPU", origin(c, "jobs"), opts.Jobs, maxJobs)
	}
	asOf, err := parseAsOf(c.String("as-of"), origin(c, "as-of"))
	if err != nil {
		return opts, err
	}
	opts.AsOf = asOf
	if opts.Law, err = lawOf(c); err != nil {
		return opts, err
	}
	if opts.Inputs, err = inputFiles(c, opts.Inputs); err != nil {
		return opts, err
	}
	return opts, nil
}

// editionFlag is --edition, on every command that applies the law.
func editionFlag(env func(string) []string) cli.Flag {
	return &cli.StringFlag{Name: "edition", Value: "auto", EnvVars: env("EDITION"),
		Usage: "the law applied: `auto` (the edition in force on each date) or one of E0 (2010 texts), E1 (2011), E2 (2019), E3 (2021), E4 (2022) for every date"}
}

// parseAsOf reads --as-of; "today" is the machine's calendar day, the only
// place the tool reads the clock for a date.
// from names where s came from (--as-of or its environment variable).
// A date is read as a row's date is, with the same reasons when wrong.
func parseAsOf(s, from string) (compute.Date, error) {
	if s == "" || strings.EqualFold(s, "today") {
		return compute.FromTime(time.Now()), nil
	}
	d, err := pipeline.ParseDate(s)
	if err != nil {
		return d, usagef("%s: %v", from, err)
	}
	return d, nil
}

func parseFormats(s, from string) ([]string, error) {
	known := pipeline.Formats()
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if f == "" {
			continue
		}
		if !slices.Contains(known, f) {
			return nil, usagef("%s %q: choose among %s", from, f, strings.Join(known, ","))
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, usagef("%s is empty: choose among %s", from, strings.Join(known, ","))
	}
	return out, nil
}

// parseFailOn maps --fail-on to the lowest severity that fails the run;
// NoSeverity means never.
func parseFailOn(s, from string) (compute.Severity, error) {
	switch strings.ToLower(s) {
	case "never", "":
		return compute.NoSeverity, nil
	case "warning":
		return compute.Warning, nil
	case "error":
		return compute.Error, nil
	}
	return 0, usagef("%s %q: choose error, warning or never", from, s)
}

// runFailOn is run's --fail-on: a severity, changed, action, or several
// ("error,changed", "action,changed").
type runFailOn struct {
	severity compute.Severity
	changed  bool     // anything but the as-of date moved since the compared run
	action   bool     // the digest's Needs action lists something
	levels   []string // as given, lower case, "never" left out: summary.json's fail_on.levels
}

func parseRunFailOn(s, from string) (runFailOn, error) {
	f := runFailOn{severity: compute.NoSeverity}
	for _, part := range strings.Split(s, ",") {
		switch part = strings.ToLower(strings.TrimSpace(part)); part {
		case "changed":
			f.changed = true
			f.levels = appendLevel(f.levels, part)
			continue
		case "action":
			f.action = true
			f.levels = appendLevel(f.levels, part)
			continue
		}
		v, err := parseFailOn(part, from)
		if err != nil {
			return f, usagef("%s %q: choose error, warning, changed, action or never (action,changed for both)", from, s)
		}
		if v != compute.NoSeverity {
			f.levels = appendLevel(f.levels, part)
		}
		f.severity = max(f.severity, v)
	}
	return f, nil
}

// appendLevel adds a level once.
func appendLevel(levels []string, l string) []string {
	if slices.Contains(levels, l) {
		return levels
	}
	return append(levels, l)
}

// export is the levels as every summary.json judges its part by them.
func (f runFailOn) export() pipeline.FailOn {
	return pipeline.FailOn{Levels: f.levels, Severity: f.severity, Action: f.action, Changed: f.changed}
}

// logger writes one line per phase to standard error (cron mail stays
// short); quiet keeps only errors.
func logger(c *cli.Context, stderr io.Writer, quiet bool) (*slog.Logger, error) {
	level := slog.LevelInfo
	if quiet {
		level = slog.LevelError
	}
	hopts := &slog.HandlerOptions{Level: level}
	stderr = terminalSafe{stderr} // values from the inputs cannot drive the terminal
	// This run's own lines are kept too, whatever -q says, for the
	// failure notice (--mail-on-error), each with its time (runLog's).
	kept := slog.NewTextHandler(thisRun, &slog.HandlerOptions{Level: slog.LevelInfo,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) == 0 && a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		}})
	switch strings.ToLower(c.String("log-format")) {
	case "text", "":
		return slog.New(slog.NewMultiHandler(slog.NewTextHandler(stderr, hopts), kept)), nil
	case "json":
		return slog.New(slog.NewMultiHandler(slog.NewJSONHandler(stderr, hopts), kept)), nil
	}
	return nil, usagef("%s %q: choose text or json", origin(c, "log-format"), c.String("log-format"))
}

// isTerminal reports whether w is an interactive terminal, seen through
// the printable filter the app's writers are (a notice on a terminal is a
// plain line, not a log line).
func isTerminal(w io.Writer) bool {
	if o, ok := w.(*printableOut); ok {
		w = o.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
