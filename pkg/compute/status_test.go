package compute_test

import (
	"strings"
	"testing"

	. "batch/pkg/compute"
	"batch/pkg/nylaw"
)

// A deadline's status follows what the input says was done: a
// proclamation_date meets the duty to proclaim, a special_election_date
// sets the day and ends the window as a deadline. The action lists (the
// next deadline) show only what someone must still do.
func TestStatusFollowsWhatWasDone(t *testing.T) {
	// Assembly District 80 (the samples' NY-0000095): vacant by
	// resignation 2027-01-23. Pub. Off. Law § 42(3) (L.2021 ch. 320): the
	// governor proclaims within ten days, by 2027-02-02. § 42(3)(b)
	// (L.2022 ch. 164): the election 40 to 50 days after a proclamation
	// of 2027-01-25, 2027-03-06 to 2027-03-16.
	ad80 := Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, District: "80", County: "Allegany",
		Cause: Resignation, EventDate: ymd(2027, 1, 23), TermEnd: ymd(2028, 12, 31)}
	asOf := ymd(2027, 1, 28)
	cases := []struct {
		name         string
		procl, elect Date
		duty, window Status // "" for the window: no window row expected to be checked
		late         bool   // PROCLAMATION_LATE
	}{
		{"proclaimed within the ten days: the duty is met", ymd(2027, 1, 25), ymd(2027, 3, 16), Met, Met, false},
		{"proclaimed on the tenth day: met", ymd(2027, 2, 2), ymd(2027, 3, 16), Met, Met, false},
		{"proclaimed on the eleventh day: met late, and still a warning", ymd(2027, 2, 3), ymd(2027, 3, 16), MetLate, Met, true},
		{"not proclaimed: the duty is open", Date{}, Date{}, Open, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := ad80
			v.ProclamationDate, v.SpecialElectionDate = c.procl, c.elect
			r := computeNY(v, asOf)
			duty := deadline(t, r, "proclamation_deadline")
			if duty.Effective != ymd(2027, 2, 2) || duty.Status != c.duty {
				t.Errorf("duty %s %q, want 2027-02-02 %q", duty.Effective, duty.Status, c.duty)
			}
			if duty.Actionable() != (c.duty == Open) {
				t.Errorf("duty actionable = %v with status %q", duty.Actionable(), duty.Status)
			}
			if _, late := conflictOf(r, "PROCLAMATION_LATE"); late != c.late {
				t.Errorf("PROCLAMATION_LATE %v, want %v", late, c.late)
			}
			if c.window != "" {
				w := deadline(t, r, "special_election")
				if w.WindowStart != ymd(2027, 3, 6) && c.procl == ymd(2027, 1, 25) {
					t.Errorf("window opens %s, want 2027-03-06", w.WindowStart)
				}
				if w.Status != c.window || w.Actionable() {
					t.Errorf("window status %q actionable %v, want %q and not actionable", w.Status, w.Actionable(), c.window)
				}
				if !strings.Contains(w.Reason, "2027-03-16") {
					t.Errorf("window reason %q does not say the day is set", w.Reason)
				}
			}
			switch r.NextDeadline {
			case "proclamation_deadline":
				if c.duty != Open {
					t.Errorf("next deadline is the duty to proclaim, met on %s", c.procl)
				}
			case "special_election":
				t.Error("next deadline is the special election's window")
			}
			if c.duty == Open && (r.NextDeadline != "proclamation_deadline" || r.NextDeadlineDate != ymd(2027, 2, 2)) {
				t.Errorf("next deadline %s %s, want the duty to proclaim on 2027-02-02", r.NextDeadline, r.NextDeadlineDate)
			}
		})
	}

	t.Run("a set election day is not the next deadline (the samples' NY-0000022)", func(t *testing.T) {
		// Mayor of the Village of Sidney: vacant by death 2026-10-09,
		// proclaimed 2026-10-12; § 42(3)(a) (L.2022 ch. 164): an office not
		// in the Senate or Assembly, 70 to 80 days, 2026-12-21 to
		// 2026-12-31; the election is set for 2026-12-22. On 2026-12-04 the
		// special election's nomination deadlines (§ 6-158(6)-(12), late
		// October) have passed: nothing is left to do before the election.
		v := Vacancy{Office: "Mayor", Class: OtherOffice, District: "Village of Sidney", County: "Delaware", Cause: Death,
			EventDate: ymd(2026, 10, 9), Appointable: No, ProclamationDate: ymd(2026, 10, 12), SpecialElectionDate: ymd(2026, 12, 22)}
		r := computeNY(v, ymd(2026, 12, 4))
		w := deadline(t, r, "special_election")
		if w.WindowStart != ymd(2026, 12, 21) || w.Effective != ymd(2026, 12, 31) {
			t.Errorf("window %s … %s, want 2026-12-21 … 2026-12-31", w.WindowStart, w.Effective)
		}
		if w.Status != Met || w.Actionable() {
			t.Errorf("window %q actionable %v: the day is set", w.Status, w.Actionable())
		}
		if r.NextDeadline == "special_election" || r.NextDeadlineDate == ymd(2026, 12, 31) {
			t.Errorf("next deadline %s %s: the window's end", r.NextDeadline, r.NextDeadlineDate)
		}
		if r.FillingElection != ymd(2026, 12, 22) {
			t.Errorf("filling election %s, want 2026-12-22", r.FillingElection)
		}
	})
}

