package mail

import (
	"bytes"
	"errors"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"batch/internal/smtptest"
)

// Every test here runs a real SMTP server in the test process on
// 127.0.0.1 (CONTRACT.md, "Mail"), with a certificate authority made by the
// test.

func TestEachBoardGetsItsOwnPartOverSTARTTLSWithAUTH(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{Users: users()})
	out := t.TempDir()
	id := fakeRun(t, out, statewide, county("Albany", 4000), county("Warren", 5000), county("", 2000))
	rcpts := recipientsFile(t, "value,to,cc", "Albany,albany@example.org,", `Warren,"""Warren BOE"" <warren@example.org>",clerk@example.org`, "(none),none@example.org,")
	m := prepare(t, settings(srv, rcpts))
	rep := deliver(t, m, out)
	if rep.Err() != nil {
		t.Fatalf("not all delivered: %v", rep.Err())
	}
	msgs := byRecipient(srv.Messages())
	if len(srv.Messages()) != 4 {
		t.Fatalf("the server took %d messages, want 4 (statewide, Albany, Warren, (none))", len(srv.Messages()))
	}
	for _, c := range []struct {
		rcpt, folder, subject string
		rcpts                 int
	}{
		{"state@example.org", ".", "batch: vacancies as of Sun 2026-03-01, 2 items to act on", 1},
		{"albany@example.org", "by-county/Albany", "batch: vacancies of Albany County as of Sun 2026-03-01", 1},
		{"warren@example.org", "by-county/Warren", "batch: vacancies of Warren County as of Sun 2026-03-01", 2},
		{"none@example.org", "by-county/(none)", "batch: vacancies of rows with no county as of Sun 2026-03-01", 1},
	} {
		got, ok := msgs[c.rcpt]
		if !ok {
			t.Errorf("%s got no message", c.rcpt)
			continue
		}
		if len(got.To) != c.rcpts || got.From != "elections@example.org" {
			t.Errorf("%s: envelope from %s to %v", c.rcpt, got.From, got.To)
		}
		r := readMail(t, got.Data)
		if r.subject != c.subject {
			t.Errorf("%s: subject %q, want %q", c.rcpt, r.subject, c.subject)
		}
		dir := filepath.Join(out, ".batch", "runs", id, filepath.FromSlash(c.folder))
		want, _ := os.ReadFile(filepath.Join(dir, resultsName))
		if !bytes.Equal(r.files[resultsName], want) {
			t.Errorf("%s: results.xlsx attached is not the part's (%d bytes, want %d)", c.rcpt, len(r.files[resultsName]), len(want))
		}
		if _, ok := r.files[icsName]; !ok {
			t.Errorf("%s: deadlines.ics not attached", c.rcpt)
		}
		if !strings.Contains(r.text, "NEEDS ACTION") || !strings.Contains(r.html, "<p>batch: vacancies") {
			t.Errorf("%s: the body is not the part's digest (text %q, html %q)", c.rcpt, r.text, r.html)
		}
		if h := r.header.Get("Auto-Submitted"); h != "auto-generated" {
			t.Errorf("%s: Auto-Submitted %q", c.rcpt, h)
		}
		if !strings.HasPrefix(r.header.Get("Message-ID"), "<batch."+id+".") || !strings.HasPrefix(r.header.Get("References"), "<batch.thread.") {
			t.Errorf("%s: Message-ID %q, References %q", c.rcpt, r.header.Get("Message-ID"), r.header.Get("References"))
		}
	}
	rows := ledgerRows(t, filepath.Join(out, "mail.csv"))
	for _, folder := range []string{".", "by-county/Albany", "by-county/Warren", "by-county/(none)"} {
		if e := rows[folder]; e == nil || e.status != statusSent || e.code != 250 || e.bytes == 0 || e.sha == "" {
			t.Errorf("ledger row of %s: %+v", folder, e)
		}
	}
	if got := srv.Connections(); got != 1 {
		t.Errorf("%d connections, want every message on one", got)
	}
}

