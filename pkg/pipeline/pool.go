package pipeline

import (
	"context"
	"sync"

	"batch/pkg/compute"
	"batch/pkg/export"
	"batch/pkg/ingest"
)

// chunkSize rows travel together between the reader, the workers and the
// collector: big enough that channel traffic is noise, small enough that
// the pool stays busy on a small file.
const chunkSize = 256

// chunk is a run of consecutive input rows; seq orders chunks.
type chunk struct {
	seq     int
	items   []ingest.Item
	results []compute.Result // results[i] belongs to items[i] when it was accepted
}

// problem is one row of Errors; first marks the first problem of its row.
type problem struct {
	ingest.Problem
	first bool
}

// collected is phase one's outcome, in input order.
type collected struct {
	results  []compute.Result
	problems []problem
	rows     int
	blank    int
	rejected int
	inputs   []export.Input
	extra    []string
}

// collect reads the inputs one after another on one goroutine, computes
// rows on opts.Jobs workers, and gathers the results in input order: the
// outputs never depend on which worker finished first.
func collect(ctx context.Context, opts Options, cal *compute.Calendar) (*collected, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	todo := make(chan *chunk, 2*opts.Jobs)
	done := make(chan *chunk, 2*opts.Jobs)

	var workers sync.WaitGroup
	for range opts.Jobs {
		workers.Go(func() {
			for c := range todo {
				c.results = make([]compute.Result, len(c.items))
				for i := range c.items {
					if len(c.items[i].Problems) == 0 {
						c.results[i] = compute.Compute(c.items[i].Vacancy, cal, opts.AsOf)
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

	out := &collected{}
	var readErr error
	go func() {
		defer close(todo)
		readErr = readInputs(ctx, opts, out, todo)
	}()

	pending := map[int]*chunk{}
	next := 0
	for c := range done {
		pending[c.seq] = c
		for {
			c, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			out.add(c)
			if opts.Progress != nil {
				opts.Progress(len(out.results) + out.rejected)
			}
		}
	}
	// done is closed only after the reader closed todo, so readErr is set.
	if readErr != nil {
		return nil, readErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// readInputs streams every input into chunks. It owns out.inputs,
// out.rows, out.blank and out.extra until it returns.
func readInputs(ctx context.Context, opts Options, out *collected, todo chan<- *chunk) error {
	seq := 0
	cur := &chunk{}
	send := func() error {
		select {
		case todo <- cur:
		case <-ctx.Done():
			return ctx.Err()
		}
		seq++
		cur = &chunk{seq: seq, items: make([]ingest.Item, 0, chunkSize)}
		return nil
	}
	seen := map[string]bool{}
	for _, path := range opts.Inputs {
		stats, err := ingest.ReadFile(ctx, path, ingest.Options{Sheet: opts.Sheet, Stdin: opts.Stdin}, func(it ingest.Item) error {
			cur.items = append(cur.items, it)
			if len(cur.items) == chunkSize {
				return send()
			}
			return nil
		})
		if err != nil {
			return err
		}
		out.rows += stats.Rows
		out.blank += stats.Blank
		out.inputs = append(out.inputs, export.Input{
			Path: stats.Path, SHA256: stats.SHA256, Sheets: stats.Sheets, Rows: stats.Rows,
			Accepted: stats.Accepted, Rejected: stats.Rejected, Blank: stats.Blank,
		})
		for _, name := range stats.Extra {
			if !seen[name] {
				seen[name] = true
				out.extra = append(out.extra, name)
			}
		}
		opts.Log.Info("read", "input", path, "rows", stats.Rows, "accepted", stats.Accepted,
			"rejected", stats.Rejected, "blank", stats.Blank)
	}
	if len(cur.items) > 0 {
		return send()
	}
	return nil
}

// add takes one computed chunk, in order.
func (out *collected) add(c *chunk) {
	for i := range c.items {
		if ps := c.items[i].Problems; len(ps) > 0 {
			out.rejected++
			for j, p := range ps {
				out.problems = append(out.problems, problem{Problem: p, first: j == 0})
			}
			continue
		}
		out.results = append(out.results, c.results[i])
	}
}

// markDuplicates adds DUPLICATE_VACANCY to every result whose key another
// result shares, naming the others, in input order.
func markDuplicates(results []compute.Result) {
	groups := map[string][]int{}
	var keys []string
	for i := range results {
		k := compute.DuplicateKey(&results[i])
		if k == "" {
			continue
		}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	for _, k := range keys {
		idx := groups[k]
		if len(idx) < 2 {
			continue
		}
		for _, i := range idx {
			others := make([]string, 0, len(idx)-1)
			for _, j := range idx {
				if j != i {
					others = append(others, results[j].Vacancy.ID)
				}
			}
			results[i].Conflicts = append(results[i].Conflicts, compute.DuplicateConflict(others))
		}
	}
}

// writeAll hands every result and problem to the writer, in input order.
func writeAll(ctx context.Context, w *export.Writer, batch *collected) error {
	for i := range batch.results {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := w.Result(&batch.results[i]); err != nil {
			return err
		}
	}
	for _, p := range batch.problems {
		if err := w.Problem(p.Problem, p.first); err != nil {
			return err
		}
	}
	return ctx.Err()
}
