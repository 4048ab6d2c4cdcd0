package export

import (
	"testing"
	"unicode/utf8"
)

// cleanTextByByte is cleanText without its eight-bytes-at-a-time path: the
// reference the fast path is held to.
func cleanTextByByte(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20 && c != '\t' && c != '\n', c == 0x7f:
			return false
		case c == 0xC2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9F:
			return false
		case c == 0xEF && i+2 < len(s) && s[i+1] == 0xBF && (s[i+2] == 0xBE || s[i+2] == 0xBF):
			return false
		}
	}
	return utf8.ValidString(s)
}

func FuzzCleanText(f *testing.F) {
	for _, s := range []string{"Member of Assembly, 12th district", "tab\there", "bell\x07", "del\x7f........", "é accent", "\xff", "12345678\x1f", "a\u0085b", "\uFFFE"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := cleanText(s), cleanTextByByte(s); got != want {
			t.Fatalf("cleanText(%q) = %v, want %v", s, got, want)
		}
	})
}
