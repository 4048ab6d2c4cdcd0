package changes

import (
	"bytes"
	"strconv"
	"strings"
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
			dg, err := BuildDigest(Run{AsOf: "2027-03-02", Part: "of Albany County"}, o)
			if err != nil {
				t.Fatal(err)
			}
			if c.part && (len(list) != 0 || dg.Title() != "batch: vacancies of Albany County as of Tue 2027-03-02: nothing changed") {
				t.Errorf("%d changes, subject %q", len(list), dg.Title())
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
			dg, err := BuildDigest(Run{AsOf: c.asOf.String()}, o)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			dg.WriteText(&b)
			when := map[string]string{"six days ahead": "in 6 days", "on the day": "today"}[c.name]
			if want := "Tue 2027-03-09 Special election day: " + when + " — QNS-023, Member of Assembly, Assembly District 23, Queens"; !strings.Contains(strings.Join(strings.Fields(b.String()), " "), want) {
				t.Errorf("digest lacks %q:\n%s", want, b.String())
			}
		})
	}
}

// Needs action lists every item: on one night the subject said 21 items
// and the body stopped at 12; among the nine left out was a proclamation
// deadline on a Sunday.
func TestTheDigestListsEveryItem(t *testing.T) {
	var recs []Record
	for i := range 21 {
		// 21 vacancies, each with its own code due on one of the next
		// seven days: 21 lines that do not merge.
		day := 2 + i%7
		recs = append(recs, rec(recSpec{id: "V-" + strconv.Itoa(i+1), src: "in.csv:" + strconv.Itoa(i+2), office: "Office " + strconv.Itoa(i), county: "Albany",
			event: "2027-01-01", vd: "2027-01-01", method: "general_election", elec: "2027-11-02",
			deadlines: []Deadline{{Code: "code_" + strconv.Itoa(i), Date: "2027-03-0" + strconv.Itoa(day)}}}))
	}
	o, _, _ := runOnce(t, header("1"), d(2027, 3, 1), recs, nil)
	dg, err := BuildDigest(Run{AsOf: "2027-03-01", Where: "the Changes sheet of results.xlsx, the attached workbook"}, o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	dg.WriteText(&b)
	text := b.String()
	if !strings.Contains(text, "NEEDS ACTION (21)") || strings.Contains(text, "more") {
		t.Errorf("not every item listed:\n%s", text)
	}
	for i := range 21 {
		if !strings.Contains(text, "code_"+strconv.Itoa(i)+":") {
			t.Errorf("code_%d is not in the body", i)
		}
	}
	if !strings.Contains(dg.Title(), "21 items to act on") {
		t.Errorf("subject %q", dg.Title())
	}
}

// An item of a row entered twice says so and names the other row.
func TestAnItemOfARowEnteredTwiceSaysSo(t *testing.T) {
	dup := Conflict{Code: "DUPLICATE_VACANCY", Severity: "warning", Field: "vacancy_id",
		Message: compute.DuplicateConflict([]string{"v.xlsx:Vacancies:6 (AD-074)"}).Message}
	ad := rec(recSpec{id: "AD-074", src: "in.csv:7", office: "Member of Assembly", district: "74", county: "New York",
		event: "2027-02-22", vd: "2027-02-22", method: "special_election", conflicts: []Conflict{dup},
		deadlines: []Deadline{{Code: "special_party_nomination_certificate", Date: "2027-03-05"}}})
	o, _, list := runOnce(t, header("1"), d(2027, 3, 1), []Record{ad}, nil)
	if len(list) != 1 || !strings.Contains(list[0].Message, "entered twice: also as v.xlsx:Vacancies:6 (AD-074)") {
		t.Fatalf("changes.csv's message does not say it: %+v", list)
	}
	dg, err := BuildDigest(Run{AsOf: "2027-03-01"}, o)
	if err != nil {
		t.Fatal(err)
	}
	if got := dg.Action[0].Summary; !strings.HasSuffix(got, " — this vacancy is entered twice: also as v.xlsx:Vacancies:6 (AD-074) (keep one row)") {
		t.Errorf("the digest's line %q", got)
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

// A part whose last vacancy was withdrawn says so, in the subject and at
// the top of both bodies, and lists the vacancy withdrawn.
func TestAWithdrawnPartSaysSo(t *testing.T) {
	war := rec(recSpec{id: "WAR-001", office: "Village Trustee", county: "Warren", event: "2027-01-15", vd: "2027-01-15",
		method: "general_election", elec: "2027-11-02", deadlines: []Deadline{{Code: "designating_petition", Date: "2027-04-01"}}})
	part := func(o *Options) { o.Part = true }
	_, snap, _ := runOnce(t, header("1"), d(2027, 3, 1), []Record{war}, nil, part)
	o, _, _ := runOnce(t, header("1"), d(2027, 3, 2), nil, snap, part)
	dg, err := BuildDigest(Run{AsOf: "2027-03-02", Part: "of Warren County", Withdrawn: true}, o)
	if err != nil {
		t.Fatal(err)
	}
	if got := dg.Title(); got != "batch: vacancies of Warren County as of Tue 2027-03-02: the last vacancy was withdrawn" {
		t.Errorf("subject %q", got)
	}
	var text, page bytes.Buffer
	dg.WriteText(&text)
	if err := dg.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	checkMailHTML(t, page.String())
	line := "No vacancy of Warren County is left in the inputs: 1 row of the run as of Mon 2027-03-01, withdrawn since, is listed below."
	for name, body := range map[string]string{"digest.txt": strings.Join(strings.Fields(text.String()), " "), "digest.html": page.String()} {
		if !strings.Contains(body, line) || !strings.Contains(body, "WAR-001, Village Trustee, Warren") {
			t.Errorf("%s does not tell the withdrawal:\n%s", name, body)
		}
	}
}
