package ingest

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"batch/pkg/compute"
	"batch/pkg/nylaw"
)

func TestCreateTemplateLeavesAnExistingFileAlone(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "vacancies.xlsx")
	filled := []byte("rows an analyst typed")
	if err := os.WriteFile(path, filled, 0o644); err != nil {
		t.Fatal(err)
	}
	err := CreateTemplate(path, nylaw.NewYork, compute.D(2026, time.December, 4))
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("CreateTemplate over a file: %v, want fs.ErrExist", err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, filled) {
		t.Fatal("the existing file was changed")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the folder, want the one that was there", len(entries))
	}
	fresh := filepath.Join(dir, "new.xlsx")
	if err := CreateTemplate(fresh, nylaw.NewYork, compute.D(2026, time.December, 4)); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(fresh); !bytes.HasPrefix(b, []byte("PK")) {
		t.Error("the new template is not a workbook")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files in the folder, want 2: a temporary was left", len(entries))
	}
}
