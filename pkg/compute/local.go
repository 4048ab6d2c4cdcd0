package compute

import "time"

// The offices the state's vacancy rule leaves to another law. § 42(1)
// governs an office "authorized to be filled at a general election …
// unless otherwise provided": a village's offices are filled by the
// village's own rule, a city's charter offices by the charter. A law's
// Regimes say which office classes such a law governs and what shape its
// rule has; the values (days, months, paragraphs, words) are the
// jurisdiction's data, keyed by date like the state's editions.

// RegimeShape is the shape of a local rule, as the engine computes it.
type RegimeShape uint8

const (
	// ShapeNotice: the state's rules compute the row (read as the class
	// ComputeAs), and a conflict says that a local law may govern it
	// instead (a city charter, a county charter).
	ShapeNotice RegimeShape = iota + 1
	// ShapeAppointment: the vacancy is filled by appointment for official
	// years, and the rest of the term at the local general election
	// (Edition.Village).
	ShapeAppointment
	// ShapeCharter: a mandatory special election on a weekday counted
	// from the vacancy, chosen by the charter's paragraph steps, with
	// nominations counted from the local officer's proclamation
	// (Edition.Charter).
	ShapeCharter
)

// Regime is one local law and the office classes it governs.
type Regime struct {
	Code    string // the governing_law of its rows: "village_law"
	Classes []OfficeClass
	Shape   RegimeShape
	// ComputeAs is the class whose state data the rows read where the
	// local law sends them to the state's rules (the regular calendar, or
	// the whole computation under ShapeNotice).
	ComputeAs OfficeClass
	Words     string // the office in words, for a sentence: "a village office"
	// Named says what its editions are, after their ids, in the Column
	// guide's list of editions: "the New York City Charter before and
	// after its 2019 amendment".
	Named string
	// Editions hold the rule by date (the vacancy date picks one), oldest
	// first; a ShapeNotice regime has none.
	Editions []Edition
	Notice   *LocalNotice // ShapeNotice only
	Authority
}

// LocalConflict is a conflict the local law's data raises, with its
// severity and its sentence ({placeholders} filled in by the engine).
type LocalConflict struct {
	Code     string
	Severity Severity
	Message  string
}

// LocalNotice is the warning of a ShapeNotice regime. With Counties set,
// only a row of a listed county gets it (a county with a charter of its
// own); a row of another county gets NEEDS_REVIEW saying the list is not
// verified, and its governing law stays the state's.
type LocalNotice struct {
	Conflict       LocalConflict // {office}: the office as given
	Counties       []CharterCounty
	Unlisted       string // NEEDS_REVIEW sentence for a county not on the list ({county})
	NoCounty       string // NEEDS_REVIEW sentence for a row with no county
	CheckedThrough Date   // the day the list was last checked
}

// CharterCounty is one entry of a list of counties with a charter: its
// source and how sure it is (Mark), and the day it was last checked.
type CharterCounty struct {
	County         string
	CheckedThrough Date
	Authority
}

// ClassDays is a number of days for some office classes.
type ClassDays struct {
	Offices []OfficeClass
	Days    int
}

// daysFor is the days for class: the first entry naming it, else def.
func daysFor(list []ClassDays, class OfficeClass, def int) int {
	for _, x := range list {
		if hasClass(x.Offices, class) {
			return x.Days
		}
	}
	return def
}

// VillageRules are a village regime's values: the official year, the
// appointment, the election that fills the rest of the term.
type VillageRules struct {
	// The general village election: its month when the row gives none
	// (Assumed is raised then), and its day counted from the first of its
	// month.
	Month      time.Month
	Assumed    LocalConflict // {month}
	MonthBy    Authority
	Election   []Count
	ElectionBy Authority
	// YearEnd is the end (and start) of the official year, counted from the
	// first day of the election's month.
	YearEnd []Count
	YearBy  Authority
	// Cutoff is the day the appointment's length is measured against,
	// counted from the end of the official year; CutoffDays the days before
	// it that decide.
	Cutoff     []Count
	CutoffDays int
	Balance    Authority // a vacancy at least CutoffDays before: the balance of the year
	Further    Authority // a later one: and the next official year, if the term goes on
	Between    Authority // interpretation: a vacancy after Cutoff, before the year's end
	// SnapDays: a term_end up to this many days before an end of an
	// official year is read as that end (Snap, an interpretation);
	// OffYear is the NEEDS_REVIEW sentence for any other day ({term_end},
	// {boundary}).
	SnapDays int
	Snap     Authority
	OffYear  string
	// Who appoints: Appointer, or BoardAppointer for an office whose name
	// holds one of BoardFor and none of BoardNot.
	Appointer, BoardAppointer string
	BoardFor, BoardNot        []string
	Appointment               Authority
	// Remainder: the rest of the term at the general village election
	// before the appointment ends; Special, when the row says none is
	// held: a special election counted from the appointment's end.
	Remainder Authority
	Special   []Count
	SpecialBy Authority
	FullTerm  Authority // term_expiration, and the next full term
	// Called is the law of special elections the rule does not model (a
	// special_election_date on another day gets Review).
	Called       Authority
	CalledReview string // {date}, {day}
	NoTermEnd    string // NEEDS_INPUT sentence ({until})
	Filing       string // where the nominations are filed, in words
	// November is a village that elects on the general election day.
	November *VillageNovember
}

