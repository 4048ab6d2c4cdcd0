//go:build unix

package regularfile

import (
	"os"
	"syscall"
)

// openNoWait opens path without blocking on a pipe that has no writer
// (O_NONBLOCK; it changes nothing for a regular file or a folder).
func openNoWait(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
