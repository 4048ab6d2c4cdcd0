package outdir

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// A temporary file is ".<final name>.tmp-<pid>-<random>" beside its final
// name, so the rename into place never crosses file systems: WriteFile
// writes so. Earlier versions wrote their outputs so too, and their
// spill files in ".batch-tmp.tmp-<pid>-<random>": removeStale clears what
// a killed run of theirs left in an output folder (tempPattern). The pid
// tells a killed run's leftovers from a live run's.

// tempPattern matches the temporaries an earlier version wrote for the
// outputs named legacy.
func tempPattern(legacy []string) *regexp.Regexp {
	alt := make([]string, 0, len(legacy)+1)
	for _, n := range legacy {
		alt = append(alt, regexp.QuoteMeta(n))
	}
	alt = append(alt, "batch-tmp")
	return regexp.MustCompile(`^\.(` + strings.Join(alt, "|") + `)\.tmp-([0-9]+)-[0-9a-f]{16}$`)
}

func tempName(final string) (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("outdir: make a temporary name: %w", err)
	}
	return "." + final + ".tmp-" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(b[:]), nil
}

// removeStale deletes the temporaries of the outputs named legacy that
// earlier runs, since killed, left in dir. Those of a process still alive
// are left alone.
func removeStale(dir string, legacy []string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("outdir: read output folder %s: %w", dir, err)
	}
	pattern := tempPattern(legacy)
	for _, e := range entries {
		m := pattern.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		pid, err := strconv.Atoi(m[2])
		if err != nil || processAlive(pid) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("outdir: remove stale temporary: %w", err)
		}
	}
	return nil
}

// File is one output being written under its temporary name (in a set's
// staging folder, the set's commit puts it in place) until Finish.
type File struct {
	final string // full final path
	path  string // full temporary path
	f     *os.File
	bg    *Syncs // where Out's syncs run; none without
}

// Name is the file's name as Create was given it (WriteFile's: its path).
func (t *File) Name() string { return t.final }

// SyncBeside makes Out start its syncs in s (see Out). It comes before
// the first call of Out.
func (t *File) SyncBeside(s *Syncs) { t.bg = s }

// Out is where the file's bytes are written: the file itself, or, after
// SyncBeside, a writer that starts a sync of what is written so far every
// syncEvery bytes beside the run, one at a time, so that the disk takes
// the file while it grows and the sync before the rename has only the
// tail left to wait for: a big workbook synced whole at the very end
// leaves both CPUs idle while the disk takes it.
func (t *File) Out() io.Writer {
	if t.bg == nil {
		return t.f
	}
	return &syncingWriter{f: t.f, bg: t.bg}
}

// syncEvery is how many bytes of an output are written between the syncs
// that Out starts.
const syncEvery = 64 << 20

type syncingWriter struct {
	f       *os.File
	bg      *Syncs
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

func createTemp(dir, final string) (*File, error) {
	name, err := tempName(final)
	if err != nil {
		return nil, err
	}
	t := &File{final: filepath.Join(dir, final), path: filepath.Join(dir, name)}
	t.f, err = os.OpenFile(t.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("outdir: create %s: %w", t.path, err)
	}
	return t, nil
}

// Finish syncs and closes the file: its bytes are on disk before any
// rename happens.
func (t *File) Finish() error {
	if t.f == nil {
		return nil
	}
	err := t.f.Sync()
	if cerr := t.f.Close(); err == nil {
		err = cerr
	}
	t.f = nil
	if err != nil {
		return fmt.Errorf("outdir: write %s: %w", t.final, err)
	}
	return nil
}

// FinishBeside is Finish on a goroutine of its own, in s: the run goes on
// while the file's bytes go to disk, and s.Wait, before any rename,
// returns the first error: big CSV files synced one after another at the
// end would leave both CPUs idle while the disk takes them.
func (t *File) FinishBeside(s *Syncs) {
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
			s.fail(fmt.Errorf("outdir: write %s: %w", final, err))
		}
	})
}

// Syncs are the files being synced beside the run (FinishBeside,
// SyncBeside). The zero value is ready to use.
type Syncs struct {
	wg  sync.WaitGroup
	mu  sync.Mutex
	err error
}

func (s *Syncs) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
	}
}

// Wait waits for every sync begun and returns the first error.
func (s *Syncs) Wait() error {
	s.wg.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (t *File) rename() error {
	if err := os.Rename(t.path, t.final); err != nil {
		return fmt.Errorf("outdir: put %s in place: %w", t.final, err)
	}
	t.path = ""
	return nil
}

// Remove closes the file and deletes it: an output the run gives up.
func (t *File) Remove() {
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

// syncDir makes the renames durable. Windows has no such sync: NTFS
// journals its renames itself, and FlushFileBuffers on a folder's handle,
// which Sync is there, is refused ("Access is denied"; microsoft/go#1907
// on Windows 11, and Wine 8 the same), so there it does nothing.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
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
