package export

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"batch/pkg/changes"
	"batch/pkg/compute"
)

// The scenario's digest, night two compared with night one; office, when
// given, is NY-5's (the added row's).
func scenarioDigest(t *testing.T, office string) *digest {
	t.Helper()
	n1, n2 := scenario()
	if office != "" {
		n2[3].In[in("office")] = office // NY-5, the added row
	}
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, nil)
	out, _, _ := runOnce(t, header("1.0.0"), d(2026, 12, 4), n2, snap)
	return digestOf(t, digestPart(d(2026, 12, 4), [4]int{4, 0, 0, 0}), out, 4, "in.csv")
}

func TestDigestText(t *testing.T) {
	dg := scenarioDigest(t, "Village Trustee \x1b[31mRED\x1b[0m and a very long office title that will not fit on one line of the digest at all")
	text, _ := texts(t, dg)
	for i, l := range strings.Split(text, "\n") {
		if w := displayWidth(l); w > textWidth {
			t.Errorf("line %d is %d columns: %q", i+1, w, l)
		}
		for _, r := range l {
			if unicode.IsControl(r) {
				t.Errorf("line %d holds control character %U: %q", i+1, r, l)
			}
		}
	}
	for _, want := range []string{
		// Four vacancies changed (NY-1's date, NY-2 gone, NY-3
		// proclaimed, NY-5 new): the subject counts them, not their nine
		// changes (issue 32), and names the compared run by its day, not
		// its build.
		"batch: vacancies as of Fri 2026-12-04: 4 vacancies changed, 2 items to act on",
		"Compared with the run as of Mon 2026-11-30.",
		"NEEDS ACTION (2)",
		"  Tue 2026-12-01  Last day to file party certificate: passed, check it was met —",
		"  Tue 2026-12-08  Last day to file independent nominating petitions: due in 4",
		"CHANGED SINCE THE LAST RUN (9 changes)",
		"  NY-1, Member of Assembly, Assembly District 65, New York\n    why: its row changed: event_date 2026-03-04 → 2026-04-03\n" +
			"    - Vacancy date 2026-03-04 → 2026-04-03.\n    - Last day to file party nomination: last day 2026-09-28 → 2026-10-05\n      (already passed).",
		"    why: its row changed: proclamation_date (blank) → 2026-11-20",
		"    - … and 1 more", // NY-3 has five changes; four are shown
		"NEXT DEADLINES (after Fri 2026-12-11)",
		"  Tue 2027-01-05  Last day to file party certificate — NY-3",
		"  Thu 2027-04-01  Last day to file designating petitions — NY-5",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("digest.txt lacks %q", want)
		}
	}
	for _, never := range []string{"(batch ", "1.0.0", "input:"} {
		if strings.Contains(text, never) {
			t.Errorf("digest.txt says %q: a build string or a cause code", never)
		}
	}
	if t.Failed() {
		t.Log("\n" + text)
	}
}

func TestDigestNothingChanged(t *testing.T) {
	n1, _ := scenario()
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, nil)
	out, _, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, snap)
	text, _ := texts(t, digestOf(t, digestPart(d(2026, 11, 30), [4]int{4, 0, 0, 0}), out, 4))
	for _, want := range []string{"batch: vacancies as of Mon 2026-11-30: nothing changed, 1 item to act on",
		"CHANGED SINCE THE LAST RUN: nothing but the as-of date."} {
		if !strings.Contains(text, want) {
			t.Errorf("lacks %q:\n%s", want, text)
		}
	}
	// One screen: a quiet night fits well within a terminal's 24 lines.
	if n := strings.Count(text, "\n"); n > 24 {
		t.Errorf("%d lines on a quiet night:\n%s", n, text)
	}
}

// TestDigestHTML: the mail body is well-formed, loads nothing and runs
// nothing, whatever the input rows hold.
func TestDigestHTML(t *testing.T) {
	_, page := texts(t, scenarioDigest(t, `<script>alert(1)</script><img src="http://x.example/t.gif"> Trustee`))
	checkMailHTML(t, page)
	if !strings.Contains(page, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the office's markup is not shown as text")
	}
	for _, want := range []string{"Needs action (2)", "Changed since the last run (9)", "why: its row changed: event_date 2026-03-04 → 2026-04-03"} {
		if !strings.Contains(page, want) {
			t.Errorf("digest.html lacks %q", want)
		}
	}
}

