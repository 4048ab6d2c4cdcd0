package compute

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The shapes of the law: what an edition of the statutes is made of, as
// values the engine reads. The values themselves (New York's editions,
// one-year acts, holidays) live in a data package (pkg/nylaw); the engine
// never names a rule, a code or a year of them. It asks which edition is in
// force on a date (Law.EditionAt) and reads numbers, counting kinds and
// sentences from it.

// Mark says how sure the law data is of a value (docs/LAW.md, "Marks").
type Mark string

const (
	Sourced Mark = "sourced" // the words or dates were read in a published copy
	// Corroborated: the words were not read, but a published calendar
	// (named in Authority.By) prints the rule's date under the same
	// edition and cites the subdivision. Between Sourced and Inferred; it
	// raises no NEEDS_REVIEW.
	Corroborated   Mark = "corroborated"
	Inferred       Mark = "inferred"       // indirect evidence, named in the note
	Unsourced      Mark = "unsourced"      // nobody has read the text: rows it decides get NEEDS_REVIEW
	Interpretation Mark = "interpretation" // a reading of the words the tool shows
)

// Authority is where a value comes from.
type Authority struct {
	Cite  string // "Elec. Law § 6-158(1)"
	Act   string // the chapter that enacted these words, "L.2019 ch. 5"; "" for the seed texts
	Words string // the statute's words (verbatim where Mark is Sourced)
	Mark  Mark   // "" is Sourced
	Note  string // an interpretation, or what is not verified
	// By names the published calendar that corroborates the rule, and
	// what it prints (Mark Corroborated).
	By string
}

// Corroboration is "corroborated by <By>" for a corroborated rule, ""
// otherwise: the words every place that shows the rule adds.
func (a Authority) Corroboration() string {
	if a.MarkOrSourced() != Corroborated || a.By == "" {
		return ""
	}
	return "corroborated by " + a.By
}

// MarkOrSourced is the authority's mark, Sourced when none is given.
func (a Authority) MarkOrSourced() Mark {
	if a.Mark == "" {
		return Sourced
	}
	return a.Mark
}

// Span is when a value is in force, From and To inclusive. A zero From is
// "since before the data begins", a zero To "still in force".
type Span struct{ From, To Date }

// Contains reports whether d is in the span.
func (s Span) Contains(d Date) bool {
	return (s.From.IsZero() || !d.Before(s.From)) && (s.To.IsZero() || !d.After(s.To))
}

// MonthDay is a day of the year a statute names ("the first day of July").
type MonthDay struct {
	Month time.Month
	Day   int
}

// In is that day in the given year.
func (md MonthDay) In(year int) Date { return Date{Year: year, Month: md.Month, Day: md.Day} }

// String is "July 1".
func (md MonthDay) String() string { return md.Month.String() + " " + itoa(md.Day) }

// Law is one jurisdiction's law as dated data: its editions (oldest
// first), the one-year acts that sit on them, and what does not change by
// edition. Build it with NewLaw; a *Law is read-only and safe for
// concurrent use.
type Law struct {
	Name string // "New York"

	Editions []Edition // oldest first; the first one has a zero From
	Acts     []YearAct // one-year acts and orders, by year

	General   Counting  // the general election, counted from the year (AtYear)
	GeneralBy Authority // its citation
	Holidays  []HolidayRule

	Causes      []CauseRule          // § 30: how each cause dates the vacancy
	Residency   []ResidencyExemption // § 30(4)-(8)
	ArmedForces ArmedForces          // § 30(1)(h)'s exception
	Terms       []DefaultTerm        // default term ends by office
	Notices     []Notice             // conflicts the data raises by year (a court-ordered calendar)
	RollOver    Authority            // § 1-106, for the Rules table
	Cites       Citations            // the statutes as a whole, where no one rule decides
	// Words say what each deadline asks for, in plain words, in the
	// statute's order: the titles of Summary, the calendar file and the
	// Column guide.
	Words []DeadlineWords
	// Filing says where a vacancy's papers are filed (the calendar file's
	// events name it).
	Filing FilingOffices
	// Guide is what the outputs say of this law in their own sentences
	// (the Column guide, the workbook's keywords).
	Guide Guide

	Keying Keying // which date picks the edition, in words

	// Regimes are the local laws that govern some office classes in place
	// of the state's vacancy rule (§ 42(1)'s "unless otherwise provided").
	Regimes []Regime
	// Governing is the governing_law of a row the state's rules decide;
	// Proclaimer the officer who proclaims the state's special elections
	// (proclaiming_officer).
	Governing  string
	Proclaimer string

	// CheckedThrough is the day the data's sources were last checked;
	// StaleAfterDays how long after it a run warns that later acts are
	// missing.
	CheckedThrough Date
	StaleAfterDays int

	// Choice is "auto" (the edition by date) or the id of the one edition
	// a fixed law holds (Law.Fixed).
	Choice string

	// CheckAgainst is what a date resting on unverified text is checked
	// against, in words ("the state board's political calendar"): the
	// deadlines' verify mark names it.
	CheckAgainst string

	labels *labelCache
	// suggested remembers CLASS_SUGGESTED's sentences: a bulk run of an
	// old workbook meets the same office given as other on row after row.
	suggested *sentenceCache
}

