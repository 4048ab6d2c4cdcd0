package pipeline

import (
	"fmt"
	"math"

	"batch/pkg/compute"
	"batch/pkg/export"
)

// The writer is made from a finished plan (export.Plan): before its first
// row it must know where every conflict goes on the sorted Conflicts
// sheet, which depends on every row's conflicts and next deadline. Phase
// one keeps those, a few bytes a row, and once the cross-row indexes are
// built it adds the conflicts phase two will add (the duplicates) and
// moves those it will change (a same-date special that found its earlier
// special election). The statewide plan and each slice's are then counts
// over their rows.

// rowConflicts is what the plan needs of one accepted row: its next open
// deadline (packDate; 0 for none) and how many conflicts of each
// severity it carries, indexed by compute.Severity.
type rowConflicts struct {
	next uint32
	n    [compute.Error + 1]uint8 // 8 bytes a row in all
}

// rowConflictsOf is r's, as the engine computed it.
func rowConflictsOf(r *compute.Result) (rowConflicts, error) {
	rc := rowConflicts{next: packDate(r.NextDeadlineDate)}
	for i := range r.Conflicts {
		if err := rc.add(r.Conflicts[i].Severity, 1); err != nil {
			return rc, fmt.Errorf("pipeline: %s: %w", r.Vacancy.Source, err)
		}
	}
	return rc, nil
}

// add counts n more conflicts of severity s (n < 0: fewer).
func (rc *rowConflicts) add(s compute.Severity, n int) error {
	if s < 0 || int(s) >= len(rc.n) {
		return fmt.Errorf("a conflict of unknown severity %d", s)
	}
	m := int(rc.n[s]) + n
	if m < 0 || m > math.MaxUint8 {
		return fmt.Errorf("%d conflicts of severity %s on one row", m, s)
	}
	rc.n[s] = uint8(m)
	return nil
}

// worst is the row's worst conflict.
func (rc *rowConflicts) worst() compute.Severity {
	for s := len(rc.n) - 1; s > 0; s-- {
		if rc.n[s] > 0 {
			return compute.Severity(s)
		}
	}
	return compute.NoSeverity
}

// countCrossRow adds to each row's counts what phase two will change:
// the duplicate conflicts it adds, and the severities the same-date
// proviso's resolution moves; it then counts the rows by their worst
// conflict. The indexes are built.
func (p *phaseOneResult) countCrossRow() error {
	dupSev, sameSev := compute.DuplicateConflict(nil).Severity, compute.SameSeatConflict(nil).Severity
	p.bySeverity = map[compute.Severity]int{}
	defer func() {
		for i := range p.conf {
			p.bySeverity[p.conf[i].worst()]++
		}
	}()
	for o := range p.conf {
		rc := &p.conf[o]
		if p.piggy.matched(int32(o)) {
			for _, c := range p.piggy.revised[int32(o)] {
				if err := rc.add(c[0], -1); err != nil {
					return err
				}
				if err := rc.add(c[1], 1); err != nil {
					return err
				}
			}
		}
		if p.ids.shares(int32(o)) {
			if err := rc.add(compute.Warning, 1); err != nil { // DUPLICATE_ID
				return err
			}
		}
		if p.dups.members() == 0 {
			continue
		}
		dups, same := p.dups.counts(int32(o))
		if dups > 0 {
			if err := rc.add(dupSev, 1); err != nil {
				return err
			}
		}
		if same > 0 {
			if err := rc.add(sameSev, 1); err != nil {
				return err
			}
		}
	}
	return nil
}

// conflictCounts counts the conflicts of the accepted rows with the
// given ordinals, as the writer of those rows will be given them.
func (p *phaseOneResult) conflictCounts(ordinals func(yield func(int32) bool)) export.ConflictCounts {
	var c export.ConflictCounts
	for o := range ordinals {
		rc := &p.conf[o]
		next := compute.Date{}
		if rc.next != 0 {
			next = unpackDate(rc.next)
		}
		for s, n := range rc.n {
			c.Add(compute.Severity(s), next, int(n))
		}
	}
	return c
}

// allRows are the ordinals of every accepted row.
func (p *phaseOneResult) allRows(yield func(int32) bool) {
	for o := range int32(len(p.conf)) {
		if !yield(o) {
			return
		}
	}
}
