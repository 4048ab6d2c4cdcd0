package mail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"regexp"
	"strings"
	"syscall"
	"time"

	"batch/internal/printable"
)

// failure is why a message did not go: a server's reply (code, enhanced
// code and text) or a connection that broke, at one step.
type failure struct {
	step     string // connect, TLS, STARTTLS, AUTH, MAIL FROM, RCPT TO, DATA, data, end of data
	rcpt     string // the address RCPT TO refused
	code     int    // the reply's code; 0: no reply
	enhanced string // its enhanced code (RFC 3463), "5.1.1"
	text     string // the reply's text, or the error
	hint     string // what to do about it
	// uncertain: the connection broke after the message's last line, so
	// the server may have it. broken: the connection cannot be used
	// again. final: sending again cannot help (a 5xx reply, a refused
	// certificate, a server that does not offer what is required).
	uncertain, broken, final bool
	// connection: the failure is the server's or the connection's, not
	// this message's: the messages after it would meet it too.
	connection bool
	cause      error
	fatal      error // the step must stop (the ledger cannot be written)
}

// temporary reports whether a later batch mail retries it by itself: a
// 4xx reply, or no reply at all (CONTRACT.md, "Mail").
func (f *failure) temporary() bool { return f.code < 500 }

// reply is the failure as the ledger's reply column and the summary line
// give it: the server's words, the step, and the fix.
func (f *failure) reply() string {
	var b strings.Builder
	if f.code != 0 {
		fmt.Fprintf(&b, "%d ", f.code)
	}
	b.WriteString(oneLine(f.text))
	if f.step != "" {
		fmt.Fprintf(&b, " (at %s", f.step)
		if f.rcpt != "" {
			fmt.Fprintf(&b, " %s", f.rcpt)
		}
		b.WriteString(")")
	}
	if f.hint != "" {
		b.WriteString(": " + f.hint)
	}
	return b.String()
}

// oneLine is a reply's lines on one line.
func oneLine(s string) string { return strings.Join(strings.Fields(printable.Name(s)), " ") }

var enhancedPattern = regexp.MustCompile(`^[245]\.\d{1,3}\.\d{1,3}\b`)

// enhancedCode is the enhanced status code (RFC 3463) a reply's text
// begins with, "" for none.
func enhancedCode(text string) string {
	return enhancedPattern.FindString(strings.TrimSpace(text))
}

// connectFailure is a failure to reach the server, start TLS or log in,
// with what to do about it (CONTRACT.md, "Mail": errors name the fix).
func connectFailure(sv *server, step string, err error) *failure {
	f := replyFailure(err)
	f.step, f.broken, f.connection = step, true, true
	addr := net.JoinHostPort(sv.host, sv.port)
	var unknown x509.UnknownAuthorityError
	var host x509.HostnameError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	var dns *net.DNSError
	switch {
	case f.code == 535 && strings.HasPrefix(f.enhanced, "5.7.139"):
		f.hint = "Microsoft 365 has SMTP AUTH turned off for this mailbox (or the whole tenant): IT must enable authenticated SMTP for it (Exchange admin center, the mailbox's Email apps), or provide a relay"
	case f.code == 535 || f.code == 534:
		f.hint = "the server refused the user name or password: check the user in --smtp-url and the password in BATCH_SMTP_PASSWORD or --smtp-password-file"
	case f.code == 530:
		f.hint = "the server asks for TLS or a login first: use smtp:// (STARTTLS) or smtps://, with a user"
	case errors.As(err, &unknown):
		f.hint = fmt.Sprintf("the certificate of %s is signed by an authority this computer does not trust (an internal relay's own?): pass --smtp-ca-file with that authority's certificate (PEM); verification is never skipped", addr)
	case errors.As(err, &host):
		f.hint = fmt.Sprintf("the certificate of %s is not for %s (%v): give --smtp-url the host name the certificate names", addr, sv.host, host.Error())
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		f.hint = fmt.Sprintf("the certificate of %s has expired or is not yet valid (this computer's clock reads %s): IT must renew it", addr, time.Now().Format("2006-01-02"))
	case errors.As(err, &invalid):
		f.hint = fmt.Sprintf("the certificate of %s is not valid for a mail server: pass --smtp-ca-file, or ask IT", addr)
	case errors.As(err, &record) && sv.implicit:
		f.hint = fmt.Sprintf("%s does not speak TLS from the first byte: for a port that starts plain and offers STARTTLS (587), use smtp://", addr)
	case errors.As(err, &dns):
		f.hint = fmt.Sprintf("the host %s is not known: check the host in --smtp-url", printable.Name(sv.host))
	case refused(err):
		f.hint = fmt.Sprintf("nothing answers at %s: check the host and port in --smtp-url (587 for smtp://, 465 for smtps://)", addr)
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded):
		f.hint = fmt.Sprintf("%s did not answer in time (--mail-timeout)", addr)
	}
	if f.code >= 500 || f.hint != "" && f.code == 0 && !isTimeoutOrRefused(err) {
		f.final = true
	}
	return f
}

func isTimeoutOrRefused(err error) bool {
	var dns *net.DNSError
	return refused(err) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &dns) && dns.IsTemporary
}

// refused reports a connection refused: ECONNREFUSED, or Windows'
// WSAECONNREFUSED (10061), which syscall does not map to it.
func refused(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.Errno(10061))
}

// noSTARTTLS: smtp:// requires STARTTLS, and there is no downgrade.
func noSTARTTLS(sv *server) *failure {
	addr := net.JoinHostPort(sv.host, sv.port)
	return &failure{step: "STARTTLS", text: "the server does not offer STARTTLS", broken: true, final: true, connection: true,
		hint: fmt.Sprintf("%s would take the message unencrypted, which batch never does: use smtps://%s:465 (TLS from the first byte) if the server offers it, or ask IT for the relay's TLS port", addr, sv.host)}
}

// noAuth: a user was given, but the server offers no AUTH batch speaks.
func noAuth(sv *server, mechs string) *failure {
	text := "the server offers no AUTH"
	hint := "leave the user out of --smtp-url if the relay takes mail without a login, or check the port"
	if mechs != "" {
		text = "the server offers AUTH " + mechs
		hint = "batch logs in with PLAIN or LOGIN, over TLS; ask IT for a relay or a mailbox that allows one of them"
	}
	return &failure{step: "AUTH", text: text, hint: hint, broken: true, final: true, connection: true}
}

// sendHint adds to a refused message what to do about it.
func sendHint(f *failure) {
	switch {
	case f.hint != "":
	case f.code == 552 || strings.HasPrefix(f.enhanced, "5.3.4"):
		f.hint = "the message is larger than the server takes: give a smaller --mail-max-size, so that larger files go as a link or a path"
	case f.step == "RCPT TO" && (f.enhanced == "5.1.1" || f.enhanced == "5.1.10" || f.code == 550):
		f.hint = "check this address in --mail-recipients (or --mail-to, --mail-cc)"
	case f.step == "MAIL FROM" && f.code >= 500:
		f.hint = "the server refuses this sender: check --mail-from, and that the login may send as it"
	case f.code == 421:
		f.hint = "the server closed the connection"
	case f.uncertain:
		f.hint = "the connection broke after the message's last line: the server may have it; batch mail --resend-uncertain sends it again, under the same Message-ID"
	}
}
