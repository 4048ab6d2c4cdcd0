// Package regularfile opens the files the tool reads (inputs, calendar
// files, baselines) so that a name that is not a file cannot hold a run:
// a named pipe (FIFO) blocks open and read until someone writes into it,
// a device can be read for ever, and neither is a file a county board
// sends. Such names are refused before they are opened for reading, and
// checked again on the handle, so a name swapped for a pipe between the
// two is refused too. Folders are let through: each reader has its own
// message for them.
package regularfile

import (
	"fmt"
	"io/fs"
	"os"

	"batch/internal/printable"
)

// NotRegularError says a name is something other than a regular file.
type NotRegularError struct {
	Path string
	Kind string // "a named pipe (FIFO)", "a socket", "a device"
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file: give a saved file (for standard input, give -)", printable.Name(e.Path), e.Kind)
}

// kind is what a mode that is neither a regular file nor a folder is,
// "" for those two.
func kind(m fs.FileMode) string {
	switch {
	case m.IsRegular() || m.IsDir():
		return ""
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		return "a device"
	}
	return "a special file"
}

// Check refuses path when it names (through links) something that is
// neither a regular file nor a folder. A name that does not exist, or
// cannot be looked at, passes: opening it says why.
func Check(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	if k := kind(fi.Mode()); k != "" {
		return &NotRegularError{Path: path, Kind: k}
	}
	return nil
}

// Open opens path for reading as os.Open does, refusing what Check
// refuses: first by its name, then by the handle opened (without
// waiting for a writer, where the system allows).
func Open(path string) (*os.File, error) {
	if err := Check(path); err != nil {
		return nil, err
	}
	f, err := openNoWait(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if k := kind(fi.Mode()); k != "" {
		f.Close()
		return nil, &NotRegularError{Path: path, Kind: k}
	}
	return f, nil
}
