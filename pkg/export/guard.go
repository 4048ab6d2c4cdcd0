package export

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"batch/internal/strmemo"
	"batch/pkg/compute"
)

// The injection guard. Every text the tool writes into a workbook or a CSV
// file passes through it, wherever the text comes from: cell values,
// header names (carried-through columns keep the input's), sheet and file
// names echoed in sources, and messages. Its API, for every writer:
//
//	needsGuard(s) bool    a spreadsheet could run s as a formula: mark it text
//	safeText(s) string    s with what no output may hold replaced (below)
//	guardText(s) string   the CSV form: safeText(s), after an apostrophe
//	                      when needsGuard(s) (CONTRACT.md); the workbook
//	                      may instead mark the cell as text (quote prefix)
//
// Formula injection: a spreadsheet runs text as a formula (or a DDE/"@"
// call) when its first character is =, +, - or @, or their full-width
// forms (Excel and LibreOffice fold those to the ASCII ones). Spreadsheets
// also trim what they take for blank before they look, so the first
// visible character counts: spaces (the ASCII one and every Unicode space,
// the non-breaking ones included), zero-width characters, byte-order
// marks, direction marks and line breaks in front of it hide nothing. A
// text whose first character is a control character (a tab, a carriage
// return, a line feed) is guarded too: some spreadsheets split or trim
// on it. A plain number such as "-250" or "-3.5" is not a formula (a
// spreadsheet reads it as the number it is) and stays as it is; "+1" does
// not count, since some spreadsheets evaluate a leading plus.
//
// Control characters: what is left of them after ingest (escape
// sequences, bells, carriage returns, DEL, C1 controls, bytes that are not
// UTF-8) is replaced with U+FFFD, so no output drives the terminal of
// whoever prints it and the workbook stays well-formed XML, which holds no
// C0 control but tab, line feed and carriage return. A CR LF pair becomes
// a line feed. Tab and line feed are kept: they are how a cell holds
// columns and lines.
//
// Only text passes through here; numbers and dates the tool writes stay
// typed.

// guardText is s as a CSV cell: made safe, and marked as text with a
// leading apostrophe when a spreadsheet could run it.
func guardText(s string) string {
	if s == "" {
		return s
	}
	guard := needsGuard(s)
	s = safeText(s)
	if guard {
		return "'" + s
	}
	return s
}

// needsGuard reports whether a spreadsheet could take s for a formula:
// its first character is a control character, or its first visible one
// is =, +, - or @ (or a full-width form) and s is not a plain number.
func needsGuard(s string) bool {
	if s == "" {
		return false
	}
	switch c := s[0]; {
	case c < 0x20 || c == 0x7f:
		return true
	case c > ' ' && c < 0x7f && c != '=' && c != '+' && c != '-' && c != '@':
		return false // a visible ASCII character first: nearly every cell
	}
	rest := s
	for rest != "" {
		r, n := utf8.DecodeRuneInString(rest)
		if !invisible(r) {
			break
		}
		rest = rest[n:]
	}
	r, _ := utf8.DecodeRuneInString(rest)
	switch r {
	case '=', '+', '@', '＝', '＋', '－', '＠':
		return true
	case '-':
		return !plainNumber(rest)
	}
	return false
}

// invisible reports whether r shows nothing a reader (or a spreadsheet
// looking for a formula) would see before the first visible character:
// white space, line breaks and the other controls, zero-width characters,
// byte-order and direction marks, the soft hyphen.
func invisible(r rune) bool {
	switch r {
	case '\u00ad', '\u180e', '\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\u2061',
		'\u2062', '\u2063', '\u2064', '\ufeff', '\u061c':
		return true
	}
	return unicode.IsSpace(r) || unicode.IsControl(r) || unicode.In(r, unicode.Zs) ||
		r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069'
}

// safeText is s with every character no output may hold replaced (see
// above); it allocates only when there is one.
func safeText(s string) string {
	if cleanText(s) {
		return s
	}
	return sanitize(s)
}

