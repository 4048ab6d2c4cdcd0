package main

import (
	"fmt"
	"io"
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
		return t.w.Write(p)
	}
	out := make([]byte, 0, len(p)+16)
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRune(p[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			out = fmt.Appendf(out, `\x%02x`, p[i])
		case r < 0x20 && r != '\n' && r != '\t', r == 0x7f, r >= 0x80 && r < 0xa0:
			out = fmt.Appendf(out, `\x%02x`, r)
		case r >= 0xa0 && !unicode.IsPrint(r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, p[i:i+size]...)
		}
		i += size
	}
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Width passes on the width of the writer underneath (see widthOf).
func (t terminalSafe) Width() int { return widthOf(t.w) }