// checkMailHTML parses the page as strict XML (every element closed,
// attributes quoted, only XML's entities) and refuses anything a mail
// client would run or fetch: script, style sheets, images, frames,
// objects, forms, event handlers, src and href attributes, url() in
// styles.
func checkMailHTML(t *testing.T, page string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(page))
	dec.Strict = true
	var stack []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
		switch x := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(x.Name.Local)
			switch name {
			case "script", "style", "link", "img", "iframe", "frame", "object", "embed", "form", "input", "base", "svg", "video", "audio", "source":
				t.Errorf("element <%s>", name)
			}
			for _, a := range x.Attr {
				an := strings.ToLower(a.Name.Local)
				if strings.HasPrefix(an, "on") || an == "src" || an == "href" || an == "background" || an == "srcset" {
					t.Errorf("<%s %s=%q>", name, an, a.Value)
				}
				if an == "style" && (strings.Contains(strings.ToLower(a.Value), "url(") || strings.Contains(a.Value, "expression")) {
					t.Errorf("<%s style=%q> loads a resource", name, a.Value)
				}
			}
			stack = append(stack, name)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) != 0 {
		t.Errorf("unclosed elements %v", stack)
	}
	if !strings.HasPrefix(page, "<!DOCTYPE html>") || !strings.Contains(page, `<meta charset="utf-8" />`) {
		t.Error("no doctype or charset")
	}
}

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"a b c", []string{"  a b c"}},
		{"aaaa bbbb cccc", []string{"  aaaa", "    bbbb", "    cccc"}},
		{"abcdefghijkl", []string{"  abcdefgh", "    ijkl"}},
		{"", []string{""}},
	} {
		got := wrap(c.in, 10, 2, 4)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("wrap(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A citation is never split after its section sign: "Elec. Law §" at a
// line's end and "6-158(10)" on the next read as two things.
func TestWrapKeepsTheSectionSignWithItsNumber(t *testing.T) {
	s := "Dates to verify: 56 open deadlines rest on text still unverified — Elec. Law § 6-158(10): 45, Elec. Law § 6-158(7): 5"
	for max := 20; max <= 90; max++ {
		for _, line := range wrap(s, max, 2, 4) {
			if strings.HasSuffix(line, "§") {
				t.Fatalf("at %d columns a line ends in a bare §: %q", max, line)
			}
		}
	}
}

func TestDigestOfABusyNightStaysShort(t *testing.T) {
	// 500 vacancies each with a moved deadline: the digest shows ten and
	// counts the rest, in a bounded number of lines.
	var prev, cur []changes.Record
	for i := 0; i < 500; i++ {
		r := rec(recSpec{id: fmt.Sprintf("NY-%04d", i), office: "Town Clerk", county: "Erie", vd: "2026-05-01",
			method: "general_election", elec: "2026-11-03", deadlines: []changes.Deadline{{Code: "party_nomination", Date: "2026-09-22"}}})
		prev = append(prev, r)
		r.Deadlines = []changes.Deadline{{Code: "party_nomination", Date: "2026-09-25"}}
		cur = append(cur, r)
	}
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 9, 1), prev, nil)
	out, _, _ := runOnce(t, header("1.0.0"), d(2026, 9, 1), cur, snap)
	text, _ := texts(t, digestOf(t, digestPart(d(2026, 9, 1), [4]int{500, 0, 0, 0}), out, 0))
	if n := strings.Count(text, "\n"); n > 60 || !strings.Contains(text, "… and 490 more changes to other vacancies") {
		t.Errorf("%d lines:\n%s", n, text)
	}
}

