package changes

import (
	"fmt"
	"testing"
	"unsafe"
)

func TestInternerGivesEveryStringBackAndKeepsOneCopy(t *testing.T) {
	var in interner
	var words []string
	for i := range 20000 { // more than its slots: many push others out
		words = append(words, fmt.Sprintf("2026-%02d-%02d", i%12+1, i%28+1), fmt.Sprint(i), "", "party_nomination", string(rune('a'+i%26)))
	}
	for _, w := range words {
		if got := in.str([]byte(w)); got != w {
			t.Fatalf("str(%q) = %q", w, got)
		}
	}
	// A string met again while kept is the copy kept: no new allocation.
	a := in.str([]byte("special_party_nomination_certificate"))
	b := in.str([]byte("special_party_nomination_certificate"))
	if unsafe.StringData(a) != unsafe.StringData(b) {
		t.Error("the same string read twice gave two copies")
	}
	if n := testing.AllocsPerRun(100, func() { in.str([]byte("2026-09-17")) }); n != 0 {
		t.Errorf("a kept string allocates %.0f times", n)
	}
}
