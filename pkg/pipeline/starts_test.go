package pipeline

import (
	"math/rand"
	"testing"
)

// starts answers as a search of the sorted list of starts does, over
// sets dense and sparse, runs of one place and runs of many blocks.
func TestStartsAsASortedListAnswers(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, c := range []struct {
		n    int
		gaps []int // a run's length is drawn from these
	}{
		{1, []int{1}}, {64, []int{1}}, {513, []int{1, 2}}, {5000, []int{1, 1, 3, 700}},
		{20000, []int{1, 5000}}, {1 << 16, []int{1, 2, 3, 64, 65, 511, 512, 513, 4000}},
	} {
		s := newStarts(c.n)
		var list []int32
		for p := 0; p < c.n; p += c.gaps[rng.Intn(len(c.gaps))] {
			s.set(int32(p))
			list = append(list, int32(p))
		}
		s.finish()
		for p := int32(0); p < int32(c.n); p++ {
			i := 0
			for i < len(list) && list[i] <= p {
				i++
			}
			want := int32(-1)
			if i > 0 {
				want = list[i-1]
			}
			wantAfter := int32(c.n)
			if i < len(list) {
				wantAfter = list[i]
			}
			if got := s.at(p); got != want {
				t.Fatalf("n %d: at(%d) = %d, want %d", c.n, p, got, want)
			}
			if got := s.after(p); got != wantAfter {
				t.Fatalf("n %d: after(%d) = %d, want %d", c.n, p, got, wantAfter)
			}
			if got := s.has(p); got != (i > 0 && list[i-1] == p) {
				t.Fatalf("n %d: has(%d) = %v", c.n, p, got)
			}
		}
	}
	// One start in the middle of a long set: before it there is none.
	s := newStarts(4096)
	s.set(2000)
	s.finish()
	if s.at(1999) != -1 || s.at(4095) != 2000 || s.after(1999) != 2000 || s.after(2000) != 4096 {
		t.Errorf("one start: at %d %d, after %d %d", s.at(1999), s.at(4095), s.after(1999), s.after(2000))
	}
}

func (s *starts) has(p int32) bool { return s.bits[p/64]&(1<<(p%64)) != 0 }
