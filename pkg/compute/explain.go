package compute

import "strings"

// writeDate writes d as YYYY-MM-DD without making a string.
func writeDate(b *strings.Builder, d Date) {
	if d.IsZero() {
		return
	}
	if d.Year < 0 || d.Year > 9999 {
		b.WriteString(d.String())
		return
	}
	y, m := d.Year, int(d.Month)
	buf := [10]byte{byte('0' + y/1000), byte('0' + y/100%10), byte('0' + y/10%10), byte('0' + y%10), '-',
		byte('0' + m/10), byte('0' + m%10), '-', byte('0' + d.Day/10), byte('0' + d.Day%10)}
	b.Write(buf[:])
}

// explain is the one or two sentences an analyst reads in the explanation
// column: what fills the vacancy and what to do next. It never contradicts
// the conflicts: a special election outside its window says so.
func explain(r *Result, in *Vacancy) string {
	var b strings.Builder
	b.Grow(200)
	if !r.VacancyDate.IsZero() {
		b.WriteString("Vacant from ")
		writeDate(&b, r.VacancyDate)
		b.WriteString(" (")
		b.WriteString(string(in.Cause))
		b.WriteString("). ")
	}
	window := func() {
		writeDate(&b, r.SpecialEarliest)
		b.WriteString(" to ")
		writeDate(&b, r.SpecialLatest)
	}
	if !explainLocal(&b, r, in) {
		switch r.Method {
		case GeneralElection:
			b.WriteString("Filled at the general election of ")
			writeDate(&b, r.FillingElection)
			b.WriteByte('.')
			if !r.RemainderElection.IsZero() {
				b.WriteString(" The rest of the term is filled at the general election of ")
				writeDate(&b, r.RemainderElection)
				b.WriteByte('.')
			}
			if hasConflict(r, codeSpecialBarred) {
				b.WriteString(" A special election is barred (" + conflictCite(r, codeSpecialBarred) + ").")
			}
		case SpecialOrGeneral:
			if !r.dutyBy.IsZero() {
				b.WriteString("The governor must proclaim a special election by ")
				writeDate(&b, r.dutyBy)
			} else {
				b.WriteString("The governor may proclaim a special election")
			}
			if r.grounds != "" {
				b.WriteString(" (")
				b.WriteString(r.grounds)
				b.WriteByte(')')
			}
			if !r.SpecialEarliest.IsZero() {
				b.WriteString(", to be held between ")
				window()
			}
			b.WriteString("; failing one, filled at the general election of ")
			writeDate(&b, r.FillingElection)
			b.WriteByte('.')
		case SpecialElection:
			s := in.SpecialElectionDate
			switch {
			case s.IsZero() && !r.SpecialEarliest.IsZero():
				b.WriteString("A special election was proclaimed; its day is not given yet (it must fall between ")
				window()
				b.WriteString(").")
			case s.IsZero():
				b.WriteString("A special election was proclaimed; its day is not given yet.")
			case r.SpecialEarliest.IsZero():
				b.WriteString("Filled at the special election of ")
				writeDate(&b, s)
				b.WriteString(" (its window is unknown without the proclamation date).")
			case !s.Before(r.SpecialEarliest) && !s.After(r.SpecialLatest):
				b.WriteString("Filled at the special election of ")
				writeDate(&b, s)
				b.WriteString(", inside its window (")
				window()
				b.WriteString(").")
			case r.piggybackOn != "":
				b.WriteString("Filled at the special election of ")
				writeDate(&b, s)
				b.WriteString(", outside the window of ")
				window()
				b.WriteString(" but on the day of the special election already scheduled for ")
				b.WriteString(r.piggybackOn)
				b.WriteString(" (the same-date proviso).")
			case r.piggyback:
				b.WriteString("A special election on ")
				writeDate(&b, s)
				b.WriteString(" falls outside the window of ")
				window()
				b.WriteString(": lawful only on the day of a special election already scheduled; check that one is (SPECIAL_PIGGYBACK).")
			default:
				b.WriteString("The special election given, ")
				writeDate(&b, s)
				b.WriteString(", falls outside the window of ")
				window()
				b.WriteString(": correct the date or the proclamation (SPECIAL_WINDOW).")
			}
		case TemporaryAppointment:
			b.WriteString("The governor appoints a senator until ")
			writeDate(&b, r.AppointmentUntil)
			b.WriteString("; the unexpired term is elected at the general election of ")
			writeDate(&b, r.FillingElection)
			b.WriteByte('.')
		case NotCovered:
			b.WriteString("The office is excepted (" + conflictCite(r, codeNotCovered) + "): the constitution provides succession; no election is computed.")
		case NotElective:
			b.WriteString("An appointive board seat (" + conflictCite(r, codeNotElective) + "): no election; the appointing authority names a successor.")
		case NoElection:
			switch {
			case hasConflict(r, codeSpecialBarred):
				b.WriteString("No election: " + conflictCite(r, codeSpecialBarred) + " bars a special election this late in the term; the seat stays vacant until the next term.")
			case hasConflict(r, codeTermEndsFirst):
				b.WriteString("No election: the term ends (")
				writeDate(&b, r.TermEnd)
				b.WriteString(") before an election could fill it.")
			default:
				b.WriteString("No election is left to fill this vacancy.")
			}
		default:
			b.WriteString("Cannot compute: the vacancy date needs ")
			if in.Cause == TermExpiration {
				b.WriteString("term_end.")
			} else if in.Cause == OathNotFiled {
				b.WriteString("event_date or term_start.")
			} else {
				b.WriteString("event_date.")
			}
			return b.String()
		}
	}
	if r.NextDeadline != "" {
		// In words, not the code: "designating petition", the column
		// next_deadline keeps the code.
		b.WriteString(" Next deadline: ")
		b.WriteString(strings.ReplaceAll(r.NextDeadline, "_", " "))
		b.WriteString(", ")
		writeDate(&b, r.NextDeadlineDate)
		b.WriteByte('.')
	} else if len(r.Deadlines) > 0 {
		met := false
		for i := range r.Deadlines {
			met = met || r.Deadlines[i].Status == Met || r.Deadlines[i].Status == MetLate
		}
		if met {
			b.WriteString(" Nothing is left to do: every deadline has passed or been met.")
		} else {
			b.WriteString(" Every deadline has passed.")
		}
	}
	return b.String()
}

