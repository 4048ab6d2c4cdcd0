// Package strmemo remembers what the outputs' hot paths worked out about
// a text (that it needs no escaping, quoting or guard; how many lines it
// wraps to), so that they skip scanning it again.
//
// The law's texts repeat on every row: a vacancy's ten deadline rows
// carry the same codes, kinds, reasons, citations and editions, most of
// them the very same string values. Scanning them in three places (the
// injection guard, CSV quoting, XML escaping) and wrapping them for row
// heights, again and again for texts whose answer had not changed, was a
// large part of the outputs' CPU.
package strmemo

// Map keeps a value for each of a few strings, two to each of 64 slots:
// a string found in it was put before, unless pushed out since by two
// others that map to its slot. Looking one up costs a comparison or two,
// and none of the bytes when it is the same string value as the one kept
// (the same pointer and length). The zero Map is empty and ready; it is
// not safe for use by several goroutines at once.
type Map[V any] struct {
	slot [slots][2]entry[V] // [0] the one put last
}

type entry[V any] struct {
	s string
	v V
}

// Set is a Map of strings alone.
type Set struct{ m Map[struct{}] }

const (
	slotBits = 6
	slots    = 1 << slotBits
)

// MinLen is the shortest string kept: a shorter one is cheaper to work
// on again than to look up (and keeping it costs a pointer store, with
// the collector's write barrier while it marks).
const MinLen = 16

// index spreads strings of at least MinLen bytes over the slots by their
// length and first and last eight bytes, mixed by a multiplication.
func index(s string) int {
	n := len(s)
	h := uint64(n) ^ load64(s) ^ load64(s[n-8:])*0x9E3779B97F4A7C15
	return int((h * 0xBF58476D1CE4E5B9) >> (64 - slotBits))
}

func load64(s string) uint64 {
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// Get is the value put for s, if it is still kept. A string shorter than
// MinLen is never kept.
func (m *Map[V]) Get(s string) (v V, ok bool) {
	if len(s) < MinLen {
		return v, false
	}
	w := &m.slot[index(s)]
	switch s {
	case w[0].s:
		return w[0].v, true
	case w[1].s:
		return w[1].v, true
	}
	return v, false
}

// Put keeps v for s, pushing out the older of the two strings kept in its
// slot; a string shorter than MinLen is not kept.
func (m *Map[V]) Put(s string, v V) {
	if len(s) < MinLen {
		return
	}
	w := &m.slot[index(s)]
	w[1], w[0] = w[0], entry[V]{s, v}
}

// Has reports whether s was added and is still kept.
func (m *Set) Has(s string) bool {
	_, ok := m.m.Get(s)
	return ok
}

// Add keeps s (see Map.Put).
func (m *Set) Add(s string) { m.m.Put(s, struct{}{}) }
