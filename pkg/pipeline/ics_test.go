package pipeline

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"
	goical "github.com/emersion/go-ical"

	"batch/pkg/compute"
	"batch/pkg/export"
)

// TestCalendarHoldsNoUIDTwice: an input with the same row twice, and that
// input named twice, give a deadlines.ics in which no UID appears twice,
// and the sorted Conflicts sheet still has every duplicate's line.
func TestCalendarHoldsNoUIDTwice(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "twice.csv")
	row := "ALB-0001,Member of Assembly,109,Albany,death,2026-03-05\n"
	if err := os.WriteFile(in, []byte("vacancy_id,office,district,county,cause,event_date\n"+row+row), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		inputs []string
	}{
		{"the same row twice", []string{in}},
		{"that file named twice", []string{in, in}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			sum, err := Run(context.Background(), Options{Inputs: c.inputs, Jobs: 2,
				Outputs: Outputs{Dir: out, Formats: []string{export.ICS, export.XLSX}, AsOf: compute.D(2026, 3, 10)},
			})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Accepted != 2*len(c.inputs) {
				t.Fatalf("%d rows accepted, want %d", sum.Accepted, 2*len(c.inputs))
			}
			raw, err := os.ReadFile(filepath.Join(out, "deadlines.ics"))
			if err != nil {
				t.Fatal(err)
			}
			cal, err := ics.ParseCalendar(strings.NewReader(string(raw)))
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			perRow := 0
			for _, e := range cal.Events() {
				if seen[e.Id()] {
					t.Errorf("UID %s twice (%s)", e.Id(), e.GetProperty(ics.ComponentPropertySummary).Value)
				}
				seen[e.Id()] = true
				if strings.Contains(e.GetProperty(ics.ComponentPropertySummary).Value, "Assembly District 109 (Albany)") {
					perRow++
				}
			}
			if perRow == 0 || perRow%sum.Accepted != 0 {
				t.Errorf("%d deadline events for %d rows: each row should have its own", perRow, sum.Accepted)
			}
		})
	}
}

