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

// Change is one thing that changed since the compared run, as facts:
// what (Kind, Item), about which row, its dates, the values before and
// after, why (Cause), and the facts its sentence is worded from. The
// words are the outputs': changes.csv's message and the digest's lines
// (pkg/export).
type Change struct {
	Priority  Priority
	Kind      Kind
	Date      string // the date it concerns, ISO: the deadline's (new) last day, the new election, today for a rejection
	VacancyID string
	Source    string
	Office    string
	District  string
	County    string
	Class     string // the office class, for the district's name in words
	Item      string // the deadline or conflict code, or the column (filling_method, …); input_file
	Old, New  string // the value before and after: a date, a filling method, a code, a file's name
	Severity  string // of a conflict
	Cause     Cause
	// CauseDetail says what of the cause changed: the row's columns
	// ("event_date 2026-03-04 → 2026-04-03"), the edition, the other
	// row of the seat, a rejected row's problem.
	CauseDetail string
	// OwnRow: the cause is the row's own input: CauseDetail names columns
	// of the row that changed, or the problem of a row now rejected names
	// one (InputFields).
	OwnRow bool
	// ActBy is the day by which someone must act on it, what "most urgent
	// first" orders by: a deadline's last day for one due soon; the as-of
	// date for a deadline passed, a row rejected, an error raised; the
	// vacancy's next open deadline for its other changes; "" when nothing
	// is left to do.
	ActBy  string
	Verify string // what to check the deadline's date against (compute.Deadline.Verify); "" when nothing

	// The vacancy's own values: its vacancy date, filling method and
	// filling election (a vacancy removed: the compared run's), and the
	// problem of a rejected row (accepted again: the compared run's).
	VacancyDate, Method, Election, Problem string
	// A conflict's field, and its own sentence (compute's, the conflicts'
	// message).
	Field, ConflictMessage string
	// From is a deadline's last day in the compared run, when a
	// correction moved it into the past (deadline_passed); Passed, a
	// deadline added or moved whose last day has passed.
	From   string
	Passed bool
	// Days: a deadline or election due soon is due so many days after the
	// as-of date.
	Days int
	// Dup is the rows the vacancy is also entered as (DUPLICATE_VACANCY);
	// IfNoSpecial, a deadline that applies only if no special election is
	// held.
	Dup         string
	IfNoSpecial bool
	// An input file's rows (of the compared run, for one removed or
	// renamed), and for one renamed, how many of them were found in the
	// new one (0: the same content).
	Rows, Matched int
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
	for _, s := range []string{string(c.Priority), string(c.Kind), c.Date, c.VacancyID, c.Source, c.Office, c.District,
		c.County, c.Class, c.Item, c.Old, c.New, c.Severity, string(c.Cause), c.CauseDetail, c.ActBy, c.Verify,
		c.VacancyDate, c.Method, c.Election, c.Problem, c.Field, c.ConflictMessage, c.From, c.Dup} {
		b = appendStr(b, s)
	}
	flags := uint64(0)
	if c.IfNoSpecial {
		flags |= 1
	}
	if c.OwnRow {
		flags |= 2
	}
	if c.Passed {
		flags |= 4
	}
	b = binary.AppendUvarint(b, flags)
	b = binary.AppendUvarint(b, uint64(c.Days))
	b = binary.AppendUvarint(b, uint64(c.Rows))
	return binary.AppendUvarint(b, uint64(c.Matched))
}

// decodeChange reads a change back; its short strings that repeat
// (kinds, dates, codes, places) are interned, not its vacancy's id and
// source, nor its sentences.
func decodeChange(b []byte, c *Change, intern *interner) error {
	d := byteDecoder{b: b, intern: intern}
	*c = Change{Priority: Priority(d.str()), Kind: Kind(d.str()), Date: d.str(), VacancyID: d.unique(),
		Source: d.unique(), Office: d.str(), District: d.str(), County: d.str(), Class: d.str(), Item: d.str(),
		Old: d.str(), New: d.str(), Severity: d.str(), Cause: Cause(d.str()), CauseDetail: d.str(), ActBy: d.str(),
		Verify: d.repeated(), VacancyDate: d.str(), Method: d.str(), Election: d.str(), Problem: d.unique(),
		Field: d.str(), ConflictMessage: d.unique(), From: d.str(), Dup: d.unique()}
	flags := d.uint()
	c.IfNoSpecial, c.OwnRow, c.Passed = flags&1 != 0, flags&2 != 0, flags&4 != 0
	c.Days, c.Rows, c.Matched = int(d.uint()), int(d.uint()), int(d.uint())
	return d.err
}
