package export

import (
	"strings"
	"testing"

	"batch/pkg/compute"
	"batch/pkg/nylaw"
)

// ny is New York's law's words, as a run of its law reads them.
var ny = wordsOf(nylaw.NewYork)

func TestDeadlineTitlesInWords(t *testing.T) {
	assembly := compute.Vacancy{Office: "Member of Assembly", Class: compute.MemberOfAssembly, District: "043", County: "Kings"}
	for _, c := range []struct{ name, got, want string }{
		{"the issue's example", ny.lastDayTitle("designating_petition") + " — " + seat(&assembly),
			"Last day to file designating petitions — Member of Assembly, Assembly District 43 (Kings)"},
		{"a window's first day", ny.firstDayTitle("independent_petition"), "First day to file independent nominating petitions"},
		{"a convention is held, not filed", ny.lastDayTitle("judicial_convention"), "Last day to hold the judicial district convention"},
		{"the special election's window", ny.firstDayTitle("special_election"), "Earliest day for the special election"},
		{"a code a later edition adds reads as itself", ny.lastDayTitle("some_new_certificate"), "Last day to file some new certificate"},
		{"a senate district", seat(&compute.Vacancy{Office: "State Senator", Class: compute.StateSenator, District: "7"}), "State Senator, Senate District 7"},
		{"a congressional district", seat(&compute.Vacancy{Office: "Representative in Congress", Class: compute.USRepresentative, District: "12", County: "Yates"}),
			"Representative in Congress, Congressional District 12 (Yates)"},
		{"a named district stays as written", seat(&compute.Vacancy{Office: "Trustee", Class: compute.OtherOffice, District: "Village of Malone", County: "Franklin"}),
			"Trustee, Village of Malone (Franklin)"},
		{"another numbered district", seat(&compute.Vacancy{Office: "Council Member", Class: compute.OtherOffice, District: "0001"}),
			"Council Member, District 1"},
		{"no district, no county", seat(&compute.Vacancy{Office: "Governor", Class: compute.Governor}), "Governor"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.got != c.want {
				t.Errorf("%q, want %q", c.got, c.want)
			}
		})
	}
}

func TestEveryDeadlineCodeHasWords(t *testing.T) {
	// Every deadline of the rules table (the late-vacancy variants are
	// rows of their own deadline) has a title and a filer in words.
	n := 0
	for _, r := range compute.RulesOf(nylaw.NewYork, compute.RulesFilter{}) {
		if !isDeadlineCode(r) {
			continue
		}
		n++
		if _, known := ny.texts[r.Code]; !known {
			t.Errorf("deadline %s has no words", r.Code)
		}
	}
	if n < len(ny.order) {
		t.Errorf("the rules table names %d deadlines, the words %d", n, len(ny.order))
	}
	for _, code := range ny.order {
		if w, ok := ny.texts[code]; !ok || w.what == "" || w.who == "" {
			t.Errorf("deadline %s: words %+v", code, w)
		}
	}
}

// isDeadlineCode reports whether a rule of the table is a deadline of
// § 6-158 (or the special election's window of § 42(3)): counted, cited to
// those subdivisions, not a variant of another row nor a cut-off rule.
func isDeadlineCode(r compute.Rule) bool {
	if r.Code == "special_election" {
		return true
	}
	if r.Counting == "" || strings.Contains(r.Code, ".") || r.Code == "primary_route_cutoff" {
		return false
	}
	return strings.HasPrefix(r.Citation, "Elec. Law § 6-158")
}

func TestDaysLeft(t *testing.T) {
	for _, c := range []struct {
		to   compute.Date
		want string
	}{{d(2026, 3, 2), "today"}, {d(2026, 3, 3), "tomorrow"}, {d(2026, 3, 12), "10 days"}, {d(2026, 3, 1), "passed"}} {
		if got := daysLeft(asOf, c.to); got != c.want {
			t.Errorf("%s to %s: %q, want %q", asOf, c.to, got, c.want)
		}
	}
}
