package xlsx

import (
	"strings"
	"testing"
)

// textLinesBySplit is textLines as it was first written, splitting the
// text into lines and words: the reference textLines is held to.
func textLinesBySplit(s string, width float64, bold bool) int {
	room := lineRoom(width)
	if bold {
		room = room * 100 / 104
	}
	if room < 100 {
		room = 100
	}
	lines := 0
	for para := range strings.SplitSeq(s, "\n") {
		lines++
		used := 0 // on the current line
		for word := range strings.SplitSeq(para, " ") {
			w := 0
			for _, r := range word {
				w += runeWidth(r)
			}
			space := 0
			if used > 0 {
				space = runeWidth(' ')
			}
			switch {
			case used+space+w <= room:
				used += space + w
			case w <= room:
				lines++
				used = w
			default: // a word wider than the line: broken character by character
				if used > 0 {
					lines++
				}
				used = 0
				for _, r := range word {
					rw := runeWidth(r)
					if used+rw > room && used > 0 {
						lines++
						used = 0
					}
					used += rw
				}
			}
		}
	}
	return lines
}

func FuzzTextLines(f *testing.F) {
	f.Add("The vacancy occurred before September 20, so it is filled at the general election", 40.0, false)
	f.Add("a  b\n\nc —— ddddddddddddddddddddddddddddddddddddddddddddddddddddd", 8.0, true)
	f.Add(" lead\ttab\r\n é 𝄞 ", 12.5, false)
	f.Fuzz(func(t *testing.T, s string, width float64, bold bool) {
		if width != width || width < 0 || width > 300 {
			return
		}
		if got, want := textLines(s, width, bold), textLinesBySplit(s, width, bold); got != want {
			t.Fatalf("textLines(%q, %v, %v) = %d, want %d", s, width, bold, got, want)
		}
	})
}

// FuzzHeightMemo holds the rowWriter's remembered row heights to
// rowHeight's, row after row, whatever the rows repeat: sep splits the
// fuzzed text into cells, rows into rows.
func FuzzHeightMemo(f *testing.F) {
	long := "the vacancy occurred after the seventh day before the last day to file designating petitions: the party committee nominates after the primary"
	f.Add(long+"\x00V1\x00"+long+"\x01"+long+"\x00V2\x01short\x00"+long+" and more\x01\x00\x00"+long, uint8(3))
	f.Add("a\nb\x00c\x01a\nb\x01a\nb\x00a\nb", uint8(0))
	f.Fuzz(func(t *testing.T, rows string, shape uint8) {
		widths := []float64{10, 60, 8, 22}[:1+int(shape)%4]
		m := newHeightMemo(widths)
		for _, row := range strings.Split(rows, "\x01") {
			var cells []cell
			for i, s := range strings.Split(row, "\x00") {
				kind := textOut
				if (int(shape)>>2+i)%3 == 2 {
					kind = numberOut
				}
				cells = append(cells, cell{kind: kind, text: strings.Clone(s)})
			}
			if got, want := m.height(cells), rowHeight(cells, widths, false); got != want {
				t.Fatalf("row %q in widths %v: remembered height %v, rowHeight %v", row, widths, got, want)
			}
		}
	})
}
