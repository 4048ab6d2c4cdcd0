package nylaw

import (
	"math/rand"
	"reflect"
	"testing"
	"time"

	. "batch/pkg/compute"
)

// ComputeInto reuses the arrays of the result it is given: whatever the
// previous vacancy computed there, the new result is Compute's (empty
// lists aside, which may be empty rather than nil).
func TestComputeIntoGivesComputesResult(t *testing.T) {
	rng := rand.New(rand.NewSource(20261130))
	cal := NewCalendar(NewYork, nil)
	asOf := D(2026, time.November, 30)
	var reused Result
	for i := range 3000 {
		v := randomVacancy(rng)
		want := Compute(v, cal, asOf)
		ComputeInto(&reused, v, cal, asOf)
		got := reused
		for _, p := range []struct {
			a, b any
		}{{&got.Deadlines, &want.Deadlines}, {&got.Conflicts, &want.Conflicts}, {&got.Steps, &want.Steps}} {
			if reflect.ValueOf(p.a).Elem().Len() == 0 && reflect.ValueOf(p.b).Elem().Len() == 0 {
				reflect.ValueOf(p.a).Elem().SetZero()
				reflect.ValueOf(p.b).Elem().SetZero()
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("vacancy %d (%+v): ComputeInto on a reused result\n got %+v\nwant %+v", i, v, got, want)
		}
	}
}

// ComputeBriefInto is ComputeInto without the step-by-step reasoning: the
// dates, method, deadlines, conflicts, basis and explanation are the same.
func TestComputeBriefIntoDiffersOnlyInSteps(t *testing.T) {
	rng := rand.New(rand.NewSource(11302026))
	cal := NewCalendar(NewYork, nil)
	asOf := D(2026, time.November, 30)
	var brief Result
	for i := range 3000 {
		v := randomVacancy(rng)
		want := Compute(v, cal, asOf)
		ComputeBriefInto(&brief, v, cal, asOf)
		if len(brief.Steps) != 0 {
			t.Fatalf("vacancy %d: a brief result holds %d steps", i, len(brief.Steps))
		}
		got := brief
		got.Steps, want.Steps = nil, nil
		if len(got.Deadlines) == 0 && len(want.Deadlines) == 0 {
			got.Deadlines, want.Deadlines = nil, nil
		}
		if len(got.Conflicts) == 0 && len(want.Conflicts) == 0 {
			got.Conflicts, want.Conflicts = nil, nil
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("vacancy %d (%+v): brief result\n got %+v\nwant %+v", i, v, got, want)
		}
	}
}
