package pipeline

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"time"

	"batch/pkg/compute"
)

// namedOthers is how many other rows a DUPLICATE_VACANCY or SAME_SEAT
// conflict names; past that it counts them ("and 290 more rows").
// Synthetic statewide files put hundreds of rows on one seat (a statewide
// office, no district or county), and naming every other row made the
// output grow with the square of the group.
const namedOthers = 10

// dupIndex finds, without keeping the keys, the rows that are one
// vacancy (DUPLICATE_VACANCY: one seat, the same vacancy date, the same
// incumbent when both name one; compute.VacancyKey.SameVacancy) and the
// rows that are two vacancies in one seat (SAME_SEAT: one seat and one
// filling election, not one vacancy; VacancyKey.TwoInOneSeat).
//
// Phase one appends one entry of hashes per accepted row (24 bytes).
// build sorts them once, in place, and keeps only the rows whose seat
// another row shares, in two orders. Order A, by seat, vacancy date,
// incumbent and input order, in runs: a class is rows alike in all three;
// a date, the classes of one seat and vacancy date; a seat, its dates.
// Order B, by seat, filling election and input order: an election group
// is the rows of one seat waiting for one election. A hash match is never
// taken on trust: before the runs are made, build reads back the seat and
// incumbent of every row whose seat hash another row shares (confirm), and
// where two seats, or two incumbents of one seat and day, share a hash,
// it gives them hashes of their own, so that two vacancies are never
// merged, whatever the seed. After build the index costs 4 bytes a row and
// about 25 more a row sharing a seat (BenchmarkDupIndex), a fraction of
// what maps of every key would hold.
//
// A row with no incumbent is one vacancy with every row of its seat and
// date, though those rows may name different people: "one vacancy" is
// not transitive, so a row's duplicates are worked out from its class,
// not from a group.
type dupIndex struct {
	hash    func(string) uint64 // of seats and incumbents: maphash, with a seed of the run's
	entries []dupEntry          // phase one: one per accepted row, by ordinal; nil after build

	// A class or a date is a run of places of order A, named by its first
	// place.
	pos   []int32  // by ordinal: its place in order A, -1 for a row alone in its seat
	mem   []int32  // order A: the ordinals of the rows sharing a seat
	grp   []int32  // by place in A: its election group, -1 for none
	class starts   // the places that start a class
	date  starts   // the places that start a date (each starts a class too)
	blank []uint64 // bit by place starting a class: its rows name no incumbent (the first class of its date, if any)
	memB  []int32  // order B: the ordinals of the rows in election groups
	group []int32  // each election group's first place in B, then len(memB)

	namedSet  []uint64 // bit by ordinal: a conflict names the row
	namedRank []uint32 // by word of namedSet: the bits set before it
	memo      map[int64]*othersOf
	extraIn   map[int64]int32 // a class without incumbent's rows in an election group (countsAt)
	scratch   othersOf        // relations' answer when not kept in memo

	dupRows, sameRows int // rows with a DUPLICATE_VACANCY, with a SAME_SEAT conflict

	// The acts the rows record done (dupdone.go): the rows recording one,
	// in ordinal order (phase one), and each class's, by its first place.
	done      []doneEntry
	classDone map[int32]uint64

	// The labels of the rows conflicts name ("source" or "source (id)"),
	// in the order of their ordinals (the i-th is of the named row with i
	// named rows before it: namedRank, not a list of their ordinals): the
	// labels one after another in idText (idBuf while being filled),
	// idEnd[i] where the i-th ends, smaller than a map. A label's
	// "file:sheet:" is kept once for the run of labels sharing it (idPre,
	// from idPreAt[k] on): repeated in every label it was half of idText.
	idEnd   []uint32
	idBuf   []byte
	idText  string
	idPre   []string
	idPreAt []int32
}

// dupEntry is one row's key as phase one keeps it.
type dupEntry struct {
	seat uint64 // hash of the seat, never 0; 0: no seat
	when uint32 // the vacancy date, packed; 0 when unknown
	who  uint32 // hash of the incumbent, never 0; 0: none named
	fill uint32 // the filling election, packed; 0 when none
	ord  int32
}

