package outdir

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"batch/internal/printable"
)

// errBusy: another run holds the output folder.
var errBusy = errors.New("outdir: the output folder is in use by another run")

// busyError says which run holds the folder.
type busyError struct{ dir, holder string }

func (e busyError) Error() string {
	who := "another batch run"
	if e.holder != "" {
		who += " (" + e.holder + ")"
	}
	return fmt.Sprintf("outdir: output folder %s: %s is writing into it; this run stops and leaves the folder as it is: wait for that run to end, or give -o another folder",
		printable.Name(e.dir), who)
}

func (e busyError) Is(target error) bool { return target == errBusy }

// dirLock is the exclusive lock on an output folder: the lock file in
// .batch, held (flock, or LockFileEx on Windows) for the whole run. A run
// that finds it held fails at once rather than wait: a nightly job that
// overlaps the previous night's is better told than queued behind it.
type dirLock struct{ f *os.File }

// lockDir takes the lock of the folder dir whose .batch is meta. The lock
// file may be removed by a run that gives up a folder it had made just as
// this one opens it: the lock is then on a file no one else sees, so it is
// taken again on the file in place.
func lockDir(meta, dir string) (*dirLock, error) {
	path := filepath.Join(meta, lockName)
	for attempt := 0; attempt < 5; attempt++ {
		// A link or a pipe put there by someone else is refused: opened
		// through a link, the truncation below would empty its target.
		if err := plain(path, false); err != nil {
			return nil, err
		}
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|lockOpenFlags, 0o644)
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w (it must be a plain file that batch made)", printable.Name(path), err)
		}
		if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
			f.Close()
			return nil, fmt.Errorf("lock %s: not a plain file (it must be one that batch made)", printable.Name(path))
		}
		// A hard link to a file elsewhere is a plain file too: the
		// truncation below would empty that file (issue 35).
		if n := fileLinks(f); n > 1 {
			f.Close()
			return nil, fmt.Errorf("%s has %d names, a hard link to a file elsewhere, not a plain file with one link as batch makes it: something other than batch changed it; nothing was written: remove %s and run again",
				printable.Name(path), n, printable.Name(meta))
		}
		if err := lockFile(f); err != nil {
			holder := ""
			if b, rerr := io.ReadAll(io.LimitReader(f, 200)); rerr == nil {
				holder = strings.Join(strings.Fields(string(b)), " ")
			}
			f.Close()
			if errors.Is(err, errLocked) {
				return nil, busyError{dir: dir, holder: printable.Name(holder)}
			}
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		held, err1 := f.Stat()
		there, err2 := os.Stat(path)
		if err1 != nil || err2 != nil || !os.SameFile(held, there) {
			f.Close()
			if errors.Is(err2, fs.ErrNotExist) {
				if _, err := os.Stat(meta); err != nil {
					return nil, err
				}
			}
			continue
		}
		// Who holds the lock, for the message of a run that finds it held.
		_ = f.Truncate(0)
		_, _ = f.WriteAt([]byte(fmt.Sprintf("process %d, started %s", os.Getpid(), time.Now().Format("2006-01-02 15:04:05"))), 0)
		return &dirLock{f: f}, nil
	}
	return nil, fmt.Errorf("lock %s: the lock file keeps being replaced", path)
}

func (l *dirLock) release() {
	if l != nil && l.f != nil {
		_ = unlockFile(l.f)
		_ = l.f.Close()
		l.f = nil
	}
}

// errLocked: the lock file is held by another process.
var errLocked = errors.New("locked by another process")