// TestDigestSaysWhatToDoInWords: a recipient reads what must be filed and
// for which seat, not the rule's code, and is reminded every morning of
// the vacancies still in error however little changed.
func TestDigestSaysWhatToDoInWords(t *testing.T) {
	n1, n2 := scenario()
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, nil)
	out, _, _ := runOnce(t, header("1.0.0"), d(2026, 12, 4), n2, snap)
	text, page := texts(t, digestOf(t, digestPart(d(2026, 12, 4), [4]int{4, 2, 1, 1}), out, 4))
	flat := words(text)
	for _, want := range []string{
		"Tue 2026-12-08 Last day to file independent nominating petitions: due in 4 days — NY-4, Member of Congress",
		"Still open: 2 vacancies with errors (fix these first), 1 vacancy with warnings, 1 rejected row (fix and run again); listed in the Summary sheet of results.xlsx.",
		"Thu 2027-04-01 Last day to file designating petitions — NY-5, ",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("digest.txt lacks %q:\n%s", want, text)
		}
	}
	// Needs action and Next deadlines are in words, and so are the
	// deadlines of the Changed section; its other lines are changes.csv's
	// messages.
	if strings.Contains(flat, "party_certificate") || strings.Contains(flat, "designating_petition") || strings.Contains(flat, "independent_petition") {
		t.Errorf("a code is left where words were given:\n%s", text)
	}
	checkMailHTML(t, page)
	if !strings.Contains(page, "Still open: 2 vacancies with errors") {
		t.Errorf("digest.html lacks the standing line")
	}
}

// TestDigestNotComparedClaimsNothingOfALastRun: a run without --compare
// knows of no last run, so its digest cannot say nothing was rejected
// since then.
func TestDigestNotComparedClaimsNothingOfALastRun(t *testing.T) {
	n1, _ := scenario()
	out, _, _ := runOnce(t, header("1.0.0"), d(2025, 1, 2), n1, nil)
	text, _ := texts(t, digestOf(t, digestPart(d(2025, 1, 2), [4]int{4, 1, 0, 0}), out, 4))
	if strings.Contains(text, "since the last run.") && !strings.Contains(text, "CHANGED SINCE THE LAST RUN") {
		t.Errorf("claims a last run:\n%s", text)
	}
	if strings.Contains(text, "nothing passed or rejected since the last run") {
		t.Errorf("claims a last run:\n%s", text)
	}
	if !strings.Contains(words(text), "Still open: 1 vacancy with errors (fix these first); listed in the Summary sheet of results.xlsx.") {
		t.Errorf("no standing line:\n%s", text)
	}
}

// One change whose cells hold 30,000 characters each made a 669 KB
// digest.txt (issue 27): the digest shortens every value, in its
// sentences too, and says how long it was; changes.csv keeps it whole.
func TestDigestShortensLongValues(t *testing.T) {
	long := func(word string) string { return strings.Repeat(word+" ", 30000/(len(word)+1)) }
	spec := recSpec{id: "NY-1", office: long("Trustee"), district: long("ward"), county: "Erie", event: "2026-05-01", vd: "2026-05-01",
		method: "general_election", elec: "2026-11-03", deadlines: []changes.Deadline{{Code: "party_nomination", Date: "2026-09-22"}}}
	prev := rec(spec)
	spec.deadlines = []changes.Deadline{{Code: "party_nomination", Date: "2026-09-25"}}
	cur := rec(spec)
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 9, 1), []changes.Record{prev}, nil)
	out, _, list := runOnce(t, header("1.0.0"), d(2026, 9, 2), []changes.Record{cur}, snap)
	whole := false
	for _, c := range list {
		whole = whole || c.Office == spec.office
	}
	if !whole {
		t.Errorf("changes.csv should keep the values whole")
	}
	text, page := texts(t, digestOf(t, digestPart(d(2026, 9, 2), [4]int{1, 0, 0, 0}), out, 0))
	if len(text) > 8<<10 || len(page) > 16<<10 {
		t.Errorf("digest.txt %d bytes, digest.html %d bytes; want at most 8 KB and 16 KB:\n%s", len(text), len(page), text)
	}
	if !strings.Contains(text, "characters)") {
		t.Errorf("digest.txt does not say a value was shortened:\n%s", text)
	}
}

// A line cut in the digest is cut as its whole sentence would be: the
// words before the text count in the digestSentence characters.
func TestALineIsCutWithItsLead(t *testing.T) {
	s := shortened{}
	text := strings.Repeat("x", 700)
	if got, want := s.after(text, "Now rejected: "), shortText("Now rejected: "+text, digestSentence); "Now rejected: "+got != want {
		t.Errorf("cut after its lead:\n%q\nwhole:\n%q", got, want)
	}
	if got := s.after("short", "lead: "); got != "short" {
		t.Errorf("a short text %q", got)
	}
}

