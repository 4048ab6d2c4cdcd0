package compute

import (
	"math/rand"
	"reflect"
	"testing"
	"time"
)

// ComputeInto reuses the arrays of the result it is given: whatever the
// previous vacancy computed there, the new result is Compute's (empty
// lists aside, which may be empty rather than nil).
func TestComputeIntoGivesComputesResult(t *testing.T) {
	rng := rand.New(rand.NewSource(20261130))
	cal := NewCalendar(nil)
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
