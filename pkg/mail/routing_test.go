package mail

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"batch/internal/smtptest"
)

func TestRoutingNeverSkipsAValueWithoutAWord(t *testing.T) {
	t.Run("a value with no row goes to the * row, saying so", func(t *testing.T) {
		srv := smtptest.Start(t, smtptest.Options{Users: users()})
		out := t.TempDir()
		fakeRun(t, out, statewide, county("Albany", 100), county("Warren", 100), county("", 100))
		s := settings(srv, recipientsFile(t, "value,to,cc", "Albany,albany@example.org,", "*,state@example.org,board@example.org"))
		s.To = ""
		rep := deliver(t, prepare(t, s), out)
		rows := ledgerRows(t, filepath.Join(out, "mail.csv"))
		if rows["by-county/Warren"].status != statusSentDefault || rows["by-county/(none)"].status != statusSentDefault || rows["by-county/Albany"].status != statusSent {
			t.Errorf("statuses: Warren %s, (none) %s, Albany %s", rows["by-county/Warren"].status, rows["by-county/(none)"].status, rows["by-county/Albany"].status)
		}
		subjects := map[string]bool{}
		for _, m := range srv.Messages() {
			subjects[readMail(t, m.Data).subject] = true
		}
		for _, want := range []string{
			"[no recipient for Warren] batch: vacancies of Warren County as of Sun 2026-03-01",
			"[no recipient for (none)] batch: vacancies of rows with no county as of Sun 2026-03-01",
			"batch: vacancies as of Sun 2026-03-01, 2 items to act on", // the statewide message: the * row
		} {
			if !subjects[want] {
				t.Errorf("no message with subject %q; got %v", want, subjects)
			}
		}
		if rep.Err() == nil || !strings.Contains(rep.Line(), "2 to the * row's addresses, no row naming Warren; (none)") {
			t.Errorf("exit 4 naming the values, line %q", rep.Line())
		}
	})
	t.Run("with no * row a value is unrouted, named, and did-you-meant", func(t *testing.T) {
		srv := smtptest.Start(t, smtptest.Options{Users: users()})
		out := t.TempDir()
		fakeRun(t, out, statewide, county("Albany", 100), county("Warren", 100))
		s := settings(srv, recipientsFile(t, "value,to", "Albany,albany@example.org", "Warrne,warren@example.org"))
		rep := deliver(t, prepare(t, s), out)
		e := ledgerRows(t, filepath.Join(out, "mail.csv"))["by-county/Warren"]
		if e == nil || e.status != statusUnrouted || !strings.Contains(e.reply, "did you mean Warren?") {
			t.Fatalf("Warren's row: %+v", e)
		}
		var u *Undelivered
		if !errors.As(rep.Err(), &u) || !strings.Contains(u.Line, "1 unrouted (Warren: not mailed") || !strings.Contains(u.Line, "Warrne (line 3) matches no value") {
			t.Errorf("line %q", rep.Line())
		}
		if len(srv.Messages()) != 2 {
			t.Errorf("%d taken, want statewide and Albany", len(srv.Messages()))
		}
	})
	t.Run("without a recipients file every slice is unrouted", func(t *testing.T) {
		out := t.TempDir()
		fakeRun(t, out, statewide, county("Albany", 100), county("Essex", 100))
		m := prepare(t, Settings{DryRun: t.TempDir(), From: "e@example.org", To: "s@example.org", When: "always"})
		rep := deliver(t, m, out)
		// One reason, said once after the values it befell.
		if !strings.Contains(rep.Line(), "2 unrouted (Albany, Essex: not mailed: no recipients file (--mail-recipients) gives its addresses") {
			t.Errorf("line %q", rep.Line())
		}
	})
	t.Run("the statewide part with no address is not mailed, and that is no failure", func(t *testing.T) {
		out := t.TempDir()
		fakeRun(t, out, statewide, county("Albany", 100))
		dry := t.TempDir()
		m := prepare(t, Settings{DryRun: dry, From: "e@example.org", When: "always", Recipients: recipientsFile(t, "value,to", "Albany,a@example.org")})
		rep := deliver(t, m, out)
		if rep.Err() != nil || !strings.Contains(rep.Line(), "the statewide part not mailed: no --mail-to and no * row") {
			t.Errorf("line %q, %v", rep.Line(), rep.Err())
		}
		if _, err := os.Stat(filepath.Join(dry, "statewide.eml")); err == nil {
			t.Error("a statewide message was written with no one to send it to")
		}
	})
}

