package pipeline

import (
	"context"
	"sync"

	"batch/pkg/compute"
	"batch/pkg/ingest"
)

// chunkSize rows travel together between the reader, the workers and the
// collector: big enough that channel traffic is noise, small enough that
// the pool stays busy on a small file.
const chunkSize = 128

// chunk is a run of consecutive rows; seq orders chunks.
type chunk struct {
	seq     int
	items   []ingest.Item
	results []compute.Result // results[i] belongs to items[i] when it was accepted
}

// pool computes the rows that source emits on jobs workers and hands the
// chunks to sink in input order, on the calling goroutine: the outputs
// never depend on which worker finished first. source runs on a goroutine
// of its own; an error from source or sink, or ctx's end, stops it all.
// A chunk goes back to the source for reuse once sink returns, and the
// next computation into it reuses its results' Deadlines, Conflicts and
// Steps arrays (compute.ComputeInto), so sink must not keep its items or
// results, or slices of them: a deep copy is fine. Allocating a chunk per
// 256 rows and a fresh result per row was most of the pool's garbage,
// and the collector shares the two CPUs with the two workers.
//
// explain keeps each result's Steps (batch explain); a bulk run leaves them
// out, which halves the engine's garbage (compute.ComputeBriefInto).
func pool(ctx context.Context, jobs int, cals *calendars, asOf compute.Date, explain bool,
	source func(ctx context.Context, emit func(ingest.Item) error) error,
	sink func(*chunk) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	todo := make(chan *chunk, jobs)
	done := make(chan *chunk, jobs)
	// Every chunk in flight fits: todo, done, one per worker, the one
	// being filled, and the out-of-order ones waiting in pending. Each
	// chunk keeps its results' lists at their longest, so the chunks in
	// flight are much of a run's fixed memory: the channels hold no more
	// chunks than can be in flight.
	free := make(chan *chunk, 4*jobs+4)

	var workers sync.WaitGroup
	for range jobs {
		workers.Go(func() {
			for c := range todo {
				if cap(c.results) < len(c.items) {
					c.results = make([]compute.Result, len(c.items))
				}
				c.results = c.results[:len(c.items)]
				for i := range c.items {
					if len(c.items[i].Problems) == 0 {
						cal := cals.of(&c.items[i].Vacancy)
						if explain {
							compute.ComputeInto(&c.results[i], c.items[i].Vacancy, cal, asOf)
						} else {
							compute.ComputeBriefInto(&c.results[i], c.items[i].Vacancy, cal, asOf)
						}
					}
				}
				done <- c
			}
		})
	}
	go func() {
		workers.Wait()
		close(done)
	}()

	var sourceErr error
	go func() {
		defer close(todo)
		seq := 0
		fresh := func() *chunk {
			select {
			case c := <-free:
				c.seq, c.items = seq, c.items[:0]
				return c
			default:
				return &chunk{seq: seq, items: make([]ingest.Item, 0, chunkSize)}
			}
		}
		cur := fresh()
		send := func() error {
			select {
			case todo <- cur:
			case <-ctx.Done():
				return ctx.Err()
			}
			seq++
			cur = fresh()
			return nil
		}
		sourceErr = source(ctx, func(it ingest.Item) error {
			cur.items = append(cur.items, it)
			if len(cur.items) == chunkSize {
				return send()
			}
			return nil
		})
		if sourceErr == nil && len(cur.items) > 0 {
			sourceErr = send()
		}
	}()

	var sinkErr error
	pending := map[int]*chunk{}
	next := 0
	for c := range done {
		if sinkErr != nil {
			continue // drain, so every goroutine ends
		}
		pending[c.seq] = c
		for {
			c, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if sinkErr = sink(c); sinkErr != nil {
				cancel()
				break
			}
			select {
			case free <- c:
			default: // full: let the collector have it
			}
		}
	}
	// done closes only after the source closed todo: sourceErr is set.
	switch {
	case sinkErr != nil:
		return sinkErr
	case sourceErr != nil:
		return sourceErr
	}
	return ctx.Err()
}
