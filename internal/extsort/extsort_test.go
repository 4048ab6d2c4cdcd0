package extsort

import (
	"bytes"
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

type rec struct {
	key     string
	seq     uint64
	payload string
}

// records are n records with keys drawn from a few hundred (so that many
// share a key and seq decides), payloads of every length up to 300.
func records(n int, seed uint64) []rec {
	r := rand.New(rand.NewPCG(seed, 7))
	out := make([]rec, n)
	for i := range out {
		out[i] = rec{key: fmt.Sprintf("k%03d", r.IntN(300)), seq: uint64(r.IntN(50)),
			payload: string(bytes.Repeat([]byte{byte('a' + i%26)}, r.IntN(300)))}
	}
	return out
}

func sortedCopy(rs []rec) []rec {
	out := slices.Clone(rs)
	slices.SortStableFunc(out, func(a, b rec) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.seq, b.seq)) })
	return out
}

// drain reads a Merger to its end.
func drain(t *testing.T, m *Merger) []rec {
	t.Helper()
	var out []rec
	for {
		k, seq, p, ok, err := m.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return out
		}
		out = append(out, rec{string(k), seq, string(p)})
	}
}

// Records come back in (key, seq) order with their payloads, whether they
// fit in memory or took many runs on disk, added as strings or as bytes.
func TestRecordsComeBackSorted(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		limit int
	}{{"in memory", 2000, 32 << 20}, {"many runs", 5000, 4 << 10}, {"one record a run", 50, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			rs := records(tc.n, uint64(tc.n))
			s := New(t.TempDir(), tc.limit)
			defer s.Close()
			for i, r := range rs {
				var err error
				if i%2 == 0 {
					err = s.Add(r.key, r.seq, []byte(r.payload))
				} else {
					err = s.AddBytes([]byte(r.key), r.seq, []byte(r.payload))
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if s.Len() != tc.n {
				t.Fatalf("Len %d, want %d", s.Len(), tc.n)
			}
			m, err := s.Sorted()
			if err != nil {
				t.Fatal(err)
			}
			got, want := drain(t, m), sortedCopy(rs)
			if len(got) != len(want) {
				t.Fatalf("%d records back, want %d", len(got), len(want))
			}
			for i := range want {
				// Records of one key and seq may come in any order among
				// themselves: compare key and seq, and the payloads as a set.
				if got[i].key != want[i].key || got[i].seq != want[i].seq {
					t.Fatalf("record %d: %q/%d, want %q/%d", i, got[i].key, got[i].seq, want[i].key, want[i].seq)
				}
			}
			gp, wp := payloads(got), payloads(want)
			if !slices.Equal(gp, wp) {
				t.Fatal("the payloads that came back are not the ones added")
			}
		})
	}
}

func payloads(rs []rec) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.key + "|" + fmt.Sprint(r.seq) + "|" + r.payload
	}
	slices.Sort(out)
	return out
}

// A Set reads the same records every time, and two sorters at work at
// once, one of them giving its buffers back for the next, never see each
// other's records.
func TestSetsAreReadAgainAndSortersKeepApart(t *testing.T) {
	dir := t.TempDir()
	for round := range 3 {
		a, b := New(dir, 8<<10), New(dir, 64<<20)
		ra, rb := records(3000, uint64(10+round)), records(800, uint64(20+round))
		for i := range max(len(ra), len(rb)) {
			if i < len(ra) {
				if err := a.Add(ra[i].key, ra[i].seq, []byte(ra[i].payload)); err != nil {
					t.Fatal(err)
				}
			}
			if i < len(rb) {
				if err := b.Add("b"+rb[i].key, rb[i].seq, []byte(rb[i].payload)); err != nil {
					t.Fatal(err)
				}
			}
		}
		sa, err := a.Finish()
		if err != nil {
			t.Fatal(err)
		}
		// a's buffers are back in the idle list now; a third sorter takes them.
		c := New(dir, 64<<20)
		if err := c.Add("zzz", 1, bytes.Repeat([]byte{'!'}, 1000)); err != nil {
			t.Fatal(err)
		}
		sb, err := b.Finish()
		if err != nil {
			t.Fatal(err)
		}
		for pass := range 2 {
			for _, tc := range []struct {
				set  *Set
				want []rec
				pre  string
			}{{sa, ra, ""}, {sb, rb, "b"}} {
				var got []string
				if err := tc.set.Each(func(k, p []byte) error {
					got = append(got, string(k)+"|"+string(p))
					return nil
				}); err != nil {
					t.Fatal(err)
				}
				var want []string
				for _, r := range sortedCopy(tc.want) {
					want = append(want, tc.pre+r.key+"|"+r.payload)
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("round %d, pass %d: the set read back differs from what was added", round, pass)
				}
			}
		}
		sa.Close()
		sb.Close()
		c.Close()
	}
}
