package pipeline

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"batch/pkg/compute"
	"batch/pkg/ingest"
	"batch/pkg/nylaw"
)

// spillOf is a spill holding items, closed when the test ends.
func spillOf(t *testing.T, items []ingest.Item) *spill {
	t.Helper()
	sp, err := newSpill()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sp.close)
	for i := range items {
		if err := sp.put(&items[i]); err != nil {
			t.Fatal(err)
		}
	}
	return sp
}

func TestSpillGivesBackEveryRowAsWritten(t *testing.T) {
	full := ingest.Item{Vacancy: compute.Vacancy{
		ID: "ALB-007", Source: compute.Source{File: "a.xlsx", Sheet: "Upstate", Row: 14},
		Office: "Town Supervisor", Class: compute.OtherOffice, District: "007", County: "Albany",
		Incumbent: "Jane Roe", Cause: compute.Death,
		EventDate: compute.D(2026, 3, 14), TermStart: compute.D(2024, 1, 1), TermEnd: compute.D(2027, 12, 31),
		Appointable: compute.No, ProclamationDate: compute.D(2026, 3, 20),
		SpecialElectionDate: compute.D(2026, 4, 21), SpecialSessionDate: compute.D(1, 1, 1),
		NextFullTermYear: 2027, Notes: "=HYPERLINK(\"x\")\nsecond line é",
		Extra: []compute.Field{{Name: "board_contact", Value: "555-0100"}, {Name: "empty", Value: ""}},
	}}
	rejected := ingest.Item{
		Vacancy: compute.Vacancy{Source: compute.Source{File: "b.csv", Row: 3}},
		Problems: []compute.Problem{
			{Source: compute.Source{File: "b.csv", Row: 3}, Column: "event_date", Value: "13/45/2020", Message: "not a date"},
			{Source: compute.Source{File: "b.csv", Row: 3}, Column: "county", Value: "Schenectedy", Message: "Did you mean Schenectady?"},
		},
	}
	empty := ingest.Item{Vacancy: compute.Vacancy{Source: compute.Source{File: "-", Row: 2}}}
	far := ingest.Item{Vacancy: compute.Vacancy{ID: "x", EventDate: compute.Date{Year: 9999, Month: 12, Day: 31}}}
	items := []ingest.Item{full, rejected, empty, far}

	sp := spillOf(t, items)
	for pass := 1; pass <= 2; pass++ { // the spill is read twice when duplicates exist
		sr, err := sp.rewind()
		if err != nil {
			t.Fatal(err)
		}
		var got []ingest.Item
		var it ingest.Item
		for sr.next(&it) {
			got = append(got, it)
		}
		if sr.err != nil {
			t.Fatal(sr.err)
		}
		if !reflect.DeepEqual(got, items) {
			t.Errorf("pass %d: spill gave back\n%+v\nwant\n%+v", pass, got, items)
		}
	}
}

// The passes between the phases read only the records' heads: each head
// is what the whole record holds, row after row, rejected rows and rows
// of another file or sheet among them.
func TestSpillHeadsAreTheRecordsOwn(t *testing.T) {
	items := []ingest.Item{
		{Vacancy: compute.Vacancy{ID: "A-1", Source: compute.Source{File: "a.xlsx", Sheet: "Upstate", Row: 2}, Office: "Mayor"}},
		{Vacancy: compute.Vacancy{ID: "A-2", Source: compute.Source{File: "a.xlsx", Sheet: "Upstate", Row: 3}}},
		{Vacancy: compute.Vacancy{ID: "bad", Source: compute.Source{File: "a.xlsx", Sheet: "Upstate", Row: 4}},
			Problems: []compute.Problem{{Column: "cause", Value: "x", Message: "not a cause"}, {Column: "county", Value: "y", Message: "z"}}},
		{Vacancy: compute.Vacancy{Source: compute.Source{File: "a.xlsx", Sheet: "Downstate", Row: 2}}},
		{Vacancy: compute.Vacancy{ID: "B-1", Source: compute.Source{File: "b.csv", Row: 9}, Notes: "n"}},
	}
	sp := spillOf(t, items)
	sr, err := sp.rewind()
	if err != nil {
		t.Fatal(err)
	}
	var h spillHead
	n := 0
	for ; sr.nextHead(&h); n++ {
		want := &items[n]
		if h.rejected != (len(want.Problems) > 0) || h.source != want.Vacancy.Source || string(h.id) != want.Vacancy.ID {
			t.Errorf("record %d: head rejected=%v %+v %q, want rejected=%v %+v %q", n, h.rejected, h.source, h.id,
				len(want.Problems) > 0, want.Vacancy.Source, want.Vacancy.ID)
		}
	}
	if sr.err != nil || n != len(items) {
		t.Fatalf("%d heads of %d records (%v)", n, len(items), sr.err)
	}
}

