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

// helpWidth is what --help lines fit in printed to a file or a pipe; on
// a terminal, they fit its width.
const helpWidth = 80

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
// help), or two spaces past its own indent (see fill).
func fitLine(line string, width int) string {
	if width <= 0 || columns(line) <= width {
		return line
	}
	lead := len(line) - len(strings.TrimLeft(line, " "))
	var toks []token
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
		if w := line[j:k]; w == "§" || w == "§§" || w == "(default:" {
			// A section sign stays with its number: "§ 42(3)"; a
			// flag's default with its value: "(default: false)".
			for k < len(line) && line[k] == ' ' {
				k++
			}
			for k < len(line) && line[k] != ' ' {
				k++
			}
		}
		if j == k {
			break // trailing spaces
		}
		toks = append(toks, token{gap: line[i:j], word: line[j:k]})
		i = k
	}
	return fill(line[:lead], toks, hangingIndent(line, lead, width), min(lead+2, width/2), width)
}

// token is a word and the spaces before it.
type token struct{ gap, word string }

// fill breaks toks into lines of at most width columns: the first line
// begins with head, the others with indent spaces. When a word would not
// fit on a line of its own at indent (a long code under a deep hanging
// indent ran a calendar line to 90 columns), the others begin at
// fallback instead, or nearer the margin, where every word fits: only a
// word longer than the line passes its edge. A last line of one word (an orphan) takes the word
// before it along when both fit and the line before keeps two.
func fill(head string, toks []token, indent, fallback, width int) string {
	longest := 0 // of the words that fit a line at all
	for _, t := range toks[min(1, len(toks)):] {
		if c := columns(t.word); c <= width {
			longest = max(longest, c)
		}
	}
	if indent+longest > width {
		indent = min(fallback, width-longest)
	}
	var lines [][]token
	var cur []token
	curCols := columns(head)
	for _, t := range toks {
		if len(cur) > 0 && curCols+columns(t.gap)+columns(t.word) > width {
			lines = append(lines, cur)
			cur, curCols, t.gap = nil, indent, ""
		}
		cur = append(cur, t)
		curCols += columns(t.gap) + columns(t.word)
	}
	lines = append(lines, cur)
	if n := len(lines); n > 1 && len(lines[n-1]) == 1 && len(lines[n-2]) > 2 {
		prev := lines[n-2]
		moved := prev[len(prev)-1]
		if indent+columns(moved.word)+1+columns(lines[n-1][0].word) <= width {
			lines[n-2] = prev[:len(prev)-1]
			lines[n-1] = []token{{word: moved.word}, {gap: " ", word: lines[n-1][0].word}}
		}
	}
	var out strings.Builder
	pad := strings.Repeat(" ", indent)
	for i, l := range lines {
		if i == 0 {
			out.WriteString(head)
		} else {
			out.WriteString("\n" + pad)
		}
		for _, t := range l {
			out.WriteString(t.gap + t.word)
		}
	}
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
// same width (see fill).
func wrap(w io.Writer, first, text string) {
	width := widthOf(w)
	words := glueSections(strings.Fields(text))
	if width <= 0 {
		io.WriteString(w, first+strings.Join(words, " ")+"\n")
		return
	}
	io.WriteString(w, fillText(first, words, columns(first), width)+"\n")
}

// fillText is fill for words parted by one space, after head.
func fillText(head string, words []string, indent, width int) string {
	toks := make([]token, len(words))
	for i, word := range words {
		toks[i] = token{gap: " ", word: word}
	}
	if len(toks) > 0 {
		toks[0].gap = ""
	}
	lead := len(head) - len(strings.TrimLeft(head, " "))
	return fill(head, toks, indent, min(lead+2, width/2), width)
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

// printHelp is urfave's help, its lines fit to the terminal's width, or
// to helpWidth printed to a file or a pipe; the paragraphs of a
// description are filled to it (reflow).
func printHelp(w io.Writer, templ string, data any) {
	width := widthOf(w)
	if width <= 0 {
		width = helpWidth
	}
	var buf bytes.Buffer
	cli.HelpPrinterCustom(&buf, templ, data, nil)
	out := &lineWrap{w: w, width: width}
	_, _ = io.WriteString(out, reflow(buf.String(), width))
	_ = out.Flush()
}

// reflow fills each paragraph of a help page's DESCRIPTION to width, its
// lines at the paragraph's indent: the descriptions are written in lines
// of about 90 columns, and cut again at 80 every line left a word or two
// alone. A paragraph is a run of lines at the section's own indent; a
// line indented deeper (an example) and one after a line ending in ":"
// ("Examples:") stay lines of their own, for fitLine.
func reflow(page string, width int) string {
	lines := strings.Split(page, "\n")
	out := lines[:0:0]
	in := false // in the DESCRIPTION section
	base := 0   // its indent, -1 until its first line
	joined := map[int]bool{}
	for _, line := range lines {
		indent := len(line) - len(strings.TrimLeft(line, " "))
		switch {
		case indent == 0 && strings.HasSuffix(line, ":"): // a section's heading
			in, base = line == "DESCRIPTION:", -1
		case !in || strings.TrimSpace(line) == "":
		case base < 0:
			base = indent
		case indent == base:
			prev := out[len(out)-1]
			pi := len(prev) - len(strings.TrimLeft(prev, " "))
			if pi == base && strings.TrimSpace(prev) != "" && !strings.HasSuffix(prev, ":") {
				out[len(out)-1] = prev + " " + strings.TrimSpace(line)
				joined[len(out)-1] = true
				continue
			}
		}
		out = append(out, line)
	}
	for i := range joined {
		line := out[i]
		indent := len(line) - len(strings.TrimLeft(line, " "))
		out[i] = fillText(line[:indent], glueSections(strings.Fields(line)), indent, width)
	}
	return strings.Join(out, "\n")
}

func init() {
	// urfave prints help through this package variable: every help
	// page, the app's and each command's, fits the width (printHelp).
	cli.HelpPrinter = printHelp
}