// TestCalendarImports reads deadlines.ics with a second, independent
// iCalendar library (emersion/go-ical; the file is written with
// arran4/golang-ical), as a calendar client would import it, and checks
// what a person relies on: each window's first day is described as a
// first day, every deadline reminds, two vacancies of one seat read
// apart, a place is named once, and with --split every county's folder
// has a calendar of its own rows.
//
// The input: two vacancies of one Assembly seat in January 2026, and a
// village trustee whose office already names the village, judged on
// 2026-01-15. The 2026 dates are the one-year act's (docs/LAW.md, "One-year acts and the federal calendars",
// T2026): signatures count from 2026-02-24; designating petitions are
// filed from 2026-03-30 to 2026-04-06.
func TestCalendarImports(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "seat.csv")
	// HF-1 is a village office (Village Law § 3-312): appointment to the
	// end of the official year 2027-04-05, the rest of its term (to
	// 2028-04-03) elected on 2027-03-16, whose nominations it shows.
	csv := "vacancy_id,office,district,county,incumbent,cause,event_date,term_end\n" +
		"ALB-1,Member of Assembly,109,Albany,A. Smith,death,2026-01-05,\n" +
		"ALB-2,Member of Assembly,109,Albany,B. Jones,resignation,2026-01-09,\n" +
		"HF-1,\"Village Trustee, Village of Hudson Falls\",Village of Hudson Falls,Washington,C. Doe,death,2026-01-06,2028-04-03\n"
	if err := os.WriteFile(in, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if _, err := Run(context.Background(), Options{Inputs: []string{in}, Jobs: 2, Split: "county",
		Outputs: Outputs{Dir: out, Formats: []string{export.ICS}, AsOf: compute.D(2026, 1, 15)},
	}); err != nil {
		t.Fatal(err)
	}
	events := importICS(t, filepath.Join(out, "deadlines.ics"))
	if len(events) == 0 {
		t.Fatal("no event")
	}
	byTitle := map[string]goical.Event{}
	for _, e := range events {
		byTitle[text(t, e, goical.PropSummary)+" "+day(t, e)] = e
	}

	t.Run("a window's first day is described as its first day", func(t *testing.T) {
		for _, c := range []struct{ title, day, starts string }{
			{"First day to sign designating petitions — Member of Assembly, Assembly District 109 (Albany) [ALB-1]", "2026-02-24", "First day to sign designating petitions;"},
			{"First day to file designating petitions — Member of Assembly, Assembly District 109 (Albany) [ALB-2]", "2026-03-30", "First day to file designating petitions;"},
		} {
			e, ok := byTitle[c.title+" "+c.day]
			if !ok {
				t.Errorf("no event %q on %s", c.title, c.day)
				continue
			}
			if desc := text(t, e, goical.PropDescription); !strings.HasPrefix(desc, c.starts) || strings.Contains(desc, "Last day to") {
				t.Errorf("%s: the description does not speak of the first day:\n%s", c.title, desc)
			}
		}
		n := 0
		for _, e := range events {
			s := text(t, e, goical.PropSummary)
			if !strings.HasPrefix(s, "First day") && !strings.HasPrefix(s, "Earliest day") {
				continue
			}
			n++
			what, _, _ := strings.Cut(s, " — ")
			if desc := text(t, e, goical.PropDescription); !strings.HasPrefix(desc, what+";") {
				t.Errorf("%s: the description starts %q", s, desc[:min(len(desc), 60)])
			}
		}
		if n == 0 {
			t.Error("no window's first day in the calendar")
		}
	})
	t.Run("every deadline reminds at 09:00 three days before, never before the as-of date", func(t *testing.T) {
		for _, e := range events {
			s := text(t, e, goical.PropSummary)
			if slices.Contains(categories(t, e), "Election") {
				continue // an election day reminds of nothing to file
			}
			alarms := 0
			for _, c := range e.Children {
				if c.Name != goical.CompAlarm {
					continue
				}
				alarms++
				trig, err := c.Props.Get(goical.PropTrigger).Duration()
				if err != nil {
					t.Fatal(err)
				}
				// 09:00 three days before the day; ALB-1's duty to proclaim
				// (§ 42(3): ten days after its vacancy of 2026-01-05, Thu
				// 01-15) is due on the as-of date: three days before would
				// be past at import (issue 32), so 09:00 on the day.
				want := -(2*24 + 15) * time.Hour
				if day(t, e) == "2026-01-15" {
					want = 9 * time.Hour
				}
				if trig != want {
					t.Errorf("%s: the reminder %v before the day begins, want %v", s, trig, want)
				}
				if a := c.Props.Get(goical.PropAction); a == nil || a.Value != "DISPLAY" {
					t.Errorf("%s: the reminder is not DISPLAY", s)
				}
			}
			if alarms != 1 {
				t.Errorf("%s: %d reminders, want 1", s, alarms)
			}
		}
	})
	t.Run("two vacancies of one seat read apart", func(t *testing.T) {
		seen := map[string]bool{}
		for _, e := range events {
			key := text(t, e, goical.PropSummary) + " " + day(t, e)
			if seen[key] {
				t.Errorf("two events %q", key)
			}
			seen[key] = true
		}
		for _, id := range []string{"ALB-1", "ALB-2"} {
			if !seen["Last day to file designating petitions — Member of Assembly, Assembly District 109 (Albany) ["+id+"] 2026-04-06"] {
				t.Errorf("%s's designating petitions are not due on 2026-04-06 in the calendar", id)
			}
		}
	})
	t.Run("a place is named once; categories name the county and the kind", func(t *testing.T) {
		n := 0
		for _, e := range events {
			s := text(t, e, goical.PropSummary)
			if !strings.Contains(s, "[HF-1]") || slices.Contains(categories(t, e), "Election") {
				continue // an election day's event names no county
			}
			n++
			if c := strings.Count(s, "Village of Hudson Falls"); c != 1 {
				t.Errorf("%q names the village %d times", s, c)
			}
			if cats := categories(t, e); !slices.Contains(cats, "Washington") || !slices.Contains(cats, "Deadline") && !slices.Contains(cats, "First day") {
				t.Errorf("%s: categories %q", s, cats)
			}
		}
		if n == 0 {
			t.Error("no event of the village's vacancy")
		}
	})
	t.Run("with --split, each county's folder has its own calendar", func(t *testing.T) {
		for county, id := range map[string]string{"Albany": "[ALB-1]", "Washington": "[HF-1]"} {
			got := importICS(t, filepath.Join(out, "by-county", county, "deadlines.ics"))
			if len(got) == 0 {
				t.Errorf("%s: an empty calendar", county)
			}
			mine := 0
			for _, e := range got {
				s := text(t, e, goical.PropSummary)
				if strings.Contains(s, id) {
					mine++
				}
				for _, other := range []string{"[ALB-", "[HF-"} {
					if strings.Contains(s, other) && !strings.Contains(id, other) {
						t.Errorf("%s's calendar holds %q", county, s)
					}
				}
			}
			if mine == 0 {
				t.Errorf("%s's calendar has no event of %s", county, id)
			}
		}
	})
}

// importICS decodes a calendar file with emersion/go-ical and encodes it
// again: its encoder checks each component's required and single
// properties (RFC 5545 § 3.6), which its decoder does not.
func importICS(t *testing.T, path string) []goical.Event {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cal, err := goical.NewDecoder(f).Decode()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if err := goical.NewEncoder(io.Discard).Encode(cal); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return cal.Events()
}

// categories is an event's CATEGORIES, each value.
func categories(t *testing.T, e goical.Event) []string {
	t.Helper()
	var cats []string
	for _, p := range e.Props.Values(goical.PropCategories) {
		l, err := p.TextList()
		if err != nil {
			t.Fatal(err)
		}
		cats = append(cats, l...)
	}
	return cats
}

func text(t *testing.T, e goical.Event, name string) string {
	t.Helper()
	s, err := e.Props.Text(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// day is an all-day event's date.
func day(t *testing.T, e goical.Event) string {
	t.Helper()
	p := e.Props.Get(goical.PropDateTimeStart)
	if p == nil || p.ValueType() != goical.ValueDate {
		t.Fatalf("%s: DTSTART is not a date", text(t, e, goical.PropSummary))
	}
	d, err := p.DateTime(time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	return d.Format("2006-01-02")
}
