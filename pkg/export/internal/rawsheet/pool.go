package rawsheet

import (
	"bytes"
	"errors"
	"hash/crc32"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// chunkSize is how much row XML a chunk gathers before it is deflated: big
// enough that the dictionary lost at each chunk's start costs nothing you
// would notice (deflate looks back 32 KiB), small enough that the few per
// part in flight hold little memory.
const chunkSize = 512 << 10

// spare is how many idle buffers and chunks are kept for reuse; more are
// left to the collector, so they hold a bounded amount of memory however
// many parts and pools they have served.
const spare = 4

// The idle buffers and chunks are shared by every Pool of the process: a
// split run writes one workbook per county after the statewide one, and
// each new pool allocating its own would make garbage in proportion to
// the folders.
var (
	idleBufs   = make(chan []byte, spare) // raw buffers, chunkSize capacity and some
	idleChunks = make(chan *chunk, spare) // chunks, their packed buffers kept
)

// Pool deflates chunks on a fixed number of workers. One Pool serves every
// part of a workbook; its workers run until Close.
type Pool struct {
	jobs  chan *chunk
	level int
	wg    sync.WaitGroup
}

// chunk is one piece of a part's XML on its way to the spool: the worker
// fills in packed and crc, then closes done.
type chunk struct {
	raw    []byte
	packed []byte
	crc    uint32
	err    error // the level was refused
	done   chan struct{}
}

// NewPool starts workers deflate workers (at least one) compressing at the
// given level of klauspost/compress/flate (1 is what export has used: much
// faster than the default level, for a file about a third bigger;
// docs/PERFORMANCE.md).
func NewPool(workers, level int) *Pool {
	p := &Pool{jobs: make(chan *chunk, 2*max(workers, 1)), level: level}
	for i := 0; i < max(workers, 1); i++ {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	defer p.wg.Done()
	out, _ := idleOut.Get().(*bytes.Buffer)
	if out == nil {
		out = new(bytes.Buffer)
	}
	defer idleOut.Put(out)
	fw, err := newWriter(out, p.level)
	for c := range p.jobs {
		if err == nil {
			out.Reset()
			fw.Reset(out)
			_, _ = fw.Write(c.raw) // writes to a bytes.Buffer cannot fail
			_ = fw.Flush()         // a sync flush: the segment ends on a byte boundary, not final
			c.packed = append(c.packed[:0], out.Bytes()...)
		}
		c.crc, c.err = crc32.ChecksumIEEE(c.raw), err
		close(c.done)
	}
	if err == nil {
		putWriter(fw, p.level)
	}
}

// idleOut keeps the workers' output buffers for the next pool's: a split
// run makes a pool for each folder's workbook, and each worker would
// otherwise grow a new one for each.
var idleOut sync.Pool

// Close stops the workers once every chunk handed to them is done.
func (p *Pool) Close() {
	close(p.jobs)
	p.wg.Wait()
}

// buffer is a part's buffer for its next chunk: an idle full-size one,
// else a new one, full size for a part that has filled a chunk already
// (big), else small, growing as rows come. Most parts of a split folder's
// workbook stay under a few KB, and a full-size buffer is 0.6 MB zeroed.
func (p *Pool) buffer(big bool) []byte {
	select {
	case b := <-idleBufs:
		return b[:0]
	default:
		if big {
			return make([]byte, 0, chunkSize+chunkSize/8)
		}
		return make([]byte, 0, firstBuffer)
	}
}

// firstBuffer is the capacity of a part's first buffer made new.
const firstBuffer = 16 << 10

// recycle keeps a buffer for reuse, unless a row made it grow far, or it
// is one of the small ones (a part that stayed small).
func (p *Pool) recycle(b []byte) {
	if cap(b) > 2*chunkSize || cap(b) < chunkSize {
		return
	}
	select {
	case idleBufs <- b[:0]:
	default:
	}
}

func (p *Pool) chunk() *chunk {
	select {
	case c := <-idleChunks:
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
	c.err = nil
	select {
	case idleChunks <- c:
	default:
	}
}

// deflate compresses b whole as one segment: final ends the stream.
func deflate(b []byte, level int, final bool) ([]byte, error) {
	var out bytes.Buffer
	fw, err := newWriter(&out, level)
	if err != nil {
		return nil, err
	}
	defer putWriter(fw, level)
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

// A flate.Writer holds about 500 KB of tables and history, and making one
// is not cheap: every zip entry of every workbook, every part's head and
// tail, and every pool's worker would make its own, many of them in a
// split run. They are kept for reuse, one cache per level.
var writers sync.Map // level → *sync.Pool of *flate.Writer

// newWriter is a flate.Writer at level writing to out, reused when one is
// idle.
func newWriter(out io.Writer, level int) (*flate.Writer, error) {
	if c, ok := writers.Load(level); ok {
		if fw, ok := c.(*sync.Pool).Get().(*flate.Writer); ok {
			fw.Reset(out)
			return fw, nil
		}
	}
	return flate.NewWriter(out, level)
}

// putWriter gives fw back for reuse; it must not be used after.
func putWriter(fw *flate.Writer, level int) {
	fw.Reset(io.Discard) // lets go of the last output
	c, _ := writers.LoadOrStore(level, new(sync.Pool))
	c.(*sync.Pool).Put(fw)
}

// pooledWriter is a reused flate.Writer that goes back at Close, as
// zip.Writer's compressor: zip closes each entry's compressor once.
type pooledWriter struct {
	*flate.Writer
	level int
}

func (w *pooledWriter) Close() error {
	if w.Writer == nil {
		return errors.New("rawsheet: compressor closed twice")
	}
	err := w.Writer.Close()
	putWriter(w.Writer, w.level)
	w.Writer = nil
	return err
}
