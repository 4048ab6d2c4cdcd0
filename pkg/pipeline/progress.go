package pipeline

import (
	"sync/atomic"

	"batch/pkg/ingest"
)

// rowEstimate is how many rows phase one will read, for the progress
// bar's total. A workbook's sheets declare their rows (their dimension).
// A CSV file's rows are judged from its first megabyte (ingest.Measure)
// until it is read, and while it is read, from the size read so far
// against the file's: ingest's reader reads a megabyte at a time and
// asks for more once it has parsed all it holds, so at each read the
// rows so far and the bytes so far are in step, and the rest of the file
// is judged to hold rows as densely as the last megabyte did. Standard input has no size: while one
// is still to be read, the total is unknown (0). The source goroutine
// updates it; the collecting goroutine reads total.
type rowEstimate struct {
	total atomic.Int64

	// The source goroutine's own.
	extents  []ingest.Extent
	current  int     // the input being read
	rows     int     // rows of it emitted so far
	read     int64   // bytes of it read so far
	judged   float64 // its rows in all, as judged at its last read; < 0 before
	lastRows int     // rows of it at its last read
	lastRead int     // bytes its last read gave
	before   int     // rows of the inputs before it
	sinceSet int
}

func newRowEstimate(inputs []string, opts ingest.Options) *rowEstimate {
	e := &rowEstimate{extents: make([]ingest.Extent, len(inputs))}
	for i, path := range inputs {
		e.extents[i] = ingest.Measure(path, opts)
	}
	return e
}

// start begins input i, after the inputs before it gave rowsBefore rows.
func (e *rowEstimate) start(i, rowsBefore int) {
	e.current, e.rows, e.read, e.judged, e.before = i, 0, 0, -1, rowsBefore
	e.lastRows, e.lastRead = 0, 0
	e.update()
}

// onRead counts bytes of the current input (ingest.Options.OnRead).
func (e *rowEstimate) onRead(n int) {
	if size := e.extents[e.current].Bytes; e.lastRead > 0 && e.rows > e.lastRows && size > 0 {
		perByte := float64(e.rows-e.lastRows) / float64(e.lastRead)
		e.judged = float64(e.rows) + perByte*float64(max(size-e.read, 0))
	}
	e.read += int64(n)
	e.lastRows, e.lastRead = e.rows, n
}

// row counts a row of the current input; the total is worked out again
// every 256 rows.
func (e *rowEstimate) row() {
	e.rows++
	if e.sinceSet++; e.sinceSet >= 256 {
		e.update()
	}
}

func (e *rowEstimate) update() {
	e.sinceSet = 0
	total := float64(e.before)
	for i := e.current; i < len(e.extents); i++ {
		x := e.extents[i]
		switch {
		case i == e.current && e.judged >= 0:
			total += max(e.judged, float64(e.rows))
		case x.Rows > 0:
			total += float64(x.Rows)
		default:
			e.total.Store(0)
			return
		}
	}
	e.total.Store(int64(total + 0.5))
}
