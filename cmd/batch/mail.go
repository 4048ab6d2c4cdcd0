package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"batch/internal/printable"
	"batch/pkg/compute"
	"batch/pkg/mail"
	"batch/pkg/pipeline"
)

// mailFlags are the mail step's settings (CONTRACT.md, "Mail"), the same on
// batch mail and batch run --mail. The password has no flag: it comes
// from BATCH_SMTP_PASSWORD or a file, never the command line.
func mailFlags(env func(string) []string) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "smtp-url", EnvVars: env("SMTP_URL"),
			Usage: "mail through `URL`: smtp://user@host:587 (STARTTLS, required), smtps://user@host:465 (TLS), smtp+insecure://127.0.0.1:25 (no TLS: this computer only), or sendmail: (the local sendmail); the password comes from BATCH_SMTP_PASSWORD or --smtp-password-file, never the URL"},
		&cli.StringFlag{Name: "smtp-password-file", EnvVars: env("SMTP_PASSWORD_FILE"),
			Usage: "read the SMTP password from `FILE` (instead of the environment variable BATCH_SMTP_PASSWORD)"},
		&cli.StringFlag{Name: "smtp-ca-file", EnvVars: env("SMTP_CA_FILE"),
			Usage: "also trust the certificate authorities in `FILE` (PEM) for the server's certificate (an internal relay's own); the certificate is always verified"},
		&cli.BoolFlag{Name: "smtp-allow-insecure", EnvVars: env("SMTP_ALLOW_INSECURE"),
			Usage: "let smtp+insecure:// reach a relay on another computer (on a network you trust; never with a password)"},
		&cli.StringFlag{Name: "mail-from", EnvVars: env("MAIL_FROM"),
			Usage: "the sender, `\"NAME <ADDRESS>\"` (required when mail is on)"},
		&cli.StringFlag{Name: "mail-to", EnvVars: env("MAIL_TO"),
			Usage: "recipients of the statewide message, `ADDRESSES` separated by ;"},
		&cli.StringFlag{Name: "mail-cc", EnvVars: env("MAIL_CC"),
			Usage: "copy recipients of the statewide message, `ADDRESSES` separated by ;"},
		&cli.StringFlag{Name: "mail-recipients", EnvVars: env("MAIL_RECIPIENTS"),
			Usage: "route each split value to its board from `FILE`, a CSV with columns value,to,cc (value as in index.csv; (none) for the rows without one; * for the statewide message and every value without a row)"},
		&cli.StringFlag{Name: "mail-when", Value: "fail-on", EnvVars: env("MAIL_WHEN"),
			Usage: "`fail-on`: mail a part when it reached --fail-on (the statewide part by the run's exit 3, a slice by its own rows); always: every part"},
		&cli.StringFlag{Name: "mail-on-error", EnvVars: env("MAIL_ON_ERROR"),
			Usage: "when the run fails, mail \"batch failed: exit N\" with this run's own log lines, each timestamped, to `ADDRESS`"},
		&cli.StringFlag{Name: "mail-max-size", Value: mail.DefaultMaxSize, EnvVars: env("MAIL_MAX_SIZE"),
			Usage: "the largest message, encoded (`SIZE`: 10MB, 500KB, 25MiB); a larger one goes without its attachment and says where the file is"},
		&cli.StringFlag{Name: "mail-link-base", EnvVars: env("MAIL_LINK_BASE"),
			Usage: "the web address `URL` the output folder is served at: a file too large to attach is linked as URL/by-county/Albany/results.xlsx (without it: its path)"},
		&cli.StringFlag{Name: "mail-dry-run", EnvVars: env("MAIL_DRY_RUN"),
			Usage: "write each message as a .eml file into `DIR`, with the ledger mail.csv, and send nothing"},
		&cli.StringFlag{Name: "mail-timeout", Value: mail.DefaultTimeout.String(), EnvVars: env("MAIL_TIMEOUT"),
			Usage: "the most time the mail step may take (`DURATION`: 5m, 90s); what is left unsent is failed, and the next batch mail sends it"},
	}
}

// mailSettings reads the mail flags into settings and checks them.
func mailSettings(c *cli.Context) (*mail.Mailer, error) {
	timeout, err := time.ParseDuration(strings.TrimSpace(c.String("mail-timeout")))
	if err != nil || timeout <= 0 {
		return nil, usagef("%s %q: give a duration such as 5m or 90s", origin(c, "mail-timeout"), c.String("mail-timeout"))
	}
	s := mail.Settings{
		URL: c.String("smtp-url"), Password: os.Getenv("BATCH_SMTP_PASSWORD"), PasswordFile: c.String("smtp-password-file"),
		CAFile: c.String("smtp-ca-file"), AllowInsecure: c.Bool("smtp-allow-insecure"),
		From: c.String("mail-from"), To: c.String("mail-to"), Cc: c.String("mail-cc"), Recipients: c.String("mail-recipients"),
		When: c.String("mail-when"), OnError: c.String("mail-on-error"), MaxSize: c.String("mail-max-size"),
		LinkBase: c.String("mail-link-base"), DryRun: c.String("mail-dry-run"), Timeout: timeout, Version: c.App.Version,
		Origin: func(flag string) string { return origin(c, flag) },
	}
	m, err := s.Prepare()
	var ce *mail.ConfigError
	if errors.As(err, &ce) {
		return nil, usageError{err}
	}
	return m, err
}

// mailWhenAlways reports whether --mail-when is always.
func mailWhenAlways(c *cli.Context) bool {
	return strings.EqualFold(strings.TrimSpace(c.String("mail-when")), "always")
}

