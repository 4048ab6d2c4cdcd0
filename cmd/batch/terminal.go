package main

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// terminalSafe writes text from the inputs to a terminal with every control
// character but newline and tab shown as an escape (\x1b), so that a cell
// holding escape sequences cannot clear the screen or recolour it. Invalid
// UTF-8 bytes are shown the same way.
type terminalSafe struct{ w io.Writer }

func (t terminalSafe) Write(p []byte) (int, error) {
	clean := true
	for _, b := range p {
		if b < 0x20 && b != '\n' && b != '\t' || b >= 0x7f {
			clean = false
			break
		}
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