// The input files' changes lead the Changed section, under their own
// heading.
func TestTheDigestSaysWhichFilesChanged(t *testing.T) {
	h1, h2 := header("1.0.0"), header("1.0.0")
	h1.Inputs = []changes.Input{{Name: "vacancies-2027-01-28.xlsx", SHA256: "aa", Rows: 10}}
	h2.Inputs = []changes.Input{{Name: "erie.xlsx", SHA256: "cc", Rows: 3}, {Name: "vacancies-2027-01-29.xlsx", SHA256: "bb", Rows: 12}}
	_, snap, _ := runOnce(t, h1, d(2026, 9, 1), county("NY", "vacancies-2027-01-28.xlsx", 10), nil)
	cur := append(county("ER", "erie.xlsx", 3), county("NY", "vacancies-2027-01-29.xlsx", 12)...)
	// An error raised on NY-0 is to act on, listed before the rest; the
	// input files still lead the Changed section.
	cur[3].Conflicts = []changes.Conflict{{Code: "DATE_ORDER", Severity: "error", Message: "check both dates"}}
	out, _, _ := runOnce(t, h2, d(2026, 9, 1), cur, snap)
	text, page := texts(t, digestOf(t, digestPart(d(2026, 9, 1), [4]int{15, 1, 0, 0}), out, 15, "erie.xlsx", "vacancies-2027-01-29.xlsx"))
	flat := words(text)
	want := "CHANGED SINCE THE LAST RUN (8 changes) Input files - Input file vacancies-2027-01-28.xlsx is now read as " +
		"vacancies-2027-01-29.xlsx (10 of its 10 rows found there, the content updated). - New input file erie.xlsx (3 rows). "
	if !strings.Contains(flat, want) {
		t.Errorf("digest.txt lacks %q:\n%s", want, text)
	}
	// The error raised is said in words under Needs action.
	if want := "Tue 2026-09-01 Error: check both dates — NY-0, Town Clerk, Erie"; !strings.Contains(flat, want) {
		t.Errorf("digest.txt lacks %q:\n%s", want, text)
	}
	checkMailHTML(t, page)
	if !strings.Contains(page, "Input files") {
		t.Errorf("digest.html lacks the input files")
	}
}

// A county's folder is compared with its own folder of the last run: the
// state's export renamed overnight is not its news (issue 32).
func TestAPartsSubjectHearsNothingOfTheInputFiles(t *testing.T) {
	alb := rec(recSpec{id: "ALB-1", office: "Town Supervisor", county: "Albany", event: "2027-01-11", vd: "2027-01-11",
		method: "general_election", elec: "2027-11-02", deadlines: []changes.Deadline{{Code: "designating_petition", Date: "2027-04-01"}}})
	night1 := changes.Header{ToolVersion: "1", RulesVersion: "r1", Inputs: []changes.Input{{Name: "vacancies-2027-03-01.xlsx", SHA256: "a", Rows: 6}}}
	night2 := changes.Header{ToolVersion: "1", RulesVersion: "r1", Inputs: []changes.Input{{Name: "vacancies-2027-03-02.xlsx", SHA256: "b", Rows: 6}}}
	folder := func(o *changes.Options) { o.Part = true }
	_, snap, _ := runOnce(t, night1, d(2027, 3, 1), []changes.Record{alb}, nil, folder)
	o, _, _ := runOnce(t, night2, d(2027, 3, 2), []changes.Record{alb}, snap, folder)
	dg := digestOf(t, digestPart(d(2027, 3, 2), [4]int{1, 0, 0, 0}, albany(false)), o, 6, "vacancies-2027-03-02.xlsx")
	if got := dg.title(); got != "batch: vacancies of Albany County as of Tue 2027-03-02: nothing changed" {
		t.Errorf("subject %q", got)
	}
}

// albany makes the part the folder of Albany County of a split by county.
func albany(withdrawn bool) func(*part) {
	return func(p *part) {
		p.opts.split = &Split{Column: "county", Folder: "by-county"}
		p.opts.slice = &Slice{Value: "Albany", Folder: "Albany", Withdrawn: withdrawn}
	}
}

