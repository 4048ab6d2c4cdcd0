package strmemo

import (
	"strings"
	"testing"
)

func TestSetKeepsWhatWasAdded(t *testing.T) {
	var m Set
	words := []string{"designating_petition", "designation_accept_decline", "opportunity_to_ballot",
		"party_nomination_certificate", "Elec. Law § 6-158(1)", "Elec. Law § 6-158(2)", "Elec. Law § 6-158(11)",
		"the party committee nominates after the primary"}
	for _, w := range words {
		if m.Has(w) {
			t.Errorf("%q found before it was added", w)
		}
		m.Add(w)
		if !m.Has(w) {
			t.Errorf("%q not found once added", w)
		}
	}
	kept := 0
	for _, w := range words {
		if m.Has(w) {
			kept++
		}
		if m.Has(strings.ToUpper(w)) {
			t.Errorf("%q was never added", strings.ToUpper(w))
		}
	}
	// Eight strings in 64 slots of two: a slot they would share three at a
	// time is a sign the index does not spread them.
	if kept != len(words) {
		t.Errorf("%d of %d words kept", kept, len(words))
	}
	// A copy of a kept string (another pointer) is found by its bytes.
	if !m.Has(strings.Clone(words[0])) {
		t.Error("a copy of a kept string is not found")
	}
	for _, short := range []string{"", "window", strings.Repeat("x", MinLen-1)} {
		m.Add(short)
		if m.Has(short) {
			t.Errorf("%q, shorter than MinLen, is kept", short)
		}
	}
}

// FuzzSetNeverClaimsWhatWasNotAdded: Has is true only for a string added,
// and always for the one added last.
func FuzzSetNeverClaimsWhatWasNotAdded(f *testing.F) {
	f.Add("a\x00designating_petition\x00party_nomination_certificate", "designating_petition")
	f.Fuzz(func(t *testing.T, added, asked string) {
		var m Set
		in := map[string]bool{}
		for _, s := range strings.Split(added, "\x00") {
			m.Add(s)
			in[s] = len(s) >= MinLen
			if in[s] && !m.Has(s) {
				t.Fatalf("%q not found right after it was added", s)
			}
		}
		if m.Has(asked) && !in[asked] {
			t.Fatalf("Has(%q) after adding %q", asked, added)
		}
	})
}

// A Map gives back the value put for a string, the last one put.
func TestMapGivesBackWhatWasPut(t *testing.T) {
	var m Map[int]
	a, b := "the party committee nominates after the primary", "Elec. Law § 6-158(11)"
	m.Put(a, 3)
	m.Put(b, 1)
	m.Put(a, 4)
	if v, ok := m.Get(strings.Clone(a)); !ok || v != 4 {
		t.Errorf("Get(a) = %d, %v; want 4", v, ok)
	}
	if v, ok := m.Get(b); !ok || v != 1 {
		t.Errorf("Get(b) = %d, %v; want 1", v, ok)
	}
	m.Put("short", 9)
	if _, ok := m.Get("short"); ok {
		t.Error("a string shorter than MinLen is kept")
	}
}
