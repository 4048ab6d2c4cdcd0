// Package extsort sorts byte records by key in bounded memory: records
// gather in a buffer; a full buffer is sorted and written as one run to a
// temporary file; the end merges the runs. Two outputs of a run use it:
// the snapshot's records, by match key (pkg/changes), and the Conflicts
// sheet's lines, by their place on the sheet (pkg/export).
package extsort

import (
	"bufio"
	"bytes"
	"cmp"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
)

// Sorter sorts byte records by (key, seq) in bounded memory. Its file is
// unlinked as soon as it is made, so a killed run leaves nothing behind.
// A Sorter is used by one goroutine.
//
// On disk each record is uvarint(len(key)) key uvarint(seq)
// uvarint(len(payload)) payload.
type Sorter struct {
	dir   string
	limit int // bytes buffered before a run is written

	arena []byte
	items []item
	f     *os.File
	path  string // f's name while the system keeps it (tempFile)
	w     *bufio.Writer
	runs  []run
	off   int64
	n     int
}

// item is one buffered record: its key and payload lie one after the
// other in the arena from off.
type item struct {
	off, klen, plen uint32
	seq             uint64
}

func (s *Sorter) key(it item) []byte { return s.arena[it.off : it.off+it.klen] }
func (s *Sorter) payload(it item) []byte {
	return s.arena[it.off+it.klen : it.off+it.klen+it.plen]
}

type run struct{ off, size int64 }

// New is a Sorter whose runs go to a temporary file in dir (the system's
// temporary folder when ""), each of about limit bytes (32 MB when 0).
func New(dir string, limit int) *Sorter {
	if limit <= 0 {
		limit = 32 << 20
	}
	s := &Sorter{dir: dir, limit: limit}
	select {
	case b := <-idleSortBuffers:
		s.arena, s.items = b.arena, b.items
	default:
	}
	return s
}

// idleSortBuffers are arenas and item lists of sorters done with, for the
// next: a split run compares each of its folders in turn (two sorters
// each), and growing new ones for each folder made garbage in proportion
// to the folders. Two are kept, each at most
// maxIdleArena (a folder's sort runs and the Conflicts lines' are 4 MB;
// the statewide snapshot's 8 MB arena is let go), so that little memory
// stays held.
var idleSortBuffers = make(chan sortBuffers, 2)

const maxIdleArena = 6 << 20

type sortBuffers struct {
	arena []byte
	items []item
}

// release gives the buffers back; the Sorter holds none after.
func (s *Sorter) release() {
	if s.arena != nil && cap(s.arena) <= maxIdleArena {
		select {
		case idleSortBuffers <- sortBuffers{s.arena[:0], s.items[:0]}:
		default:
		}
	}
	s.arena, s.items = nil, nil
}

// Add copies a record in.
func (s *Sorter) Add(key string, seq uint64, payload []byte) error {
	return add(s, key, seq, payload)
}

// AddBytes is Add with the key as bytes.
func (s *Sorter) AddBytes(key []byte, seq uint64, payload []byte) error {
	return add(s, key, seq, payload)
}

func add[K string | []byte](s *Sorter, key K, seq uint64, payload []byte) error {
	if len(s.arena)+len(key)+len(payload) > s.limit && len(s.items) > 0 {
		if err := s.spill(); err != nil {
			return err
		}
	}
	if len(key)+len(payload) > 1<<30 {
		return errors.New("extsort: record too large")
	}
	off := len(s.arena)
	s.arena = append(s.arena, key...)
	s.arena = append(s.arena, payload...)
	s.items = append(s.items, item{off: uint32(off), klen: uint32(len(key)), plen: uint32(len(payload)), seq: seq})
	s.n++
	return nil
}

// Len is how many records were added.
func (s *Sorter) Len() int { return s.n }

func (s *Sorter) sortItems() {
	slices.SortFunc(s.items, func(a, b item) int {
		return cmp.Or(compareBytes(s.key(a), s.key(b)), cmp.Compare(a.seq, b.seq))
	})
}

func compareBytes(a, b []byte) int { return bytes.Compare(a, b) }

