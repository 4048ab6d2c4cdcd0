package outdir

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFileIsWholeOrNothing(t *testing.T) {
	write := func(text string) func(io.Writer) error {
		return func(w io.Writer) error {
			_, err := io.WriteString(w, text)
			return err
		}
	}
	failing := func(w io.Writer) error {
		_, _ = io.WriteString(w, "half a file")
		return errors.New("the disk is full")
	}
	tests := []struct {
		name    string
		replace bool
		write   func(io.Writer) error
		want    string // what the file holds after
		fails   bool
		is      error // the error is it, when not nil
	}{
		{"replace puts the new bytes in place", true, write("new"), "new", false, nil},
		{"create leaves a file that is there", false, write("new"), "the analyst's", true, fs.ErrExist},
		{"a failed write leaves the file that was there", true, failing, "the analyst's", true, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "vacancies.xlsx")
			must(t, os.WriteFile(path, []byte("the analyst's"), 0o644))
			err := WriteFile(path, tc.replace, tc.write)
			if (err != nil) != tc.fails || tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("WriteFile: %v; want an error: %v (%v)", err, tc.fails, tc.is)
			}
			if b, _ := os.ReadFile(path); string(b) != tc.want {
				t.Errorf("the file holds %q, want %q", b, tc.want)
			}
			if left := listDir(t, dir); len(left) != 1 {
				t.Errorf("the folder holds %q: a temporary was left", left)
			}
		})
	}
	t.Run("create writes where no file is", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "new.xlsx")
		must(t, WriteFile(path, false, write("new")))
		if b, _ := os.ReadFile(path); string(b) != "new" {
			t.Errorf("the file holds %q", b)
		}
	})
}

// TestWriteFileNamesAMissingFolder: the folder is named, not the
// temporary file WriteFile would have made in it (issue 35).
func TestWriteFileNamesAMissingFolder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "dir", "v.xlsx")
	err := WriteFile(path, false, func(w io.Writer) error { return nil })
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "the folder "+filepath.Join(dir, "sub", "dir")+" does not exist") || strings.Contains(err.Error(), ".tmp-") {
		t.Errorf("WriteFile into a missing folder: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "sub")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("WriteFile made the folder (%v)", err)
	}
}