// othersOf is what the conflicts of the rows of one class and election
// group name: the first rows of their duplicates (a row itself may be
// among them, and is left out when named) and of the other vacancies of
// their seat and election, in input order, with how many the latter are.
type othersOf struct {
	dups, same []int32
	sameCount  int
}

func newDupIndex() *dupIndex {
	seed := maphash.MakeSeed()
	return &dupIndex{hash: func(s string) uint64 { return maphash.String(seed, s) }}
}

// rowKeys gives build the keys of the accepted rows it asks for: it calls
// got, in increasing order of ordinal, with the key of each row for which
// want is true (only Seat and Incumbent are read). It may be called more
// than once.
type rowKeys func(want func(ordinal int32) bool, got func(ordinal int32, k compute.VacancyKey)) error

// packDate is d in 32 bits, in the order of dates: year, month, day.
func packDate(d compute.Date) uint32 {
	return uint32(d.Year)<<9 | uint32(d.Month)<<5 | uint32(d.Day)
}

func unpackDate(p uint32) compute.Date {
	return compute.Date{Year: int(p >> 9), Month: time.Month(p >> 5 & 15), Day: int(p & 31)}
}

// add records the key of the next accepted row (ordinal len(entries)).
func (d *dupIndex) add(k compute.VacancyKey) {
	e := dupEntry{ord: int32(len(d.entries))}
	if k.Seat != "" {
		e.seat = d.hash(k.Seat) | 1
		e.when, e.fill = packDate(k.Date), packDate(k.Election)
		if k.Incumbent != "" {
			e.who = uint32(d.hash(k.Incumbent)) | 1
		}
	}
	d.entries = append(d.entries, e)
}

// build sorts the entries into runs, once their hash matches are
// confirmed against the rows' keys (read by keys). It runs once, after
// phase one.
func (d *dupIndex) build(keys rowKeys) error {
	d.pos = make([]int32, len(d.entries))
	for i := range d.pos {
		d.pos[i] = -1
	}
	es := slices.DeleteFunc(d.entries, func(e dupEntry) bool { return e.seat == 0 })
	sortEntries(es)
	if err := d.confirm(es, keys); err != nil {
		return err
	}
	for _, e := range es {
		d.pos[e.ord] = -1
	}
	d.reserve(es)
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && es[j].seat == es[i].seat {
			j++
		}
		if j-i > 1 {
			d.addSeat(es[i:j])
		}
		i = j
	}
	d.entries = nil
	d.class.finish()
	d.date.finish()
	d.group = append(d.group, int32(len(d.memB)))

	d.namedSet = make([]uint64, (len(d.pos)+63)/64)
	defer d.rankNamed()
	for _, o := range d.mem {
		dups, same, n := d.relations(o)
		if dups > 0 {
			d.dupRows++
			for _, q := range n.dups {
				if q != o {
					d.namedSet[q/64] |= 1 << (q % 64)
				}
			}
		}
		if same > 0 {
			d.sameRows++
			for _, q := range n.same {
				d.namedSet[q/64] |= 1 << (q % 64)
			}
		}
	}
	return nil
}

func sortEntries(es []dupEntry) {
	slices.SortFunc(es, func(a, b dupEntry) int {
		return cmp.Or(cmp.Compare(a.seat, b.seat), cmp.Compare(a.when, b.when),
			cmp.Compare(a.who, b.who), cmp.Compare(a.ord, b.ord))
	})
}

