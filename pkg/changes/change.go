package changes

import (
	"encoding/binary"
	"strconv"
)

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
	DeadlineMet        Kind = "deadline_met" // the inputs now say it was done
	// ElectionSoon: the election that fills the vacancy (its filling
	// election, special or general) is within --soon days.
	ElectionSoon Kind = "election_soon"
	InputAdded   Kind = "input_added"
	InputRemoved Kind = "input_removed"
	InputRenamed Kind = "input_renamed"
)

// Kinds lists every kind in the order a tie on date is broken.
var Kinds = []Kind{DeadlinePassed, NowRejected, ConflictRaised, DeadlineSoon, ElectionSoon,
	InputRenamed, InputAdded, InputRemoved,
	VacancyAdded, MethodChanged, ElectionChanged, VacancyDateChanged, DeadlineChanged,
	DeadlineAdded, DeadlineDropped, VacancyRemoved, NoLongerRejected, DeadlineMet, ConflictCleared}

// kindRank is a kind's place in Kinds.
var kindRank = func() map[Kind]int {
	m := make(map[Kind]int, len(Kinds))
	for i, k := range Kinds {
		m[k] = i
	}
	return m
}()

// inputKind reports whether the change is to the set of input files, not
// to a vacancy.
func inputKind(k Kind) bool { return k == InputAdded || k == InputRemoved || k == InputRenamed }

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
	// ActBy is the day by which someone must act on it, what "most urgent
	// first" orders by: a deadline's last day for one due soon; the as-of
	// date for a deadline passed, a row rejected, an error raised; the
	// vacancy's next open deadline for its other changes; "" when nothing
	// is left to do.
	ActBy  string
	Verify string // what to check the deadline's date against (compute.Deadline.Verify); "" when nothing
	class  string // the office class, for the district's name in words (not a column)
	// Not columns either, for the digest's line of an item: the rows the
	// vacancy is also entered as (DUPLICATE_VACANCY), whether the deadline
	// applies only if no special election is held, and when it is due in
	// words ("in 3 days").
	dup         string
	ifNoSpecial bool
	when        string
}

// Columns is changes.csv's header: a fixed contract (docs/CONTRACT.md).
var Columns = []string{"priority", "kind", "date", "vacancy_id", "source", "office", "district",
	"county", "item", "old", "new", "severity", "cause", "cause_detail", "message", "act_by", "verify"}

// DateColumn reports whether Columns[i] holds a date.
func DateColumn(i int) bool { return i == 2 || i == 15 }

// Row is the change's values in Columns' order.
func (c *Change) Row() []string {
	return []string{string(c.Priority), string(c.Kind), c.Date, c.VacancyID, c.Source, c.Office,
		c.District, c.County, c.Item, c.Old, c.New, c.Severity, string(c.Cause), c.CauseDetail, c.Message,
		c.ActBy, c.Verify}
}

// AsOfOnly reports whether the change is one the calendar alone brings
// (a deadline passed, or due soon): --fail-on changed ignores those.
func (c *Change) AsOfOnly() bool {
	return c.Kind == DeadlinePassed || c.Kind == DeadlineSoon || c.Kind == ElectionSoon
}

func priorityOf(k Kind, severity string) Priority {
	switch k {
	case DeadlinePassed, DeadlineSoon, ElectionSoon, NowRejected:
		return ActNow
	case ConflictRaised:
		if severity == "error" {
			return ActNow
		}
		return Changed
	case VacancyRemoved, NoLongerRejected, ConflictCleared, DeadlineMet:
		return Resolved
	}
	return Changed
}

// sortKey orders changes most urgent first: by band; within a band by
// the day someone must act (ActBy), soonest first, a deadline missed
// (to act on today) before one due today; the changes to the set of
// input files first among the others, which say why rows came and went;
// the changes with nothing left to do after, by their own date, those
// still ahead of asOf first; then by their own date (a vacancy's changes
// in the order of their days, the undated last), kind, vacancy and item.
func (c *Change) sortKey(asOf string) string {
	band := "2"
	switch c.Priority {
	case ActNow:
		band = "0"
	case Changed:
		band = "1"
	}
	var d string
	switch {
	case inputKind(c.Kind):
		d = "0"
	case c.ActBy != "":
		d = "1" + c.ActBy
	case c.Date == "":
		d = "4"
	case c.Date >= asOf:
		d = "2" + c.Date
	default:
		d = "3" + c.Date
	}
	k, ok := kindRank[c.Kind]
	if !ok {
		k = 89
	}
	own := c.Date
	if own == "" {
		own = "9" // after the dated
	}
	return band + d + "\x00" + own + "\x00" + strconv.Itoa(10+k) + "\x00" + c.VacancyID + "\x00" + c.Item
}

func encodeChange(b []byte, c *Change) []byte {
	for _, s := range c.Row() {
		b = appendStr(b, s)
	}
	b = appendStr(b, c.class)
	b = appendStr(b, c.dup)
	b = appendStr(b, c.when)
	flags := uint64(0)
	if c.ifNoSpecial {
		flags = 1
	}
	return binary.AppendUvarint(b, flags)
}

// decodeChange reads a change back; its short strings that repeat
// (kinds, dates, codes, places) are interned, not its vacancy's id and
// source, nor its message.
func decodeChange(b []byte, c *Change, intern *interner) error {
	d := byteDecoder{b: b, intern: intern}
	*c = Change{Priority: Priority(d.str()), Kind: Kind(d.str()), Date: d.str(), VacancyID: d.unique(),
		Source: d.unique(), Office: d.str(), District: d.str(), County: d.str(), Item: d.str(), Old: d.str(),
		New: d.str(), Severity: d.str(), Cause: Cause(d.str()), CauseDetail: d.str(), Message: d.unique(),
		ActBy: d.str(), Verify: d.repeated()}
	c.class = d.str()
	c.dup = d.unique()
	c.when = d.str()
	c.ifNoSpecial = d.uint()&1 != 0
	return d.err
}
