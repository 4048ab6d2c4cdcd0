package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// transport carries encoded messages: an SMTP server over one connection
// at a time, or the local sendmail.
type transport interface {
	// connect readies the way to the server and returns the largest
	// message it takes (SIZE; 0 when it says none).
	connect(ctx context.Context, deadline time.Time) (int64, *failure)
	// send delivers data; beforeEnd runs just before the server can have
	// the message whole (see smtpConn.send).
	send(ctx context.Context, from string, rcpts []string, data []byte, deadline time.Time, beforeEnd func() error) (string, *failure)
	// giveUp makes every later connect fail with f: a server that cannot
	// be reached or logged into is not tried again for each message.
	giveUp(f *failure)
	close()
}

// smtpTransport sends every message on one connection, and opens a new
// one only after the last broke (a 421, a reply that never came).
type smtpTransport struct {
	sv    *server
	reply time.Duration
	conn  *smtpConn
	dead  *failure
}

func (t *smtpTransport) connect(ctx context.Context, deadline time.Time) (int64, *failure) {
	if t.dead != nil {
		return 0, t.dead
	}
	if t.conn.usable() {
		return t.conn.size, nil
	}
	c, f := dialSMTP(ctx, t.sv, deadline, t.reply)
	if f != nil {
		return 0, f
	}
	t.conn = c
	return c.size, nil
}

func (t *smtpTransport) send(_ context.Context, from string, rcpts []string, data []byte, deadline time.Time, beforeEnd func() error) (string, *failure) {
	reply, f := t.conn.send(from, rcpts, data, deadline, beforeEnd)
	if f != nil {
		sendHint(f)
	}
	return reply, f
}

func (t *smtpTransport) giveUp(f *failure) { t.dead = f }

func (t *smtpTransport) close() {
	t.conn.close()
	t.conn = nil
}

// sendmailTransport hands each message to the local sendmail program
// (sendmail: in --smtp-url), which queues it for the system's own mail
// transfer agent.
type sendmailTransport struct {
	path string
	dead *failure
}

// findSendmail is the program sendmail: names, or the usual one.
func findSendmail(given string) (string, error) {
	if given != "" {
		if _, err := os.Stat(given); err != nil {
			return "", fmt.Errorf("sendmail:%s: %v", given, err)
		}
		return given, nil
	}
	if p, err := exec.LookPath("sendmail"); err == nil {
		return p, nil
	}
	for _, p := range []string{"/usr/sbin/sendmail", "/usr/lib/sendmail"} {
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p, nil
		}
	}
	return "", errors.New("sendmail: no sendmail program found (PATH, /usr/sbin, /usr/lib): install the system's mail transfer agent, give sendmail:/path/to/sendmail, or use smtp://")
}

func (t *sendmailTransport) connect(context.Context, time.Time) (int64, *failure) {
	if t.dead != nil {
		return 0, t.dead
	}
	return 0, nil
}

// exTempFail is sendmail's exit status for "try again later"
// (sysexits.h EX_TEMPFAIL).
const exTempFail = 75

func (t *sendmailTransport) send(ctx context.Context, from string, rcpts []string, data []byte, deadline time.Time, beforeEnd func() error) (string, *failure) {
	if err := beforeEnd(); err != nil {
		return "", &failure{step: "ledger", text: err.Error(), final: true, fatal: err}
	}
	dctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	args := append([]string{"-oi", "-f", from, "--"}, rcpts...)
	cmd := exec.CommandContext(dctx, t.path, args...)
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.CombinedOutput()
	said := oneLine(string(out))
	if err == nil {
		return "sendmail " + filepath.Base(t.path) + " took the message", nil
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == exTempFail:
		return "", &failure{step: "sendmail", text: fmt.Sprintf("sendmail exit %d (try again later) %s", exTempFail, said)}
	case errors.As(err, &exit) && exit.ExitCode() > 0:
		return "", &failure{step: "sendmail", text: fmt.Sprintf("sendmail exit %d %s", exit.ExitCode(), said), final: true}
	case dctx.Err() != nil:
		// Stopped while it ran: it may have queued the message.
		return "", &failure{step: "sendmail", text: "sendmail did not finish in time (--mail-timeout)", uncertain: true}
	}
	return "", &failure{step: "sendmail", text: strings.TrimSpace(err.Error()), final: true, connection: true}
}

func (t *sendmailTransport) giveUp(f *failure) { t.dead = f }
func (t *sendmailTransport) close()            {}