func TestThreadsAndMessageIDsAreStable(t *testing.T) {
	// Two recipients files giving Albany the same addresses in another
	// order and case: the same Message-ID. Another address: another one.
	// Every Albany message of every run shares one References root.
	out := t.TempDir()
	id := fakeRun(t, out, statewide, county("Albany", 0))
	m := prepare(t, Settings{URL: "", DryRun: t.TempDir(), From: "e@example.org", When: "always", Recipients: recipientsFile(t, "value,to", "Albany,a@example.org;b@example.org")})
	p := &part{folder: "by-county/Albany", value: "Albany"}
	one, _ := m.compose(id, out, p, mustList(t, "a@example.org;b@example.org"), nil, "")
	two, _ := m.compose(id, out, p, mustList(t, "B@example.org;a@example.org"), nil, "")
	three, _ := m.compose(id, out, p, mustList(t, "c@example.org"), nil, "")
	other, _ := m.compose("20270101T000000.000Z-aaaaaaaaaaaa", out, p, mustList(t, "a@example.org;b@example.org"), nil, "")
	switch {
	case one.id != two.id:
		t.Errorf("one recipient set, two Message-IDs: %s, %s", one.id, two.id)
	case one.id == three.id || one.id == other.id:
		t.Errorf("another recipient set or run, the same Message-ID %s", one.id)
	case one.references != other.references || one.references != three.references:
		t.Errorf("Albany's messages do not share a thread: %s, %s", one.references, other.references)
	}
}

func mustList(t *testing.T, s string) []*mail.Address {
	t.Helper()
	l, err := parseList(s, "test")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestImplicitTLS(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{TLS: smtptest.Implicit, Users: users()})
	out := t.TempDir()
	fakeRun(t, out, statewide)
	s := settings(srv, "")
	s.URL = "smtps://clerk@" + srv.Addr()
	rep := deliver(t, prepare(t, s), out)
	if rep.Err() != nil || len(srv.Messages()) != 1 {
		t.Fatalf("over smtps://: %v; the server took %d messages", rep.Err(), len(srv.Messages()))
	}
}

func TestAServerWithoutSTARTTLSIsRefusedNotDowngraded(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{TLS: smtptest.None})
	out := t.TempDir()
	fakeRun(t, out, statewide, county("Albany", 100))
	s := settings(srv, recipientsFile(t, "value,to", "Albany,a@example.org"))
	rep := deliver(t, prepare(t, s), out)
	if len(srv.Messages()) != 0 {
		t.Fatalf("a message went without TLS")
	}
	rows := ledgerRows(t, filepath.Join(out, "mail.csv"))
	for _, folder := range []string{".", "by-county/Albany"} {
		if e := rows[folder]; e.status != statusFailed || !strings.Contains(e.reply, "use smtps://") {
			t.Errorf("%s: %s %q, want failed naming smtps://", folder, e.status, e.reply)
		}
	}
	if srv.Connections() != 1 {
		t.Errorf("%d connections: a server that cannot be used is tried once, not once a message", srv.Connections())
	}
	if !errors.As(rep.Err(), new(*Undelivered)) || !strings.Contains(rep.Line(), "2 failed") {
		t.Errorf("line %q", rep.Line())
	}
}

func TestAnUnknownAuthorityIsRefused(t *testing.T) {
	for _, tls := range []smtptest.TLS{smtptest.STARTTLS, smtptest.Implicit} {
		t.Run(fmt.Sprint(tls), func(t *testing.T) {
			srv := smtptest.Start(t, smtptest.Options{TLS: tls, Users: users()})
			out := t.TempDir()
			fakeRun(t, out, statewide)
			s := settings(srv, "")
			s.CAFile = "" // the system's authorities only: the test's is unknown
			if tls == smtptest.Implicit {
				s.URL = "smtps://clerk@" + srv.Addr()
			}
			rep := deliver(t, prepare(t, s), out)
			e := ledgerRows(t, filepath.Join(out, "mail.csv"))["."]
			if len(srv.Messages()) != 0 || e.status != statusFailed || !strings.Contains(e.reply, "pass --smtp-ca-file") {
				t.Errorf("status %s, reply %q, %d messages taken", e.status, e.reply, len(srv.Messages()))
			}
			if rep.Err() == nil {
				t.Error("no exit 4")
			}
		})
	}
}

