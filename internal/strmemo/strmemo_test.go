package strmemo

import (
	"strings"
	"testing"
)

func TestSetKeepsWhatWasAdded(t *testing.T) {
	var m Set
	if m.Has("") || m.Has("a") {
		t.Fatal("an empty set has something")
	}
	words := []string{"window", "passed", "no", "E0", "E4", "yes", "last_day", "Elec. Law § 6-158(1)"}
	for _, w := range words {
		m.Add(w)
	}
	kept := 0
	for _, w := range words {
		if m.Has(w) {
			kept++
		}
		if m.Has(strings.ToUpper(w) + "x") {
			t.Errorf("%q was never added", strings.ToUpper(w)+"x")
		}
	}
	if kept != len(words) {
		t.Errorf("%d of %d words kept: the slots do not keep them apart", kept, len(words))
	}
	// A copy of a kept string (another pointer) is found by its bytes.
	if !m.Has(strings.Clone("window")) {
		t.Error("a copy of a kept string is not found")
	}
	m.Add("")
	if m.Has("") {
		t.Error("the empty string is kept")
	}
}

// FuzzSetNeverClaimsWhatWasNotAdded: Has is true only for a string added.
func FuzzSetNeverClaimsWhatWasNotAdded(f *testing.F) {
	f.Add("a\x00b\x00window\x00passed", "window")
	f.Fuzz(func(t *testing.T, added, asked string) {
		var m Set
		in := map[string]bool{}
		for _, s := range strings.Split(added, "\x00") {
			m.Add(s)
			in[s] = s != ""
		}
		if m.Has(asked) && !in[asked] {
			t.Fatalf("Has(%q) after adding %q", asked, added)
		}
	})
}
