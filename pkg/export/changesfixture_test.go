package export

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"batch/pkg/changes"
	"batch/pkg/compute"
)

// The comparisons the digest and the Changes table are tested on: records
// written by hand (their "results" set, not computed, so each expected
// change follows from what the test wrote), compared by pkg/changes as a
// run compares them.

type recSpec struct {
	id, src          string
	office, district string
	county           string
	event, procl     string
	rejected         string
	vd, method, elec string
	conflicts        []changes.Conflict
	deadlines        []changes.Deadline
}

// in is the place of an input field in a record.
func in(field string) int { return slices.Index(changes.InputFields, field) }

func rec(s recSpec) changes.Record {
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
	r := changes.Record{ID: v.ID, Source: v.Source.String(), In: make([]string, len(changes.InputFields)),
		Rejected: s.rejected, VacancyDate: s.vd, Method: s.method, Election: s.elec,
		Conflicts: s.conflicts, Deadlines: s.deadlines}
	r.In[in("office")], r.In[in("district")], r.In[in("county")] = s.office, s.district, s.county
	if s.office == "Member of Assembly" {
		r.In[in("office_class")] = string(compute.MemberOfAssembly) // the district reads "Assembly District 65"
	}
	r.In[in("cause")] = "resignation"
	r.In[in("event_date")] = s.event
	r.In[in("proclamation_date")] = s.procl
	r.Key = changes.Key(&v, s.vd, s.rejected != "")
	return r
}

func header(tool string) changes.Header {
	return changes.Header{ToolVersion: tool, RulesVersion: "r1", Inputs: []changes.Input{{Name: "in.csv", SHA256: "aa", Rows: 5}}}
}

