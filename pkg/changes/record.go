package changes

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"batch/pkg/compute"
)

// InputFields names, in the contract's words, the input columns a record
// keeps: those the rules read. notes and carried-through columns change no
// result, so they are left out; vacancy_id is the match key.
var InputFields = []string{
	"office", "office_class", "district", "county", "incumbent", "cause", "event_date",
	"term_start", "term_end", "appointable", "proclamation_date", "special_election_date",
	"special_session_date", "next_full_term_year",
}

// Positions of the fields a change names for display.
const (
	inOffice   = 0
	inClass    = 1
	inDistrict = 2
	inCounty   = 3
)

// reused empties r for the next record read into it and gives its lists'
// arrays, emptied, for that record's lists: the comparison's readers
// (prefetch) fill the same records batch after batch, and a new array a
// list and record was a third of a comparison's allocation. A list the
// next record has none of stays nil, as a new record's would.
func (r *Record) reused() (in []string, cs []Conflict, ds []Deadline) {
	in, cs, ds = r.In[:0], r.Conflicts[:0], r.Deadlines[:0]
	*r = Record{}
	return in, cs, ds
}

// clone is a copy of r that shares none of its arrays: one kept past its
// reader's batch.
func (r *Record) clone() Record {
	c := *r
	c.In, c.Conflicts, c.Deadlines = slices.Clone(r.In), slices.Clone(r.Conflicts), slices.Clone(r.Deadlines)
	return c
}

// Record is one input row as a snapshot keeps it: what it was given and
// what the tool concluded.
type Record struct {
	Key    string   `json:"k"`   // the match key (see Key)
	ID     string   `json:"id"`  // vacancy_id as output
	Source string   `json:"src"` // file:sheet:row
	In     []string `json:"in"`  // InputFields, in that order

	Rejected    string `json:"rej,omitempty"` // the first problem of a rejected row; "" when accepted
	VacancyDate string `json:"vd,omitempty"`
	Method      string `json:"m,omitempty"`
	Election    string `json:"e,omitempty"`
	Law         string `json:"law,omitempty"` // the row's law_edition, when the engine names one
	// ClassDerived: In's office_class was derived from the office name
	// (the row's cell was blank, compute.Vacancy.ClassDerived). A class the
	// tool derives differently is then no change of the row's inputs.
	ClassDerived bool       `json:"cd,omitempty"`
	Conflicts    []Conflict `json:"c,omitempty"`
	Deadlines    []Deadline `json:"d,omitempty"` // only those that apply

	// RejectedInput: the first problem's column is one of InputFields (its
	// header's first word names it), kept for this run's changes only.
	RejectedInput bool `json:"-"`
}

// Conflict is one conflict of a row; the message is kept for this run's
// changes only, never written to the snapshot.
type Conflict struct {
	Code     string `json:"c"`
	Field    string `json:"f,omitempty"`
	Severity string `json:"s"`
	Message  string `json:"-"`
}

// Deadline is one applicable deadline: its last day, and whether, on the
// as-of date, it had passed or was met (what the inputs say was done
// meets it); neither is an open one, someone's to act on. Verify is kept
// for this run's changes only, never written to the snapshot.
type Deadline struct {
	Code   string `json:"c"`
	Date   string `json:"d"`
	Passed bool   `json:"p,omitempty"`
	Met    bool   `json:"met,omitempty"`
	Verify string `json:"-"` // compute.Deadline.Verify: what to check the date against
	// IfNoSpecial is compute.Deadline.IfNoSpecial, kept for this run's
	// changes only: the row applies only if no special election is held.
	IfNoSpecial bool `json:"-"`
}

// open reports whether someone must still act on the deadline.
func (d *Deadline) open() bool { return !d.Passed && !d.Met }