func TestAWrongPasswordIsNamedAndNeverShown(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{Users: map[string]string{"clerk": "another"}})
	out := t.TempDir()
	fakeRun(t, out, statewide)
	rep := deliver(t, prepare(t, settings(srv, "")), out)
	b, _ := os.ReadFile(filepath.Join(out, "mail.csv"))
	if !strings.Contains(string(b), "check the user in --smtp-url") || !strings.Contains(string(b), "535") {
		t.Errorf("the ledger does not say the login was refused:\n%s", b)
	}
	for what, s := range map[string]string{"ledger": string(b), "line": rep.Line()} {
		if strings.Contains(s, testPassword) {
			t.Errorf("the password shows in the %s", what)
		}
	}
}

func TestMicrosoft365WithSMTPAUTHOffNamesTheFix(t *testing.T) {
	// Microsoft's reply when the mailbox (or tenant) has SMTP AUTH off
	// (learn.microsoft.com, "Enable or disable SMTP AUTH in Exchange
	// Online": 535 5.7.139).
	srv := smtptest.Start(t, smtptest.Options{Users: users(), AuthRefusal: smtptest.Refusal(535, "5.7.139",
		"Authentication unsuccessful, SmtpClientAuthentication is disabled for the Mailbox.")})
	out := t.TempDir()
	fakeRun(t, out, statewide, county("Albany", 100))
	rep := deliver(t, prepare(t, settings(srv, recipientsFile(t, "value,to", "Albany,a@example.org"))), out)
	e := ledgerRows(t, filepath.Join(out, "mail.csv"))["."]
	if e.code != 535 || e.enhanced != "5.7.139" || !strings.Contains(e.reply, "Microsoft 365 has SMTP AUTH turned off") || !strings.Contains(e.reply, "provide a relay") {
		t.Errorf("ledger %d %s %q", e.code, e.enhanced, e.reply)
	}
	if srv.Connections() != 1 || !strings.Contains(rep.Line(), "2 failed") {
		t.Errorf("%d connections (a refused login is not tried again for each message), line %q", srv.Connections(), rep.Line())
	}
}

// refusals at each step of a transaction: a 5xx is final and tried
// once; a 4xx is tried again up to three times; a 4xx once then
// accepted is delivered.
func TestRefusalsAtEachStep(t *testing.T) {
	for _, step := range []smtptest.Step{smtptest.Mail, smtptest.Rcpt, smtptest.Data, smtptest.End} {
		for _, c := range []struct {
			name     string
			code     int
			enhanced string
			times    int // refusals before acceptance (99: always)
			status   string
			tries    int
		}{
			{"5xx is final", 550, "5.7.1", 99, statusFailed, 1},
			{"4xx is retried three times", 451, "4.3.0", 99, statusFailed, 4},
			{"4xx once, then accepted", 451, "4.3.0", 1, statusSent, 2},
		} {
			t.Run(string(step)+"/"+c.name, func(t *testing.T) {
				tries := 0
				srv := smtptest.Start(t, smtptest.Options{TLS: smtptest.Implicit, Users: users(), Reply: func(s smtptest.Step, _ string) error {
					if s != step {
						return nil
					}
					tries++
					if tries <= c.times {
						return smtptest.Refusal(c.code, c.enhanced, "scripted refusal")
					}
					return nil
				}})
				out := t.TempDir()
				fakeRun(t, out, statewide)
				s := settings(srv, "")
				s.URL = "smtps://clerk@" + srv.Addr()
				rep := deliver(t, prepare(t, s), out)
				e := ledgerRows(t, filepath.Join(out, "mail.csv"))["."]
				if e.status != c.status || tries != c.tries {
					t.Fatalf("status %s after %d tries, want %s after %d (reply %q)", e.status, tries, c.status, c.tries, e.reply)
				}
				if c.status == statusFailed {
					if e.code != c.code || e.enhanced != c.enhanced || !strings.Contains(rep.Line(), fmt.Sprintf("statewide: %d %s", c.code, c.enhanced)) {
						t.Errorf("ledger %d %q, line %q", e.code, e.enhanced, rep.Line())
					}
					if len(srv.Messages()) != 0 {
						t.Errorf("a refused message was taken")
					}
				}
			})
		}
	}
}

