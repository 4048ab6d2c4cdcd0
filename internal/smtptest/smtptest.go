// Package smtptest runs a real SMTP server (github.com/emersion/go-smtp)
// inside a test, on 127.0.0.1 at a port of its own, with a certificate
// authority made for the test: STARTTLS or TLS from the first byte, AUTH
// PLAIN, SIZE, and replies scripted step by step (a refusal at MAIL FROM,
// RCPT TO, DATA or after the data; a reply that never comes). It records
// every message it accepts. Tests of pkg/mail and of the command line
// use it (CONTRACT.md, "Mail"), and Read to read a message back as a mail program
// would; nothing else does.
package smtptest

import (
	"bufio"
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"log"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// TLS is how the server speaks TLS.
type TLS int

const (
	STARTTLS TLS = iota // offers STARTTLS (port 587's way)
	Implicit            // TLS from the first byte (port 465's way)
	None                // no TLS at all, and no STARTTLS offered
)

// Step is a step of a transaction where a reply can be scripted.
type Step string

const (
	Mail Step = "MAIL" // MAIL FROM; arg: the sender
	Rcpt Step = "RCPT" // RCPT TO; arg: the recipient
	Data Step = "DATA" // the DATA command, before any data (Implicit or None only)
	End  Step = "END"  // after the message's last line; arg: the recipients, ;-joined
)

// Stall, returned by Options.Reply at End, reads the whole message and
// never replies (until the server closes).
var Stall = errors.New("stall")

// Options shape a server.
type Options struct {
	TLS TLS
	// Users are the logins AUTH PLAIN takes (offered only over TLS); nil
	// offers no AUTH.
	Users map[string]string
	// AuthRefusal, when set, is the reply to every login (a Refusal).
	AuthRefusal error
	// MaxSize is advertised as SIZE; 0 advertises none.
	MaxSize int64
	// Reply scripts the server's answer at each step: nil accepts, a
	// Refusal refuses with its code, Stall (at End) never answers.
	Reply func(step Step, arg string) error
}

// Refusal is a scripted reply: "550 5.1.1 no such user".
func Refusal(code int, enhanced, text string) error {
	var ec smtp.EnhancedCode
	if parts := strings.Split(enhanced, "."); len(parts) == 3 {
		for i, p := range parts {
			for _, c := range p {
				ec[i] = ec[i]*10 + int(c-'0')
			}
		}
	} else {
		ec = smtp.NoEnhancedCode
	}
	return &smtp.SMTPError{Code: code, EnhancedCode: ec, Message: text}
}

// Message is one message the server accepted.
type Message struct {
	From string
	To   []string
	Data []byte
	Conn int // which connection it came on, from 1
}

// Server is a running server.
type Server struct {
	Host, Port string
	// CAFile is the PEM of the authority that signed the server's
	// certificate (for --smtp-ca-file); CA is the same as a pool.
	CAFile string
	CA     *x509.CertPool

	o        Options
	srv      *smtp.Server
	mu       sync.Mutex
	messages []Message
	stalled  []Message
	conns    int
	connOf   map[string]int // connection number by the client's address
	release  chan struct{}
}

// Start starts a server for the test; it stops when the test ends.
func Start(t testing.TB, o Options) *Server {
	t.Helper()
	s := &Server{o: o, release: make(chan struct{})}
	cert := s.makeCA(t)
	tlsConfig := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	s.srv = smtp.NewServer(backend{s})
	s.srv.Domain = "localhost"
	s.srv.ErrorLog = log.New(io.Discard, "", 0)
	s.srv.MaxMessageBytes = o.MaxSize
	s.srv.ReadTimeout, s.srv.WriteTimeout = time.Minute, time.Minute
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	switch o.TLS {
	case STARTTLS:
		s.srv.TLSConfig = tlsConfig
	case Implicit:
		l = tls.NewListener(l, tlsConfig)
		// The DATA filter below hides the TLS connection from go-smtp,
		// which would then offer no AUTH: the connection is TLS.
		s.srv.AllowInsecureAuth = true
	}
	if o.TLS != STARTTLS {
		l = &dataListener{Listener: l, s: s}
	}
	l = &countingListener{Listener: l, s: s}
	s.Host, s.Port, _ = net.SplitHostPort(l.Addr().String())
	go func() { _ = s.srv.Serve(l) }()
	t.Cleanup(func() {
		close(s.release)
		_ = s.srv.Close()
	})
	return s
}

// Addr is host:port.
func (s *Server) Addr() string { return net.JoinHostPort(s.Host, s.Port) }

// Messages are the messages accepted so far, in order.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// Stalled are the messages received whole but never answered (Stall).
func (s *Server) Stalled() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.stalled...)
}

// Connections counts the connections made so far.
func (s *Server) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns
}

func (s *Server) reply(step Step, arg string) error {
	if s.o.Reply == nil {
		return nil
	}
	return s.o.Reply(step, arg)
}

