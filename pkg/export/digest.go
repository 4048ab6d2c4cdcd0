package export

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/outdir"
)

// The digest's files (CONTRACT.md).
const (
	digestTextName = "digest.txt"
	digestHTMLName = "digest.html"
)

// digestOutput is the digest (format digest): digest.txt and digest.html,
// the morning mail's body, in a split's folders too.
var digestOutput = output{files: []string{digestTextName, digestHTMLName}, slice: asTheRun, finish: 1, open: openDigest}

// digestSink writes the digest once every row is counted. The digest
// words the comparison's facts (changes.Change) with the law's words and
// the run's tally: what needs action today, what changed since the
// compared run and why, the next deadlines; digest_text.go and
// digest_html.go write it.
type digestSink struct {
	*part
	files []*outdir.File
}

func openDigest(p *part) (Sink, error) { return &digestSink{part: p}, nil }

// Vacancy: the digest reads the tally and the comparison.
func (w *digestSink) Vacancy(*Rows) error { return nil }

// Problem: the digest counts the rejected rows (the tally).
func (w *digestSink) Problem(*compute.Problem, bool) error { return nil }

// Finish writes digest.txt and digest.html.
func (w *digestSink) Finish(run *Facts) error {
	if run.Changes == nil {
		return nil
	}
	d, err := buildDigest(w.part, run)
	if err != nil {
		return err
	}
	for _, out := range []struct {
		name  string
		write func(io.Writer) error
	}{{digestTextName, d.writeText}, {digestHTMLName, d.writeHTML}} {
		f, err := w.set.Create(out.name)
		if err != nil {
			return err
		}
		w.files = append(w.files, f)
		b := bufio.NewWriter(f.Out())
		if err := out.write(b); err != nil {
			return fmt.Errorf("export: write %s: %w", out.name, err)
		}
		if err := b.Flush(); err != nil {
			return fmt.Errorf("export: write %s: %w", out.name, err)
		}
		if err := f.Finish(); err != nil {
			return err
		}
	}
	return nil
}

// Abort removes the digest's files.
func (w *digestSink) Abort() {
	for _, f := range w.files {
		f.Remove()
	}
}

// How much the digest shows before it counts the rest: one screen when
// little changed. Needs action lists every item (a mail that stopped at 12
// hid a proclamation deadline on a Sunday): its bound only keeps a run
// that rejected every row from mailing a book, and the body then says
// where the full list is.
const (
	digestActions   = 1000 // lines under "Needs action"
	digestVacancies = 10   // vacancies under "Changed"
	digestPerVac    = 4    // change lines per vacancy
	digestNext      = 5    // groups under "Next deadlines"
	upcomingIDs     = 3    // vacancy ids a line names (changes.Upcoming keeps as many)
)

// digest is the morning mail's content, read from the comparison's
// changes once, most urgent first, and written as text and as HTML. Its
// sentences are its own: from the changes' facts, the law's words for the
// deadlines, and the part's tally and facts for the run's line.
type digest struct {
	p   *part
	run *Facts
	o   *changes.Outcome

	against       string // "the run as of Mon 2026-11-30"
	counts        []kindCount
	inputsChanged bool // the set of input files changed

	action     []actionLine
	actionMore int // lines not shown

	changed      []vacancyChanges
	changedTotal int // changes under "Changed", shown or not
	changedMore  int // changes of the vacancies not shown

	nextAfter string // the day after which Next starts
	next      []changes.Upcoming
}

// kindCount is one kind's number of changes.
type kindCount struct {
	kind  changes.Kind
	count int
}

// actionLine is one line under "Needs action": a change, or several of the
// same kind, day and code.
type actionLine struct {
	date    string
	count   int
	first   shortened // the first of them
	ids     []string
	summary string
}