// The special election that fills a vacancy, within --soon days, is an
// item to act on (a Queens board read "nothing due" six days before its
// special election). Proclaimed Mon 2027-01-25, the special election of
// Tue 03-09 is inside § 42(3)(b)'s 40 to 50 days (L.2022 ch. 164); on
// Wed 03-03 it is six days away.
func TestAnElectionDayWithinTheWeekIsADigestItem(t *testing.T) {
	qns := rec(recSpec{id: "QNS-023", office: "Member of Assembly", district: "23", county: "Queens", event: "2027-01-19",
		procl: "2027-01-25", vd: "2027-01-19", method: "special_election", elec: "2027-03-09"})
	for _, c := range []struct {
		asOf compute.Date
		when string
	}{{d(2027, 3, 3), "in 6 days"}, {d(2027, 3, 9), "today"}} {
		o, _, _ := runOnce(t, header("1"), c.asOf, []changes.Record{qns}, nil)
		text, _ := texts(t, digestOf(t, digestPart(c.asOf, [4]int{1, 0, 0, 0}), o, 1))
		if want := "Tue 2027-03-09 Special election day: " + c.when + " — QNS-023, Member of Assembly, Assembly District 23, Queens"; !strings.Contains(words(text), want) {
			t.Errorf("digest lacks %q:\n%s", want, text)
		}
	}
}

// Needs action lists every item: on one night the subject said 21 items
// and the body stopped at 12; among the nine left out was a proclamation
// deadline on a Sunday.
func TestTheDigestListsEveryItem(t *testing.T) {
	var recs []changes.Record
	for i := range 21 {
		// 21 vacancies, each with its own code due on one of the next
		// seven days: 21 lines that do not merge.
		day := 2 + i%7
		recs = append(recs, rec(recSpec{id: "V-" + strconv.Itoa(i+1), src: "in.csv:" + strconv.Itoa(i+2), office: "Office " + strconv.Itoa(i), county: "Albany",
			event: "2027-01-01", vd: "2027-01-01", method: "general_election", elec: "2027-11-02",
			deadlines: []changes.Deadline{{Code: "code_" + strconv.Itoa(i), Date: "2027-03-0" + strconv.Itoa(day)}}}))
	}
	o, _, _ := runOnce(t, header("1"), d(2027, 3, 1), recs, nil)
	dg := digestOf(t, digestPart(d(2027, 3, 1), [4]int{21, 0, 0, 0}), o, 21)
	text, _ := texts(t, dg)
	if !strings.Contains(text, "NEEDS ACTION (21)") || strings.Contains(text, "more") {
		t.Errorf("not every item listed:\n%s", text)
	}
	for i := range 21 {
		if !strings.Contains(words(text), "Last day to file code "+strconv.Itoa(i)+":") {
			t.Errorf("code_%d is not in the body", i)
		}
	}
	if !strings.Contains(dg.title(), "21 items to act on") {
		t.Errorf("subject %q", dg.title())
	}
}

// An item of a row entered twice says so and names the other row, in the
// digest and in changes.csv's message.
func TestAnItemOfARowEnteredTwiceSaysSo(t *testing.T) {
	dup := changes.Conflict{Code: "DUPLICATE_VACANCY", Severity: "warning", Field: "vacancy_id",
		Message: compute.DuplicateConflict([]string{"v.xlsx:Vacancies:6 (AD-074)"}).Message}
	ad := rec(recSpec{id: "AD-074", src: "in.csv:7", office: "Member of Assembly", district: "74", county: "New York",
		event: "2027-02-22", vd: "2027-02-22", method: "special_election", conflicts: []changes.Conflict{dup},
		deadlines: []changes.Deadline{{Code: "special_party_nomination_certificate", Date: "2027-03-05"}}})
	o, _, list := runOnce(t, header("1"), d(2027, 3, 1), []changes.Record{ad}, nil)
	if len(list) != 1 || !strings.HasSuffix(changeMessage(&list[0]), "in 4 days. This vacancy is entered twice: also as v.xlsx:Vacancies:6 (AD-074).") {
		t.Fatalf("changes.csv's message does not say it: %+v", list)
	}
	dg := digestOf(t, digestPart(d(2027, 3, 1), [4]int{1, 0, 1, 0}), o, 1)
	if got := dg.action[0].summary; !strings.HasSuffix(got, " — this vacancy is entered twice: also as v.xlsx:Vacancies:6 (AD-074) (keep one row)") {
		t.Errorf("the digest's line %q", got)
	}
}

