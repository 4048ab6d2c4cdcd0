package main

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"batch/internal/smtptest"
)

// Three nights of the README's mail recipe (run … --mail, --mail-when
// fail-on as by default) against an SMTP server on loopback, with
// TestThreeNightsForEachBoard's boards and the state's export renamed
// every night: who gets a message is who has news of their own
// (issue 32). Each night's expectations are worked from the rows:
//
//   - Albany's two vacancies never change and nothing of theirs falls due
//     within 7 days: after the first night, Albany gets no mail, although
//     the export is renamed every night (statewide news only).
//   - Warren's only vacancy is withdrawn on night two: its board gets one
//     more message saying so, and none on night three.
//   - Queens' special election of Tue 03-09 is within 7 days from night
//     two on (7 and 6 days): a message each night.
//   - New York's AD-074 has certificates due Fri 03-05 each night.
//   - Erie's row is corrected on night three only: a message that night.
func TestThreeNightsOfTheMailRecipe(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{Users: map[string]string{"clerk": mailPassword}})
	dir := t.TempDir()
	boardsFile(t, filepath.Join(dir, "boards.csv"))
	inbox := filepath.Join(dir, "inbox")
	want := []struct {
		to, notTo []string
		subjects  map[string]string // address → a part of its subject
	}{
		{to: []string{"state@example.org", "new-york@boe.example.org"}},
		{
			to:       []string{"state@example.org", "warren@boe.example.org", "queens@boe.example.org", "new-york@boe.example.org"},
			notTo:    []string{"albany@boe.example.org", "erie@boe.example.org"},
			subjects: map[string]string{"warren@boe.example.org": "the last vacancy was withdrawn", "queens@boe.example.org": "to act on"},
		},
		{
			to:       []string{"state@example.org", "queens@boe.example.org", "new-york@boe.example.org", "erie@boe.example.org"},
			notTo:    []string{"albany@boe.example.org", "warren@boe.example.org"},
			subjects: map[string]string{"erie@boe.example.org": "1 vacancy changed"},
		},
	}
	sent := 0
	for i, n := range boardNights() {
		os.RemoveAll(inbox)
		if err := os.MkdirAll(inbox, 0o755); err != nil {
			t.Fatal(err)
		}
		writeExport(t, filepath.Join(inbox, "vacancies-"+n.asOf+".xlsx"), boardsHeader+n.rows)
		o := runEnv(t, dir, append(mailEnv(srv), "BATCH_AS_OF="+n.asOf), "run", "-q", "--compare", "auto", "--split", "county",
			"--format", "xlsx,csv,json,digest", "--fail-on", "action,changed", "--mail", "--mail-recipients", "boards.csv",
			"-o", "out", filepath.Join("inbox", "vacancies-"+n.asOf+".xlsx"))
		if o.code != 3 {
			t.Fatalf("night %d: exit %d, want 3 (something to act on)\n%s", i+1, o.code, o.stderr)
		}
		msgs := srv.Messages()[sent:]
		sent += len(msgs)
		got := map[string]string{} // address → subject
		for _, m := range msgs {
			seen := readMessage(t, m.Data)
			for _, rcpt := range m.To {
				if _, twice := got[rcpt]; twice {
					t.Errorf("night %d: %s got two messages", i+1, rcpt)
				}
				got[rcpt] = seen.Subject
			}
		}
		names := make([]string, 0, len(got))
		for a := range got {
			names = append(names, a)
		}
		sort.Strings(names)
		w := want[i]
		for _, a := range w.to {
			if _, ok := got[a]; !ok {
				t.Errorf("night %d: no message to %s; messages went to %v", i+1, a, names)
			}
		}
		for _, a := range w.notTo {
			if _, ok := got[a]; ok {
				t.Errorf("night %d: a message to %s (%q), which has no news of its own", i+1, a, got[a])
			}
		}
		for a, part := range w.subjects {
			if !strings.Contains(got[a], part) {
				t.Errorf("night %d: %s's subject %q lacks %q", i+1, a, got[a], part)
			}
		}
		if i > 0 && slices.Contains(names, "albany@boe.example.org") {
			t.Errorf("night %d: Albany was mailed of the state's renamed export", i+1)
		}
	}
}
