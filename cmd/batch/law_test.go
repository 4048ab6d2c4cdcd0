package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// The law commands: calendar (--class, --base, --against, --edition),
// rules --as-of, and explain's layout. Expected dates are worked by hand in
// pkg/nylaw's tests; here they are the ones an analyst checks first.

func calendarCSV(t *testing.T, args ...string) map[string][]string {
	t.Helper()
	got := run(t, "", append([]string{"calendar", "--csv"}, args...)...)
	if got.code != 0 {
		t.Fatalf("calendar %v: exit %d: %s", args, got.code, got.stderr)
	}
	recs, err := csv.NewReader(strings.NewReader(got.stdout)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if h := strings.Join(recs[0], ","); h != "code,window_start,statutory_date,effective_date,citation,source,law_edition,base_date" {
		t.Fatalf("header %s", h)
	}
	out := map[string][]string{}
	for _, r := range recs[1:] {
		if _, ok := out[r[0]]; !ok {
			out[r[0]] = r
		}
	}
	return out
}

func TestCalendarCommand(t *testing.T) {
	t.Run("2026: the June primary and the Passover act", func(t *testing.T) {
		// The state board's 2026 calendar: primary June 23; the act's
		// designating window March 30 … April 6 (the permanent formula's
		// last day, April 2, in base_date).
		got := calendarCSV(t, "--year", "2026")
		if r := got["primary"]; r[3] != "2026-06-23" || r[6] != "E4" {
			t.Errorf("primary %v", r)
		}
		if r := got["designating_petition"]; r[1] != "2026-03-30" || r[3] != "2026-04-06" || r[6] != "E4+T2026" || r[7] != "2026-04-02" {
			t.Errorf("designating_petition %v", r)
		}
		if r := got["law_checked_through"]; r[3] != "2026-12-01" {
			t.Errorf("law_checked_through %v", r)
		}
		base := calendarCSV(t, "--year", "2026", "--base")
		if r := base["designating_petition"]; r[3] != "2026-04-02" || r[6] != "E4" || r[7] != "" {
			t.Errorf("--base designating_petition %v", r)
		}
	})
	t.Run("2027: June 22", func(t *testing.T) {
		if r := calendarCSV(t, "--year", "2027")["primary"]; r[3] != "2027-06-22" {
			t.Errorf("primary %v", r)
		}
	})
	t.Run("2021: L.2021 ch. 22's window, and --base", func(t *testing.T) {
		if r := calendarCSV(t, "--year", "2021")["designating_petition"]; r[1] != "2021-03-22" || r[3] != "2021-03-25" {
			t.Errorf("designating_petition %v", r)
		}
		if r := calendarCSV(t, "--year", "2021", "--base")["designating_petition"]; r[1] != "2021-03-29" || r[3] != "2021-04-01" {
			t.Errorf("--base designating_petition %v", r)
		}
	})
	t.Run("2022 by class: the August primary", func(t *testing.T) {
		if r := calendarCSV(t, "--year", "2022", "--class", "state_senator")["primary"]; r[3] != "2022-08-23" {
			t.Errorf("state senator primary %v", r)
		}
		if r := calendarCSV(t, "--year", "2022")["primary"]; r[3] != "2022-06-28" {
			t.Errorf("statewide primary %v", r)
		}
	})
	t.Run("--edition E0 gives the seed's September primary", func(t *testing.T) {
		// Sep 1 2026 Tuesday: Mondays 7, 14 → Tue Sep 15.
		if r := calendarCSV(t, "--year", "2026", "--edition", "E0")["primary"]; r[3] != "2026-09-15" || r[6] != "E0" {
			t.Errorf("primary %v", r)
		}
	})
	t.Run("the table fits a terminal and names the law", func(t *testing.T) {
		// A terminal of 120 columns (the text is wrapped to the terminal's
		// width, and not at all into a pipe: TestEightyColumns).
		got := outcome{stdout: runIn(t, 120, "calendar", "--year", "2026")}
		flat := strings.Join(strings.Fields(got.stdout), " ") // a phrase may be wrapped
		if got.code != 0 || !strings.Contains(flat, "checked through 2026-12-01") {
			t.Fatalf("exit %d: %s", got.code, got.stdout)
		}
		for _, line := range strings.Split(got.stdout, "\n") {
			if n := utf8.RuneCountInString(line); n > 120 {
				t.Errorf("a line of %d columns: %q", n, line)
			}
		}
	})
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"an unknown class", []string{"calendar", "--year", "2026", "--class", "alderperson"}, "state_senator"},
		{"an unknown edition", []string{"calendar", "--year", "2026", "--edition", "E9"}, "E4"},
	} {
		t.Run(c.name+" is wrong usage", func(t *testing.T) {
			got := run(t, "", c.args...)
			if got.code != 2 || !strings.Contains(got.stderr, c.want) {
				t.Errorf("exit %d, stderr %q", got.code, got.stderr)
			}
		})
	}
}