// DeadlineWords is what a deadline asks for, in plain words: Verb ("file",
// "hold", "sign", "issue") What (the papers filed, or the event held) Who
// (who files them, or holds it).
type DeadlineWords struct {
	Code, Verb, What, Who string
	// CalendarOnly: a line of the board's calendar that no vacancy row
	// computes (printed by `batch calendar` and on the Calendar sheet).
	CalendarOnly bool
	// Primary: the deadline serves the primary (the designating route),
	// whatever election fills the vacancy.
	Primary bool
	// Special: the deadline serves a special election (its rows'
	// election, where it is not the one that fills the vacancy, is named
	// so).
	Special bool
	// ElectionDay: the row is not a deadline but the window the election's
	// day falls in (the special election's): its last day is the latest
	// day for the election, its first the earliest, and it serves no
	// election but is one.
	ElectionDay bool
}

// Guide is what the outputs say of a law where their sentences name it:
// each output column's meaning that cites a statute, the values of the
// coded columns the law decides (office classes, causes, filling methods,
// governing laws, officers), and the workbook's keywords. The outputs
// keep their own words for the rest, and make the list of editions from
// the editions themselves (Law.Editions, Acts, Regime.Named).
type Guide struct {
	Keywords string // the workbook's: "vacancy; Public Officers Law § 42; …"
	// Columns are meanings by table and column: "Vacancies.cause".
	Columns map[string]string
	// Values are the words of each value of a coded column, in the order
	// shown, by table and column: "Vacancies.office_class".
	Values map[string][]ValueWords
}

// ValueWords is one value of a coded column and what it means.
type ValueWords struct{ Value, Meaning string }

// WordsFor is the deadline code's plain words; false when the law has none.
func (l *Law) WordsFor(code string) (DeadlineWords, bool) {
	for _, w := range l.Words {
		if w.Code == code {
			return w, true
		}
	}
	return DeadlineWords{}, false
}

// SpecialWindowWords is § 42(3)'s window in force on day, in a sentence
// for a reader filling in a proclamation ("the special election falls 40
// to 50 days after the proclamation for the State Senate and Assembly; 70
// to 80 days for …"), with its citations: the template's help says what
// the law in force on the day it is made says.
func (l *Law) SpecialWindowWords(day Date) string {
	e := l.EditionAt(day)
	var parts []string
	for i := range e.Specials {
		w := &e.Specials[i].Window
		p := itoa(w.MinDays) + " to " + itoa(w.MaxDays) + " days after the proclamation"
		if w.Who != "" {
			p += " " + w.Who
		}
		parts = append(parts, p+" ("+w.Cite+")")
	}
	if len(parts) == 0 {
		return ""
	}
	return "the special election falls " + strings.Join(parts, "; ")
}

// Citations name a statute as a whole, where a step or a conflict
// concerns it rather than one rule of an edition.
type Citations struct {
	Vacancy     string // when an office becomes vacant (the vacancy date step)
	VacancyTerm string // a vacancy within the term (the dates' order)
	Deadlines   string // the nomination deadlines as a whole
	Succession  string // the governor's and lieutenant governor's succession
	Fill        string // the state's vacancy rule as a whole, where a local law may govern instead
}

// Keying is the keying rule in words, one sentence for each kind of
// decision, and the day of the year that picks the regular calendar's
// edition.
type Keying struct {
	Fill        string   // § 42(1), (4) and the ten-day duty: the vacancy date
	Special     string   // § 42(3)'s window and the special-election deadlines: the proclamation
	Calendar    string   // the regular calendar of a year
	Straddle    string   // a vacancy and a proclamation under different editions
	CalendarDay MonthDay // the day of year Y whose edition gives Y's calendar
	Authority
}

