package changes

import (
	"strings"
	"testing"

	"batch/pkg/compute"
)

// A date that rests on text still unverified says so on its digest line,
// under Needs action and under Next deadlines; one that does not, says
// nothing. The mark comes from the deadline's row (compute.Deadline.Verify)
// through the record and the change's spill.
func TestDigestLinesCarryVerify(t *testing.T) {
	const mark = "text unread: check the board's calendar"
	r := compute.Result{Vacancy: compute.Vacancy{ID: "NY-1", Office: "Member of Assembly", Class: compute.MemberOfAssembly, District: "080", County: "Allegany"},
		Deadlines: []compute.Deadline{
			{Code: "special_party_accept_decline", Effective: compute.D(2027, 2, 8), Applies: true, Status: compute.Open, Verify: mark},
			{Code: "special_independent_petition", Effective: compute.D(2027, 2, 3), Applies: true, Status: compute.Open},
			{Code: "proclamation_deadline", Effective: compute.D(2027, 2, 2), Applies: true, Status: compute.Met},
		}}
	var rec Record
	FromResultInto(&rec, &r, "E4")
	if !rec.Deadlines[2].Met {
		t.Error("a met deadline is still to do in the record")
	}
	var back Change
	ch := Change{Kind: DeadlineSoon, Item: rec.Deadlines[0].Code, VacancyID: "NY-1", Office: "Member of Assembly", District: "080",
		County: "Allegany", class: "member_of_assembly", Verify: rec.Deadlines[0].Verify,
		Message: "special_party_accept_decline: last day 2027-02-08" + verifyNote(rec.Deadlines[0].Verify) + ", in 3 days."}
	if err := decodeChange(encodeChange(nil, &ch), &back, &interner{}); err != nil {
		t.Fatal(err)
	}
	line := actionSummary(&ActionLine{Kind: DeadlineSoon, Count: 1, First: back}, nil)
	if !strings.Contains(line, "in 3 days") || !strings.Contains(line, "Assembly District 80") || !strings.Contains(line, "[verify: "+mark+"]") {
		t.Errorf("needs-action line %q", line)
	}
	d := &Digest{}
	if got := d.upcomingText(Upcoming{Code: "special_party_accept_decline", Count: 1, IDs: []string{"NY-1"}, Verify: mark}); !strings.Contains(got, "[verify: "+mark+"]") {
		t.Errorf("next-deadline line %q", got)
	}
	if got := d.upcomingText(Upcoming{Code: "special_independent_petition", Count: 1, IDs: []string{"NY-1"}}); strings.Contains(got, "verify") {
		t.Errorf("a sourced date's line says verify: %q", got)
	}
}

// The digest says each unverified rule once: how many open deadlines rest
// on it and what to check them against.
func TestDigestSaysEachUnverifiedRuleOnce(t *testing.T) {
	d := &Digest{Run: Run{Verify: []VerifyCount{
		{Rule: "Elec. Law § 6-158(7)", Open: 66, Check: "text unread: check the board's calendar"},
		{Rule: "Elec. Law § 6-158(8)", Open: 66, Check: "text unread: check the board's calendar"},
		{Rule: "Pub. Off. Law § 42(3)", Open: 1, Check: "a reading: never rolled over (the governor's act)"},
	}}}
	got := d.VerifyLine()
	want := "Dates to verify: 133 open deadlines rest on text still unverified — Elec. Law § 6-158(7): 66, " +
		"Elec. Law § 6-158(8): 66 (text unread: check the board's calendar), Pub. Off. Law § 42(3): 1 " +
		"(a reading: never rolled over (the governor's act)); marked verify on Deadlines."
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if (&Digest{}).VerifyLine() != "" {
		t.Error("a line without anything to verify")
	}
}

// verifyNote is a message's verify mark, as the digest words it: the date
// rests on text still unverified, and the mark says what to check it against.
func verifyNote(v string) string {
	if v == "" {
		return ""
	}
	return " (verify: " + v + ")"
}
