package mail

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"batch/internal/printable"
)

// Settings are the mail step's flags and environment as the command line
// reads them (CONTRACT.md, "Mail"). Prepare checks them all before any computing.
type Settings struct {
	URL           string // --smtp-url: smtp://, smtps://, smtp+insecure://, sendmail:
	Password      string // BATCH_SMTP_PASSWORD
	PasswordFile  string // --smtp-password-file
	CAFile        string // --smtp-ca-file
	AllowInsecure bool   // --smtp-allow-insecure
	From          string // --mail-from
	To, Cc        string // --mail-to, --mail-cc: ;-separated
	Recipients    string // --mail-recipients FILE
	When          string // --mail-when: fail-on (default) or always
	OnError       string // --mail-on-error ADDR
	MaxSize       string // --mail-max-size (default 10MB)
	LinkBase      string // --mail-link-base URL
	DryRun        string // --mail-dry-run DIR
	Timeout       time.Duration
	Version       string // the build, for the User-Agent header

	// Origin names where a setting came from in messages ("--mail-from",
	// "the environment variable BATCH_MAIL_FROM"); nil: the flag.
	Origin func(flag string) string

	// RetryWait is the first wait before a retry (it doubles each time;
	// 0: 2 s), ReplyTimeout the longest one transaction may take (0: 2
	// minutes). Tests shorten them; the command line has no flag for them.
	RetryWait, ReplyTimeout time.Duration
}

// ConfigError is a mistake in the settings: the command line exits 2.
type ConfigError struct{ msg string }

func (e *ConfigError) Error() string { return e.msg }

func (s Settings) errorf(format string, a ...any) error {
	return &ConfigError{fmt.Sprintf(format, a...)}
}

func (s Settings) origin(flag string) string {
	if s.Origin != nil {
		return s.Origin(flag)
	}
	return "--" + flag
}

// Defaults of CONTRACT.md, "Mail".
const (
	DefaultMaxSize      = "10MB"
	DefaultTimeout      = 5 * time.Minute
	defaultRetryWait    = 2 * time.Second
	defaultReplyTimeout = 2 * time.Minute
	maxRetries          = 3
)

// Mailer is settings checked and ready: every address parsed, the
// recipients file read, the server's certificate authorities loaded.
type Mailer struct {
	server   *server // nil with sendmail or a dry run alone
	sendmail string  // the sendmail program, with sendmail:
	shownURL string  // the URL with its user only, for messages
	from     *mail.Address
	to, cc   []*mail.Address
	routes   *routes
	always   bool // --mail-when always
	onError  *mail.Address
	maxSize  int64
	linkBase string // without its trailing slash
	dryRun   string
	timeout  time.Duration
	wait     time.Duration
	reply    time.Duration
	agent    string
}

// Prepare checks the settings (CONTRACT.md, "Mail"). Every mistake is a
// *ConfigError naming the flag or variable and what to give instead.
func (s Settings) Prepare() (*Mailer, error) {
	m := &Mailer{dryRun: s.DryRun, timeout: s.Timeout, wait: s.RetryWait, reply: s.ReplyTimeout,
		agent: "batch " + s.Version}
	if m.timeout == 0 {
		m.timeout = DefaultTimeout
	}
	if m.timeout < 0 || m.timeout > 24*time.Hour {
		return nil, s.errorf("%s %s: give a duration from 1s to 24h, such as 5m", s.origin("mail-timeout"), s.Timeout)
	}
	if m.wait == 0 {
		m.wait = defaultRetryWait
	}
	if m.reply == 0 {
		m.reply = defaultReplyTimeout
	}
	if err := s.prepareTransport(m); err != nil {
		return nil, err
	}
	var err error
	if strings.TrimSpace(s.From) == "" {
		return nil, s.errorf("mail needs a sender: give %s \"Elections <elections@example.org>\" (or BATCH_MAIL_FROM)", s.origin("mail-from"))
	}
	if m.from, err = parseAddress(s.From, s.origin("mail-from")); err != nil {
		return nil, err
	}
	if m.to, err = parseList(s.To, s.origin("mail-to")); err != nil {
		return nil, err
	}
	if m.cc, err = parseList(s.Cc, s.origin("mail-cc")); err != nil {
		return nil, err
	}
	if s.Recipients != "" {
		if m.routes, err = readRecipients(s.Recipients); err != nil {
			return nil, err
		}
	} else {
		m.routes = &routes{}
	}
	switch strings.ToLower(strings.TrimSpace(s.When)) {
	case "", "fail-on":
	case "always":
		m.always = true
	default:
		return nil, s.errorf("%s %q: choose fail-on (mail a part when it reached --fail-on) or always", s.origin("mail-when"), s.When)
	}
	if s.OnError != "" {
		if m.onError, err = parseAddress(s.OnError, s.origin("mail-on-error")); err != nil {
			return nil, err
		}
	}
	size := s.MaxSize
	if size == "" {
		size = DefaultMaxSize
	}
	if m.maxSize, err = parseSize(size); err != nil {
		return nil, s.errorf("%s %q: %v", s.origin("mail-max-size"), s.MaxSize, err)
	}
	if s.LinkBase != "" {
		u, err := url.Parse(s.LinkBase)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			return nil, s.errorf("%s %q: give the web address the output folder is served at, such as https://intranet.example.org/vacancies/out", s.origin("mail-link-base"), printable.Name(s.LinkBase))
		}
		m.linkBase = strings.TrimRight(u.String(), "/")
	}
	return m, nil
}

