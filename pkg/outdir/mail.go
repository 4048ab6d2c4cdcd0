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
// ledger: a link to it (with copies, a copy of it), replaced whole after
// each write. Both are the tool's own, as the sets are:
//
//	OUT/
//	  mail.csv -> .batch/mail/ID.csv   the current set's ledger
//	  .batch/
//	    mail/ID.csv                    each set's ledger
//
// A commit removes OUT/mail.csv when it shows another set's ledger (the
// new set has none yet: the mail step writes it after the commit), so
// that, like every output, it is never an earlier run's beside a new set.
// A mail.csv that is not the tool's (no link into .batch/mail, and not
// the bytes of a ledger there) is never replaced nor removed.
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
	copies  bool // .batch/current is a file: OUT holds copies
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
	c.ID, c.Dir, c.copies = id, filepath.Join(s.meta, runsName, id), s.currentIsFile()
	if err := plain(c.Dir, true); err != nil {
		return err
	}
	if err := plain(filepath.Join(c.meta, mailDir), true); err != nil {
		return err
	}
	if err := plain(c.ledgerPath(), false); err != nil {
		return err
	}
	// OUT/mail.csv is checked before anything is sent: the step that
	// could not show its ledger would have sent messages already.
	p := filepath.Join(c.out, MailLedgerName)
	if _, err := os.Lstat(p); err == nil && !ownLedgerView(c.out, c.meta) {
		return fmt.Errorf("%s is not the ledger batch mail writes there: move it away (the mail step shows the current run's ledger under that name)", printable.Name(p))
	}
	return nil
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
// synced temporary renamed over it), and makes OUT/mail.csv show it.
func (c *Committed) WriteLedger(b []byte) error {
	dir := filepath.Join(c.meta, mailDir)
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("outdir: create %s: %w", printable.Name(dir), err)
	}
	if err := plain(dir, true); err != nil {
		return err
	}
	// Whether OUT/mail.csv is the tool's is told before the ledger
	// changes: with copies, it holds the bytes of the ledger as it was.
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
		return fmt.Errorf("outdir: %s is not the tool's and was left as it is; the ledger is %s", printable.Name(view), printable.Name(final))
	}
	if err := c.showLedger(); err != nil {
		return fmt.Errorf("outdir: show the mail ledger as %s: %w", MailLedgerName, err)
	}
	return nil
}

// showLedger makes OUT/mail.csv the current set's ledger: a link to it,
// or with copies a hard link or copy renamed into place. The caller has
// told that what the name holds, if anything, is the tool's.
func (c *Committed) showLedger() error {
	p := filepath.Join(c.out, MailLedgerName)
	target := metaName + "/" + mailDir + "/" + c.ID + ".csv"
	if !c.copies {
		if t, err := os.Readlink(p); err == nil && filepath.ToSlash(t) == target {
			return nil
		}
	}
	tmp := filepath.Join(c.out, linkPrefix+"mail-"+c.ID)
	_ = os.Remove(tmp)
	var err error
	if c.copies {
		err = linkOrCopy(c.ledgerPath(), tmp)
	} else {
		err = os.Symlink(filepath.FromSlash(target), tmp)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, p); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return syncDir(c.out)
}

// ownLedgerView reports whether OUT/mail.csv is the tool's: a link into
// .batch/mail to a ledger's name, or a regular file holding the bytes of
// a ledger there.
func ownLedgerView(out, meta string) bool {
	p := filepath.Join(out, MailLedgerName)
	fi, err := os.Lstat(p)
	if err != nil {
		return false
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		t, err := os.Readlink(p)
		if err != nil {
			return false
		}
		name, ok := strings.CutPrefix(filepath.ToSlash(t), metaName+"/"+mailDir+"/")
		id, csv := strings.CutSuffix(name, ".csv")
		return ok && csv && setName(id)
	}
	if !fi.Mode().IsRegular() {
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

// dropOldLedgerView removes OUT/mail.csv when it is the tool's and shows
// another set's ledger than id's: after a commit, the new set has none
// until its mail step writes one.
func (s *Set) dropOldLedgerView(id string) {
	p := filepath.Join(s.dir, MailLedgerName)
	if !ownLedgerView(s.dir, s.meta) {
		return
	}
	if t, err := os.Readlink(p); err == nil && filepath.ToSlash(t) == metaName+"/"+mailDir+"/"+id+".csv" {
		return
	}
	_ = os.Remove(p)
}

// ID names the set in .batch/runs: the run's id, which its mail ledger
// is named after.
func (s *Set) ID() string { return s.id }
