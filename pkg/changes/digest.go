package changes

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"batch/pkg/compute"
)

// Run is what the digest says about the run itself.
type Run struct {
	Tool      string   // batch's version
	AsOf      string   // ISO
	Law       string   // the law applied, as the outputs name it
	Inputs    []string // base names
	Rows      int
	Vacancies int
	Rejected  int
	Blank     int
	Errors    int // vacancies whose worst conflict is an error
	Warnings  int
	Where     string // where the full lists are, e.g. "changes.csv, sheet Changes of results.xlsx"
	// Part, for one folder of a split run, names it as the title does
	// ("of Albany County", "with no county"): the counts are the folder's,
	// Rows and Inputs the run's.
	Part string
	// Standing is where the vacancies with errors and warnings are listed
	// ("the Summary sheet of results.xlsx"), for the line that reminds a
	// recipient of them every morning until they are fixed.
	Standing string
	// Words names a deadline code in words ("Last day to file designating
	// petitions"), as the workbook and the calendar do; nil leaves codes.
	Words func(code string) string
	// Verify is, once per unverified rule, how many open deadlines rest
	// on it and what to check them against (the Summary's list).
	Verify []VerifyCount
	// Withdrawn: this part had vacancies in the compared run and has none
	// now (a county whose last vacancy was withdrawn): its digest says so.
	Withdrawn bool
	// Overrides name the calendar input applied, one each (issue 35).
	Overrides []string
}

// VerifyCount is one unverified rule and the open deadlines resting on it.
type VerifyCount struct {
	Rule  string // its citation
	Open  int    // open deadlines from the as-of date on
	Check string // the verify mark: what is unverified, what to check against
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
)

// Digest is the morning mail's content, built once and written as text
// and as HTML.
type Digest struct {
	Run     Run
	Status  string
	Reason  string
	Against string // "the run as of Mon 2026-11-30"
	Soon    int
	Counts  []KindCount
	// ChangedVacancies counts the vacancies that changed (the subject's
	// count); InputsChanged, whether the set of input files did.
	ChangedVacancies int
	InputsChanged    bool

	Action     []ActionLine
	ActionMore int // lines not shown

	Changed      []VacancyChanges
	ChangedTotal int // changes under "Changed", shown or not
	ChangedMore  int // changes of the vacancies not shown

	NextAfter string // the day after which Next starts
	Next      []Upcoming
}

// KindCount is one kind's number of changes.
type KindCount struct {
	Kind  Kind
	Count int
}

// ActionLine is one line under "Needs action": a change, or several of the
// same kind, day and code.
type ActionLine struct {
	Kind    Kind
	Date    string
	Item    string
	Count   int
	First   Change // the first of them
	IDs     []string
	Summary string
}

// VacancyChanges is one vacancy's changes, its causes first; or, with a
// Title, the changes to the set of input files.
type VacancyChanges struct {
	Title                        string // "Input files"; "" for a vacancy
	ID, Office, District, County string
	class                        string   // the office class, for the district's name in words
	Causes                       []string // "input: event_date 2026-03-04 → 2026-04-03"
	Lines                        []string // headline changes first (vacancy date, method, election, …), then deadlines and conflicts
	More                         int
	head                         []headLine
	rest                         []string
}

type headLine struct {
	kind Kind
	text string
}

// headline kinds say what happened to the vacancy itself; a digest shows
// them before the deadlines and conflicts that follow from them.
func headRank(k Kind) int {
	return slices.Index([]Kind{VacancyAdded, VacancyRemoved, NowRejected, NoLongerRejected, VacancyDateChanged, MethodChanged, ElectionChanged}, k)
}

func headline(k Kind) bool {
	switch k {
	case VacancyAdded, VacancyRemoved, NowRejected, NoLongerRejected, VacancyDateChanged, MethodChanged, ElectionChanged:
		return true
	}
	return false
}