// server is where SMTP messages go.
type server struct {
	host     string
	port     string
	implicit bool // smtps://: TLS from the first byte
	insecure bool // smtp+insecure://: no TLS at all
	user     string
	password string
	tls      *tls.Config
}

func (s Settings) prepareTransport(m *Mailer) error {
	raw := strings.TrimSpace(s.URL)
	flag := s.origin("smtp-url")
	if raw == "" {
		if s.DryRun != "" {
			return nil
		}
		return s.errorf("mail is on but no server was given: set %s (smtp://user@host:587, smtps://user@host:465, or sendmail:), or --mail-dry-run DIR to write the messages as files", flag)
	}
	password, err := s.password()
	if err != nil {
		return err
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return s.errorf("%s %q is not a mail server address: give smtp://user@host:587 (STARTTLS), smtps://user@host:465 (TLS), smtp+insecure://host:25 (loopback only) or sendmail:", flag, shownURL(raw))
	}
	if _, has := u.User.Password(); has {
		return s.errorf("%s holds a password: a password on the command line or in a URL can be read by other users and ends up in logs; give the URL without it (%s) and the password in BATCH_SMTP_PASSWORD or a file named by --smtp-password-file",
			flag, shownURL(raw))
	}
	m.shownURL = shownURL(raw)
	switch strings.ToLower(u.Scheme) {
	case "sendmail":
		if password != "" {
			return s.errorf("a password was given (BATCH_SMTP_PASSWORD or --smtp-password-file) but %s is sendmail:, which takes none", flag)
		}
		given := u.Opaque
		if given == "" {
			given = u.Path
		}
		if m.sendmail, err = findSendmail(given); err != nil {
			return s.errorf("%s %v", flag, err)
		}
		return nil
	case "smtp", "smtps", "smtp+insecure":
	default:
		return s.errorf("%s: %q is not a scheme batch speaks: give smtp:// (STARTTLS, port 587), smtps:// (TLS, port 465), smtp+insecure:// (no TLS, loopback only) or sendmail:", flag, u.Scheme)
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return s.errorf("%s %q: give only the user, host and port (smtp://user@host:587)", flag, shownURL(raw))
	}
	sv := &server{host: u.Hostname(), port: u.Port(), user: u.User.Username(), password: password}
	if sv.host == "" {
		return s.errorf("%s %q names no host: give smtp://user@host:587", flag, shownURL(raw))
	}
	switch strings.ToLower(u.Scheme) {
	case "smtp":
		sv.port = orDefault(sv.port, "587")
	case "smtps":
		sv.port, sv.implicit = orDefault(sv.port, "465"), true
	case "smtp+insecure":
		sv.port, sv.insecure = orDefault(sv.port, "25"), true
		switch {
		case sv.user != "" || password != "":
			return s.errorf("%s is smtp+insecure:// and a user or password was given: a password never goes over a connection without TLS; use smtp:// (STARTTLS) or smtps://", flag)
		case !loopback(sv.host) && !s.AllowInsecure:
			return s.errorf("%s is smtp+insecure:// to %s, which is not this computer: messages would cross the network unencrypted; use smtp:// or smtps://, or give --smtp-allow-insecure if the relay is on a network you trust", flag, printable.Name(sv.host))
		}
	}
	if p, err := strconv.Atoi(sv.port); err != nil || p < 1 || p > 65535 {
		return s.errorf("%s: port %q is not a port number", flag, sv.port)
	}
	switch {
	case sv.user != "" && password == "":
		return s.errorf("%s names the user %s but no password was given: set BATCH_SMTP_PASSWORD, or give --smtp-password-file FILE", flag, printable.Name(sv.user))
	case sv.user == "" && password != "":
		return s.errorf("a password was given (BATCH_SMTP_PASSWORD or --smtp-password-file) but %s names no user: give smtp://USER@%s", flag, printable.Name(sv.host))
	}
	if !sv.insecure {
		pool, err := x509.SystemCertPool()
		if err != nil || pool == nil {
			pool = x509.NewCertPool()
		}
		if s.CAFile != "" {
			pem, err := readSmall(s.CAFile)
			if err != nil {
				return s.errorf("%s: %v", s.origin("smtp-ca-file"), err)
			}
			if !pool.AppendCertsFromPEM(pem) {
				return s.errorf("%s %s holds no PEM certificate (-----BEGIN CERTIFICATE-----): give the authority's certificate in PEM form", s.origin("smtp-ca-file"), printable.Name(s.CAFile))
			}
		}
		sv.tls = &tls.Config{ServerName: sv.host, RootCAs: pool, MinVersion: tls.VersionTLS12}
	}
	m.server = sv
	return nil
}

