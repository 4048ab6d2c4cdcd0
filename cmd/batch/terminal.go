package main

import (
	"fmt"
	"io"
	"sync"
	"unicode"
	"unicode/utf8"
)

// terminalSafe writes text from the inputs to a terminal with every control
// character but newline and tab shown as an escape (\x1b), so that a cell
// holding escape sequences cannot clear the screen or recolour it. Invalid
// UTF-8 bytes are shown the same way, and so is every other character a
// terminal does not print (\u202e, the right-to-left override that would
// reorder the line; zero-width and non-breaking spaces). A name that could
// hold a line feed is quoted where the message is made (package
// printable): here a line feed is the message's own.
type terminalSafe struct{ w io.Writer }

func (t terminalSafe) Write(p []byte) (int, error) {
	out, changed := escapeTerminal(p)
	if !changed {
		return t.w.Write(p)
	}
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Width passes on the width of the writer underneath (see widthOf).
func (t terminalSafe) Width() int { return widthOf(t.w) }

// escapeTerminal is p with what a terminal would act on shown as escapes
// (see terminalSafe); changed is false when p is clean, and then out is p.
// A character beyond U+FFFF is escaped as its UTF-16 pair (\udb40\udc01),
// the form JSON reads back.
func escapeTerminal(p []byte) (out []byte, changed bool) {
	clean := true
	for i := 0; i < len(p); {
		b := p[i]
		if b < utf8.RuneSelf {
			if b < 0x20 && b != '\n' && b != '\t' || b == 0x7f {
				clean = false
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && size <= 1 || !unicode.IsPrint(r) {
			clean = false
			break
		}
		i += size
	}
	if clean {
		return p, false
	}
	out = make([]byte, 0, len(p)+16)
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			out = fmt.Appendf(out, `\x%02x`, p[i])
		case r < 0x20 && r != '\n' && r != '\t', r == 0x7f, r >= 0x80 && r < 0xa0:
			out = fmt.Appendf(out, `\x%02x`, r)
		case r > 0xffff && !unicode.IsPrint(r):
			r -= 0x10000
			out = fmt.Appendf(out, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		case r >= 0xa0 && !unicode.IsPrint(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, p[i:i+size]...)
		}
		i += size
	}
	return out, true
}

// printableOut is the printable filter over all a command prints on
// standard output or standard error (issue 35): every command, every
// format (check's csv and json too) shows what a terminal would act on as
// escapes (terminalSafe). A writer may cut a character between two
// writes (encoding/csv's 4 KiB buffer does): its first bytes wait for the
// rest, and Flush writes what is left. The progress bar writes to the
// terminal beside it.
type printableOut struct {
	mu    sync.Mutex // a log's lines may come from the workers
	w     io.Writer
	carry []byte
}

func (o *printableOut) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := len(p)
	if len(o.carry) > 0 {
		p = append(o.carry, p...)
		o.carry = nil
	}
	// A character cut at the end: up to three bytes that begin one.
	for k := 1; k <= 3 && k <= len(p); k++ {
		if b := p[len(p)-k]; b >= 0xc0 {
			if !utf8.FullRune(p[len(p)-k:]) {
				o.carry = append([]byte(nil), p[len(p)-k:]...)
				p = p[:len(p)-k]
			}
			break
		} else if b < 0x80 {
			break
		}
	}
	out, _ := escapeTerminal(p)
	if _, err := o.w.Write(out); err != nil {
		return 0, err
	}
	return n, nil
}

// Flush writes the bytes of a character left cut at the end, escaped.
func (o *printableOut) Flush() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.carry) == 0 {
		return nil
	}
	out, _ := escapeTerminal(o.carry)
	o.carry = nil
	_, err := o.w.Write(out)
	return err
}

// Width passes on the width of the writer underneath (see widthOf).
func (o *printableOut) Width() int { return widthOf(o.w) }
