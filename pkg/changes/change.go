package changes

import "strconv"

// Kind is what changed, in changes.csv's words.
type Kind string

const (
	VacancyAdded       Kind = "vacancy_added"
	VacancyRemoved     Kind = "vacancy_removed"
	NowRejected        Kind = "now_rejected"
	NoLongerRejected   Kind = "no_longer_rejected"
	VacancyDateChanged Kind = "vacancy_date_changed"
	MethodChanged      Kind = "method_changed"
	ElectionChanged    Kind = "election_changed"
	DeadlineChanged    Kind = "deadline_changed"
	DeadlineAdded      Kind = "deadline_added"
	DeadlineDropped    Kind = "deadline_dropped"
	ConflictRaised     Kind = "conflict_raised"
	ConflictCleared    Kind = "conflict_cleared"
	DeadlinePassed     Kind = "deadline_passed"
	DeadlineSoon       Kind = "deadline_soon"
)

// Kinds lists every kind in the order a tie on date is broken.
var Kinds = []Kind{DeadlinePassed, NowRejected, ConflictRaised, DeadlineSoon,
	VacancyAdded, MethodChanged, ElectionChanged, VacancyDateChanged, DeadlineChanged,
	DeadlineAdded, DeadlineDropped, VacancyRemoved, NoLongerRejected, ConflictCleared}

// Cause is why it changed.
type Cause string

const (
	ByInput    Cause = "input"    // an input field of this row changed, or the row came or went
	ByLaw      Cause = "law"      // the law applied changed (edition or rules version)
	ByCalendar Cause = "calendar" // the calendar overrides changed
	ByAsOf     Cause = "as_of"    // only the as-of date moved
	ByTool     Cause = "tool"     // none of those: the tool itself changed (its version)
)

// Causes lists every cause.
var Causes = []Cause{ByInput, ByLaw, ByCalendar, ByAsOf, ByTool}

// Priority is the band a change is listed in, most urgent first.
type Priority string

const (
	ActNow   Priority = "act_now"  // a deadline passed or due soon, a row now rejected, an error raised
	Changed  Priority = "changed"  // what the reader must know: new rows, moved dates, other conflicts
	Resolved Priority = "resolved" // gone, cleared, accepted again
)

// Change is one line of changes.csv.
type Change struct {
	Priority    Priority
	Kind        Kind
	Date        string // the date it concerns, ISO: the deadline's (new) last day, the new election, today for a rejection
	VacancyID   string
	Source      string
	Office      string
	District    string
	County      string
	Item        string // the deadline or conflict code, or the column (filling_method, …)
	Old, New    string
	Severity    string // of a conflict
	Cause       Cause
	CauseDetail string // "event_date 2026-03-04 → 2026-04-03"
	Message     string // a sentence to act on
	// Verify is a due deadline's verify mark (its date rests on text
	// still unverified): the digest's line shows it. Not a column.
	Verify string
	class  string // the office class, for the district's name in words
}

// Columns is changes.csv's header: a fixed contract (docs/CONTRACT.md).
var Columns = []string{"priority", "kind", "date", "vacancy_id", "source", "office", "district",
	"county", "item", "old", "new", "severity", "cause", "cause_detail", "message"}

// Row is the change's values in Columns' order.
func (c *Change) Row() []string {
	return []string{string(c.Priority), string(c.Kind), c.Date, c.VacancyID, c.Source, c.Office,
		c.District, c.County, c.Item, c.Old, c.New, c.Severity, string(c.Cause), c.CauseDetail, c.Message}
}

// AsOfOnly reports whether the change is one the calendar alone brings
// (a deadline passed, or due soon): --fail-on changed ignores those.
func (c *Change) AsOfOnly() bool { return c.Kind == DeadlinePassed || c.Kind == DeadlineSoon }

func priorityOf(k Kind, severity string) Priority {
	switch k {
	case DeadlinePassed, DeadlineSoon, NowRejected:
		return ActNow
	case ConflictRaised:
		if severity == "error" {
			return ActNow
		}
		return Changed
	case VacancyRemoved, NoLongerRejected, ConflictCleared:
		return Resolved
	}
	return Changed
}

// sortKey orders changes most urgent first: by band; within "act now"
// by date (a deadline missed comes before one due today); within the
// others the dates still ahead of asOf first, soonest first, then those
// already behind it, then the undated; then kind, vacancy and item.
func (c *Change) sortKey(asOf string) string {
	band := "2"
	switch c.Priority {
	case ActNow:
		band = "0"
	case Changed:
		band = "1"
	}
	d := c.Date
	switch {
	case d == "":
		d = "3"
	case c.Priority == ActNow || d >= asOf:
		d = "1" + d
	default:
		d = "2" + d
	}
	k := 99
	for i, x := range Kinds {
		if x == c.Kind {
			k = i
		}
	}
	return band + d + strconv.Itoa(10+k) + "\x00" + c.VacancyID + "\x00" + c.Item
}

func encodeChange(b []byte, c *Change) []byte {
	for _, s := range c.Row() {
		b = appendStr(b, s)
	}
	b = appendStr(b, c.Verify)
	return appendStr(b, c.class)
}

func decodeChange(b []byte, c *Change) error {
	d := byteDecoder{b: b}
	*c = Change{Priority: Priority(d.str()), Kind: Kind(d.str()), Date: d.str(), VacancyID: d.str(),
		Source: d.str(), Office: d.str(), District: d.str(), County: d.str(), Item: d.str(), Old: d.str(),
		New: d.str(), Severity: d.str(), Cause: Cause(d.str()), CauseDetail: d.str(), Message: d.str()}
	c.Verify, c.class = d.str(), d.str()
	return d.err
}
