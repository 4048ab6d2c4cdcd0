package ingest

import "io"

// readAhead reads its source on a goroutine of its own, a few blocks ahead
// of its reader, so that inflating a part and scanning it share two CPUs.
// A sheet's check pass (checkPart), when it runs before any row is read
// (without Options.CheckAsRead), runs while nothing else of the run is
// working, and on one CPU inflating the sheet and scanning its tags take
// about as long as each other.
//
// Its reader sees what a reader of the source would: the same bytes, then
// the source's error (io.EOF, a truncated stream's io.ErrUnexpectedEOF,
// zip's ErrChecksum), only cut at other places.
type readAhead struct {
	full chan aheadBlock
	free chan []byte
	stop chan struct{}
	done chan struct{}
	cur  aheadBlock
	off  int
}

type aheadBlock struct {
	b   []byte
	err error // after b
}

const (
	aheadBlockSize = 256 << 10
	aheadBlocks    = 3 // one being read, the others filled or filling
)

// aheadAtLeast is the part size from which checkPart reads ahead: below
// it the goroutine costs more than it saves. A variable for the benchmark.
var aheadAtLeast uint64 = 4 << 20

func newReadAhead(src io.Reader) *readAhead {
	ra := &readAhead{full: make(chan aheadBlock, aheadBlocks), free: make(chan []byte, aheadBlocks),
		stop: make(chan struct{}), done: make(chan struct{})}
	for range aheadBlocks {
		ra.free <- make([]byte, aheadBlockSize)
	}
	go ra.fill(src)
	return ra
}

// fill reads src into free blocks until its error or stop.
func (ra *readAhead) fill(src io.Reader) {
	defer close(ra.done)
	for {
		var b []byte
		select {
		case b = <-ra.free:
		case <-ra.stop:
			return
		}
		n := 0
		var err error
		for n < len(b) && err == nil {
			var k int
			k, err = src.Read(b[n:])
			n += k
		}
		select {
		case ra.full <- aheadBlock{b: b[:n], err: err}:
		case <-ra.stop:
			return
		}
		if err != nil {
			return
		}
	}
}

func (ra *readAhead) Read(p []byte) (int, error) {
	for ra.off == len(ra.cur.b) {
		if ra.cur.err != nil {
			return 0, ra.cur.err
		}
		if ra.cur.b != nil {
			ra.free <- ra.cur.b[:cap(ra.cur.b)] // never blocks: every block is ours
		}
		ra.cur, ra.off = <-ra.full, 0
	}
	n := copy(p, ra.cur.b[ra.off:])
	ra.off += n
	return n, nil
}

// Close stops the goroutine and waits for it: the source may be closed
// after.
func (ra *readAhead) Close() {
	close(ra.stop)
	<-ra.done
}
