package export

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"sync"
)

// csvTable is one CSV output: UTF-8 without a byte-order mark, a header
// row, "\n" line ends, never split however long.
//
// Its rows are encoded on a goroutine of its own, in batches: turning
// values into text and text into CSV records was a fifth of the export's
// work, all of it on the goroutine that also builds the workbook's rows.
// write copies the values (strings are shared, not copied) into the batch
// being filled; the encoder takes full batches in order.
type csvTable struct {
	file *tempFile
	buf  *bufio.Writer
	w    *csv.Writer

	cur  csvBatch
	jobs chan csvBatch
	free chan csvBatch
	done chan struct{}

	mu  sync.Mutex
	err error // the encoder's first error
}

// csvBatch is rows of values one after another; ends[i] is where row i
// ends in vals.
type csvBatch struct {
	vals []value
	ends []int
}

// csvBatchRows is how many rows a batch holds: enough that handing it
// over costs nothing, few enough that the batches in flight hold little.
const csvBatchRows = 512

func newCSVTable(create func(string) (*tempFile, error), name string, header []string) (*csvTable, error) {
	t, err := create(name)
	if err != nil {
		return nil, err
	}
	c := &csvTable{file: t, buf: bufio.NewWriterSize(t.f, 256<<10),
		jobs: make(chan csvBatch, 2), free: make(chan csvBatch, 3), done: make(chan struct{})}
	c.w = csv.NewWriter(c.buf)
	// Carried-through columns keep the input's header text: guarded like
	// any other text the tool writes.
	rec := make([]string, 0, len(header))
	for _, h := range header {
		rec = append(rec, guardText(h))
	}
	if err := c.w.Write(rec); err != nil {
		t.remove()
		return nil, fmt.Errorf("export: write %s: %w", name, err)
	}
	go c.encode()
	return c, nil
}

// encode writes the batches' rows as CSV records.
func (c *csvTable) encode() {
	defer close(c.done)
	var rec []string
	for b := range c.jobs {
		if c.failed() == nil {
			start := 0
			for _, end := range b.ends {
				rec = rec[:0]
				for _, v := range b.vals[start:end] {
					rec = append(rec, v.csv())
				}
				start = end
				if err := c.w.Write(rec); err != nil {
					c.setErr(fmt.Errorf("export: write %s: %w", c.file.final, err))
					break
				}
			}
		}
		clear(b.vals) // let go of the strings
		b.vals, b.ends = b.vals[:0], b.ends[:0]
		select {
		case c.free <- b:
		default:
		}
	}
}

func (c *csvTable) failed() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

func (c *csvTable) setErr(err error) {
	c.mu.Lock()
	if c.err == nil {
		c.err = err
	}
	c.mu.Unlock()
}

func (c *csvTable) write(vals []value) error {
	c.cur.vals = append(c.cur.vals, vals...)
	c.cur.ends = append(c.cur.ends, len(c.cur.vals))
	if len(c.cur.ends) >= csvBatchRows {
		c.ship()
		return c.failed()
	}
	return nil
}

func (c *csvTable) ship() {
	c.jobs <- c.cur
	select {
	case c.cur = <-c.free:
	default:
		c.cur = csvBatch{vals: make([]value, 0, cap(c.cur.vals)), ends: make([]int, 0, csvBatchRows)}
	}
}

// stop hands the last rows over and waits for the encoder.
func (c *csvTable) stop() {
	if c.jobs == nil {
		return
	}
	if len(c.cur.ends) > 0 {
		c.ship()
	}
	close(c.jobs)
	<-c.done
	c.jobs = nil
}

func (c *csvTable) finish() error {
	c.stop()
	if err := c.failed(); err != nil {
		return err
	}
	c.w.Flush()
	if err := c.w.Error(); err != nil {
		return fmt.Errorf("export: write %s: %w", c.file.final, err)
	}
	if err := c.buf.Flush(); err != nil {
		return fmt.Errorf("export: write %s: %w", c.file.final, err)
	}
	return c.file.finish()
}

// discard stops the encoder and removes the file.
func (c *csvTable) discard() {
	c.stop()
	c.file.remove()
}
