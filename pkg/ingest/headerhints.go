package ingest

import (
	"fmt"
	"sort"

	"batch/pkg/compute"
)

// A header that nearly names a contract column ("Ofice", "event_dat") is
// a typing slip: the column would be carried through unread while every
// row is rejected for the field it was meant to fill. nearField finds the
// column meant, for a "did you mean" in the messages.

// headerKeyList is headerKeys as a sorted list, so that a tie between two
// near names is decided the same way on every run.
var headerKeyList = func() []string {
	keys := make([]string, 0, len(headerKeys))
	for k := range headerKeys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}()

// nearField is the contract column a header text nearly names: within two
// edits of a column's name or alias of four letters or more, and within
// about a third of its letters ("ofice" → office, "cuase" → cause,
// "eventdat" → event_date; "id" is too short to guess at). fExtra when
// none is near, or when the text names a column exactly.
func nearField(cell string) field {
	k := squash(cell)
	if k == "" || len(k) > 64 || headerKeys[k] != fExtra {
		return fExtra
	}
	best, bestD := fExtra, 1<<30
	for _, key := range headerKeyList {
		if len(key) < 4 {
			continue // "id", "ref": too short to guess at
		}
		limit := min(2, (len(key)+1)/3)
		if d := editDistance(k, key); d <= limit && d < bestD {
			best, bestD = headerKeys[key], d
		}
	}
	return best
}

// missingHint is what a row's message adds when field f has no column:
// the carried-through column that nearly names it, or an alias read for
// it, e.g. ` (the sheet has no event_date column; its column "event_dat"
// was carried through unread: did you mean event_date?)`.
// It is worked out once per header.
func (m *mapping) missingHint(f field) string {
	if m.where[f] >= 0 {
		return ""
	}
	if m.hints == nil {
		m.hints = new([numFields]string)
		for _, c := range m.cols {
			if c.field != fExtra || c.blankHeader {
				continue
			}
			if g := nearField(c.name); g != fExtra && m.where[g] < 0 && m.hints[g] == "" {
				m.hints[g] = fmt.Sprintf(" (the sheet has no %s column; its column %s was carried through unread: did you mean %s?)", fieldNames[g], quote(c.name), fieldNames[g])
			}
		}
	}
	return m.hints[f]
}

// nearMisses notes, once per header, each carried-through column that
// nearly names a contract column the header lacks ("Countyy": did you
// mean county?): its values reach the results only as text, unread.
func (s *sink) nearMisses(m *mapping, sheet string) {
	for _, c := range m.cols {
		if c.field != fExtra || c.blankHeader {
			continue
		}
		if f := nearField(c.name); f != fExtra && m.where[f] < 0 {
			s.note(compute.Problem{Source: compute.Source{File: s.file, Sheet: sheet}, Column: c.name,
				Message: fmt.Sprintf("the column %s was carried through unread: did you mean %s? Rename the header to read it", quote(c.name), fieldNames[f])})
		}
	}
}