// vacancyChanges is one vacancy's changes, its causes first; or, with a
// title, the changes to the set of input files.
type vacancyChanges struct {
	title  string // "Input files"; "" for a vacancy
	seat   changes.Change
	causes []string // "its row changed: event_date 2026-03-04 → 2026-04-03"
	lines  []string // headline changes first (vacancy date, method, election, …), then deadlines and conflicts
	more   int
	head   []headLine
	rest   []string
}

type headLine struct {
	kind changes.Kind
	text string
}

// headKinds say what happened to the vacancy itself, in the order a
// digest shows them, before the deadlines and conflicts that follow from
// them.
var headKinds = []changes.Kind{changes.VacancyAdded, changes.VacancyRemoved, changes.NowRejected, changes.NoLongerRejected,
	changes.VacancyDateChanged, changes.MethodChanged, changes.ElectionChanged}

// inputKind reports whether the change is to the set of input files.
func inputKind(k changes.Kind) bool {
	return k == changes.InputAdded || k == changes.InputRemoved || k == changes.InputRenamed
}

// buildDigest reads the outcome's changes once, most urgent first, and
// keeps what the digest shows.
func buildDigest(p *part, run *Facts) (*digest, error) {
	o := run.Changes
	d := &digest{p: p, run: run, o: o}
	if o.Baseline != nil {
		// The compared run by its day: its build string is in
		// summary.json, not in a mail.
		d.against = "the run as of " + weekday(o.Baseline.AsOf)
	}
	d.inputsChanged = o.Counts[changes.InputAdded]+o.Counts[changes.InputRemoved]+o.Counts[changes.InputRenamed] > 0
	for _, k := range changes.Kinds {
		if n := o.Counts[k]; n > 0 {
			d.counts = append(d.counts, kindCount{k, n})
		}
	}
	actionAt := map[string]int{}
	vacAt := map[string]int{}
	err := o.Each(func(c *changes.Change) error {
		short := shortChange(c)
		if c.Priority == changes.ActNow {
			g := string(c.Kind) + "\x00" + c.Date + "\x00" + short.Item
			if c.Kind == changes.NowRejected {
				g += "\x00" + short.VacancyID // each rejected row on its own line
			}
			if c.Kind == changes.DeadlinePassed {
				g += "\x00" + string(c.Cause) // passed by the calendar, or moved by a correction: said apart
			}
			// A row entered twice, or a deadline that applies only if no
			// special election is held, says so on a line of its own.
			g += "\x00" + c.Dup
			if c.IfNoSpecial {
				g += "\x00if no special"
			}
			if i, ok := actionAt[g]; ok {
				a := &d.action[i]
				a.count++
				if len(a.ids) < upcomingIDs {
					a.ids = append(a.ids, short.VacancyID)
				}
			} else if len(d.action) < digestActions {
				actionAt[g] = len(d.action)
				d.action = append(d.action, actionLine{date: c.Date, count: 1, first: short, ids: []string{short.VacancyID}})
			} else {
				d.actionMore++
			}
		}
		if c.AsOfOnly() {
			return nil
		}
		d.changedTotal++
		// Only the vacancies shown are remembered: a night on which every
		// row changed must not hold a million keys. The input files' changes
		// come first (the outcome's order) and are one group, always shown.
		key := short.VacancyID + "\x00" + short.Source
		if inputKind(c.Kind) {
			key = "\x00inputs"
		}
		i, ok := vacAt[key]
		if !ok {
			if len(d.changed) == digestVacancies && !inputKind(c.Kind) {
				d.changedMore++
				return nil
			}
			i = len(d.changed)
			vacAt[key] = i
			v := vacancyChanges{seat: short.Change}
			if inputKind(c.Kind) {
				v = vacancyChanges{title: "Input files"}
			}
			d.changed = append(d.changed, v)
		}
		v := &d.changed[i]
		if inputKind(c.Kind) {
			v.head = append(v.head, headLine{c.Kind, short.sentence(changeMessage(c))})
			return nil
		}
		cause := plainCause(&short.Change)
		if !slices.Contains(v.causes, cause) {
			v.causes = append(v.causes, cause)
		}
		switch {
		case slices.Contains(headKinds, c.Kind):
			v.head = append(v.head, headLine{c.Kind, short.sentence(changeMessage(c))})
		case len(v.rest) < digestPerVac:
			v.rest = append(v.rest, d.plainMessage(c, &short))
		default:
			v.more++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The input files first: they say why rows came and went. (A vacancy
	// with a change to act on, an error raised, comes before them in the
	// outcome's order.)
	slices.SortStableFunc(d.changed, func(a, b vacancyChanges) int { return strings.Compare(b.title, a.title) })
	for i := range d.changed {
		v := &d.changed[i]
		keep := max(0, digestPerVac-len(v.head))
		if len(v.rest) > keep {
			v.more += len(v.rest) - keep
			v.rest = v.rest[:keep]
		}
		// What happened to the vacancy reads in its own order: its date,
		// then how and when it is filled.
		slices.SortStableFunc(v.head, func(a, b headLine) int {
			return cmp.Compare(slices.Index(headKinds, a.kind), slices.Index(headKinds, b.kind))
		})
		for _, h := range v.head {
			v.lines = append(v.lines, h.text)
		}
		v.lines = append(v.lines, v.rest...)
		v.head, v.rest = nil, nil
	}
	for i := range d.action {
		d.action[i].summary = d.actionSummary(&d.action[i])
	}
	// Next deadlines start after the --soon window Needs action covers.
	after := p.opts.AsOf.String()
	if o.Soon > 0 {
		after = p.opts.AsOf.AddDays(o.Soon).String()
		d.nextAfter = after
	}
	for _, u := range o.Upcoming {
		if len(d.next) == digestNext {
			break
		}
		if o.Soon > 0 && u.Date <= after {
			continue
		}
		for i, id := range u.IDs {
			if utf8.RuneCountInString(id) > digestValue {
				u.IDs = slices.Clone(u.IDs)
				u.IDs[i] = shortText(id, digestValue)
			}
		}
		d.next = append(d.next, u)
	}
	return d, nil
}

// plainMessage is a change's sentence in the Changed section: a
// deadline's named in words ("Last day to file designating petitions:
// …"), not by its code; any other, changes.csv's.
func (d *digest) plainMessage(c *changes.Change, short *shortened) string {
	switch c.Kind {
	case changes.DeadlineChanged, changes.DeadlineAdded, changes.DeadlineDropped, changes.DeadlineMet,
		changes.DeadlinePassed, changes.DeadlineSoon:
		return d.p.opts.words.lastDayTitle(short.Item) + ": " + short.after(deadlineNews(c), short.Item+": ")
	}
	return short.sentence(changeMessage(c))
}

func (d *digest) actionSummary(a *actionLine) string {
	s := d.actionText(a)
	c := &a.first.Change
	if c.IfNoSpecial {
		s += " — only if no special election is held"
	}
	if c.Dup != "" {
		what := "this vacancy is"
		if a.count > 1 {
			what = "these vacancies are"
		}
		s += " — " + what + " entered twice: also as " + c.Dup + " (keep one row)"
	}
	return s
}

func (d *digest) actionText(a *actionLine) string {
	short := &a.first
	c := &short.Change
	item := c.Item
	if c.Kind == changes.DeadlineSoon || c.Kind == changes.DeadlinePassed {
		item = d.p.opts.words.lastDayTitle(c.Item) // "Last day to file …"
	}
	whose := seatOf(c)
	if a.count > 1 {
		ids := strings.Join(a.ids, ", ")
		if a.count > len(a.ids) {
			ids += ", …"
		}
		whose = strconv.Itoa(a.count) + " vacancies (" + ids + ")"
	}
	switch c.Kind {
	case changes.ElectionSoon:
		what := "General election day (it fills the vacancy)"
		if a.count > 1 {
			what = "General election day (it fills the vacancies)"
		}
		if c.Item == changes.SpecialElectionDay {
			what = "Special election day"
		}
		return deadlineLine(what, dueIn(c.Days), whose, "")
	case changes.DeadlineSoon:
		return deadlineLine(item, "due "+dueIn(c.Days), whose, c.Verify)
	case changes.DeadlinePassed:
		check := "check it was met"
		if a.count > 1 {
			check = "check they were met"
		}
		switch c.Cause {
		case changes.ByInput:
			// A correction of the row moved it from ahead of the as-of
			// date to behind it.
			return deadlineLine(item, "passed, moved into the past by a correction ("+c.CauseDetail+"); "+check, whose, c.Verify)
		case changes.ByAsOf:
		default: // the law, the calendar, the tool
			return deadlineLine(item, "passed, moved into the past ("+c.CauseDetail+"); "+check, whose, c.Verify)
		}
		return deadlineLine(item, "passed, "+check, whose, c.Verify)
	}
	if a.count == 1 {
		switch c.Kind {
		case changes.NowRejected:
			lead, news := rejectedNews(c)
			return "Row rejected (" + c.Source + "): " + short.after(news, lead) + " — " + whose
		case changes.ConflictRaised:
			// Its sentence in words, not its code: "Error: the
			// proclamation (2027-01-18) is before the vacancy …".
			if c.ConflictMessage != "" {
				msg := short.after(c.ConflictMessage, c.Item+" ("+c.Severity+"): ")
				return capitalize(c.Severity) + ": " + strings.TrimSuffix(msg, ".") + " — " + whose
			}
			return item + " raised — " + whose
		}
		return changeMessage(c) + " — " + whose
	}
	return item + " — " + whose
}

// deadlineLine is a digest line about a deadline, under Needs action and
// Next deadlines alike (text and HTML): what is due, when (blank under
// Next deadlines, whose day leads the line), for whom, and what to check
// its date against when it rests on text still unverified. Its format
// lives here only.
func deadlineLine(what, when, whose, verify string) string {
	s := what
	if when != "" {
		s += ": " + when
	}
	s += " — " + whose
	if verify != "" {
		s += " [verify: " + verify + "]"
	}
	return s
}

// seatOf is "NY-0000012, Member of Assembly, Assembly District 65, New
// York": the district named as every output names it.
func seatOf(c *changes.Change) string {
	s := c.VacancyID
	o := c.Office
	if d := compute.DistrictName(compute.OfficeClass(c.Class), c.District); d != "" {
		o += ", " + d
	}
	if o != "" {
		s += ", " + o
	}
	if c.County != "" {
		s += ", " + c.County
	}
	return s
}

// title is the mail's subject line as well as the digest's first line.
// It counts vacancies, never changes (two vacancies are not "24
// changes"), and the items to act on as Needs action lists them.
func (d *digest) title() string {
	asOf := weekday(d.p.opts.AsOf.String())
	s := "batch: vacancies as of " + asOf
	if part := d.p.partName(); part != "" {
		s = "batch: vacancies " + part + " as of " + asOf
	}
	switch {
	case d.withdrawn():
		s += ": the last vacancy was withdrawn"
	case d.o.Status == changes.Compared:
		var news []string
		if d.o.ChangedVacancies > 0 {
			news = append(news, plural(d.o.ChangedVacancies, "vacancy", "vacancies")+" changed")
		}
		if d.inputsChanged {
			news = append(news, "input files changed")
		}
		if len(news) == 0 {
			news = append(news, "nothing changed")
		}
		s += ": " + strings.Join(news, ", ")
	case d.o.Status == changes.Skipped:
		s += ": comparison skipped"
	}
	if len(d.action) > 0 {
		// As Needs action counts them, and --fail-on action.
		s += ", " + plural(d.actions(), "item", "items") + " to act on"
	}
	return s
}

// withdrawn: this part had vacancies in the compared run and has none now
// (a county whose last vacancy was withdrawn): its digest says so.
func (d *digest) withdrawn() bool { return d.p.opts.slice != nil && d.p.opts.slice.Withdrawn }

// weekday is "Mon 2026-12-07".
func weekday(iso string) string {
	t, err := time.Parse("2006-01-02", iso)
	if err != nil {
		return iso
	}
	return t.Format("Mon") + " " + iso
}

// runLine is the run's one line of counts, and the calendar input
// applied (overridesSentence).
func (d *digest) runLine() string {
	return d.runCounts() + overridesSentence(overrideLines(d.run.RunInfo))
}

// runCounts counts the run's rows: the part's vacancies, its rejected and
// blank rows and the worst conflicts, among the rows of the inputs read
// (a split's folder: among the whole run's).
func (d *digest) runCounts() string {
	t := d.p.tally
	rows := 0
	var inputs []string
	for _, in := range d.run.Inputs {
		inputs = append(inputs, filepath.Base(in.Path))
		rows += in.Rows
	}
	errors, warnings := strconv.Itoa(t.bySeverity[compute.Error]), strconv.Itoa(t.bySeverity[compute.Warning])
	if part := d.p.partName(); part != "" {
		s := plural(t.vacancies, "vacancy", "vacancies") + " and " + plural(t.rejected, "rejected row", "rejected rows") + " " + part +
			", among " + plural(rows, "row", "rows")
		if len(inputs) > 0 {
			s += " of " + strings.Join(inputs, ", ")
		}
		return s + "; " + errors + " with errors, " + warnings + " with warnings."
	}
	s := plural(rows, "row", "rows")
	if len(inputs) > 0 {
		s += " of " + strings.Join(inputs, ", ")
	}
	return s + ": " + plural(t.vacancies, "vacancy", "vacancies") + ", " + strconv.Itoa(t.rejected) + " rejected, " +
		strconv.Itoa(blankRows(d.run.RunInfo)) + " blank; " + errors + " with errors, " + warnings + " with warnings."
}

// plainCause is why a vacancy changed, in words: no cause codes, no
// edition codes, no build strings (changes.csv keeps those).
func plainCause(c *changes.Change) string {
	switch c.Cause {
	case changes.ByInput:
		switch {
		case c.CauseDetail == "":
			return "the inputs changed"
		case c.OwnRow:
			return "its row changed: " + c.CauseDetail
		}
		return c.CauseDetail
	case changes.ByLaw:
		return "the law applied changed (the Rules sheet of results.xlsx names it)"
	case changes.ByCalendar:
		return "the calendar input changed (a Calendar sheet or --calendar file)"
	case changes.ByTool:
		return "a newer version of batch computes it"
	case changes.ByAsOf:
		if c.CauseDetail == "" {
			return "a new day"
		}
		return c.CauseDetail
	}
	return strings.TrimPrefix(string(c.Cause)+": "+c.CauseDetail, ": ")
}

// overridesSentence is " Calendar overrides applied: …." naming each,
// "" when there are none.
func overridesSentence(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return " Calendar overrides applied: " + clean(strings.Join(lines, "; ")) + "."
}

// compareLine says what this run was compared with, or why not.
func (d *digest) compareLine() string {
	switch d.o.Status {
	case changes.Compared:
		return "Compared with " + d.against + "."
	case changes.FirstRun:
		// Not the reason's words: they name the output folder, which means
		// nothing to a board that reads the mail.
		return "Nothing to compare with yet: this is the first run; the next one lists what changed."
	case changes.Skipped:
		return "COMPARISON SKIPPED: " + d.o.Reason + "."
	}
	return "Not compared with an earlier run (batch run --compare auto does)."
}

// clean makes input text safe to show: no control characters (a terminal
// would run escape sequences) and no bidirectional overrides.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case unicode.IsControl(r), r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			return '\uFFFD'
		}
		return r
	}, s)
}

