package export

import (
	"bufio"
	"cmp"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"batch/pkg/compute"
)

// The Conflicts sheet lists the conflicts worst first: by severity (error,
// warning, info), then by the vacancy's next open deadline (soonest first,
// none last), then in input order. The vacancies arrive in input order,
// and a highlighted vacancy's row links to its most severe line on
// Conflicts, so each conflict's line must be known when its vacancy's row
// is written, and the lines themselves written in order later, without
// holding every conflict in memory.
//
// Counting first makes that possible. Every conflict's sort key is its
// severity and its vacancy's next deadline, both known when the vacancy's
// deadlines are written (Writer.Deadlines, while the inputs are read);
// a conflict the pipeline adds afterwards is announced with
// ExpectConflict. Once every key is counted, a conflict's place is the
// number of conflicts with a smaller key, plus those of its key that came
// before it. The lines are then kept in sorted runs of runRecords in a
// temporary file and merged into the sheet at Commit.

// runRecords is how many conflict lines a run holds in memory before it is
// sorted and written out.
const runRecords = 16384

// conflictKey is what the Conflicts sheet sorts on before input order.
type conflictKey struct {
	severity compute.Severity
	next     int32 // the vacancy's next deadline as a serial day, 0 for none
}

func keyCompare(a, b conflictKey) int {
	if c := cmp.Compare(b.severity, a.severity); c != 0 { // the worst first
		return c
	}
	switch {
	case a.next == b.next:
		return 0
	case a.next == 0: // no open deadline: last
		return 1
	case b.next == 0:
		return -1
	}
	return cmp.Compare(a.next, b.next)
}

func serialOf(d compute.Date) int32 {
	if d.IsZero() {
		return 0
	}
	return int32(excelSerial(d))
}

// conflictOrder places each conflict on the sorted Conflicts sheet.
type conflictOrder struct {
	counts  map[conflictKey]int
	next    []int32 // by vacancy (input order): its next deadline, for ExpectConflict
	base    map[conflictKey]int
	seen    map[conflictKey]int
	total   int
	settled bool
}

func newConflictOrder() *conflictOrder {
	return &conflictOrder{counts: map[conflictKey]int{}}
}

// count records the conflicts of the seq-th vacancy, as its deadlines are
// written; seq comes in order from 0.
func (o *conflictOrder) count(seq int, r *compute.Result) error {
	if o.settled {
		return errors.New("export: a vacancy's deadlines after the first Result")
	}
	if seq != len(o.next) {
		return fmt.Errorf("export: vacancy %d's deadlines out of order", seq)
	}
	next := serialOf(r.NextDeadlineDate)
	o.next = append(o.next, next)
	for i := range r.Conflicts {
		o.counts[conflictKey{r.Conflicts[i].Severity, next}]++
	}
	return nil
}

// expect records one more conflict of the seq-th vacancy.
func (o *conflictOrder) expect(seq int, s compute.Severity) error {
	if o.settled {
		return errors.New("export: ExpectConflict after the first Result")
	}
	if seq < 0 || seq >= len(o.next) {
		return fmt.Errorf("export: ExpectConflict for vacancy %d, whose deadlines were not written", seq)
	}
	o.counts[conflictKey{s, o.next[seq]}]++
	return nil
}

// revise moves one counted conflict of the seq-th vacancy from severity
// from to severity to.
func (o *conflictOrder) revise(seq int, from, to compute.Severity) error {
	if o.settled {
		return errors.New("export: ReviseConflict after the first Result")
	}
	if seq < 0 || seq >= len(o.next) {
		return fmt.Errorf("export: ReviseConflict for vacancy %d, whose deadlines were not written", seq)
	}
	k := conflictKey{from, o.next[seq]}
	if o.counts[k] == 0 {
		return fmt.Errorf("export: ReviseConflict of vacancy %d: no %s conflict was counted", seq, from)
	}
	o.counts[k]--
	o.counts[conflictKey{to, o.next[seq]}]++
	return nil
}

// settle fixes where each key's lines begin, once everything is counted.
func (o *conflictOrder) settle() {
	keys := make([]conflictKey, 0, len(o.counts))
	for k := range o.counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, keyCompare)
	o.base = make(map[conflictKey]int, len(keys))
	o.seen = make(map[conflictKey]int, len(keys))
	at := 0
	for _, k := range keys {
		o.base[k] = at
		at += o.counts[k]
	}
	o.total = at
	o.next = nil
	o.settled = true
}

// place is the sorted position (from 0) of the next conflict of key k.
func (o *conflictOrder) place(k conflictKey) (int, error) {
	n := o.seen[k]
	if n >= o.counts[k] {
		return 0, fmt.Errorf("export: a %s conflict that no Deadlines call or ExpectConflict announced", k.severity)
	}
	o.seen[k] = n + 1
	return o.base[k] + n, nil
}

// complete reports whether every announced conflict came.
func (o *conflictOrder) complete() error {
	for k, n := range o.counts {
		if o.seen[k] != n {
			return fmt.Errorf("export: %d %s conflicts announced, %d came", n, k.severity, o.seen[k])
		}
	}
	return nil
}

// conflictLine is one Conflicts line waiting for its place.
type conflictLine struct {
	pos      int
	severity compute.Severity
	cols     [7]string // vacancy_id, source, severity, code, field, message, citation
	next     int32     // next_deadline_date
	vacRow   int       // the vacancy's row on Vacancies
	vacPart  int       // and which part of it (0 = "Vacancies")
}

