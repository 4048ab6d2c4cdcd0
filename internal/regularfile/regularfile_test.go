//go:build unix

package regularfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "vacancies.csv")
	if err := os.WriteFile(file, []byte("office\nMayor\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe.csv")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, path, kind string // kind "": opens
	}{
		{"a saved file is read", file, ""},
		{"a folder is let through, for its reader's own message", dir, ""},
		{"a named pipe no one writes into", fifo, "a named pipe (FIFO)"},
		{"a link to a named pipe", link, "a named pipe (FIFO)"},
		{"a device", "/dev/zero", "a device"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan struct{})
			var f *os.File
			var err error
			go func() { f, err = Open(tc.path); close(done) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("Open blocked")
			}
			var nr *NotRegularError
			switch {
			case tc.kind == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.kind == "":
				defer f.Close()
				if tc.path == file {
					if b, _ := io.ReadAll(f); string(b) != "office\nMayor\n" {
						t.Errorf("read %q", b)
					}
				}
			case !errors.As(err, &nr) || nr.Kind != tc.kind:
				t.Fatalf("got %v, want %s refused", err, tc.kind)
			case !strings.Contains(err.Error(), "not a regular file"):
				t.Errorf("the message %q does not say what is wrong", err)
			}
		})
	}
}
