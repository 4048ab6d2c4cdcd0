package mail

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every mistake in the settings is caught by Prepare, before any
// computing, and says what to give instead (CONTRACT.md, "Mail": exit 2).
func TestSettingsAreCheckedBeforeAnyComputing(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := Settings{URL: "smtp://clerk@mail.example.org", Password: "pw", From: "Elections <elections@example.org>"}
	for _, c := range []struct {
		name string
		edit func(*Settings)
		says string
	}{
		{"no server and no dry run", func(s *Settings) { s.URL = "" }, "no server was given"},
		{"a password in the URL", func(s *Settings) { s.URL = "smtp://clerk:hunter2@mail.example.org" }, "BATCH_SMTP_PASSWORD or a file named by --smtp-password-file"},
		{"a scheme batch does not speak", func(s *Settings) { s.URL = "imap://mail.example.org" }, "smtps://"},
		{"a host without a scheme", func(s *Settings) { s.URL = "mail.example.org:587" }, "smtp://"},
		{"a path after the host", func(s *Settings) { s.URL = "smtp://clerk@mail.example.org/inbox" }, "only the user, host and port"},
		{"a user without a password", func(s *Settings) { s.Password = "" }, "no password was given"},
		{"a password without a user", func(s *Settings) { s.URL = "smtp://mail.example.org" }, "names no user"},
		{"both password sources", func(s *Settings) { s.PasswordFile = file("pw", "x\n") }, "keep one"},
		{"an empty password file", func(s *Settings) { s.Password, s.PasswordFile = "", file("empty", "\n") }, "is empty"},
		{"insecure to another computer", func(s *Settings) { s.URL, s.Password = "smtp+insecure://relay.example.org", "" }, "--smtp-allow-insecure"},
		{"insecure with a password", func(s *Settings) { s.URL = "smtp+insecure://clerk@127.0.0.1" }, "never goes over a connection without TLS"},
		{"a CA file with no certificate", func(s *Settings) { s.CAFile = file("ca.pem", "not a certificate") }, "holds no PEM certificate"},
		{"a missing CA file", func(s *Settings) { s.CAFile = filepath.Join(dir, "none.pem") }, "does not exist"},
		{"no sender", func(s *Settings) { s.From = "" }, "--mail-from"},
		{"a sender that is no address", func(s *Settings) { s.From = "Elections" }, "is not a mail address"},
		{"a line break in an address", func(s *Settings) { s.To = "a@example.org\r\nBcc: x@example.org" }, "holds a line break"},
		{"a bad address among several", func(s *Settings) { s.Cc = "a@example.org; b@" }, "--mail-cc"},
		{"an unknown --mail-when", func(s *Settings) { s.When = "daily" }, "choose fail-on"},
		{"a size that is no size", func(s *Settings) { s.MaxSize = "big" }, "10MB"},
		{"a link base that is no web address", func(s *Settings) { s.LinkBase = "intranet/out" }, "web address"},
		{"a recipients file with an unknown column", func(s *Settings) { s.Recipients = file("r1.csv", "value,to,bcc\nAlbany,a@example.org,\n") }, `"bcc"`},
		{"a misspelt column", func(s *Settings) { s.Recipients = file("r2.csv", "value,to,cc,vlaue\n") }, "did you mean value?"},
		{"a recipients file without to", func(s *Settings) { s.Recipients = file("r3.csv", "value,cc\n") }, "no column to"},
		{"a bad address in the recipients file", func(s *Settings) {
			s.Recipients = file("r4.csv", "value,to\nAlbany,a@example.org\nWarren,warren.example.org\n")
		}, "line 3, column to"},
		{"a row without an address", func(s *Settings) { s.Recipients = file("r5.csv", "value,to,cc\nAlbany,,\n") }, "has no address"},
		{"a value twice", func(s *Settings) {
			s.Recipients = file("r6.csv", "value,to\nAlbany,a@example.org\nalbany,b@example.org\n")
		}, "line 2 has it"},
		{"a name in quotes the CSV way forgot", func(s *Settings) {
			s.Recipients = file("r8.csv", "value,to\nAlbany,\"Albany Board\" <a@example.org>\n")
		}, "a name needs no quotes"},
		{"an empty value", func(s *Settings) { s.Recipients = file("r7.csv", "value,to\n,a@example.org\n") }, "value is empty"},
		{"a missing recipients file", func(s *Settings) { s.Recipients = filepath.Join(dir, "none.csv") }, "does not exist"},
		{"a timeout past a day", func(s *Settings) { s.Timeout = 48 * 3600e9 }, "from 1s to 24h"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := good
			c.edit(&s)
			_, err := s.Prepare()
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("Prepare: %v, want a settings error", err)
			}
			if !strings.Contains(err.Error(), c.says) {
				t.Errorf("%v\nwant it to say %q", err, c.says)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Errorf("the error repeats the password: %v", err)
			}
		})
	}
}

func TestSettingsThatAreRight(t *testing.T) {
	dir := t.TempDir()
	pw := filepath.Join(dir, "pw")
	if err := os.WriteFile(pw, []byte("s3cret\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		s    Settings
		port string
	}{
		{"STARTTLS on 587 by default", Settings{URL: "smtp://clerk@mail.example.org", Password: "x"}, "587"},
		{"implicit TLS on 465 by default", Settings{URL: "smtps://clerk@mail.example.org", Password: "x"}, "465"},
		{"a Microsoft 365 login, an address as the user", Settings{URL: "smtp://elections@example.org@smtp.office365.com:587", Password: "x"}, "587"},
		{"the password from a file, its line end left out", Settings{URL: "smtp://clerk@mail.example.org", PasswordFile: pw}, "587"},
		{"insecure to this computer", Settings{URL: "smtp+insecure://127.0.0.1:2525"}, "2525"},
		{"insecure to a trusted relay when allowed", Settings{URL: "smtp+insecure://relay.example.org", AllowInsecure: true}, "25"},
		{"a dry run needs no server", Settings{DryRun: dir}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.s.From = "Elections <elections@example.org>"
			m, err := c.s.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			if c.port != "" && m.server.port != c.port {
				t.Errorf("port %s, want %s", m.server.port, c.port)
			}
			if c.s.PasswordFile != "" && m.server.password != "s3cret" {
				t.Errorf("password %q", m.server.password)
			}
			if strings.Contains(m.shownURL, "x@") && strings.Contains(m.shownURL, ":x") {
				t.Errorf("the URL shown holds the password: %s", m.shownURL)
			}
		})
	}
	m, _ := Settings{URL: "smtp://elections@example.org@smtp.office365.com", Password: "x", From: "e@example.org"}.Prepare()
	if m.server.user != "elections@example.org" || m.server.host != "smtp.office365.com" {
		t.Errorf("user %q at %q", m.server.user, m.server.host)
	}
}

func TestSizes(t *testing.T) {
	for in, want := range map[string]int64{"10MB": 10_000_000, "500KB": 500_000, "25MiB": 25 << 20, "1.5 MB": 1_500_000, "250000": 250_000} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("%s: %d %v, want %d", in, got, err, want)
		}
	}
}
