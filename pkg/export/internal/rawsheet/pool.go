package rawsheet

import (
	"bytes"
	"hash/crc32"
	"sync"

	"github.com/klauspost/compress/flate"
)

// chunkSize is how much row XML a chunk gathers before it is deflated: big
// enough that the dictionary lost at each chunk's start costs nothing you
// would notice (deflate looks back 32 KiB), small enough that the few per
// part in flight hold little memory.
const chunkSize = 512 << 10

// spare is how many idle buffers and chunks a pool keeps for reuse; more
// are left to the collector, so a pool holds a bounded amount of memory
// however many parts it has served.
const spare = 4

// Pool deflates chunks on a fixed number of workers. One Pool serves every
// part of a workbook; its workers run until Close.
type Pool struct {
	jobs   chan *chunk
	level  int
	wg     sync.WaitGroup
	bufs   chan []byte // idle raw buffers, chunkSize capacity and some
	chunks chan *chunk // idle chunks, their packed buffers kept
}

// chunk is one piece of a part's XML on its way to the spool: the worker
// fills in packed and crc, then closes done.
type chunk struct {
	raw    []byte
	packed []byte
	crc    uint32
	done   chan struct{}
}

// NewPool starts workers deflate workers (at least one) compressing at the
// given level of klauspost/compress/flate (1 is what export has used: a
// million-row write went from 38 s to 23 s against the default level, the
// file about a third bigger).
func NewPool(workers, level int) *Pool {
	p := &Pool{jobs: make(chan *chunk, 2*max(workers, 1)), level: level,
		bufs: make(chan []byte, spare), chunks: make(chan *chunk, spare)}
	for i := 0; i < max(workers, 1); i++ {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	defer p.wg.Done()
	var out bytes.Buffer
	fw, _ := flate.NewWriter(&out, p.level) // the level is checked by NewPart's first use
	for c := range p.jobs {
		out.Reset()
		fw.Reset(&out)
		_, _ = fw.Write(c.raw) // writes to a bytes.Buffer cannot fail
		_ = fw.Flush()         // a sync flush: the segment ends on a byte boundary, not final
		c.packed = append(c.packed[:0], out.Bytes()...)
		c.crc = crc32.ChecksumIEEE(c.raw)
		close(c.done)
	}
}

// Close stops the workers once every chunk handed to them is done.
func (p *Pool) Close() {
	close(p.jobs)
	p.wg.Wait()
}

func (p *Pool) buffer() []byte {
	select {
	case b := <-p.bufs:
		return b[:0]
	default:
		return make([]byte, 0, chunkSize+chunkSize/8)
	}
}

// recycle keeps a buffer for reuse, unless a row made it grow far.
func (p *Pool) recycle(b []byte) {
	if cap(b) > 2*chunkSize {
		return
	}
	select {
	case p.bufs <- b[:0]:
	default:
	}
}

func (p *Pool) chunk() *chunk {
	select {
	case c := <-p.chunks:
		return c
	default:
		return new(chunk)
	}
}

func (p *Pool) recycleChunk(c *chunk) {
	c.raw = nil
	if cap(c.packed) > 2*chunkSize {
		c.packed = nil
	}
	select {
	case p.chunks <- c:
	default:
	}
}

// deflate compresses b whole as one segment: final ends the stream.
func deflate(b []byte, level int, final bool) ([]byte, error) {
	var out bytes.Buffer
	fw, err := flate.NewWriter(&out, level)
	if err != nil {
		return nil, err
	}
	if _, err := fw.Write(b); err != nil {
		return nil, err
	}
	if final {
		err = fw.Close()
	} else {
		err = fw.Flush()
	}
	return out.Bytes(), err
}