// runOnce is one run: records in, its outcome, snapshot bytes and changes
// out.
func runOnce(t *testing.T, h changes.Header, asOf compute.Date, recs []changes.Record, base []byte, opts ...func(*changes.Options)) (*changes.Outcome, []byte, []changes.Change) {
	t.Helper()
	if len(h.Inputs) == 1 && h.Inputs[0].Rows < len(recs) {
		h.Inputs = []changes.Input{h.Inputs[0]}
		h.Inputs[0].Rows = len(recs)
	}
	o := changes.Options{Header: h, AsOf: asOf, TempDir: t.TempDir()}
	for _, f := range opts {
		f(&o)
	}
	c := changes.New(o)
	for i := range recs {
		if err := c.Add(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	var b *changes.Baseline
	var skip *changes.Skip
	if base != nil {
		path := filepath.Join(t.TempDir(), changes.SnapshotName)
		if err := os.WriteFile(path, base, 0o644); err != nil {
			t.Fatal(err)
		}
		b, skip = changes.Open(path, o.Header, false)
		defer b.Close()
	}
	var snap bytes.Buffer
	out, err := c.Finish(&snap, b, skip)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(out.Close)
	var all []changes.Change
	if err := out.Each(func(ch *changes.Change) error { all = append(all, *ch); return nil }); err != nil {
		t.Fatal(err)
	}
	return out, snap.Bytes(), all
}

// The scenario of issue 12, by hand. Night one (as of 2026-11-30) and
// night two (as of 2026-12-04): between them the county corrects NY-1's
// event date from 2026-03-04 to 2026-04-03 (its vacancy date and one
// deadline follow), NY-2 leaves the workbook, NY-5 comes in, NY-3 gets a
// proclamation (special_or_general becomes special_election, on a new
// day, with a deadline of its own and the general-election one gone), and
// the as-of date passes NY-4's 2026-12-01 deadline while NY-4's next one,
// 2026-12-08, comes within the week.
func scenario() (night1, night2 []changes.Record) {
	ny1 := recSpec{id: "NY-1", office: "Member of Assembly", district: "65", county: "New York",
		event: "2026-03-04", vd: "2026-03-04", method: "general_election", elec: "2026-11-03",
		deadlines: []changes.Deadline{{Code: "party_nomination", Date: "2026-09-28", Passed: true}}}
	ny2 := recSpec{id: "NY-2", office: "Town Supervisor", county: "Albany", event: "2026-05-01",
		vd: "2026-05-01", method: "general_election", elec: "2027-11-02",
		deadlines: []changes.Deadline{{Code: "designating_petition", Date: "2027-04-01"}}}
	ny3 := recSpec{id: "NY-3", office: "State Senator", district: "12", county: "Queens", event: "2026-10-01",
		vd: "2026-10-01", method: "special_or_general", elec: "2027-11-02",
		conflicts: []changes.Conflict{{Code: "NO_PROCLAMATION", Severity: "info", Message: "no proclamation yet"}},
		deadlines: []changes.Deadline{{Code: "designating_petition", Date: "2027-04-01"}}}
	ny4 := recSpec{id: "NY-4", office: "Member of Congress", district: "3", county: "Nassau", event: "2026-09-01",
		vd: "2026-09-01", method: "special_election", elec: "2027-01-12",
		deadlines: []changes.Deadline{{Code: "party_certificate", Date: "2026-12-01"}, {Code: "independent_petition", Date: "2026-12-08"}}}
	night1 = []changes.Record{rec(ny1), rec(ny2), rec(ny3), rec(ny4)}

	ny1.event, ny1.vd = "2026-04-03", "2026-04-03"
	ny1.deadlines = []changes.Deadline{{Code: "party_nomination", Date: "2026-10-05", Passed: true}}
	ny3.procl, ny3.method, ny3.elec = "2026-11-20", "special_election", "2027-02-09"
	ny3.conflicts = nil
	ny3.deadlines = []changes.Deadline{{Code: "party_certificate", Date: "2027-01-05"}}
	ny4.deadlines = []changes.Deadline{{Code: "party_certificate", Date: "2026-12-01", Passed: true}, {Code: "independent_petition", Date: "2026-12-08"}}
	ny5 := recSpec{id: "NY-5", office: "Village Trustee", county: "Erie", event: "2026-11-10", vd: "2026-11-10",
		method: "general_election", elec: "2027-11-02",
		deadlines: []changes.Deadline{{Code: "designating_petition", Date: "2027-04-01"}}}
	night2 = []changes.Record{rec(ny1), rec(ny3), rec(ny4), rec(ny5)}
	return
}

// county is n vacancies with ids of the prefix, read from file.
func county(prefix, file string, n int) []changes.Record {
	var out []changes.Record
	for i := range n {
		r := rec(recSpec{id: fmt.Sprintf("%s-%d", prefix, i), office: "Town Clerk", county: "Erie",
			vd: "2026-05-01", method: "general_election", elec: "2026-11-03",
			deadlines: []changes.Deadline{{Code: "party_nomination", Date: "2026-09-22"}}})
		r.Source = fmt.Sprintf("%s:Vacancies:%d", file, i+2)
		out = append(out, r)
	}
	return out
}

// digestPart is a statewide part as of asOf, writing the workbook and the
// CSV tables with a comparison, whose tally counts the given vacancies
// (vacancies, errors, warnings, rejected rows); set changes the rest.
func digestPart(asOf compute.Date, counts [4]int, set ...func(*part)) *part {
	p := &part{opts: Options{AsOf: asOf, Formats: []string{XLSX, CSV}, Changes: true, Soon: 7, words: ny}, tally: newTally(asOf, 7)}
	p.tally.vacancies, p.tally.rejected = counts[0], counts[3]
	p.tally.bySeverity[compute.Error], p.tally.bySeverity[compute.Warning] = counts[1], counts[2]
	for _, f := range set {
		f(p)
	}
	return p
}

// digestOf builds the digest of outcome o for part p, from inputs of so
// many rows (rows 0: none named).
func digestOf(t *testing.T, p *part, o *changes.Outcome, rows int, inputs ...string) *digest {
	t.Helper()
	run := &Facts{Changes: o}
	for i, name := range inputs {
		in := Input{Path: name}
		if i == 0 {
			in.Rows = rows
		}
		run.Inputs = append(run.Inputs, in)
	}
	d, err := buildDigest(p, run)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// texts are the digest's text and HTML.
func texts(t *testing.T, d *digest) (text, page string) {
	t.Helper()
	var a, b bytes.Buffer
	if err := d.writeText(&a); err != nil {
		t.Fatal(err)
	}
	if err := d.writeHTML(&b); err != nil {
		t.Fatal(err)
	}
	return a.String(), b.String()
}

// words is the text with its line breaks and indents as single spaces:
// what it says, however wrapped.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }
