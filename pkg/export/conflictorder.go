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
// The Plan's counts make that possible: every conflict's sort key is its
// severity and its vacancy's next deadline, and the pipeline counts the
// keys while it reads the inputs (ConflictCounts). A conflict's place is
// then the number of conflicts with a smaller key, plus those of its key
// that came before it. The lines are kept in sorted runs of about
// runRecords in a temporary file and merged into the sheet at Commit.

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

// ConflictCounts counts conflicts by the key the Conflicts sheet sorts
// them on. The zero value is empty and ready.
type ConflictCounts struct{ n map[conflictKey]int }

// Add counts n conflicts of severity s of a vacancy whose next open
// deadline is next (zero: none).
func (c *ConflictCounts) Add(s compute.Severity, next compute.Date, n int) {
	if n == 0 {
		return
	}
	if c.n == nil {
		c.n = map[conflictKey]int{}
	}
	c.n[conflictKey{s, serialOf(next)}] += n
}

// conflictOrder places each conflict on the sorted Conflicts sheet.
type conflictOrder struct {
	counts map[conflictKey]int
	base   map[conflictKey]int // where each key's lines begin
	seen   map[conflictKey]int
}

// newConflictOrder fixes where each key's lines begin.
func newConflictOrder(c ConflictCounts) *conflictOrder {
	keys := make([]conflictKey, 0, len(c.n))
	for k := range c.n {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, keyCompare)
	o := &conflictOrder{counts: c.n, base: make(map[conflictKey]int, len(keys)), seen: make(map[conflictKey]int, len(keys))}
	at := 0
	for _, k := range keys {
		o.base[k] = at
		at += c.n[k]
	}
	return o
}

// place is the sorted position (from 0) of the next conflict of key k.
func (o *conflictOrder) place(k conflictKey) (int, error) {
	n := o.seen[k]
	if n >= o.counts[k] {
		return 0, fmt.Errorf("export: a %s conflict the Plan did not count", k.severity)
	}
	o.seen[k] = n + 1
	return o.base[k] + n, nil
}

// complete reports whether every conflict the Plan counted came.
func (o *conflictOrder) complete() error {
	for k, n := range o.counts {
		if o.seen[k] != n {
			return fmt.Errorf("export: the Plan counted %d %s conflicts, %d came", n, k.severity, o.seen[k])
		}
	}
	return nil
}

// conflictLine is one Conflicts line waiting for its place: what its row
// is made of (conflictOf), through the temporary file.
type conflictLine struct {
	pos     int
	id, src string           // the vacancy's id and source
	c       compute.Conflict // the conflict
	next    int32            // next_deadline_date
	vacRow  int              // the vacancy's row on Vacancies
	vacPart int              // and which part of it (0 = "Vacancies")
}

// texts are the line's strings, in the temporary file's order.
func (l *conflictLine) texts() [6]*string {
	return [6]*string{&l.id, &l.src, &l.c.Code, &l.c.Field, &l.c.Message, &l.c.Citation}
}

// row is what the line's Conflicts row is made of.
func (l *conflictLine) row() conflictOf {
	return conflictOf{id: l.id, src: text(l.src), c: &l.c, next: dateOfSerial(l.next)}
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
	b = append(b, byte(l.c.Severity))
	for _, s := range l.texts() {
		b = binary.AppendUvarint(b, uint64(len(*s)))
		b = append(b, *s...)
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
	l.c.Severity = compute.Severity(payload[0])
	rec := string(payload)
	i := 1
	for _, s := range l.texts() {
		n, w := binary.Uvarint(payload[i:])
		if w <= 0 || n > uint64(len(payload)-i-w) {
			return errCorruptLine
		}
		i += w
		*s = rec[i : i+int(n)]
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
