package pipeline

import (
	"slices"

	"batch/pkg/compute"
	"batch/pkg/ingest"
)

// withCrossRow merges into flagged (the rows' own conflicts, ordinals[i]
// the row of flagged[i]) the DUPLICATE_VACANCY and SAME_SEAT conflicts
// of severity atLeast or worse, each after its row's own: the ids and
// sources come from the spill, which phase one filled.
func (p *phaseOneResult) withCrossRow(flagged []Flagged, ordinals []int32, atLeast compute.Severity) ([]Flagged, error) {
	if p.dups.members()+p.ids.rows == 0 || atLeast > compute.Warning { // the cross-row conflicts are warnings at worst
		return flagged, nil
	}
	if err := p.resolveDuplicateIDs(); err != nil {
		return nil, err
	}
	sr, err := p.spill.rewind()
	if err != nil {
		return nil, err
	}
	var it ingest.Item
	ordinal := int32(0)
	var cs []compute.Conflict
	for sr.next(&it) {
		if len(it.Problems) > 0 {
			continue
		}
		dups := p.dups.members() > 0 && p.dups.severity(ordinal) >= atLeast
		if dups || p.ids.shares(ordinal) {
			cs = cs[:0]
			if dups {
				cs = p.dups.appendConflicts(cs, ordinal)
			}
			cs = p.ids.appendConflicts(cs, ordinal)
			for _, c := range cs {
				if c.Severity >= atLeast {
					flagged = append(flagged, Flagged{ID: it.Vacancy.ID, Source: it.Vacancy.Source, Conflict: c})
					ordinals = append(ordinals, ordinal)
				}
			}
		}
		ordinal++
	}
	if sr.err != nil {
		return nil, sr.err
	}
	// Stable: a row's own conflicts keep their order and come first.
	order := make([]int, len(flagged))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(ordinals[a]) - int(ordinals[b]) })
	out := make([]Flagged, len(flagged))
	for i, j := range order {
		out[i] = flagged[j]
	}
	return out, nil
}
