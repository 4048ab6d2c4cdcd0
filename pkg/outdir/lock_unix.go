//go:build unix

package outdir

import (
	"errors"
	"os"
	"syscall"
)

// lockOpenFlags open the lock file without following a link (the open
// fails on one) and without waiting on a pipe.
const lockOpenFlags = syscall.O_NOFOLLOW | syscall.O_NONBLOCK

func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLocked
		}
		return err
	}
}

func unlockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
