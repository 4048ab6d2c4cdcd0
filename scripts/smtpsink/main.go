// Command smtpsink is the mail server of the Windows smoke test
// (scripts/wine/smoke.sh): it listens on a loopback port, takes every
// message without TLS or a password (batch's smtp+insecure://, which only
// reaches this computer), writes each into a folder, and stops when its
// time is up (or it is killed). Its first line on standard output is the
// address it listens on.
//
//	smtpsink -dir DIR [-for 5m]
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/emersion/go-smtp"
)

func main() {
	dir := flag.String("dir", "", "the folder each message is written into, as N.eml")
	limit := flag.Duration("for", 5*time.Minute, "how long it serves at the most")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "smtpsink: -dir is required")
		os.Exit(2)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, "smtpsink:", err)
		os.Exit(1)
	}
	s := smtp.NewServer(backend{dir: *dir, n: new(atomic.Int64)})
	s.Domain = "localhost"
	s.ReadTimeout, s.WriteTimeout = time.Minute, time.Minute
	fmt.Println(l.Addr())
	time.AfterFunc(*limit, func() { _ = s.Close() })
	if err := s.Serve(l); err != nil && err != smtp.ErrServerClosed {
		fmt.Fprintln(os.Stderr, "smtpsink:", err)
		os.Exit(1)
	}
}

type backend struct {
	dir string
	n   *atomic.Int64
}

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{b: b}, nil }

type session struct{ b backend }

func (*session) Mail(string, *smtp.MailOptions) error { return nil }
func (*session) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (*session) Reset()                               {}
func (*session) Logout() error                        { return nil }

func (x *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	name := filepath.Join(x.b.dir, fmt.Sprintf("%d.eml", x.b.n.Add(1)))
	return os.WriteFile(name, data, 0o644)
}
