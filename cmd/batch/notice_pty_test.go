//go:build linux

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal: the side a program writes to (a
// terminal, as isatty says) and the side that reads what it showed.
func openPTY(t *testing.T) (term, screen *os.File) {
	t.Helper()
	screen, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	t.Cleanup(func() { screen.Close() })
	fd := int(screen.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlocking the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Skipf("naming the pseudo-terminal: %v", err)
	}
	term, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("opening the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { term.Close() })
	return term, screen
}

// On a terminal a notice is a plain "batch: …" line (docs/CONTRACT.md,
// the command line), not a log line: the app's writers are the
// printable filter, and isTerminal looks through it. Off a terminal it
// stays a log line, for the nightly job's log.
func TestANoticeOnATerminalIsAPlainLine(t *testing.T) {
	const notice = "read once: " // the file given twice
	term, screen := openPTY(t)
	app := newApp(strings.NewReader(""), io.Discard, term)
	if err := runLine(context.Background(), app, []string{"batch", "check", "--as-of", asOf, samplesCSV, samplesCSV}); err != nil {
		var th thresholdError
		if !errorsAs(err, &th) {
			t.Fatal(err)
		}
	}
	term.Close()
	var shown strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := screen.Read(buf)
		shown.Write(buf[:n])
		if err != nil {
			break // EIO once the terminal side is closed and all is read
		}
	}
	got := shown.String()
	if !strings.Contains(got, "batch: "+notice) {
		t.Errorf("on a terminal, no plain line %q:\n%s", "batch: "+notice, got)
	}
	if strings.Contains(got, `level=WARN msg="`+notice) {
		t.Errorf("on a terminal, the notice is a log line:\n%s", got)
	}

	var log strings.Builder
	app = newApp(strings.NewReader(""), io.Discard, &log)
	_ = runLine(context.Background(), app, []string{"batch", "check", "--as-of", asOf, samplesCSV, samplesCSV})
	if !strings.Contains(log.String(), `level=WARN msg="`+notice) {
		t.Errorf("off a terminal, the notice is not a log line:\n%s", log.String())
	}
}