func TestOneBadAddressFailsItsCountyNotTheOthers(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{Users: users(), Reply: func(s smtptest.Step, arg string) error {
		if s == smtptest.Rcpt && arg == "warren@example.org" {
			return smtptest.Refusal(550, "5.1.1", "<warren@example.org>: user unknown")
		}
		return nil
	}})
	out := t.TempDir()
	fakeRun(t, out, statewide, county("Albany", 100), county("Essex", 100), county("Warren", 100))
	rcpts := recipientsFile(t, "value,to,cc", "Albany,albany@example.org,", "Warren,warren@example.org,warren-clerk@example.org", "Essex,essex@example.org,")
	rep := deliver(t, prepare(t, settings(srv, rcpts)), out)
	if got := len(srv.Messages()); got != 3 {
		t.Errorf("%d messages taken, want statewide, Albany and Essex", got)
	}
	for _, m := range srv.Messages() {
		for _, to := range m.To {
			if strings.HasPrefix(to, "warren") {
				t.Errorf("Warren's message reached %s: a message with a refused address goes to none", to)
			}
		}
	}
	want := "mail: 3 sent, 1 failed (Warren: 550 5.1.1 <warren@example.org>: user unknown (at RCPT TO warren@example.org)"
	if !strings.HasPrefix(rep.Line(), want) {
		t.Errorf("line\n%s\nwant it to begin\n%s", rep.Line(), want)
	}
	if srv.Connections() != 1 {
		t.Errorf("%d connections: a refused recipient does not end the connection", srv.Connections())
	}
}

func TestReconnectsAfter421(t *testing.T) {
	n := 0
	srv := smtptest.Start(t, smtptest.Options{Users: users(), Reply: func(s smtptest.Step, _ string) error {
		if s == smtptest.Mail {
			n++
			if n == 2 {
				return smtptest.Refusal(421, "4.3.2", "shutting down")
			}
		}
		return nil
	}})
	out := t.TempDir()
	fakeRun(t, out, statewide, county("Albany", 100), county("Essex", 100))
	rcpts := recipientsFile(t, "value,to", "*,all@example.org")
	rep := deliver(t, prepare(t, settings(srv, rcpts)), out)
	if len(srv.Messages()) != 3 || srv.Connections() != 2 {
		t.Errorf("%d messages on %d connections, want 3 on 2 (one new after the 421)", len(srv.Messages()), srv.Connections())
	}
	_ = rep
}

