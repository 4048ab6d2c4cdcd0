package compute

import "strings"

// explain is the one or two sentences an analyst reads in the explanation
// column: what fills the vacancy and what to do next.
func explain(r *Result, in *Vacancy) string {
	var b strings.Builder
	b.Grow(200)
	if !r.VacancyDate.IsZero() {
		b.WriteString("Vacant from ")
		b.WriteString(isoDate(r.VacancyDate))
		b.WriteString(" (")
		b.WriteString(string(in.Cause))
		b.WriteString("). ")
	}
	switch r.Method {
	case GeneralElection:
		b.WriteString("Filled at the general election of ")
		b.WriteString(isoDate(r.FillingElection))
		b.WriteByte('.')
	case SpecialOrGeneral:
		b.WriteString("The governor may proclaim a special election (§ 42(3)); failing one, filled at the general election of ")
		b.WriteString(isoDate(r.FillingElection))
		b.WriteByte('.')
	case SpecialElection:
		b.WriteString("Filled at the special election")
		if !in.SpecialElectionDate.IsZero() {
			b.WriteString(" of ")
			b.WriteString(isoDate(in.SpecialElectionDate))
		}
		if !r.SpecialEarliest.IsZero() {
			b.WriteString(" (between ")
			b.WriteString(isoDate(r.SpecialEarliest))
			b.WriteString(" and ")
			b.WriteString(isoDate(r.SpecialLatest))
			b.WriteByte(')')
		}
		b.WriteByte('.')
	case TemporaryAppointment:
		b.WriteString("The governor appoints a senator until ")
		b.WriteString(isoDate(r.AppointmentUntil))
		b.WriteString("; the unexpired term is elected at the general election of ")
		b.WriteString(isoDate(r.FillingElection))
		b.WriteByte('.')
	case NotCovered:
		b.WriteString("§ 42 does not cover this office: the constitution provides succession; no election is computed.")
	case NotElective:
		b.WriteString("An appointive board seat (§ 30(3)): no election; the appointing authority names a successor.")
	case NoElection:
		switch {
		case hasConflict(r, codeSpecialBarred):
			b.WriteString("No election: § 42(4) bars a special election this late in the term; the seat stays vacant until the next term.")
		case hasConflict(r, codeTermEndsFirst):
			b.WriteString("No election: the term ends (")
			b.WriteString(isoDate(r.TermEnd))
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
	if r.NextDeadline != "" {
		b.WriteString(" Next deadline: ")
		b.WriteString(r.NextDeadline)
		b.WriteString(", ")
		b.WriteString(isoDate(r.NextDeadlineDate))
		b.WriteByte('.')
	} else if len(r.Deadlines) > 0 {
		b.WriteString(" Every nomination deadline has passed.")
	}
	return b.String()
}

func hasConflict(r *Result, code string) bool {
	for i := range r.Conflicts {
		if r.Conflicts[i].Code == code {
			return true
		}
	}
	return false
}
