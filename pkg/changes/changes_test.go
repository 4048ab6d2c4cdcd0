package changes

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/gzip"

	"batch/internal/textdiff"
	"batch/pkg/compute"
)

func d(y int, m time.Month, day int) compute.Date { return compute.D(y, m, day) }

// rec builds a record by hand: the scenario's "results" are set here,
// not computed, so each expected change follows from what the test wrote.
type recSpec struct {
	id, src          string
	office, district string
	county           string
	event, procl     string
	rejected         string
	vd, method, elec string
	law              string
	conflicts        []Conflict
	deadlines        []Deadline
}

func rec(s recSpec) Record {
	v := compute.Vacancy{ID: s.id, Office: s.office, District: s.district, County: s.county,
		Source: compute.Source{File: "in.csv", Row: 2}}
	if s.src != "" {
		var row int
		fmt.Sscanf(s.src, "in.csv:%d", &row)
		v.Source.Row = row
	}
	if v.ID == "" {
		v.ID = v.Source.String()
	}
	r := Record{ID: v.ID, Source: v.Source.String(), In: make([]string, len(InputFields)),
		Rejected: s.rejected, VacancyDate: s.vd, Method: s.method, Election: s.elec, Law: s.law,
		Conflicts: s.conflicts, Deadlines: s.deadlines}
	r.In[0], r.In[2], r.In[3] = s.office, s.district, s.county
	if s.office == "Member of Assembly" {
		r.In[1] = string(compute.MemberOfAssembly) // the district reads "Assembly District 65"
	}
	r.In[5] = "resignation"
	r.In[6] = s.event
	r.In[10] = s.procl
	r.Key = Key(&v, s.vd, s.rejected != "")
	return r
}

var testInputs = []Input{{Name: "in.csv", SHA256: "aa", Rows: 5}}

func header(tool string) Header {
	return Header{ToolVersion: tool, RulesVersion: "r1", Inputs: testInputs}
}

// runOnce is one run: records in, snapshot bytes and changes out.
func runOnce(t *testing.T, h Header, asOf compute.Date, recs []Record, base []byte, opts ...func(*Options)) (*Outcome, []byte, []Change) {
	t.Helper()
	if len(h.Inputs) == 1 && h.Inputs[0].Rows < len(recs) {
		// The run's inputs had a row for each record at least.
		h.Inputs = []Input{h.Inputs[0]}
		h.Inputs[0].Rows = len(recs)
	}
	o := Options{Header: h, AsOf: asOf, TempDir: t.TempDir()}
	for _, f := range opts {
		f(&o)
	}
	c := New(o)
	for i := range recs {
		if err := c.Add(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	var b *Baseline
	var skip *Skip
	if base != nil {
		path := filepath.Join(t.TempDir(), SnapshotName)
		if err := os.WriteFile(path, base, 0o644); err != nil {
			t.Fatal(err)
		}
		b, skip = Open(path, o.Header, false)
		defer b.Close()
	}
	var snap bytes.Buffer
	out, err := c.Finish(&snap, b, skip)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(out.Close)
	var all []Change
	if err := out.Each(func(ch *Change) error { all = append(all, *ch); return nil }); err != nil {
		t.Fatal(err)
	}
	return out, snap.Bytes(), all
}

// brief is a change as the tests compare it.
func brief(c Change) string {
	return fmt.Sprintf("%s %s %s %s: %s → %s [%s: %s]", c.Priority, c.Kind, c.VacancyID, c.Item, c.Old, c.New, c.Cause, c.CauseDetail)
}

func briefs(cs []Change) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = brief(c)
	}
	return out
}

