package outdir

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"batch/internal/printable"
)

// WriteFile writes the file at path whole or not at all: write fills a
// temporary beside it, which is synced and then put in place by a rename
// over whatever path held (replace), or only where no file has that name
// (not replace: an existing file is left as it was, and the error
// satisfies errors.Is(err, fs.ErrExist)). The check and the write are one
// step then (a hard link of the finished temporary), so a file that
// appears meanwhile is not replaced either.
func WriteFile(path string, replace bool, write func(io.Writer) error) error {
	if err := folderOf(path); err != nil {
		return err
	}
	t, err := createTemp(filepath.Dir(path), filepath.Base(path))
	if err != nil {
		// Named by the file asked for, not the temporary beside it.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("outdir: cannot write %s: %w", printable.Name(path), err)
	}
	defer t.Remove()
	if err := write(t.f); err != nil {
		return fmt.Errorf("outdir: writing %s: %w", path, err)
	}
	if err := t.Finish(); err != nil {
		return err
	}
	if replace {
		return t.rename()
	}
	return t.link()
}

// link puts the temporary in place under its final name only if no file
// has that name.
func (t *File) link() error {
	err := os.Link(t.path, t.final)
	switch {
	case err == nil:
		t.Remove()
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("outdir: %s: %w", t.final, fs.ErrExist)
	}
	// A file system without hard links: check, then rename.
	if _, serr := os.Lstat(t.final); serr == nil {
		return fmt.Errorf("outdir: %s: %w", t.final, fs.ErrExist)
	}
	return t.rename()
}

// folderOf refuses path when the folder it is to be written in is
// missing or not a folder, naming that folder (the message of a failed
// create would name the temporary file instead). WriteFile makes no
// folder: a mistyped path is told, not created.
func folderOf(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return missingFolder{fmt.Sprintf("outdir: cannot write %s: the folder %s does not exist: create it first, or give a path in a folder that exists",
			printable.Name(path), printable.Name(dir))}
	case err != nil:
		return fmt.Errorf("outdir: cannot write %s: the folder %s: %w", printable.Name(path), printable.Name(dir), lookupError(err))
	case !fi.IsDir():
		return fmt.Errorf("outdir: cannot write %s: %s is a file, not a folder", printable.Name(path), printable.Name(dir))
	}
	return nil
}

// missingFolder is folderOf's error for a folder that does not exist: it
// satisfies errors.Is(err, fs.ErrNotExist).
type missingFolder struct{ msg string }

func (e missingFolder) Error() string { return e.msg }
func (e missingFolder) Unwrap() error { return fs.ErrNotExist }