// prepareRunMail reads run's mail flags before any computing: --mail
// adds the digest (every message's body) to the formats;
// --mail-on-error arms the failure notice.
func prepareRunMail(c *cli.Context, formats []string, failOn runFailOn) (*mail.Mailer, []string, error) {
	on := c.Bool("mail")
	if !on && c.String("mail-on-error") == "" {
		return nil, formats, nil
	}
	m, err := mailSettings(c)
	if err != nil {
		return nil, formats, err
	}
	if on {
		if failOn.severity == compute.NoSeverity && !failOn.changed && !failOn.action && !mailWhenAlways(c) {
			return nil, formats, usagef("--mail mails a part when it reaches --fail-on (--mail-when fail-on, the default), and --fail-on is never: nothing would be mailed; give --fail-on (action,changed for the nightly digest) or --mail-when always")
		}
		if !slices.Contains(formats, pipeline.Digest) {
			formats = append(formats, pipeline.Digest)
		}
	}
	if c.String("mail-on-error") != "" {
		armFailureNotice(m, c.String("out"))
	}
	return m, formats, nil
}

// runMail is run --mail's step, after the commit: it mails the set this
// run committed. thresholdErr is --fail-on's outcome; exit 4 outranks it.
func runMail(c *cli.Context, m *mail.Mailer, out, run string, thresholdErr error, quiet bool) error {
	log, _ := logger(c, c.App.ErrWriter, quiet)
	rep, err := m.Deliver(c.Context, mail.Options{Out: out, Run: run, Log: log})
	switch {
	case err != nil && (c.Context.Err() != nil || errors.Is(err, context.Canceled)):
		return err
	case err != nil:
		// The outputs are complete and committed; nothing was mailed.
		return undeliveredError{line: "mail: nothing sent: " + userMessage(err), also: thresholdErr}
	case rep.Undelivered():
		return undeliveredError{line: rep.Line(), also: thresholdErr}
	}
	if !quiet {
		fmt.Fprintln(terminalSafe{c.App.Writer}, rep.Line())
	}
	return thresholdErr
}

// mailCommand is batch mail [OUT].
func mailCommand(c *cli.Context) error {
	if c.NArg() > 1 {
		return usagef("batch mail takes one output folder, but was given %d: %s", c.NArg(), strings.Join(c.Args().Slice(), " "))
	}
	out := c.String("out")
	if c.NArg() == 1 {
		out = c.Args().First()
	}
	m, err := mailSettings(c)
	if err != nil {
		return err
	}
	quiet := c.Bool("quiet")
	if addr := c.String("test"); addr != "" {
		line, err := m.Test(c.Context, addr)
		var ce *mail.ConfigError
		switch {
		case errors.As(err, &ce):
			return usageError{err}
		case err != nil:
			return undeliveredError{line: err.Error()}
		}
		fmt.Fprintln(terminalSafe{c.App.Writer}, line)
		return nil
	}
	if c.String("mail-on-error") != "" {
		armFailureNotice(m, out)
	}
	log, err := logger(c, c.App.ErrWriter, quiet)
	if err != nil {
		return err
	}
	rep, err := m.Deliver(c.Context, mail.Options{Out: out, Log: log,
		ResendUncertain: c.Bool("resend-uncertain"), RetryFailed: c.Bool("retry-failed")})
	if err != nil {
		return err
	}
	if rep.Undelivered() {
		return undeliveredError{line: rep.Line()}
	}
	if !quiet {
		fmt.Fprintln(terminalSafe{c.App.Writer}, rep.Line())
	}
	return nil
}

// undeliveredError: the outputs are complete, but a message was not
// delivered: exit 4, which outranks 3 (also, printed first).
type undeliveredError struct {
	line string
	also error
}

func (e undeliveredError) Error() string { return e.line }

// The failure notice (--mail-on-error): armed once the mail settings are
// read, sent by main once the exit status is known.
var failureNotice struct {
	mu     sync.Mutex
	mailer *mail.Mailer
	out    string
}

func armFailureNotice(m *mail.Mailer, out string) {
	failureNotice.mu.Lock()
	defer failureNotice.mu.Unlock()
	failureNotice.mailer, failureNotice.out = m, out
}

// notifyFailure sends the failure notice of a run that ended with code,
// when one is armed and code is a failure (1, 2, 130); its own outcome
// goes to stderr.
func notifyFailure(code int, stderr io.Writer) {
	failureNotice.mu.Lock()
	m, out := failureNotice.mailer, failureNotice.out
	failureNotice.mu.Unlock()
	if m == nil || (code != exitFailed && code != exitUsage && code != exitInterrupt) {
		return
	}
	line, err := m.NotifyFailure(context.Background(), mail.Failure{Code: code, Command: commandLine(os.Args), Out: out, Log: thisRun.Lines()})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return
	}
	if line != "" {
		fmt.Fprintln(stderr, line)
	}
}

// commandLine is the command as typed, each argument quoted when needed.
func commandLine(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = printable.Name(a)
		if strings.ContainsAny(a, " \t'\"") && out[i] == a {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// runLog holds this process's own log lines, each with the time it was
// written, for the failure notice: never an earlier run's lines from a
// log file.
type runLog struct {
	mu      sync.Mutex
	lines   []string
	partial []byte
}

// maxRunLog bounds the lines kept (one a phase: far fewer in a run).
const maxRunLog = 2000

var thisRun = &runLog{}

func (l *runLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial = append(l.partial, p...)
	for {
		i := slices.Index(l.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := strings.TrimRight(string(l.partial[:i]), "\r")
		l.partial = l.partial[i+1:]
		if len(l.lines) == maxRunLog {
			l.lines = l.lines[1:]
		}
		l.lines = append(l.lines, time.Now().Format("2006-01-02 15:04:05.000")+"  "+line)
	}
}

// Lines are the lines so far.
func (l *runLog) Lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.lines)
}