func sameLines(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("changes:\n got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// The scenario of issue 12, by hand. Night one (as of 2026-11-30) and
// night two (as of 2026-12-04): between them the county corrects NY-1's
// event date from 2026-03-04 to 2026-04-03 (its vacancy date and one
// deadline follow), NY-2 leaves the workbook, NY-5 comes in, NY-3 gets a
// proclamation (special_or_general becomes special_election, on a new
// day, with a deadline of its own and the general-election one gone), and
// the as-of date passes NY-4's 2026-12-01 deadline while NY-4's next one,
// 2026-12-08, comes within the week.
func scenario() (night1, night2 []Record) {
	ny1 := recSpec{id: "NY-1", office: "Member of Assembly", district: "65", county: "New York",
		event: "2026-03-04", vd: "2026-03-04", method: "general_election", elec: "2026-11-03",
		deadlines: []Deadline{{Code: "party_nomination", Date: "2026-09-28", Passed: true}}}
	ny2 := recSpec{id: "NY-2", office: "Town Supervisor", county: "Albany", event: "2026-05-01",
		vd: "2026-05-01", method: "general_election", elec: "2027-11-02",
		deadlines: []Deadline{{Code: "designating_petition", Date: "2027-04-01"}}}
	ny3 := recSpec{id: "NY-3", office: "State Senator", district: "12", county: "Queens", event: "2026-10-01",
		vd: "2026-10-01", method: "special_or_general", elec: "2027-11-02",
		conflicts: []Conflict{{Code: "NO_PROCLAMATION", Severity: "info", Message: "no proclamation yet"}},
		deadlines: []Deadline{{Code: "designating_petition", Date: "2027-04-01"}}}
	ny4 := recSpec{id: "NY-4", office: "Member of Congress", district: "3", county: "Nassau", event: "2026-09-01",
		vd: "2026-09-01", method: "special_election", elec: "2027-01-12",
		deadlines: []Deadline{{Code: "party_certificate", Date: "2026-12-01"}, {Code: "independent_petition", Date: "2026-12-08"}}}
	night1 = []Record{rec(ny1), rec(ny2), rec(ny3), rec(ny4)}

	ny1.event, ny1.vd = "2026-04-03", "2026-04-03"
	ny1.deadlines = []Deadline{{Code: "party_nomination", Date: "2026-10-05", Passed: true}}
	ny3.procl, ny3.method, ny3.elec = "2026-11-20", "special_election", "2027-02-09"
	ny3.conflicts = nil
	ny3.deadlines = []Deadline{{Code: "party_certificate", Date: "2027-01-05"}}
	ny4.deadlines = []Deadline{{Code: "party_certificate", Date: "2026-12-01", Passed: true}, {Code: "independent_petition", Date: "2026-12-08"}}
	ny5 := recSpec{id: "NY-5", office: "Village Trustee", county: "Erie", event: "2026-11-10", vd: "2026-11-10",
		method: "general_election", elec: "2027-11-02",
		deadlines: []Deadline{{Code: "designating_petition", Date: "2027-04-01"}}}
	night2 = []Record{rec(ny1), rec(ny3), rec(ny4), rec(ny5)}
	return
}

func TestTwoNightsScenario(t *testing.T) {
	n1, n2 := scenario()
	first, snap, none := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, nil)
	if first.Status != Off || len(none) != 1 {
		// The first night compares nothing; NY-4's 2026-12-01 is due tomorrow.
		t.Fatalf("first night: status %s, changes %v", first.Status, briefs(none))
	}
	out, _, got := runOnce(t, header("1.0.0"), d(2026, 12, 4), n2, snap)
	if out.Status != Compared {
		t.Fatalf("status %s (%s)", out.Status, out.Reason)
	}
	input1 := "input: event_date 2026-03-04 → 2026-04-03"
	input3 := "input: proclamation_date (blank) → 2026-11-20"
	sameLines(t, briefs(got), []string{
		// act now: passed first (its date is the earliest), then due soon.
		"act_now deadline_passed NY-4 party_certificate: open → passed [as_of: as-of date 2026-11-30 → 2026-12-04]",
		"act_now deadline_soon NY-4 independent_petition:  → 2026-12-08 [as_of: due within 7 days of the as-of date 2026-12-04]",
		// changed, by the day someone must act on the vacancy (its next
		// open deadline), soonest first, and a vacancy's changes by their
		// own days: NY-3's (2027-01-05): its new deadline, its new
		// election, its dropped deadline; NY-5's (2027-04-01); then NY-1,
		// with nothing left open, by date.
		"changed deadline_added NY-3 party_certificate:  → 2027-01-05 [" + input3 + "]",
		"changed method_changed NY-3 filling_method: special_or_general → special_election [" + input3 + "]",
		"changed election_changed NY-3 filling_election_date: 2027-11-02 → 2027-02-09 [" + input3 + "]",
		"changed deadline_dropped NY-3 designating_petition: 2027-04-01 →  [" + input3 + "]",
		"changed vacancy_added NY-5 :  → general_election [input: a row the last run's inputs did not have]",
		"changed vacancy_date_changed NY-1 vacancy_date: 2026-03-04 → 2026-04-03 [" + input1 + "]",
		"changed deadline_changed NY-1 party_nomination: 2026-09-28 → 2026-10-05 [" + input1 + "]",
		// resolved: what went away.
		"resolved vacancy_removed NY-2 : general_election →  [input: the row is no longer in the inputs]",
		"resolved conflict_cleared NY-3 NO_PROCLAMATION: NO_PROCLAMATION →  [" + input3 + "]",
	})
	if !out.Changed() {
		t.Error("Changed() is false; the inputs changed")
	}
	if out.Counts[DeadlinePassed] != 1 || out.Counts[VacancyAdded] != 1 || out.Total != 11 {
		t.Errorf("counts %v, total %d", out.Counts, out.Total)
	}
}

func TestOnlyTheAsOfDateMoved(t *testing.T) {
	n1, _ := scenario()
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, nil)
	// The same rows five days later: NY-4's 2026-12-01 has passed (the
	// engine marks it so), its 2026-12-08 is within the week; nothing else.
	n1b, _ := scenario()
	n1b[3].Deadlines[0].Passed = true
	out, _, got := runOnce(t, header("1.0.0"), d(2026, 12, 4), n1b, snap)
	sameLines(t, briefs(got), []string{
		"act_now deadline_passed NY-4 party_certificate: open → passed [as_of: as-of date 2026-11-30 → 2026-12-04]",
		"act_now deadline_soon NY-4 independent_petition:  → 2026-12-08 [as_of: due within 7 days of the as-of date 2026-12-04]",
	})
	if out.Changed() {
		t.Error("Changed() is true: only the as-of date moved")
	}
}

