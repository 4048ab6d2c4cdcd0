package pipeline

import "math/bits"

// starts is a set of places 0 … n-1 of the duplicate index's order A
// that start a run (a class, a date), set in increasing order. It answers
// in constant time the start at or before a place and the first start
// after it, whatever the runs' lengths (a million copies of one row are
// one run). A bit a place, and a word per 512 places for each answer:
// far less than two int32 lists of run starts.
type starts struct {
	bits []uint64
	n    int32
	// By block of blockWords words: the last start before the block (-1
	// when none), and the first start at or after it (n when none).
	before, from []int32
}

const blockWords = 8 // 512 places

func newStarts(n int) starts {
	return starts{bits: make([]uint64, (n+63)/64), n: int32(n)}
}

func (s *starts) set(p int32) { s.bits[p/64] |= 1 << (p % 64) }

// finish builds the blocks' answers; set is not called after it.
func (s *starts) finish() {
	blocks := (len(s.bits) + blockWords - 1) / blockWords
	s.before, s.from = make([]int32, blocks), make([]int32, blocks)
	last := int32(-1)
	for b := range blocks {
		s.before[b] = last
		for w := min((b+1)*blockWords, len(s.bits)) - 1; w >= b*blockWords; w-- {
			if s.bits[w] != 0 {
				last = int32(w*64 + 63 - bits.LeadingZeros64(s.bits[w]))
				break
			}
		}
	}
	next := s.n
	for b := blocks - 1; b >= 0; b-- {
		for w := b * blockWords; w < min((b+1)*blockWords, len(s.bits)); w++ {
			if s.bits[w] != 0 {
				next = int32(w*64 + bits.TrailingZeros64(s.bits[w]))
				break
			}
		}
		s.from[b] = next
	}
}

// at is the last start at or before p (-1 when none).
func (s *starts) at(p int32) int32 {
	w := int(p / 64)
	if x := s.bits[w] & (^uint64(0) >> (63 - p%64)); x != 0 {
		return int32(w*64 + 63 - bits.LeadingZeros64(x))
	}
	for v := w - 1; v >= w/blockWords*blockWords; v-- {
		if s.bits[v] != 0 {
			return int32(v*64 + 63 - bits.LeadingZeros64(s.bits[v]))
		}
	}
	return s.before[w/blockWords]
}

// after is the first start after p (n when none).
func (s *starts) after(p int32) int32 {
	p++
	if p >= s.n {
		return s.n
	}
	w := int(p / 64)
	if x := s.bits[w] & (^uint64(0) << (p % 64)); x != 0 {
		return int32(w*64 + bits.TrailingZeros64(x))
	}
	end := min((w/blockWords+1)*blockWords, len(s.bits))
	for v := w + 1; v < end; v++ {
		if s.bits[v] != 0 {
			return int32(v*64 + bits.TrailingZeros64(s.bits[v]))
		}
	}
	if b := w/blockWords + 1; b < len(s.from) {
		return s.from[b]
	}
	return s.n
}