// BuildDigest reads the outcome's changes once, most urgent first, and
// keeps what the digest shows.
func BuildDigest(run Run, o *Outcome) (*Digest, error) {
	d := &Digest{Run: run, Status: o.Status, Reason: o.Reason, Soon: o.Soon, ChangedVacancies: o.ChangedVacancies}
	if o.Baseline != nil {
		// The compared run by its day: its build string is in
		// summary.json, not in a mail.
		d.Against = "the run as of " + weekday(o.Baseline.AsOf)
	}
	d.InputsChanged = o.Counts[InputAdded]+o.Counts[InputRemoved]+o.Counts[InputRenamed] > 0
	for _, k := range Kinds {
		if n := o.Counts[k]; n > 0 {
			d.Counts = append(d.Counts, KindCount{k, n})
		}
	}
	actionAt := map[string]int{}
	vacAt := map[string]int{}
	err := o.Each(func(c *Change) error {
		c.shortenForDigest()
		if isAction(c) {
			g := string(c.Kind) + "\x00" + c.Date + "\x00" + c.Item
			if c.Kind == NowRejected {
				g += "\x00" + c.VacancyID // each rejected row on its own line
			}
			if c.Kind == DeadlinePassed {
				g += "\x00" + string(c.Cause) // passed by the calendar, or moved by a correction: said apart
			}
			// A row entered twice, or a deadline that applies only if no
			// special election is held, says so on a line of its own.
			g += "\x00" + c.dup
			if c.ifNoSpecial {
				g += "\x00if no special"
			}
			if i, ok := actionAt[g]; ok {
				a := &d.Action[i]
				a.Count++
				if len(a.IDs) < upcomingIDs {
					a.IDs = append(a.IDs, c.VacancyID)
				}
			} else if len(d.Action) < digestActions {
				actionAt[g] = len(d.Action)
				d.Action = append(d.Action, ActionLine{Kind: c.Kind, Date: c.Date, Item: c.Item, Count: 1,
					First: *c, IDs: []string{c.VacancyID}})
			} else {
				d.ActionMore++
			}
		}
		if c.AsOfOnly() {
			return nil
		}
		d.ChangedTotal++
		// Only the vacancies shown are remembered: a night on which every
		// row changed must not hold a million keys. The input files' changes
		// come first (sortKey) and are one group, always shown.
		key := c.VacancyID + "\x00" + c.Source
		if inputKind(c.Kind) {
			key = "\x00inputs"
		}
		i, ok := vacAt[key]
		if !ok {
			if len(d.Changed) == digestVacancies && !inputKind(c.Kind) {
				d.ChangedMore++
				return nil
			}
			i = len(d.Changed)
			vacAt[key] = i
			v := VacancyChanges{ID: c.VacancyID, Office: c.Office, District: c.District, County: c.County, class: c.class}
			if inputKind(c.Kind) {
				v = VacancyChanges{Title: "Input files"}
			}
			d.Changed = append(d.Changed, v)
		}
		v := &d.Changed[i]
		if inputKind(c.Kind) {
			v.head = append(v.head, headLine{c.Kind, c.Message})
			return nil
		}
		cause := plainCause(c)
		if !contains(v.Causes, cause) {
			v.Causes = append(v.Causes, cause)
		}
		switch {
		case headline(c.Kind):
			v.head = append(v.head, headLine{c.Kind, c.Message})
		case len(v.rest) < digestPerVac:
			v.rest = append(v.rest, plainMessage(c, run.Words))
		default:
			v.More++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The input files first: they say why rows came and went. (A vacancy
	// with a change to act on, an error raised, comes before them in the
	// outcome's order.)
	slices.SortStableFunc(d.Changed, func(a, b VacancyChanges) int { return strings.Compare(b.Title, a.Title) })
	for i := range d.Changed {
		v := &d.Changed[i]
		keep := max(0, digestPerVac-len(v.head))
		if len(v.rest) > keep {
			v.More += len(v.rest) - keep
			v.rest = v.rest[:keep]
		}
		// What happened to the vacancy reads in its own order: its date,
		// then how and when it is filled.
		slices.SortStableFunc(v.head, func(a, b headLine) int { return cmp.Compare(headRank(a.kind), headRank(b.kind)) })
		for _, h := range v.head {
			v.Lines = append(v.Lines, h.text)
		}
		v.Lines = append(v.Lines, v.rest...)
		v.head, v.rest = nil, nil
	}
	for i := range d.Action {
		d.Action[i].Summary = actionSummary(&d.Action[i], run.Words)
	}
	after := o.AsOf
	if o.Soon > 0 {
		if a, err := compute.ParseISO(o.AsOf); err == nil {
			after = a.AddDays(o.Soon).String()
		}
		d.NextAfter = after
	}
	for _, u := range o.Upcoming {
		if len(d.Next) == digestNext {
			break
		}
		if o.Soon > 0 && u.Date <= after {
			continue
		}
		u.Seat = shortText(u.Seat, digestValue)
		for i, id := range u.IDs {
			if utf8.RuneCountInString(id) > digestValue {
				u.IDs = slices.Clone(u.IDs)
				u.IDs[i] = shortText(id, digestValue)
			}
		}
		d.Next = append(d.Next, u)
	}
	return d, nil
}

// plainMessage is a change's sentence with its deadline named in words
// ("Last day to file designating petitions: …"), not by its code.
func plainMessage(c *Change, words func(string) string) string {
	switch c.Kind {
	case DeadlineChanged, DeadlineAdded, DeadlineDropped, DeadlineMet, DeadlinePassed, DeadlineSoon:
		if rest, ok := strings.CutPrefix(c.Message, c.Item+": "); ok && words != nil {
			return words(c.Item) + ": " + rest
		}
	}
	return c.Message
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// isAction: what needs doing today. Rows now rejected and errors raised
// are listed under Changed too, with their causes.
func isAction(c *Change) bool {
	return c.Priority == ActNow
}

func actionSummary(a *ActionLine, words func(string) string) string {
	s := actionText(a, words)
	c := &a.First
	if c.ifNoSpecial {
		s += " — only if no special election is held"
	}
	if c.dup != "" {
		what := "this vacancy is"
		if a.Count > 1 {
			what = "these vacancies are"
		}
		s += " — " + what + " entered twice: also as " + c.dup + " (keep one row)"
	}
	return s
}

func actionText(a *ActionLine, words func(string) string) string {
	c := &a.First
	item := c.Item
	if words != nil && (c.Kind == DeadlineSoon || c.Kind == DeadlinePassed) {
		item = words(c.Item) // "Last day to file …"
	}
	whose := seat(c)
	if a.Count > 1 {
		ids := strings.Join(a.IDs, ", ")
		if a.Count > len(a.IDs) {
			ids += ", …"
		}
		whose = strconv.Itoa(a.Count) + " vacancies (" + ids + ")"
	}
	switch c.Kind {
	case ElectionSoon:
		what := "General election day (it fills the vacancy)"
		if a.Count > 1 {
			what = "General election day (it fills the vacancies)"
		}
		if c.Item == "special_election_day" {
			what = "Special election day"
		}
		return deadlineLine(what, c.when, whose, "")
	case DeadlineSoon:
		return deadlineLine(item, dueWhen(c), whose, c.Verify)
	case DeadlinePassed:
		check := "check it was met"
		if a.Count > 1 {
			check = "check they were met"
		}
		switch c.Cause {
		case ByInput:
			// A correction of the row moved it from ahead of the as-of
			// date to behind it.
			return deadlineLine(item, "passed, moved into the past by a correction ("+c.CauseDetail+"); "+check, whose, c.Verify)
		case ByAsOf:
		default: // the law, the calendar, the tool
			return deadlineLine(item, "passed, moved into the past ("+c.CauseDetail+"); "+check, whose, c.Verify)
		}
		return deadlineLine(item, "passed, "+check, whose, c.Verify)
	}
	if a.Count == 1 {
		switch c.Kind {
		case NowRejected:
			return "row rejected (" + c.Source + "): " + strings.TrimPrefix(strings.TrimPrefix(c.Message, "Now rejected: "), "New row, rejected: ") + " — " + whose
		case ConflictRaised:
			// Its sentence in words, not its code: "Error: the
			// proclamation (2027-01-18) is before the vacancy …".
			if msg, ok := strings.CutPrefix(c.Message, c.Item+" ("+c.Severity+"): "); ok && msg != "" {
				return capitalize(c.Severity) + ": " + strings.TrimSuffix(msg, ".") + " — " + whose
			}
			return item + " raised — " + whose
		}
		return c.Message + " — " + whose
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

// dueWhen is "due in 3 days": from the change's own words, or from its
// message ("…, last day 2026-12-04, in 3 days.").
func dueWhen(c *Change) string {
	if c.when != "" {
		return "due " + c.when
	}
	if i := strings.LastIndex(c.Message, ", "); i >= 0 {
		return "due " + strings.TrimSuffix(c.Message[i+2:], ".")
	}
	return "due"
}

// seat is "NY-0000012, Member of Assembly, Assembly District 65, New
// York": the district named as every output names it.
func seat(c *Change) string {
	s := c.VacancyID
	o := c.Office
	if d := compute.DistrictName(compute.OfficeClass(c.class), c.District); d != "" {
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

// Title is the mail's subject line as well as the digest's first line.
// It counts vacancies, never changes (two vacancies are not "24
// changes"), and the items to act on as Needs action lists them.
func (d *Digest) Title() string {
	s := "batch: vacancies as of " + weekday(d.Run.AsOf)
	if d.Run.Part != "" {
		s = "batch: vacancies " + d.Run.Part + " as of " + weekday(d.Run.AsOf)
	}
	switch {
	case d.Run.Withdrawn:
		s += ": the last vacancy was withdrawn"
	case d.Status == Compared:
		var news []string
		if d.ChangedVacancies > 0 {
			news = append(news, plural(d.ChangedVacancies, "vacancy", "vacancies")+" changed")
		}
		if d.InputsChanged {
			news = append(news, "input files changed")
		}
		if len(news) == 0 {
			news = append(news, "nothing changed")
		}
		s += ": " + strings.Join(news, ", ")
	case d.Status == Skipped:
		s += ": comparison skipped"
	}
	if len(d.Action) > 0 {
		// As Needs action counts them, and --fail-on action.
		s += ", " + plural(d.actions(), "item", "items") + " to act on"
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// weekday is "Mon 2026-12-07".
func weekday(iso string) string {
	t, err := time.Parse("2006-01-02", iso)
	if err != nil {
		return iso
	}
	return t.Format("Mon") + " " + iso
}

// RunLine is the run's one line of counts, and the calendar input
// applied (overridesSentence).
func (d *Digest) RunLine() string { return d.runCounts() + overridesSentence(d.Run.Overrides) }

func (d *Digest) runCounts() string {
	r := d.Run
	if r.Part != "" {
		s := plural(r.Vacancies, "vacancy", "vacancies") + " and " + plural(r.Rejected, "rejected row", "rejected rows") + " " + r.Part +
			", among " + plural(r.Rows, "row", "rows")
		if len(r.Inputs) > 0 {
			s += " of " + strings.Join(r.Inputs, ", ")
		}
		return s + "; " + strconv.Itoa(r.Errors) + " with errors, " + strconv.Itoa(r.Warnings) + " with warnings."
	}
	s := plural(r.Rows, "row", "rows")
	if len(r.Inputs) > 0 {
		s += " of " + strings.Join(r.Inputs, ", ")
	}
	s += ": " + plural(r.Vacancies, "vacancy", "vacancies") + ", " + strconv.Itoa(r.Rejected) + " rejected, " +
		strconv.Itoa(r.Blank) + " blank; " + strconv.Itoa(r.Errors) + " with errors, " +
		strconv.Itoa(r.Warnings) + " with warnings."
	return s
}

// plainCause is why a vacancy changed, in words: no cause codes, no
// edition codes, no build strings (changes.csv keeps those).
func plainCause(c *Change) string {
	switch c.Cause {
	case ByInput:
		if c.CauseDetail == "" {
			return "the inputs changed"
		}
		if field, _, _ := strings.Cut(c.CauseDetail, " "); slices.Contains(InputFields, field) {
			return "its row changed: " + c.CauseDetail
		}
		return c.CauseDetail
	case ByLaw:
		return "the law applied changed (the Rules sheet of results.xlsx names it)"
	case ByCalendar:
		return "the calendar input changed (a Calendar sheet or --calendar file)"
	case ByTool:
		return "a newer version of batch computes it"
	case ByAsOf:
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

// CompareLine says what this run was compared with, or why not.
func (d *Digest) CompareLine() string {
	switch d.Status {
	case Compared:
		return "Compared with " + d.Against + "."
	case FirstRun:
		return "Nothing to compare with: " + d.Reason + "."
	case Skipped:
		return "COMPARISON SKIPPED: " + d.Reason + "."
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

// shortenForDigest shortens the change's long values wherever they
// appear, in its sentences too, so that the sentence keeps its words
// around them; changes.csv keeps them whole.
func (c *Change) shortenForDigest() {
	for _, v := range []*string{&c.Old, &c.New, &c.Office, &c.District, &c.County, &c.VacancyID, &c.Source, &c.Item} {
		if utf8.RuneCountInString(*v) <= digestValue {
			continue
		}
		short := shortText(*v, digestValue)
		c.Message = strings.ReplaceAll(c.Message, *v, short)
		c.CauseDetail = strings.ReplaceAll(c.CauseDetail, *v, short)
		*v = short
	}
	c.Message = shortText(c.Message, digestSentence)
	c.CauseDetail = shortText(c.CauseDetail, digestSentence)
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
