package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"batch/internal/smtptest"
	"batch/pkg/compute"
)

// The mail step end to end (CONTRACT.md, "Mail"): batch run --split county --mail
// on the samples against a real SMTP server started by the test on
// 127.0.0.1, with a certificate authority made by the test.

// mailPassword is the login's password: it must never show.
const mailPassword = "Corr3ct-Horse-never-shown"

// runEnv runs batch in dir with env added to the test's environment.
func runEnv(t *testing.T, dir string, env []string, args ...string) outcome {
	t.Helper()
	return runWith(t, dir, env, "", args...)
}

// boardAddress is the test's address of a county's board.
func boardAddress(county string) string {
	return strings.ToLower(strings.NewReplacer(" ", "-", ".", "").Replace(county)) + "@boe.example.org"
}

// boardsFile writes a recipients file with a row for each of New York's
// counties but those left out, and the rows with no county.
func boardsFile(t *testing.T, path string, leaveOut ...string) {
	t.Helper()
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"value", "to", "cc"})
	for _, c := range compute.Counties {
		if !contains(leaveOut, c) {
			_ = w.Write([]string{c, boardAddress(c), ""})
		}
	}
	_ = w.Write([]string{"(none)", "statewide-offices@boe.example.org", ""})
	w.Flush()
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// mailEnv is the environment of a mail step against srv.
func mailEnv(srv *smtptest.Server) []string {
	return []string{
		"BATCH_SMTP_URL=smtp://clerk@" + srv.Addr(),
		"BATCH_SMTP_PASSWORD=" + mailPassword,
		"BATCH_SMTP_CA_FILE=" + srv.CAFile,
		"BATCH_MAIL_FROM=Elections <elections@example.org>",
		"BATCH_MAIL_TO=state@example.org",
	}
}

// indexRows reads a split's index.csv: value → folder.
func indexRows(t *testing.T, path string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range readCSV(t, path)[1:] {
		out[r[0]] = r[1]
	}
	return out
}

// readLedger reads OUT/mail.csv: folder → column → value.
func readLedger(t *testing.T, out string) map[string]map[string]string {
	t.Helper()
	rows := readCSV(t, filepath.Join(out, "mail.csv"))
	got := map[string]map[string]string{}
	for _, r := range rows[1:] {
		m := map[string]string{}
		for i, h := range rows[0] {
			m[h] = r[i]
		}
		got[m["folder"]] = m
	}
	return got
}

