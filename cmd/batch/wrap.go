package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// The text commands (calendar, explain, rules, check) fit their lines to
// the terminal they print on, read with x/term; printed to a file or a
// pipe, they do not wrap at all, so that grep and scripts see one line
// per item. A line is broken only at a space: a date ("2026-06-23"), a
// code ("designating_petition") or a citation's token is never cut.

// helpWidth is what --help lines fit in, whatever the terminal.
const helpWidth = 100

// sized is a writer that knows the width its lines must fit; 0 is no limit.
type sized interface{ Width() int }

// widthOf is the width w's lines must fit: a sized writer's own, a
// terminal's columns, or 0 (no wrapping) for anything else.
func widthOf(w io.Writer) int {
	switch v := w.(type) {
	case sized:
		return v.Width()
	case *os.File:
		if term.IsTerminal(int(v.Fd())) {
			if cols, _, err := term.GetSize(int(v.Fd())); err == nil && cols > 0 {
				return cols
			}
		}
	}
	return 0
}

// lineWrap writes whole lines to w, each broken at spaces to fit width
// (0: as they are). Call Flush after the last write.
type lineWrap struct {
	w     io.Writer
	width int
	buf   []byte
}

// textOut is the writer a text command prints through: lines fit w's
// width, if it has one.
func textOut(w io.Writer) *lineWrap { return &lineWrap{w: w, width: widthOf(w)} }

func (l *lineWrap) Width() int { return l.width }

func (l *lineWrap) Write(p []byte) (int, error) {
	if l.width <= 0 {
		return l.w.Write(p)
	}
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			break
		}
		if _, err := io.WriteString(l.w, fitLine(string(l.buf[:i]), l.width)+"\n"); err != nil {
			return 0, err
		}
		l.buf = l.buf[i+1:]
	}
	return len(p), nil
}

// Flush writes what is left of the last line.
func (l *lineWrap) Flush() error {
	if len(l.buf) == 0 {
		return nil
	}
	_, err := io.WriteString(l.w, fitLine(string(l.buf), l.width))
	l.buf = l.buf[:0]
	return err
}

// fitLine breaks one line at spaces into lines of at most width columns.
// The lines after the first are indented under the line's second column
// (the text after its first gap of two spaces, as in a table or a flag's
// help), or two spaces past its own indent. A word longer than the room
// left is put alone on its line, whole.
func fitLine(line string, width int) string {
	if width <= 0 || columns(line) <= width {
		return line
	}
	lead := len(line) - len(strings.TrimLeft(line, " "))
	indent := hangingIndent(line, lead, width)
	pad := strings.Repeat(" ", indent)
	var out strings.Builder
	cur, curCols, words := line[:lead], lead, 0
	// Words are kept with the spaces before them, so that a table's
	// alignment survives on the first line.
	for i := lead; i < len(line); {
		j := i
		for j < len(line) && line[j] == ' ' {
			j++
		}
		k := j
		for k < len(line) && line[k] != ' ' {
			k++
		}
		if w := line[j:k]; w == "§" || w == "§§" {
			// A section sign stays with its number: "§ 42(3)".
			for k < len(line) && line[k] == ' ' {
				k++
			}
			for k < len(line) && line[k] != ' ' {
				k++
			}
		}
		gap, word := line[i:j], line[j:k]
		i = k
		if word == "" {
			break // trailing spaces
		}
		if words > 0 && curCols+len(gap)+columns(word) > width {
			out.WriteString(strings.TrimRight(cur, " "))
			out.WriteByte('\n')
			cur, curCols, words, gap = pad, indent, 0, ""
		}
		cur += gap + word
		curCols += len(gap) + columns(word)
		words++
	}
	out.WriteString(strings.TrimRight(cur, " "))
	return out.String()
}

// hangingIndent is where a wrapped line's continuation starts.
func hangingIndent(line string, lead, width int) int {
	if g := strings.Index(line[lead:], "  "); g > 0 {
		at := lead + g
		for at < len(line) && line[at] == ' ' {
			at++
		}
		if c := columns(line[:at]); c <= width/2 && at < len(line) {
			return c
		}
	}
	return min(lead+2, width/2)
}

// columns is how many columns s takes: one a character.
func columns(s string) int { return utf8.RuneCountInString(s) }

// wrap writes text as lines that fit w's width (one line when it has
// none), the first prefixed by first and the rest by an indent of the
// same width.
func wrap(w io.Writer, first, text string) {
	width := widthOf(w)
	indent := strings.Repeat(" ", columns(first))
	prefix := first
	line := ""
	for _, word := range glueSections(strings.Fields(text)) {
		if width > 0 && line != "" && columns(prefix)+columns(line)+1+columns(word) > width {
			io.WriteString(w, prefix+line+"\n")
			prefix, line = indent, ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	io.WriteString(w, prefix+line+"\n")
}

// glueSections joins a section sign to the number after it, so that
// "§ 42(3)" is never cut.
func glueSections(words []string) []string {
	out := words[:0:0]
	for i := 0; i < len(words); i++ {
		if (words[i] == "§" || words[i] == "§§") && i+1 < len(words) {
			out = append(out, words[i]+" "+words[i+1])
			i++
			continue
		}
		out = append(out, words[i])
	}
	return out
}

// printHelp is urfave's help, its lines fit to helpWidth (or a narrower
// terminal).
func printHelp(w io.Writer, templ string, data any) {
	width := helpWidth
	if tw := widthOf(w); tw > 0 && tw < width {
		width = tw
	}
	var buf bytes.Buffer
	cli.HelpPrinterCustom(&buf, templ, data, nil)
	out := &lineWrap{w: w, width: width}
	_, _ = out.Write(buf.Bytes())
	_ = out.Flush()
}

func init() {
	// urfave prints help through this package variable: every help
	// page, the app's and each command's, fits helpWidth.
	cli.HelpPrinter = printHelp
}
