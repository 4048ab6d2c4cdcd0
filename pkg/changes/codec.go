package changes

import (
	"encoding/binary"
	"errors"
	"slices"
)

// The records of this run travel through the sort's temporary file in
// this binary form (never the snapshot's JSON, which costs several times
// as much to read back): uvarint counts and length-prefixed strings, in
// the order of Record's fields, conflict messages included.

func appendStr(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func encodeRecord(b []byte, r *Record) []byte {
	b = appendStr(b, r.ID)
	b = appendStr(b, r.Source)
	b = binary.AppendUvarint(b, uint64(len(r.In)))
	for _, s := range r.In {
		b = appendStr(b, s)
	}
	b = appendStr(b, r.Rejected)
	rejectedInput := uint64(0)
	if r.RejectedInput {
		rejectedInput = 1
	}
	b = binary.AppendUvarint(b, rejectedInput)
	b = appendStr(b, r.VacancyDate)
	b = appendStr(b, r.Method)
	b = appendStr(b, r.Election)
	b = appendStr(b, r.Law)
	derived := uint64(0)
	if r.ClassDerived {
		derived = 1
	}
	b = binary.AppendUvarint(b, derived)
	b = binary.AppendUvarint(b, uint64(len(r.Conflicts)))
	for _, c := range r.Conflicts {
		b = appendStr(b, c.Code)
		b = appendStr(b, c.Field)
		b = appendStr(b, c.Severity)
		b = appendStr(b, c.Message)
	}
	b = binary.AppendUvarint(b, uint64(len(r.Deadlines)))
	for _, d := range r.Deadlines {
		b = appendStr(b, d.Code)
		b = appendStr(b, d.Date)
		b = appendStr(b, d.Verify)
		p := uint64(0)
		if d.Passed {
			p = 1
		}
		if d.Met {
			p |= 2
		}
		if d.IfNoSpecial {
			p |= 4
		}
		b = binary.AppendUvarint(b, p)
	}
	return b
}

type byteDecoder struct {
	b      []byte
	err    error
	intern *interner // short strings that repeat: codes, dates, severities
}

var errCorruptRecord = errors.New("changes: temporary record damaged")

func (d *byteDecoder) uint() uint64 {
	if d.err != nil {
		return 0
	}
	n, k := binary.Uvarint(d.b)
	if k <= 0 {
		d.err = errCorruptRecord
		return 0
	}
	d.b = d.b[k:]
	return n
}

// str reads a string, interned when short.
func (d *byteDecoder) str() string { return d.read(true) }

// unique reads a string that no other record repeats (an id, a row's
// source): interned, a big run's ids would only fill the interner's table
// and push out the strings that do repeat.
func (d *byteDecoder) unique() string { return d.read(false) }

// repeated reads a string that many records repeat whatever its length
// (a deadline's verify text, the same for every row of its rule).
func (d *byteDecoder) repeated() string {
	n := d.uint()
	if d.err != nil || n > uint64(len(d.b)) {
		d.err = errCorruptRecord
		return ""
	}
	raw := d.b[:n]
	d.b = d.b[n:]
	if n == 0 {
		return ""
	}
	if d.intern != nil {
		return d.intern.str(raw)
	}
	return string(raw)
}

func (d *byteDecoder) read(intern bool) string {
	n := d.uint()
	if d.err != nil || n > uint64(len(d.b)) {
		d.err = errCorruptRecord
		return ""
	}
	raw := d.b[:n]
	d.b = d.b[n:]
	if n == 0 {
		return ""
	}
	if intern && d.intern != nil && n <= 32 {
		return d.intern.str(raw)
	}
	return string(raw)
}

func (d *byteDecoder) count() int {
	n := d.uint()
	if n > uint64(len(d.b)) { // every element takes at least a byte
		d.err = errCorruptRecord
		return 0
	}
	return int(n)
}

func decodeRecord(b []byte, key string, r *Record, intern *interner) error {
	d := byteDecoder{b: b, intern: intern}
	in, cs, ds := r.reused()
	r.Key = key
	r.ID = d.unique()
	r.Source = d.unique()
	if n := d.count(); n > 0 {
		r.In = slices.Grow(in, n)[:n]
		for i := range r.In {
			r.In[i] = d.str()
		}
	}
	r.Rejected = d.str()
	r.RejectedInput = d.uint() == 1
	r.VacancyDate = d.str()
	r.Method = d.str()
	r.Election = d.str()
	r.Law = d.str()
	r.ClassDerived = d.uint() != 0
	if n := d.count(); n > 0 {
		r.Conflicts = slices.Grow(cs, n)[:n]
		for i := range r.Conflicts {
			r.Conflicts[i] = Conflict{Code: d.str(), Field: d.str(), Severity: d.str(), Message: d.str()}
		}
	}
	if n := d.count(); n > 0 {
		r.Deadlines = slices.Grow(ds, n)[:n]
		for i := range r.Deadlines {
			dl := Deadline{Code: d.str(), Date: d.str(), Verify: d.repeated()}
			flags := d.uint()
			dl.Passed, dl.Met, dl.IfNoSpecial = flags&1 != 0, flags&2 != 0, flags&4 != 0
			r.Deadlines[i] = dl
		}
	}
	return d.err
}
