package changes

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// BenchmarkCompare is a whole comparison of a run of BATCH_BENCH_ROWS
// rows (default 100,000) with the snapshot of the night before, rows
// shaped like the synthetic statewide ones (eight or nine deadlines, one
// or two conflicts each):
//
//	BATCH_BENCH_ROWS=1000000 go test ./pkg/changes -run '^$' -bench Compare -benchtime 1x -benchmem
func BenchmarkCompare(b *testing.B) {
	// A usual night: one row in a hundred changed. The worst: every
	// deadline of every row moved.
	b.Run("one-row-in-100-changed", func(b *testing.B) { benchCompare(b, 100) })
	b.Run("every-row-changed", func(b *testing.B) { benchCompare(b, 1) })
}

func benchCompare(b *testing.B, every int) {
	n := 100_000
	if s := os.Getenv("BATCH_BENCH_ROWS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	codes := []string{"designating_petition_first", "designating_petition_last", "independent_petition_first",
		"independent_petition_last", "party_certificate", "acceptance", "declination", "substitution", "party_nomination"}
	gen := func(i int, night int) Record {
		r := rec(recSpec{id: fmt.Sprintf("V%07d", (i*7919)%n), office: "Town Board Member", district: strconv.Itoa(i % 40),
			county: "Erie", event: "2026-03-04", vd: "2026-03-04", method: "general_election", elec: "2026-11-03",
			conflicts: []Conflict{{Code: "SAME_SEAT", Severity: "warning", Message: "the same seat as V0000001 and 3 more rows"}}})
		for k, c := range codes {
			r.Deadlines = append(r.Deadlines, Deadline{Code: c, Date: fmt.Sprintf("2026-%02d-%02d", 1+(k+i)%12, 1+(i+night*changed(i, every))%28), Passed: k < 4})
		}
		return r
	}
	night1 := make([]Record, n)
	for i := range night1 {
		night1[i] = gen(i, 1)
	}
	dir := b.TempDir()
	path := filepath.Join(dir, SnapshotName)
	h := header("1.0.0")
	write := func(night int, base *Baseline) *Outcome {
		c := New(Options{Header: h, AsOf: d(2026, 11, 30), TempDir: dir})
		for i := 0; i < n; i++ {
			r := night1[i]
			if night == 0 {
				r = gen(i, 0)
			}
			if err := c.Add(&r); err != nil {
				b.Fatal(err)
			}
		}
		f, err := os.Create(path + strconv.Itoa(night))
		if err != nil {
			b.Fatal(err)
		}
		out, err := c.Finish(f, base, nil)
		if err != nil {
			b.Fatal(err)
		}
		f.Close()
		return out
	}
	write(0, nil).Close()
	b.ResetTimer()
	for range b.N {
		base, skip := Open(path+"0", h, false)
		if skip != nil {
			b.Fatal(skip)
		}
		out := write(1, base)
		rows := 0
		out.Each(func(*Change) error { rows++; return nil })
		base.Close()
		out.Close()
		b.ReportMetric(float64(rows), "changes")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/row")
	st, _ := os.Stat(path + "0")
	b.ReportMetric(float64(st.Size())/float64(n), "snapshot-bytes/row")
	_ = io.Discard
}

func changed(i, every int) int {
	if i%every == 0 {
		return 1
	}
	return 0
}