// VillageNovember: a village whose general election is the state's
// general election day (its month Month, its date that day) gets
// Conflict, and its nominations follow the state's regular calendar with
// Review.
type VillageNovember struct {
	Month    time.Month
	Conflict LocalConflict
	Review   string
	Authority
}

// CharterRules are a charter regime's values: the proclamation, the
// paragraph steps, the special election and its nominations.
type CharterRules struct {
	// Section is the charter section the data's citations and sentences
	// name; Sections give the section of the same words for other offices,
	// cited in its place on their rows.
	Section  string
	Sections []ClassSection

	Officer, ActingOfficer string        // proclaiming_officer
	ActingFor              []OfficeClass // the offices whose vacancy the acting officer proclaims
	Duty                   Duty          // the proclamation within Days of the vacancy
	Late                   LocalConflict // a proclamation after the last day ({proclamation}, {vacancy}, {due})
	// PrimaryDays is "ninety days before the primary"; Route is the last
	// day a vacancy can be filled at a year's general election with party
	// nominations at its primary, counted from that year's regular rows.
	PrimaryDays int
	Route       Counting
	RouteBy     Authority
	// The steps, tried in this order.
	NextTerm     CharterStep   // the last year, late: the next term's winner fills the rest
	NextTermNote LocalConflict // raised with it
	AfterPrimary Authority     // interpretation: a vacancy after the last year's primary
	Remainder    CharterStep   // after the third year's last day: one election for the rest
	General      CharterStep   // close to a primary: that year's general election, party nominations at the primary
	Interim      CharterStep   // otherwise: an interim special election, then the rest at a general election
	RemainderAt  Authority     // which general election fills the rest after an interim one
	Special      CharterSpecial
	// Rows are the nominations, counted from the proclamation
	// (AtProclamation); without one, from the last day of Duty, with
	// NoProclamation (NEEDS_INPUT, info).
	Rows           []DeadlineRule
	NoProclamation string
	Nominations    Authority // who nominates (the rows' common rule)
	// TermExpiry: a term that expires is filled at the general election
	// before it (cause term_expiration), on the regular calendar.
	TermExpiry Authority
}

// ClassSection is the charter section that holds the rule for Offices.
type ClassSection struct {
	Offices []OfficeClass
	Section string
}

// sectionFor is the section of the rule for class, "" when it is Section.
func (ch *CharterRules) sectionFor(class OfficeClass) string {
	for _, x := range ch.Sections {
		if hasClass(x.Offices, class) && x.Section != ch.Section {
			return x.Section
		}
	}
	return ""
}

// CharterStep is one paragraph of the charter's steps.
type CharterStep struct {
	Paragraph string // "5"
	Authority
}

// CharterSpecial is when the charter's special election is held.
type CharterSpecial struct {
	Code    string // the Deadlines row of the window
	Days    int    // the election is on the first Weekday at least Days after the vacancy
	ByClass []ClassDays
	Weekday time.Weekday
	// Latitude: the officer may set another day up to Latitude days after
	// it, at least Floor days after the proclamation (0: not checked).
	Latitude     int
	LatitudeBy   Authority
	Floor        int
	FloorByClass []ClassDays
	Window       LocalConflict // a given day outside ({date}, {earliest}, {latest}, {why})
	MetBy        MetBy
	// The exceptions: a vacancy before Cutoff whose day is less than
	// NearDays before the general election, or after it, is filled at the
	// general election (NearBy, AfterBy); a vacancy on or after Cutoff
	// whose day is after, but less than LateDays after, the general
	// election is filled on December (LateBy).
	Cutoff   MonthDay
	NearDays int
	LateDays int
	December Count // from January 1 of the vacancy's year
	NearBy   Authority
	AfterBy  Authority
	LateBy   Authority
	// ExceptionsReview: the exceptions' text is not read for this
	// edition (they are applied as the next edition's); Nominations:
	// the nominations of an interim general election are not confirmed.
	ExceptionsReview  string
	NominationsReview string
	Authority
}

// regimeFor is the regime that governs class, nil for the state's rules.
func (l *Law) regimeFor(class OfficeClass) *Regime {
	for i := range l.Regimes {
		if hasClass(l.Regimes[i].Classes, class) {
			return &l.Regimes[i]
		}
	}
	return nil
}

// RegimeFor is the regime that governs class, nil when the state's rules
// do.
func (l *Law) RegimeFor(class OfficeClass) *Regime { return l.regimeFor(class) }

// editionIndex is the regime's edition in force on d.
func (rg *Regime) editionIndex(d Date) int { return latestFrom(rg.Editions, d) }

// localBits gives each regime edition its bit of an edition set, after
// the state's editions and acts.
func (l *Law) localBits() {
	n := len(l.Editions) + len(l.Acts)
	for i := range l.Regimes {
		rg := &l.Regimes[i]
		for k := range rg.Editions {
			rg.Editions[k].bit = 1 << uint(n)
			n++
		}
		for k := range rg.Editions {
			if k+1 < len(rg.Editions) {
				rg.Editions[k].to = rg.Editions[k+1].From.AddDays(-1)
			} else {
				rg.Editions[k].to = Date{}
			}
		}
	}
}

// localCount is how many regime editions the law holds.
func (l *Law) localCount() int {
	n := 0
	for i := range l.Regimes {
		n += len(l.Regimes[i].Editions)
	}
	return n
}