func TestCausesOtherThanInput(t *testing.T) {
	base := func() []Record {
		return []Record{rec(recSpec{id: "NY-9", office: "Member of Assembly", district: "1", county: "Suffolk",
			event: "2026-06-01", vd: "2026-06-01", method: "general_election", elec: "2026-11-03", law: "E4",
			deadlines: []Deadline{{Code: "party_nomination", Date: "2026-09-21", Passed: true}}})}
	}
	moved := func(law string) []Record {
		r := base()
		r[0].Law = law
		r[0].Deadlines[0].Date = "2026-09-17" // what another law would say; the test only needs it to differ
		return r
	}
	cases := []struct {
		name      string
		prevHdr   Header
		curHdr    Header
		cur       []Record
		wantCause string
	}{
		{"the row's law edition changed (--edition E0 against auto)", header("1.0.0"), header("1.0.0"), moved("E0"),
			"law: law_edition E4 → E0"},
		{"the rule table changed under the same edition", header("1.0.0"),
			Header{ToolVersion: "1.0.0", RulesVersion: "r2", Inputs: testInputs}, moved("E4"), "law: rules version r1 → r2"},
		{"the calendar overrides changed", header("1.0.0"),
			Header{ToolVersion: "1.0.0", RulesVersion: "r1", Calendar: "c2", Inputs: testInputs}, moved("E4"),
			"calendar: calendar overrides changed (none → c2)"},
		{"only the tool changed", header("1.0.0"), header("1.1.0"), moved("E4"), "tool: batch 1.0.0 → 1.1.0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, snap, _ := runOnce(t, c.prevHdr, d(2026, 11, 30), base(), nil)
			_, _, got := runOnce(t, c.curHdr, d(2026, 11, 30), c.cur, snap)
			sameLines(t, briefs(got), []string{
				"changed deadline_changed NY-9 party_nomination: 2026-09-21 → 2026-09-17 [" + c.wantCause + "]",
			})
		})
	}
}