// Edition is the body of law in force from one day until the next
// edition's: every number, counting kind and sentence the engine reads.
type Edition struct {
	ID   string // "E2"
	From Date   // in force from; zero for the first edition
	// Doubt is set when From is not read in the act: a date from Doubt to
	// the day before From may already be under this edition (NEEDS_REVIEW).
	Doubt Date
	// Authority is the act (Act, Cite), how sure From is (Mark, Note) and
	// what the edition changes (Words).
	Authority

	Primary   PrimaryRule
	Fill      FillRules
	Deadlines []DeadlineRule // the general election's rows, in output order
	Specials  []SpecialTable // § 42(3)'s windows and special-election rows, by office
	TooLate   Authority      // the catch-all for a vacancy too late to comply
	TooLateRv string         // NEEDS_REVIEW sentence when TooLate's current text is unverified

	// A regime's edition (Law.Regimes) holds its rule here.
	Village *VillageRules
	Charter *CharterRules
	// DoubtTo is set when From is inferred the other way: a date from
	// From to DoubtTo may still be under the edition before (NEEDS_REVIEW,
	// both results).
	DoubtTo Date
	// CheckAgainst, when set, replaces the law's for this edition's rows:
	// what a date resting on unverified text is checked against.
	CheckAgainst string

	to  Date   // the day before the next edition's From; zero for the last
	bit uint64 // a regime edition's bit in an edition set
}

// InForce is the span the edition is in force.
func (e *Edition) InForce() Span { return Span{From: e.From, To: e.to} }

// PrimaryRule is how an edition dates the primary of a year.
type PrimaryRule struct {
	Day Counting // counted from the year (AtYear)
	Authority
	Moved []MovedDay // primaries moved by special act, each with its source
}

// MovedDay is one year's day set by an act instead of the formula.
type MovedDay struct {
	Date Date
	Authority
}

// FillRules are an edition's Public Officers Law § 30 and § 42 values.
type FillRules struct {
	OathDays int     // § 30(1)(h): the oath is due within this many days of the term's start
	Cutoff   Cutoff  // § 42(1): which general election
	Bars     []Bar   // § 42(4)
	Senator  Senator // § 42(4-a)
	Judges   Judges  // N.Y. Const. art. VI § 21(a)
	Expiry   Expiry  // § 42(2)
	Duty     Duty    // § 42(3): the ten-day duty to proclaim

	// Authorizations say when the governor may proclaim a special election,
	// in the order they are tried.
	Authorizations []Authorization
	NotCovered     Authority // § 42(1), (3): governor and lieutenant governor excepted
	NotElective    Authority // § 30(3): appointive boards
	TermCheck      Authority // the filling election against the end of the term
	Session        Authority // the special session that lifts a bar, for the Rules table
}

// Cutoff is § 42(1): a vacancy up to Day (before it, unless Through) is
// filled at that year's general election, a later one at the next year's.
// Day is counted from the vacancy's year (AtYear) or that year's general
// election (AtGeneral).
type Cutoff struct {
	Day      Counting
	Through  bool     // a vacancy on Day itself is still this year's
	Code     string   // the conflict when the rule skips an election
	Severity Severity // of Code
	Phrase   string   // "before September 20": how the rule names the day
	// ReviewDays: a vacancy this close to Day (either side) gets
	// NEEDS_REVIEW with Review, an interpretation of the boundary.
	ReviewDays int
	Review     string
	// CalendarCode, when set, is the row `batch calendar` prints for Day.
	CalendarCode string
	Authority
	// Echo is the same rule restated in another statute (New York's
	// Elec. Law § 6-158(14)): printed with its own mark, never applied.
	Echo Authority
}

// Bar is one paragraph of § 42(4): no special election for Offices when the
// vacancy is on or after (DayBarred) or after Day of the term's last year.
type Bar struct {
	Offices   []OfficeClass
	Sub3Only  bool // only where a § 42(3) authorization decided (§ 42(4)(c))
	Day       MonthDay
	DayBarred bool // a vacancy on Day itself is barred
	// Liftable: a special session lifts the bar for a vacancy after Day.
	Liftable bool
	// Fallback is the method a barred vacancy gets: none (the seat stays
	// vacant) or general_election (§ 42(4)(d)).
	Fallback Method
	Phrase   string // "after July 1": the words for the barred side
	Authority
}

