package rawsheet

import (
	"strconv"
	"unicode/utf8"

	"batch/internal/cellescape"
)

// The cell encodings below are excelize v2.11.1's, as its stream writer
// applies them (stream.go writeCell, cell.go trimCellValue, lib.go
// bstrMarshal); TestCellsAsExcelizeWritesThem and FuzzCells hold them to it.

// maxCellUnits is how many UTF-16 code units excelize keeps of a cell's
// text (Excel's limit); it cuts the rest.
const maxCellUnits = 32767

// maxColumns is the last column Excel has (XFD).
const maxColumns = 16384

// colNames caches column letters, "A" for 0.
var colNames = func() []string {
	names := make([]string, 0, 1024)
	for i := 0; i < 1024; i++ {
		names = append(names, columnLetters(i))
	}
	return names
}()

func columnLetters(col int) string {
	var b [4]byte
	i := len(b)
	for n := col + 1; n > 0; n = (n - 1) / 26 {
		i--
		b[i] = byte('A' + (n-1)%26)
	}
	return string(b[i:])
}

// cellStarts are `<c r="` and the column letters of the first columns,
// and styleEnds `"` or `" s="N"` of the first styles: a cell's start tag
// is three appends (Part.open).
var (
	cellStarts = func() []string {
		starts := make([]string, len(colNames))
		for i, name := range colNames {
			starts[i] = `<c r="` + name
		}
		return starts
	}()
	styleEnds = func() []string {
		ends := make([]string, 256)
		ends[0] = `"`
		for i := 1; i < len(ends); i++ {
			ends[i] = `" s="` + strconv.Itoa(i) + `"`
		}
		return ends
	}()
)

func colName(col int) string {
	if col < len(colNames) {
		return colNames[col]
	}
	return columnLetters(col)
}

// escClass sorts ASCII bytes for escaping: 0 kept, 1 an entity, 2 not
// allowed in XML (U+FFFD), 3 a line feed.
var escClass = func() (t [128]uint8) {
	for c := 0; c < 0x20; c++ {
		t[c] = 2
	}
	for _, c := range []byte{'"', '\'', '&', '<', '>', '\t', '\r'} {
		t[c] = 1
	}
	t['\n'] = 3
	return t
}()

const replacement = "\uFFFD"

// appendEscaped appends s as encoding/xml's EscapeText writes it: quote,
// apostrophe, ampersand, angle brackets, tab and carriage return as
// character references, a line feed as one unless keepLF, and each byte
// that is not UTF-8 and each character XML 1.0 does not allow as U+FFFD.
func appendEscaped(b []byte, s string, keepLF bool) []byte {
	b, _ = appendEscapedAs(b, s, keepLF)
	return b
}

// appendEscapedAs is appendEscaped, and reports whether s was appended as
// it is (nothing escaped or replaced).
func appendEscapedAs(b []byte, s string, keepLF bool) (_ []byte, same bool) {
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch escClass[c] {
			case 0:
				i++
				continue
			case 3:
				if keepLF {
					i++
					continue
				}
			}
			b = append(b, s[last:i]...)
			b = append(b, entity(c)...)
			i++
			last = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || r == 0xFFFE || r == 0xFFFF {
			b = append(b, s[last:i]...)
			b = append(b, replacement...)
			last = i + n
		}
		i += n
	}
	return append(b, s[last:]...), last == 0
}

func entity(c byte) string {
	switch c {
	case '"':
		return "&#34;"
	case '\'':
		return "&#39;"
	case '&':
		return "&amp;"
	case '<':
		return "&lt;"
	case '>':
		return "&gt;"
	case '\t':
		return "&#x9;"
	case '\n':
		return "&#xA;"
	case '\r':
		return "&#xD;"
	}
	return replacement
}

// cellText is what excelize keeps of a cell's text: at most maxCellUnits
// UTF-16 units, "_xHHHH_" sequences escaped (cellescape), and whether the
// text needs xml:space="preserve" (white space at either end).
func cellText(s string) (text string, preserve bool) {
	if len(s) > maxCellUnits { // fewer bytes cannot be more units
		s = truncateUnits(s, maxCellUnits)
	}
	if s != "" {
		preserve = edgeSpace(s[0]) || edgeSpace(s[len(s)-1])
	}
	return cellescape.Escape(s), preserve
}

func edgeSpace(c byte) bool { return c == '\t' || c == '\n' || c == '\r' || c == ' ' }

// truncateUnits cuts s after max UTF-16 code units, at a character
// boundary (a byte that is not UTF-8 counts as one unit).
func truncateUnits(s string, max int) string {
	n := 0
	for i, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		if n > max {
			return s[:i]
		}
	}
	return s
}
