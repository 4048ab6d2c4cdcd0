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

// Set is a small direct-mapped set of strings: a string found in it was
// added before, unless pushed out since by another that maps to the
// same slot. Looking one up costs a comparison, and none of the bytes
// when it is the same string value as the one kept (the same pointer
// and length). The zero Set is empty and ready; it is not safe for use
// by several goroutines at once.
type Set struct {
	slot [slots]string
}

const slots = 128

// index spreads strings over the slots by length and first and last
// bytes: cheap, and enough to keep the few dozen texts of a column
// apart.
func index(s string) int {
	return (len(s) + 31*int(s[0]) + 7*int(s[len(s)-1])) % slots
}

// Has reports whether s was added and is still kept. The empty string is
// never kept.
func (m *Set) Has(s string) bool {
	return s != "" && m.slot[index(s)] == s
}

// Add keeps s, pushing out the string kept in its slot.
func (m *Set) Add(s string) {
	if s != "" {
		m.slot[index(s)] = s
	}
}
