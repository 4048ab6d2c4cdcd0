package export

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"sync/atomic"
)

// Output file names (CONTRACT.md).
const (
	resultsName   = "results.xlsx"
	vacanciesName = "vacancies.csv"
	deadlinesName = "deadlines.csv"
	conflictsName = "conflicts.csv"
	errorsName    = "errors.csv"
	icsName       = "deadlines.ics"
	summaryName   = "summary.json"
)

// A temporary file is ".<final name>.tmp-<pid>-<random>" beside its final
// name, so the rename into place never crosses file systems: the template
// is written so. Earlier versions wrote their outputs so too, and their
// spill files in ".batch-tmp.tmp-<pid>-<random>": removeStale clears what
// a killed run of theirs left in an output folder. The pid tells a killed
// run's leftovers from a live run's.
var tempPattern = regexp.MustCompile(`^\.(results\.xlsx|vacancies\.csv|deadlines\.csv|conflicts\.csv|errors\.csv|deadlines\.ics|summary\.json|batch-tmp)\.tmp-([0-9]+)-[0-9a-f]{16}$`)

func tempName(final string) (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("export: make a temporary name: %w", err)
	}
	return "." + final + ".tmp-" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(b[:]), nil
}

// removeStale deletes temporaries that earlier runs, since killed, left in
// dir. Those of a process still alive are left alone.
func removeStale(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("export: read output folder %s: %w", dir, err)
	}
	for _, e := range entries {
		m := tempPattern.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		pid, err := strconv.Atoi(m[2])
		if err != nil || processAlive(pid) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("export: remove stale temporary: %w", err)
		}
	}
	return nil
}

// tempFile is one output being written under its temporary name.
type tempFile struct {
	final string // full final path
	path  string // full temporary path
	f     *os.File
	bg    *syncs // where out's syncs run; none without
}

// out is where the file's bytes are written: the file itself, or, when
// bg is set, a writer that starts a sync of what is written so far every
// syncEvery bytes beside the run, one at a time, so that the disk takes
// the file while it grows and the sync before the rename has only the
// tail left to wait for. A million rows' results.xlsx is a gigabyte
// copied out at the very end: its sync alone left both CPUs idle for
// about two seconds (issue 13's CPU trace).
func (t *tempFile) out() io.Writer {
	if t.bg == nil {
		return t.f
	}
	return &syncingWriter{f: t.f, bg: t.bg}
}

// syncEvery is how many bytes of an output are written between the syncs
// that out starts.
const syncEvery = 64 << 20

type syncingWriter struct {
	f       *os.File
	bg      *syncs
	pending int64
	busy    atomic.Bool
}

func (w *syncingWriter) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	w.pending += int64(n)
	if w.pending >= syncEvery && w.busy.CompareAndSwap(false, true) {
		w.pending = 0
		w.bg.wg.Go(func() {
			// A head start only: the sync before the rename is the one
			// whose error counts.
			_ = w.f.Sync()
			w.busy.Store(false)
		})
	}
	return n, err
}

func createTemp(dir, final string) (*tempFile, error) {
	name, err := tempName(final)
	if err != nil {
		return nil, err
	}
	t := &tempFile{final: filepath.Join(dir, final), path: filepath.Join(dir, name)}
	t.f, err = os.OpenFile(t.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("export: create %s: %w", t.path, err)
	}
	return t, nil
}

// finish syncs and closes the file: its bytes are on disk before any
// rename happens.
func (t *tempFile) finish() error {
	if t.f == nil {
		return nil
	}
	err := t.f.Sync()
	if cerr := t.f.Close(); err == nil {
		err = cerr
	}
	t.f = nil
	if err != nil {
		return fmt.Errorf("export: write %s: %w", t.final, err)
	}
	return nil
}

// finishBeside is finish on a goroutine of its own, in s: the run goes on
// while the file's bytes go to disk, and s.wait, before any rename,
// returns the first error. A million rows' CSV files are gigabytes the
// disk takes seconds to write, and syncing them one after another at the
// end left both CPUs idle for as long (issue 13's CPU trace).
func (t *tempFile) finishBeside(s *syncs) {
	if t.f == nil {
		return
	}
	f, final := t.f, t.final
	t.f = nil
	s.wg.Go(func() {
		err := f.Sync()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			s.fail(fmt.Errorf("export: write %s: %w", final, err))
		}
	})
}

// syncs are the files being synced beside the run (finishBeside).
type syncs struct {
	wg  sync.WaitGroup
	mu  sync.Mutex
	err error
}

func (s *syncs) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
	}
}

// wait waits for every sync begun and returns the first error.
func (s *syncs) wait() error {
	s.wg.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (t *tempFile) rename() error {
	if err := os.Rename(t.path, t.final); err != nil {
		return fmt.Errorf("export: put %s in place: %w", t.final, err)
	}
	t.path = ""
	return nil
}

// remove closes and deletes the temporary, if it is still there.
func (t *tempFile) remove() {
	if t.f != nil {
		_ = t.f.Close()
		t.f = nil
	}
	if t.path != "" {
		if err := os.Remove(t.path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return
		}
		t.path = ""
	}
}

// syncDir makes the renames durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}
