package changes

import (
	"testing"

	"batch/pkg/compute"
)

// Issue 32: each part of a split run is true for its
// reader, and nothing due is missing from the digest.

// A county's folder is compared with its own folder of the last run: the
// state's export renamed overnight is not its news.
func TestAPartHearsNothingOfTheInputFiles(t *testing.T) {
	alb := rec(recSpec{id: "ALB-1", office: "Town Supervisor", county: "Albany", event: "2027-01-11", vd: "2027-01-11",
		method: "general_election", elec: "2027-11-02", deadlines: []Deadline{{Code: "designating_petition", Date: "2027-04-01"}}})
	night1 := Header{ToolVersion: "1", RulesVersion: "r1", Inputs: []Input{{Name: "vacancies-2027-03-01.xlsx", SHA256: "a", Rows: 6}}}
	night2 := Header{ToolVersion: "1", RulesVersion: "r1", Inputs: []Input{{Name: "vacancies-2027-03-02.xlsx", SHA256: "b", Rows: 6}}}
	part := func(o *Options) { o.Part = true }
	for _, c := range []struct {
		name    string
		part    bool
		changed bool
	}{
		{"the statewide run tells of the new file", false, true},
		{"a county's folder does not", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var opts []func(*Options)
			if c.part {
				opts = append(opts, part)
			}
			_, snap, _ := runOnce(t, night1, d(2027, 3, 1), []Record{alb}, nil, opts...)
			o, _, list := runOnce(t, night2, d(2027, 3, 2), []Record{alb}, snap, opts...)
			files := o.Counts[InputRenamed] + o.Counts[InputAdded] + o.Counts[InputRemoved]
			if o.Status != Compared || o.Changed() != c.changed || (files > 0) != c.changed {
				t.Errorf("status %s, changed %v, counts %v; want changed = %v", o.Status, o.Changed(), o.Counts, c.changed)
			}
			if c.part && len(list) != 0 {
				t.Errorf("%d changes: %v", len(list), briefs(list))
			}
		})
	}
}

// The special election that fills a vacancy, within --soon days, is an
// item to act on (a Queens board read "nothing due" six days before its
// special election). Proclaimed Mon 2027-01-25, the special election of
// Tue 03-09 is inside § 42(3)(b)'s 40 to 50 days (L.2022 ch. 164); on
// Wed 03-03 it is six days away.
func TestAnElectionDayWithinTheWeekIsAnItem(t *testing.T) {
	qns := rec(recSpec{id: "QNS-023", office: "Member of Assembly", district: "23", county: "Queens", event: "2027-01-19",
		procl: "2027-01-25", vd: "2027-01-19", method: "special_election", elec: "2027-03-09"})
	for _, c := range []struct {
		name string
		asOf compute.Date
		item bool
	}{
		{"six days ahead", d(2027, 3, 3), true},
		{"on the day", d(2027, 3, 9), true},
		{"eight days ahead", d(2027, 3, 1), false},
		{"the day after", d(2027, 3, 10), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			o, _, list := runOnce(t, header("1"), c.asOf, []Record{qns}, nil)
			if got := o.ActNow == 1 && len(list) == 1 && list[0].Kind == ElectionSoon; got != c.item {
				t.Fatalf("act now %d, changes %+v; want the election as an item: %v", o.ActNow, list, c.item)
			}
			if !c.item {
				return
			}
			if o.Changed() {
				t.Error("an election day coming is the calendar's news, not a change (--fail-on changed)")
			}
			days := map[string]int{"six days ahead": 6, "on the day": 0}[c.name]
			if e := list[0]; e.Item != SpecialElectionDay || e.Date != "2027-03-09" || e.Days != days || e.ActBy != e.Date {
				t.Errorf("the item %+v: want the special election's day, %d days ahead", e, days)
			}
		})
	}
}

// An item of a row entered twice names the other row (the digest and
// changes.csv say so: pkg/export).
func TestAnItemOfARowEnteredTwiceSaysSo(t *testing.T) {
	dup := Conflict{Code: "DUPLICATE_VACANCY", Severity: "warning", Field: "vacancy_id",
		Message: compute.DuplicateConflict([]string{"v.xlsx:Vacancies:6 (AD-074)"}).Message}
	ad := rec(recSpec{id: "AD-074", src: "in.csv:7", office: "Member of Assembly", district: "74", county: "New York",
		event: "2027-02-22", vd: "2027-02-22", method: "special_election", conflicts: []Conflict{dup},
		deadlines: []Deadline{{Code: "special_party_nomination_certificate", Date: "2027-03-05"}}})
	_, _, list := runOnce(t, header("1"), d(2027, 3, 1), []Record{ad}, nil)
	if len(list) != 1 || list[0].Dup != "v.xlsx:Vacancies:6 (AD-074)" {
		t.Fatalf("the item does not name the other row: %+v", list)
	}
}

// A duplicate cleared because the other row was removed names that as
// its cause (night 3 of the trial explained it as "as-of date 2027-02-09
// → 2027-02-10").
func TestAConflictAnotherRowClearedNamesThatRow(t *testing.T) {
	dup := func(other string) []Conflict {
		return []Conflict{{Code: "DUPLICATE_VACANCY", Severity: "warning", Field: "vacancy_id",
			Message: compute.DuplicateConflict([]string{other}).Message}}
	}
	spec := func(id, src, other string) recSpec {
		s := recSpec{id: id, src: src, office: "Member of Assembly", district: "74", county: "New York", event: "2027-01-05",
			vd: "2027-01-05", method: "general_election", elec: "2027-11-02",
			deadlines: []Deadline{{Code: "designating_petition", Date: "2027-04-01"}}}
		if other != "" {
			s.conflicts = dup(other)
		}
		return s
	}
	night1 := []Record{rec(spec("AD-074", "in.csv:2", "in.csv:3 (AD-074b)")), rec(spec("AD-074b", "in.csv:3", "in.csv:2 (AD-074)"))}
	night2 := []Record{rec(spec("AD-074", "in.csv:2", ""))}
	_, snap, _ := runOnce(t, header("1"), d(2027, 2, 9), night1, nil)
	o, _, list := runOnce(t, header("1"), d(2027, 2, 10), night2, snap)
	var cleared *Change
	for i := range list {
		if list[i].Kind == ConflictCleared {
			cleared = &list[i]
		}
	}
	if cleared == nil {
		t.Fatalf("no conflict cleared: %+v", list)
	}
	if cleared.Cause != ByInput || cleared.CauseDetail != "another row of this seat: AD-074b (in.csv:3) is no longer in the inputs" {
		t.Errorf("cleared because %s: %q", cleared.Cause, cleared.CauseDetail)
	}
	if o.ChangedVacancies != 2 {
		t.Errorf("%d vacancies changed, want 2 (AD-074b removed, AD-074's conflict cleared)", o.ChangedVacancies)
	}
}
