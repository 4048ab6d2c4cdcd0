package export

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	ics "github.com/arran4/golang-ical"

	"batch/pkg/compute"
)

func TestICS(t *testing.T) {
	dir, opts := allFormats(t)
	writeFixture(t, opts)
	raw, err := os.ReadFile(filepath.Join(dir, icsName))
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)

	t.Run("lines end in CRLF and fold at 75 octets", func(t *testing.T) {
		if !strings.HasSuffix(text, "END:VCALENDAR\r\n") {
			t.Error("the calendar does not end with END:VCALENDAR CRLF")
		}
		for i, l := range strings.Split(strings.TrimSuffix(text, "\r\n"), "\r\n") {
			if len(l) > 75 {
				t.Errorf("line %d has %d octets: %q", i+1, len(l), l)
			}
			if strings.ContainsAny(l, "\r\n") {
				t.Errorf("line %d has a bare line break: %q", i+1, l)
			}
		}
	})

	events := parseICS(t, text)
	byTitle := map[string]*ics.VEvent{}
	for _, e := range events {
		byTitle[prop(e, ics.ComponentPropertySummary)+" "+prop(e, ics.ComponentPropertyDtStart)] = e
	}
	t.Run("one event per day: last days, window openings, election days", func(t *testing.T) {
		// V-001: designating_petition (opens, last day), opportunity_to_ballot,
		// independent_petition (opens, last day); V-002: two last days;
		// 000123: one (its other deadline does not apply). Election days:
		// the primary of 2026-06-23, the general election of 2026-11-03,
		// the special election of 2026-02-24.
		if len(events) != 11 {
			t.Fatalf("%d events, want 11:\n%s", len(events), strings.Join(titles(events), "\n"))
		}
		assertUniqueUIDs(t, events)
	})
	t.Run("titles in words, on the right days", func(t *testing.T) {
		for _, c := range []struct{ title, start, end string }{
			{"Last day to file designating petitions — Member of Assembly, Assembly District 12 (Kings)", "20260312", "20260313"},
			{"First day to file designating petitions — Member of Assembly, Assembly District 12 (Kings)", "20260224", "20260225"},
			// Saturday 2026-02-28, moved to Monday 2026-03-02 by § 1-106.
			{"Last day to file opportunity-to-ballot petitions (to write in an undesignated candidate at the primary) — Member of Assembly, Assembly District 12 (Kings)", "20260302", "20260303"},
			{"Last day to file independent nominating petitions for the special election — " + injection + ", -5 (Queens)", "20260202", "20260203"},
			{"Primary election", "20260623", "20260624"},
			{"General election — fills 2 vacancies", "20261103", "20261104"},
			{"Special election", "20260224", "20260225"},
		} {
			e := byTitle[c.title+" "+c.start]
			if e == nil {
				t.Errorf("no event %q on %s; the events are:\n%s", c.title, c.start, strings.Join(titles(events), "\n"))
				continue
			}
			if got := prop(e, ics.ComponentPropertyDtEnd); got != c.end {
				t.Errorf("%s: DTEND %s, want %s", c.title, got, c.end)
			}
		}
	})
	t.Run("a description says what, by whom, the statute's words, the citation and the law applied", func(t *testing.T) {
		desc := prop(byTitle["Last day to file designating petitions — Member of Assembly, Assembly District 12 (Kings) 20260312"], ics.ComponentPropertyDescription)
		for _, want := range []string{
			"Last day to file designating petitions, for Member of Assembly, Assembly District 12 (Kings).",
			"Filed by: candidates seeking the party's designation at the primary",
			"Not earlier than 2026-02-24, not later than 2026-03-12.",
			"The law: \u201cpetitions … shall be filed not earlier than the tenth Monday before, and not later than the ninth Thursday preceding the primary\u201d (Elec. Law § 6-158(1)).",
			"Vacancy V-001 (vacancies.xlsx:Kings:2)",
			"Law applied: edition E4.",
		} {
			if !strings.Contains(desc, want) {
				t.Errorf("the description lacks %q:\n%s", want, desc)
			}
		}
		rolled := prop(byTitle["Last day to file opportunity-to-ballot petitions (to write in an undesignated candidate at the primary) — Member of Assembly, Assembly District 12 (Kings) 20260302"], ics.ComponentPropertyDescription)
		if !strings.Contains(rolled, "The statute's date is 2026-02-28, a weekend day or holiday; Elec. Law § 1-106 moves it to 2026-03-02.") {
			t.Errorf("the rolled-over description does not say so:\n%s", rolled)
		}
	})
	t.Run("UIDs are stable across runs", func(t *testing.T) {
		e := byTitle["Last day to file designating petitions — Member of Assembly, Assembly District 12 (Kings) 20260312"]
		if got, want := e.Id(), eventUID("V-001", "designating_petition"); got != want {
			t.Errorf("UID %s, want %s", got, want)
		}
		dir2, opts2 := allFormats(t)
		writeFixture(t, opts2)
		again, _ := os.ReadFile(filepath.Join(dir2, icsName))
		if string(again) != text {
			t.Error("a second run wrote a different calendar")
		}
	})
	t.Run("ICSFrom leaves out what passed before it", func(t *testing.T) {
		dir, opts := allFormats(t)
		opts.ICSFrom = asOf // 2026-03-02
		writeFixture(t, opts)
		raw, err := os.ReadFile(filepath.Join(dir, icsName))
		if err != nil {
			t.Fatal(err)
		}
		got := parseICS(t, string(raw))
		// Left out: V-002's last days (2026-01-30, 2026-02-02), the
		// designating petitions' first day (2026-02-24) and the special
		// election of 2026-02-24. Kept: 2026-03-02 itself and later.
		if len(got) != 7 {
			t.Fatalf("%d events, want 7:\n%s", len(got), strings.Join(titles(got), "\n"))
		}
		for _, e := range got {
			if start := prop(e, ics.ComponentPropertyDtStart); start < "20260302" {
				t.Errorf("%s on %s is before 2026-03-02", prop(e, ics.ComponentPropertySummary), start)
			}
		}
	})
}