// Senator is § 42(4-a): the temporary appointment of a U.S. senator. The
// appointment ends on AppointmentEnds of the vacancy's year plus
// EarlyYears (an even year, on or before CutoffDays before the primary),
// LateYears (later in an even year) or OddYears (an odd year); the
// election for the unexpired term is the general election of the year
// before.
type Senator struct {
	CutoffDays      int      // "on or before the sixtieth day prior to" the primary
	AppointmentEnds MonthDay // "until the third day of January"
	EarlyYears      int
	LateYears       int
	OddYears        int
	Appointer       string // appointing_authority: "governor"
	Authority
}

// Expiry is § 42(2): a vacancy by the expiration of a term that ends on
// Day of a year of the given parity is filled at that year's general
// election.
type Expiry struct {
	Day      MonthDay
	EvenYear bool
	Authority
}

// Phrase is "December 31 of an even-numbered year".
func (x *Expiry) Phrase() string {
	return x.Day.String() + " of an " + ifElse(x.EvenYear, "even", "odd") + "-numbered year"
}

// Applies reports whether a term ending on end is one § 42(2) covers.
func (x *Expiry) Applies(end Date) bool {
	return end.Month == x.Day.Month && end.Day == x.Day.Day && (end.Year%2 == 0) == x.EvenYear
}

// Judges is the constitution's rule for judicial vacancies.
type Judges struct {
	Offices []OfficeClass
	Months  int // "not less than three months" after the vacancy
	Authority
}

// Duty is § 42(3)'s duty to proclaim a special election within Days of
// the vacancy; Days = 0 means the proclamation is discretionary.
type Duty struct {
	Code   string // the Deadlines row, "proclamation_deadline"
	Days   int
	NoDuty string // the row's reason when Days = 0
	// Review is the verify mark when the last day falls on a day that is
	// not a business day (it is the governor's act: no roll-over).
	Review string
	MetBy  MetBy // the input that records the proclamation
	Authority
}

// Authorization is one ground on which the governor may proclaim.
type Authorization struct {
	Offices        []OfficeClass // the classes it covers
	Cause          Cause         // "" for every cause
	NotAppointable bool          // only when the row says appointable = no
	Sub3           bool          // a § 42(3) case: the duty, the window without R, § 42(4)(c)
	NoDuty         string        // the proclamation_deadline reason for a ground that has no duty
	Ground         string        // the ground in a few words: "a failure to elect"
	Text           string        // the step's sentence
	Review         string        // NEEDS_REVIEW sentence when its current text is unverified
	Authority
}

// SpecialTable is § 42(3)'s window and the special-election deadlines for
// Offices (empty: every office no other table names).
type SpecialTable struct {
	Offices []OfficeClass
	Window  SpecialWindow
	Rows    []DeadlineRule // counted from the proclamation (AtProclamation)
}

// SpecialWindow is the days after the proclamation a special election may be
// held on.
type SpecialWindow struct {
	Code             string // the Deadlines row, "special_election"
	MinDays, MaxDays int
	Who              string    // "for the State Senate and Assembly": whom the window is for, in words
	Review           string    // NEEDS_REVIEW sentence when the words are unverified
	SameDate         *SameDate // a proviso allowing another day
	MetBy            MetBy     // the input that sets the day: the window is then no deadline
	Authority
}

// SameDate is a proviso: the special election may be held on the same day
// as a previously scheduled special election when the proclamation is at
// least MinDays before it.
type SameDate struct {
	MinDays int
	Authority
}

// DeadlineRule is one deadline as data.
type DeadlineRule struct {
	Code        string
	Kind        DeadlineKind
	Start, Last Counting // a zero Start: a last day only
	RollOver    bool     // § 1-106 moves the last day off weekends and holidays

	Only         []OfficeClass // the row exists only for these classes (empty: every class)
	NotFor       []OfficeClass // the row does not apply to these ...
	NotForReason string        // ... for this reason
	NotForRef    string        // or, for them, Last counts from this row instead of its own Ref

	Requires   *Requirement
	Exceptions []Exception

	// Unknown, when set, is why the inputs cannot tell whether the row
	// applies (a county committee's rules): its dates are given, it is on
	// no one's list, and NEEDS_INPUT (info) says so.
	Unknown string

	CalendarOnly bool // printed by `batch calendar`, never a vacancy's row
	Cycle        int  // printed only in years divisible by Cycle (presidential years: 4)
	NotFiling    bool // an election day or the governor's act, not a filing: no TOO_LATE after the election

	// Corroborated lists the published calendars whose dates agree with
	// the rule, by year (boardcal.go): the calendar names them in the
	// year they cover; other years rest on the rule's own mark.
	Corroborated []Corroboration

	Review string // NEEDS_REVIEW sentence when the rule's current text is unverified
	MetBy  MetBy  // the input, if any, that records the row's act done
	Authority
}