// spill writes the buffer as one sorted run.
func (s *Sorter) spill() error {
	if s.f == nil {
		f, path, err := tempFile(s.dir)
		if err != nil {
			return err
		}
		s.path = path
		s.f, s.w = f, bufio.NewWriterSize(f, 1<<20)
	}
	s.sortItems()
	start := s.off
	var hdr [3 * binary.MaxVarintLen64]byte
	for _, it := range s.items {
		n := binary.PutUvarint(hdr[:], uint64(it.klen))
		s.w.Write(hdr[:n])
		s.w.Write(s.key(it))
		m := binary.PutUvarint(hdr[:], it.seq)
		m += binary.PutUvarint(hdr[m:], uint64(it.plen))
		s.w.Write(hdr[:m])
		if _, err := s.w.Write(s.payload(it)); err != nil {
			return fmt.Errorf("extsort: temporary file: %w", err)
		}
		s.off += int64(n + int(it.klen) + m + int(it.plen))
	}
	s.runs = append(s.runs, run{start, s.off - start})
	s.items = s.items[:0]
	s.arena = s.arena[:0]
	return nil
}

// sorted returns an iterator over every record in order. The Sorter takes
// no more records after it.
func (s *Sorter) Sorted() (*Merger, error) {
	m := &Merger{}
	if len(s.runs) == 0 {
		// Everything fits in memory: no file at all.
		s.sortItems()
		m.s, m.mem = s, s.items
		return m, nil
	}
	if len(s.items) > 0 {
		if err := s.spill(); err != nil {
			return nil, err
		}
	}
	if err := s.w.Flush(); err != nil {
		return nil, fmt.Errorf("extsort: temporary file: %w", err)
	}
	s.release()
	for _, r := range s.runs {
		c := &cursor{r: bufio.NewReaderSize(io.NewSectionReader(s.f, r.off, r.size), mergeBuffer)}
		ok, err := c.next()
		if err != nil {
			return nil, err
		}
		if ok {
			m.h = append(m.h, c)
		}
	}
	heap.Init(&m.h)
	return m, nil
}

func (s *Sorter) Close() {
	if s.f != nil {
		closeTemp(s.f, s.path)
		s.f, s.path = nil, ""
	}
	s.release()
}

// tempFile makes a temporary file in dir, unnamed at once where the
// system allows it, so that a killed run leaves nothing behind. Where it
// does not (Windows keeps an open file's name), path is its name, for
// closeTemp to remove.
func tempFile(dir string) (f *os.File, path string, err error) {
	f, err = os.CreateTemp(dir, "batch-sort-*")
	if err != nil {
		return nil, "", fmt.Errorf("extsort: temporary file: %w", err)
	}
	if os.Remove(f.Name()) != nil {
		path = f.Name()
	}
	return f, path, nil
}

// closeTemp closes a tempFile and removes it if it still has a name.
func closeTemp(f *os.File, path string) {
	f.Close()
	if path != "" {
		_ = os.Remove(path)
	}
}

// Merger yields the records of every run in (key, seq) order. The slices
// it returns are valid until the next call.
type Merger struct {
	s     *Sorter // the in-memory case: mem's bytes are in s.arena
	mem   []item
	h     cursorHeap
	first bool
	err   error
}

// next returns the next record; ok is false at the end.
func (m *Merger) Next() (key []byte, seq uint64, payload []byte, ok bool, err error) {
	if m.s != nil || len(m.h) == 0 {
		if len(m.mem) == 0 {
			return nil, 0, nil, false, nil
		}
		it := m.mem[0]
		m.mem = m.mem[1:]
		return m.s.key(it), it.seq, m.s.payload(it), true, nil
	}
	if m.first {
		// Advance the cursor handed out last time.
		c := m.h[0]
		more, err := c.next()
		if err != nil {
			return nil, 0, nil, false, err
		}
		if more {
			heap.Fix(&m.h, 0)
		} else {
			heap.Pop(&m.h)
		}
		if len(m.h) == 0 {
			return nil, 0, nil, false, nil
		}
	}
	m.first = true
	c := m.h[0]
	return c.key, c.seq, c.payload, true, nil
}

type cursor struct {
	r            *bufio.Reader
	key, payload []byte
	seq          uint64
}

