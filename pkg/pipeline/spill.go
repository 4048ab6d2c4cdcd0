package pipeline

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"batch/pkg/compute"
	"batch/pkg/ingest"
)

// The spill file holds phase one's rows, in input order, between the two
// phases, so that memory does not grow with the input: a million rows never
// sit in memory at once. It is unlinked as soon as it is created, so even a
// killed run leaves nothing behind.
//
// Record layout (all integers uvarint/varint, strings length-prefixed),
// after the record's own length (uvarint):
//
//	kind (0 accepted, 1 rejected), source, then
//	rejected: count, then each problem's column, value, message; then
//	both: the vacancy's fields in declaration order (what could be read
//	of a rejected row), extras
type spill struct {
	f   *os.File
	w   *bufio.Writer
	n   int   // records written
	off int64 // bytes written
	enc encoder
}

// spillRef is where one record is in the spill: a split reads its slices'
// rows back by it (split.go).
type spillRef struct {
	off int64  // where the record starts, after its length
	n   uint32 // its length
	ord int32  // the accepted row's ordinal; -1 for a rejected row
}

func newSpill() (*spill, error) {
	f, err := os.CreateTemp("", "batch-spill-*")
	if err != nil {
		return nil, fmt.Errorf("pipeline: temporary file: %w", err)
	}
	// Unlinked at once: the open descriptor keeps the data; a crash leaves
	// no file.
	_ = os.Remove(f.Name())
	return &spill{f: f, w: bufio.NewWriterSize(f, 1<<20)}, nil
}

func (s *spill) close() { s.f.Close() }

// putRef appends one item and says where it went.
func (s *spill) putRef(it *ingest.Item) (spillRef, error) {
	e := &s.enc
	e.buf = e.buf[:0]
	if len(it.Problems) > 0 {
		e.uint(1)
		e.source(it.Vacancy.Source)
		e.uint(uint64(len(it.Problems)))
		for _, p := range it.Problems { // problemFields strings each
			e.str(p.Column)
			e.str(p.Value)
			e.str(p.Message)
			e.str(p.Code)
		}
	} else {
		e.uint(0)
		e.source(it.Vacancy.Source)
	}
	// A rejected row keeps what could be read of it too: the comparison
	// with the last run matches it by its vacancy_id or seat.
	v := &it.Vacancy
	e.str(v.ID)
	e.str(v.Office)
	e.str(string(v.Class))
	e.str(v.District)
	e.str(v.County)
	e.str(v.Incumbent)
	e.str(string(v.Cause))
	e.date(v.EventDate)
	e.date(v.TermStart)
	e.date(v.TermEnd)
	e.uint(uint64(v.Appointable))
	e.date(v.ProclamationDate)
	e.date(v.SpecialElectionDate)
	e.date(v.SpecialSessionDate)
	e.int(int64(v.NextFullTermYear))
	e.str(v.Notes)
	e.uint(uint64(v.VillageElectionMonth))
	e.date(v.VillageElectionDate)
	e.bool(v.NoVillageElection)
	e.bool(v.ClassDerived)
	e.uint(uint64(len(v.Suggested)))
	for _, c := range v.Suggested {
		e.str(string(c))
	}
	e.uint(uint64(len(v.Extra)))
	for _, f := range v.Extra {
		e.str(f.Name)
		e.str(f.Value)
	}
	e.uint(uint64(len(v.Read)))
	for _, c := range v.Read {
		e.str(c.Code)
		e.uint(uint64(c.Severity))
		e.str(c.Field)
		e.str(c.Message)
		e.str(c.Citation)
	}
	if len(e.buf) > maxRecord {
		return spillRef{}, fmt.Errorf("pipeline: temporary file: a row of %d bytes, more than %d", len(e.buf), maxRecord)
	}
	var head [binary.MaxVarintLen64]byte
	h := binary.PutUvarint(head[:], uint64(len(e.buf)))
	s.n++
	ref := spillRef{off: s.off + int64(h), n: uint32(len(e.buf)), ord: -1}
	s.off += int64(h + len(e.buf))
	if _, err := s.w.Write(head[:h]); err != nil {
		return ref, fmt.Errorf("pipeline: temporary file: %w", err)
	}
	if _, err := s.w.Write(e.buf); err != nil {
		return ref, fmt.Errorf("pipeline: temporary file: %w", err)
	}
	if cap(e.buf) > 1<<20 {
		e.buf = nil // a huge row's buffer is not kept
	}
	return ref, nil
}

// flush makes every record written so far readable by readAt.
func (s *spill) flush() error {
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("pipeline: temporary file: %w", err)
	}
	return nil
}

