package outdir

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"batch/internal/printable"
	"batch/internal/regularfile"
)

// The mail step (pkg/mail) reads the set .batch/current names, under the
// folder's lock, and keeps what it did with the set's messages in a
// ledger of its own, .batch/mail/ID.csv (one per set, kept after the set
// goes: a record of what was sent). OUT/mail.csv shows the current set's
// ledger: a copy of it, replaced whole after each write. Both are the
// tool's own, as the sets are:
//
//	OUT/
//	  mail.csv             a copy of the current set's ledger
//	  .batch/
//	    mail/ID.csv        each set's ledger
//
// A copy, not a link, on every system: a spreadsheet holding mail.csv
// open (Excel locks the file it opens, on Windows) then holds the copy,
// never the ledger, whose rewrite would fail. A copy that cannot be
// replaced meanwhile is said (ViewError), and the step goes on.
//
// A commit removes OUT/mail.csv when it is the tool's (the bytes of a
// ledger in .batch/mail: the new set has none yet, the mail step writes
// it after the commit), so that, like every output, it is never an
// earlier run's beside a new set. A mail.csv that is not the tool's is
// never replaced nor removed.
const (
	mailDir = "mail"
	// MailLedgerName is the current set's ledger in OUT.
	MailLedgerName = "mail.csv"
)

// Committed is the set .batch/current names, held under the folder's
// lock by a reader that writes nothing but its ledger: no run can switch
// or remove the set while it is held, and no second mail step can send
// the same messages.
type Committed struct {
	out  string // OUT
	meta string // OUT/.batch
	// ID names the set; Dir is its folder, .batch/runs/ID, where every
	// file of the one run is read.
	ID, Dir string
	lock    *dirLock
}

// ErrNoRun: the folder holds no committed set.
var ErrNoRun = errors.New("no committed run")

// OpenCommitted takes the lock of the output folder dir and reads which
// set is current. A folder another run is writing into is refused at
// once, as a second run is (the error says which process holds it).
func OpenCommitted(dir string) (*Committed, error) {
	shown := printable.Name(dir)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("outdir: output folder %s: %w: it is not a folder batch run wrote into", shown, ErrNoRun)
	}
	s := &Set{dir: dir, meta: filepath.Join(dir, metaName)}
	fi, err := os.Lstat(s.meta)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("outdir: output folder %s: %w: batch run has not written into it yet", shown, ErrNoRun)
	case err != nil:
		return nil, fmt.Errorf("outdir: output folder %s: %w", shown, err)
	case !fi.IsDir():
		return nil, fmt.Errorf("outdir: output folder %s: %s is not a folder: it is where the tool keeps its sets; move it away", shown, metaName)
	}
	lock, err := lockDir(s.meta, dir)
	if err != nil {
		if errors.Is(err, errBusy) {
			return nil, err
		}
		return nil, fmt.Errorf("outdir: output folder %s: %w", shown, err)
	}
	c := &Committed{out: dir, meta: s.meta, lock: lock}
	if err := c.open(s); err != nil {
		c.Close()
		return nil, fmt.Errorf("outdir: output folder %s: %w", shown, err)
	}
	return c, nil
}

func (c *Committed) open(s *Set) error {
	if err := s.plainInside(); err != nil {
		return err
	}
	id, _ := s.readCurrent()
	if id == "" {
		return fmt.Errorf("%w: batch run has not committed a set into it yet", ErrNoRun)
	}
	c.ID, c.Dir = id, filepath.Join(s.meta, runsName, id)
	if err := plain(c.Dir, true); err != nil {
		return err
	}
	if err := plain(filepath.Join(c.meta, mailDir), true); err != nil {
		return err
	}
	return plain(c.ledgerPath(), false)
}

// Close lets the lock go; it may be called again.
func (c *Committed) Close() {
	if c != nil && c.lock != nil {
		c.lock.release()
		c.lock = nil
	}
}

func (c *Committed) ledgerPath() string {
	return filepath.Join(c.meta, mailDir, c.ID+".csv")
}

// ReadLedger returns the set's ledger as last written, nil when there is
// none yet.
func (c *Committed) ReadLedger() ([]byte, error) {
	f, err := regularfile.Open(c.ledgerPath())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("outdir: read the mail ledger: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxManifest))
	if err != nil {
		return nil, fmt.Errorf("outdir: read the mail ledger %s: %w", printable.Name(c.ledgerPath()), err)
	}
	return b, nil
}

// WriteLedger replaces the set's ledger with b, whole or not at all (a
// synced temporary renamed over it), and makes OUT/mail.csv a copy of
// it. An error about OUT/mail.csv alone is a *ViewError: the ledger is
// written.
func (c *Committed) WriteLedger(b []byte) error {
	dir := filepath.Join(c.meta, mailDir)
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("outdir: create %s: %w", printable.Name(dir), err)
	}
	if err := plain(dir, true); err != nil {
		return err
	}
	// Whether OUT/mail.csv is the tool's is told before the ledger
	// changes: it holds the bytes of the ledger as it was.
	view := filepath.Join(c.out, MailLedgerName)
	_, err := os.Lstat(view)
	ours := err != nil || ownLedgerView(c.out, c.meta)
	final := c.ledgerPath()
	tmp := final + ".tmp"
	if err := plain(tmp, false); err != nil {
		return err
	}
	if err := writeSynced(tmp, b); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("outdir: write the mail ledger: %w", err)
	}
	if err := os.Rename(tmp, final); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("outdir: write the mail ledger: %w", err)
	}
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("outdir: write the mail ledger: %w", err)
	}
	if !ours {
		return &ViewError{errors.New("it is not the tool's, and was left as it is"), final}
	}
	tmp = filepath.Join(c.out, linkPrefix+"mail-"+c.ID)
	if err := writeSynced(tmp, b); err != nil {
		_ = os.Remove(tmp)
		return &ViewError{err, final}
	}
	if err := os.Rename(tmp, view); err != nil {
		_ = os.Remove(tmp)
		return &ViewError{err, final}
	}
	return nil
}

// ViewError: the ledger was written, but OUT/mail.csv could not be made
// its copy (open in a program that locks it, or not the tool's).
type ViewError struct {
	Err    error
	Ledger string // where the ledger is
}

func (e *ViewError) Error() string {
	return fmt.Sprintf("%s could not be refreshed (%v); the ledger is %s", MailLedgerName, e.Err, printable.Name(e.Ledger))
}

func (e *ViewError) Unwrap() error { return e.Err }

// ownLedgerView reports whether OUT/mail.csv is the tool's: a regular
// file holding the bytes of a ledger in .batch/mail.
func ownLedgerView(out, meta string) bool {
	p := filepath.Join(out, MailLedgerName)
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	entries, err := os.ReadDir(filepath.Join(meta, mailDir))
	if err != nil {
		return false
	}
	for _, e := range entries {
		id, csv := strings.CutSuffix(e.Name(), ".csv")
		if csv && setName(id) && e.Type().IsRegular() && sameContent(p, filepath.Join(meta, mailDir, e.Name())) {
			return true
		}
	}
	return false
}

// dropOldLedgerView removes OUT/mail.csv when it is the tool's: after a
// commit, the new set has no ledger until its mail step writes one.
func (s *Set) dropOldLedgerView() {
	if ownLedgerView(s.dir, s.meta) {
		_ = os.Remove(filepath.Join(s.dir, MailLedgerName))
	}
}

// ID names the set in .batch/runs: the run's id, which its mail ledger
// is named after.
func (s *Set) ID() string { return s.id }
