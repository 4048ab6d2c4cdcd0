package mail

// The one file that speaks to the mail library, github.com/wneessen/go-mail
// (kept behind one small file so that a switch touches only it):
// encode composes a message's MIME bytes; dialSMTP opens a connection
// (TLS, STARTTLS, AUTH), whose send delivers bytes already encoded and
// whose close ends it. Everything they return is this package's own:
// bytes, *smtpConn, *failure.

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"net"
	"net/textproto"
	"os"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"
)

// encode is the message as it goes on the wire: headers (values
// encoded, RFC 2047), the text body with the HTML one as its
// alternative, then the attachments in base64.
func encode(m *message) ([]byte, error) {
	g := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	g.FromMailAddress(m.from)
	if len(m.to) > 0 {
		g.ToMailAddress(m.to...)
	}
	if len(m.cc) > 0 {
		g.CcMailAddress(m.cc...)
	}
	g.Subject(m.subject)
	g.SetMessageIDWithValue(m.id)
	g.SetDateWithValue(m.date)
	if m.references != "" {
		g.SetGenHeader(gomail.HeaderReferences, "<"+m.references+">")
	}
	g.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	// Exchange and Outlook send no out-of-office or other automatic reply
	// to a message carrying it (bounces still come back).
	g.SetGenHeader(gomail.HeaderXAutoResponseSuppress, "OOF, AutoReply")
	g.SetUserAgent(m.agent)
	text, html := m.bodies()
	g.SetBodyString(gomail.TypeTextPlain, text)
	if html != "" {
		g.AddAlternativeString(gomail.TypeTextHTML, html)
	}
	for _, a := range m.files {
		if err := g.AttachReader(a.name, bytes.NewReader(a.data), gomail.WithFileContentType(gomail.ContentType(a.contentType))); err != nil {
			return nil, err
		}
	}
	var buf bytes.Buffer
	if _, err := g.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// smtpConn is one connection to the server, after TLS and AUTH.
type smtpConn struct {
	raw      net.Conn
	c        *smtp.Client
	size     int64 // the SIZE the server advertised; 0 for none
	stop     func() bool
	reply    time.Duration
	deadline time.Time // the step's: nothing waits past it, QUIT neither
}

// dialSMTP connects to sv: TLS from the first byte (smtps), or STARTTLS,
// which is required (smtp); then AUTH when sv names a user. Every step
// ends by deadline, and at once when ctx is done.
func dialSMTP(ctx context.Context, sv *server, deadline time.Time, reply time.Duration) (*smtpConn, *failure) {
	dl := earlier(deadline, time.Now().Add(reply))
	dctx, cancel := context.WithDeadline(ctx, dl)
	defer cancel()
	addr := net.JoinHostPort(sv.host, sv.port)
	var d net.Dialer
	raw, err := d.DialContext(dctx, "tcp", addr)
	if err != nil {
		return nil, connectFailure(sv, "connect", err)
	}
	conn := raw
	if sv.implicit {
		tc := tls.Client(raw, sv.tls)
		if err := tc.HandshakeContext(dctx); err != nil {
			raw.Close()
			return nil, connectFailure(sv, "TLS", err)
		}
		conn = tc
	}
	sc := &smtpConn{raw: conn, reply: reply, deadline: deadline}
	sc.stop = context.AfterFunc(ctx, func() { conn.Close() })
	_ = conn.SetDeadline(dl)
	c, err := smtp.NewClient(conn, sv.host)
	if err != nil {
		sc.close()
		return nil, connectFailure(sv, "greeting", err)
	}
	sc.c = c
	if err := c.Hello(heloName()); err != nil {
		sc.close()
		return nil, connectFailure(sv, "EHLO", err)
	}
	if !sv.implicit && !sv.insecure {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			sc.close()
			return nil, noSTARTTLS(sv)
		}
		if err := c.StartTLS(sv.tls); err != nil {
			sc.close()
			return nil, connectFailure(sv, "STARTTLS", err)
		}
	}
	if sv.user != "" {
		ok, mechs := c.Extension("AUTH")
		var auth smtp.Auth
		switch list := strings.Fields(strings.ToUpper(mechs)); {
		case !ok:
			sc.close()
			return nil, noAuth(sv, "")
		case contains(list, "PLAIN"):
			auth = smtp.PlainAuth("", sv.user, sv.password, sv.host, false)
		case contains(list, "LOGIN"):
			auth = smtp.LoginAuth(sv.user, sv.password, sv.host, false)
		default:
			sc.close()
			return nil, noAuth(sv, mechs)
		}
		if err := c.Auth(auth); err != nil {
			sc.close()
			return nil, connectFailure(sv, "AUTH", err)
		}
	}
	if ok, v := c.Extension("SIZE"); ok {
		sc.size, _ = strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	}
	return sc, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// heloName is the name this computer gives in EHLO.
func heloName() string {
	h, err := os.Hostname()
	if err != nil || h == "" || strings.ContainsAny(h, " \r\n") {
		return "localhost"
	}
	return h
}

// send delivers data from from to rcpts. beforeEnd runs just before the
// message's last line goes (the ledger marks it uncertain then): if it
// fails, the line is not sent and the connection is closed. A failure
// after that line, with no reply, is uncertain: the server may have the
// message.
func (sc *smtpConn) send(from string, rcpts []string, data []byte, deadline time.Time, beforeEnd func() error) (string, *failure) {
	_ = sc.raw.SetDeadline(earlier(deadline, time.Now().Add(sc.reply)))
	if err := sc.c.Mail(from); err != nil {
		return "", sc.stepFailure("MAIL FROM", "", err)
	}
	for _, r := range rcpts {
		if err := sc.c.Rcpt(r); err != nil {
			f := sc.stepFailure("RCPT TO", r, err)
			if !f.broken {
				_ = sc.c.Reset()
			}
			return "", f
		}
	}
	w, err := sc.c.Data()
	if err != nil {
		f := sc.stepFailure("DATA", "", err)
		if !f.broken {
			_ = sc.c.Reset()
		}
		return "", f
	}
	if _, err := w.Write(data); err != nil {
		sc.abort()
		return "", &failure{step: "data", text: err.Error(), broken: true}
	}
	if err := beforeEnd(); err != nil {
		sc.abort()
		return "", &failure{step: "ledger", text: err.Error(), broken: true, final: true, fatal: err}
	}
	if err := w.Close(); err != nil {
		f := sc.stepFailure("end of data", "", err)
		if f.code == 0 {
			f.uncertain = true
		}
		return "", f
	}
	reply := ""
	if dc, ok := w.(*smtp.DataCloser); ok {
		reply = dc.ServerResponse()
	}
	return "250 " + reply, nil
}

// stepFailure is a failure at one step of a transaction: the server's
// reply, or a broken connection (no reply at all).
func (sc *smtpConn) stepFailure(step, rcpt string, err error) *failure {
	f := replyFailure(err)
	f.step, f.rcpt = step, rcpt
	f.final = f.code >= 500 // a 5xx reply is final (CONTRACT.md, "Mail")
	if f.code == 0 || f.code == 421 {
		f.broken = true
		sc.abort()
	}
	return f
}

// abort drops a connection that broke, without a QUIT no one would read.
func (sc *smtpConn) abort() {
	if sc.raw != nil {
		_ = sc.raw.Close()
	}
	sc.c = nil
	sc.close()
}

// close ends the connection (QUIT when it is still usable).
func (sc *smtpConn) close() {
	if sc == nil {
		return
	}
	if sc.c != nil {
		_ = sc.raw.SetDeadline(earlier(sc.deadline, time.Now().Add(2*time.Second)))
		_ = sc.c.Quit()
		_ = sc.c.Close()
	} else if sc.raw != nil {
		_ = sc.raw.Close()
	}
	if sc.stop != nil {
		sc.stop()
	}
	sc.c, sc.raw = nil, nil
}

func (sc *smtpConn) usable() bool { return sc != nil && sc.c != nil }

// replyFailure reads a server reply out of err (textproto's, as the
// library returns it); any other error is a failure with no reply.
func replyFailure(err error) *failure {
	var te *textproto.Error
	if errors.As(err, &te) {
		return &failure{code: te.Code, enhanced: enhancedCode(te.Msg), text: te.Msg}
	}
	return &failure{text: err.Error(), cause: err}
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