func TestTheSizeLimitSendsWithoutTheAttachmentAndSaysWhere(t *testing.T) {
	for _, c := range []struct {
		name    string
		maxFlag string
		server  int64
		says    string
	}{
		{"--mail-max-size", "100KB", 0, "mails here may be (100 KB)"},
		{"the server's SIZE", "", 150_000, "the mail server takes (150 KB)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := smtptest.Start(t, smtptest.Options{Users: users(), MaxSize: c.server})
			out := t.TempDir()
			fakeRun(t, out, statewide, county("Albany", 200_000), county("Essex", 2_000))
			s := settings(srv, recipientsFile(t, "value,to", "Albany,albany@example.org", "Essex,essex@example.org"))
			s.MaxSize = c.maxFlag
			s.LinkBase = "https://intranet.example.org/vacancies/out/"
			rep := deliver(t, prepare(t, s), out)
			if rep.Err() != nil {
				t.Fatal(rep.Err())
			}
			msgs := byRecipient(srv.Messages())
			r := readMail(t, msgs["albany@example.org"].Data)
			wantNote := "results.xlsx (200 KB) is not attached: with it this mail would be larger than " + c.says + ". Fetch it at https://intranet.example.org/vacancies/out/by-county/Albany/results.xlsx"
			if !strings.HasPrefix(r.text, wantNote) {
				t.Errorf("the body begins\n%.300s\nwant\n%s", r.text, wantNote)
			}
			if _, ok := r.files[resultsName]; ok {
				t.Error("results.xlsx attached although too large")
			}
			if _, ok := r.files[icsName]; !ok {
				t.Error("deadlines.ics, small enough, was left out too")
			}
			if !strings.Contains(r.html, `<a href="https://intranet.example.org/vacancies/out/by-county/Albany/results.xlsx">`) || !strings.Contains(r.text, "NEEDS ACTION") {
				t.Errorf("the HTML body has no link, or the digest went:\n%s", r.html)
			}
			rows := ledgerRows(t, filepath.Join(out, "mail.csv"))
			if rows["by-county/Albany"].status != statusSentBare || rows["by-county/Essex"].status != statusSent {
				t.Errorf("statuses %s, %s", rows["by-county/Albany"].status, rows["by-county/Essex"].status)
			}
			if int64(len(msgs["albany@example.org"].Data)) > 100_000 {
				t.Errorf("the message is %d bytes", len(msgs["albany@example.org"].Data))
			}
		})
	}
}

func TestWithoutALinkBaseTheNoteGivesThePath(t *testing.T) {
	out := t.TempDir()
	fakeRun(t, out, statewide, county("Albany", 200_000))
	dry := t.TempDir()
	m := prepare(t, Settings{DryRun: dry, From: "e@example.org", MaxSize: "50KB", When: "always",
		Recipients: recipientsFile(t, "value,to", "Albany,a@example.org")})
	deliver(t, m, out)
	b, err := os.ReadFile(filepath.Join(dry, "by-county", "Albany.eml"))
	if err != nil {
		t.Fatal(err)
	}
	r := readMail(t, b)
	abs, _ := filepath.Abs(filepath.Join(out, "by-county", "Albany", "results.xlsx"))
	if !strings.Contains(r.text, "It is at "+abs) {
		t.Errorf("the note does not give the path %s:\n%.400s", abs, r.text)
	}
}

func TestAStallAfterTheLastLineIsUncertainAndNotSentTwice(t *testing.T) {
	stall := true
	srv := smtptest.Start(t, smtptest.Options{Users: users(), Reply: func(s smtptest.Step, _ string) error {
		if s == smtptest.End && stall {
			return smtptest.Stall
		}
		return nil
	}})
	out := t.TempDir()
	fakeRun(t, out, statewide)
	s := settings(srv, "")
	s.ReplyTimeout = 300 * time.Millisecond
	m := prepare(t, s)
	rep := deliver(t, m, out)
	e := ledgerRows(t, filepath.Join(out, "mail.csv"))["."]
	if e.status != statusUncertain || len(srv.Stalled()) != 1 || !strings.Contains(e.reply, "--resend-uncertain") {
		t.Fatalf("status %s (%q), %d stalled", e.status, e.reply, len(srv.Stalled()))
	}
	if !strings.Contains(rep.Line(), "1 uncertain") || rep.Err() == nil {
		t.Errorf("line %q", rep.Line())
	}
	firstID := e.messageID

	stall = false
	rep = deliver(t, m, out)
	if len(srv.Messages())+len(srv.Stalled()) != 1 {
		t.Fatal("an uncertain message was sent again without --resend-uncertain")
	}
	if rep.Err() == nil || !strings.Contains(rep.Line(), "not sent again") {
		t.Errorf("a second batch mail does not say the uncertain message is still so: %q", rep.Line())
	}

	rep = deliver(t, m, out, func(o *Options) { o.ResendUncertain = true })
	if len(srv.Messages()) != 1 || rep.Err() != nil {
		t.Fatalf("--resend-uncertain: %d taken, %v", len(srv.Messages()), rep.Err())
	}
	again := readMail(t, srv.Messages()[0].Data)
	if again.header.Get("Message-ID") != firstID {
		t.Errorf("sent again as %s, not under its first Message-ID %s", again.header.Get("Message-ID"), firstID)
	}
}

