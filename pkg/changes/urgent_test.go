package changes

import (
	"strings"
	"testing"
)

// Night one, as of Mon 2026-11-30: NY-7's party certificate is due Thu
// 12-10; NY-8's designating petition on 2027-04-01. Night two, as of Tue
// 12-01: the county corrects NY-7's event date, which moves the
// certificate's last day to Wed 11-25, behind the as-of date; NY-9 comes
// in, its first deadline four months away; NY-8's petition rests on
// text to verify. The correction's deadline leads: it passed since the
// last run as surely as one the calendar overtook.
func correctionNights() (night1, night2 []Record) {
	ny7 := recSpec{id: "NY-7", office: "Town Supervisor", county: "Erie", event: "2026-10-01", vd: "2026-10-01",
		method: "special_election", elec: "2027-01-12",
		deadlines: []Deadline{{Code: "party_certificate", Date: "2026-12-10"}}}
	ny8 := recSpec{id: "NY-8", office: "Town Clerk", county: "Erie", event: "2026-06-01", vd: "2026-06-01",
		method: "general_election", elec: "2027-11-02",
		deadlines: []Deadline{{Code: "designating_petition", Date: "2026-12-03", Verify: "the board's 2026 calendar"}}}
	night1 = []Record{rec(ny7), rec(ny8)}
	ny7.event, ny7.vd = "2026-09-15", "2026-09-15"
	ny7.deadlines = []Deadline{{Code: "party_certificate", Date: "2026-11-25", Passed: true}}
	ny9 := recSpec{id: "NY-9", office: "Village Trustee", county: "Erie", event: "2026-11-20", vd: "2026-11-20",
		method: "general_election", elec: "2027-11-02",
		deadlines: []Deadline{{Code: "designating_petition", Date: "2027-04-01"}}}
	night2 = []Record{rec(ny7), rec(ny8), rec(ny9)}
	return
}

func TestACorrectionIntoThePastLeadsNeedsAction(t *testing.T) {
	n1, n2 := correctionNights()
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, nil)
	out, _, got := runOnce(t, header("1.0.0"), d(2026, 12, 1), n2, snap)
	correction := "input: event_date 2026-10-01 → 2026-09-15"
	sameLines(t, briefs(got), []string{
		// Today: the deadline the correction put behind us.
		"act_now deadline_passed NY-7 party_certificate: open → passed [" + correction + "]",
		// Thu 12-03: NY-8's petition, due in two days.
		"act_now deadline_soon NY-8 designating_petition:  → 2026-12-03 [as_of: due within 7 days of the as-of date 2026-12-01]",
		// Then what changed, by the day someone must act: NY-9's 2027-04-01;
		// NY-7, with nothing left open, after.
		"changed vacancy_added NY-9 :  → general_election [input: a row the last run's inputs did not have]",
		"changed vacancy_date_changed NY-7 vacancy_date: 2026-10-01 → 2026-09-15 [" + correction + "]",
		"changed deadline_changed NY-7 party_certificate: 2026-12-10 → 2026-11-25 [" + correction + "]",
	})
	if got[0].ActBy != "2026-12-01" || got[1].ActBy != "2026-12-03" || got[2].ActBy != "2027-04-01" || got[3].ActBy != "" {
		t.Errorf("act_by: %q, %q, %q, %q; want the as-of date, the petition's last day, NY-9's first deadline, none",
			got[0].ActBy, got[1].ActBy, got[2].ActBy, got[3].ActBy)
	}
	if got[1].Verify != "the board's 2026 calendar" {
		t.Errorf("the petition's change: verify %q", got[1].Verify)
	}
	if out.ActNow != 2 || !out.Changed() {
		t.Errorf("ActNow %d, Changed %v: want 2, true", out.ActNow, out.Changed())
	}
}

func TestADeadlineMetIsNotToActOn(t *testing.T) {
	// NY-8's petition, open on night one, is met on night two (the
	// inputs say it was done): no longer due, no longer next, and the
	// change says so.
	n1, n2 := correctionNights()
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, nil)
	n2[1].Deadlines = []Deadline{{Code: "designating_petition", Date: "2026-12-03", Met: true}}
	n2[1].In[10] = "2026-11-30"
	out, _, got := runOnce(t, header("1.0.0"), d(2026, 12, 1), n2, snap)
	for _, ch := range got {
		if ch.VacancyID == "NY-8" && ch.Kind != DeadlineMet {
			t.Errorf("NY-8: %s", brief(ch))
		}
	}
	want := "resolved deadline_met NY-8 designating_petition: open → met [input: proclamation_date (blank) → 2026-11-30]"
	if b := briefs(got); !strings.Contains(strings.Join(b, "\n"), want) {
		t.Errorf("changes:\n%s\nwant %s", strings.Join(b, "\n"), want)
	}
	for _, u := range out.Upcoming {
		if u.Code == "designating_petition" && u.Date == "2026-12-03" {
			t.Errorf("a met deadline listed next: %+v", u)
		}
	}
}