// A part whose last vacancy was withdrawn says so, in the subject and at
// the top of both bodies, and lists the vacancy withdrawn.
func TestAWithdrawnPartSaysSo(t *testing.T) {
	war := rec(recSpec{id: "WAR-001", office: "Village Trustee", county: "Warren", event: "2027-01-15", vd: "2027-01-15",
		method: "general_election", elec: "2027-11-02", deadlines: []changes.Deadline{{Code: "designating_petition", Date: "2027-04-01"}}})
	folder := func(o *changes.Options) { o.Part = true }
	_, snap, _ := runOnce(t, header("1"), d(2027, 3, 1), []changes.Record{war}, nil, folder)
	o, _, _ := runOnce(t, header("1"), d(2027, 3, 2), nil, snap, folder)
	warren := func(p *part) {
		albany(true)(p)
		p.opts.slice.Value, p.opts.slice.Folder = "Warren", "Warren"
	}
	dg := digestOf(t, digestPart(d(2027, 3, 2), [4]int{}, warren), o, 0)
	if got := dg.title(); got != "batch: vacancies of Warren County as of Tue 2027-03-02: the last vacancy was withdrawn" {
		t.Errorf("subject %q", got)
	}
	text, page := texts(t, dg)
	checkMailHTML(t, page)
	line := "No vacancy of Warren County is left in the inputs: 1 row of the run as of Mon 2027-03-01, withdrawn since, is listed below."
	for name, body := range map[string]string{"digest.txt": words(text), "digest.html": page} {
		if !strings.Contains(body, line) || !strings.Contains(body, "WAR-001, Village Trustee, Warren") {
			t.Errorf("%s does not tell the withdrawal:\n%s", name, body)
		}
	}
}

// A correction that moves a deadline into the past leads Needs action,
// said as a correction. Night one, as of Mon 2026-11-30: NY-7's party
// certificate is due Thu 12-10; NY-8's designating petition on Thu 12-03.
// Night two, as of Tue 12-01: the county corrects NY-7's event date,
// which moves the certificate's last day to Wed 11-25; NY-9 comes in.
func TestACorrectionIntoThePastLeadsTheDigest(t *testing.T) {
	ny7 := recSpec{id: "NY-7", office: "Town Supervisor", county: "Erie", event: "2026-10-01", vd: "2026-10-01",
		method: "special_election", elec: "2027-01-12",
		deadlines: []changes.Deadline{{Code: "special_party_nomination_certificate", Date: "2026-12-10"}}}
	ny8 := recSpec{id: "NY-8", office: "Town Clerk", county: "Erie", event: "2026-06-01", vd: "2026-06-01",
		method: "general_election", elec: "2027-11-02",
		deadlines: []changes.Deadline{{Code: "designating_petition", Date: "2026-12-03", Verify: "the board's 2026 calendar"}}}
	n1 := []changes.Record{rec(ny7), rec(ny8)}
	ny7.event, ny7.vd = "2026-09-15", "2026-09-15"
	ny7.deadlines = []changes.Deadline{{Code: "special_party_nomination_certificate", Date: "2026-11-25", Passed: true}}
	ny9 := recSpec{id: "NY-9", office: "Village Trustee", county: "Erie", event: "2026-11-20", vd: "2026-11-20",
		method: "general_election", elec: "2027-11-02",
		deadlines: []changes.Deadline{{Code: "designating_petition", Date: "2027-04-01"}}}
	n2 := []changes.Record{rec(ny7), rec(ny8), rec(ny9)}
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, nil)
	out, _, _ := runOnce(t, header("1.0.0"), d(2026, 12, 1), n2, snap)
	text, _ := texts(t, digestOf(t, digestPart(d(2026, 12, 1), [4]int{3, 0, 0, 0}), out, 3))
	for _, want := range []string{
		"NEEDS ACTION (2) Wed 2026-11-25 Last day to file certificates of party nomination for the special election: passed, moved into the past by a correction (event_date 2026-10-01 → 2026-09-15); check it was met — NY-7, Town Supervisor, Erie " +
			"Thu 2026-12-03 Last day to file designating petitions: due in 2 days — NY-8, Town Clerk, Erie [verify: the board's 2026 calendar]",
		"NEXT DEADLINES (after Tue 2026-12-08) Thu 2027-04-01 Last day to file designating petitions — NY-9, Village Trustee, Erie",
		// In the Changed section, the deadline moved is said in words too.
		"- Last day to file certificates of party nomination for the special election: last day 2026-12-10 → 2026-11-25 (already passed).",
	} {
		if !strings.Contains(words(text), want) {
			t.Errorf("digest.txt lacks %q:\n%s", want, text)
		}
	}
}

