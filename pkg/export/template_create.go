package export

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"batch/pkg/compute"
)

// CreateTemplate writes the template like WriteTemplate, but never over
// an existing file: if path exists (a workbook an analyst has filled,
// perhaps) it is left as it was and the error satisfies
// errors.Is(err, fs.ErrExist). The check and the write are one step (a
// hard link of the finished temporary), so a file that appears meanwhile
// is not replaced either.
func CreateTemplate(path string, law *compute.Law, day compute.Date) error {
	return writeTemplate(path, law, day, (*tempFile).link)
}

// link puts the temporary in place under its final name only if no file
// has that name.
func (t *tempFile) link() error {
	err := os.Link(t.path, t.final)
	switch {
	case err == nil:
		t.remove()
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("export: %s: %w", t.final, fs.ErrExist)
	}
	// A file system without hard links: check, then rename.
	if _, serr := os.Lstat(t.final); serr == nil {
		return fmt.Errorf("export: %s: %w", t.final, fs.ErrExist)
	}
	return t.rename()
}