// FromResultInto is the record of a computed vacancy, into rec; law is
// its law_edition ("" while the engine names none per row). It reuses
// rec's lists (a row without conflicts then has an empty list rather than
// none, which every encoding writes alike): the record of every row is
// made in turn, and a new one each time would be garbage in proportion to
// the rows. Comparer.Add keeps nothing of it.
func FromResultInto(rec *Record, r *compute.Result, law string) {
	v := &r.Vacancy
	*rec = Record{
		ID: v.ID, Source: v.Source.String(), In: appendInputs(rec.In[:0], v),
		VacancyDate: date(r.VacancyDate), Method: string(r.Method), Election: date(r.FillingElection),
		Law: law, ClassDerived: v.ClassDerived, Conflicts: rec.Conflicts[:0], Deadlines: rec.Deadlines[:0],
	}
	for _, c := range r.Conflicts {
		rec.Conflicts = append(rec.Conflicts, Conflict{Code: c.Code, Field: c.Field, Severity: c.Severity.String(), Message: c.Message})
	}
	for _, d := range r.Deadlines {
		if d.Applies {
			// Closed is passed when its status says so, met otherwise
			// (the statuses that say what was done are compute's).
			closed := !d.Actionable()
			passed := closed && d.Status == compute.Passed
			rec.Deadlines = append(rec.Deadlines, Deadline{Code: d.Code, Date: date(d.Effective), Passed: passed,
				Met: closed && !passed, Verify: d.Verify, IfNoSpecial: d.IfNoSpecial})
		}
	}
	rec.Key = Key(v, rec.VacancyDate, false)
}

// FromRejected is the record of a rejected row: v holds what ingest could
// read of it, p is what was wrong (its first problem).
func FromRejected(v *compute.Vacancy, p *compute.Problem) Record {
	col := p.Column
	if col == "" {
		col = "row"
	}
	field, _, _ := strings.Cut(col, " ")
	rec := Record{ID: v.ID, Source: v.Source.String(), In: inputs(v), Rejected: fmt.Sprintf("%s %q: %s", col, p.Value, p.Message),
		RejectedInput: slices.Contains(InputFields, field), ClassDerived: v.ClassDerived}
	if rec.ID == "" {
		rec.ID = rec.Source
	}
	rec.Key = Key(v, "", true)
	return rec
}

func inputs(v *compute.Vacancy) []string { return appendInputs(nil, v) }

func appendInputs(dst []string, v *compute.Vacancy) []string {
	year := ""
	if v.NextFullTermYear != 0 {
		year = strconv.Itoa(v.NextFullTermYear)
	}
	return append(dst,
		v.Office, string(v.Class), v.District, v.County, v.Incumbent, string(v.Cause), date(v.EventDate),
		date(v.TermStart), date(v.TermEnd), yesNo(v.Appointable), date(v.ProclamationDate),
		date(v.SpecialElectionDate), date(v.SpecialSessionDate), year)
}

func date(d compute.Date) string {
	if d.IsZero() {
		return ""
	}
	return d.String()
}

func yesNo(y compute.YesNo) string {
	switch y {
	case compute.Yes:
		return "yes"
	case compute.No:
		return "no"
	}
	return ""
}

// Key is the match key of a row. A row whose input gave a vacancy_id is
// matched by it ("i\x00<id>"). Without one (ingest then uses the row's
// place, file:sheet:row, which moves when rows are inserted) it is matched
// by its seat and vacancy date ("s\x00<seat>\x00<vacancy date>"); a rejected
// row without an id has no vacancy date and keys on its seat alone, so it
// can still be paired with the same seat's row of the other run; a row
// without even an office keys on its place ("r\x00<source>").
func Key(v *compute.Vacancy, vacancyDate string, rejected bool) string {
	src := v.Source.String()
	if v.ID != "" && v.ID != src {
		return "i\x00" + v.ID
	}
	seat := Seat(v.Office, v.District, v.County)
	if seat == "" {
		return "r\x00" + src
	}
	if rejected {
		vacancyDate = ""
	}
	return "s\x00" + seat + "\x00" + vacancyDate
}

// seatPrefix is the part of a seat key that names the seat; "" for other keys.
func seatPrefix(key string) string {
	if !strings.HasPrefix(key, "s\x00") {
		return ""
	}
	return key[:strings.LastIndexByte(key, 0)+1]
}

// Seat is the normalised seat: office, district and county, each lower
// case, letters and digits only, words one space apart, numbers without
// leading zeros ("Member of  Assembly", "065" and "65" are one seat).
func Seat(office, district, county string) string {
	o := normalise(office)
	if o == "" {
		return ""
	}
	return o + "|" + normalise(district) + "|" + normalise(county)
}

func normalise(s string) string {
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i, w := range words {
		if strings.Trim(w, "0123456789") == "" {
			if w = strings.TrimLeft(w, "0"); w == "" {
				w = "0"
			}
		}
		words[i] = strings.ToLower(w)
	}
	return strings.Join(words, " ")
}

// seatKey is the record's normalised seat (Seat), "" when it has none.
func (r *Record) seatKey() string {
	if len(r.In) <= inCounty {
		return ""
	}
	return Seat(r.In[inOffice], r.In[inDistrict], r.In[inCounty])
}