// A date that rests on text still unverified says so on its digest line,
// under Needs action and under Next deadlines; one that does not, says
// nothing.
func TestDigestLinesCarryVerify(t *testing.T) {
	const mark = "text unread: check the board's calendar"
	dg := &digest{p: digestPart(d(2027, 2, 5), [4]int{})}
	c := changes.Change{Kind: changes.DeadlineSoon, Item: "special_party_accept_decline", VacancyID: "NY-1", Office: "Member of Assembly",
		District: "080", County: "Allegany", Class: "member_of_assembly", Verify: mark, Days: 3}
	line := dg.actionSummary(&actionLine{count: 1, first: shortChange(&c)})
	if !strings.Contains(line, "in 3 days") || !strings.Contains(line, "Assembly District 80") || !strings.Contains(line, "[verify: "+mark+"]") {
		t.Errorf("needs-action line %q", line)
	}
	if got := dg.upcomingText(changes.Upcoming{Code: "special_party_accept_decline", Count: 1, IDs: []string{"NY-1"}, Verify: mark}); !strings.Contains(got, "[verify: "+mark+"]") {
		t.Errorf("next-deadline line %q", got)
	}
	if got := dg.upcomingText(changes.Upcoming{Code: "special_independent_petition", Count: 1, IDs: []string{"NY-1"}}); strings.Contains(got, "verify") {
		t.Errorf("a sourced date's line says verify: %q", got)
	}
}

// The digest says each unverified rule once: how many open deadlines rest
// on it and what to check them against.
func TestDigestSaysEachUnverifiedRuleOnce(t *testing.T) {
	p := digestPart(d(2027, 2, 5), [4]int{})
	dg := &digest{p: p}
	if dg.verifyLine() != "" {
		t.Error("a line without anything to verify")
	}
	for rule, n := range map[string]int{"Elec. Law § 6-158(7)": 66, "Elec. Law § 6-158(8)": 66} {
		for range n {
			p.tally.verify.add("text unread: check the board's calendar", rule)
		}
	}
	p.tally.verify.add("a reading: never rolled over (the governor's act)", "Pub. Off. Law § 42(3)")
	want := "Dates to verify: 133 open deadlines rest on text still unverified — Elec. Law § 6-158(7): 66, " +
		"Elec. Law § 6-158(8): 66 (text unread: check the board's calendar), Pub. Off. Law § 42(3): 1 " +
		"(a reading: never rolled over (the governor's act)); marked verify on Deadlines."
	if got := dg.verifyLine(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// A row rejected since the last run is a line of Needs action as every
// other is, capitalised: "Row rejected (in.csv:3): …", its problem, what
// to do, and whose row it is.
func TestARowRejectedIsALineOfNeedsAction(t *testing.T) {
	ok := recSpec{id: "NY-3", src: "in.csv:3", office: "Town Clerk", county: "Erie", event: "2026-06-01", vd: "2026-06-01",
		method: "general_election", elec: "2027-11-02", deadlines: []changes.Deadline{{Code: "designating_petition", Date: "2027-04-01"}}}
	_, snap, _ := runOnce(t, header("1"), d(2026, 11, 30), []changes.Record{rec(ok)}, nil)
	bad := ok
	bad.rejected, bad.vd, bad.method, bad.elec, bad.deadlines = `event_date "13/45/2026": "13/45/2026" is not a date`, "", "", "", nil
	o, _, _ := runOnce(t, header("1"), d(2026, 12, 1), []changes.Record{rec(bad)}, snap)
	text, page := texts(t, digestOf(t, digestPart(d(2026, 12, 1), [4]int{0, 0, 0, 1}), o, 1))
	want := `Tue 2026-12-01 Row rejected (in.csv:3): event_date "13/45/2026": "13/45/2026" is not a date. Fix the row: its deadlines are no longer computed. — NY-3, Town Clerk, Erie`
	if !strings.Contains(words(text), want) {
		t.Errorf("digest.txt lacks %q:\n%s", want, text)
	}
	if !strings.Contains(page, "Row rejected (in.csv:3)") {
		t.Errorf("digest.html lacks the line:\n%s", page)
	}
}
