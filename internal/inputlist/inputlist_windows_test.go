//go:build windows

package inputlist

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/sys/windows"

	"batch/pkg/ingest"
)

// On Windows a pattern matches names whatever their case, as the file
// system finds them, and is given with backslashes.
func TestOnWindowsAPatternIgnoresCase(t *testing.T) {
	dir := inbox(t)
	for _, pattern := range []string{filepath.Join(dir, "*.XLSX"), filepath.Join(filepath.Dir(dir), "INBOX", "*.Xlsx")} {
		l, err := Expand([]string{pattern})
		if err != nil {
			t.Fatal(err)
		}
		if got := bases(l.Files); !slices.Equal(got, []string{"a.xlsx", "c.xlsx"}) {
			t.Errorf("%s: files %q", pattern, got)
		}
	}
}

// A workbook Excel holds open is read as last saved, its lock file
// beside it skipped. Excel holds an open workbook for reading and
// writing and lets others only read it (FILE_SHARE_READ); the file is
// held so here, and Wine, like Windows, enforces the sharing.
func TestAWorkbookExcelHoldsOpenIsRead(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "albany-board.xlsx")
	b, err := os.ReadFile(filepath.Join("..", "..", "samples", "statewide.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(book, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "~$albany-board.xlsx"), []byte("\x05Alice"), 0o644); err != nil {
		t.Fatal(err)
	}
	name, _ := windows.UTF16PtrFromString(book)
	h, err := windows.CreateFile(name, windows.GENERIC_READ|windows.GENERIC_WRITE, windows.FILE_SHARE_READ, nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer windows.CloseHandle(h)
	if f, err := os.OpenFile(book, os.O_WRONLY, 0); err == nil {
		f.Close()
		t.Fatal("the workbook could be opened for writing: it is not held as Excel holds it")
	}

	l, err := Expand([]string{filepath.Join(dir, "*.xlsx")})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(l.Files, []string{book}) || len(l.Skipped) != 1 {
		t.Fatalf("files %q, skipped %+v", l.Files, l.Skipped)
	}
	rows := 0
	stats, err := ingest.ReadFile(context.Background(), book, ingest.Options{}, func(ingest.Item) error { rows++; return nil })
	if err != nil {
		t.Fatalf("the workbook held open: %v", err)
	}
	if rows == 0 || stats.Accepted == 0 {
		t.Errorf("read %d rows, %d accepted", rows, stats.Accepted)
	}
}
