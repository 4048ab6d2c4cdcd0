package export

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"batch/internal/firsterr"
	"batch/internal/strmemo"
	"batch/pkg/compute"
	"batch/pkg/outdir"
)

// csvTable is one CSV output: UTF-8 without a byte-order mark, a header
// row, "\n" line ends, never split however long.
//
// Its rows are encoded on a goroutine of its own, in batches: turning
// values into text and text into CSV records is a large part of the
// export's work, otherwise done on the goroutine that also builds the
// workbook's rows.
// write copies the values (strings are shared, not copied) into the batch
// being filled; the encoder takes full batches in order. The encoder
// appends each record's bytes itself, exactly as encoding/csv writes them
// (appendCSVField; FuzzCSVRecord holds it to encoding/csv): through
// encoding/csv every date and number became a string of its own first,
// and csv.Writer.Write was most of the records' cost.
type csvTable struct {
	file *outdir.File
	buf  *bufio.Writer
	rec  []byte
	bare strmemo.Set // texts met that need no quotes: the law's repeat on every row

	cur     csvBatch
	batches int // made so far, csvBatches at most
	jobs    chan csvBatch
	free    chan csvBatch
	done    chan struct{}

	firsterr.Err // the encoder's
}

// csvBatch is rows of values one after another; ends[i] is where row i
// ends in vals.
type csvBatch struct {
	vals []value
	ends []int
}

// csvBatchRows is how many rows a batch holds: enough that handing it
// over costs nothing, few enough that the batches in flight hold little.
const csvBatchRows = 128

// csvBatches is how many batches a table has: one being filled, two
// waiting, one being encoded. Once they are all out, the writer waits
// for the encoder to give one back: making a new one instead, whenever
// the encoder was behind, made much of all a run allocated, and the
// collector ran that much more often.
const csvBatches = 4

func newCSVTable(create func(string) (*outdir.File, error), name string, header []string) (*csvTable, error) {
	t, err := create(name)
	if err != nil {
		return nil, err
	}
	c := &csvTable{file: t, buf: bufio.NewWriterSize(t.Out(), 256<<10),
		jobs: make(chan csvBatch, csvBatches-2), free: make(chan csvBatch, csvBatches), done: make(chan struct{}), batches: 1}
	// Carried-through columns keep the input's header text: guarded like
	// any other text the tool writes.
	for i, h := range header {
		if i > 0 {
			c.rec = append(c.rec, ',')
		}
		c.rec = appendCSVField(c.rec, guardText(h))
	}
	c.rec = append(c.rec, '\n')
	if _, err := c.buf.Write(c.rec); err != nil {
		t.Remove()
		return nil, fmt.Errorf("export: write %s: %w", name, err)
	}
	go c.encode()
	return c, nil
}

// encode writes the batches' rows as CSV records.
func (c *csvTable) encode() {
	defer close(c.done)
	for b := range c.jobs {
		if c.Failed() == nil {
			start := 0
			for _, end := range b.ends {
				c.rec = appendCSVRecord(c.rec[:0], b.vals[start:end], &c.bare)
				start = end
				if _, err := c.buf.Write(c.rec); err != nil {
					c.Set(fmt.Errorf("export: write %s: %w", c.file.Name(), err))
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

// appendCSVRecord appends one record of values and its line end,
// remembering in bare the texts that needed no quotes (and skipping the
// look at those it remembers).
func appendCSVRecord(dst []byte, vals []value, bare *strmemo.Set) []byte {
	for i, v := range vals {
		if i > 0 {
			dst = append(dst, ',')
		}
		switch v.kind {
		case dateCell:
			dst = appendISODate(dst, v.date)
		case intCell:
			dst = strconv.AppendInt(dst, int64(v.n), 10)
		default: // guarded by text
			switch {
			case bare.Has(v.text):
				dst = append(dst, v.text...)
			case csvNeedsQuotes(v.text):
				dst = appendCSVField(dst, v.text)
			default:
				bare.Add(v.text)
				dst = append(dst, v.text...)
			}
		}
	}
	return append(dst, '\n')
}

// appendISODate appends a date as Date.String writes it ("" for none).
func appendISODate(dst []byte, d compute.Date) []byte {
	if d.IsZero() {
		return dst
	}
	if d.Year < 0 || d.Year > 9999 || d.Month < 1 || d.Month > 12 || d.Day < 1 || d.Day > 31 {
		return appendCSVField(dst, d.String())
	}
	y, m := d.Year, int(d.Month)
	return append(dst, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-',
		byte('0'+m/10), byte('0'+m%10), '-', byte('0'+d.Day/10), byte('0'+d.Day%10))
}

// appendCSVField appends one field as encoding/csv's Writer (comma, no
// CRLF) writes it: quoted when it holds a comma, a quote, a CR or a LF,
// begins with a space of any kind, or is \. (which a reader could take
// for the end of data), its quotes doubled.
func appendCSVField(dst []byte, s string) []byte {
	if !csvNeedsQuotes(s) {
		return append(dst, s...)
	}
	dst = append(dst, '"')
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			break
		}
		dst = append(dst, s[:i+1]...)
		dst = append(dst, '"')
		s = s[i+1:]
	}
	dst = append(dst, s...)
	return append(dst, '"')
}

func csvNeedsQuotes(s string) bool {
	if s == "" {
		return false
	}
	if s == `\.` {
		return true
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r', '"', ',':
			return true
		}
	}
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsSpace(r)
}

func (c *csvTable) write(vals []value) error {
	c.cur.vals = append(c.cur.vals, vals...)
	c.cur.ends = append(c.cur.ends, len(c.cur.vals))
	if len(c.cur.ends) >= csvBatchRows {
		c.ship()
		return c.Failed()
	}
	return nil
}

func (c *csvTable) ship() {
	c.jobs <- c.cur
	select {
	case c.cur = <-c.free:
	default:
		if c.batches < csvBatches {
			c.batches++
			c.cur = csvBatch{vals: make([]value, 0, cap(c.cur.vals)), ends: make([]int, 0, csvBatchRows)}
		} else {
			c.cur = <-c.free // the encoder gives every batch back, even after a failure
		}
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
	if err := c.flush(); err != nil {
		return err
	}
	return c.file.Finish()
}

// finishBeside is finish with the file synced beside the run, in s.
func (c *csvTable) finishBeside(s *outdir.Syncs) error {
	if err := c.flush(); err != nil {
		return err
	}
	c.file.FinishBeside(s)
	return nil
}

// flush hands the last rows to the file.
func (c *csvTable) flush() error {
	c.stop()
	if err := c.Failed(); err != nil {
		return err
	}
	if err := c.buf.Flush(); err != nil {
		return fmt.Errorf("export: write %s: %w", c.file.Name(), err)
	}
	return nil
}

// discard stops the encoder and removes the file.
func (c *csvTable) discard() {
	c.stop()
	c.file.Remove()
}
