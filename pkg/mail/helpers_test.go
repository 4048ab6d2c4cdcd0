package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/csv"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"batch/internal/smtptest"
)

// testPassword is the login's password in every test: it must never
// show in a ledger, a line, an error or a message.
const testPassword = "Tr0ub4dor&3-never-shown"

// fakePart is one part of a made-up committed run.
type fakePart struct {
	value   string // "" for the (none) slice
	heading []string
	xlsx    int    // bytes of results.xlsx; 0 writes none
	failOn  string // summary.json's fail_on block as JSON; "" for none
}

// fakeRun writes into out a committed set as batch run leaves one (the
// files the mail step reads; the digest's shape as export writes it),
// with a by-county split of the slices, and returns its id.
func fakeRun(t *testing.T, out string, statewide fakePart, slices ...fakePart) string {
	t.Helper()
	id := fmt.Sprintf("20261207T020912.%03dZ-0123456789ab", time.Now().Nanosecond()%1000)
	set := filepath.Join(out, ".batch", "runs", id)
	writePart(t, set, statewide)
	var index bytes.Buffer
	w := csv.NewWriter(&index)
	_ = w.Write([]string{"value", "folder", "vacancies", "errors", "warnings", "rejected_rows", "shared"})
	for _, p := range slices {
		folder := p.value
		if folder == "" {
			folder = "(none)"
		}
		_ = w.Write([]string{p.value, folder, "1", "0", "0", "0", "0"})
		writePart(t, filepath.Join(set, "by-county", folder), p)
	}
	w.Flush()
	if len(slices) > 0 {
		write(t, filepath.Join(set, "by-county", "index.csv"), index.Bytes())
	}
	cur := filepath.Join(out, ".batch", "current")
	_ = os.Remove(cur)
	if err := os.Symlink(filepath.Join("runs", id), cur); err != nil {
		t.Fatal(err)
	}
	return id
}

func writePart(t *testing.T, dir string, p fakePart) {
	t.Helper()
	head := strings.Join(p.heading, "\n")
	rule := strings.Repeat("=", len(p.heading[0]))
	write(t, filepath.Join(dir, digestText), []byte(head+"\n"+rule+"\nNEEDS ACTION (1)\n  Mon 2026-03-02  Last day to file.\n"))
	write(t, filepath.Join(dir, digestHTML), []byte("<!DOCTYPE html>\n<html><body style=\"margin:0\">\n<p>"+head+"</p>\n</body></html>\n"))
	if p.xlsx > 0 {
		b := make([]byte, p.xlsx)
		_, _ = rand.Read(b)
		write(t, filepath.Join(dir, resultsName), b)
		write(t, filepath.Join(dir, icsName), []byte("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"))
	}
	summary := `{"as_of":"2026-03-01"}`
	if p.failOn != "" {
		summary = `{"as_of":"2026-03-01","fail_on":` + p.failOn + `}`
	}
	write(t, filepath.Join(dir, summaryName), []byte(summary))
}

func write(t *testing.T, p string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// county is a slice part as a county's digest heads it.
func county(value string, xlsx int) fakePart {
	name := value + " County"
	if value == "" {
		name = "rows with no county"
	}
	return fakePart{value: value, heading: []string{"batch: vacancies of " + name + " as of Sun 2026-03-01"}, xlsx: xlsx}
}

var statewide = fakePart{heading: []string{"batch: vacancies as of Sun 2026-03-01, 2 items to act on"}, xlsx: 3000}

// recipientsFile writes a recipients file.
func recipientsFile(t *testing.T, lines ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "recipients.csv")
	write(t, p, []byte(strings.Join(lines, "\n")+"\n"))
	return p
}

// settings are a mail step's against srv: STARTTLS as the clerk, the
// test's authority trusted, every part mailed.
func settings(srv *smtptest.Server, recipients string) Settings {
	return Settings{
		URL: "smtp://clerk@" + srv.Addr(), Password: testPassword, CAFile: srv.CAFile,
		From: "Elections <elections@example.org>", To: "state@example.org", Recipients: recipients,
		When: "always", Version: "test", RetryWait: time.Millisecond, ReplyTimeout: 5 * time.Second,
	}
}

func users() map[string]string { return map[string]string{"clerk": testPassword} }

func prepare(t *testing.T, s Settings) *Mailer {
	t.Helper()
	m, err := s.Prepare()
	if err != nil {
		t.Fatalf("Prepare: %v", err)
	}
	return m
}

func deliver(t *testing.T, m *Mailer, out string, o ...func(*Options)) *Report {
	t.Helper()
	opts := Options{Out: out}
	for _, f := range o {
		f(&opts)
	}
	rep, err := m.Deliver(context.Background(), opts)
	if err != nil {
		t.Fatalf("Deliver: %v", err)
	}
	return rep
}

// ledgerRows reads OUT/mail.csv by folder.
func ledgerRows(t *testing.T, path string) map[string]*entry {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := parseLedger(b)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*entry{}
	for _, e := range rows {
		out[e.folder] = e
	}
	return out
}

// received is a message as a reader's mail program shows it.
type received struct {
	header  mail.Header
	subject string
	text    string
	html    string
	files   map[string][]byte
}

// readMail parses a message with net/mail and mime/multipart, as a mail
// program would.
func readMail(t *testing.T, data []byte) received {
	t.Helper()
	s, err := smtptest.Read(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return received{header: s.Header, subject: s.Subject, text: s.Text, html: s.HTML, files: s.Files}
}

// byRecipient indexes the server's messages by their first recipient.
func byRecipient(msgs []smtptest.Message) map[string]smtptest.Message {
	out := map[string]smtptest.Message{}
	for _, m := range msgs {
		out[m.To[0]] = m
	}
	return out
}