// Lengths the digest shortens to: a value (an office, an old or new
// cell) to digestValue characters, and a whole sentence, values and all,
// to digestSentence. A cell may hold 32,767 characters; a digest is read
// in a mail.
const (
	digestValue    = 120
	digestSentence = 600
)

// shortened is a change as the digest shows it: its long values
// shortened wherever they appear, in its sentences too, so that the
// sentence keeps its words around them; changes.csv keeps them whole.
type shortened struct {
	changes.Change
	long [][2]string // each value shortened: the whole and the short
}

// shortChange is c with its values shortened to digestValue characters,
// and its cause likewise, to digestSentence.
func shortChange(c *changes.Change) shortened {
	s := shortened{Change: *c}
	for _, v := range []*string{&s.Old, &s.New, &s.Office, &s.District, &s.County, &s.VacancyID, &s.Source, &s.Item} {
		if utf8.RuneCountInString(*v) <= digestValue {
			continue
		}
		short := shortText(*v, digestValue)
		s.long = append(s.long, [2]string{*v, short})
		*v = short
	}
	s.CauseDetail = s.sentence(c.CauseDetail)
	return s
}

// sentence is text with the change's long values shortened in it, cut to
// digestSentence characters.
func (s *shortened) sentence(text string) string { return s.after(text, "") }

