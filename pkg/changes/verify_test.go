package changes

import (
	"testing"

	"batch/pkg/compute"
)

// A date that rests on text still unverified keeps its mark from the
// deadline's row (compute.Deadline.Verify) through the record and the
// change's spill, for the digest's lines (pkg/export).
func TestChangesCarryVerify(t *testing.T) {
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
	ch := Change{Kind: DeadlineSoon, Item: rec.Deadlines[0].Code, VacancyID: "NY-1", Verify: rec.Deadlines[0].Verify, Days: 3}
	if err := decodeChange(encodeChange(nil, &ch), &back, &interner{}); err != nil {
		t.Fatal(err)
	}
	if back != ch {
		t.Errorf("the change came back from the sort as %+v, not %+v", back, ch)
	}
}
