package compute

// STUB: the rules-engine helper replaces this file. The exported API below
// is fixed; other packages code against it.

// Edition names the body of law the engine applies (RULES.md § 6).
const Edition = "seed edition: Public Officers Law §§ 30, 42 (2010 text); Election Law § 6-158 (September-primary era)"

// Rule is one row of the rules table: `batch rules` and the Rules sheet
// print these.
type Rule struct {
	Code        string // stable code: a deadline code, conflict code or rule name
	Citation    string // "Elec. Law § 6-158(2)"
	Words       string // the statute's own words
	Counting    string // the counting kind, e.g. "NthWeekdayBefore(Monday, 10, primary)"; "" for non-counting rules
	RollOver    bool   // § 1-106 moves it off weekends and holidays
	InForceFrom Date   // zero: since before the edition
	InForceTo   Date   // zero: still in force in this edition
	Note        string // interpretation made beyond the words, if any
}

// Rules is the whole table, in a stable order.
func Rules() []Rule { return nil }

// CalendarItem is one line of `batch calendar --year`.
type CalendarItem struct {
	Code        string // "primary", "general", "holiday" or a deadline code
	WindowStart Date
	Statutory   Date
	Effective   Date
	Citation    string
	Source      string // where the date came from; the holiday's name for holidays
}

// YearCalendar is the year's political calendar as a vacancy that existed
// before the year began would see it (CONTRACT.md, batch calendar).
func YearCalendar(cal *Calendar, year int) []CalendarItem { return nil }