func TestMatchingWithoutIDs(t *testing.T) {
	// Rows without vacancy_id: ingest gives them their place as id, and
	// a row inserted above moves every place. They match by seat and
	// vacancy date, the seat's case, spacing and leading zeros aside.
	prev := []Record{
		rec(recSpec{src: "in.csv:2", office: "Member of Assembly", district: "065", county: "New York",
			vd: "2026-03-04", method: "general_election", elec: "2026-11-03"}),
		rec(recSpec{src: "in.csv:3", office: "Town Clerk", county: "Erie", vd: "2026-05-05",
			method: "general_election", elec: "2026-11-03"}),
	}
	cur := []Record{
		rec(recSpec{src: "in.csv:2", office: "Village Mayor", county: "Erie", vd: "2026-07-07",
			method: "general_election", elec: "2026-11-03"}),
		rec(recSpec{src: "in.csv:3", office: "member of  assembly", district: "65", county: "New York",
			vd: "2026-03-04", method: "general_election", elec: "2026-11-03"}),
		// The town clerk's row is now rejected: no vacancy date, but the
		// same seat, so it is the same row of the other run.
		rec(recSpec{src: "in.csv:4", office: "Town Clerk", county: "Erie", rejected: `event_date "13/45/2026": not a date`}),
	}
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), prev, nil)
	_, _, got := runOnce(t, header("1.0.0"), d(2026, 11, 30), cur, snap)
	sameLines(t, briefs(got), []string{
		"act_now now_rejected in.csv:4 : accepted → rejected [input: event_date \"13/45/2026\": not a date]",
		"changed vacancy_added in.csv:2 :  → general_election [input: a row the last run's inputs did not have]",
	})
}

func TestSeat(t *testing.T) {
	for _, c := range []struct{ office, district, county, want string }{
		{"Member of Assembly", "065", "New York", "member of assembly|65|new york"},
		{"  member  of ASSEMBLY ", "65", "new york", "member of assembly|65|new york"},
		{"Town Justice", "0", "", "town justice|0|"},
		{"Town Justice (2nd seat)", "", "Erie", "town justice 2nd seat||erie"},
		{"", "5", "Erie", ""},
	} {
		if got := Seat(c.office, c.district, c.county); got != c.want {
			t.Errorf("Seat(%q, %q, %q) = %q, want %q", c.office, c.district, c.county, got, c.want)
		}
	}
}