// explainLocal writes the sentence of a local law's methods (a village's
// appointment, a charter's mandatory special election) and reports
// whether it did.
func explainLocal(b *strings.Builder, r *Result, in *Vacancy) bool {
	switch {
	case r.CharterParagraph != "" && r.Method == SpecialElection:
		s := in.SpecialElectionDate
		switch {
		case s.IsZero():
			b.WriteString("A special election on ")
			writeDate(b, r.SpecialEarliest)
			if r.SpecialLatest != r.SpecialEarliest {
				b.WriteString(" (the " + strings.ReplaceAll(r.ProclaimingOfficer, "_", " ") + " may set a day up to ")
				writeDate(b, r.SpecialLatest)
				b.WriteByte(')')
			}
			b.WriteString(" fills the vacancy (charter paragraph " + r.CharterParagraph + ").")
		case hasErrorOn(r, "special_election_date"):
			b.WriteString("The special election given, ")
			writeDate(b, s)
			b.WriteString(", is not a day the charter allows (")
			writeDate(b, r.SpecialEarliest)
			if r.SpecialLatest != r.SpecialEarliest {
				b.WriteString(" to ")
				writeDate(b, r.SpecialLatest)
			}
			b.WriteString("): correct the date or the proclamation.")
		default:
			b.WriteString("Filled at the special election of ")
			writeDate(b, s)
			b.WriteString(" (charter paragraph " + r.CharterParagraph + ").")
		}
		if !r.RemainderElection.IsZero() {
			b.WriteString(" The rest of the term is filled at the general election of ")
			writeDate(b, r.RemainderElection)
			b.WriteByte('.')
		}
		return true
	case r.CharterParagraph != "" && r.Method == GeneralElection && hasErrorOn(r, "special_election_date"):
		b.WriteString("Filled at the general election of ")
		writeDate(b, r.FillingElection)
		b.WriteString(" (charter paragraph " + r.CharterParagraph + "); the special election given, ")
		writeDate(b, in.SpecialElectionDate)
		b.WriteString(", is not a day the charter allows.")
		if !r.RemainderElection.IsZero() {
			b.WriteString(" The rest of the term is filled at the general election of ")
			writeDate(b, r.RemainderElection)
			b.WriteByte('.')
		}
		return true
	case r.AppointingAuthority != "" && r.Method != TemporaryAppointment && (r.Method != "" || !r.AppointmentUntil.IsZero()):
		b.WriteString("Filled by appointment (the " + strings.ReplaceAll(r.AppointingAuthority, "_", " ") + ") until ")
		writeDate(b, r.AppointmentUntil)
		switch r.Method {
		case AppointmentToTermEnd:
			b.WriteString(", the end of the term; the general village election of ")
			writeDate(b, r.FillingElection)
			b.WriteString(" elects the next full term.")
		case AppointmentThenElection:
			b.WriteString("; the rest of the term is elected at the general village election of ")
			writeDate(b, r.FillingElection)
			b.WriteByte('.')
		case AppointmentThenSpecial:
			b.WriteString("; the rest of the term is elected at a special village election on ")
			writeDate(b, r.FillingElection)
			b.WriteByte('.')
		default:
			b.WriteString(" at least: enter term_end to know whether an election follows.")
		}
		return true
	}
	return false
}

