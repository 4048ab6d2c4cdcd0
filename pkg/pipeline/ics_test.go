package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	ics "github.com/arran4/golang-ical"

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
			sum, err := Run(context.Background(), Options{Inputs: c.inputs, OutDir: out, Jobs: 2,
				Formats: []string{export.ICS, export.XLSX}, AsOf: compute.D(2026, 3, 10)})
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
