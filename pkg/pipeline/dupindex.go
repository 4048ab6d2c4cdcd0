package pipeline

import (
	"cmp"
	"hash/maphash"
	"slices"
	"strconv"

	"batch/pkg/compute"
)

// namedOthers is how many other rows a DUPLICATE_VACANCY conflict names;
// past that it counts them ("and 290 more rows"). Synthetic statewide
// files put hundreds of rows on one key (a statewide office, no district
// or county, one filling election), and naming every other row made the
// output grow with the square of the group: conflicts.csv went from 29 MB
// at 100,000 rows to 557 MB at 1,000,000.
const namedOthers = 10

// dupIndex finds rows that share a duplicate key without keeping the keys:
// phase one appends a 64-bit hash per accepted row; build sorts them once
// into groups of equal hashes. Two different keys share a hash with odds
// of about one in 10^7 at a million rows. Memory is 8 bytes a row while
// reading and about 4 bytes a row (plus the rows in groups) after build,
// where maps of every key cost ~100 MB at a million rows.
type dupIndex struct {
	seed   maphash.Seed
	hashes []uint64 // by ordinal, until build; 0 for a row without a key
	start  []int32  // by ordinal, after build: where its group starts in order, -1 for none
	order  []int32  // the ordinals of every group, group after group, each in input order
	size   map[int32]int32

	// The vacancy_ids that conflicts name, by ordinal: idOrd ascending,
	// the ids one after another in idText (idBuf while being filled),
	// idEnd[i] where the i-th ends. A map cost ~40 MB at a million rows.
	idOrd  []int32
	idEnd  []uint32
	idBuf  []byte
	idText string
}

func newDupIndex() *dupIndex {
	return &dupIndex{seed: maphash.MakeSeed(), size: map[int32]int32{}}
}

// setID records the vacancy_id of a row a conflict may name; ordinals
// come in increasing order. finishIDs ends the recording.
func (d *dupIndex) setID(ordinal int32, id string) {
	d.idOrd = append(d.idOrd, ordinal)
	d.idBuf = append(d.idBuf, id...)
	d.idEnd = append(d.idEnd, uint32(len(d.idBuf)))
}

func (d *dupIndex) finishIDs() {
	d.idText = string(d.idBuf)
	d.idBuf = nil
}

// id is the recorded vacancy_id of the row, "" when none was.
func (d *dupIndex) id(ordinal int32) string {
	i, ok := slices.BinarySearch(d.idOrd, ordinal)
	if !ok {
		return ""
	}
	from := uint32(0)
	if i > 0 {
		from = d.idEnd[i-1]
	}
	return d.idText[from:d.idEnd[i]]
}

// add records the key of the next accepted row (ordinal len(hashes)).
func (d *dupIndex) add(key string) {
	var h uint64
	if key != "" {
		h = maphash.String(d.seed, key) | 1 // never 0, which means no key
	}
	d.hashes = append(d.hashes, h)
}

// build groups the rows by hash. It runs once, after phase one.
func (d *dupIndex) build() {
	type pair struct {
		h uint64
		o int32
	}
	pairs := make([]pair, 0, len(d.hashes))
	for o, h := range d.hashes {
		if h != 0 {
			pairs = append(pairs, pair{h, int32(o)})
		}
	}
	d.start = make([]int32, len(d.hashes))
	d.hashes = nil
	for i := range d.start {
		d.start[i] = -1
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		return cmp.Or(cmp.Compare(a.h, b.h), cmp.Compare(a.o, b.o))
	})
	for i := 0; i < len(pairs); {
		j := i + 1
		for j < len(pairs) && pairs[j].h == pairs[i].h {
			j++
		}
		if j-i > 1 {
			s := int32(len(d.order))
			d.size[s] = int32(j - i)
			for _, p := range pairs[i:j] {
				d.order = append(d.order, p.o)
				d.start[p.o] = s
			}
		}
		i = j
	}
}

func (d *dupIndex) members() int { return len(d.order) }

func (d *dupIndex) isMember(ordinal int32) bool {
	return int(ordinal) < len(d.start) && d.start[ordinal] >= 0
}

// named reports whether a conflict may name the row: each group's first
// namedOthers+1 rows are all any of its conflicts name.
func (d *dupIndex) named(ordinal int32) bool {
	if !d.isMember(ordinal) {
		return false
	}
	s := d.start[ordinal]
	n := d.size[s]
	return n <= namedOthers+1 || ordinal <= d.order[s+namedOthers]
}

// conflict is the DUPLICATE_VACANCY conflict of the row, naming the first
// namedOthers other rows of its group and counting the rest.
func (d *dupIndex) conflict(ordinal int32) (compute.Conflict, bool) {
	if !d.isMember(ordinal) {
		return compute.Conflict{}, false
	}
	s := d.start[ordinal]
	group := d.order[s : s+d.size[s]]
	others := make([]string, 0, min(len(group)-1, namedOthers)+1)
	for _, o := range group {
		if len(others) == namedOthers {
			break
		}
		if o != ordinal {
			others = append(others, d.id(o))
		}
	}
	if rest := len(group) - 1 - len(others); rest > 0 {
		others = append(others, "and "+strconv.Itoa(rest)+" more rows")
	}
	return compute.DuplicateConflict(others), true
}