func TestTheStepNeverOutlastsItsTimeout(t *testing.T) {
	// The reply never comes, and each transaction may wait longer than
	// the step may: the step's timeout ends it.
	srv := smtptest.Start(t, smtptest.Options{Users: users(), Reply: func(s smtptest.Step, _ string) error {
		if s == smtptest.End {
			return smtptest.Stall
		}
		return nil
	}})
	out := t.TempDir()
	fakeRun(t, out, statewide, county("Albany", 100))
	s := settings(srv, recipientsFile(t, "value,to", "Albany,a@example.org"))
	s.Timeout, s.ReplyTimeout = time.Second, time.Hour
	deliver(t, prepare(t, s), out)
	rows := ledgerRows(t, filepath.Join(out, "mail.csv"))
	if rows["."].status != statusUncertain {
		t.Errorf("statewide: %s %q", rows["."].status, rows["."].reply)
	}
	if e := rows["by-county/Albany"]; e.status != statusFailed || !strings.Contains(e.reply, "--mail-timeout") {
		t.Errorf("Albany: %s %q, want failed for want of time", e.status, e.reply)
	}
}

func TestTheLedgerAcrossTwoMailSteps(t *testing.T) {
	down := true
	srv := smtptest.Start(t, smtptest.Options{Users: users(), Reply: func(s smtptest.Step, arg string) error {
		switch {
		case s == smtptest.Rcpt && arg == "warren@example.org":
			return smtptest.Refusal(550, "5.1.1", "user unknown")
		case s == smtptest.Rcpt && arg == "essex@example.org" && down:
			return smtptest.Refusal(452, "4.2.2", "mailbox full")
		}
		return nil
	}})
	out := t.TempDir()
	fakeRun(t, out, statewide, county("Albany", 100), county("Essex", 100), county("Warren", 100))
	rcpts := recipientsFile(t, "value,to", "Albany,albany@example.org", "Essex,essex@example.org", "Warren,warren@example.org")
	m := prepare(t, settings(srv, rcpts))

	rep := deliver(t, m, out)
	if len(srv.Messages()) != 2 || !strings.Contains(rep.Line(), "2 failed") {
		t.Fatalf("first step: %d taken, %q", len(srv.Messages()), rep.Line())
	}
	down = false
	rep = deliver(t, m, out) // Essex's 4xx is retried; Warren's 5xx is not
	if len(srv.Messages()) != 3 {
		t.Fatalf("second step: %d taken in all, want 3 (Essex retried, nothing sent twice)", len(srv.Messages()))
	}
	rows := ledgerRows(t, filepath.Join(out, "mail.csv"))
	if rows["by-county/Essex"].status != statusSent || rows["by-county/Warren"].status != statusFailed || rows["."].status != statusSent {
		t.Errorf("ledger after the second step: Essex %s, Warren %s, statewide %s", rows["by-county/Essex"].status, rows["by-county/Warren"].status, rows["."].status)
	}
	if !strings.Contains(rep.Line(), "--retry-failed") || !strings.Contains(rep.Line(), "2 sent before") {
		t.Errorf("second line %q", rep.Line())
	}

	srv2Warren := 0
	for _, msg := range srv.Messages() {
		if msg.To[0] == "warren@example.org" {
			srv2Warren++
		}
	}
	rep = deliver(t, m, out, func(o *Options) { o.RetryFailed = true })
	if len(srv.Messages()) != 3 || rep.Err() == nil {
		t.Errorf("--retry-failed against a server still refusing: %d taken, %q", len(srv.Messages()), rep.Line())
	}
}

