package export

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
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
	const petitions = "Last day to file designating petitions — Member of Assembly, Assembly District 12 (Kings) [V-001] 20260312"
	t.Run("by default, the open deadlines and the election days ahead", func(t *testing.T) {
		// On Mon 2026-03-02: V-001's designating petitions (last day;
		// their first day, 2026-02-24, has passed), opportunity to
		// ballot (due that day), independent petitions (first and last
		// day); 000123's acceptance. V-002's deadlines have passed. The
		// primary of 2026-06-23 and the general election of 2026-11-03
		// are ahead; V-002's special election of 2026-02-24 is not.
		if len(events) != 7 {
			t.Fatalf("%d events, want 7:\n%s", len(events), strings.Join(titles(events), "\n"))
		}
		assertUniqueUIDs(t, events)
	})
	t.Run("titles in words, on the right days, with the vacancy", func(t *testing.T) {
		for _, c := range []struct{ title, start, end string }{
			{"Last day to file designating petitions — Member of Assembly, Assembly District 12 (Kings) [V-001]", "20260312", "20260313"},
			// Saturday 2026-02-28, moved to Monday 2026-03-02 by § 1-106.
			{"Last day to file opportunity-to-ballot petitions (to write in an undesignated candidate at the primary) — Member of Assembly, Assembly District 12 (Kings) [V-001]", "20260302", "20260303"},
			{"First day to file independent nominating petitions — Member of Assembly, Assembly District 12 (Kings) [V-001]", "20260811", "20260812"},
			{"Last day to file certificates accepting or declining an independent nomination — Town Supervisor, District 1 [000123]", "20260316", "20260317"},
			{"Primary election", "20260623", "20260624"},
			{"General election — fills 2 vacancies", "20261103", "20261104"},
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
	t.Run("a description says what, who files where, the citation and the edition", func(t *testing.T) {
		desc := prop(byTitle[petitions], ics.ComponentPropertyDescription)
		for _, want := range []string{
			"Last day to file designating petitions; the first day is 2026-02-24.\n",
			// Kings is in the City of New York: Elec. Law § 6-144 sends the
			// filings for an office voted for wholly within the city to the
			// city's board.
			"Filed by candidates seeking the party's designation at the primary (the petitions carry the signatures of the party's enrolled voters), with the Board of Elections in the City of New York.\n",
			"For the primary election of 2026-06-23.\n",
			"Law: Elec. Law § 6-158(1), edition E4.\n",
			"Row: vacancies.xlsx:Kings:2.",
		} {
			if !strings.Contains(desc, want) {
				t.Errorf("the description lacks %q:\n%s", want, desc)
			}
		}
		if strings.Contains(desc, "Verify") {
			t.Errorf("a date resting on read text is marked for verification:\n%s", desc)
		}
		rolled := prop(byTitle["Last day to file opportunity-to-ballot petitions (to write in an undesignated candidate at the primary) — Member of Assembly, Assembly District 12 (Kings) [V-001] 20260302"], ics.ComponentPropertyDescription)
		if !strings.Contains(rolled, "Moved from 2026-02-28, a weekend day or holiday (Elec. Law § 1-106).") {
			t.Errorf("the rolled-over description does not say so:\n%s", rolled)
		}
	})
	t.Run("a window's first day is described as its first day", func(t *testing.T) {
		desc := prop(byTitle["First day to file independent nominating petitions — Member of Assembly, Assembly District 12 (Kings) [V-001] 20260811"], ics.ComponentPropertyDescription)
		if want := "First day to file independent nominating petitions; the last day is 2026-12-01.\n"; !strings.HasPrefix(desc, want) {
			t.Errorf("the first day's description does not start with %q:\n%s", want, desc)
		}
		if strings.Contains(desc, "Last day to") {
			t.Errorf("the first day's description speaks of a last day:\n%s", desc)
		}
	})
	t.Run("each deadline reminds three days before at 09:00, never before the as-of date; so does an election filling a vacancy", func(t *testing.T) {
		reminded := 0
		for _, e := range events {
			title := prop(e, ics.ComponentPropertySummary)
			alarms := e.Alarms()
			if strings.HasPrefix(title, "Primary election") {
				// It fills no vacancy of the inputs: only the deadlines
				// serve it.
				if len(alarms) != 0 {
					t.Errorf("%s: %d reminders, want none", title, len(alarms))
				}
				continue
			}
			if len(alarms) != 1 {
				t.Errorf("%s: %d reminders, want 1", title, len(alarms))
				continue
			}
			a := alarms[0]
			// 09:00 three days before the day that starts at midnight:
			// 2 days and 15 hours before it. The opportunity to ballot is
			// due on the as-of date itself, Mon 2026-03-02: three days
			// before would be in the past at import (issue 32), so it
			// rings at 09:00 that day.
			want, words := "-P2DT15H", "in 3 days"
			if prop(e, ics.ComponentPropertyDtStart) == "20260302" {
				want, words = "PT9H", "today"
			}
			if got := a.GetProperty(ics.ComponentPropertyTrigger).Value; got != want {
				t.Errorf("%s: TRIGGER %s, want %s", title, got, want)
			}
			if got := a.GetProperty(ics.ComponentPropertyDescription); got == nil || !strings.HasSuffix(got.Value, words) {
				t.Errorf("%s: the reminder does not say %q: %v", title, words, got)
			}
			if strings.HasPrefix(title, "General election") {
				reminded++
			}
			if got := a.GetProperty(ics.ComponentPropertyAction).Value; got != "DISPLAY" {
				t.Errorf("%s: ACTION %s, want DISPLAY", title, got)
			}
			if a.GetProperty(ics.ComponentPropertyDescription) == nil {
				t.Errorf("%s: a DISPLAY reminder without DESCRIPTION (RFC 5545 § 3.6.6)", title)
			}
		}
		if reminded != 1 {
			t.Errorf("the general election, which fills two vacancies, has %d reminders, want 1", reminded)
		}
	})
	t.Run("categories: the county and the kind", func(t *testing.T) {
		for title, want := range map[string]string{
			petitions: "Kings,Deadline",
			"First day to file independent nominating petitions — Member of Assembly, Assembly District 12 (Kings) [V-001] 20260811":         "Kings,First day",
			"Last day to file certificates accepting or declining an independent nomination — Town Supervisor, District 1 [000123] 20260316": "Deadline",
			"Primary election 20260623": "Election",
			// The general election fills V-001's seat (Kings) and 000123's
			// (of no county).
			"General election — fills 2 vacancies 20261103": "Kings,Election",
		} {
			if got := categories(byTitle[title]); got != want {
				t.Errorf("%s: CATEGORIES %q, want %q", title, got, want)
			}
		}
	})
	t.Run("UIDs are stable across runs", func(t *testing.T) {
		e := byTitle[petitions]
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
	t.Run("ICSAll: every applicable deadline and election day, passed or not", func(t *testing.T) {
		dir, opts := allFormats(t)
		opts.ICSAll = true
		writeFixture(t, opts)
		raw, err := os.ReadFile(filepath.Join(dir, icsName))
		if err != nil {
			t.Fatal(err)
		}
		got := parseICS(t, string(raw))
		// Besides the seven: the designating petitions' first day
		// (2026-02-24), V-002's two last days (2026-01-30, 2026-02-02) and
		// its special election (2026-02-24).
		if len(got) != 11 {
			t.Fatalf("%d events, want 11:\n%s", len(got), strings.Join(titles(got), "\n"))
		}
		assertUniqueUIDs(t, got)
		for _, e := range got {
			start, title := prop(e, ics.ComponentPropertyDtStart), prop(e, ics.ComponentPropertySummary)
			if start < "20260302" && len(e.Alarms()) != 0 {
				t.Errorf("%s on %s, passed, has a reminder: an import would ring for it", title, start)
			}
			if title == "Last day to file certificates of party nomination for the special election — "+injection+", -5 (Queens) [V-002]" {
				if desc := prop(e, ics.ComponentPropertyDescription); !strings.Contains(desc, "On 2026-03-02: passed.") {
					t.Errorf("a passed deadline does not say so:\n%s", desc)
				}
			}
		}
	})
	t.Run("ICSFrom leaves out what passed before it", func(t *testing.T) {
		dir, opts := allFormats(t)
		opts.ICSAll, opts.ICSFrom = true, asOf // 2026-03-02
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

// TestICSAlarm: the reminder's setting, as --ics-alarm gives it.
func TestICSAlarm(t *testing.T) {
	for _, c := range []struct {
		name, alarm, trigger string
	}{
		{"the default: 09:00 three days before", "", "-P2DT15H"},
		{"09:00 the day before", "1d", "-PT15H"},
		{"09:00 on the day", "0d", "PT9H"},
		{"09:00 a week before", "7d", "-P6DT15H"},
		{"none", "none", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			opts := fixtureOptions(dir, ICS)
			opts.ICSAlarm = c.alarm
			writeFixture(t, opts)
			raw, err := os.ReadFile(filepath.Join(dir, icsName))
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, e := range parseICS(t, string(raw)) {
				for _, a := range e.Alarms() {
					n++
					// An event on the as-of date (Mon 2026-03-02) rings at
					// 09:00 that day whatever the setting: earlier is past.
					want := c.trigger
					if prop(e, ics.ComponentPropertyDtStart) == "20260302" {
						want = "PT9H"
					}
					if got := a.GetProperty(ics.ComponentPropertyTrigger).Value; got != want {
						t.Errorf("%s: TRIGGER %s, want %s", prop(e, ics.ComponentPropertySummary), got, want)
					}
				}
			}
			// One per deadline event (five), and the general election
			// that fills V-001's and 000123's seats.
			if want := map[bool]int{true: 0, false: 6}[c.trigger == ""]; n != want {
				t.Errorf("%d reminders, want %d (one per deadline event and filling election)", n, want)
			}
		})
	}
	for _, bad := range []string{"3", "3x", "-1d", "+3d", "d", "367d", "3 days"} {
		if err := CheckICSAlarm(bad); err == nil {
			t.Errorf("%q is taken as a reminder setting", bad)
		}
		if _, err := openWriter(Options{Dir: t.TempDir(), Formats: []string{ICS}, AsOf: asOf, ICSAlarm: bad}, Plan{}); err == nil {
			t.Errorf("New took the reminder setting %q", bad)
		}
	}
}

// TestICSWords: two vacancies of one seat read apart, a place is named
// once, a date resting on unverified text says what to check, and no
// event passes 1 KB however long the input's text is.
func TestICSWords(t *testing.T) {
	base := fixtureResults()[0] // V-001, Member of Assembly, Assembly District 12 (Kings)
	second := base
	second.Vacancy.ID, second.Vacancy.Source.Row, second.Vacancy.Incumbent = "V-009", 9, "B. Jones"
	second.Deadlines = slices.Clone(base.Deadlines)
	second.Deadlines[0].Verify = "the one-year act's chapter, not yet read"
	village := base
	village.Vacancy.ID, village.Vacancy.Source.Row = "V-010", 10
	village.Vacancy.Office, village.Vacancy.Class = "Village Trustee, Village of Hudson Falls", compute.OtherOffice
	village.Vacancy.District, village.Vacancy.County = "Village of Hudson Falls", "Washington"
	long := base
	long.Vacancy.ID = strings.Repeat("I", 300)
	long.Vacancy.Source.Row = 11
	long.Vacancy.Office = strings.Repeat("Ö, ", 400)
	long.Vacancy.District = strings.Repeat("D;", 300)
	long.Vacancy.County = "Albany; Schenectady; " + strings.Repeat("X\\,", 100)
	long.Deadlines = slices.Clone(base.Deadlines)
	for i := range long.Deadlines {
		long.Deadlines[i].Reason = strings.Repeat("reason\n\x1b[31m ", 200)
		long.Deadlines[i].Verify = strings.Repeat("verify ", 200)
		long.Deadlines[i].Citation = strings.Repeat("§ 1, ", 20)
	}

	dir := filepath.Join(t.TempDir(), "out")
	w, err := openWriter(fixtureOptions(dir, ICS), fixturePlan())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []compute.Result{base, second, village, long} {
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
	text := string(raw)
	events := parseICS(t, text)
	assertUniqueUIDs(t, events)

	t.Run("two vacancies of one seat have titles of their own", func(t *testing.T) {
		seen := map[string]bool{}
		for _, e := range events {
			key := prop(e, ics.ComponentPropertySummary) + " " + prop(e, ics.ComponentPropertyDtStart)
			if seen[key] {
				t.Errorf("two events titled %q", key)
			}
			seen[key] = true
		}
		for _, want := range []string{
			"Last day to file designating petitions — Member of Assembly, Assembly District 12 (Kings) [V-001] 20260312",
			"Last day to file designating petitions — Member of Assembly, Assembly District 12 (Kings) [V-009] 20260312",
		} {
			if !seen[want] {
				t.Errorf("no event %q:\n%s", want, strings.Join(titles(events), "\n"))
			}
		}
	})
	t.Run("a place is named once", func(t *testing.T) {
		for _, e := range events {
			if s := prop(e, ics.ComponentPropertySummary); strings.Contains(s, "V-010") &&
				strings.Count(s, "Village of Hudson Falls") != 1 {
				t.Errorf("%q names the village %d times", s, strings.Count(s, "Village of Hudson Falls"))
			}
		}
	})
	t.Run("verify where the date rests on unverified text, and only there", func(t *testing.T) {
		for _, e := range events {
			s, desc := prop(e, ics.ComponentPropertySummary), prop(e, ics.ComponentPropertyDescription)
			want := strings.HasPrefix(s, "Last day to file designating petitions") && strings.Contains(s, "[V-009]")
			if got := strings.Contains(desc, "\nVerify: the one-year act's chapter, not yet read."); got != want {
				t.Errorf("%s: verify shown %v, want %v:\n%s", s, got, want, desc)
			}
		}
	})
	t.Run("no event passes 1 KB, and the input's text arrives without control characters", func(t *testing.T) {
		n := 0
		for rest := text; ; {
			i := strings.Index(rest, "BEGIN:VEVENT\r\n")
			if i < 0 {
				break
			}
			j := strings.Index(rest[i:], "END:VEVENT\r\n")
			ev := rest[i : i+j+len("END:VEVENT\r\n")]
			n++
			if len(ev) > maxEventBytes {
				t.Errorf("an event of %d bytes:\n%s", len(ev), ev)
			}
			if strings.ContainsRune(ev, '\x1b') {
				t.Errorf("an event carries an escape character:\n%s", ev)
			}
			rest = rest[i+j:]
		}
		if n != len(events) {
			t.Errorf("%d events measured, %d parsed", n, len(events))
		}
		for _, e := range events {
			if s := prop(e, ics.ComponentPropertySummary); strings.HasPrefix(s, "Last day to file designating petitions") && strings.Contains(s, "IIII") {
				if !strings.Contains(s, "…") {
					t.Errorf("the long title was not shortened: %q", s)
				}
				return
			}
		}
		t.Error("the long vacancy's designating petitions are not in the calendar")
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
	w, err := openWriter(opts, fixturePlan())
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
	// Four events for each of the four rows (the designating petitions'
	// first day, 2026-02-24, has passed), and two election days.
	if len(events) != 4*4+2 {
		t.Fatalf("%d events, want 18", len(events))
	}
	assertUniqueUIDs(t, events)
	if got, want := events[0].Id(), eventUID("V-001", "designating_petition"); got != want {
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

// categories is an event's CATEGORIES values, comma-joined.
func categories(e *ics.VEvent) string {
	if e == nil {
		return ""
	}
	var out []string
	for _, p := range e.Properties {
		if p.IANAToken == string(ics.ComponentPropertyCategories) {
			out = append(out, ics.FromText(p.Value))
		}
	}
	return strings.Join(out, ",")
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
	w, err := openWriter(fixtureOptions(dir, ICS), fixturePlan())
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
		"20261103": "General election — Member of Assembly, Assembly District 12 (Kings) [V-001]",
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

// BenchmarkICS writes the fixture's vacancies, 1,000 times each with ids
// of their own, into deadlines.ics: every deadline event (ICSAll).
func BenchmarkICS(b *testing.B) {
	base := fixtureResults()
	for b.Loop() {
		dir := filepath.Join(b.TempDir(), "out")
		opts := fixtureOptions(dir, ICS)
		opts.ICSAll = true
		w, err := openWriter(opts, fixturePlan())
		if err != nil {
			b.Fatal(err)
		}
		for i := range 1000 {
			for _, r := range base {
				r.Vacancy.ID += "-" + strconv.Itoa(i)
				if err := w.Result(&r); err != nil {
					b.Fatal(err)
				}
			}
		}
		if _, err := w.Commit(fixtureRunInfo()); err != nil {
			b.Fatal(err)
		}
	}
}
