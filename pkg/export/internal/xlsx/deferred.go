package xlsx

import (
	"encoding/binary"
	"errors"
	"fmt"

	"batch/internal/extsort"
)

// deferredRows are a table's rows held back (Table.Hold) to follow the
// rows written as they come (the Deadlines sheet leads with the rows
// someone must still act on). They wait in a sorter's runs
// (internal/extsort), in memory up to a limit and in a temporary file
// past it, keyed by their order of arrival, so that memory stays flat
// however many rows wait.
type deferredRows struct {
	dir   string
	limit int // bytes held in memory before a run is written (Options.HoldBytes)
	rows  *extsort.Sorter
	seq   uint64
	enc   []byte
	out   []cell // each's, reused
}

// add keeps a row's cells (copied) until each.
func (d *deferredRows) add(cells []cell) error {
	if d.rows == nil {
		d.rows = extsort.New(d.dir, d.limit)
	}
	d.enc = encodeCells(d.enc[:0], cells)
	if err := d.rows.Add("", d.seq, d.enc); err != nil {
		return fmt.Errorf("export: results.xlsx: rows held back: %w", err)
	}
	d.seq++
	return nil
}

// each calls emit with every waiting row, in the order they came.
func (d *deferredRows) each(emit func([]cell) error) error {
	if d.rows == nil {
		return nil
	}
	m, err := d.rows.Sorted()
	if err != nil {
		return fmt.Errorf("export: results.xlsx: rows held back: %w", err)
	}
	for {
		_, _, payload, ok, err := m.Next()
		if err != nil {
			return fmt.Errorf("export: results.xlsx: rows held back: %w", err)
		}
		if !ok {
			return nil
		}
		if d.out, err = decodeCells(d.out[:0], payload); err != nil {
			return err
		}
		if err := emit(d.out); err != nil {
			return err
		}
	}
}

func (d *deferredRows) close() {
	if d.rows != nil {
		d.rows.Close()
		d.rows = nil
	}
}

// encodeCells is a row's cells: kind, style, number, text and formula each.
func encodeCells(b []byte, cells []cell) []byte {
	b = binary.AppendUvarint(b, uint64(len(cells)))
	for _, c := range cells {
		b = append(b, byte(c.kind))
		b = binary.AppendUvarint(b, uint64(c.style))
		b = binary.AppendVarint(b, int64(c.n))
		b = binary.AppendUvarint(b, uint64(len(c.text)))
		b = append(b, c.text...)
		b = binary.AppendUvarint(b, uint64(len(c.formula)))
		b = append(b, c.formula...)
	}
	return b
}

var errCorruptRow = errors.New("export: results.xlsx: rows held back: the temporary file is damaged")

// decodeCells reads a row back into out; its texts are cut from one
// string of the payload.
func decodeCells(out []cell, payload []byte) ([]cell, error) {
	rec := string(payload)
	i := 0
	uv := func() (uint64, bool) {
		n, w := binary.Uvarint(payload[i:])
		if w <= 0 {
			return 0, false
		}
		i += w
		return n, true
	}
	str := func() (string, bool) {
		n, ok := uv()
		if !ok || n > uint64(len(payload)-i) {
			return "", false
		}
		s := rec[i : i+int(n)]
		i += int(n)
		return s, true
	}
	count, ok := uv()
	if !ok || count > uint64(len(payload)) {
		return out, errCorruptRow
	}
	for k := uint64(0); k < count; k++ {
		if i >= len(payload) {
			return out, errCorruptRow
		}
		c := cell{kind: cellOut(payload[i])}
		i++
		style, ok1 := uv()
		n, w := binary.Varint(payload[i:])
		if !ok1 || w <= 0 {
			return out, errCorruptRow
		}
		i += w
		text, ok2 := str()
		formula, ok3 := str()
		if !ok2 || !ok3 {
			return out, errCorruptRow
		}
		c.style, c.n, c.text, c.formula = int(style), int(n), text, formula
		out = append(out, c)
	}
	if i != len(payload) {
		return out, errCorruptRow
	}
	return out, nil
}