func TestMailWhenFailOn(t *testing.T) {
	out := t.TempDir()
	reached := county("Albany", 100)
	reached.failOn = `{"levels":["action","changed"],"reached":true,"because":["a deadline due within 7 days"]}`
	quiet := county("Essex", 100)
	quiet.failOn = `{"levels":["action","changed"],"reached":false,"because":[]}`
	unknown := county("Warren", 100) // a summary.json without the block
	fakeRun(t, out, statewide, reached, quiet, unknown)
	rcpts := recipientsFile(t, "value,to", "*,all@example.org")
	for _, c := range []struct {
		when   string
		mailed []string
	}{
		{"fail-on", []string{"statewide.eml", "by-county/Albany.eml", "by-county/Warren.eml"}},
		{"always", []string{"statewide.eml", "by-county/Albany.eml", "by-county/Essex.eml", "by-county/Warren.eml"}},
	} {
		t.Run(c.when, func(t *testing.T) {
			dry := t.TempDir()
			rep := deliver(t, prepare(t, Settings{DryRun: dry, From: "e@example.org", When: c.when, Recipients: rcpts}), out)
			var got []string
			_ = filepath.Walk(dry, func(p string, fi os.FileInfo, err error) error {
				if err == nil && strings.HasSuffix(p, ".eml") {
					rel, _ := filepath.Rel(dry, p)
					got = append(got, filepath.ToSlash(rel))
				}
				return nil
			})
			if strings.Join(got, " ") != strings.Join(sorted(c.mailed), " ") {
				t.Errorf("mailed %v, want %v", got, c.mailed)
			}
			rows := ledgerRows(t, filepath.Join(dry, "mail.csv"))
			if c.when == "fail-on" {
				if !strings.Contains(rows["by-county/Warren"].reply, "no fail_on block") || !strings.Contains(rows["."].reply, "no fail_on block") {
					t.Errorf("a part mailed without a fail_on block does not say so: %q", rows["by-county/Warren"].reply)
				}
				if strings.Contains(rows["by-county/Albany"].reply, "fail_on") {
					t.Errorf("Albany reached it: %q", rows["by-county/Albany"].reply)
				}
				if !strings.Contains(rep.Line(), "1 parts not mailed: they did not reach --fail-on") {
					t.Errorf("line %q", rep.Line())
				}
			}
		})
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestTheSubjectIsTheWholeHeading(t *testing.T) {
	for _, c := range []struct{ digest, want string }{
		{"batch: vacancies of St. Lawrence County as of Mon 2026-03-02, 3 items to act\n  on, 2 vacancies changed\n=============\nbody", "batch: vacancies of St. Lawrence County as of Mon 2026-03-02, 3 items to act on, 2 vacancies changed"},
		{"one line\r\n====\r\n", "one line"},
		{"no rule at all\nsecond line", "no rule at all"},
	} {
		if got := heading(c.digest); got != c.want {
			t.Errorf("heading of %q: %q, want %q", c.digest, got, c.want)
		}
	}
}

// A dry run writes each message as a file a mail program reads, and the
// ledger, and sends nothing; it never replaces a file.
func TestDryRunWritesMessagesThatReadBack(t *testing.T) {
	out := t.TempDir()
	id := fakeRun(t, out, statewide, county("Albany", 3000), county("Saint Lawrence", 100))
	dry := t.TempDir()
	s := Settings{URL: "smtp://clerk@mail.example.org", Password: "x", DryRun: dry, When: "always",
		From: `"Board of Elections, NYS" <elections@example.org>`, To: "state@example.org",
		Recipients: recipientsFile(t, "value,to,cc", "Albany,Albany Board — Élections <albany@example.org>,clerk@example.org", "*,other@example.org,")}
	rep := deliver(t, prepare(t, s), out)
	if rep.Err() == nil || !strings.Contains(rep.Line(), "3 written to") || !strings.Contains(rep.Line(), "1 would go to the * row's addresses, no row naming Saint Lawrence") {
		t.Errorf("line %q (Saint Lawrence went to the * row: exit 4 names it)", rep.Line())
	}
	b, err := os.ReadFile(filepath.Join(dry, "by-county", "Albany.eml"))
	if err != nil {
		t.Fatal(err)
	}
	r := readMail(t, b)
	want, _ := os.ReadFile(filepath.Join(out, ".batch", "runs", id, "by-county", "Albany", "results.xlsx"))
	switch {
	case r.subject != "batch: vacancies of Albany County as of Sun 2026-03-01":
		t.Errorf("subject %q", r.subject)
	case !bytes.Equal(r.files["results.xlsx"], want):
		t.Error("results.xlsx does not read back as the part's")
	case r.header.Get("Auto-Submitted") != "auto-generated":
		t.Errorf("Auto-Submitted %q", r.header.Get("Auto-Submitted"))
	}
	to, err := r.header.AddressList("To")
	if err != nil || len(to) != 1 || to[0].Name != "Albany Board — Élections" || to[0].Address != "albany@example.org" {
		t.Errorf("To %v %v", to, err)
	}
	from, err := r.header.AddressList("From")
	if err != nil || from[0].Name != "Board of Elections, NYS" {
		t.Errorf("From %v %v", from, err)
	}
	if _, err := os.Lstat(filepath.Join(out, "mail.csv")); err == nil {
		t.Error("a dry run wrote the output folder's ledger")
	}
	rows := ledgerRows(t, filepath.Join(dry, "mail.csv"))
	if e := rows["by-county/Albany"]; e.status != statusDryRun || e.messageID != r.header.Get("Message-ID") {
		t.Errorf("dry run's ledger row %+v", e)
	}
	_, err = prepare(t, s).Deliver(t.Context(), Options{Out: out})
	if err == nil || !strings.Contains(err.Error(), "never replaces a file") {
		t.Errorf("a second dry run into the same folder: %v", err)
	}
}

func TestSendmail(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a shell script stands for sendmail")
	}
	dir := t.TempDir()
	got := filepath.Join(dir, "got")
	prog := filepath.Join(dir, "sendmail")
	script := "#!/bin/sh\necho \"$@\" >> " + got + ".args\ncat >> " + got + "\n"
	if err := os.WriteFile(prog, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	fakeRun(t, out, statewide)
	rep := deliver(t, prepare(t, Settings{URL: "sendmail:" + prog, From: "e@example.org", To: "s@example.org", When: "always"}), out)
	args, _ := os.ReadFile(got + ".args")
	msg, _ := os.ReadFile(got)
	if rep.Err() != nil || strings.TrimSpace(string(args)) != "-oi -f e@example.org -- s@example.org" || readMail(t, msg).subject == "" {
		t.Errorf("sendmail given %q and %d bytes: %q", args, len(msg), rep.Line())
	}
}
