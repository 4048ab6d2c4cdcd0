package export

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"batch/internal/extsort"
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
// before it. The lines are then kept in sorted runs of about runRecords in
// a temporary file and merged into the sheet at Commit.

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

// conflictRuns keeps the lines in sorted runs (internal/extsort), in
// memory until the first run is full, then in a temporary file, each
// under its place as the key.
type conflictRuns struct {
	dir   string
	max   int // lines a run holds, about: runRecords, fewer in tests
	lines *extsort.Sorter
	key   [8]byte
	enc   []byte
	line  conflictLine // each's, reused
}

// lineBytes is what a line is reckoned to take in a run: a run of
// runRecords lines is about 4 MB.
const lineBytes = 256

func (c *conflictRuns) add(l conflictLine) error {
	if c.lines == nil {
		c.lines = extsort.New(c.dir, max(c.max, 1)*lineBytes)
	}
	binary.BigEndian.PutUint64(c.key[:], uint64(l.pos))
	c.enc = encodeLine(c.enc[:0], &l)
	if err := c.lines.AddBytes(c.key[:], 0, c.enc); err != nil {
		return fmt.Errorf("export: conflicts: %w", err)
	}
	return nil
}

// each calls emit with every line in sorted order.
func (c *conflictRuns) each(emit func(*conflictLine) error) error {
	if c.lines == nil {
		return nil
	}
	m, err := c.lines.Sorted()
	if err != nil {
		return fmt.Errorf("export: conflicts: %w", err)
	}
	for {
		key, _, payload, ok, err := m.Next()
		if err != nil {
			return fmt.Errorf("export: conflicts: %w", err)
		}
		if !ok {
			return nil
		}
		if err := decodeLine(key, payload, &c.line); err != nil {
			return err
		}
		if err := emit(&c.line); err != nil {
			return err
		}
	}
}

func (c *conflictRuns) close() {
	if c.lines != nil {
		c.lines.Close()
		c.lines = nil
	}
}

// encodeLine is a line but its place, which is its key.
func encodeLine(b []byte, l *conflictLine) []byte {
	b = append(b, byte(l.severity))
	for _, s := range l.cols {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendVarint(b, int64(l.next))
	b = binary.AppendUvarint(b, uint64(l.vacRow))
	return binary.AppendUvarint(b, uint64(l.vacPart))
}

var errCorruptLine = errors.New("export: conflicts: the temporary file is damaged")

// decodeLine reads a line back; its texts are cut from one string of the
// payload (one allocation a line, not one a column).
func decodeLine(key, payload []byte, l *conflictLine) error {
	if len(key) != 8 || len(payload) == 0 {
		return errCorruptLine
	}
	l.pos = int(binary.BigEndian.Uint64(key))
	l.severity = compute.Severity(payload[0])
	rec := string(payload)
	i := 1
	for k := range l.cols {
		n, w := binary.Uvarint(payload[i:])
		if w <= 0 || n > uint64(len(payload)-i-w) {
			return errCorruptLine
		}
		i += w
		l.cols[k] = rec[i : i+int(n)]
		i += int(n)
	}
	next, w := binary.Varint(payload[i:])
	if w <= 0 {
		return errCorruptLine
	}
	i += w
	row, w := binary.Uvarint(payload[i:])
	if w <= 0 {
		return errCorruptLine
	}
	i += w
	part, w := binary.Uvarint(payload[i:])
	if w <= 0 || i+w != len(payload) {
		return errCorruptLine
	}
	l.next, l.vacRow, l.vacPart = int32(next), int(row), int(part)
	return nil
}
