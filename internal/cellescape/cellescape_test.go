package cellescape

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

func TestEscape(t *testing.T) {
	cases := []struct{ name, in, escaped string }{
		{"plain text is left alone", "Member of Assembly", "Member of Assembly"},
		{"an escapable sequence is escaped", "_x0041_", "_x005F_x0041_"},
		{"lower-case hex too", "a_x00e9_b", "a_x005F_x00e9_b"},
		{"an escaped underscore gets one more escape", "_x005F_", "_x005F_x005F_"},
		{"and two before an escapable tail", "_x005F_x0041_", "_x005F_x005F_x005F_x0041_"},
		{"a surrogate is dropped", "a_xD800_b", "ab"},
		{"not four hex digits", "_x12_ _xZZZZ_ _x12345_", "_x12_ _xZZZZ_ _x12345_"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Escape(c.in); got != c.escaped {
				t.Fatalf("Escape(%q) = %q, want %q", c.in, got, c.escaped)
			}
			if !strings.Contains(c.in, "_xD800_") {
				if back := Unescape(c.escaped); back != c.in {
					t.Fatalf("Unescape(%q) = %q, want %q", c.escaped, back, c.in)
				}
			}
		})
	}
	if got := Unescape("_x000D_ line_x000A_"); got != "\r line\n" {
		t.Errorf("Unescape: %q", got)
	}
}

// FuzzAsExcelize: text written into a cell and read back goes through
// excelize's own escaping and decoding; Unescape(Escape(s)) must come out
// the same. (It is not always s: excelize's two sides do not quite
// invert each other, "_x0000_x0000_" reads back as "_x0000\x00"; the
// workbook reads as excelize would have read it, which is what counts.)
func FuzzAsExcelize(f *testing.F) {
	for _, s := range []string{"_x0041_", "_x005F_x0041_x0042_", "__x005F__", "_x005F_x005F_", "_x0000_x0000_", "_xD800_"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1000 || !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool {
			return r < 0x20 && r != '\t' && r != '\n' || r == 0xFFFE || r == 0xFFFF
		}) {
			return // a cell keeps 32,767 characters; controls and bad bytes are the XML layer's
		}
		want := throughExcelize(t, s)
		if got := Unescape(Escape(s)); got != want {
			t.Fatalf("%q: escapes to %q, reads back as %q; excelize reads %q", s, Escape(s), got, want)
		}
	})
}

// throughExcelize writes s into a cell with excelize's stream writer, as
// the workbook's big sheets were written, and reads it back with excelize.
func throughExcelize(t *testing.T, s string) string {
	t.Helper()
	book := excelize.NewFile()
	defer book.Close()
	sw, err := book.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	if err := sw.SetRow("A1", []any{s}); err != nil {
		t.Fatal(err)
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := book.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	v, err := back.GetCellValue("Sheet1", "A1")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Unescape is cell text as excelize v2.11.1 reads it (lib.go
// bstrUnmarshal): each sequence becomes its character, "_x005F_" an
// underscore, one naming a surrogate nothing.
func Unescape(s string) string {
	seqs := sequences(s)
	if len(seqs) == 0 {
		return s
	}
	var b strings.Builder
	cursor := 0
	for _, m := range seqs {
		b.WriteString(s[cursor:m[0]])
		cursor = m[1]
		if v, _ := strconv.ParseUint(s[m[0]+2:m[0]+6], 16, 32); !(v >= 0xD800 && v <= 0xDFFF) {
			b.WriteRune(rune(v))
		}
	}
	b.WriteString(s[cursor:])
	return b.String()
}
