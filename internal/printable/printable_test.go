package printable

import "testing"

func TestName(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"a plain file name stays as it is", "kings-county.xlsx", "kings-county.xlsx"},
		{"accents and spaces stay", "Cañada Town Board.csv", "Cañada Town Board.csv"},
		{"an escape sequence is shown escaped", "a\x1b[2Jb.csv", `"a\x1b[2Jb.csv"`},
		{"a bell and a carriage return", "a\a\rb", `"a\a\rb"`},
		{"a line feed cannot start a forged line", "x.csv\nbatch: all good", `"x.csv\nbatch: all good"`},
		{"a right-to-left override is shown", "invoice\u202excs.csv", `"invoice\u202excs.csv"`},
		{"a zero-width space is shown", "a\u200bb", `"a\u200bb"`},
		{"a non-breaking space is shown", "a\u00a0b", `"a\u00a0b"`},
		{"bytes that are not UTF-8 are shown", "Mu\xf1oz.csv", `"Mu\xf1oz.csv"`},
		{"DEL and C1 controls are shown", "a\x7fb\u009bc", `"a\x7fb\u009bc"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Name(tc.in); got != tc.want {
				t.Errorf("Name(%q) = %s, want %s", tc.in, got, tc.want)
			}
		})
	}
}

func TestQuotedList(t *testing.T) {
	for _, c := range []struct {
		names []string
		n     int
		want  string
	}{
		{nil, 3, ""},
		{[]string{"Upstate"}, 3, `"Upstate"`},
		{[]string{"a", "b\x1b", "c", "d"}, 2, `"a", "b\x1b" and 2 more`},
	} {
		if got := QuotedList(c.names, c.n); got != c.want {
			t.Errorf("QuotedList(%q, %d) = %s, want %s", c.names, c.n, got, c.want)
		}
	}
}