// makeCA makes an authority and a certificate it signs for 127.0.0.1 and
// localhost, and writes the authority's PEM for the client.
func (s *Server) makeCA(t testing.TB) tls.Certificate {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	caTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "batch test authority"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	leafTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "localhost"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		DNSNames: []string{"localhost"}, IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	leafDER, err := x509.CreateCertificate(rand.Reader, leafTmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	s.CA = x509.NewCertPool()
	s.CA.AddCert(ca)
	s.CAFile = filepath.Join(t.TempDir(), "test-ca.pem")
	if err := os.WriteFile(s.CAFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o644); err != nil {
		t.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{leafDER}, PrivateKey: key}
}

type backend struct{ s *Server }

// NewSession is called for each connection, and again after STARTTLS.
func (b backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	b.s.mu.Lock()
	n := b.s.connOf[c.Conn().RemoteAddr().String()]
	b.s.mu.Unlock()
	return &session{s: b.s, conn: n}, nil
}

// countingListener numbers the connections, by the client's address.
type countingListener struct {
	net.Listener
	s *Server
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.s.mu.Lock()
		l.s.conns++
		if l.s.connOf == nil {
			l.s.connOf = map[string]int{}
		}
		l.s.connOf[c.RemoteAddr().String()] = l.s.conns
		l.s.mu.Unlock()
	}
	return c, err
}

type session struct {
	s    *Server
	conn int
	user string // logged in as
	from string
	to   []string
}

func (x *session) AuthMechanisms() []string {
	if x.s.o.Users == nil {
		return nil
	}
	return []string{sasl.Plain}
}

func (x *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if x.s.o.AuthRefusal != nil {
			return x.s.o.AuthRefusal
		}
		if want, ok := x.s.o.Users[user]; ok && want == pass {
			x.user = user
			return nil
		}
		return smtp.ErrAuthFailed
	}), nil
}

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if x.s.o.Users != nil && x.user == "" {
		return smtp.ErrAuthRequired
	}
	if err := x.s.reply(Mail, from); err != nil {
		return err
	}
	x.from = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if err := x.s.reply(Rcpt, to); err != nil {
		return err
	}
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m := Message{From: x.from, To: append([]string(nil), x.to...), Data: b, Conn: x.conn}
	err = x.s.reply(End, strings.Join(x.to, ";"))
	if errors.Is(err, Stall) {
		x.s.mu.Lock()
		x.s.stalled = append(x.s.stalled, m)
		x.s.mu.Unlock()
		<-x.s.release
		return Refusal(421, "4.4.2", "the test is over")
	}
	if err != nil {
		return err
	}
	x.s.mu.Lock()
	x.s.messages = append(x.s.messages, m)
	x.s.mu.Unlock()
	return nil
}

func (x *session) Reset() { x.from, x.to = "", nil }

func (x *session) Logout() error { return nil }

// dataListener lets the script refuse the DATA command itself, which
// go-smtp always answers 354: each connection's command lines pass
// through a filter that answers a refused DATA in the server's place
// (above TLS, so only where the server has no STARTTLS).
type dataListener struct {
	net.Listener
	s *Server
}

func (l *dataListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &dataConn{Conn: c, s: l.s, in: bufio.NewReader(c)}, nil
}

type dataConn struct {
	net.Conn
	s       *Server
	in      *bufio.Reader
	pending []byte
	inData  bool // between a DATA passed on and the message's last line
}

func (c *dataConn) Read(p []byte) (int, error) {
	for len(c.pending) == 0 {
		line, err := c.in.ReadBytes('\n')
		if len(line) > 0 {
			c.filter(line)
		}
		if err != nil {
			if len(c.pending) > 0 {
				break
			}
			return 0, err
		}
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}

func (c *dataConn) filter(line []byte) {
	cmd := bytes.ToUpper(bytes.TrimRight(line, "\r\n"))
	switch {
	case c.inData:
		if bytes.Equal(bytes.TrimRight(line, "\r\n"), []byte(".")) {
			c.inData = false
		}
	case bytes.Equal(cmd, []byte("DATA")):
		if err := c.s.reply(Data, ""); err != nil {
			var se *smtp.SMTPError
			if errors.As(err, &se) {
				e := se.EnhancedCode
				_, _ = fmt.Fprintf(c.Conn, "%d %d.%d.%d %s\r\n", se.Code, e[0], e[1], e[2], se.Message)
				return
			}
		}
		c.inData = true
	}
	c.pending = append(c.pending, line...)
}

// Read is a message as a mail program shows it: net/mail reads the
// headers (the subject decoded, RFC 2047), mime/multipart the parts, each
// part's transfer encoding undone.
func Read(data []byte) (Seen, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return Seen{}, fmt.Errorf("net/mail cannot read the message: %w", err)
	}
	var dec mime.WordDecoder
	subject, err := dec.DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		return Seen{}, err
	}
	s := Seen{Header: msg.Header, Subject: subject, Files: map[string][]byte{}}
	err = s.walk(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), "", msg.Body)
	return s, err
}

// Seen is a message read back.
type Seen struct {
	Header     mail.Header
	Subject    string
	Text, HTML string
	Files      map[string][]byte // the attachments, by file name
}

func (s *Seen) walk(ctype, cte, disposition string, body io.Reader) error {
	mt, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		return fmt.Errorf("Content-Type %q: %w", ctype, err)
	}
	if strings.HasPrefix(mt, "multipart/") {
		r := multipart.NewReader(body, params["boundary"])
		for {
			p, err := r.NextRawPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := s.walk(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p.Header.Get("Content-Disposition"), p); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(cte) {
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	if _, dp, err := mime.ParseMediaType(disposition); err == nil && dp["filename"] != "" {
		s.Files[dp["filename"]] = b
		return nil
	}
	switch mt {
	case "text/plain":
		s.Text = string(b)
	case "text/html":
		s.HTML = string(b)
	}
	return nil
}
