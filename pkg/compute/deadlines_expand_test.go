package compute

import (
	"strings"
	"testing"
)

// FuzzExpand holds expand to strings.Replacer, which it stands in for.
func FuzzExpand(f *testing.F) {
	f.Add("after {vacancy}, before {primary}; {general} {effective} {", "2026-03-02")
	f.Add("{{vacancy}}{primary{general}", "x{")
	f.Add("no placeholder", "")
	f.Fuzz(func(t *testing.T, s, v string) {
		pairs := []string{"{vacancy}", v, "{primary}", "P", "{general}", v + v, "{effective}", ""}
		if got, want := expand(s, pairs...), strings.NewReplacer(pairs...).Replace(s); got != want {
			t.Fatalf("expand(%q) = %q, strings.Replacer gives %q", s, got, want)
		}
	})
}