// confirm checks the sorted entries' hash matches against the rows' keys:
// within a seat's run every row must name the same seat, and within a
// class (more than one row, an incumbent named) the same incumbent. The
// first row of each read is the one the others are held to, so only one
// text a run or class is kept while reading. The runs where a match was
// false are read again, whole, and their rows given hashes that tell the
// keys apart; es is then sorted again. d.pos is left holding, for each
// entry, its place in es before that.
func (d *dupIndex) confirm(es []dupEntry, keys rowKeys) error {
	// run[i] and class[i]: where entry i's seat run and class start, -1
	// when it shares them with no other entry (or names no incumbent).
	run, class := make([]int32, len(es)), make([]int32, len(es))
	checked := false
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && es[j].seat == es[i].seat {
			j++
		}
		for k := i; k < j; k++ {
			d.pos[es[k].ord] = int32(k)
			run[k], class[k] = -1, -1
			if j-i > 1 {
				run[k] = int32(i)
				checked = true
			}
		}
		for k := i; k < j; {
			l := k + 1
			for l < j && es[l].when == es[k].when && es[l].who == es[k].who {
				l++
			}
			if es[k].who != 0 && l-k > 1 {
				for m := k; m < l; m++ {
					class[m] = int32(k)
				}
			}
			k = l
		}
		i = j
	}
	if !checked {
		return nil
	}
	seats, people := map[int32]string{}, map[int32]string{}
	wrong := map[int32]bool{} // the runs where a match was false, by their start
	err := keys(func(o int32) bool { return d.pos[o] >= 0 && run[d.pos[o]] >= 0 },
		func(o int32, k compute.VacancyKey) {
			i := d.pos[o]
			r := run[i]
			if s, ok := seats[r]; !ok {
				seats[r] = k.Seat
			} else if s != k.Seat {
				wrong[r] = true
			}
			if c := class[i]; c >= 0 {
				if s, ok := people[c]; !ok {
					people[c] = k.Incumbent
				} else if s != k.Incumbent {
					wrong[r] = true
				}
			}
		})
	if err != nil || len(wrong) == 0 {
		return err
	}
	seats, people = nil, nil

	// The false runs' keys, whole, by place in es.
	exact := map[int32]compute.VacancyKey{}
	err = keys(func(o int32) bool { return d.pos[o] >= 0 && run[d.pos[o]] >= 0 && wrong[run[d.pos[o]]] },
		func(o int32, k compute.VacancyKey) { exact[d.pos[o]] = k })
	if err != nil {
		return err
	}
	type fix struct {
		i    int32
		seat uint64
		who  uint32
	}
	var fixes []fix
	taken := map[uint64]bool{}
	for r := range wrong {
		// Each seat of the run keeps its hash, or takes a new one no other
		// entry holds; each incumbent of a seat and day takes a number of
		// its own (the order of classes within a day is of no consequence).
		hash := es[r].seat
		seatHash := map[string]uint64{}
		whoOf := map[string]uint32{}
		for i := r; int(i) < len(es) && es[i].seat == hash; i++ {
			k := exact[i]
			h, ok := seatHash[k.Seat]
			if !ok {
				h = hash
				for len(seatHash) > 0 && (taken[h] || h == hash || seatTaken(es, h)) {
					h += 2
				}
				taken[h] = true
				seatHash[k.Seat] = h
			}
			if k.Incumbent == "" {
				fixes = append(fixes, fix{i, h, 0})
				continue
			}
			day := k.Seat + "\x00" + strconv.FormatUint(uint64(es[i].when), 10) + "\x00" + k.Incumbent
			w, ok := whoOf[day]
			if !ok {
				w = uint32(2*len(whoOf) + 1)
				whoOf[day] = w
			}
			fixes = append(fixes, fix{i, h, w})
		}
	}
	for _, f := range fixes {
		es[f.i].seat, es[f.i].who = f.seat, f.who
	}
	sortEntries(es)
	return nil
}

// seatTaken reports whether an entry of es, sorted, has the seat hash h.
func seatTaken(es []dupEntry, h uint64) bool {
	_, found := slices.BinarySearchFunc(es, h, func(e dupEntry, h uint64) int { return cmp.Compare(e.seat, h) })
	return found
}

// rankNamed counts the named rows before each word of namedSet.
func (d *dupIndex) rankNamed() {
	d.namedRank = make([]uint32, len(d.namedSet))
	n := uint32(0)
	for i, w := range d.namedSet {
		d.namedRank[i] = n
		n += uint32(bits.OnesCount64(w))
	}
}

// namedBefore is how many named rows come before the ordinal.
func (d *dupIndex) namedBefore(ordinal int32) int {
	w := ordinal / 64
	return int(d.namedRank[w]) + bits.OnesCount64(d.namedSet[w]&(1<<(ordinal%64)-1))
}

// reserve sizes order A's slices for the rows sharing a seat, as addSeat
// will fill them: grown by append they held up to twice their rows.
func (d *dupIndex) reserve(es []dupEntry) {
	members := 0
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && es[j].seat == es[i].seat {
			j++
		}
		if j-i > 1 {
			members += j - i
		}
		i = j
	}
	d.mem = make([]int32, 0, members)
	d.grp = make([]int32, 0, members)
	d.class, d.date = newStarts(members), newStarts(members)
	d.blank = make([]uint64, (members+63)/64)
}

