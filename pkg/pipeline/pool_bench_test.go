package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"testing"
	"time"

	"batch/internal/synth"
	"batch/pkg/compute"
	"batch/pkg/ingest"
	"batch/pkg/nylaw"
)

// Benchmarks of the compute pool and of a whole run, on generated rows
// (internal/synth, the defaults: 1 % bad rows, duplicates, proclamations).
//
//	go test ./pkg/pipeline -run '^$' -bench Pool -benchmem
//	BATCH_BENCH_ROWS=100000 go test ./pkg/pipeline -run '^$' -bench Run -benchtime 1x -cpuprofile cpu.out
//
// BenchmarkPool reports ns/op and allocations per row; its jobs=1 and
// jobs=2 cases give the speed-up of the second worker. It holds 100,000
// rows: with 20,000 the live heap was ~10 MB and the collector ran every
// ~10 MB allocated, several times more often than in a run, whose live
// heap is 100–300 MB (two workers: 1.47x at 20,000 rows, 1.61x at
// 100,000, 1.75x with the collector off). BenchmarkRun writes
// every default output of BATCH_BENCH_ROWS rows (default 20,000) and is
// there to be profiled; BATCH_BENCH_INPUT names an existing input instead
// (bench/gen's), so that the profile holds the run alone:
//
//	BATCH_BENCH_INPUT=/tmp/in.xlsx go test ./pkg/pipeline -run '^$' -bench Run -benchtime 1x -cpuprofile cpu.out
//
// BATCH_BENCH_SPLIT=county makes it a split run (--split county),
// BATCH_BENCH_COMPARE=1 the next night's run (--compare auto, the digest
// too) after an unprofiled first run, and
// BATCH_BENCH_HEAP=DIR writes a heap profile into DIR every five seconds
// of the run (heap-05s.pb.gz, …): the end-of-run -memprofile shows
// nothing of the peak.

// benchItems reads n generated rows through ingest, as a run would.
func benchItems(b *testing.B, n int) []ingest.Item {
	b.Helper()
	var buf bytes.Buffer
	if err := synth.WriteCSV(&buf, synth.Defaults(n, 1)); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "in.csv")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		b.Fatal(err)
	}
	var items []ingest.Item
	_, err := ingest.ReadFile(context.Background(), path, ingest.Options{}, func(it ingest.Item) error {
		items = append(items, it)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return items
}

func BenchmarkPool(b *testing.B) {
	const rows = 100000
	items := benchItems(b, rows)
	cal := compute.NewCalendar(nylaw.NewYork, nil)
	asOf := compute.D(2026, 11, 30)
	source := func(ctx context.Context, emit func(ingest.Item) error) error {
		for _, it := range items {
			if err := emit(it); err != nil {
				return err
			}
		}
		return nil
	}
	for _, jobs := range []int{1, 2} {
		b.Run("jobs="+strconv.Itoa(jobs), func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n = 0
				sink := func(c *chunk) error { n += len(c.items); return nil }
				if err := pool(context.Background(), jobs, oneCalendar(cal), asOf, false, source, sink); err != nil {
					b.Fatal(err)
				}
			}
			if n != len(items) {
				b.Fatalf("pool handed on %d rows of %d", n, len(items))
			}
			// Per row, so the figure compares with BenchmarkCompute.
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(items)), "ns/row")
		})
	}
}

func BenchmarkRun(b *testing.B) {
	rows := 20000
	if s := os.Getenv("BATCH_BENCH_ROWS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("BATCH_BENCH_ROWS=%q: want a positive row count", s)
		}
		rows = n
	}
	dir := b.TempDir()
	in := os.Getenv("BATCH_BENCH_INPUT")
	if in == "" {
		in = filepath.Join(dir, "in.xlsx")
		f, err := os.Create(in)
		if err != nil {
			b.Fatal(err)
		}
		if err := synth.WriteXLSX(f, synth.Defaults(rows, 1)); err != nil {
			b.Fatal(err)
		}
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
	}
	if dir := os.Getenv("BATCH_BENCH_HEAP"); dir != "" {
		stop := heapProfiles(b, dir, 5*time.Second)
		defer stop()
	}
	opts := Options{Inputs: []string{in}, Split: os.Getenv("BATCH_BENCH_SPLIT"),
		Outputs: Outputs{Dir: filepath.Join(dir, "out"), AsOf: compute.D(2026, 11, 30)},
	}
	if os.Getenv("BATCH_BENCH_COMPARE") != "" {
		// The next night (issue 12): the same input a day later, compared
		// with this run's outputs, the digest too.
		if _, err := Run(context.Background(), opts); err != nil {
			b.Fatal(err)
		}
		opts.AsOf, opts.Compare = compute.D(2026, 12, 1), "auto"
		opts.Formats = []string{"xlsx", "csv", "json", "digest"}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(context.Background(), opts); err != nil {
			b.Fatal(err)
		}
	}
}

// heapProfiles writes a heap profile into dir every period until stop.
func heapProfiles(b *testing.B, dir string, period time.Duration) (stop func()) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(period)
		defer tick.Stop()
		start := time.Now()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				name := fmt.Sprintf("heap-%03ds.pb.gz", int(time.Since(start).Seconds()+0.5))
				f, err := os.Create(filepath.Join(dir, name))
				if err != nil {
					b.Error(err)
					return
				}
				runtime.GC() // the live heap, as the profile's inuse figures count it
				if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
					b.Error(err)
				}
				f.Close()
			}
		}
	}()
	return func() { close(done); <-finished }
}