// readMessage reads a message as a mail program would.
func readMessage(t *testing.T, data []byte) smtptest.Seen {
	t.Helper()
	s, err := smtptest.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// digestHeading is the subject a part's digest gives: the lines before
// its rule of "=", joined by single spaces (CONTRACT.md, "Mail").
func digestHeading(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var head []string
	for _, l := range strings.Split(string(b), "\n") {
		if t := strings.TrimSpace(l); t != "" && strings.Trim(t, "=") == "" {
			break
		}
		head = append(head, strings.TrimSpace(l))
	}
	return strings.Join(head, " ")
}

// checkEachPart checks that every message the server took is one part's,
// to that part's board, with that part's subject and results.xlsx, and
// that each part in index.csv whose folder is in want got exactly one.
func checkEachPart(t *testing.T, srv *smtptest.Server, out string, want map[string]string) {
	t.Helper()
	got := map[string]int{}
	for _, m := range srv.Messages() {
		folder, ok := want[m.To[0]]
		if !ok {
			t.Errorf("a message to %v, who should get none", m.To)
			continue
		}
		got[m.To[0]]++
		seen := readMessage(t, m.Data)
		if h := digestHeading(t, filepath.Join(out, folder, "digest.txt")); seen.Subject != h {
			t.Errorf("%s: subject %q, want its own digest's heading %q", folder, seen.Subject, h)
		}
		xlsx, err := os.ReadFile(filepath.Join(out, folder, "results.xlsx"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(seen.Files["results.xlsx"], xlsx) {
			t.Errorf("%s: the results.xlsx attached (%d bytes) is not %s/results.xlsx (%d bytes)", folder, len(seen.Files["results.xlsx"]), folder, len(xlsx))
		}
	}
	for rcpt, folder := range want {
		if got[rcpt] != 1 {
			t.Errorf("%s (%s) got %d messages, want 1", rcpt, folder, got[rcpt])
		}
	}
}

func TestRunSplitCountyMailGivesEachBoardItsOwnPart(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{Users: map[string]string{"clerk": mailPassword}})
	dir := t.TempDir()
	boardsFile(t, filepath.Join(dir, "boards.csv"))
	out := filepath.Join(dir, "out")
	o := runEnv(t, dir, mailEnv(srv), "run", "--split", "county", "--mail", "--mail-when", "always",
		"--mail-recipients", "boards.csv", "--as-of", "2026-03-01", "-o", out, "-q", samplesAbs(t))
	if o.code != 0 {
		t.Fatalf("exit %d\n%s", o.code, o.stderr)
	}
	want := map[string]string{"state@example.org": "."}
	for value, folder := range indexRows(t, filepath.Join(out, "by-county", "index.csv")) {
		rcpt := "statewide-offices@boe.example.org"
		if value != "" {
			rcpt = boardAddress(value)
		}
		want[rcpt] = filepath.Join("by-county", folder)
	}
	if len(want) < 60 {
		t.Fatalf("only %d parts: the samples hold nearly every county", len(want))
	}
	checkEachPart(t, srv, out, want)
	ledger := readLedger(t, out)
	if len(ledger) != len(want) {
		t.Errorf("the ledger has %d rows, want %d", len(ledger), len(want))
	}
	for folder, row := range ledger {
		if row["status"] != "sent" || row["smtp_code"] != "250" {
			t.Errorf("ledger %s: %v", folder, row)
		}
	}

	// A second batch mail sends nothing, says so, and exits 0.
	again := runEnv(t, dir, mailEnv(srv), "mail", "--mail-when", "always", "--mail-recipients", "boards.csv", out)
	if again.code != 0 || len(srv.Messages()) != len(want) || !strings.Contains(again.stdout, "nothing to send") {
		t.Errorf("second batch mail: exit %d, %d messages in all (want %d), stdout %q stderr %q", again.code, len(srv.Messages()), len(want), again.stdout, again.stderr)
	}
	for _, s := range []string{o.stdout, o.stderr, again.stdout, again.stderr} {
		if strings.Contains(s, mailPassword) {
			t.Error("the password shows in the output")
		}
	}
}

func TestA550ForOneCountyAndAnUnroutedOneExit4(t *testing.T) {
	var mu sync.Mutex
	refuse := true
	srv := smtptest.Start(t, smtptest.Options{Users: map[string]string{"clerk": mailPassword}, Reply: func(s smtptest.Step, arg string) error {
		mu.Lock()
		defer mu.Unlock()
		if s == smtptest.Rcpt && arg == boardAddress("Warren") && refuse {
			return smtptest.Refusal(550, "5.1.1", "<warren@boe.example.org>: Recipient address rejected: User unknown")
		}
		return nil
	}})
	dir := t.TempDir()
	boards := filepath.Join(dir, "boards.csv")
	boardsFile(t, boards, "Essex") // Essex has no row, and there is no * row
	out := filepath.Join(dir, "out")
	// --fail-on error is reached on the samples (exit 3): exit 4 outranks it.
	o := runEnv(t, dir, mailEnv(srv), "run", "--split", "county", "--mail", "--mail-when", "always", "--fail-on", "error",
		"--mail-recipients", boards, "--as-of", "2026-03-01", "-o", out, "-q", samplesAbs(t))
	if o.code != exitMail {
		t.Fatalf("exit %d, want 4\n%s", o.code, o.stderr)
	}
	index := indexRows(t, filepath.Join(out, "by-county", "index.csv"))
	sent := len(index) + 1 - 2 // every part but Warren's and Essex's
	wantLine := fmt.Sprintf("mail: %d sent, 1 failed (Warren: 550 5.1.1 <warren@boe.example.org>: Recipient address rejected: User unknown", sent)
	if !strings.Contains(o.stderr, wantLine) || !strings.Contains(o.stderr, "1 unrouted (Essex: not mailed") || !strings.Contains(o.stderr, "--fail-on error reached") {
		t.Errorf("stderr\n%s\nwant the threshold's line, then\n%s…, 1 unrouted (Essex: …", o.stderr, wantLine)
	}
	ledger := readLedger(t, out)
	if w := ledger["by-county/Warren"]; w["status"] != "failed" || w["smtp_code"] != "550" || w["enhanced_code"] != "5.1.1" {
		t.Errorf("Warren's ledger row %v", w)
	}
	if e := ledger["by-county/Essex"]; e["status"] != "unrouted" || e["to"] != "" {
		t.Errorf("Essex's ledger row %v: an unrouted value is neither skipped nor silent", e)
	}
	if len(srv.Messages()) != sent {
		t.Errorf("%d messages taken, want %d: the others are delivered", len(srv.Messages()), sent)
	}

	// The next batch mail leaves Warren's refusal (5xx) as it is.
	o = runEnv(t, dir, mailEnv(srv), "mail", "--mail-when", "always", "--mail-recipients", boards, out)
	if o.code != exitMail || len(srv.Messages()) != sent || !strings.Contains(o.stderr, "--retry-failed") {
		t.Errorf("second batch mail: exit %d, %d messages, stderr %q", o.code, len(srv.Messages()), o.stderr)
	}
	// The address fixed and Essex given a row, the rest goes: once each.
	mu.Lock()
	refuse = false
	mu.Unlock()
	boardsFile(t, boards)
	o = runEnv(t, dir, mailEnv(srv), "mail", "--mail-when", "always", "--mail-recipients", boards, "--retry-failed", out)
	if o.code != 0 || len(srv.Messages()) != sent+2 {
		t.Errorf("after the fix: exit %d, %d messages (want %d)\n%s%s", o.code, len(srv.Messages()), sent+2, o.stdout, o.stderr)
	}
	if !strings.Contains(o.stdout, fmt.Sprintf("mail: 2 sent, %d sent before", sent)) {
		t.Errorf("stdout %q", o.stdout)
	}
}

// samplesAbs is the samples workbook's absolute path (the tests run
// batch in folders of their own).
func samplesAbs(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs(samplesXLSX)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMailSettingsAreCheckedBeforeAnyComputing(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(bad, []byte("value,to\nWarren,warren.example.org\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		env  []string
		args []string
		says string
	}{
		{"a password in the URL", nil, []string{"--smtp-url", "smtp://clerk:" + mailPassword + "@127.0.0.1:2525", "--mail-from", "e@example.org"}, "BATCH_SMTP_PASSWORD"},
		{"a bad address in the recipients file", []string{"BATCH_SMTP_URL=smtp+insecure://127.0.0.1:2525", "BATCH_MAIL_FROM=e@example.org"}, []string{"--mail-recipients", bad}, "line 2, column to"},
		{"no sender", []string{"BATCH_SMTP_URL=smtp+insecure://127.0.0.1:2525"}, nil, "--mail-from"},
		{"a sender from the environment", []string{"BATCH_SMTP_URL=smtp+insecure://127.0.0.1:2525", "BATCH_MAIL_FROM=nobody"}, nil, "the environment variable BATCH_MAIL_FROM"},
		{"--fail-on never mails nothing", []string{"BATCH_SMTP_URL=smtp+insecure://127.0.0.1:2525", "BATCH_MAIL_FROM=e@example.org"}, []string{"--mail-when", "fail-on"}, "--fail-on is never"},
		{"insecure to another computer", []string{"BATCH_MAIL_FROM=e@example.org"}, []string{"--smtp-url", "smtp+insecure://relay.example.org"}, "--smtp-allow-insecure"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, "out-"+strings.ReplaceAll(c.name, " ", "-"))
			args := append([]string{"run", "--mail", "-o", out, samplesAbs(t)}, c.args...)
			o := runEnv(t, dir, append([]string{"BATCH_SMTP_PASSWORD="}, c.env...), args...)
			if o.code != exitUsage || !strings.Contains(o.stderr, c.says) {
				t.Errorf("exit %d, stderr %q; want exit 2 saying %q", o.code, o.stderr, c.says)
			}
			if strings.Contains(o.stderr, mailPassword) {
				t.Error("the error repeats the password")
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("the output folder was made: the settings were checked after computing")
			}
		})
	}
}

func TestMailOnErrorSendsThisRunsOwnLog(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{Users: map[string]string{"clerk": mailPassword}})
	dir := t.TempDir()
	env := append(mailEnv(srv), "BATCH_MAIL_ON_ERROR=ops@example.org")
	// Two failed nights: the second's notice holds its own lines only.
	for i, input := range []string{"missing-monday.xlsx", "missing-tuesday.xlsx"} {
		o := runEnv(t, dir, env, "run", "-o", "out", "--split", "county", input)
		if o.code != exitFailed || !strings.Contains(o.stderr, "mail: failure notice sent to ops@example.org") {
			t.Fatalf("exit %d, stderr %q", o.code, o.stderr)
		}
		msgs := srv.Messages()
		if len(msgs) != i+1 {
			t.Fatalf("%d notices", len(msgs))
		}
		seen := readMessage(t, msgs[i].Data)
		if seen.Subject != "batch failed: exit 1" {
			t.Errorf("subject %q", seen.Subject)
		}
		if !strings.Contains(seen.Text, input) {
			t.Errorf("the notice does not hold this run's error:\n%s", seen.Text)
		}
		if i == 1 && strings.Contains(seen.Text, "missing-monday") {
			t.Errorf("Tuesday's notice holds Monday's lines:\n%s", seen.Text)
		}
		// Each log line with its time: "2026-12-07 02:15:00.123  batch: …".
		var stamped int
		for _, l := range strings.Split(seen.Text, "\n") {
			if len(l) > 25 && l[4] == '-' && l[10] == ' ' && l[13] == ':' && strings.Contains(l, input) {
				stamped++
			}
		}
		if stamped == 0 {
			t.Errorf("no timestamped line names %s:\n%s", input, seen.Text)
		}
	}
}

func TestMailTestSendsOneShortMessage(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{TLS: smtptest.Implicit, Users: map[string]string{"clerk": mailPassword}})
	env := append(mailEnv(srv), "BATCH_SMTP_URL=smtps://clerk@"+srv.Addr())
	o := runEnv(t, t.TempDir(), env, "mail", "--test", "you@example.org")
	if o.code != 0 || len(srv.Messages()) != 1 || srv.Messages()[0].To[0] != "you@example.org" {
		t.Fatalf("exit %d, %d messages\n%s%s", o.code, len(srv.Messages()), o.stdout, o.stderr)
	}
	if !strings.Contains(o.stdout, "mail: test message sent to you@example.org (250") {
		t.Errorf("stdout %q", o.stdout)
	}
	// A server whose authority this computer does not know: exit 4, and
	// what to do.
	o = runEnv(t, t.TempDir(), append(env, "BATCH_SMTP_CA_FILE="), "mail", "--test", "you@example.org")
	if o.code != exitMail || !strings.Contains(o.stderr, "pass --smtp-ca-file") {
		t.Errorf("unknown authority: exit %d, stderr %q", o.code, o.stderr)
	}
}