// addSeat appends the runs of one seat's entries, sorted for order A; it
// sorts them again for order B.
func (d *dupIndex) addSeat(es []dupEntry) {
	for i, e := range es {
		p := int32(len(d.mem))
		newDate := i == 0 || e.when != es[i-1].when
		if newDate {
			d.date.set(p)
		}
		if newDate || e.who != es[i-1].who {
			if e.who == 0 {
				d.blank[p/64] |= 1 << (p % 64)
			}
			d.class.set(p)
		}
		d.pos[e.ord] = p
		d.mem = append(d.mem, e.ord)
		d.grp = append(d.grp, -1)
	}
	slices.SortFunc(es, func(a, b dupEntry) int { return cmp.Or(cmp.Compare(a.fill, b.fill), cmp.Compare(a.ord, b.ord)) })
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && es[j].fill == es[i].fill {
			j++
		}
		if es[i].fill != 0 && j-i > 1 {
			g := int32(len(d.group))
			d.group = append(d.group, int32(len(d.memB)))
			for _, e := range es[i:j] {
				d.memB = append(d.memB, e.ord)
				d.grp[d.pos[e.ord]] = g
			}
		}
		i = j
	}
}

// dupClasses are the places of the rows one vacancy with a row of class
// k: its date's every class when the row names no incumbent ([lo, hi)),
// else its own class ([lo, hi)) and its date's class without incumbent
// ([extra, extraEnd); extra -1 if none).
func (d *dupIndex) dupClasses(k int32) (lo, hi, extra, extraEnd int32) {
	g := d.date.at(k)
	if d.blankClass(k) {
		return g, d.date.after(k), -1, -1
	}
	extra, extraEnd = -1, -1
	if g != k && d.blankClass(g) {
		extra, extraEnd = g, d.class.after(g)
	}
	return k, d.class.after(k), extra, extraEnd
}

func (d *dupIndex) blankClass(k int32) bool { return d.blank[k/64]&(1<<(k%64)) != 0 }

// place is where a row sits in the index: its class, election group and
// the places of its duplicates (dupClasses).
type place struct {
	k, g, lo, hi, extra, extraEnd int32
}

func (d *dupIndex) placeOf(ordinal int32) (place, bool) {
	if ordinal < 0 || int(ordinal) >= len(d.pos) || d.pos[ordinal] < 0 {
		return place{}, false
	}
	p := d.pos[ordinal]
	pl := place{k: d.class.at(p), g: d.grp[p]}
	pl.lo, pl.hi, pl.extra, pl.extraEnd = d.dupClasses(pl.k)
	return pl, true
}

func (pl place) key() int64 { return int64(pl.k)<<32 | int64(uint32(pl.g)) }

// dupsOf calls f with each class of the row's duplicates (itself among
// them), as the range of its places.
func (d *dupIndex) dupsOf(pl place, f func(from, to int32)) {
	for c := pl.lo; c < pl.hi; {
		end := d.class.after(c)
		f(c, end)
		c = end
	}
	if pl.extra >= 0 {
		f(pl.extra, pl.extraEnd)
	}
}

// isDupAt reports whether the row at place p of order A is one of the
// row's duplicates: a class is a run of places, so no class is looked up.
func (d *dupIndex) isDupAt(pl place, p int32) bool {
	return pl.lo <= p && p < pl.hi || pl.extra <= p && p < pl.extraEnd
}

// counts are how many other rows are one vacancy with the row, and how
// many are other vacancies of its seat and election: those of its
// election group, but for its duplicates and itself.
func (d *dupIndex) counts(ordinal int32) (dups, same int) {
	pl, ok := d.placeOf(ordinal)
	if !ok {
		return 0, 0
	}
	return d.countsAt(pl)
}

