package ingest

import (
	"fmt"
	"strconv"
	"strings"
)

// field is an input column the contract names (CONTRACT.md, Input).
type field int8

const (
	fExtra field = iota // a column the tool carries through untouched
	fVacancyID
	fOffice
	fClass
	fDistrict
	fCounty
	fIncumbent
	fCause
	fEventDate
	fTermStart
	fTermEnd
	fAppointable
	fProclamationDate
	fSpecialElectionDate
	fSpecialSessionDate
	fNextFullTermYear
	fNotes
	fVillageMonth
	fVillageDate
	numFields
)

// fieldNames are the contract's column names, by field.
var fieldNames = [numFields]string{
	fExtra:               "",
	fVacancyID:           "vacancy_id",
	fOffice:              "office",
	fClass:               "office_class",
	fDistrict:            "district",
	fCounty:              "county",
	fIncumbent:           "incumbent",
	fCause:               "cause",
	fEventDate:           "event_date",
	fTermStart:           "term_start",
	fTermEnd:             "term_end",
	fAppointable:         "appointable",
	fProclamationDate:    "proclamation_date",
	fSpecialElectionDate: "special_election_date",
	fSpecialSessionDate:  "special_session_date",
	fNextFullTermYear:    "next_full_term_year",
	fNotes:               "notes",
	fVillageMonth:        "village_election_month",
	fVillageDate:         "village_election_date",
}

// headerAliases are the other names CONTRACT.md gives a column (in
// brackets in its Input table).
var headerAliases = map[string]field{
	"id": fVacancyID, "ref": fVacancyID,
	"office title": fOffice, "position": fOffice,
	"class":  fClass,
	"reason": fCause, "event": fCause,
	"date": fEventDate, "date of event": fEventDate,
	"may be appointed": fAppointable,
}

// eventDateAliases are the analysts' own names for the event date's
// column. They are read as event_date only on a sheet that has no column
// named event_date (or an alias above): beside one, such a column is
// carried through, so that a sheet that keeps both is not refused as
// naming event_date twice.
var eventDateAliases = []string{
	"date of death", "death date", "died on",
	"date of resignation", "resignation date", "resignation effective date", "effective date of resignation",
	"date of removal", "removal date",
	"vacancy date", "date of vacancy", "date vacated", "vacated on", "date vacant",
}

// eventDateKeys are the squashed eventDateAliases.
var eventDateKeys = func() map[string]bool {
	m := make(map[string]bool, len(eventDateAliases))
	for _, a := range eventDateAliases {
		m[squash(a)] = true
	}
	return m
}()

// headerKeys maps the squashed form of every column name and alias to its
// field.
var headerKeys = func() map[string]field {
	m := make(map[string]field, int(numFields)+len(headerAliases))
	for f := fVacancyID; f < numFields; f++ {
		m[squash(fieldNames[f])] = f
	}
	for a, f := range headerAliases {
		m[squash(a)] = f
	}
	return m
}()

// matchHeader names the field a header cell stands for, ignoring case,
// spaces, underscores and punctuation ("Event Date", "EVENT_DATE",
// "event-date." are event_date); fExtra when it is none of them.
func matchHeader(cell string) field {
	return headerKeys[squash(cell)]
}

// ContractColumn is the contract's name of the input column a header text
// stands for, matched as every input's header is ("Office Class", "class"
// and "office_class" are office_class); ok is false for a column the
// contract does not name, which is carried through.
func ContractColumn(header string) (name string, ok bool) {
	f := matchHeader(header)
	return fieldNames[f], f != fExtra
}

// isDateField reports whether the field holds a date.
func isDateField(f field) bool {
	switch f {
	case fEventDate, fTermStart, fTermEnd, fProclamationDate, fSpecialElectionDate, fSpecialSessionDate, fVillageDate:
		return true
	}
	return false
}

// isHeader reports whether a row is the header: its cells name at least
// office and cause.
func isHeader(cells []string) bool {
	var office, cause bool
	for _, c := range cells {
		switch matchHeader(c) {
		case fOffice:
			office = true
		case fCause:
			cause = true
		}
	}
	return office && cause
}

// column is one column of a header row.
type column struct {
	field field
	name  string // the header text as found (trimmed), or "column K" when blank
	// blankHeader columns are carried through only where a row has a value.
	blankHeader bool
}

// mapping is a header row, worked out once per sheet: what each position
// holds and where each field is.
type mapping struct {
	cols  []column
	where [numFields]int // position of each field, -1 when absent
	// dateCols lists the positions of date fields, for the workbook reader
	// that needs the cells' styles.
	dateCols []int
	// duplicate says which field two header cells both name ("event_date"
	// and "Event Date"); the readers refuse such a sheet or file, since the
	// two columns may disagree and picking one would drop the other unseen.
	duplicate string
	// hints are the "did you mean" of each absent field (missingHint),
	// worked out at the first row that needs one.
	hints *[numFields]string
}

func newMapping(header []string) *mapping {
	m := &mapping{cols: make([]column, len(header))}
	for i := range m.where {
		m.where[i] = -1
	}
	for i, h := range header {
		name := strings.TrimSpace(h)
		f := matchHeader(name)
		if f != fExtra && m.where[f] >= 0 {
			// A second column for the same field: reading either one would
			// be a guess, so the sheet is refused (see duplicate).
			if m.duplicate == "" {
				first := m.where[f]
				m.duplicate = fmt.Sprintf("the header names %s twice, as %q in column %s and %q in column %s: keep one of them, or rename the other",
					fieldNames[f], m.cols[first].name, columnLetters(first+1), name, columnLetters(i+1))
			}
			f = fExtra
		}
		blank := name == ""
		if blank {
			name = "column " + columnLetters(i+1)
		}
		m.cols[i] = column{field: f, name: name, blankHeader: blank}
		if f == fExtra {
			continue
		}
		m.where[f] = i
		if isDateField(f) {
			m.dateCols = append(m.dateCols, i)
		}
	}
	// With no event_date column, the first column an analyst named for
	// the event ("Date of Death") is read as it.
	if m.where[fEventDate] < 0 {
		for i, c := range m.cols {
			if c.field == fExtra && !c.blankHeader && eventDateKeys[squash(c.name)] {
				m.cols[i].field = fEventDate
				m.where[fEventDate] = i
				m.dateCols = append(m.dateCols, i)
				break
			}
		}
	}
	return m
}

// name is the header text of the column at position i, or its letter
// right of the header.
func (m *mapping) name(i int) string {
	if i < len(m.cols) {
		return m.cols[i].name
	}
	return "column " + columnLetters(i+1)
}

// columnName is the header text of a field's column, or the contract's name
// when the column is absent.
func (m *mapping) columnName(f field) string {
	if i := m.where[f]; i >= 0 {
		return m.cols[i].name
	}
	return fieldNames[f]
}

// columnLetters is the spreadsheet name of a 1-based column: 1 → A, 27 → AA.
func columnLetters(n int) string {
	if n < 1 {
		return strconv.Itoa(n)
	}
	var b [8]byte
	i := len(b)
	for n > 0 {
		n--
		i--
		b[i] = byte('A' + n%26)
		n /= 26
	}
	return string(b[i:])
}

// columnNumber is the 1-based column of letters such as "AB"; 0 if none.
func columnNumber(letters string) int {
	n := 0
	for _, c := range letters {
		if c < 'A' || c > 'Z' {
			return 0
		}
		n = n*26 + int(c-'A'+1)
	}
	return n
}
