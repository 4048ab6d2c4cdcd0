// Package strmemo remembers strings already found to need no work (no
// escaping, no quoting, no guard), so that the outputs' hot paths skip
// scanning them again.
//
// The law's texts repeat on every row: a vacancy's ten deadline rows
// carry the same codes, kinds, reasons, citations and editions, most of
// them the very same string values. pprof at 200,000 rows put 1.7 CPU-s
// in scanning them, in three places (the injection guard, CSV quoting,
// XML escaping), for texts that never needed anything done.
package strmemo

// Set is a small set of strings, two to each of 64 slots: a string found
// in it was added before, unless pushed out since by two others that map
// to its slot. Looking one up costs a comparison or two, and none of the
// bytes when it is the same string value as the one kept (the same
// pointer and length). The zero Set is empty and ready; it is not safe
// for use by several goroutines at once.
type Set struct {
	slot [slots][2]string // [0] the one added last
}

const (
	slotBits = 6
	slots    = 1 << slotBits
)

// MinLen is the shortest string a Set keeps: a shorter one is cheaper to
// scan again than to look up (and keeping it costs a pointer store, with
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

// Has reports whether s was added and is still kept. A string shorter
// than MinLen is never kept.
func (m *Set) Has(s string) bool {
	if len(s) < MinLen {
		return false
	}
	w := &m.slot[index(s)]
	return w[0] == s || w[1] == s
}

// Add keeps s, pushing out the older of the two strings kept in its slot;
// a string shorter than MinLen is not kept.
func (m *Set) Add(s string) {
	if len(s) < MinLen {
		return
	}
	w := &m.slot[index(s)]
	w[1], w[0] = w[0], s
}
