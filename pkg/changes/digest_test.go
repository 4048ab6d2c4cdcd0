package changes

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"
	"unicode"
)

func scenarioDigest(t *testing.T, office string) *Digest {
	t.Helper()
	n1, n2 := scenario()
	if office != "" {
		n2[3].In[inOffice] = office // NY-5, the added row
	}
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, nil)
	out, _, _ := runOnce(t, header("1.0.0"), d(2026, 12, 4), n2, snap)
	dg, err := BuildDigest(Run{Tool: "1.0.0", AsOf: "2026-12-04", Law: "E4 (L.2022 ch. 164)", Inputs: []string{"in.csv"},
		Rows: 4, Vacancies: 4, Where: "changes.csv, sheet Changes of results.xlsx"}, out)
	if err != nil {
		t.Fatal(err)
	}
	return dg
}

func TestDigestText(t *testing.T) {
	dg := scenarioDigest(t, "Village Trustee \x1b[31mRED\x1b[0m and a very long office title that will not fit on one line of the digest at all")
	var b bytes.Buffer
	if err := dg.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for i, l := range strings.Split(text, "\n") {
		if w := displayWidth(l); w > TextWidth {
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
		"  Tue 2026-12-01  party_certificate: passed, check it was met — NY-4, Member",
		"  Tue 2026-12-08  independent_petition: due in 4 days — NY-4, Member of",
		"CHANGED SINCE THE LAST RUN (9 changes)",
		"  NY-1, Member of Assembly, Assembly District 65, New York\n    why: its row changed: event_date 2026-03-04 → 2026-04-03\n" +
			"    - Vacancy date 2026-03-04 → 2026-04-03.\n    - party_nomination: last day 2026-09-28 → 2026-10-05 (already passed).",
		"    why: its row changed: proclamation_date (blank) → 2026-11-20",
		"    - … and 1 more", // NY-3 has five changes; four are shown
		"NEXT DEADLINES (after Fri 2026-12-11)",
		"  Tue 2027-01-05  party_certificate — NY-3",
		"  Thu 2027-04-01  designating_petition — NY-5",
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
	dg, err := BuildDigest(Run{AsOf: "2026-11-30", Rows: 4, Vacancies: 4}, out)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	dg.WriteText(&b)
	text := b.String()
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
	dg := scenarioDigest(t, `<script>alert(1)</script><img src="http://x.example/t.gif"> Trustee`)
	var b bytes.Buffer
	if err := dg.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	page := b.String()
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

func TestDigestOfABusyNightStaysShort(t *testing.T) {
	// 500 vacancies each with a moved deadline: the digest shows ten and
	// counts the rest, in a bounded number of lines.
	var prev, cur []Record
	for i := 0; i < 500; i++ {
		r := rec(recSpec{id: fmt.Sprintf("NY-%04d", i), office: "Town Clerk", county: "Erie", vd: "2026-05-01",
			method: "general_election", elec: "2026-11-03", deadlines: []Deadline{{Code: "party_nomination", Date: "2026-09-22"}}})
		prev = append(prev, r)
		r.Deadlines = []Deadline{{Code: "party_nomination", Date: "2026-09-25"}}
		cur = append(cur, r)
	}
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 9, 1), prev, nil)
	out, _, _ := runOnce(t, header("1.0.0"), d(2026, 9, 1), cur, snap)
	dg, err := BuildDigest(Run{AsOf: "2026-09-01"}, out)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	dg.WriteText(&b)
	if n := strings.Count(b.String(), "\n"); n > 60 || !strings.Contains(b.String(), "… and 490 more changes to other vacancies") {
		t.Errorf("%d lines:\n%s", n, b.String())
	}
}

// TestDigestSaysWhatToDoInWords: a recipient reads what must be filed and
// for which seat, not the rule's code, and is reminded every morning of
// the vacancies still in error however little changed.
func TestDigestSaysWhatToDoInWords(t *testing.T) {
	n1, n2 := scenario()
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, nil)
	out, _, _ := runOnce(t, header("1.0.0"), d(2026, 12, 4), n2, snap)
	words := map[string]string{
		"party_certificate":    "Last day to file certificates of party nomination",
		"independent_petition": "Last day to file independent nominating petitions",
		"designating_petition": "Last day to file designating petitions",
	}
	run := Run{AsOf: "2026-12-04", Rows: 4, Vacancies: 4, Errors: 2, Warnings: 1, Rejected: 1,
		Standing: "the Summary sheet of results.xlsx", Words: func(c string) string { return words[c] }}
	dg, err := BuildDigest(run, out)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := dg.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(b.String()), " ") // the words, however wrapped
	for _, want := range []string{
		"Tue 2026-12-01 Last day to file certificates of party nomination: passed, check it was met — NY-4, Member of",
		"Tue 2026-12-08 Last day to file independent nominating petitions: due in 4 days — NY-4, Member of Congress",
		"Still open: 2 vacancies with errors (fix these first), 1 vacancy with warnings, 1 rejected row (fix and run again); listed in the Summary sheet of results.xlsx.",
		"Thu 2027-04-01 Last day to file designating petitions — NY-5, ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("digest.txt lacks %q:\n%s", want, b.String())
		}
	}
	// Needs action and Next deadlines are in words; the Changed section's
	// lines are changes.csv's messages, codes and all.
	act := text[:strings.Index(text, "CHANGED SINCE")] + text[strings.Index(text, "NEXT DEADLINES"):]
	if strings.Contains(act, "party_certificate") || strings.Contains(act, "designating_petition") {
		t.Errorf("a code is left where words were given:\n%s", b.String())
	}
	b.Reset()
	if err := dg.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	checkMailHTML(t, b.String())
	if !strings.Contains(b.String(), "Still open: 2 vacancies with errors") {
		t.Errorf("digest.html lacks the standing line")
	}
}