// after is sentence for text that follows lead in a line: the line, lead
// and all, is what is cut to digestSentence characters.
func (s *shortened) after(text, lead string) string {
	for _, l := range s.long {
		text = strings.ReplaceAll(text, l[0], l[1])
	}
	taken := utf8.RuneCountInString(lead)
	count := taken + utf8.RuneCountInString(text)
	if count <= digestSentence {
		return text
	}
	i, k := 0, taken
	for i = range text {
		if k == digestSentence {
			break
		}
		k++
	}
	return strings.TrimRight(text[:i], " ") + "… (" + strconv.Itoa(count) + " characters)"
}

// shortText is s cut to its first n characters, saying how long it was.
func shortText(s string, n int) string {
	count := utf8.RuneCountInString(s)
	if count <= n {
		return s
	}
	i, k := 0, 0
	for i = range s {
		if k == n {
			break
		}
		k++
	}
	return strings.TrimRight(s[:i], " ") + "… (" + strconv.Itoa(count) + " characters)"
}

// fullList names the file and sheet that hold the digest's full list, as
// a reader of the mail finds them: the workbook is its attachment; there
// is no output folder in a mail.
func (d *digest) fullList() string {
	const book = "results.xlsx, the attached workbook"
	p := d.p
	switch {
	case p.opts.Changes && p.writes(XLSX) && p.writes(CSV):
		return "the Changes sheet of " + book + " (and changes.csv)"
	case p.opts.Changes && p.writes(XLSX):
		return "the Changes sheet of " + book
	case p.opts.Changes && p.writes(CSV):
		return "changes.csv"
	case p.writes(XLSX):
		return "the Deadlines sheet of " + book + ", whose open deadlines come first, soonest first"
	case p.writes(CSV):
		return "deadlines.csv (every deadline; status open for those still to act on)"
	}
	return "this digest (the run wrote no workbook: add xlsx to --format for one)"
}

// law is the law applied in the digest's words: no edition codes (E4,
// T2026), which stay in summary.json and on the Rules sheet.
func (d *digest) law() string {
	law := d.p.law()
	where := "summary.json names it"
	if d.p.writes(XLSX) {
		where = "the Rules sheet of results.xlsx names it"
	}
	switch {
	case law == nil:
		return ""
	case law.Auto():
		return "the law in force on each date (" + where + ")"
	}
	return "one edition of the law for every date, as --edition asked (" + where + ")"
}

// standing is where the vacancies with errors and warnings are listed,
// for the line that reminds a recipient of them every morning until they
// are fixed.
func (d *digest) standing() string {
	switch {
	case d.p.writes(XLSX):
		return "the Summary sheet of results.xlsx"
	case d.p.writes(CSV):
		return "conflicts.csv and errors.csv"
	}
	return ""
}
