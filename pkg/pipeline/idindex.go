package pipeline

import (
	"cmp"
	"hash/maphash"
	"slices"
	"strconv"
	"strings"

	"batch/pkg/compute"
)

// idIndex finds the accepted rows that give one vacancy_id (issue 35: two
// county files both numbering their rows 1, 2, … were accepted without a
// word, and explain --id 1 showed one of them as if it were the only).
// Ids are compared without regard to case, as explain matches them; a
// row without an id of its own (its id is its source) shares none.
//
// Phase one keeps 12 bytes a row that gives an id (a hash and the row's
// ordinal); build sorts them once and reads back from the spill the ids
// and sources of the rows whose hash another row shares, so a hash match
// is never taken on trust. Then only the rows that share an id are held.
type idIndex struct {
	seed    maphash.Seed
	entries []idEntry

	group  map[int32]int32 // ordinal → its group, for the rows that share an id
	member [][]int32       // each group's ordinals, in input order
	id     []string        // each group's id, as its first row gives it
	label  map[int32]string
	rows   int // rows that share their id with another
}

type idEntry struct {
	hash uint64
	ord  int32
}

func newIDIndex() *idIndex { return &idIndex{seed: maphash.MakeSeed()} }

// add records the vacancy_id of the accepted row with this ordinal.
func (x *idIndex) add(ordinal int32, v *compute.Vacancy) {
	if v.ID == "" || v.ID == v.Source.String() {
		return
	}
	x.entries = append(x.entries, idEntry{maphash.String(x.seed, strings.ToLower(v.ID)), ordinal})
}

// build groups the rows that share an id, reading their ids and sources
// from the spill.
func (x *idIndex) build(sp *spill) error {
	es := x.entries
	x.entries = nil
	slices.SortFunc(es, func(a, b idEntry) int { return cmp.Or(cmp.Compare(a.hash, b.hash), cmp.Compare(a.ord, b.ord)) })
	want := map[int32]bool{}
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && es[j].hash == es[i].hash {
			j++
		}
		if j-i > 1 {
			for _, e := range es[i:j] {
				want[e.ord] = true
			}
		}
		i = j
	}
	if len(want) == 0 {
		return nil
	}
	sr, err := sp.rewind()
	if err != nil {
		return err
	}
	byID := map[string][]int32{}
	var order []string
	labels := map[int32]string{}
	var h spillHead
	ordinal := int32(0)
	for sr.nextHead(&h) {
		if h.rejected {
			continue
		}
		if want[ordinal] {
			id := string(h.id)
			k := strings.ToLower(id)
			if _, ok := byID[k]; !ok {
				order = append(order, id)
			}
			byID[k] = append(byID[k], ordinal)
			labels[ordinal] = h.source.String() + " (" + id + ")"
		}
		ordinal++
	}
	if sr.err != nil {
		return sr.err
	}
	x.group, x.label = map[int32]int32{}, map[int32]string{}
	for _, id := range order {
		ords := byID[strings.ToLower(id)]
		if len(ords) < 2 {
			continue
		}
		g := int32(len(x.member))
		x.member = append(x.member, ords)
		x.id = append(x.id, id)
		for _, o := range ords {
			x.group[o] = g
			x.label[o] = labels[o]
		}
		x.rows += len(ords)
	}
	return nil
}

// shares reports whether the row shares its id with another.
func (x *idIndex) shares(ordinal int32) bool {
	_, ok := x.group[ordinal]
	return ok
}

// appendConflicts appends the row's DUPLICATE_ID conflict, naming the
// first namedOthers other rows and counting the rest.
func (x *idIndex) appendConflicts(cs []compute.Conflict, ordinal int32) []compute.Conflict {
	g, ok := x.group[ordinal]
	if !ok {
		return cs
	}
	var others []string
	n := 0
	for _, o := range x.member[g] {
		if o == ordinal {
			continue
		}
		if n < namedOthers {
			others = append(others, x.label[o])
		}
		n++
	}
	if n > namedOthers {
		others = append(others, "and "+strconv.Itoa(n-namedOthers)+" more rows")
	}
	return append(cs, compute.DuplicateIDConflict(x.id[g], others))
}