func TestManyRowsSpillAndStayInOrder(t *testing.T) {
	// A buffer of 4 KB forces dozens of sorted runs on disk; the merge
	// must still give every record once, in key order, and the changes
	// most urgent first.
	var prev, cur []Record
	for i := 0; i < 3000; i++ {
		id := fmt.Sprintf("V%07d", (i*7919)%3000) // ids out of input order
		r := rec(recSpec{id: id, office: "Town Board Member", county: "Erie", vd: "2026-01-01",
			method: "general_election", elec: "2026-11-03",
			deadlines: []Deadline{{Code: "designating_petition", Date: "2026-12-0" + fmt.Sprint(1+i%9)}}})
		prev = append(prev, r)
		if i%10 == 0 {
			r.Method = "special_election"
		}
		cur = append(cur, r)
	}
	small := func(o *Options) { o.SortMemory = 4 << 10 }
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), prev, nil, small)
	out, snap2, got := runOnce(t, header("1.0.0"), d(2026, 11, 30), cur, snap, small)
	// Deadlines fall on 2026-12-01 … 09 in turn (334 rows on each of the
	// first three days, 333 on the others); the week from 11-30 holds
	// 12-01 … 12-07: 3×334 + 4×333 = 2334.
	if out.Counts[MethodChanged] != 300 || out.Counts[DeadlineSoon] != 2334 {
		t.Errorf("counts %v", out.Counts)
	}
	if !slices.IsSortedFunc(got, func(a, b Change) int { return strings.Compare(a.sortKey("2026-11-30"), b.sortKey("2026-11-30")) }) {
		t.Error("changes are not most urgent first")
	}
	// The snapshot reads back whole and in order.
	path := filepath.Join(t.TempDir(), SnapshotName)
	os.WriteFile(path, snap2, 0o644)
	b, skip := Open(path, header("1.0.0"), false)
	if skip != nil {
		t.Fatal(skip)
	}
	defer b.Close()
	n := 0
	var r Record
	for {
		ok, err := b.next(&r)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		n++
	}
	if n != 3000 || b.Header.Rows != 3000 {
		t.Errorf("read %d records, header says %d", n, b.Header.Rows)
	}
}

// Plain gives, before Finish, the outcome Finish then gives when nothing
// is compared and nothing counts the deadlines due soon; and declines
// when the deadlines due soon are counted (they come from the merge).
func TestPlainIsFinishsOutcome(t *testing.T) {
	night1, _ := scenario()
	c := New(Options{Header: header("1.0.0"), AsOf: d(2026, 11, 30), Soon: -1, SortMemory: 4 << 10})
	defer c.Close()
	for i := range night1 {
		if err := c.Add(&night1[i]); err != nil {
			t.Fatal(err)
		}
	}
	plain, ok := c.Plain()
	if !ok {
		t.Fatal("no plain outcome with Soon -1")
	}
	var snap bytes.Buffer
	o, err := c.Finish(&snap, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	got, want := *plain, *o
	want.changes = nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Plain %+v, Finish %+v", got, want)
	}
	if len(o.Upcoming) == 0 {
		t.Error("no upcoming deadlines: the test shows nothing")
	}
	soon := New(Options{Header: header("1.0.0"), AsOf: d(2026, 11, 30)})
	defer soon.Close()
	if _, ok := soon.Plain(); ok {
		t.Error("a plain outcome although the deadlines due soon are counted")
	}
}

// A snapshot-only run (Options.SnapshotOnly) writes, byte for byte, the
// snapshot a run that decodes every record at the merge writes, with
// sorted runs on disk, rejected rows, conflicts, text to escape and a
// record whose inputs are empty; and it refuses a baseline.
func TestSnapshotOnlyWritesTheSameSnapshot(t *testing.T) {
	night1, night2 := scenario()
	recs := append(night1, night2...)
	for i := 0; i < 2000; i++ {
		recs = append(recs, rec(recSpec{id: fmt.Sprintf("V%05d", (i*7919)%2000), office: "Town \"Board\" <Member>\u2028é",
			county: "Erie", vd: "2026-01-01", method: "general_election", elec: "2026-11-03", law: "E4+T2026",
			conflicts: []Conflict{{Code: "DUPLICATE_VACANCY", Field: "vacancy_id", Severity: "warning", Message: "names\trows"}},
			deadlines: []Deadline{{Code: "designating_petition", Date: "2026-12-0" + fmt.Sprint(1+i%9), Passed: i%2 == 0}}}))
	}
	empty := rec(recSpec{id: "E1", rejected: "office \"\": is blank"})
	empty.In = []string{}
	recs = append(recs, empty)
	snapshot := func(only bool) []byte {
		c := New(Options{Header: header("1.0.0"), AsOf: d(2026, 11, 30), Soon: -1, SortMemory: 4 << 10,
			TempDir: t.TempDir(), SnapshotOnly: only})
		defer c.Close()
		for i := range recs {
			r := recs[i]
			if err := c.Add(&r); err != nil {
				t.Fatal(err)
			}
		}
		var snap bytes.Buffer
		o, err := c.Finish(&snap, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		o.Close()
		zr, err := gzip.NewReader(&snap)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	want, got := snapshot(false), snapshot(true)
	if !bytes.Equal(got, want) {
		line, g, w, _ := textdiff.First(string(got), string(want))
		t.Errorf("the snapshot-only run's snapshot differs on line %d:\n got %s\nwant %s", line, g, w)
	}
	if n := bytes.Count(want, []byte("\n")); n != len(recs)+2 {
		t.Errorf("%d lines, want a header, %d records and a trailer", n, len(recs))
	}

	_, base, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), night1, nil)
	path := filepath.Join(t.TempDir(), SnapshotName)
	if err := os.WriteFile(path, base, 0o644); err != nil {
		t.Fatal(err)
	}
	b, skip := Open(path, header("1.0.0"), false)
	if skip != nil {
		t.Fatal(skip)
	}
	defer b.Close()
	c := New(Options{Header: header("1.0.0"), AsOf: d(2026, 11, 30), SnapshotOnly: true, TempDir: t.TempDir()})
	defer c.Close()
	if _, err := c.Finish(io.Discard, b, nil); err == nil {
		t.Error("a snapshot-only run compared with a baseline")
	}
}