func (d *dupIndex) countsAt(pl place) (dups, same int) {
	dups = int(pl.hi-pl.lo) + int(pl.extraEnd-pl.extra) - 1
	if pl.g < 0 {
		return dups, 0
	}
	if n, ok := d.memo[pl.key()]; ok {
		return dups, n.sameCount
	}
	inGroup := d.inGroup(pl.lo, pl.hi, pl.g)
	switch {
	case pl.extra < 0:
	case pl.extraEnd-pl.extra <= 64:
		inGroup += d.inGroup(pl.extra, pl.extraEnd, pl.g)
	default:
		// The date's class without incumbent is every other class's extra:
		// a big one is counted once for each group (counted for each of its
		// date's other rows, it made the count quadratic in the rows of one
		// seat and day). At most one
		// entry for 64 rows.
		key := int64(pl.extra)<<32 | int64(uint32(pl.g))
		n, ok := d.extraIn[key]
		if !ok {
			n = int32(d.inGroup(pl.extra, pl.extraEnd, pl.g))
			if d.extraIn == nil {
				d.extraIn = map[int64]int32{}
			}
			d.extraIn[key] = n
		}
		inGroup += int(n)
	}
	return dups, int(d.group[pl.g+1]-d.group[pl.g]) - inGroup
}

// inGroup is how many of the places from to to are in election group g.
func (d *dupIndex) inGroup(from, to, g int32) int {
	n := 0
	for _, h := range d.grp[from:to] {
		if h == g {
			n++
		}
	}
	return n
}

// relations are the counts and the first rows of each (see othersOf),
// valid until the next call. They depend on the row's class and election
// group only, so the answers that took long are kept in memo.
func (d *dupIndex) relations(ordinal int32) (dups, same int, n *othersOf) {
	n = &d.scratch
	n.dups, n.same, n.sameCount = n.dups[:0], n.same[:0], 0
	pl, ok := d.placeOf(ordinal)
	if !ok {
		return 0, 0, n
	}
	dups, same = d.countsAt(pl)
	if kept, ok := d.memo[pl.key()]; ok {
		return dups, same, kept
	}
	n.sameCount = same
	cost := dups + 1

	// The first rows of the duplicates: each class's run is in input
	// order, so its first namedOthers+1 are all any row may need.
	d.dupsOf(pl, func(from, to int32) {
		run := d.mem[from:to]
		n.dups = append(n.dups, run[:min(len(run), namedOthers+1)]...)
	})
	slices.Sort(n.dups)
	n.dups = n.dups[:min(len(n.dups), namedOthers+1)]

	// The first rows of its election group that are not its duplicates.
	if pl.g >= 0 {
		for _, q := range d.memB[d.group[pl.g]:d.group[pl.g+1]] {
			if len(n.same) == min(namedOthers, same) {
				break
			}
			cost++
			if !d.isDupAt(pl, d.pos[q]) {
				n.same = append(n.same, q)
			}
		}
	}
	if cost > 8*namedOthers {
		if d.memo == nil {
			d.memo = map[int64]*othersOf{}
		}
		kept := &othersOf{dups: slices.Clone(n.dups), same: slices.Clone(n.same), sameCount: same}
		d.memo[pl.key()] = kept
		return dups, same, kept
	}
	return dups, same, n
}

// named reports whether a conflict names the row.
func (d *dupIndex) named(ordinal int32) bool {
	return ordinal >= 0 && int(ordinal) < len(d.pos) && d.namedSet[ordinal/64]&(1<<(ordinal%64)) != 0
}

// members is how many rows share their seat with another row.
func (d *dupIndex) members() int { return len(d.mem) }

// severity is the worst of the row's cross-row conflicts.
func (d *dupIndex) severity(ordinal int32) compute.Severity {
	switch dups, same := d.counts(ordinal); {
	case dups > 0:
		return compute.Warning // DUPLICATE_VACANCY
	case same > 0:
		return compute.Info // SAME_SEAT
	}
	return compute.NoSeverity
}

// appendConflicts appends the row's DUPLICATE_VACANCY and SAME_SEAT
// conflicts, each naming the first namedOthers other rows and counting
// the rest.
func (d *dupIndex) appendConflicts(cs []compute.Conflict, ordinal int32) []compute.Conflict {
	dups, same, n := d.relations(ordinal)
	if dups > 0 {
		cs = append(cs, compute.DuplicateConflict(d.labels(n.dups, ordinal, dups)))
	}
	if same > 0 {
		cs = append(cs, compute.SameSeatConflict(d.labels(n.same, ordinal, same)))
	}
	return cs
}