// Every date that rests on a rule whose text is unverified carries a
// verify mark, and none that rests on a sourced (or corroborated) rule
// does: the rows' marks follow the law data's marks, across editions.
func TestVerifyFollowsTheMarks(t *testing.T) {
	law := nylaw.NewYork
	// What each edition's rules (and their exceptions) say about their
	// text, by edition and citation.
	unverifiedCite := map[string]bool{}
	for _, ed := range law.Editions {
		tables := [][]DeadlineRule{ed.Deadlines}
		for _, t := range ed.Specials {
			tables = append(tables, t.Rows)
		}
		for _, rs := range tables {
			for _, r := range rs {
				if r.MarkOrSourced() == Unsourced {
					unverifiedCite[ed.ID+" "+r.Code+" "+r.Cite] = true
				}
				for _, x := range r.Exceptions {
					if x.MarkOrSourced() == Unsourced {
						unverifiedCite[ed.ID+" "+r.Code+" "+x.Cite] = true
					}
				}
			}
		}
	}
	vacancies := []struct {
		name   string
		v      Vacancy
		asOf   Date
		marked bool // some row rests on text unverified whatever the board's calendar corroborates
	}{
		{"a village trustee in 2026 (E4, regular calendar)", Vacancy{Office: "Village Trustee", Cause: Resignation, EventDate: ymd(2026, 2, 10)}, ymd(2026, 2, 11), false},
		{"a late vacancy of 2026 (§ 6-158(10))", Vacancy{Office: "Village Trustee", Cause: Resignation, EventDate: ymd(2026, 5, 13)}, ymd(2026, 5, 14), true},
		{"a town clerk in 2021 (E3, (7) and (8) unverified)", Vacancy{Office: "Town Clerk", Cause: Death, EventDate: ymd(2021, 3, 1)}, ymd(2021, 3, 2), true},
		{"an assembly special of 2027 (E4)", Vacancy{Office: "Member of Assembly", Class: MemberOfAssembly, District: "80", Cause: Resignation,
			EventDate: ymd(2027, 1, 23), ProclamationDate: ymd(2027, 1, 25), SpecialElectionDate: ymd(2027, 3, 16), TermEnd: ymd(2028, 12, 31)}, ymd(2027, 1, 28), true},
	}
	for _, c := range vacancies {
		t.Run(c.name, func(t *testing.T) {
			r := computeNY(c.v, c.asOf)
			if len(r.Deadlines) == 0 {
				t.Fatal("no deadlines")
			}
			marked := 0
			for _, d := range r.Deadlines {
				if !d.Applies {
					continue
				}
				if d.Verify != "" {
					marked++
				}
				ed, _, _ := strings.Cut(d.LawEdition, "+")
				rests := unverifiedCite[ed+" "+d.Code+" "+d.Citation]
				if rests && d.Verify == "" {
					t.Errorf("%s (%s) rests on unverified text and carries no verify mark", d.Code, d.Citation)
				}
				if d.Verify != "" && !rests && !strings.Contains(d.Verify, "rolled over") && !strings.Contains(d.Verify, "act") {
					t.Errorf("%s (%s) carries verify %q, but its rule is not unverified", d.Code, d.Citation, d.Verify)
				}
				if strings.Contains(strings.ToLower(d.Verify), "seed") {
					t.Errorf("%s: verify says seed: %q", d.Code, d.Verify)
				}
			}
			if c.marked && marked == 0 {
				t.Error("no row carries a verify mark")
			}
			if c, ok := conflictOf(r, "NEEDS_REVIEW"); ok && !strings.Contains(c.Field, "filling_method") && !strings.Contains(c.Field, "special_election_date") && !strings.Contains(c.Field, "vacancy_date") && !strings.Contains(c.Field, "proclamation_date") {
				t.Errorf("a review line about a deadline's date: %+v", c)
			}
		})
	}
}
