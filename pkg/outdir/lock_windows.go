//go:build windows

package outdir

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lockOpenFlags: the lock's name is checked with Lstat before it is
// opened (lock.go); there is no flag to refuse a link at open here.
const lockOpenFlags = 0

func lockFile(f *os.File) error {
	ol := new(windows.Overlapped)
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
		return errLocked
	}
	return err
}

func unlockFile(f *os.File) error {
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, new(windows.Overlapped))
}