// Requirement says when a row applies: when the vacancy is on or before
// Than (AtSelf is the row's own last day), and when the row named by Row
// applies (else this one does not, with that row's reason).
type Requirement struct {
	Than   *Counting
	Row    string
	Reason string
}

// Exception replaces a rule's dates when its condition holds.
type Exception struct {
	When        Condition
	Start, Last Counting // a zero Start keeps no opening
	Reason      string   // the Deadlines reason
	// Conflict is the LATE_VACANCY message, with {vacancy}, {primary},
	// {general} and {effective} filled in; "" raises none.
	Conflict string
	Review   string
	Authority
}

// Condition: the vacancy is after a counted day (AtSelf is the row's
// ordinary last day), or the row named by Row took its exception.
type Condition struct {
	After *Counting
	Row   string
}

// YearAct is a one-year act or order: the dates of Year for Offices (all
// when empty), on top of the edition On.
type YearAct struct {
	ID      string // "T2026"
	Year    int
	On      string // the edition it sits on
	Offices []OfficeClass
	InForce Span
	Primary Date // a primary the act moves for Offices
	Rows    []ActRow
	Items   []ActItem // dates the calendar prints that no vacancy row uses
	Authority
}

// ActRow is one deadline of a one-year act. A zero Last keeps the rule's
// last day (the act changes only the opening); LastFrom derives the last
// day from another row; a zero Start on a window leaves the opening
// unknown (blank, NEEDS_REVIEW) unless the rule's own opening comes first.
type ActRow struct {
	Code     string
	Offices  []OfficeClass // narrower than the act's
	Start    Date
	Last     Date
	LastFrom *Counting
	Review   string // NEEDS_REVIEW sentence
	Note     string // shown with the row
}

// ActItem is a date a one-year act sets that the calendar prints.
type ActItem struct {
	Code string
	Date Date
	Note string
}

// Notice is a conflict the data raises for Offices whose filling general
// election falls in Years.
type Notice struct {
	Code     string
	Severity Severity
	Offices  []OfficeClass
	Years    Span
	Field    string
	Message  string
	Authority
}

// CauseRule is how a cause dates the vacancy.
type CauseRule struct {
	Cause Cause
	Date  string // what the vacancy date is, in words
	Authority
}

// ResidencyExemption is one of § 30(4)-(8): an officer whose nonresidence
// may not create a vacancy. The office text (or county) must contain
// every word of All and none of Not, case ignored.
type ResidencyExemption struct {
	Code string
	All  []string
	Not  []string
	Authority
}

// ArmedForces is § 30(1)(h)'s exception, raised when the notes name one
// of Keywords.
type ArmedForces struct {
	Keywords []string
	Authority
}

// DefaultTerm is the end of the term when term_end is blank: the first Day
// of a year of the given parity after (or on or after) the vacancy.
type DefaultTerm struct {
	Offices   []OfficeClass
	Day       MonthDay
	OddYear   bool
	OnOrAfter bool
	// Cycle, when set, replaces the parity: the term ends in a year Y
	// with (Y − Base) mod Cycle one of Offsets.
	Cycle   int
	Base    int
	Offsets []int
	Authority
}

// endsIn reports whether a term of t can end in year y.
func (t *DefaultTerm) endsIn(y int) bool {
	if t.Cycle == 0 {
		return (y%2 != 0) == t.OddYear
	}
	k := ((y-t.Base)%t.Cycle + t.Cycle) % t.Cycle
	for _, o := range t.Offsets {
		if o == k {
			return true
		}
	}
	return false
}

// labelCache interns the law_edition labels of edition sets. Every
// deadline row of every worker asks for one, so a read takes no lock: the
// map is never changed once published, and a new label publishes a copy
// with it (a run meets a handful of sets). A read lock's counter would be
// one cache line the workers all write.
type labelCache struct {
	mu sync.Mutex // held while a new map is made
	m  atomic.Pointer[map[uint64]string]
}

