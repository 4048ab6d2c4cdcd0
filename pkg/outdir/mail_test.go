package outdir

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// commitRun commits one set of summary.json into dir.
func commitRun(t *testing.T, dir string) string {
	t.Helper()
	s := open(t, dir)
	stage(t, s, JSON)
	must(t, s.Commit())
	return s.id
}

// The mail step's ledger: OUT/mail.csv shows the current set's, is
// refreshed at each write, and goes with the next commit; the tool's
// lock keeps a run out meanwhile; a mail.csv that is not the tool's is
// never replaced, nor removed.
func TestTheMailLedgerIsTheCurrentSets(t *testing.T) {
	for _, copies := range []bool{false, true} {
		name := "links"
		if copies {
			name = "copies"
		}
		t.Run(name, func(t *testing.T) {
			forceCopies = copies
			defer func() { forceCopies = false }()
			dir := t.TempDir()
			if _, err := OpenCommitted(dir); !errors.Is(err, ErrNoRun) {
				t.Fatalf("a folder with no run: %v", err)
			}
			id := commitRun(t, dir)
			c, err := OpenCommitted(dir)
			if err != nil {
				t.Fatal(err)
			}
			if c.ID != id || c.Dir != filepath.Join(dir, ".batch", "runs", id) {
				t.Errorf("committed %s in %s, want %s", c.ID, c.Dir, id)
			}
			if _, err := Open(dir, testOutputs); err == nil || !strings.Contains(err.Error(), "is writing into it") {
				t.Errorf("a run while the mail step holds the folder: %v", err)
			}
			for _, text := range []string{"first\n", "second, longer\n"} {
				must(t, c.WriteLedger([]byte(text)))
				if b, err := os.ReadFile(filepath.Join(dir, MailLedgerName)); err != nil || string(b) != text {
					t.Errorf("mail.csv reads %q (%v), want %q", b, err, text)
				}
			}
			if b, _ := c.ReadLedger(); string(b) != "second, longer\n" {
				t.Errorf("ReadLedger: %q", b)
			}
			c.Close()

			commitRun(t, dir) // the next night: its set has no ledger yet
			if _, err := os.Lstat(filepath.Join(dir, MailLedgerName)); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("mail.csv of the earlier run is still there beside the new set (%v)", err)
			}
			if _, err := os.Stat(filepath.Join(dir, ".batch", "mail", id+".csv")); err != nil {
				t.Errorf("the earlier run's ledger went: %v", err)
			}

			// An analyst's own mail.csv: the ledger is written, the file
			// left as it was (said), and the commits leave it too.
			must(t, os.WriteFile(filepath.Join(dir, MailLedgerName), []byte("mine\n"), 0o644))
			c, err = OpenCommitted(dir)
			if err != nil {
				t.Fatal(err)
			}
			var view *ViewError
			if err := c.WriteLedger([]byte("third\n")); !errors.As(err, &view) || !strings.Contains(err.Error(), "not the tool's") {
				t.Errorf("beside a mail.csv the tool did not write: %v", err)
			}
			if b, _ := c.ReadLedger(); string(b) != "third\n" {
				t.Errorf("the ledger was not written beside it: %q", b)
			}
			c.Close()
			commitRun(t, dir)
			if b, _ := os.ReadFile(filepath.Join(dir, MailLedgerName)); string(b) != "mine\n" {
				t.Errorf("the analyst's mail.csv now reads %q", b)
			}
		})
	}
}