// readAt reads the record ref points at into it, once flushed, with buf
// as its buffer (returned, grown if need be). Several goroutines may read
// at once, and while the spill is read from the start (rewind): each
// read names its own offset.
func (s *spill) readAt(ref spillRef, buf []byte, it *ingest.Item) ([]byte, error) {
	if cap(buf) < int(ref.n) {
		buf = make([]byte, ref.n)
	}
	b := buf[:ref.n]
	if _, err := s.f.ReadAt(b, ref.off); err != nil {
		return buf, fmt.Errorf("pipeline: reading temporary file: %w", err)
	}
	return buf, decodeRecord(b, it)
}

// maxRecord bounds one row's record: far more than any row ingest
// accepts (its cells are bounded), so that a damaged length is caught.
const maxRecord = 1 << 30

// decodeRecord decodes one record's bytes into it. Its strings are
// substrings of one copy of the record: a row's ~50 strings as ~50
// allocations were a large share of a run's allocated objects.
func decodeRecord(b []byte, it *ingest.Item) error {
	d := decoder{b: b, s: string(b)}
	if err := decodeItem(&d, it); err != nil {
		return err
	}
	if d.i != len(b) {
		return fmt.Errorf("pipeline: reading temporary file: %w", errCorrupt)
	}
	return nil
}

// rewind ends writing and returns a reader over every record from the
// start.
func (s *spill) rewind() (*spillReader, error) {
	if err := s.w.Flush(); err != nil {
		return nil, fmt.Errorf("pipeline: temporary file: %w", err)
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("pipeline: temporary file: %w", err)
	}
	return &spillReader{r: bufio.NewReaderSize(s.f, 1<<20), left: s.n}, nil
}

type spillReader struct {
	r    *bufio.Reader
	left int
	buf  []byte
	err  error
}

// next reads one item; false at the end or on error (see err).
func (sr *spillReader) next(it *ingest.Item) bool {
	if !sr.nextBytes() {
		return false
	}
	if err := decodeRecord(sr.buf, it); err != nil {
		sr.err = err
		return false
	}
	return true
}

// nextBytes reads the next record's bytes into sr.buf; false at the end
// or on error (see err).
func (sr *spillReader) nextBytes() bool {
	if sr.left == 0 || sr.err != nil {
		return false
	}
	sr.left--
	n, err := binary.ReadUvarint(sr.r)
	if err == nil && n > maxRecord {
		err = errCorrupt
	}
	if err == nil {
		if cap(sr.buf) < int(n) {
			sr.buf = make([]byte, n)
		}
		sr.buf = sr.buf[:n]
		_, err = io.ReadFull(sr.r, sr.buf)
	}
	if err != nil {
		sr.err = fmt.Errorf("pipeline: reading temporary file: %w", err)
		return false
	}
	return true
}

// spillHead is the start of a record: whether the row was rejected, its
// source and its vacancy_id.
type spillHead struct {
	rejected bool
	source   compute.Source
	id       []byte // valid until the next call of nextHead
}

// nextHead reads the next record's head only, skipping the rest: the
// passes that look up a few rows' labels between the phases need no more.
// Decoding every field of every row there, on one CPU, was a visible cost
// of each pass. The source's file and sheet, the same on row after row,
// are made strings once for each run of rows that share them.
// problemFields is how many strings a spilled problem is: its column,
// value, message and code.
const problemFields = 4

func (sr *spillReader) nextHead(h *spillHead) bool {
	if !sr.nextBytes() {
		return false
	}
	d := decoder{b: sr.buf}
	kind := d.uint()
	file, sheet := d.bytes(), d.bytes()
	row := d.int()
	if kind == 1 {
		n := d.uint()
		for i := uint64(0); i < n*problemFields && d.err == nil; i++ {
			d.bytes()
		}
	}
	id := d.bytes()
	if d.err != nil {
		sr.err = fmt.Errorf("pipeline: reading temporary file: %w", d.err)
		return false
	}
	h.rejected = kind == 1
	if string(file) != h.source.File {
		h.source.File = string(file)
	}
	if string(sheet) != h.source.Sheet {
		h.source.Sheet = string(sheet)
	}
	h.source.Row = int(row)
	h.id = id
	return true
}