// NewLaw prepares a law for the engine: each edition's end is set from the
// next one's start. The data is copied deeply, so a change to the values
// it was built from (an edition copied to make the next one) never
// reaches it. Check reports what is inconsistent in it.
func NewLaw(l Law) *Law {
	l.labels, l.suggested = nil, nil
	out := deepCopy(l)
	for i := range out.Editions {
		if i+1 < len(out.Editions) {
			out.Editions[i].to = out.Editions[i+1].From.AddDays(-1)
		} else {
			out.Editions[i].to = Date{}
		}
	}
	out.localBits()
	if out.Choice == "" {
		out.Choice = "auto"
	}
	out.labels = &labelCache{}
	out.suggested = &sentenceCache{}
	out.labels.m.Store(&map[uint64]string{})
	return &out
}

// Check reports every inconsistency of the data the engine would trip on:
// editions out of order, a row counting from a row that is not earlier,
// an act on an edition that does not exist.
func (l *Law) Check() []error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf("compute: law "+format, a...)) }
	if len(l.Editions) == 0 {
		bad("%q has no edition", l.Name)
	}
	if len(l.Editions)+len(l.Acts)+l.localCount() > 64 {
		bad("%q has more than 64 editions, acts and local editions", l.Name)
	}
	seen := map[string]bool{}
	for i := range l.Editions {
		e := &l.Editions[i]
		if seen[e.ID] || e.ID == "" {
			bad("edition id %q is empty or repeated", e.ID)
		}
		seen[e.ID] = true
		if i == 0 && !e.From.IsZero() {
			bad("the first edition %s must have no From", e.ID)
		}
		if i > 0 && !l.Editions[i-1].From.Before(e.From) {
			bad("edition %s does not start after %s", e.ID, l.Editions[i-1].ID)
		}
		errs = append(errs, checkRows(e.ID, e.Deadlines)...)
		for j := range e.Specials {
			errs = append(errs, checkRows(e.ID, e.Specials[j].Rows)...)
			if e.Specials[j].Window.MaxDays < e.Specials[j].Window.MinDays {
				bad("edition %s: a special window ends before it starts", e.ID)
			}
		}
		if len(e.Specials) > 0 && len(e.Specials[len(e.Specials)-1].Offices) != 0 {
			bad("edition %s: the last special table must cover every other office", e.ID)
		}
	}
	for _, a := range l.Acts {
		if seen[a.ID] || a.ID == "" {
			bad("act id %q is empty or repeated", a.ID)
		}
		seen[a.ID] = true
		if l.stateEdition(a.On) == nil {
			bad("act %s sits on %q, which is not an edition", a.ID, a.On)
		}
	}
	classes := map[OfficeClass]string{}
	for i := range l.Regimes {
		rg := &l.Regimes[i]
		if rg.Code == "" {
			bad("regime %d has no code", i)
		}
		for _, c := range rg.Classes {
			if other, ok := classes[c]; ok {
				bad("class %s is governed by both %s and %s", c, other, rg.Code)
			}
			classes[c] = rg.Code
		}
		switch rg.Shape {
		case ShapeNotice:
			if rg.Notice == nil {
				bad("regime %s has no notice", rg.Code)
			}
		case ShapeAppointment, ShapeCharter:
			if len(rg.Editions) == 0 {
				bad("regime %s has no edition", rg.Code)
			}
		default:
			bad("regime %s has no shape", rg.Code)
		}
		for k := range rg.Editions {
			e := &rg.Editions[k]
			if seen[e.ID] || e.ID == "" {
				bad("edition id %q is empty or repeated", e.ID)
			}
			seen[e.ID] = true
			if k == 0 && !e.From.IsZero() {
				bad("the first edition %s of %s must have no From", e.ID, rg.Code)
			}
			if k > 0 && !rg.Editions[k-1].From.Before(e.From) {
				bad("edition %s does not start after %s", e.ID, rg.Editions[k-1].ID)
			}
			if (rg.Shape == ShapeAppointment) != (e.Village != nil) || (rg.Shape == ShapeCharter) != (e.Charter != nil) {
				bad("edition %s does not hold the rule of its regime's shape", e.ID)
			}
			errs = append(errs, checkRows(e.ID, e.Deadlines)...)
			if e.Charter != nil {
				errs = append(errs, checkRows(e.ID, e.Charter.Rows)...)
			}
		}
	}
	return errs
}

