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

// TestShortTextsCostNoGarbage: a "did you mean" over many words of a
// bad cell allocates nothing for texts of up to 64 bytes.
func TestShortTextsCostNoGarbage(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { _ = Runes("fellasleep", "resignation") }); n != 0 {
		t.Errorf("%v allocations a call", n)
	}
	long := string(make([]byte, 100))
	if Runes(long, long+"x") != 1 || Runes("é", "e") != 1 {
		t.Error("wrong distance")
	}
}
