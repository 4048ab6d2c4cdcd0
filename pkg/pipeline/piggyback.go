package pipeline

import (
	"cmp"
	"slices"

	"batch/pkg/compute"
)

// The same-date proviso of Pub. Off. Law § 42(3)(b) (from L.2022 ch. 164),
// checked across the whole batch: a State Senate or Assembly special
// election outside its window but at least thirty days after its
// proclamation is lawful on the day of a special election already
// scheduled. Phase one records every row with a special election day and
// its proclamation; a row the engine flagged (SPECIAL_PIGGYBACK, warning)
// is matched with another row of the inputs, of any office, whose special
// election is on the same day and was proclaimed before it. Phase two then
// turns the warning into info naming that row.

// special is one row's special election day and proclamation, packed
// (packDate): 12 bytes where two compute.Dates take 48, and the list is
// let go once matched.
type special struct {
	election, proclamation uint32
	ordinal                int32
}

type piggyIndex struct {
	specials   []special
	candidates []special
	// resolved: candidate ordinal → the host's ordinal; hostID and hostR
	// are filled by resolveIDs.
	host   map[int32]int32
	hostID map[int32]string
	hostR  map[int32]compute.Date
	// revised: the candidate's conflicts whose severity resolving changes
	// (from, to), for the writer's count of the Conflicts sheet.
	revised map[int32][][2]compute.Severity
}

func newPiggyIndex() *piggyIndex {
	return &piggyIndex{host: map[int32]int32{}, hostID: map[int32]string{}, hostR: map[int32]compute.Date{},
		revised: map[int32][][2]compute.Severity{}}
}

// add records the accepted row with the given ordinal.
func (x *piggyIndex) add(ordinal int32, r *compute.Result) {
	if d, p, ok := compute.ScheduledSpecial(r); ok {
		x.specials = append(x.specials, special{packDate(d), packDate(p), ordinal})
	}
	if d, p, ok := compute.Piggyback(r); ok {
		x.candidates = append(x.candidates, special{packDate(d), packDate(p), ordinal})
		// What the row's conflicts become once a host is found.
		c := *r
		c.Conflicts = slices.Clone(r.Conflicts)
		compute.ResolvePiggyback(&c, "", compute.Date{})
		for i := range c.Conflicts {
			if from, to := r.Conflicts[i].Severity, c.Conflicts[i].Severity; from != to {
				x.revised[ordinal] = append(x.revised[ordinal], [2]compute.Severity{from, to})
			}
		}
	}
}

// build matches every candidate with the earliest-proclaimed other row
// whose special election is on the same day and was proclaimed before it.
func (x *piggyIndex) build() {
	defer func() { x.specials, x.candidates = nil, nil }()
	if len(x.candidates) == 0 {
		return
	}
	slices.SortFunc(x.specials, func(a, b special) int {
		return cmp.Or(cmp.Compare(a.election, b.election), cmp.Compare(a.proclamation, b.proclamation), cmp.Compare(a.ordinal, b.ordinal))
	})
	for _, c := range x.candidates {
		i, _ := slices.BinarySearchFunc(x.specials, c.election, func(s special, d uint32) int { return cmp.Compare(s.election, d) })
		for ; i < len(x.specials) && x.specials[i].election == c.election; i++ {
			s := x.specials[i]
			if s.ordinal != c.ordinal && s.proclamation < c.proclamation {
				x.host[c.ordinal] = s.ordinal
				x.hostR[c.ordinal] = unpackDate(s.proclamation)
				break
			}
		}
	}
}

// matched reports whether the candidate found a host.
func (x *piggyIndex) matched(ordinal int32) bool {
	_, ok := x.host[ordinal]
	return ok
}

// hosts is the set of host ordinals whose vacancy_ids are needed.
func (x *piggyIndex) hosts() map[int32]bool {
	out := map[int32]bool{}
	for _, h := range x.host {
		out[h] = true
	}
	return out
}

// setIDs records the vacancy_ids of the hosts.
func (x *piggyIndex) setIDs(ids map[int32]string) {
	for c, h := range x.host {
		x.hostID[c] = ids[h]
	}
}

// resolve rewrites a candidate's result once its host is known.
func (x *piggyIndex) resolve(ordinal int32, r *compute.Result) {
	if h, ok := x.hostID[ordinal]; ok {
		compute.ResolvePiggyback(r, h, x.hostR[ordinal])
	}
}