// plainNumber reports whether s is an optionally negative decimal number
// written plainly: digits, at most one point with digits after it. No
// exponent, no plus sign, no spaces.
func plainNumber(s string) bool {
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	digits, point := 0, -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && point < 0 && digits > 0:
			point = i
		default:
			return false
		}
	}
	return digits > 0 && point != len(s)-1
}

// cleanText reports whether s needs no sanitising: valid UTF-8 with no
// control character but tab and line feed, and no U+FFFE or U+FFFF. It
// allocates nothing: almost every cell takes this path.
func cleanText(s string) bool {
	// Eight bytes at a time while they are printable ASCII (0x20 to
	// 0x7E): the usual cell, at about a fifth of the cost of the loop.
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		const ones, highs = 0x0101010101010101, 0x8080808080808080
		below := (x - 0x20*ones) & ^x & highs // a byte under 0x20
		above := ((x + ones) | x) & highs     // a byte of 0x7F or more
		if below|above != 0 {
			break
		}
	}
	ascii := true
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20 && c != '\t' && c != '\n', c == 0x7f:
			return false
		case c == 0xC2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9F: // U+0080..U+009F
			return false
		case c == 0xEF && i+2 < len(s) && s[i+1] == 0xBF && (s[i+2] == 0xBE || s[i+2] == 0xBF): // U+FFFE, U+FFFF
			return false
		case c >= 0x80:
			ascii = false
		}
	}
	return ascii || utf8.ValidString(s)
}

// sanitize replaces what cleanText refuses with U+FFFD.
func sanitize(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\r' && i+1 < len(s) && s[i+1] == '\n':
			// CR LF: the line feed that follows keeps the line break.
		case r == utf8.RuneError && n <= 1,
			r < 0x20 && r != '\t' && r != '\n',
			r >= 0x7f && r <= 0x9f,
			r == 0xFFFE || r == 0xFFFF:
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// cellKind is what a cell holds once written.
type cellKind uint8

const (
	textCell cellKind = iota // text, guarded; "" writes no cell
	dateCell                 // a civil date; zero writes no cell
	intCell                  // a whole number
)

// value is one output cell before it becomes CSV text or a workbook cell:
// the tables are built once and written to both.
type value struct {
	kind cellKind
	text string // guarded: what the CSV files hold
	// quoted marks text the guard put an apostrophe in front of: the
	// workbook writes it without, with the quote-prefix style (value.book).
	quoted bool
	date   compute.Date
	n      int
}

// text is a text value, guarded here once for both the CSV files and the
// workbook: the guard scans every character, and it is among the
// export's costliest steps, so a row's text goes through it once, not
// twice.
func text(s string) value {
	g := guardText(s)
	return value{kind: textCell, text: g, quoted: len(g) > 0 && g[0] == '\'' && (s == "" || s[0] != '\'')}
}

// textSeen is text(s), remembering in clean the texts the guard left as
// they were (and not guarding again those it remembers): the law's texts
// on a vacancy's deadline rows repeat on every row.
func textSeen(s string, clean *strmemo.Set) value {
	if clean.Has(s) {
		return value{kind: textCell, text: s}
	}
	v := text(s)
	if v.text == s {
		clean.Add(s)
	}
	return v
}

func date(d compute.Date) value { return value{kind: dateCell, date: d} }
func number(n int) value        { return value{kind: intCell, n: n} }

// yesNo writes a boolean the way the contract spells it.
func yesNo(b bool) value {
	if b {
		return yesValue
	}
	return noValue
}

var yesValue, noValue = text("yes"), text("no")

func numberOrBlank(n int) value {
	if n == 0 {
		return text("")
	}
	return number(n)
}

// csv is the cell as CSV text: guarded text, ISO dates, decimal numbers.
func (v value) csv() string {
	switch v.kind {
	case dateCell:
		return v.date.String()
	case intCell:
		return strconv.Itoa(v.n)
	}
	return v.text // guarded by text
}
