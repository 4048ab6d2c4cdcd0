package pipeline

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"batch/pkg/compute"
)

// BenchmarkDupIndex builds the duplicate index of a million rows spread
// like a statewide file's: a few thousand seats, crowded statewide ones
// among them, vacancies over twenty years, one row in ten naming no
// incumbent, one in five hundred a copy of the row before. It reports the
// index's heap while reading (bytes a row), while build confirms its hash
// matches against the keys, and after build, and the
// conflicts' names worked out for every row.
func BenchmarkDupIndex(b *testing.B) {
	const n = 1_000_000
	rng := rand.New(rand.NewPCG(1, 2))
	keys := make([]compute.VacancyKey, n)
	for i := range keys {
		if i > 0 && rng.IntN(500) == 0 {
			keys[i] = keys[i-1]
			continue
		}
		seat := rng.IntN(5000)
		if rng.IntN(10) == 0 {
			seat = rng.IntN(12) // a statewide office
		}
		k := compute.VacancyKey{Seat: fmt.Sprint("seat ", seat),
			Date: compute.D(2005, 1, 1).AddDays(rng.IntN(8000))}
		k.Election = compute.D(k.Date.Year, 11, 3)
		if rng.IntN(10) != 0 {
			k.Incumbent = fmt.Sprint("person ", rng.IntN(1<<30))
		}
		keys[i] = k
	}
	b.ReportAllocs()
	for b.Loop() {
		runtime.GC()
		var before, reading, built runtime.MemStats
		runtime.ReadMemStats(&before)
		d := newDupIndex()
		for _, k := range keys {
			d.add(k)
		}
		runtime.GC()
		runtime.ReadMemStats(&reading)
		var confirming runtime.MemStats
		read := keysOf(keys)
		if err := d.build(func(want func(int32) bool, got func(int32, compute.VacancyKey)) error {
			err := read(want, got)
			runtime.GC()
			runtime.ReadMemStats(&confirming) // the keys held to one another's, at their most
			return err
		}); err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&built)
		var cs []compute.Conflict
		for o := range int32(n) {
			cs = d.appendConflicts(cs[:0], o)
		}
		b.ReportMetric(float64(int64(reading.HeapAlloc)-int64(before.HeapAlloc))/n, "B/row-reading")
		b.ReportMetric(float64(int64(built.HeapAlloc)-int64(before.HeapAlloc))/n, "B/row-built")
		b.ReportMetric(float64(int64(confirming.HeapAlloc)-int64(before.HeapAlloc))/n, "B/row-confirming")
		b.ReportMetric(float64(d.members()), "members")
		runtime.KeepAlive(d)
	}
}
