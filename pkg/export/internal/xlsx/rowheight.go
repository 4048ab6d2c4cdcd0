package xlsx

import (
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"batch/internal/strmemo"
)

// A spreadsheet does not grow a row to fit wrapped text written by a
// program (LibreOffice keeps the default height, and the lines overlap the
// row below), so the workbook gives every row of more than one line a
// height of its own, from an estimate of how its text wraps.

// lineHeight is one line of 11-point text, in points: the default height
// of a row.
const lineHeight = 15.0

// maxRowHeight is the tallest row a spreadsheet allows, in points.
const maxRowHeight = 409.0

// charWidth is the advance width of the printable ASCII characters of
// Calibri (measured on Carlito, its metric twin) in hundredths of the
// digit 0, the unit of column widths; other characters count as wide as
// a digit, and bold text a little wider.
var charWidth = [95]uint8{
	45, 64, 79, 98, 100, 141, 135, 44, 60, 60, 98, 98, 49, 60, 50, 76, 100, 100, 100, 100, 100, 100,
	100, 100, 100, 100, 53, 53, 98, 98, 98, 91, 176, 114, 107, 105, 121, 96, 91, 124, 123, 50, 63, 103,
	83, 169, 127, 131, 102, 133, 107, 91, 96, 127, 112, 176, 102, 96, 92, 61, 76, 61, 98, 98, 57, 95,
	104, 83, 104, 98, 60, 93, 104, 45, 47, 90, 45, 158, 104, 104, 104, 104, 69, 77, 66, 104, 89, 141,
	85, 89, 78, 62, 91, 62, 98,
}

func runeWidth(r rune) int {
	if r >= 32 && r < 127 {
		return int(charWidth[r-32])
	}
	if r == '—' {
		return 179
	}
	return 100
}

// lineRoom is how much text fits on one line of a column width wide, in
// hundredths of a digit: the cell's margins taken off, and a twentieth
// kept back for renderers whose font runs wider.
func lineRoom(width float64) int {
	return int((width*0.94 - 0.4) * 95)
}

// textLines is how many lines s takes in a column width wide: greedy
// wrapping at spaces, as spreadsheets wrap, a word longer than the line
// broken where it fills it, and every line feed a new line. It reads the
// text once, byte by byte where it is ASCII: a row's height is worked out
// for every row, and splitting into lines and words first cost half as
// much again (textLinesBySplit in the tests is that way, the reference).
func textLines(s string, width float64, bold bool) int {
	room := lineRoom(width)
	if bold {
		room = room * 100 / 104
	}
	if room < 100 {
		room = 100
	}
	space := int(charWidth[0])
	lines, used := 1, 0
	for i := 0; ; {
		// One word: up to the next space, line feed or the end.
		start, w := i, 0
		for i < len(s) && s[i] != ' ' && s[i] != '\n' {
			if c := s[i]; c >= 32 && c < 127 {
				w += int(charWidth[c-32])
				i++
			} else {
				r, n := utf8.DecodeRuneInString(s[i:])
				w += runeWidth(r)
				i += n
			}
		}
		sp := 0
		if used > 0 {
			sp = space
		}
		switch {
		case used+sp+w <= room:
			used += sp + w
		case w <= room:
			lines++
			used = w
		default: // a word wider than the line: broken character by character
			if used > 0 {
				lines++
			}
			used = 0
			for _, r := range s[start:i] {
				rw := runeWidth(r)
				if used+rw > room && used > 0 {
					lines++
					used = 0
				}
				used += rw
			}
		}
		if i >= len(s) {
			return lines
		}
		if s[i] == '\n' {
			lines++
			used = 0
		}
		i++
	}
}

// rowHeight is the height a row of cells needs in columns of these
// widths: 0 for a row of single lines, which keeps the default.
func rowHeight(cells []cell, widths []float64, bold bool) float64 {
	lines := 1
	for i := 0; i < len(cells) && i < len(widths); i++ {
		if s := cells[i].text; cells[i].kind == textOut && mayWrap(s, widths[i]) {
			lines = max(lines, textLines(s, widths[i], bold))
		}
	}
	return heightOf(lines)
}

// heightOpts is a row's options for a height (none for 0, the default).
func heightOpts(h float64) []excelize.RowOpts {
	if h == 0 {
		return nil
	}
	return []excelize.RowOpts{{Height: h}}
}

// heightMemo is rowHeight for one table's rows (not bold), remembering
// for each column the lines of the wrapped texts it met (strmemo.Map): a
// vacancy's deadline rows repeat the law's reasons (a bounded set of
// distinct texts, however many rows), and wrapping them again was most of the row
// heights' cost.
type heightMemo struct {
	widths []float64
	seen   []strmemo.Map[int]
}

func newHeightMemo(widths []float64) *heightMemo {
	return &heightMemo{widths: widths, seen: make([]strmemo.Map[int], len(widths))}
}

// height is rowHeight(cells, m.widths, false).
func (m *heightMemo) height(cells []cell) float64 {
	lines := 1
	for i := 0; i < len(cells) && i < len(m.widths); i++ {
		if cells[i].kind != textOut || !mayWrap(cells[i].text, m.widths[i]) {
			continue
		}
		s := cells[i].text
		n, ok := m.seen[i].Get(s)
		if !ok {
			n = textLines(s, m.widths[i], false)
			m.seen[i].Put(s, n)
		}
		lines = max(lines, n)
	}
	return heightOf(lines)
}

// mayWrap reports whether s might take more than one line in a column
// width wide. Most cells are short: the wrapping is skipped when the
// text cannot fill a line even if every character were the widest (its
// bytes are at least its characters).
func mayWrap(s string, width float64) bool {
	return s != "" && (len(s)*179 > lineRoom(width)*100/104 || strings.IndexByte(s, '\n') >= 0)
}

// heightOf is the height of a row of so many lines: 0 for one, the
// default.
func heightOf(lines int) float64 {
	if lines == 1 {
		return 0
	}
	return min(lineHeight*float64(lines), maxRowHeight)
}
