package export

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	ics "github.com/arran4/golang-ical"
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

	cal, err := ics.ParseCalendar(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	events := cal.Events()
	t.Run("one event per applicable deadline", func(t *testing.T) {
		// Fixture: V-001 three, V-002 two, 000123 one of two (the other does not apply).
		if len(events) != 6 {
			t.Fatalf("%d events, want 6", len(events))
		}
		seen := map[string]bool{}
		for _, e := range events {
			if seen[e.Id()] {
				t.Errorf("UID %s twice", e.Id())
			}
			seen[e.Id()] = true
		}
	})
	t.Run("a window spans its days, a last day is one day", func(t *testing.T) {
		for _, c := range []struct {
			name       string
			i          int
			start, end string
		}{
			// designating_petition 2026-02-24 … 2026-03-12: DTEND is the day after.
			{"designating petition window", 0, "20260224", "20260313"},
			// opportunity_to_ballot, rolled over to Monday 2026-03-02.
			{"rolled-over last day", 1, "20260302", "20260303"},
		} {
			e := events[c.i]
			if got := e.GetProperty(ics.ComponentPropertyDtStart).Value; got != c.start {
				t.Errorf("%s: DTSTART %s, want %s", c.name, got, c.start)
			}
			if got := e.GetProperty(ics.ComponentPropertyDtEnd).Value; got != c.end {
				t.Errorf("%s: DTEND %s, want %s", c.name, got, c.end)
			}
		}
	})
	t.Run("the description carries the citation, escaped text survives", func(t *testing.T) {
		desc := events[0].GetProperty(ics.ComponentPropertyDescription).Value
		if !strings.HasPrefix(ics.FromText(desc), "Elec. Law § 6-158(1)\n") {
			t.Errorf("description %q", desc)
		}
		sum := ics.FromText(events[0].GetProperty(ics.ComponentPropertySummary).Value)
		if sum != "Window: designating_petition — Member of Assembly 012, Kings (V-001)" {
			t.Errorf("summary %q", sum)
		}
	})
	t.Run("UIDs are stable across runs", func(t *testing.T) {
		if got, want := events[0].Id(), eventUID("V-001", "designating_petition"); got != want {
			t.Errorf("UID %s, want %s", got, want)
		}
		dir2, opts2 := allFormats(t)
		writeFixture(t, opts2)
		again, _ := os.ReadFile(filepath.Join(dir2, icsName))
		if string(again) != text {
			t.Error("a second run wrote a different calendar")
		}
	})
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