func TestASeatsUnmatchedRowsKeepTheirOwnDeadlines(t *testing.T) {
	// 1,500 rows without ids on one seat, none of them in the other
	// run: every one waits for the end of its seat, past many of the
	// readers' batches of 256, whose records are filled again. Each new
	// row's change names its own next deadline, 30 days after its own
	// vacancy date, and each gone row its own method.
	const n = 1500
	day := func(base compute.Date, i int) string { return base.AddDays(i).String() }
	// And one vacancy both runs share, without which the baseline would
	// share none with this run and be skipped.
	both := rec(recSpec{id: "NY-1", office: "Mayor", county: "Erie", vd: "2026-01-02", method: "general_election"})
	prev, cur := []Record{both}, []Record{both}
	want := map[string]string{} // source → the next deadline its change names
	for i := range n {
		method := []string{"general_election", "special_election", "none"}[i%3]
		prev = append(prev, rec(recSpec{src: fmt.Sprintf("in.csv:%d", i+2), office: "Town Justice", county: "Erie",
			vd: day(d(2015, 1, 1), i), method: method, elec: "2019-11-05",
			deadlines: []Deadline{{Code: "party_nomination", Date: day(d(2015, 2, 1), i)}}}))
		src := fmt.Sprintf("in.csv:%d", i+2)
		cur = append(cur, rec(recSpec{src: src, office: "Town Justice", county: "Erie",
			vd: day(d(2027, 1, 1), i), method: "general_election", elec: "2027-11-02",
			deadlines: []Deadline{{Code: "party_nomination", Date: day(d(2027, 1, 31), i)}}}))
		want[src] = day(d(2027, 1, 31), i)
	}
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), prev, nil)
	_, _, got := runOnce(t, header("1.0.0"), d(2026, 11, 30), cur, snap)
	added, removed := 0, 0
	for _, ch := range got {
		switch ch.Kind {
		case VacancyAdded:
			added++
			if ch.Date != want[ch.Source] {
				t.Errorf("%s: next deadline %s, want its own %s", ch.Source, ch.Date, want[ch.Source])
			}
		case VacancyRemoved:
			removed++
			var row int
			fmt.Sscanf(ch.Source, "in.csv:%d", &row)
			if w := []string{"general_election", "special_election", "none"}[(row-2)%3]; ch.Old != w {
				t.Errorf("%s: was %s, want %s", ch.Source, ch.Old, w)
			}
		}
	}
	if added != n || removed != n {
		t.Errorf("%d rows added and %d removed, want %d of each", added, removed, n)
	}
}
