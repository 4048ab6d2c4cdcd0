// Package cellescape holds the one convention that excelize adds to cell
// text in SpreadsheetML: "_xHHHH_" (four hex digits) stands for the
// UTF-16 unit HHHH, the way OOXML writes characters XML cannot hold. The
// workbook writer escapes text as excelize writes it and the sheet reader
// decodes it as excelize reads it, so both sides live here.
package cellescape

import (
	"strconv"
	"strings"
)

// sequences finds the "_xHHHH_" sequences of s, left to right, none
// overlapping: as the regular expression _x[0-9A-Fa-f]{4}_ finds them.
func sequences(s string) [][2]int {
	if !strings.Contains(s, "_x") {
		return nil
	}
	var out [][2]int
	for i := 0; i+7 <= len(s); {
		if s[i] == '_' && s[i+1] == 'x' && isHex(s[i+2:i+6]) && s[i+6] == '_' {
			out = append(out, [2]int{i, i + 7})
			i += 7
			continue
		}
		i++
	}
	return out
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// surrogate reports whether four hex digits name a UTF-16 surrogate,
// which is no character.
func surrogate(hex string) bool {
	v, _ := strconv.ParseUint(hex, 16, 32)
	return v >= 0xD800 && v <= 0xDFFF
}

// Escape is text as excelize v2.11.1 writes it into a cell (lib.go
// bstrMarshal): a sequence that a reader would decode is written as
// "_x005F_" (an escaped "_") and the rest of it, so that it reads back as
// written; "_x005F_" itself gets one more escape when an escapable
// sequence's tail follows it; a sequence naming a surrogate is dropped.
func Escape(s string) string {
	seqs := sequences(s)
	if len(seqs) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 6*len(seqs))
	cursor := 0
	for _, m := range seqs {
		b.WriteString(s[cursor:m[0]])
		seq := s[m[0]:m[1]]
		cursor = m[1]
		if seq == "_x005F_" {
			next := m[1]
			if next+6 <= len(s) && s[next] == 'x' && isHex(s[next+1:next+5]) && s[next+5] == '_' && !surrogate(s[next+1:next+5]) {
				b.WriteString("_x005F_x005F_x005F_")
			} else {
				b.WriteString("_x005F_x005F_")
			}
			continue
		}
		if !surrogate(seq[2:6]) {
			b.WriteString("_x005F")
			b.WriteString(seq)
		}
	}
	b.WriteString(s[cursor:])
	return b.String()
}