func TestPoolKeepsInputOrderWhateverTheWorkers(t *testing.T) {
	const n = 10_000
	cal := compute.NewCalendar(nylaw.NewYork, nil)
	for _, jobs := range []int{1, 2, 8} {
		t.Run(fmt.Sprintf("%d workers", jobs), func(t *testing.T) {
			source := func(ctx context.Context, emit func(ingest.Item) error) error {
				for i := range n {
					it := ingest.Item{Vacancy: compute.Vacancy{ID: fmt.Sprint(i), Office: "Town Clerk",
						Cause: compute.Death, EventDate: compute.D(2026, 1, 1).AddDays(i % 700)}}
					if i%97 == 0 {
						it.Problems = []compute.Problem{{Message: "bad"}}
					}
					if err := emit(it); err != nil {
						return err
					}
				}
				return nil
			}
			next := 0
			sink := func(c *chunk) error {
				for i := range c.items {
					if c.items[i].Vacancy.ID != fmt.Sprint(next) {
						return fmt.Errorf("row %s came where row %d belongs", c.items[i].Vacancy.ID, next)
					}
					if len(c.items[i].Problems) == 0 && c.results[i].Vacancy.ID != c.items[i].Vacancy.ID {
						return fmt.Errorf("row %d carries the result of %s", next, c.results[i].Vacancy.ID)
					}
					next++
				}
				return nil
			}
			if err := pool(context.Background(), jobs, oneCalendar(cal), compute.D(2026, 11, 30), false, source, sink); err != nil {
				t.Fatal(err)
			}
			if next != n {
				t.Errorf("sink saw %d rows, want %d", next, n)
			}
		})
	}
}

func TestPoolStopsOnASinkError(t *testing.T) {
	source := func(ctx context.Context, emit func(ingest.Item) error) error {
		for {
			if err := emit(ingest.Item{}); err != nil {
				return err
			}
		}
	}
	want := fmt.Errorf("disk full")
	err := pool(context.Background(), 2, oneCalendar(compute.NewCalendar(nylaw.NewYork, nil)), compute.D(2026, 1, 1), false, source,
		func(*chunk) error { return want })
	if err != want {
		t.Errorf("pool returned %v, want the sink's error", err)
	}
}

func TestCarriedColumnsSpeltTwoWaysAreOneColumn(t *testing.T) {
	p := &phaseOneResult{extraKey: map[string]string{}, rename: map[string]string{}}
	// Two sheets name the same extra column differently; the first
	// spelling met is the output's.
	for _, name := range []string{"board_contact", "Board Contact", "BOARD-CONTACT", "Entered By"} {
		if k := ingest.ColumnKey(name); p.extraKey[k] == "" {
			p.extraKey[k] = name
			p.extra = append(p.extra, name)
		}
	}
	if !reflect.DeepEqual(p.extra, []string{"board_contact", "Entered By"}) {
		t.Fatalf("columns %v, want board_contact and Entered By", p.extra)
	}
	fields := []compute.Field{{Name: "Board Contact", Value: "555-0100"}, {Name: "entered_by", Value: "RLT"}}
	p.canonicalExtra(fields)
	want := []compute.Field{{Name: "board_contact", Value: "555-0100"}, {Name: "Entered By", Value: "RLT"}}
	if !reflect.DeepEqual(fields, want) {
		t.Errorf("renamed to %v, want %v", fields, want)
	}
}

// put appends one item.
func (s *spill) put(it *ingest.Item) error {
	_, err := s.putRef(it)
	return err
}
