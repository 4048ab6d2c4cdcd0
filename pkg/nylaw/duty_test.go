package nylaw

import (
	"strings"
	"testing"

	. "batch/pkg/compute"
)

// Issue 32: what a board must hear of the duty to proclaim and of a
// special election proclaimed.

// A Congress seat vacant Wed 2027-02-10 (death; term 2027-01-03 to
// 2029-01-03): since L.2021 ch. 320 the governor "shall … within ten days
// of the occurrence of a vacancy" proclaim a special election (Pub. Off.
// Law § 42(3)): by Sat 2027-02-20, the governor's act, never rolled over.
// Failing a special election, § 42(1)'s general election of 2027
// (Tue 11-02: the vacancy is more than three months before it) is shown.
func TestALapsedDutyToProclaimWarns(t *testing.T) {
	seat := Vacancy{Office: "Representative in Congress", Class: USRepresentative, District: "21", County: "Warren",
		Cause: Death, EventDate: ymd(2027, 2, 10), TermStart: ymd(2027, 1, 3), TermEnd: ymd(2029, 1, 3)}
	for _, c := range []struct {
		name  string
		procl Date
		asOf  Date
		warn  bool
	}{
		{"the day after the tenth day, no proclamation", Date{}, ymd(2027, 2, 21), true},
		{"weeks later, no proclamation", Date{}, ymd(2027, 3, 1), true},
		{"on the tenth day itself: still open", Date{}, ymd(2027, 2, 20), false},
		{"proclaimed in time", ymd(2027, 2, 18), ymd(2027, 3, 1), false},
		{"after the general election that filled it", Date{}, ymd(2027, 11, 3), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := seat
			v.ProclamationDate = c.procl
			r := compute(v, c.asOf)
			got, ok := conflictOf(r, "PROCLAMATION_OVERDUE")
			if ok != c.warn {
				t.Fatalf("PROCLAMATION_OVERDUE %v, want %v: %s", ok, c.warn, r.ConflictCodes())
			}
			if !ok {
				return
			}
			if got.Severity != Warning || got.Field != "proclamation_date" || got.Citation != "Pub. Off. Law § 42(3)" {
				t.Errorf("%+v", got)
			}
			for _, want := range []string{"within 10 days of the vacancy (2027-02-10), by 2027-02-20", "the general election of 2027-11-02"} {
				if !strings.Contains(got.Message, want) {
					t.Errorf("the message lacks %q: %s", want, got.Message)
				}
			}
		})
	}
}

// A proclaimed special election with no day given is filled by that
// special election, within its window, never by the general election
// (issue 32). An Assembly seat vacant 2027-02-22, proclaimed Fri
// 02-26: the window is 40 to 50 days after the proclamation (§ 42(3)(b)
// as amended by L.2022 ch. 164): Wed 2027-04-07 to Sat 04-17.
func TestAProclaimedSpecialWithoutItsDayShowsItsWindow(t *testing.T) {
	v := Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, District: "74", County: "New York", Cause: Resignation,
		EventDate: ymd(2027, 2, 22), TermStart: ymd(2027, 1, 1), TermEnd: ymd(2028, 12, 31), ProclamationDate: ymd(2027, 2, 26)}
	r := compute(v, ymd(2027, 3, 1))
	if r.Method != SpecialElection || !r.FillingElection.IsZero() {
		t.Errorf("%s on %s, want a special election, its day not given", r.Method, r.FillingElection)
	}
	if r.SpecialEarliest != ymd(2027, 4, 7) || r.SpecialLatest != ymd(2027, 4, 17) {
		t.Errorf("window %s to %s, want 2027-04-07 to 2027-04-17", r.SpecialEarliest, r.SpecialLatest)
	}
	w := deadline(t, r, "special_election")
	if !w.Actionable() || w.WindowStart != ymd(2027, 4, 7) || w.Effective != ymd(2027, 4, 17) {
		t.Errorf("the special election's window row: %+v", w)
	}
	for _, d := range r.Deadlines {
		if d.ElectionDate == ymd(2027, 11, 2) {
			t.Errorf("%s serves the general election of 2027-11-02", d.Code)
		}
	}
	if c, _ := conflictOf(r, "NEEDS_INPUT"); !strings.Contains(c.Message, "only its window is shown (2027-04-07 to 2027-04-17)") {
		t.Errorf("NEEDS_INPUT: %q", c.Message)
	}
}

