package xlsx

import (
	"strings"
	"testing"
)

// A page header names the sheet in bold, then what Page says; "&" starts
// a code in a header, so the texts' own are doubled, and a footer longer
// than a header holds is cut on a character boundary.
func TestHeaderFooter(t *testing.T) {
	head, foot := headerFooter("Vacancies", Page{After: " of A&B County", Dated: "as of 2026-11-30", Footer: "Law applied: auto"})
	if want := "&L&BVacancies&B of A&&B County — as of 2026-11-30&RPage &P of &N"; head != want {
		t.Errorf("header %q, want %q", head, want)
	}
	if want := "&LLaw applied: auto"; foot != want {
		t.Errorf("footer %q, want %q", foot, want)
	}
	_, foot = headerFooter("Rules", Page{Footer: "Law applied: " + strings.Repeat("é&", 200)})
	if len(foot) > headerFooterLimit || !strings.HasSuffix(foot, "…") || strings.HasSuffix(strings.TrimSuffix(foot, "…"), "&") && !strings.HasSuffix(strings.TrimSuffix(foot, "…"), "&&") {
		t.Errorf("a long footer: %q (%d bytes)", foot, len(foot))
	}
}