// hasErrorOn reports whether r has an error conflict on field.
func hasErrorOn(r *Result, field string) bool {
	for i := range r.Conflicts {
		if r.Conflicts[i].Field == field && r.Conflicts[i].Severity == Error {
			return true
		}
	}
	return false
}

func hasConflict(r *Result, code string) bool {
	for i := range r.Conflicts {
		if r.Conflicts[i].Code == code {
			return true
		}
	}
	return false
}

// Piggyback reports whether the result's special election lies outside
// its window on a day the same-date proviso may make lawful, with that
// day and the proclamation's: the pipeline looks for a special election
// on the same day proclaimed earlier (ResolvePiggyback).
func Piggyback(r *Result) (election, proclamation Date, ok bool) {
	if r == nil || !r.piggyback || r.piggybackOn != "" {
		return Date{}, Date{}, false
	}
	return r.Vacancy.SpecialElectionDate, r.Vacancy.ProclamationDate, true
}

// ScheduledSpecial is the special election day and proclamation of any
// result that has both: a candidate for another row's same-date proviso.
func ScheduledSpecial(r *Result) (election, proclamation Date, ok bool) {
	if r == nil || r.Vacancy.SpecialElectionDate.IsZero() || r.Vacancy.ProclamationDate.IsZero() {
		return Date{}, Date{}, false
	}
	return r.Vacancy.SpecialElectionDate, r.Vacancy.ProclamationDate, true
}

// ResolvePiggyback records that another input row, otherID, holds a
// special election on the same day proclaimed earlier, on otherR: the
// proviso makes the date lawful, so SPECIAL_PIGGYBACK becomes info naming
// that row, and the explanation says so.
func ResolvePiggyback(r *Result, otherID string, otherR Date) {
	if r == nil || !r.piggyback {
		return
	}
	r.piggybackOn = otherID
	for i := range r.Conflicts {
		c := &r.Conflicts[i]
		if c.Code != codeSpecialPiggyback {
			continue
		}
		c.Severity = Info
		c.Message = r.piggybackText + " the special election of " + otherID + ", proclaimed " + isoDate(otherR) +
			", is on that day: the proviso makes this date lawful (the statute's \"subsequent vacancy\" is not checked)."
	}
	r.Explanation = explain(r, &r.Vacancy)
}

// conflictCite is the citation of r's first conflict of code: the rule
// that raised it, named as the law data names it.
func conflictCite(r *Result, code string) string {
	for i := range r.Conflicts {
		if r.Conflicts[i].Code == code {
			return r.Conflicts[i].Citation
		}
	}
	return ""
}
