package xlsx

import (
	"encoding/binary"
	"errors"
)

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

var errCorruptRow = errors.New("the temporary file is damaged")

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
