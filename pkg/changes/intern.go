package changes

import "encoding/binary"

// interner keeps one copy of the short strings that repeat from record to
// record (codes, dates, severities, methods, counties), so that reading
// them again allocates nothing. It is a table of internSlots strings, each
// in the slot its bytes hash to, a newer one pushing out the one there: a
// string met again while still kept costs a hash of its ends and one
// comparison; it replaced a map, whose lookups hashed the whole string
// and were a visible share of a comparison's CPU. The zero interner is
// empty and ready; it is not safe for use by several goroutines at once.
type interner struct{ slot [internSlots]string }

const (
	internBits  = 13
	internSlots = 1 << internBits
)

// str is b as a string: the one kept when it is there.
func (t *interner) str(b []byte) string {
	i := internSlot(b)
	if s := t.slot[i]; s == string(b) {
		return s
	}
	s := string(b)
	t.slot[i] = s
	return s
}

// internSlot hashes b's length and its first and last eight bytes (all of
// them when shorter), mixed by multiplications: dates differ in their
// last bytes, codes in their first or last.
func internSlot(b []byte) int {
	h := uint64(len(b))
	if len(b) >= 8 {
		h ^= binary.LittleEndian.Uint64(b) ^ binary.LittleEndian.Uint64(b[len(b)-8:])*0x9E3779B97F4A7C15
	} else {
		for _, c := range b {
			h = h<<8 ^ uint64(c)
		}
		h *= 0x9E3779B97F4A7C15
	}
	return int((h * 0xBF58476D1CE4E5B9) >> (64 - internBits))
}
