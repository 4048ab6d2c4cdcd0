//go:build linux

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	got := readAll(screen)
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

// check on a terminal lists a note once, under "Notes", not also as a log
// line on the same screen; with its log going elsewhere (a file, a
// nightly job's mail), the log line stays.
func TestCheckOnATerminalSaysANoteOnce(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "total.csv")
	csv := "vacancy_id,office,county,cause,event_date\nA-1,Town Supervisor,Albany,death,2026-03-05\nTotal,1,,,\n"
	if err := os.WriteFile(in, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	const note = "is a total row"
	term, screen := openPTY(t)
	var out strings.Builder
	app := newApp(strings.NewReader(""), &out, term)
	if err := runLine(context.Background(), app, []string{"batch", "check", "--as-of", "2026-03-10", in}); err != nil {
		t.Fatal(err)
	}
	term.Close()
	shown := readAll(screen)
	if !strings.Contains(out.String(), "Notes (read all the same):") || !strings.Contains(out.String(), note) {
		t.Fatalf("check lists no note:\n%s", out.String())
	}
	if strings.Contains(shown, note) {
		t.Errorf("on a terminal, the note is also a log line:\n%s", shown)
	}

	var log strings.Builder
	out.Reset()
	app = newApp(strings.NewReader(""), &out, &log)
	if err := runLine(context.Background(), app, []string{"batch", "check", "--as-of", "2026-03-10", in}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "msg=note") || !strings.Contains(log.String(), note) {
		t.Errorf("off a terminal, the note is not a log line:\n%s", log.String())
	}
}

// readAll reads what a pseudo-terminal showed, once its terminal side is
// closed.
func readAll(screen *os.File) string {
	var shown strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := screen.Read(buf)
		shown.Write(buf[:n])
		if err != nil {
			return shown.String() // EIO once all is read
		}
	}
}
