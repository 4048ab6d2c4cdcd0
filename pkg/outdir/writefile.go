package outdir

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFile writes the file at path whole or not at all: write fills a
// temporary beside it, which is synced and then put in place by a rename
// over whatever path held (replace), or only where no file has that name
// (not replace: an existing file is left as it was, and the error
// satisfies errors.Is(err, fs.ErrExist)). The check and the write are one
// step then (a hard link of the finished temporary), so a file that
// appears meanwhile is not replaced either.
func WriteFile(path string, replace bool, write func(io.Writer) error) error {
	t, err := createTemp(filepath.Dir(path), filepath.Base(path))
	if err != nil {
		return err
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