func checkRows(id string, rows []DeadlineRule) []error {
	var errs []error
	for i, r := range rows {
		for _, c := range []*Counting{&r.Start, &r.Last} {
			for cc := c; cc != nil; cc = cc.Later {
				if cc.Anchor == AtRow && !earlier(rows[:i], cc.Row) {
					errs = append(errs, fmt.Errorf("compute: law edition %s: %s counts from %q, which is not an earlier row", id, r.Code, cc.Row))
				}
			}
		}
		if r.Requires != nil && r.Requires.Row != "" && !earlier(rows[:i], r.Requires.Row) {
			errs = append(errs, fmt.Errorf("compute: law edition %s: %s requires %q, which is not an earlier row", id, r.Code, r.Requires.Row))
		}
		if r.NotForRef != "" && !earlier(rows[:i], r.NotForRef) {
			errs = append(errs, fmt.Errorf("compute: law edition %s: %s counts from %q, which is not an earlier row", id, r.Code, r.NotForRef))
		}
	}
	return errs
}

func earlier(rows []DeadlineRule, code string) bool {
	for _, r := range rows {
		if r.Code == code {
			return true
		}
	}
	return false
}

// EditionAt is the edition in force on d: the latest one whose From is on
// or before it.
func (l *Law) EditionAt(d Date) *Edition { return &l.Editions[l.editionIndex(d)] }

func (l *Law) editionIndex(d Date) int { return latestFrom(l.Editions, d) }

// latestFrom is the index of the last edition whose From is on or before
// d (the first when none is).
func latestFrom(eds []Edition, d Date) int {
	i := 0
	for j := 1; j < len(eds); j++ {
		if !eds[j].From.After(d) {
			i = j
		}
	}
	return i
}

// stateEdition is the state's edition with the id, nil when there is none.
func (l *Law) stateEdition(id string) *Edition {
	for i := range l.Editions {
		if l.Editions[i].ID == id {
			return &l.Editions[i]
		}
	}
	return nil
}

// editionByID is the state's or a regime's edition with the id.
func (l *Law) editionByID(id string) *Edition {
	if e := l.stateEdition(id); e != nil {
		return e
	}
	for i := range l.Regimes {
		for k := range l.Regimes[i].Editions {
			if l.Regimes[i].Editions[k].ID == id {
				return &l.Regimes[i].Editions[k]
			}
		}
	}
	return nil
}

// Edition is the edition with the id, nil when there is none.
func (l *Law) Edition(id string) *Edition { return l.editionByID(id) }

// CalendarEdition is the edition of year's regular calendar (the keying
// rule's day of that year).
func (l *Law) CalendarEdition(year int) *Edition { return &l.Editions[l.calendarIndex(year)] }

func (l *Law) calendarIndex(year int) int {
	day := l.Keying.CalendarDay
	if day.Month == 0 {
		day = MonthDay{time.January, 1}
	}
	return l.editionIndex(day.In(year))
}

// Fixed is the law with only the edition id, in force on every date, and
// the one-year acts that sit on it: `--edition ID` reproduces a run made
// under that edition alone.
func (l *Law) Fixed(id string) (*Law, error) {
	e := l.stateEdition(id)
	if e == nil {
		ids := make([]string, len(l.Editions))
		for i := range l.Editions {
			ids[i] = l.Editions[i].ID
		}
		return nil, fmt.Errorf("compute: no edition %q (the editions are %s)", id, strings.Join(ids, ", "))
	}
	out := *l
	one := e.Clone()
	one.From, one.Doubt = Date{}, Date{}
	out.Editions = []Edition{one}
	out.Acts = nil
	for _, a := range l.Acts {
		if a.On == id {
			out.Acts = append(out.Acts, a)
		}
	}
	out.Choice = id
	return NewLaw(out), nil
}

// Auto reports whether the law picks the edition by date.
func (l *Law) Auto() bool { return l.Choice == "auto" }

// ErrNoLaw is returned where a law is needed and none is given.
var ErrNoLaw = errors.New("compute: no law given")

// editionBit is the bit of edition i in an edition set; act j's bit comes
// after every edition's.
func editionBit(i int) uint64 { return 1 << uint(i) }

func (l *Law) actBit(j int) uint64 { return 1 << uint(len(l.Editions)+j) }

