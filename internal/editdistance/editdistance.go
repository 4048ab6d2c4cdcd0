// Package editdistance says how far apart two short texts are: the
// "did you mean" of a value or an id the tool does not know.
package editdistance

// Runes is the Levenshtein distance between a and b, counted in runes:
// the fewest insertions, deletions and substitutions that make a into b.
// Texts of up to 64 bytes each are worked on the stack: a "did you mean"
// over every known word of a bad cell costs no garbage.
func Runes(a, b string) int {
	var bufA, bufB [64]rune
	var bufP, bufC [65]int
	ra, rb := bufA[:0], bufB[:0]
	for _, r := range a {
		ra = append(ra, r)
	}
	for _, r := range b {
		rb = append(rb, r)
	}
	prev, cur := bufP[:0], bufC[:0]
	if len(rb)+1 > len(bufP) {
		prev, cur = make([]int, 0, len(rb)+1), make([]int, 0, len(rb)+1)
	}
	prev, cur = prev[:len(rb)+1], cur[:len(rb)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