// decodeItem reads one record.
func decodeItem(d *decoder, it *ingest.Item) error {
	*it = ingest.Item{}
	kind := d.uint()
	it.Vacancy.Source = d.source()
	if kind == 1 {
		n := d.uint()
		if n > 1<<20 {
			d.err = errCorrupt
		}
		for i := uint64(0); i < n && d.err == nil; i++ {
			it.Problems = append(it.Problems, compute.Problem{
				Source: it.Vacancy.Source, Column: d.str(), Value: d.str(), Message: d.str(), Code: d.str(),
			})
		}
	}
	v := &it.Vacancy
	v.ID = d.str()
	v.Office = d.str()
	v.Class = compute.OfficeClass(d.str())
	v.District = d.str()
	v.County = d.str()
	v.Incumbent = d.str()
	v.Cause = compute.Cause(d.str())
	v.EventDate = d.date()
	v.TermStart = d.date()
	v.TermEnd = d.date()
	v.Appointable = compute.YesNo(d.uint())
	v.ProclamationDate = d.date()
	v.SpecialElectionDate = d.date()
	v.SpecialSessionDate = d.date()
	v.NextFullTermYear = int(d.int())
	v.Notes = d.str()
	v.VillageElectionMonth = int(d.uint())
	v.VillageElectionDate = d.date()
	v.NoVillageElection = d.uint() != 0
	v.ClassDerived = d.uint() != 0
	if k := d.uint(); k > 0 && k <= 64 {
		v.Suggested = make([]compute.OfficeClass, k)
		for i := range v.Suggested {
			v.Suggested[i] = compute.OfficeClass(d.str())
		}
	} else if k > 64 {
		d.err = errCorrupt
	}
	n := d.uint()
	if n > 1<<20 {
		d.err = errCorrupt
	}
	if n > 0 && d.err == nil {
		v.Extra = make([]compute.Field, n)
		for i := range v.Extra {
			v.Extra[i] = compute.Field{Name: d.str(), Value: d.str()}
		}
	}
	if n := d.uint(); n > 0 && d.err == nil {
		if n > 1<<10 {
			d.err = errCorrupt
		} else {
			v.Read = make([]compute.Conflict, n)
			for i := range v.Read {
				v.Read[i] = compute.Conflict{Code: d.str(), Severity: compute.Severity(d.uint()), Field: d.str(), Message: d.str(), Citation: d.str()}
			}
		}
	}
	if d.err != nil {
		return fmt.Errorf("pipeline: reading temporary file: %w", d.err)
	}
	return nil
}

type encoder struct{ buf []byte }

func (e *encoder) uint(n uint64) { e.buf = binary.AppendUvarint(e.buf, n) }

func (e *encoder) bool(b bool) {
	if b {
		e.uint(1)
	} else {
		e.uint(0)
	}
}
func (e *encoder) int(n int64) { e.buf = binary.AppendVarint(e.buf, n) }
func (e *encoder) str(s string) {
	e.uint(uint64(len(s)))
	e.buf = append(e.buf, s...)
}
func (e *encoder) date(d compute.Date) {
	e.int(int64(d.Year))
	e.uint(uint64(d.Month))
	e.uint(uint64(d.Day))
}
func (e *encoder) source(s compute.Source) {
	e.str(s.File)
	e.str(s.Sheet)
	e.int(int64(s.Row))
}

// decoder reads a record's fields from b; its strings are cut from s,
// the same bytes as one string.
type decoder struct {
	b   []byte
	s   string
	i   int
	err error
}

var errCorrupt = errors.New("corrupt record")

func (d *decoder) uint() uint64 {
	if d.err != nil {
		return 0
	}
	n, k := binary.Uvarint(d.b[d.i:])
	if k <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.i += k
	return n
}

func (d *decoder) int() int64 {
	if d.err != nil {
		return 0
	}
	n, k := binary.Varint(d.b[d.i:])
	if k <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.i += k
	return n
}

func (d *decoder) str() string {
	n := d.uint()
	if d.err != nil || n == 0 {
		return ""
	}
	if n > uint64(len(d.b)-d.i) {
		d.err = errCorrupt
		return ""
	}
	v := d.s[d.i : d.i+int(n)]
	d.i += int(n)
	return v
}

// bytes is str without making a string.
func (d *decoder) bytes() []byte {
	n := d.uint()
	if d.err != nil || n == 0 {
		return nil
	}
	if n > uint64(len(d.b)-d.i) {
		d.err = errCorrupt
		return nil
	}
	v := d.b[d.i : d.i+int(n)]
	d.i += int(n)
	return v
}

func (d *decoder) date() compute.Date {
	return compute.Date{Year: int(d.int()), Month: time.Month(d.uint()), Day: int(d.uint())}
}

func (d *decoder) source() compute.Source {
	return compute.Source{File: d.str(), Sheet: d.str(), Row: int(d.int())}
}