// conflictRuns keeps the lines in sorted runs, in memory until the first
// run is full, then in a temporary file.
type conflictRuns struct {
	dir  string
	max  int // lines a run holds: runRecords, fewer in tests
	mem  []conflictLine
	file *os.File
	buf  *bufio.Writer
	runs []run // offsets in file
	at   int64
	enc  []byte
}

type run struct{ from, to int64 }

func (c *conflictRuns) add(l conflictLine) error {
	c.mem = append(c.mem, l)
	if len(c.mem) >= c.max {
		return c.spill()
	}
	return nil
}

// spill writes the lines held as one sorted run.
func (c *conflictRuns) spill() error {
	if len(c.mem) == 0 {
		return nil
	}
	if c.file == nil {
		f, err := os.CreateTemp(c.dir, "conflicts-*")
		if err != nil {
			return fmt.Errorf("export: conflicts: %w", err)
		}
		c.file, c.buf = f, bufio.NewWriterSize(f, 256<<10)
	}
	slices.SortFunc(c.mem, func(a, b conflictLine) int { return cmp.Compare(a.pos, b.pos) })
	from := c.at
	for i := range c.mem {
		c.enc = encodeLine(c.enc[:0], &c.mem[i])
		n, err := c.buf.Write(c.enc)
		if err != nil {
			return fmt.Errorf("export: conflicts: %w", err)
		}
		c.at += int64(n)
	}
	c.runs = append(c.runs, run{from, c.at})
	c.mem = c.mem[:0]
	return nil
}

// each calls emit with every line in sorted order.
func (c *conflictRuns) each(emit func(*conflictLine) error) error {
	if c.file == nil { // everything fitted in memory
		slices.SortFunc(c.mem, func(a, b conflictLine) int { return cmp.Compare(a.pos, b.pos) })
		for i := range c.mem {
			if err := emit(&c.mem[i]); err != nil {
				return err
			}
		}
		return nil
	}
	if err := c.spill(); err != nil {
		return err
	}
	if err := c.buf.Flush(); err != nil {
		return fmt.Errorf("export: conflicts: %w", err)
	}
	m := &merge{}
	for _, r := range c.runs {
		src := &runReader{r: bufio.NewReaderSize(io.NewSectionReader(c.file, r.from, r.to-r.from), 32<<10)}
		if src.next() {
			m.srcs = append(m.srcs, src)
		} else if src.err != nil {
			return src.err
		}
	}
	heap.Init(m)
	for m.Len() > 0 {
		top := m.srcs[0]
		if err := emit(&top.line); err != nil {
			return err
		}
		if top.next() {
			heap.Fix(m, 0)
		} else {
			if top.err != nil {
				return top.err
			}
			heap.Pop(m)
		}
	}
	return nil
}

func (c *conflictRuns) close() {
	if c.file != nil {
		c.file.Close()
		_ = os.Remove(c.file.Name())
		c.file = nil
	}
}

func encodeLine(b []byte, l *conflictLine) []byte {
	b = binary.AppendUvarint(b, uint64(l.pos))
	b = append(b, byte(l.severity))
	for _, s := range l.cols {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendVarint(b, int64(l.next))
	b = binary.AppendUvarint(b, uint64(l.vacRow))
	return binary.AppendUvarint(b, uint64(l.vacPart))
}

type runReader struct {
	r    *bufio.Reader
	line conflictLine
	err  error
}

// next reads the run's next line; false at its end or on error.
func (s *runReader) next() bool {
	pos, err := binary.ReadUvarint(s.r)
	if err == io.EOF {
		return false
	}
	fail := func(err error) bool {
		s.err = fmt.Errorf("export: conflicts: reading the temporary file: %w", err)
		return false
	}
	if err != nil {
		return fail(err)
	}
	l := &s.line
	l.pos = int(pos)
	sev, err := s.r.ReadByte()
	if err != nil {
		return fail(err)
	}
	l.severity = compute.Severity(sev)
	for i := range l.cols {
		n, err := binary.ReadUvarint(s.r)
		if err != nil {
			return fail(err)
		}
		if n > 1<<28 {
			return fail(errors.New("corrupt record"))
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(s.r, b); err != nil {
			return fail(err)
		}
		l.cols[i] = string(b)
	}
	next, err := binary.ReadVarint(s.r)
	if err != nil {
		return fail(err)
	}
	row, err := binary.ReadUvarint(s.r)
	if err != nil {
		return fail(err)
	}
	part, err := binary.ReadUvarint(s.r)
	if err != nil {
		return fail(err)
	}
	l.next, l.vacRow, l.vacPart = int32(next), int(row), int(part)
	return true
}

// merge is a heap of runs by their current line's place.
type merge struct{ srcs []*runReader }

func (m *merge) Len() int           { return len(m.srcs) }
func (m *merge) Less(i, j int) bool { return m.srcs[i].line.pos < m.srcs[j].line.pos }
func (m *merge) Swap(i, j int)      { m.srcs[i], m.srcs[j] = m.srcs[j], m.srcs[i] }
func (m *merge) Push(x any)         { m.srcs = append(m.srcs, x.(*runReader)) }
func (m *merge) Pop() any {
	x := m.srcs[len(m.srcs)-1]
	m.srcs = m.srcs[:len(m.srcs)-1]
	return x
}