func TestASecondMailStepAfterSuccessSendsNothing(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{Users: users()})
	out := t.TempDir()
	fakeRun(t, out, statewide, county("Albany", 100))
	m := prepare(t, settings(srv, recipientsFile(t, "value,to", "Albany,a@example.org")))
	deliver(t, m, out)
	rep := deliver(t, m, out)
	if len(srv.Messages()) != 2 || rep.Err() != nil {
		t.Fatalf("%d taken, %v", len(srv.Messages()), rep.Err())
	}
	if want := "mail: nothing to send: the 2 messages of this run were sent before"; rep.Line() != want {
		t.Errorf("line %q, want %q", rep.Line(), want)
	}
}

func TestANewRunHasANewLedger(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{Users: users()})
	out := t.TempDir()
	fakeRun(t, out, statewide)
	m := prepare(t, settings(srv, ""))
	deliver(t, m, out)
	fakeRun(t, out, statewide) // the next night
	rep := deliver(t, m, out)
	if len(srv.Messages()) != 2 || rep.Line() != "mail: 1 sent" {
		t.Errorf("the next night's run: %d taken in all, %q", len(srv.Messages()), rep.Line())
	}
	ledgers, _ := filepath.Glob(filepath.Join(out, ".batch", "mail", "*.csv"))
	if len(ledgers) != 2 {
		t.Errorf("ledgers %v, want one per run", ledgers)
	}
}

func TestThePasswordNeverShows(t *testing.T) {
	// A password in the URL is refused without being repeated.
	_, err := Settings{URL: "smtp://clerk:" + testPassword + "@127.0.0.1:587", From: "e@example.org"}.Prepare()
	if err == nil || strings.Contains(err.Error(), testPassword) || !strings.Contains(err.Error(), "BATCH_SMTP_PASSWORD") {
		t.Errorf("a password in the URL: %v", err)
	}
	// Nor anywhere a mail step writes, succeeding or failing.
	srv := smtptest.Start(t, smtptest.Options{Users: users(), Reply: func(s smtptest.Step, arg string) error {
		if s == smtptest.Rcpt && strings.HasPrefix(arg, "bad") {
			return smtptest.Refusal(550, "5.1.1", "no")
		}
		return nil
	}})
	out := t.TempDir()
	fakeRun(t, out, statewide, county("Albany", 100))
	dry := t.TempDir()
	s := settings(srv, recipientsFile(t, "value,to", "Albany,bad@example.org"))
	rep := deliver(t, prepare(t, s), out)
	s.DryRun = dry
	deliver(t, prepare(t, s), out)
	var seen []string
	_ = filepath.Walk(out, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() {
			b, _ := os.ReadFile(p)
			seen = append(seen, p+": "+string(b))
		}
		return nil
	})
	_ = filepath.Walk(dry, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() {
			b, _ := os.ReadFile(p)
			seen = append(seen, p+": "+string(b))
		}
		return nil
	})
	for _, m := range srv.Messages() {
		seen = append(seen, string(m.Data))
	}
	seen = append(seen, rep.Line())
	for _, s := range seen {
		if strings.Contains(s, testPassword) {
			t.Errorf("the password shows in %.200s", s)
		}
	}
}

func TestAFolderWrittenWithCopiesIsMailedToo(t *testing.T) {
	// Without symbolic links (Windows without Developer Mode),
	// .batch/current is a file naming the set (pkg/outdir, copies.go).
	srv := smtptest.Start(t, smtptest.Options{Users: users()})
	out := t.TempDir()
	id := fakeRun(t, out, statewide)
	cur := filepath.Join(out, ".batch", "current")
	if err := os.Remove(cur); err != nil {
		t.Fatal(err)
	}
	write(t, cur, []byte("runs/"+id+"\n"))
	rep := deliver(t, prepare(t, settings(srv, "")), out)
	if rep.Err() != nil || len(srv.Messages()) != 1 {
		t.Fatalf("%v, %d taken", rep.Err(), len(srv.Messages()))
	}
	if e := ledgerRows(t, filepath.Join(out, "mail.csv"))["."]; e.status != statusSent {
		t.Errorf("ledger %+v", e)
	}
}
