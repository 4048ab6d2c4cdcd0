package editdistance

import "testing"

func TestRunes(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"kitten", "sitting", 3}, // k→s, e→i, +g
		{"NY-0000109", "NY-0000190", 2},
		{"Albny", "Albany", 1},
		{"Ōtsego", "Otsego", 1}, // one rune, two bytes
		{"abc", "", 3},
	} {
		if got := Runes(c.a, c.b); got != c.want {
			t.Errorf("Runes(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Runes(c.b, c.a); got != c.want {
			t.Errorf("Runes(%q, %q) = %d, want %d (the distance is symmetric)", c.b, c.a, got, c.want)
		}
	}
}
