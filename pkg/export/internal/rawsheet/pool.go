package rawsheet

import (
	"bytes"
	"hash/crc32"
	"sync"

	"github.com/klauspost/compress/flate"
)

// chunkSize is how much row XML a chunk gathers before it is deflated: big
// enough that the lost dictionary at each chunk start costs nothing you
// would notice (about 0.1 % of the output), small enough that a few per
// part in flight hold little memory.
const chunkSize = 1 << 20

// Pool deflates chunks on a fixed number of workers. One Pool serves every
// part of a workbook; its workers run until Close.
type Pool struct {
	jobs   chan *chunk
	level  int
	wg     sync.WaitGroup
	bufs   sync.Pool // *[]byte of chunkSize capacity and some
	chunks sync.Pool // *chunk, their packed buffers kept
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
	p := &Pool{jobs: make(chan *chunk, 2*max(workers, 1)), level: level}
	p.chunks.New = func() any { return new(chunk) }
	p.bufs.New = func() any {
		b := make([]byte, 0, chunkSize+chunkSize/4)
		return &b
	}
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

func (p *Pool) buffer() []byte { return (*p.bufs.Get().(*[]byte))[:0] }

func (p *Pool) recycle(b []byte) {
	if cap(b) >= chunkSize && cap(b) <= 4*chunkSize {
		b = b[:0]
		p.bufs.Put(&b)
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