// TestICSSameVacancyTwice: the same row entered twice, and the same row
// given twice (one file named twice), write no UID twice.
func TestICSSameVacancyTwice(t *testing.T) {
	base := fixtureResults()[0]
	again := base
	again.Vacancy.Source.Row = 9 // the same vacancy entered twice
	dir := filepath.Join(t.TempDir(), "out")
	opts := fixtureOptions(dir, ICS)
	w, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []compute.Result{base, again, base, again} {
		if err := w.Result(&r); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Commit(fixtureRunInfo()); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, icsName))
	if err != nil {
		t.Fatal(err)
	}
	events := parseICS(t, string(raw))
	// Five events for each of the four rows, and two election days.
	if len(events) != 4*5+2 {
		t.Fatalf("%d events, want 22", len(events))
	}
	assertUniqueUIDs(t, events)
	if got, want := events[1].Id(), eventUID("V-001", "designating_petition"); got != want {
		t.Errorf("the first row's UID %s, want %s (its vacancy_id's)", got, want)
	}
}

func parseICS(t *testing.T, text string) []*ics.VEvent {
	t.Helper()
	cal, err := ics.ParseCalendar(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return cal.Events()
}

func prop(e *ics.VEvent, p ics.ComponentProperty) string {
	if e == nil {
		return ""
	}
	if v := e.GetProperty(p); v != nil {
		return ics.FromText(v.Value)
	}
	return ""
}

func titles(events []*ics.VEvent) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = prop(e, ics.ComponentPropertyDtStart) + " " + prop(e, ics.ComponentPropertySummary)
	}
	return out
}

func assertUniqueUIDs(t *testing.T, events []*ics.VEvent) {
	t.Helper()
	seen := map[string]string{}
	for _, e := range events {
		title := prop(e, ics.ComponentPropertySummary)
		if first, ok := seen[e.Id()]; ok {
			t.Errorf("UID %s twice: %q and %q", e.Id(), first, title)
		}
		seen[e.Id()] = title
	}
}

func TestLinksPastTheHyperlinkLimit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	opts := fixtureOptions(dir, XLSX)
	opts.linkCap = 1 // the second highlighted row is past the limit
	writeFixture(t, opts)
	dump := dumpWorkbook(t, filepath.Join(dir, resultsName))
	for _, want := range []string{
		// Conflicts is sorted worst first: V-002's error on line 2, V-001's
		// warning on 3 and its info on 4.
		`S2 "TOO_LATE, ROLLED_OVER" [amber+link] -> 'Conflicts'!A3`,
		`S3 "SPECIAL_NOT_AUTHORIZED" [red+link] formula: HYPERLINK("#'Conflicts'!A2","SPECIAL_NOT_AUTHORIZED")`,
	} {
		if !strings.Contains(dump, want+"\n") {
			t.Errorf("the workbook lacks %s", want)
		}
	}
}

// The engine gives the filling election as the day a designating
// petition serves; the calendar shows that day as the general election and
// the primary on its own day: 2026's is Tuesday 2026-09-15, the first
// Tuesday after the second Monday of September (Elec. Law § 8-100(1)(a)).
func TestICSElectionDays(t *testing.T) {
	r := fixtureResults()[0]
	for i := range r.Deadlines {
		r.Deadlines[i].ElectionDate = r.FillingElection // 2026-11-03
	}
	dir := filepath.Join(t.TempDir(), "out")
	w, err := New(fixtureOptions(dir, ICS))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Result(&r); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Commit(fixtureRunInfo()); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, icsName))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range parseICS(t, string(raw)) {
		if s := prop(e, ics.ComponentPropertySummary); strings.HasSuffix(strings.Split(s, " — ")[0], "election") {
			got[prop(e, ics.ComponentPropertyDtStart)] = s
		}
	}
	want := map[string]string{
		"20260623": "Primary election", // the fourth Tuesday of June (Elec. Law § 8-100(1)(a), L.2019 ch. 5)
		"20261103": "General election — Member of Assembly, Assembly District 12 (Kings)",
	}
	if len(got) != len(want) {
		t.Errorf("election days %q, want %q", got, want)
	}
	for day, title := range want {
		if got[day] != title {
			t.Errorf("%s: %q, want %q", day, got[day], title)
		}
	}
}