var errCorruptTemp = errors.New("extsort: temporary file damaged")

func (c *cursor) next() (bool, error) {
	n, err := binary.ReadUvarint(c.r)
	if err == io.EOF {
		return false, nil
	}
	if err != nil || n > 1<<30 {
		return false, errCorruptTemp
	}
	c.key = grow(c.key, int(n))
	if _, err := io.ReadFull(c.r, c.key); err != nil {
		return false, errCorruptTemp
	}
	if c.seq, err = binary.ReadUvarint(c.r); err != nil {
		return false, errCorruptTemp
	}
	n, err = binary.ReadUvarint(c.r)
	if err != nil || n > 1<<30 {
		return false, errCorruptTemp
	}
	c.payload = grow(c.payload, int(n))
	if _, err := io.ReadFull(c.r, c.payload); err != nil {
		return false, errCorruptTemp
	}
	return true, nil
}

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

// mergeBuffer is each run's read buffer while the runs are merged. The
// runs grow with the rows, and their buffers together are live at the
// run's peak, the merge, so each is kept small; at 16 KB the reads are
// still a few thousand a second.
const mergeBuffer = 16 << 10

type cursorHeap []*cursor

func (h cursorHeap) Len() int { return len(h) }
func (h cursorHeap) Less(i, j int) bool {
	return cmp.Or(compareBytes(h[i].key, h[j].key), cmp.Compare(h[i].seq, h[j].seq)) < 0
}
func (h cursorHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *cursorHeap) Push(x any)   { *h = append(*h, x.(*cursor)) }
func (h *cursorHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}

// Set is a Sorter's result that can be read more than once: in
// memory when it never spilled, else one merged run in its own temporary
// file.
type Set struct {
	s    *Sorter
	mem  []item
	f    *os.File
	path string // f's name while the system keeps it (tempFile)
	size int64
}

// Finish sorts what was added into a Set; the Sorter is spent.
func (s *Sorter) Finish() (*Set, error) {
	if len(s.runs) == 0 {
		s.sortItems()
		return &Set{s: s, mem: s.items}, nil
	}
	m, err := s.Sorted()
	if err != nil {
		return nil, err
	}
	f, path, err := tempFile(s.dir)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var hdr [3 * binary.MaxVarintLen64]byte
	var size int64
	for {
		key, seq, payload, ok, err := m.Next()
		if err != nil {
			closeTemp(f, path)
			return nil, err
		}
		if !ok {
			break
		}
		n := binary.PutUvarint(hdr[:], uint64(len(key)))
		w.Write(hdr[:n])
		w.Write(key)
		k := binary.PutUvarint(hdr[:], seq)
		k += binary.PutUvarint(hdr[k:], uint64(len(payload)))
		w.Write(hdr[:k])
		if _, err := w.Write(payload); err != nil {
			closeTemp(f, path)
			return nil, fmt.Errorf("extsort: temporary file: %w", err)
		}
		size += int64(n + len(key) + k + len(payload))
	}
	if err := w.Flush(); err != nil {
		closeTemp(f, path)
		return nil, fmt.Errorf("extsort: temporary file: %w", err)
	}
	s.Close()
	return &Set{f: f, path: path, size: size}, nil
}

// Each calls fn with every record in order; the slices are valid during
// the call only.
func (ss *Set) Each(fn func(key []byte, payload []byte) error) error {
	if ss == nil {
		return nil
	}
	if ss.f == nil {
		for _, it := range ss.mem {
			if err := fn(ss.s.key(it), ss.s.payload(it)); err != nil {
				return err
			}
		}
		return nil
	}
	c := &cursor{r: bufio.NewReaderSize(io.NewSectionReader(ss.f, 0, ss.size), 1<<16)}
	for {
		ok, err := c.next()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		if err := fn(c.key, c.payload); err != nil {
			return err
		}
	}
}

func (ss *Set) Close() {
	if ss == nil {
		return
	}
	if ss.f != nil {
		closeTemp(ss.f, ss.path)
		ss.f, ss.path = nil, ""
	}
	if ss.s != nil {
		ss.s.Close()
	}
	ss.mem = nil
}
