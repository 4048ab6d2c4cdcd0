// Package icalline writes iCalendar content lines (RFC 5545 § 3.1): a
// property's name, its parameters and its value, the value escaped when
// it is TEXT (§ 3.3.11), folded into lines of at most 75 octets, each
// ending in CRLF. pkg/export writes deadlines.ics with it, one event at a
// time, into a buffer it reuses: building each event as a library's
// component tree cost more than everything else the calendar does.
package icalline

import "unicode/utf8"

// MaxOctets is the longest line, CRLF not counted (RFC 5545 § 3.1).
const MaxOctets = 75

// Text appends the content line name:value, value a TEXT value: a
// backslash, semicolon, comma and line feed are escaped (\\, \;, \, and
// \n). A carriage return is left out: the text's lines are joined with a
// line feed alone. name holds any parameters ("DTSTART;VALUE=DATE").
func Text(dst []byte, name, value string) []byte {
	return fold(dst, name, value, true)
}

// Raw appends the content line name:value, value written as given (and
// folded): a date, a duration, a UID, a keyword; never text from outside,
// which may hold a line break.
func Raw(dst []byte, name, value string) []byte {
	return fold(dst, name, value, false)
}

// fold writes name, a colon and value (escaped when text), starting a
// new line, indented by one space, before any octet that would make the
// line longer than MaxOctets. A character's octets are never split.
func fold(dst []byte, name, value string, text bool) []byte {
	dst = append(dst, name...)
	dst = append(dst, ':')
	n := len(name) + 1 // octets on the current line; names are short
	var chunk [utf8.UTFMax]byte
	for i := 0; i < len(value); {
		c := value[i]
		var b []byte
		switch {
		case c < utf8.RuneSelf:
			i++
			switch {
			case text && c == '\r':
				continue
			case text && c == '\n':
				chunk[0], chunk[1] = '\\', 'n'
				b = chunk[:2]
			case text && (c == '\\' || c == ';' || c == ','):
				chunk[0], chunk[1] = '\\', c
				b = chunk[:2]
			default:
				chunk[0] = c
				b = chunk[:1]
			}
		default:
			r, size := utf8.DecodeRuneInString(value[i:])
			i += size
			b = chunk[:utf8.EncodeRune(chunk[:], r)] // invalid UTF-8 becomes U+FFFD
		}
		if n+len(b) > MaxOctets {
			dst = append(dst, '\r', '\n', ' ')
			n = 1
		}
		dst = append(dst, b...)
		n += len(b)
	}
	return append(dst, '\r', '\n')
}
