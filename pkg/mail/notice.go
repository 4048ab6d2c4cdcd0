package mail

import (
	"context"
	"fmt"
	"io"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"time"

	"batch/internal/printable"
	"batch/pkg/outdir"
)

// Test sends one short message to addr, to check the settings (batch
// mail --test). It returns the step's line.
func (mr *Mailer) Test(ctx context.Context, addr string) (string, error) {
	to, err := parseAddress(addr, "--test")
	if err != nil {
		return "", err
	}
	host, _ := os.Hostname()
	server := mr.shownURL
	if server == "" {
		server = "(none: a dry run)"
	}
	text := fmt.Sprintf("This message checks the mail settings of batch on %s.\n\n"+
		"Server: %s\nSender: %s\nSent: %s\n\n"+
		"It reached you, so batch run --mail and batch mail can send the boards' parts with these settings.\n",
		orDefault(host, "this computer"), server, mr.from.String(), time.Now().Format("Mon 2006-01-02 15:04:05 MST"))
	m := mr.simple(to, "batch: test message", text, "test")
	reply, err := mr.sendAlone(ctx, m, "test.eml")
	if err != nil {
		return "", &Undelivered{Line: fmt.Sprintf("mail: test message to %s not sent: %v", to.Address, err)}
	}
	return fmt.Sprintf("mail: test message sent to %s (%s)", to.Address, reply), nil
}

// Failure is a failed run, for --mail-on-error.
type Failure struct {
	Code    int      // the exit status
	Command string   // the command line, as typed
	Out     string   // the output folder, "" when unknown
	Log     []string // this run's own log lines, each timestamped
}

// NotifyFailure sends "batch failed: exit N" with the run's own log to
// --mail-on-error's address; nothing without one.
func (mr *Mailer) NotifyFailure(ctx context.Context, f Failure) (string, error) {
	if mr.onError == nil {
		return "", nil
	}
	host, _ := os.Hostname()
	var b strings.Builder
	fmt.Fprintf(&b, "batch failed on %s with exit status %d (%s), at %s.\n\n", orDefault(host, "this computer"), f.Code,
		exitMeaning(f.Code), time.Now().Format("Mon 2006-01-02 15:04:05 MST"))
	if f.Command != "" {
		fmt.Fprintf(&b, "Command: %s\n", f.Command)
	}
	if f.Out != "" {
		fmt.Fprintf(&b, "Output folder: %s (left as the last complete run wrote it)\n", f.Out)
	}
	b.WriteString("\nThis run's log, each line with its time:\n\n")
	if len(f.Log) == 0 {
		b.WriteString("(no line)\n")
	}
	for _, l := range f.Log {
		b.WriteString(l)
		b.WriteString("\n")
	}
	m := mr.simple(mr.onError, fmt.Sprintf("batch failed: exit %d", f.Code), b.String(), "failed")
	reply, err := mr.sendAlone(ctx, m, "failed.eml")
	if err != nil {
		return "", &Undelivered{Line: fmt.Sprintf("mail: the failure notice to %s was not sent: %v", mr.onError.Address, err)}
	}
	return fmt.Sprintf("mail: failure notice sent to %s (%s)", mr.onError.Address, reply), nil
}

func exitMeaning(code int) string {
	switch code {
	case 1:
		return "the run failed; nothing was half-written"
	case 2:
		return "wrong usage"
	case 130:
		return "interrupted"
	}
	return "failed"
}

// simple is a short text message from the tool to one address.
func (mr *Mailer) simple(to *mail.Address, subject, text, kind string) *message {
	domain := mailDomain(mr.from)
	now := time.Now()
	return &message{from: mr.from, to: []*mail.Address{to}, subject: subject, text: text, date: now, agent: mr.agent,
		id: fmt.Sprintf("batch.%s.%s@%s", kind, shortHash(now.Format(time.RFC3339Nano), to.Address), domain)}
}

// sendAlone sends one message outside any run's ledger (a test, a
// failure notice), with the same retries; a dry run writes it as name.
func (mr *Mailer) sendAlone(ctx context.Context, m *message, name string) (string, error) {
	if mr.dryRun != "" {
		data, err := m.fit(mr.maxSize, fmt.Sprintf("mails here may be (%s)", humanSize(mr.maxSize)))
		if err != nil {
			return "", err
		}
		if err := os.MkdirAll(mr.dryRun, 0o755); err != nil {
			return "", err
		}
		p := filepath.Join(mr.dryRun, name)
		if err := outdir.WriteFile(p, false, func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		}); err != nil {
			return "", fmt.Errorf("%s: %w (a dry run never replaces a file)", printable.Name(p), err)
		}
		return "written to " + p + ", not sent", nil
	}
	d := &delivery{mr: mr, rep: &Report{}, sink: func([]byte) error { return nil }, deadline: time.Now().Add(mr.timeout)}
	if mr.sendmail != "" {
		d.t = &sendmailTransport{path: mr.sendmail}
	} else {
		d.t = &smtpTransport{sv: mr.server, reply: mr.reply}
	}
	defer d.t.close()
	sctx, cancel := context.WithDeadline(ctx, d.deadline)
	defer cancel()
	reply, f := d.transmit(sctx, m, &entry{})
	if f != nil {
		return "", fmt.Errorf("%s", f.reply())
	}
	return oneLine(reply), nil
}
