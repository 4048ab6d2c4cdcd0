package compute

// What the inputs say was done, and what a date rests on: the two things
// besides the calendar that decide whether someone must still act on a
// deadline (Deadline.Status, Deadline.Verify). Which input meets which
// deadline is data (MetBy on the rule); nothing here names a deadline.

// Statuses a deadline can have besides Open, Passed and NoStatus.
const (
	// Met: the input records the act done on or before the last day
	// (a proclamation_date for the duty to proclaim, a
	// special_election_date for the special election's window).
	Met Status = "met"
	// MetLate: the input records the act done after the last day; the
	// conflict that says so (PROCLAMATION_LATE) stays.
	MetLate Status = "met_late"
)

// MetBy names the input column whose date records that a deadline's act
// was done, and the words the deadline's reason gives it.
type MetBy struct {
	Input string // the input column: "proclamation_date"
	Words string // the reason's words, {date} filled in: "proclaimed on {date}"
}

// inputDate is the date the vacancy gives in the named input column; zero
// when the column is blank or is not a date column of the contract.
func inputDate(v *Vacancy, column string) Date {
	switch column {
	case "event_date":
		return v.EventDate
	case "term_start":
		return v.TermStart
	case "term_end":
		return v.TermEnd
	case "proclamation_date":
		return v.ProclamationDate
	case "special_election_date":
		return v.SpecialElectionDate
	case "special_session_date":
		return v.SpecialSessionDate
	}
	return Date{}
}

// meet marks an applicable row met (or met late) when the input records
// its act; the row's reason says by what.
func meet(row *Deadline, m *MetBy, in *Vacancy) {
	if m == nil || m.Input == "" || in == nil || !row.Applies || row.Effective.IsZero() {
		return
	}
	done := inputDate(in, m.Input)
	if done.IsZero() {
		return
	}
	row.Status = Met
	if done.After(row.Effective) {
		row.Status = MetLate
	}
	words := m.Words
	if words == "" {
		words = m.Input + " {date}"
	}
	row.Reason = joinNonEmpty("; ", row.Reason, expand(words, "{date}", isoDate(done)))
}

// unverified reports whether a rule's text is still unverified: nobody
// read it and no published calendar corroborates it. A corroborated or
// sourced rule, an inference or an interpretation raises no verify mark.
func unverified(a *Authority) bool { return a.MarkOrSourced() == Unsourced }

// verifyText is a deadline's verify mark: what is unverified, in plain
// words ("the statute's text is not verified", "the day the window opens
// is not known": no codes, for it reaches the morning mail), and what to
// check the date against (Law.CheckAgainst). The row's citation beside it
// names the rule.
func (l *Law) verifyText(what string) string {
	against := l.CheckAgainst
	if against == "" {
		against = "a published calendar"
	}
	return what + ": check " + against
}
