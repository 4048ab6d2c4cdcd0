package export

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"golang.org/x/text/width"

	"batch/pkg/changes"
	"batch/pkg/compute"
)

// textWidth is digest.txt's widest line, in terminal columns.
const textWidth = 80

// writeText writes digest.txt: plain text, no line wider than textWidth
// columns, nothing a terminal would run.
func (d *digest) writeText(w io.Writer) error {
	b := bufio.NewWriter(w)
	p := func(indent, hang int, s string) {
		for _, l := range wrap(clean(s), textWidth, indent, hang) {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	// dated is a line that starts with a day, its text aligned after it.
	dated := func(day, s string) {
		lines := wrap(clean(s), textWidth, 18, 18)
		lines[0] = "  " + weekday(day) + "  " + strings.TrimLeft(lines[0], " ")
		for _, l := range lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	title := d.title()
	p(0, 2, title)
	b.WriteString(strings.Repeat("=", min(displayWidth(title), textWidth)) + "\n")
	p(0, 2, d.runLine())
	if law := d.law(); law != "" {
		p(0, 2, "Law applied: "+law)
	}
	p(0, 2, d.compareLine())
	if s := d.withdrawnLine(); s != "" {
		b.WriteString("\n")
		p(0, 2, s)
	}

	b.WriteString("\n")
	if len(d.action) == 0 {
		p(0, 2, "NEEDS ACTION: "+d.nothingToAct()+".")
	} else {
		p(0, 2, "NEEDS ACTION ("+strconv.Itoa(d.actions())+")")
		for _, a := range d.action {
			dated(a.date, a.summary)
		}
		if d.actionMore > 0 {
			p(2, 4, d.moreText())
		}
	}
	if s := d.standingLine(); s != "" {
		p(2, 4, s)
	}
	if s := d.verifyLine(); s != "" {
		p(2, 4, s)
	}

	b.WriteString("\n")
	switch {
	case d.o.Status != changes.Compared:
		p(0, 2, "CHANGED SINCE THE LAST RUN: not compared (see above).")
	case d.changedTotal == 0:
		p(0, 2, "CHANGED SINCE THE LAST RUN: nothing but the as-of date.")
	default:
		p(0, 2, "CHANGED SINCE THE LAST RUN ("+plural(d.changedTotal, "change", "changes")+")")
		for _, v := range d.changed {
			p(2, 4, v.heading())
			for _, c := range v.causes {
				p(4, 10, "why: "+c)
			}
			for _, l := range v.lines {
				p(4, 6, "- "+l)
			}
			if v.more > 0 {
				p(4, 6, "- … and "+strconv.Itoa(v.more)+" more")
			}
		}
		if d.changedMore > 0 {
			p(2, 4, "… and "+plural(d.changedMore, "more change", "more changes")+" to other vacancies in "+d.where())
		}
	}

	b.WriteString("\n")
	if len(d.next) == 0 {
		p(0, 2, "NEXT DEADLINES: none open"+d.afterText()+".")
	} else {
		p(0, 2, "NEXT DEADLINES"+d.afterText())
		for _, u := range d.next {
			dated(u.Date, d.upcomingText(u))
		}
	}
	b.WriteString("\n")
	if len(d.counts) > 0 {
		p(0, 2, "Counted, one line each in the full list: "+d.countsText()+".")
	}
	p(0, 2, d.fullListLine())
	return b.Flush()
}

// fullListLine says which attachment and sheet hold the full list: a
// reader of the mail has no output folder.
func (d *digest) fullListLine() string {
	return "Full list, most urgent first: " + d.where() + "."
}

// moreText is the line after Needs action's last line when the list was
// cut: where the rest is.
func (d *digest) moreText() string {
	return "… and " + strconv.Itoa(d.actionMore) + " more: the full list is in " + d.where() + "."
}

// withdrawnLine tells a part whose last vacancy was withdrawn since the
// compared run; "" for another.
func (d *digest) withdrawnLine() string {
	if !d.withdrawn() {
		return ""
	}
	part := d.p.partName()
	if part == "" {
		part = "of this part"
	}
	s := "No vacancy " + part + " is left in the inputs"
	if d.against != "" {
		verb := "is"
		if d.o.ChangedVacancies != 1 {
			verb = "are"
		}
		s += ": " + plural(d.o.ChangedVacancies, "row", "rows") + " of " + d.against + ", withdrawn since, " + verb + " listed below"
	}
	return s + ". Nothing more is due unless a vacancy is entered again."
}

func (d *digest) actions() int { return d.actionCount() + d.actionMore }

func (d *digest) actionCount() int {
	n := 0
	for _, a := range d.action {
		n += a.count
	}
	return n
}

func (d *digest) where() string { return d.fullList() }

func (d *digest) afterText() string {
	if d.nextAfter == "" {
		return ""
	}
	return " (after " + weekday(d.nextAfter) + ")"
}

// kindWords name each kind of change in words, one and many: the
// digest's counts never show a code.
var kindWords = map[changes.Kind][2]string{
	changes.VacancyAdded: {"vacancy added", "vacancies added"}, changes.VacancyRemoved: {"vacancy removed", "vacancies removed"},
	changes.NowRejected: {"row now rejected", "rows now rejected"}, changes.NoLongerRejected: {"row accepted again", "rows accepted again"},
	changes.VacancyDateChanged: {"vacancy date changed", "vacancy dates changed"},
	changes.MethodChanged:      {"filling method changed", "filling methods changed"},
	changes.ElectionChanged:    {"filling election changed", "filling elections changed"},
	changes.DeadlineChanged:    {"deadline moved", "deadlines moved"}, changes.DeadlineAdded: {"deadline added", "deadlines added"},
	changes.DeadlineDropped: {"deadline dropped", "deadlines dropped"}, changes.ConflictRaised: {"conflict raised", "conflicts raised"},
	changes.ConflictCleared: {"conflict cleared", "conflicts cleared"}, changes.DeadlinePassed: {"deadline passed", "deadlines passed"},
	changes.DeadlineSoon: {"deadline due soon", "deadlines due soon"}, changes.ElectionSoon: {"election day soon", "election days soon"},
	changes.DeadlineMet: {"deadline now met", "deadlines now met"},
	changes.InputAdded:  {"input file added", "input files added"}, changes.InputRemoved: {"input file removed", "input files removed"},
	changes.InputRenamed: {"input file renamed", "input files renamed"},
}

// countsText is the counts by kind in words: "1 deadline passed, 2
// vacancies added" (each a line of changes.csv).
func (d *digest) countsText() string {
	parts := make([]string, len(d.counts))
	for i, k := range d.counts {
		w, ok := kindWords[k.kind]
		if !ok {
			w = [2]string{string(k.kind), string(k.kind)}
		}
		if k.count == 1 {
			parts[i] = "1 " + w[0]
		} else {
			parts[i] = strconv.Itoa(k.count) + " " + w[1]
		}
	}
	return strings.Join(parts, ", ")
}

func (v *vacancyChanges) heading() string {
	if v.title != "" {
		return v.title
	}
	return seatOf(&v.seat)
}

func (d *digest) upcomingText(u changes.Upcoming) string {
	what := d.p.opts.words.lastDayTitle(u.Code)
	whose := u.IDs[0]
	if seat := upcomingSeat(&u); u.Count == 1 && seat != "" {
		whose += ", " + seat
	}
	if u.Count > 1 {
		ids := strings.Join(u.IDs, ", ")
		if u.Count > len(u.IDs) {
			ids += ", …"
		}
		whose = strconv.Itoa(u.Count) + " vacancies (" + ids + ")"
	}
	s := deadlineLine(what, "", whose, u.Verify)
	if u.IfNoSpecial {
		s += " — only if no special election is held"
	}
	if u.Dup != "" {
		s += " — entered twice: also as " + u.Dup + " (keep one row)"
	}
	return s
}

// nothingToAct is the Needs action line of a morning with nothing new to
// act on; only a compared run can say nothing was rejected since the last.
func (d *digest) nothingToAct() string {
	s := "nothing due within " + plural(d.o.Soon, "day", "days")
	if d.o.Status == changes.Compared {
		return s + ", nothing passed or rejected since the last run"
	}
	return s
}

// verifyLine says, once per rule, how many open deadlines rest on text
// still unverified and what to check them against; "" when none do.
func (d *digest) verifyLine() string {
	vs := d.p.tally.verify.lines()
	if len(vs) == 0 {
		return ""
	}
	total := 0
	var parts []string
	for i, v := range vs {
		total += v.Open
		part := v.Rule + ": " + strconv.Itoa(v.Open)
		if i+1 == len(vs) || vs[i+1].Check != v.Check {
			part += " (" + v.Check + ")"
		}
		parts = append(parts, part)
	}
	return "Dates to verify: " + plural(total, "open deadline rests", "open deadlines rest") +
		" on text still unverified — " + strings.Join(parts, ", ") + "; marked verify on Deadlines."
}

// standingLine reminds the reader of what stays to be fixed whatever
// changed: the vacancies with errors and warnings, and the rejected rows.
func (d *digest) standingLine() string {
	t := d.p.tally
	var parts []string
	if n := t.bySeverity[compute.Error]; n > 0 {
		parts = append(parts, plural(n, "vacancy", "vacancies")+" with errors (fix these first)")
	}
	if n := t.bySeverity[compute.Warning]; n > 0 {
		parts = append(parts, plural(n, "vacancy", "vacancies")+" with warnings")
	}
	if t.rejected > 0 {
		parts = append(parts, plural(t.rejected, "rejected row", "rejected rows")+" (fix and run again)")
	}
	if len(parts) == 0 {
		return ""
	}
	s := "Still open: " + strings.Join(parts, ", ")
	if where := d.standing(); where != "" {
		s += "; listed in " + where
	}
	return s + "."
}

// displayWidth counts terminal columns: East Asian wide and full-width
// characters take two.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// keepCitations joins a section sign to the number after it ("§" and
// "6-158(10)" become one word), so that no line ends in a bare "§".
func keepCitations(words []string) []string {
	out := words[:0]
	for i := 0; i < len(words); i++ {
		if w := words[i]; (w == "§" || w == "§§") && i+1 < len(words) {
			out = append(out, w+" "+words[i+1])
			i++
			continue
		}
		out = append(out, words[i])
	}
	return out
}

// wrap breaks s into lines of at most max columns: the first indented by
// indent, the rest by hang. A word longer than a line is cut.
func wrap(s string, max, indent, hang int) []string {
	var lines []string
	line := strings.Repeat(" ", indent)
	col, empty := indent, true
	flush := func() {
		lines = append(lines, strings.TrimRight(line, " "))
		line = strings.Repeat(" ", hang)
		col, empty = hang, true
	}
	for _, word := range keepCitations(strings.Fields(s)) {
		ww := displayWidth(word)
		if !empty && col+1+ww > max {
			flush()
		}
		if !empty {
			line += " "
			col++
		}
		for ww > max-col {
			// Cut a word that fits no line.
			var cut strings.Builder
			c := col
			rest := word
			for i, r := range word {
				if c+runeWidth(r) > max {
					rest = word[i:]
					break
				}
				cut.WriteRune(r)
				c += runeWidth(r)
			}
			line += cut.String()
			flush()
			word = rest
			ww = displayWidth(word)
		}
		line += word
		col += ww
		empty = false
	}
	if !empty || len(lines) == 0 {
		lines = append(lines, strings.TrimRight(line, " "))
	}
	return lines
}

// upcomingSeat is the office, district and county of a group's first
// vacancy: "Member of Assembly, Assembly District 65, New York".
func upcomingSeat(u *changes.Upcoming) string {
	c := changes.Change{Office: u.Office, District: u.District, County: u.County, Class: u.Class}
	return shortText(strings.TrimPrefix(seatOf(&c), ", "), digestValue)
}