// labels names the rows of list but the row itself, namedOthers at most,
// and counts the rest of total: one text, the names joined by ", " (as
// the conflict joins a list of them), built in one buffer.
func (d *dupIndex) labels(list []int32, self int32, total int) []string {
	var b strings.Builder
	named := 0
	for _, o := range list {
		if o != self && named < namedOthers {
			if named > 0 {
				b.WriteString(", ")
			}
			pre, rest := d.id(o)
			b.Grow(len(pre) + len(rest) + 2)
			b.WriteString(pre)
			b.WriteString(rest)
			named++
		}
	}
	if rest := total - named; rest > 0 {
		if named > 0 {
			b.WriteString(", ")
		}
		b.WriteString("and ")
		b.WriteString(strconv.Itoa(rest))
		b.WriteString(" more rows")
	}
	return []string{b.String()}
}

// setID records the label of a row a conflict names (rowLabel's): of
// every named row, in increasing order of ordinal, as the labels are
// found by their rank among the named rows. finishIDs ends the recording.
func (d *dupIndex) setID(ordinal int32, v *compute.Vacancy) {
	pre := sourcePrefix(v.Source)
	if n := len(d.idPre); n == 0 || d.idPre[n-1] != pre {
		d.idPre = append(d.idPre, pre)
		d.idPreAt = append(d.idPreAt, int32(len(d.idEnd)))
	}
	d.idBuf = strconv.AppendInt(d.idBuf, int64(v.Source.Row), 10)
	if v.ID != "" && v.ID != v.Source.String() {
		d.idBuf = append(d.idBuf, " ("...)
		d.idBuf = append(d.idBuf, v.ID...)
		d.idBuf = append(d.idBuf, ')')
	}
	d.idEnd = append(d.idEnd, uint32(len(d.idBuf)))
}

func (d *dupIndex) finishIDs() {
	d.idText = string(d.idBuf)
	d.idBuf = nil
}

// id is the recorded label of the row, in two pieces ("file:sheet:" and
// the rest); "" when none was.
func (d *dupIndex) id(ordinal int32) (pre, rest string) {
	if !d.named(ordinal) {
		return "", ""
	}
	i := d.namedBefore(ordinal)
	if i >= len(d.idEnd) {
		return "", "" // the labels were not read (resolveDuplicateIDs)
	}
	from := uint32(0)
	if i > 0 {
		from = d.idEnd[i-1]
	}
	k, found := slices.BinarySearch(d.idPreAt, int32(i))
	if !found {
		k--
	}
	return d.idPre[k], d.idText[from:d.idEnd[i]]
}

// sourcePrefix is what compute.Source.String writes before the row number.
func sourcePrefix(s compute.Source) string {
	if s.Sheet == "" {
		return s.File + ":"
	}
	return s.File + ":" + s.Sheet + ":"
}

// spillKeys reads the keys build asks for from phase one's spill: the
// seat and incumbent of an accepted row come from its office, district,
// county and incumbent, as compute.DuplicateKey makes them (the dates,
// not hashed, are not needed). Only the rows wanted are decoded.
func spillKeys(sp *spill) rowKeys {
	return func(want func(int32) bool, got func(int32, compute.VacancyKey)) error {
		sr, err := sp.rewind()
		if err != nil {
			return err
		}
		var r compute.Result
		ordinal := int32(0)
		for sr.nextBytes() {
			d := decoder{b: sr.buf}
			if d.uint() == 1 {
				continue // rejected: no ordinal
			}
			if want(ordinal) {
				d.bytes() // the source: file, sheet, row
				d.bytes()
				d.int()
				d.bytes() // vacancy_id
				v := &r.Vacancy
				v.Office = string(d.bytes())
				d.bytes() // office_class
				v.District = string(d.bytes())
				v.County = string(d.bytes())
				v.Incumbent = string(d.bytes())
				if d.err != nil {
					return fmt.Errorf("pipeline: reading temporary file: %w", d.err)
				}
				got(ordinal, compute.DuplicateKey(&r))
			}
			ordinal++
		}
		return sr.err
	}
}