// TestDigestNotComparedClaimsNothingOfALastRun: a run without --compare
// knows of no last run, so its digest cannot say nothing was rejected
// since then.
func TestDigestNotComparedClaimsNothingOfALastRun(t *testing.T) {
	n1, _ := scenario()
	out, _, _ := runOnce(t, header("1.0.0"), d(2025, 1, 2), n1, nil)
	dg, err := BuildDigest(Run{AsOf: "2025-01-02", Rows: 4, Vacancies: 4, Errors: 1}, out)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	dg.WriteText(&b)
	if strings.Contains(b.String(), "since the last run.") && !strings.Contains(b.String(), "CHANGED SINCE THE LAST RUN") {
		t.Errorf("claims a last run:\n%s", b.String())
	}
	if strings.Contains(b.String(), "nothing passed or rejected since the last run") {
		t.Errorf("claims a last run:\n%s", b.String())
	}
	if !strings.Contains(b.String(), "Still open: 1 vacancy with errors (fix these first).") {
		t.Errorf("no standing line:\n%s", b.String())
	}
}

// One change whose cells hold 30,000 characters each made a 669 KB
// digest.txt (issue 27): the digest shortens every value, in its
// sentences too, and says how long it was; changes.csv keeps it whole.
func TestDigestShortensLongValues(t *testing.T) {
	long := func(word string) string { return strings.Repeat(word+" ", 30000/(len(word)+1)) }
	spec := recSpec{id: "NY-1", office: long("Trustee"), district: long("ward"), county: "Erie", event: "2026-05-01", vd: "2026-05-01",
		method: "general_election", elec: "2026-11-03", deadlines: []Deadline{{Code: "party_nomination", Date: "2026-09-22"}}}
	prev := rec(spec)
	spec.deadlines = []Deadline{{Code: "party_nomination", Date: "2026-09-25"}}
	cur := rec(spec)
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 9, 1), []Record{prev}, nil)
	out, _, changes := runOnce(t, header("1.0.0"), d(2026, 9, 2), []Record{cur}, snap)
	whole := false
	for _, c := range changes {
		whole = whole || c.Office == spec.office
	}
	if !whole {
		t.Errorf("changes.csv should keep the values whole: %q", briefs(changes))
	}
	dg, err := BuildDigest(Run{AsOf: "2026-09-02"}, out)
	if err != nil {
		t.Fatal(err)
	}
	var text, html bytes.Buffer
	dg.WriteText(&text)
	dg.WriteHTML(&html)
	if text.Len() > 8<<10 || html.Len() > 16<<10 {
		t.Errorf("digest.txt %d bytes, digest.html %d bytes; want at most 8 KB and 16 KB:\n%s", text.Len(), html.Len(), text.String())
	}
	if !strings.Contains(text.String(), "characters)") {
		t.Errorf("digest.txt does not say a value was shortened:\n%s", text.String())
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
