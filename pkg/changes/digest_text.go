package changes

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"golang.org/x/text/width"
)

// TextWidth is digest.txt's widest line, in terminal columns.
const TextWidth = 80

// WriteText writes digest.txt: plain text, no line wider than TextWidth
// columns, nothing a terminal would run.
func (d *Digest) WriteText(w io.Writer) error {
	b := bufio.NewWriter(w)
	p := func(indent, hang int, s string) {
		for _, l := range wrap(clean(s), TextWidth, indent, hang) {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	// dated is a line that starts with a day, its text aligned after it.
	dated := func(day, s string) {
		lines := wrap(clean(s), TextWidth, 18, 18)
		lines[0] = "  " + weekday(day) + "  " + strings.TrimLeft(lines[0], " ")
		for _, l := range lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	title := d.Title()
	p(0, 2, title)
	b.WriteString(strings.Repeat("=", min(displayWidth(title), TextWidth)) + "\n")
	p(0, 2, d.RunLine())
	if d.Run.Law != "" {
		p(0, 2, "Law applied: "+d.Run.Law)
	}
	p(0, 2, d.CompareLine())
	if s := d.WithdrawnLine(); s != "" {
		b.WriteString("\n")
		p(0, 2, s)
	}

	b.WriteString("\n")
	if len(d.Action) == 0 {
		p(0, 2, "NEEDS ACTION: "+d.nothingToAct()+".")
	} else {
		p(0, 2, "NEEDS ACTION ("+strconv.Itoa(d.actions())+")")
		for _, a := range d.Action {
			dated(a.Date, a.Summary)
		}
		if d.ActionMore > 0 {
			p(2, 4, d.moreText())
		}
	}
	if s := d.StandingLine(); s != "" {
		p(2, 4, s)
	}
	if s := d.VerifyLine(); s != "" {
		p(2, 4, s)
	}

	b.WriteString("\n")
	switch {
	case d.Status != Compared:
		p(0, 2, "CHANGED SINCE THE LAST RUN: not compared (see above).")
	case d.ChangedTotal == 0:
		p(0, 2, "CHANGED SINCE THE LAST RUN: nothing but the as-of date.")
	default:
		p(0, 2, "CHANGED SINCE THE LAST RUN ("+plural(d.ChangedTotal, "change", "changes")+")")
		for _, v := range d.Changed {
			p(2, 4, v.heading())
			for _, c := range v.Causes {
				p(4, 10, "why: "+c)
			}
			for _, l := range v.Lines {
				p(4, 6, "- "+l)
			}
			if v.More > 0 {
				p(4, 6, "- … and "+strconv.Itoa(v.More)+" more")
			}
		}
		if d.ChangedMore > 0 {
			p(2, 4, "… and "+plural(d.ChangedMore, "more change", "more changes")+" to other vacancies in "+d.where())
		}
	}

	b.WriteString("\n")
	if len(d.Next) == 0 {
		p(0, 2, "NEXT DEADLINES: none open"+d.afterText()+".")
	} else {
		p(0, 2, "NEXT DEADLINES"+d.afterText())
		for _, u := range d.Next {
			dated(u.Date, d.upcomingText(u))
		}
	}
	b.WriteString("\n")
	if len(d.Counts) > 0 {
		p(0, 2, "Counted, one line each in the full list: "+d.countsText()+".")
	}
	p(0, 2, d.FullListLine())
	return b.Flush()
}

// FullListLine says which attachment and sheet hold the full list: a
// reader of the mail has no output folder.
func (d *Digest) FullListLine() string {
	return "Full list, most urgent first: " + d.where() + "."
}

// moreText is the line after Needs action's last line when the list was
// cut: where the rest is.
func (d *Digest) moreText() string {
	return "… and " + strconv.Itoa(d.ActionMore) + " more: the full list is in " + d.where() + "."
}

// WithdrawnLine tells a part whose last vacancy was withdrawn since the
// compared run; "" for another.
func (d *Digest) WithdrawnLine() string {
	if !d.Run.Withdrawn {
		return ""
	}
	part := d.Run.Part
	if part == "" {
		part = "of this part"
	}
	s := "No vacancy " + part + " is left in the inputs"
	if d.Against != "" {
		verb := "is"
		if d.ChangedVacancies != 1 {
			verb = "are"
		}
		s += ": " + plural(d.ChangedVacancies, "row", "rows") + " of " + d.Against + ", withdrawn since, " + verb + " listed below"
	}
	return s + ". Nothing more is due unless a vacancy is entered again."
}

func (d *Digest) actions() int { return d.actionCount() + d.ActionMore }

func (d *Digest) actionCount() int {
	n := 0
	for _, a := range d.Action {
		n += a.Count
	}
	return n
}

func (d *Digest) where() string {
	if d.Run.Where != "" {
		return d.Run.Where
	}
	return "changes.csv"
}

func (d *Digest) afterText() string {
	if d.NextAfter == "" {
		return ""
	}
	return " (after " + weekday(d.NextAfter) + ")"
}

// kindWords name each kind of change in words, one and many: the
// digest's counts never show a code.
var kindWords = map[Kind][2]string{
	VacancyAdded: {"vacancy added", "vacancies added"}, VacancyRemoved: {"vacancy removed", "vacancies removed"},
	NowRejected: {"row now rejected", "rows now rejected"}, NoLongerRejected: {"row accepted again", "rows accepted again"},
	VacancyDateChanged: {"vacancy date changed", "vacancy dates changed"},
	MethodChanged:      {"filling method changed", "filling methods changed"},
	ElectionChanged:    {"filling election changed", "filling elections changed"},
	DeadlineChanged:    {"deadline moved", "deadlines moved"}, DeadlineAdded: {"deadline added", "deadlines added"},
	DeadlineDropped: {"deadline dropped", "deadlines dropped"}, ConflictRaised: {"conflict raised", "conflicts raised"},
	ConflictCleared: {"conflict cleared", "conflicts cleared"}, DeadlinePassed: {"deadline passed", "deadlines passed"},
	DeadlineSoon: {"deadline due soon", "deadlines due soon"}, ElectionSoon: {"election day soon", "election days soon"},
	DeadlineMet: {"deadline now met", "deadlines now met"},
	InputAdded:  {"input file added", "input files added"}, InputRemoved: {"input file removed", "input files removed"},
	InputRenamed: {"input file renamed", "input files renamed"},
}

// countsText is the counts by kind in words: "1 deadline passed, 2
// vacancies added" (each a line of changes.csv).
func (d *Digest) countsText() string {
	parts := make([]string, len(d.Counts))
	for i, k := range d.Counts {
		w, ok := kindWords[k.Kind]
		if !ok {
			w = [2]string{string(k.Kind), string(k.Kind)}
		}
		if k.Count == 1 {
			parts[i] = "1 " + w[0]
		} else {
			parts[i] = strconv.Itoa(k.Count) + " " + w[1]
		}
	}
	return strings.Join(parts, ", ")
}

func (v *VacancyChanges) heading() string {
	if v.Title != "" {
		return v.Title
	}
	c := Change{VacancyID: v.ID, Office: v.Office, District: v.District, County: v.County, class: v.class}
	return seat(&c)
}

func (d *Digest) upcomingText(u Upcoming) string {
	what := u.Code
	if d.Run.Words != nil {
		what = d.Run.Words(u.Code)
	}
	whose := u.IDs[0]
	if u.Count == 1 && u.Seat != "" {
		whose += ", " + u.Seat
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
func (d *Digest) nothingToAct() string {
	s := "nothing due within " + plural(d.Soon, "day", "days")
	if d.Status == Compared {
		return s + ", nothing passed or rejected since the last run"
	}
	return s
}

// VerifyLine says, once per rule, how many open deadlines rest on text
// still unverified and what to check them against; "" when none do.
func (d *Digest) VerifyLine() string {
	vs := d.Run.Verify
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

// StandingLine reminds the reader of what stays to be fixed whatever
// changed: the vacancies with errors and warnings, and the rejected rows.
func (d *Digest) StandingLine() string {
	r := d.Run
	var parts []string
	if r.Errors > 0 {
		parts = append(parts, plural(r.Errors, "vacancy", "vacancies")+" with errors (fix these first)")
	}
	if r.Warnings > 0 {
		parts = append(parts, plural(r.Warnings, "vacancy", "vacancies")+" with warnings")
	}
	if r.Rejected > 0 {
		parts = append(parts, plural(r.Rejected, "rejected row", "rejected rows")+" (fix and run again)")
	}
	if len(parts) == 0 {
		return ""
	}
	s := "Still open: " + strings.Join(parts, ", ")
	if r.Standing != "" {
		s += "; listed in " + r.Standing
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
