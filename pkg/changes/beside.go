package changes

import (
	"io"
	"sync"
)

// The comparison's merge is the next night's critical path: its outcome
// goes into the workbook and the digest, so the export waits for it.
// Done on one goroutine, reading the baseline (gunzip and parsing),
// writing the snapshot (gzip) and the merge itself left the other CPU
// idle, so the reading and the gzip run beside the merge.

// prefetch reads records on a goroutine of their own, a few batches
// ahead of the merge (the baseline's, and this run's decoded from its
// sorted runs); next gives them, and the end or the error, in order.
type prefetch struct {
	full chan *recordBatch
	free chan *recordBatch
	stop chan struct{}
	done chan struct{}
	cur  *recordBatch
	at   int
}

type recordBatch struct {
	recs []Record
	n    int
	end  bool // after recs[:n], the baseline ended (err: how)
	err  error
}

const prefetchBatch = 256

func newPrefetch(b *Baseline) *prefetch { return readAhead(b.next) }

// readAhead runs next, which gives a record, or false at the end, or an
// error, on a goroutine of its own, which owns what next reads until
// close returns.
func readAhead(next func(*Record) (bool, error)) *prefetch {
	p := &prefetch{full: make(chan *recordBatch, 2), free: make(chan *recordBatch, 4),
		stop: make(chan struct{}), done: make(chan struct{})}
	for range 4 {
		p.free <- &recordBatch{recs: make([]Record, prefetchBatch)}
	}
	go p.fill(next)
	return p
}

func (p *prefetch) fill(next func(*Record) (bool, error)) {
	defer close(p.done)
	defer close(p.full)
	for {
		var batch *recordBatch
		select {
		case batch = <-p.free:
		case <-p.stop:
			return
		}
		batch.n, batch.end, batch.err = 0, false, nil
		for batch.n < len(batch.recs) {
			// The same records batch after batch, their lists' arrays
			// reused (Record.reused): the merge clones the few it keeps
			// past the batch (a seat's unmatched ones).
			ok, err := next(&batch.recs[batch.n])
			if !ok || err != nil {
				batch.end, batch.err = true, err
				break
			}
			batch.n++
		}
		select {
		case p.full <- batch:
		case <-p.stop:
			return
		}
		if batch.end {
			return
		}
	}
}

// next is Baseline.next, read ahead.
func (p *prefetch) next(r *Record) (bool, error) {
	for p.cur == nil || p.at == p.cur.n {
		if p.cur != nil {
			if p.cur.end {
				return false, p.cur.err
			}
			p.free <- p.cur
		}
		batch, ok := <-p.full
		if !ok {
			p.cur = &recordBatch{end: true} // after close: ended
			continue
		}
		p.cur, p.at = batch, 0
	}
	*r = p.cur.recs[p.at]
	p.at++
	return true, nil
}

// close stops the reading and waits until the goroutine has let go of
// the baseline.
func (p *prefetch) close() {
	select {
	case <-p.stop:
	default:
		close(p.stop)
	}
	<-p.done
}

// gzipBeside hands what is written to w in blocks to a goroutine that
// writes them on (to the snapshot's gzip writer), so that compressing
// runs beside the merge. Flush waits for every block and returns the
// first error.
type gzipBeside struct {
	w      io.Writer
	jobs   chan []byte
	free   chan []byte
	wg     sync.WaitGroup
	err    error // the writer goroutine's; read after wg.Wait
	closed bool  // close ran
}

func newGzipBeside(w io.Writer) *gzipBeside {
	g := &gzipBeside{w: w, jobs: make(chan []byte, 2), free: make(chan []byte, 4)}
	for range 4 {
		g.free <- make([]byte, 0, 64<<10)
	}
	g.wg.Go(func() {
		for b := range g.jobs {
			if g.err == nil {
				_, g.err = g.w.Write(b)
			}
			g.free <- b[:0]
		}
	})
	return g
}

func (g *gzipBeside) Write(p []byte) (int, error) {
	b := <-g.free
	b = append(b, p...)
	g.jobs <- b
	return len(p), nil
}

// close waits for every block written and returns the first error.
func (g *gzipBeside) close() error {
	if !g.closed {
		g.closed = true
		close(g.jobs)
		g.wg.Wait()
	}
	return g.err
}