// password is BATCH_SMTP_PASSWORD or the content of --smtp-password-file
// (its line end left out), never both.
func (s Settings) password() (string, error) {
	if s.PasswordFile == "" {
		return s.Password, nil
	}
	if s.Password != "" {
		return "", s.errorf("both BATCH_SMTP_PASSWORD and %s were given: keep one", s.origin("smtp-password-file"))
	}
	b, err := readSmall(s.PasswordFile)
	if err != nil {
		return "", s.errorf("%s: %v", s.origin("smtp-password-file"), err)
	}
	p := strings.TrimRight(string(b), "\r\n")
	switch {
	case p == "":
		return "", s.errorf("%s %s is empty: it must hold the password", s.origin("smtp-password-file"), printable.Name(s.PasswordFile))
	case strings.ContainsAny(p, "\r\n"):
		return "", s.errorf("%s %s holds more than one line: it must hold the password alone", s.origin("smtp-password-file"), printable.Name(s.PasswordFile))
	}
	return p, nil
}

// readSmall reads a settings file (a password, certificates, recipients).
func readSmall(path string) ([]byte, error) {
	b, err := readLimited(path, 16<<20)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s does not exist", printable.Name(path))
	}
	return b, err
}

// shownURL is the URL as messages show it: with its user, never a password.
func shownURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(not a URL)"
	}
	if u.User != nil {
		u.User = url.User(u.User.Username())
	}
	return printable.Name(u.String())
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// loopback reports whether host is this computer.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// parseAddress reads one address, "Name <a@b>" or "a@b".
func parseAddress(s, from string) (*mail.Address, error) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, &ConfigError{fmt.Sprintf("%s %s holds a line break: give one address per item", from, printable.Name(s))}
	}
	a, err := mail.ParseAddress(strings.TrimSpace(s))
	if err != nil {
		return nil, &ConfigError{fmt.Sprintf("%s %s is not a mail address (%v): give name@example.org or \"Name <name@example.org>\"", from, printable.Name(s), err)}
	}
	return a, nil
}

// parseList reads a ;-separated list of addresses.
func parseList(s, from string) ([]*mail.Address, error) {
	var out []*mail.Address
	for _, item := range strings.Split(s, ";") {
		if strings.TrimSpace(item) == "" {
			continue
		}
		a, err := parseAddress(item, from)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// parseSize reads a size: bytes, or with KB, MB, GB (powers of 1,000) or
// KiB, MiB, GiB (of 1,024).
func parseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"K", 1e3}, {"M", 1e6}, {"B", 1}} {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, mult = rest, u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f <= 0 {
		return 0, errors.New("give a size such as 10MB, 500KB or 25MiB")
	}
	n := int64(f * float64(mult))
	if n < 10_000 || n > 1<<31 {
		return 0, errors.New("give a size from 10KB to 2GiB")
	}
	return n, nil
}
