//go:build !plan9

package outdir

import (
	"errors"
	"runtime"
	"syscall"
)

// errFilenameExcedRange is Windows' ERROR_FILENAME_EXCED_RANGE: a path
// longer than the system takes.
const errFilenameExcedRange = syscall.Errno(206)

// isNameTooLong reports whether err says a path (or one of its names) is
// longer than the system takes.
func isNameTooLong(err error) bool {
	return errors.Is(err, syscall.ENAMETOOLONG) || runtime.GOOS == "windows" && errors.Is(err, errFilenameExcedRange)
}