// The general-election rows of a vacancy a special election may still
// fill (special_or_general) apply only if none is held, and say so; the
// duty to proclaim itself, and a vacancy filled at the general election
// only, are not marked.
func TestRowsThatApplyOnlyIfNoSpecialSaySo(t *testing.T) {
	unproclaimed := Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, District: "74", County: "New York", Cause: Resignation,
		EventDate: ymd(2027, 2, 22), TermStart: ymd(2027, 1, 1), TermEnd: ymd(2028, 12, 31)}
	r := compute(unproclaimed, ymd(2027, 3, 1))
	if r.Method != SpecialOrGeneral {
		t.Fatalf("method %s", r.Method)
	}
	marked := 0
	for _, d := range r.Deadlines {
		switch {
		case d.Code == "proclamation_deadline":
			if d.IfNoSpecial {
				t.Error("the duty to proclaim is marked as applying only if no special election is held")
			}
		case d.Applies:
			marked++
			if !d.IfNoSpecial || !strings.HasPrefix(d.Reason, "applies only if no special election is held") {
				t.Errorf("%s: %v %q", d.Code, d.IfNoSpecial, d.Reason)
			}
		}
	}
	if marked == 0 {
		t.Error("no general-election row")
	}
	town := compute(Vacancy{Office: "Town Supervisor", County: "Albany", Cause: Resignation, EventDate: ymd(2027, 1, 11)}, ymd(2027, 3, 1))
	for _, d := range town.Deadlines {
		if d.IfNoSpecial {
			t.Errorf("a town supervisor's %s (filled at the general election) is marked", d.Code)
		}
	}
}

// AD-074 entered twice, one row with the proclamation and the copy
// without (issue 32): the copy's duty to proclaim (Thu 2027-03-04, ten
// days after 02-22) is met by the other row, its general-election rows no
// longer apply, its PROCLAMATION_OVERDUE goes, and its next deadline is no
// longer the duty.
func TestADuplicateRecordsTheActForTheCopy(t *testing.T) {
	copyRow := Vacancy{ID: "AD-074", Office: "Member of Assembly", Class: MemberOfAssembly, District: "74", County: "New York",
		Cause: Resignation, EventDate: ymd(2027, 2, 22), TermStart: ymd(2027, 1, 1), TermEnd: ymd(2028, 12, 31)}
	for _, asOf := range []Date{ymd(2027, 3, 2), ymd(2027, 3, 10)} {
		r := compute(copyRow, asOf)
		lapsed := asOf.After(ymd(2027, 3, 4))
		if _, ok := conflictOf(r, "PROCLAMATION_OVERDUE"); ok != lapsed {
			t.Fatalf("%s: PROCLAMATION_OVERDUE %v before the duplicate is known", asOf, ok)
		}
		changed := DoneByDuplicate(&r, func(code string) bool { return code == "proclamation_deadline" }, true, "v.xlsx:Vacancies:6 (AD-074)")
		if !changed {
			t.Fatalf("%s: nothing changed", asOf)
		}
		duty := deadline(t, r, "proclamation_deadline")
		if duty.Status != Met || duty.Actionable() || !strings.Contains(duty.Reason, "its duplicate row v.xlsx:Vacancies:6 (AD-074) records it") {
			t.Errorf("%s: the duty %s %q", asOf, duty.Status, duty.Reason)
		}
		for _, d := range r.Deadlines {
			if d.IfNoSpecial && d.Applies {
				t.Errorf("%s: %s still applies", asOf, d.Code)
			}
		}
		if _, ok := conflictOf(r, "PROCLAMATION_OVERDUE"); ok {
			t.Errorf("%s: PROCLAMATION_OVERDUE stays", asOf)
		}
		if r.NextDeadline == "proclamation_deadline" {
			t.Errorf("%s: the next deadline is still the duty", asOf)
		}
	}
}
