package pipeline

import (
	"slices"

	"batch/pkg/compute"
)

// One vacancy entered twice, where one row records an act done (a
// proclamation_date) and the other does not: the other row's deadline for
// that act is no duty (issue 32, the AD-074 case). Phase one notes, for
// each row that records an act done, which deadline codes it meets (a
// bit each, doneCodes) and whether a special election was proclaimed; once
// the duplicates are known, a row's duplicates' acts count as its own
// (compute.DoneByDuplicate).
//
// The deadline rows written while the inputs were read (Deadlines,
// deadlines.csv, the Summary's counts) were written before the
// duplicates were known: a run where a duplicate changes a row writes
// them again with the rest (Run). That happens only when two rows of one
// seat and day record different acts done, so the usual run keeps its
// early writing.

// proclaimedBit is the bit of a row whose special election was
// proclaimed (filling method special_election).
const proclaimedBit = 1 << 63

// maxDoneCodes is how many deadline codes get a bit; the law has a few
// dozen, and a code past them is never taken from a duplicate.
const maxDoneCodes = 62

// doneEntry is a row that records an act done, and the bits of the
// codes it meets.
type doneEntry struct {
	ord  int32
	mask uint64
}

// doneCodes numbers the deadline codes met in phase one (only phase
// one's single collecting goroutine adds to it; phase two reads it).
type doneCodes map[string]uint8

// maskOf is what r records done: the codes of its met deadlines, and
// proclaimedBit when a special election fills it. add: number a code met
// for the first time (phase one); otherwise an unknown code has no bit.
func (c doneCodes) maskOf(r *compute.Result, add bool) uint64 {
	var m uint64
	if r.Method == compute.SpecialElection {
		m |= proclaimedBit
	}
	for i := range r.Deadlines {
		d := &r.Deadlines[i]
		if !d.Applies || (d.Status != compute.Met && d.Status != compute.MetLate) {
			continue
		}
		b, ok := c[d.Code]
		if !ok && add && len(c) < maxDoneCodes {
			b, ok = uint8(len(c)), true
			c[d.Code] = b
		}
		if ok {
			m |= 1 << b
		}
	}
	return m
}

// done reports whether mask holds code.
func (c doneCodes) done(mask uint64, code string) bool {
	b, ok := c[code]
	return ok && mask&(1<<b) != 0
}

// addDone records what the next accepted row (ordinal o) records done.
func (d *dupIndex) addDone(o int32, mask uint64) {
	if mask != 0 {
		d.done = append(d.done, doneEntry{o, mask})
	}
}

// buildDone, after build, ORs the acts done of each class, and lists the
// rows a duplicate may change: those of a seat and vacancy date whose
// rows do not all record the same acts (a superset of the rows whose
// duplicates record an act they do not).
func (d *dupIndex) buildDone() []int32 {
	if len(d.done) == 0 {
		return nil
	}
	d.classDone = map[int32]uint64{}
	type date struct {
		mask  uint64 // the first row's
		same  int32  // rows recording exactly mask
		mixed bool
	}
	dates := map[int32]*date{}
	for _, e := range d.done {
		p := d.pos[e.ord]
		if p < 0 {
			continue // alone in its seat
		}
		d.classDone[d.class.at(p)] |= e.mask
		g := d.date.at(p)
		x := dates[g]
		switch {
		case x == nil:
			dates[g] = &date{mask: e.mask, same: 1}
		case x.mask == e.mask:
			x.same++
		default:
			x.mixed = true
		}
	}
	var rows []int32
	for g, x := range dates {
		end := d.date.after(g)
		if x.mixed || x.same < end-g {
			rows = append(rows, d.mem[g:end]...)
		}
	}
	slices.Sort(rows)
	return rows
}

// doneByDuplicates is what the row's duplicates record done (its own
// acts among them: the caller takes its own away).
func (d *dupIndex) doneByDuplicates(ordinal int32) uint64 {
	if d.classDone == nil {
		return 0
	}
	pl, ok := d.placeOf(ordinal)
	if !ok {
		return 0
	}
	var m uint64
	d.dupsOf(pl, func(from, _ int32) { m |= d.classDone[from] })
	return m
}

// takeDone gives r what its duplicates record done and it does not
// (compute.DoneByDuplicate); ordinal is its place among the accepted
// rows, and its DUPLICATE_VACANCY conflict is already on it. It reports
// whether r changed.
func (p *phaseOneResult) takeDone(ordinal int32, r *compute.Result) bool {
	others := p.dups.doneByDuplicates(ordinal)
	if others == 0 {
		return false
	}
	m := others &^ p.doneCodes.maskOf(r, false)
	if m == 0 {
		return false
	}
	return compute.DoneByDuplicate(r, func(code string) bool { return p.doneCodes.done(m, code) },
		m&proclaimedBit != 0, compute.DuplicateOf(r))
}