func TestCalendarAgainstAPublishedCalendar(t *testing.T) {
	dir := t.TempDir()
	// The state board's 2026 calendar: designating petitions March 30 …
	// April 6 (the Passover act), primary June 23, independent petitions
	// May 19 … May 26.
	good := filepath.Join(dir, "published.csv")
	if err := os.WriteFile(good, []byte("code,date,window_start\nprimary,2026-06-23,\ndesignating_petition,2026-04-06,2026-03-30\nindependent_petition,2026-05-26,2026-05-19\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := run(t, "", "calendar", "--year", "2026", "--against", good)
	if got.code != 0 || !strings.Contains(got.stdout, "3 dates agree, 0 differ") {
		t.Errorf("exit %d: %s %s", got.code, got.stdout, got.stderr)
	}
	// A calendar that still has the permanent formula's April 2: every
	// difference printed, exit 3.
	bad := filepath.Join(dir, "stale.csv")
	if err := os.WriteFile(bad, []byte("code,date\ndesignating_petition,2026-04-02\nprimary,2026-09-15\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got = run(t, "", "calendar", "--year", "2026", "--against", bad)
	if got.code != 3 || !strings.Contains(got.stdout, "published 2026-04-02, computed 2026-04-06") ||
		!strings.Contains(got.stdout, "published 2026-09-15, computed 2026-06-23") {
		t.Errorf("exit %d: %s %s", got.code, got.stdout, got.stderr)
	}
}

// TestCalendarAgainstTheBoard2026: testdata/calendars/nysboe-2026.csv is
// the state board's 2026 political calendar (revised 2025-12-09), every line
// of docs/LAW.md, "The state board's nomination calendar" with the date and the citation the board prints;
// the computed calendar agrees with each, and the table prints each line.
func TestCalendarAgainstTheBoard2026(t *testing.T) {
	board := filepath.Join("..", "..", "testdata", "calendars", "nysboe-2026.csv")
	got := run(t, "", "calendar", "--year", "2026", "--against", board)
	if got.code != 0 || !strings.Contains(got.stdout, "20 dates agree, 0 differ") {
		t.Errorf("exit %d: %s %s", got.code, got.stdout, got.stderr)
	}
	table := run(t, "", "calendar", "--year", "2026")
	csvOut := calendarCSV(t, "--year", "2026")
	for _, code := range []string{"offices_certified", "party_positions_statement", "opportunity_to_ballot_signing_start",
		"designation_authorization", "opportunity_to_ballot_notice", "designation_substitution_authorization",
		"opportunity_to_ballot_after_declination_notice", "primary_ballot_certified_state", "primary_ballot_certified_county",
		"independent_decline_after_primary", "party_decline_after_primary", "party_decline_after_primary_vacancy",
		"party_decline_after_primary_substitution", "caucus_nomination_certificate", "party_nomination_authorization",
		"judicial_convention_minutes", "general_ballot_certified_state", "general_ballot_certified_county"} {
		if !strings.Contains(table.stdout, "\n"+code+" ") {
			t.Errorf("the table lacks %s", code)
		}
		if r, ok := csvOut[code]; !ok || !strings.Contains(r[5], "corroborated by the state board's 2026 political calendar") {
			t.Errorf("--csv %s: %v", code, r)
		}
	}
	// The permanent formula of 2026 (--base) counts the opportunity to
	// ballot's first day from April 2, not the act's April 6: one line the
	// board's calendar does not give.
	base := run(t, "", "calendar", "--year", "2026", "--base", "--against", board)
	if base.code != 3 || !strings.Contains(base.stdout, "opportunity_to_ballot_signing_start: published 2026-03-21, computed 2026-03-17") {
		t.Errorf("--base: exit %d: %s", base.code, base.stdout)
	}
}

func TestRulesAsOf(t *testing.T) {
	all := run(t, "", "rules", "--csv")
	day := run(t, "", "rules", "--csv", "--as-of", "2026-11-30")
	if all.code != 0 || day.code != 0 {
		t.Fatalf("exit %d %d: %s %s", all.code, day.code, all.stderr, day.stderr)
	}
	if strings.Count(day.stdout, "\n") >= strings.Count(all.stdout, "\n") {
		t.Error("--as-of does not narrow the table")
	}
	if strings.Contains(day.stdout, "from thirty to forty days after the proclamation") || !strings.Contains(day.stdout, "from forty to fifty days after the proclamation") {
		t.Error("the rules in force on 2026-11-30 are not E4's")
	}
	text := run(t, "", "rules")
	if !strings.Contains(text.stdout, "checked through 2026-12-01") || strings.Contains(text.stdout, ".md") {
		t.Errorf("rules text: %.300s", text.stdout)
	}
	// The rules speak in words, as the statute does: no counting kind's
	// code name is printed.
	for _, code := range []string{"NthWeekday", "DaysAfter(", "DaysBefore(", "WeeksBefore(", "MonthsBefore(", "NextWeekdayAfter(", "LaterOf("} {
		if strings.Contains(text.stdout, code) {
			t.Errorf("rules prints code %q", code)
		}
	}
	for _, w := range []string{"counting: the fourth Tuesday of June", "the twelfth Thursday before the primary", "the Tuesday after the first Monday of November"} {
		if !strings.Contains(text.stdout, w) {
			t.Errorf("rules lacks %q", w)
		}
	}
	// docs/LAW.md, "Corroborated": on 2026-11-30, § 6-158(7), (8) and (14) are
	// corroborated by the state board's 2026 political calendar.
	now := run(t, "", "rules", "--as-of", "2026-11-30")
	for _, sub := range []string{"party_nomination_accept_decline — Elec. Law § 6-158(7)", "party_nomination_vacancy_declination — Elec. Law § 6-158(8)",
		"step_general_election.restated — Elec. Law § 6-158(14)"} {
		i := strings.Index(now.stdout, sub)
		if i < 0 {
			t.Errorf("rules --as-of 2026-11-30 lacks %q", sub)
			continue
		}
		block := now.stdout[i:]
		if j := strings.Index(block, "\n\n"); j > 0 {
			block = block[:j]
		}
		if !strings.Contains(block, "marked: corroborated") || !strings.Contains(strings.Join(strings.Fields(block), " "), "corroborated by the state board's 2026 political calendar (revised 2025-12-09)") {
			t.Errorf("%s: %s", sub, block)
		}
	}
}

func TestExplainFitsATerminal(t *testing.T) {
	// A special election outside its window, and a row with many deadlines.
	for _, id := range []string{"statewide.xlsx:Upstate:5", "NY-0000003"} {
		got := outcome{stdout: runIn(t, 120, "explain", "--as-of", asOf, "--id", id, samplesXLSX)}
		if got.code != 0 {
			t.Fatalf("%s: exit %d: %s", id, got.code, got.stderr)
		}
		for _, line := range strings.Split(got.stdout, "\n") {
			if n := utf8.RuneCountInString(line); n > 120 {
				t.Errorf("%s: a line of %d columns: %q", id, n, line)
			}
		}
		for _, want := range []string{"applies", "edition", "Why those editions", "law_edition"} {
			if !strings.Contains(got.stdout, want) {
				t.Errorf("%s: explain lacks %q", id, want)
			}
		}
		if strings.Contains(got.stdout, "step 3:") || strings.Contains(got.stdout, "seed edition") {
			t.Errorf("%s: numbered twice or a run-wide edition:\n%s", id, got.stdout)
		}
	}
}

func TestOutputsNameTheEditions(t *testing.T) {
	out := t.TempDir()
	got := run(t, "", "run", "-q", "--as-of", asOf, "--format", "csv,json", "-o", out, samplesCSV)
	if got.code != 0 {
		t.Fatalf("exit %d: %s", got.code, got.stderr)
	}
	b, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{`"law_checked_through": "2026-12-01"`, `"id": "E4"`, `"id": "T2026"`, `"edition": "auto`} {
		if !strings.Contains(s, want) {
			t.Errorf("summary.json lacks %s", want)
		}
	}
	if strings.Contains(s, "seed edition") {
		t.Error("summary.json still claims the seed edition")
	}
	seed := run(t, "", "run", "-q", "--as-of", asOf, "--edition", "E0", "--format", "json", "-o", out, samplesCSV)
	b, _ = os.ReadFile(filepath.Join(out, "summary.json"))
	if seed.code != 0 || !strings.Contains(string(b), `"edition": "E0, fixed by --edition`) {
		t.Errorf("exit %d: %.400s", seed.code, b)
	}
}

// docs/LAW.md, "One-year acts and the federal calendars": `calendar --class congress` is the court's federal
// calendar: 2014's independent petitions 2014-07-29 … 2014-08-05 (the
// state board's 2014 calendar), 2012's missing petition dates named.
func TestCalendarFederal(t *testing.T) {
	got := run(t, "", "calendar", "--year", "2014", "--class", "congress")
	if got.code != 0 || !strings.Contains(got.stdout, "2014-07-29") || !strings.Contains(got.stdout, "E1+F2014") {
		t.Errorf("exit %d: %s %s", got.code, got.stdout, got.stderr)
	}
	got = run(t, "", "calendar", "--year", "2012", "--class", "us_senator")
	if flat := strings.Join(strings.Fields(got.stdout), " "); !strings.Contains(flat, "FEDERAL_CALENDAR") || !strings.Contains(flat, "are not sourced") {
		t.Errorf("2012: %s", got.stdout)
	}
}
