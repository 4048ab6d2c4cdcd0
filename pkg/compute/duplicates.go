package compute

import "strings"

// The cross-row checks: DUPLICATE_VACANCY (one vacancy entered twice) and
// SAME_SEAT (two vacancies of one seat). The engine computes one row at a
// time; pkg/pipeline compares the rows' keys and asks for these conflicts.

// VacancyKey is what the cross-row checks compare of a result.
type VacancyKey struct {
	// Seat is the office, district and county, each lowercased with its
	// runs of white space made one space ("  Town   Supervisor " is "town
	// supervisor"); district text is kept as given ("03" is not "3").
	Seat string
	// Incumbent is normalised the same way; "" when the row names none.
	Incumbent string
	// Date is the vacancy date (Public Officers Law § 30), zero when the
	// row does not give enough to work it out.
	Date Date
	// Election is the filling election, zero when none is computed.
	Election Date
}

// DuplicateKey is r's VacancyKey; the zero key (no seat) for nil.
func DuplicateKey(r *Result) VacancyKey {
	if r == nil {
		return VacancyKey{}
	}
	v := &r.Vacancy
	var b strings.Builder
	b.Grow(len(v.Office) + len(v.District) + len(v.County) + 2)
	writeNormalised(&b, v.Office)
	b.WriteByte(0x1f)
	writeNormalised(&b, v.District)
	b.WriteByte(0x1f)
	writeNormalised(&b, v.County)
	k := VacancyKey{Seat: b.String(), Date: r.VacancyDate, Election: r.FillingElection}
	if v.Incumbent != "" {
		b.Reset()
		writeNormalised(&b, v.Incumbent)
		k.Incumbent = b.String()
	}
	return k
}

// SameSeat reports whether two rows are of one seat: the same office,
// district and county. Rows without a seat share none.
func (k VacancyKey) SameSeat(o VacancyKey) bool { return k.Seat != "" && k.Seat == o.Seat }

// SameVacancy reports whether two rows are one vacancy (DUPLICATE_VACANCY):
// one seat, the same vacancy date, and the same incumbent when both rows
// name one. Two people's vacancies of one seat are not one vacancy.
func (k VacancyKey) SameVacancy(o VacancyKey) bool {
	return k.SameSeat(o) && k.Date == o.Date &&
		(k.Incumbent == "" || o.Incumbent == "" || k.Incumbent == o.Incumbent)
}

// TwoInOneSeat reports whether two rows are two vacancies in one seat
// (SAME_SEAT): one seat and one filling election, so both vacancies wait
// for the same election, but not one vacancy. A seat's vacancies filled at
// different elections follow one another; they are not flagged.
func (k VacancyKey) TwoInOneSeat(o VacancyKey) bool {
	return k.SameSeat(o) && !k.Election.IsZero() && k.Election == o.Election && !k.SameVacancy(o)
}

// DuplicateConflict is the DUPLICATE_VACANCY conflict of a row that is the
// same vacancy as the rows others names (their sources, never the row's
// own).
func DuplicateConflict(others []string) Conflict {
	return conflict(codeDuplicateVacancy, "vacancy_id", dupLead+strings.Join(others, ", ")+dupTail, citeDataCheck)
}

// DUPLICATE_VACANCY's sentence around the rows it names.
const (
	dupLead = "The same vacancy (office, district, county, incumbent and vacancy date) is also entered as "
	dupTail = ": check whether it was entered twice, and keep one row."
)

// DuplicateOf is the other rows a DUPLICATE_VACANCY conflict of the
// result names ("v.xlsx:Upstate:14 (AD-074)"), as DuplicateConflict was
// given them; "" when the result has none. Every item of such a row says
// it was entered twice, and names the other row.
func DuplicateOf(r *Result) string {
	for i := range r.Conflicts {
		if c := &r.Conflicts[i]; c.Code == codeDuplicateVacancy {
			return DuplicateOthers(c.Code, c.Message)
		}
	}
	return ""
}

// DuplicateOthers is DuplicateOf for one conflict given by its code and
// message (as a snapshot's record keeps them).
func DuplicateOthers(code, message string) string {
	if code != codeDuplicateVacancy {
		return ""
	}
	if rest, ok := strings.CutPrefix(message, dupLead); ok {
		if others, ok := strings.CutSuffix(rest, dupTail); ok {
			return others
		}
	}
	return ""
}

// SameSeatConflict is the SAME_SEAT conflict of a row that shares its
// seat and filling election with the rows others, which are other
// vacancies: another incumbent or vacancy date.
func SameSeatConflict(others []string) Conflict {
	return conflict(codeSameSeat, "office",
		"Two vacancies in one seat: this row and "+strings.Join(others, ", ")+
			" are vacancies of the same office, district and county, to be filled at the same election, with another incumbent or vacancy date. Check that each is a vacancy of its own and not one entered with a mistake.",
		citeDataCheck)
}

// citeDataCheck is the citation of the checks no statute makes.
const citeDataCheck = "data check"

// writeNormalised writes s lowercased with its runs of white space
// collapsed to one space and trimmed.
func writeNormalised(b *strings.Builder, s string) {
	space := false
	started := false
	for _, c := range s {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\u00a0' || c == '\v' || c == '\f' {
			space = started
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		started = true
		if c < 0x80 {
			b.WriteByte(lower(byte(c)))
		} else {
			b.WriteString(strings.ToLower(string(c)))
		}
	}
}

// DoneByDuplicate gives r what a duplicate row of it records done and r
// does not: one vacancy entered twice, one row with the proclamation_date
// and one without, is one proclaimed vacancy (issue 32: the copy without
// the date brought back a duty already met). done reports the deadline
// codes the duplicate meets; proclaimed, that a special election fills
// it; others names the duplicate rows (DuplicateOf). A deadline done
// there is met here, its reason naming the row that records it; with the
// special election proclaimed, the rows that apply only if none is held
// (IfNoSpecial) no longer apply, and PROCLAMATION_OVERDUE goes. The next
// deadline follows. It reports whether r changed.
func DoneByDuplicate(r *Result, done func(code string) bool, proclaimed bool, others string) bool {
	row := "its duplicate row"
	if others != "" {
		row += " " + others
	}
	changed := false
	for i := range r.Deadlines {
		d := &r.Deadlines[i]
		if !d.Applies || d.Status == Met || d.Status == MetLate {
			continue
		}
		switch {
		case done(d.Code):
			d.Status = Met
			d.Reason = joinNonEmpty("; ", d.Reason, "done: "+row+" records it")
			changed = true
		case proclaimed && d.IfNoSpecial:
			d.Applies, d.Status = false, NoStatus
			rest := strings.TrimPrefix(strings.TrimPrefix(d.Reason, ifNoSpecialReason), "; ")
			d.Reason = joinNonEmpty("; ", "does not apply: a special election was proclaimed, as "+row+" records", rest)
			changed = true
		}
	}
	if proclaimed {
		kept := r.Conflicts[:0]
		for _, c := range r.Conflicts {
			if c.Code == codeProclamationOverdue {
				changed = true
				continue
			}
			kept = append(kept, c)
		}
		r.Conflicts = kept
	}
	if changed {
		r.NextDeadline, r.NextDeadlineDate = "", Date{}
		for i := range r.Deadlines {
			if d := &r.Deadlines[i]; d.Actionable() && (r.NextDeadline == "" || d.Effective.Before(r.NextDeadlineDate)) {
				r.NextDeadline, r.NextDeadlineDate = d.Code, d.Effective
			}
		}
	}
	return changed
}
