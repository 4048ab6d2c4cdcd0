// Package printable shows names that come from outside the tool (input
// file names, sheet names, the output folder) in messages so that they
// cannot act on the terminal or the log that prints them: no escape
// sequence, bell or carriage return, no line feed that would start a
// forged message line, no right-to-left override that would reorder it.
package printable

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Name is s as it may appear in a message: unchanged when every character
// is a printable one (letters, marks, numbers, punctuation, symbols and
// the ASCII space), otherwise quoted the way Go quotes a string, with
// every other character escaped (\x1b, \n, \u202e, \u00a0, …), so the
// reader sees exactly which characters the name holds.
func Name(s string) string {
	if Plain(s) {
		return s
	}
	return strconv.Quote(s)
}

// Plain reports whether s is valid UTF-8 made of printable characters
// only (unicode.IsPrint: no control, format, separator or private-use
// character but the ASCII space).
func Plain(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 || !unicode.IsPrint(r) {
			return false
		}
		i += n
	}
	return true
}

// QuotedList is names quoted the way Go quotes a string and joined with
// commas, at most n of them and then how many more: "a", "b" and 3 more.
func QuotedList(names []string, n int) string {
	var b strings.Builder
	for i, s := range names {
		if i == n {
			fmt.Fprintf(&b, " and %d more", len(names)-n)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(s))
	}
	return b.String()
}
