package changes

import (
	"reflect"
	"testing"
)

// TestTheSortsRecordsComeBackWhole: a record through the sort's binary
// form keeps every field, a deadline's verify text and met flag included
// (the snapshot leaves verify out; this run's changes need it).
func TestTheSortsRecordsComeBackWhole(t *testing.T) {
	r := Record{Key: "i\x00NY-1", ID: "NY-1", Source: "a.csv:2", In: []string{"Mayor", "", "Erie"},
		Rejected: `county "x": not a county`, RejectedInput: true,
		VacancyDate: "2026-01-02", Method: "special_election", Election: "2026-03-03", Law: "E4",
		Conflicts: []Conflict{{Code: "DATE_ORDER", Field: "proclamation_date", Severity: "error", Message: "check both dates"}},
		Deadlines: []Deadline{
			{Code: "a", Date: "2026-01-10", Passed: true},
			{Code: "b", Date: "2026-02-10", Met: true},
			{Code: "c", Date: "2026-02-20", Verify: "the state board's 2026 calendar"},
			{Code: "d", Date: "2026-02-21", Passed: true, Met: true, Verify: "x"},
		}}
	var back Record
	if err := decodeRecord(encodeRecord(nil, &r), r.Key, &back, new(interner)); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("read back\n got %+v\nwant %+v", back, r)
	}
}

// A change comes back from the sort's temporary file with every fact the
// outputs word it from.
func TestAChangeComesBackWhole(t *testing.T) {
	ch := Change{Priority: ActNow, Kind: DeadlinePassed, Date: "2026-11-25", VacancyID: "NY-7", Source: "in.csv:3",
		Office: "Town Supervisor", District: "1", County: "Erie", Class: "other", Item: "party_certificate", Old: "open",
		New: "passed", Severity: "warning", Cause: ByInput, CauseDetail: "event_date 2026-10-01 → 2026-09-15", OwnRow: true,
		ActBy: "2026-12-01", Verify: "check it", VacancyDate: "2026-09-15", Method: "special_election", Election: "2027-01-12",
		Problem: "p", Field: "f", ConflictMessage: "m", From: "2026-12-10", Passed: true, Days: 9, Dup: "in.csv:4",
		IfNoSpecial: true, Rows: 12, Matched: 10}
	var back Change
	if err := decodeChange(encodeChange(nil, &ch), &back, &interner{}); err != nil {
		t.Fatal(err)
	}
	if back != ch {
		t.Errorf("back %+v\nwant %+v", back, ch)
	}
}
