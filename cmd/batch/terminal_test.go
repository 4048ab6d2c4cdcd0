package main

import (
	"bytes"
	"testing"
)

func TestTerminalSafeShowsControlCharactersAsEscapes(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain text passes untouched", "Town Supervisor\tAlbany\n", "Town Supervisor\tAlbany\n"},
		{"accented letters pass untouched", "José Muñoz, Cañada", "José Muñoz, Cañada"},
		{"an escape sequence cannot clear the screen", "\x1b[2J\x1b[31mMayor", `\x1b[2J\x1b[31mMayor`},
		{"a carriage return cannot overwrite the line", "ok\rEVIL", `ok\x0dEVIL`},
		{"an 8-bit CSI is shown, not obeyed", "a\u009b31mb", `a\x9b31mb`},
		{"a stray byte of bad UTF-8 is shown", "caf\xe9", `caf\xe9`},
		{"NUL and DEL are shown", "a\x00b\x7f", `a\x00b\x7f`},
		{"a right-to-left override cannot reorder the line", "invoice\u202excs.csv", `invoice\u202excs.csv`},
		{"a bell is shown", "a\ab", `a\x07b`},
		{"zero-width and non-breaking spaces are shown", "a\u200bb\u00a0c", `a\u200bb\u00a0c`},
		{"printable symbols pass untouched", "12 → 3, § 42, ½", "12 → 3, § 42, ½"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			n, err := terminalSafe{&b}.Write([]byte(tc.in))
			if err != nil || n != len(tc.in) {
				t.Fatalf("Write = %d, %v; want %d, nil", n, err, len(tc.in))
			}
			if b.String() != tc.want {
				t.Errorf("got %q, want %q", b.String(), tc.want)
			}
		})
	}
}