// Label is the law_edition text of an edition set: the ids oldest first,
// each act right after the edition it sits on, joined by "+".
func (l *Law) Label(set uint64) string {
	if set == 0 {
		return ""
	}
	if s, ok := (*l.labels.m.Load())[set]; ok {
		return s
	}
	var parts []string
	for i := range l.Editions {
		if set&editionBit(i) != 0 {
			parts = append(parts, l.Editions[i].ID)
		}
		for j := range l.Acts {
			if set&l.actBit(j) != 0 && l.Acts[j].On == l.Editions[i].ID {
				parts = append(parts, l.Acts[j].ID)
			}
		}
	}
	for i := range l.Regimes {
		for k := range l.Regimes[i].Editions {
			if e := &l.Regimes[i].Editions[k]; set&e.bit != 0 {
				parts = append(parts, e.ID)
			}
		}
	}
	s := strings.Join(parts, "+")
	l.labels.mu.Lock()
	defer l.labels.mu.Unlock()
	old := *l.labels.m.Load()
	if t, ok := old[set]; ok {
		return t // another worker's, a moment earlier
	}
	m := make(map[uint64]string, len(old)+1)
	maps.Copy(m, old)
	m[set] = s
	l.labels.m.Store(&m)
	return s
}

// IDs is every edition and act id, in Label's order.
func (l *Law) IDs() []string {
	var set uint64
	for i := range l.Editions {
		set |= editionBit(i)
	}
	for j := range l.Acts {
		set |= l.actBit(j)
	}
	for i := range l.Regimes {
		for k := range l.Regimes[i].Editions {
			set |= l.Regimes[i].Editions[k].bit
		}
	}
	return strings.Split(l.Label(set), "+")
}

// actFor is the index of the act of year for class, -1 when none.
func (l *Law) actFor(year int, class OfficeClass) int {
	for j := range l.Acts {
		a := &l.Acts[j]
		if a.Year == year && (len(a.Offices) == 0 || slices.Contains(a.Offices, class)) {
			return j
		}
	}
	return -1
}

// Describe is one line naming an edition: "E4 (L.2022 ch. 164, in force
// from 2022-03-25, that day inferred)".
func (e *Edition) Describe() string {
	var b strings.Builder
	b.WriteString(e.ID)
	b.WriteString(" (")
	if e.Act != "" {
		b.WriteString(e.Act)
	} else {
		b.WriteString(e.Cite)
	}
	if !e.From.IsZero() {
		b.WriteString(", in force from ")
		b.WriteString(e.From.String())
		if m := e.MarkOrSourced(); m != Sourced {
			b.WriteString(", that day ")
			b.WriteString(string(m))
		}
	}
	b.WriteByte(')')
	return b.String()
}

func hasClass(cs []OfficeClass, c OfficeClass) bool { return slices.Contains(cs, c) }

// Corroboration names the published calendar that corroborates the rule
// that decided a deadline row ("corroborated by …"), "" when none does:
// `batch explain` prints it beside the row's citation.
func (l *Law) Corroboration(d *Deadline) string {
	for _, id := range strings.Split(d.LawEdition, "+") {
		e := l.editionByID(id)
		if e == nil {
			continue
		}
		find := func(rules []DeadlineRule) string {
			for i := range rules {
				r := &rules[i]
				if r.Code != d.Code {
					continue
				}
				if r.Cite == d.Citation {
					return r.Corroboration()
				}
				for _, x := range r.Exceptions {
					if x.Cite == d.Citation {
						return x.Corroboration()
					}
				}
			}
			return ""
		}
		if s := find(e.Deadlines); s != "" {
			return s
		}
		for j := range e.Specials {
			if s := find(e.Specials[j].Rows); s != "" {
				return s
			}
		}
	}
	return ""
}

// groundsFor is every ground on which the governor may proclaim for
// class, in words ("a failure to elect, …, or a board's failure to fill"),
// and the citations of them all, "; "-joined.
func (f *FillRules) groundsFor(class OfficeClass) (words, cites string) {
	var ws, cs []string
	for i := range f.Authorizations {
		a := &f.Authorizations[i]
		if class != "" && !hasClass(a.Offices, class) {
			continue
		}
		if a.Ground != "" && !slices.Contains(ws, a.Ground) {
			ws = append(ws, a.Ground)
		}
		if !slices.Contains(cs, a.Cite) {
			cs = append(cs, a.Cite)
		}
	}
	switch len(ws) {
	case 0:
	case 1:
		words = ws[0]
	default:
		words = strings.Join(ws[:len(ws)-1], ", ") + ", or " + ws[len(ws)-1]
	}
	return words, strings.Join(cs, "; ")
}
