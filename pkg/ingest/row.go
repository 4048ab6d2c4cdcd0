package ingest

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"batch/pkg/compute"
)

// MaxCellChars is Excel's own limit on the characters of one cell. A longer
// cell (possible in a CSV file, or a workbook not written by Excel) is a
// problem, and its value is shortened in the message.
const MaxCellChars = 32767

// dateCells tells the row parser which cells of the current row are real
// spreadsheet date cells. CSV has none.
type dateCells interface {
	// cellDate is the date of the cell at position i of the current row
	// when it is a real date cell (a number in a date-formatted cell, or a
	// cell of date type); isDate is false for any other cell.
	cellDate(i int, raw string) (d compute.Date, isDate bool, err error)
}

// rowParser turns the cells of one sheet's or file's rows into Items.
type rowParser struct {
	m     *mapping
	v     *vocab
	file  string
	sheet string
	dates dateCells // nil for CSV
	// unread marks the cells of the current row reported already as
	// unreadable (over-long, or holding a NUL byte): no other problem is
	// reported for them and they are not carried through.
	unread []bool
	// reported are the columns of the current row whose cell the reader
	// reported already (a shared string that does not resolve): treated
	// as unreadable, set by the reader before each parse.
	reported []int
	// asOf is the run's as-of date (Options.AsOf): a date more than two
	// years after it is a warning; zero: not checked.
	asOf compute.Date
}

// blankRow reports whether every cell is empty or white space.
func blankRow(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// parse reads one non-blank row. rowProblems are whole-row problems found
// by the reader (a ragged CSV record); they come first.
func (p *rowParser) parse(cells []string, row int, rowProblems []compute.Problem) Item {
	src := compute.Source{File: p.file, Sheet: p.sheet, Row: row}
	it := Item{Vacancy: compute.Vacancy{Source: src}, Problems: rowProblems}
	v := &it.Vacancy
	m := p.m

	problem := func(f field, value, msg string) {
		it.Problems = append(it.Problems, compute.Problem{Source: src, Code: compute.BadValue, Column: m.columnName(f), Value: shorten(value, 200), Message: msg})
	}

	if cap(p.unread) < len(cells) {
		p.unread = make([]bool, len(cells))
	}
	p.unread = p.unread[:len(cells)]
	for i, c := range cells {
		p.unread[i] = false
		name := func() string {
			if i < len(m.cols) {
				return m.cols[i].name
			}
			return "column " + columnLetters(i+1)
		}
		switch {
		case len(c) > MaxCellChars && utf8.RuneCountInString(c) > MaxCellChars:
			p.unread[i] = true
			it.Problems = append(it.Problems, compute.Problem{Source: src, Code: compute.CellUnreadable, Column: name(), Value: shorten(c, 200),
				Message: fmt.Sprintf("the cell holds %d characters, more than Excel's limit of %d", utf8.RuneCountInString(c), MaxCellChars)})
		case strings.IndexByte(c, 0) >= 0:
			// No one types a NUL: it comes from a damaged file or binary
			// data pasted in, and programs that end strings at it would
			// read a different value than the one shown.
			p.unread[i] = true
			it.Problems = append(it.Problems, compute.Problem{Source: src, Code: compute.CellUnreadable, Column: name(),
				Value:   shorten(strings.ReplaceAll(c, "\x00", "\uFFFD"), 200),
				Message: fmt.Sprintf("%s contains a NUL byte (U+0000, shown as \uFFFD), a sign of a damaged file or pasted binary data: retype the value", name())})
		case i < len(m.cols) && m.cols[i].field != fExtra && m.cols[i].field != fNotes && isErrorValue(c):
			// A failed formula in a column the vacancy is computed from; in
			// notes and carried columns it is carried as it stands.
			p.unread[i] = true
			it.Problems = append(it.Problems, compute.Problem{Source: src, Code: compute.CellUnreadable, Column: name(), Value: strings.TrimSpace(c), Message: errorValueMessage(name(), c)})
		}
	}
	for _, i := range p.reported {
		if i >= 0 && i < len(p.unread) {
			p.unread[i] = true
		}
	}
	p.reported = p.reported[:0]
	// get is the trimmed text of a field's cell; ok is false when the cell
	// is unreadable (reported above).
	get := func(f field) (string, bool) {
		i := m.where[f]
		if i < 0 || i >= len(cells) {
			return "", true
		}
		if p.unread[i] {
			return "", false
		}
		return strings.TrimSpace(cells[i]), true
	}

	v.ID, _ = get(fVacancyID)
	if v.ID == "" {
		v.ID = src.String()
	}

	office, ok := get(fOffice)
	v.Office = office
	if office == "" && ok {
		problem(fOffice, "", `office is blank: name the office, e.g. "Member of Assembly" or "Town Supervisor"`+m.missingHint(fOffice))
	}

	firstCounty := ""
	if s, _ := get(fCounty); s != "" {
		// One county, or the counties an office spans ("Albany; Schenectady",
		// "Saratoga, Warren"), as analysts list them: each is checked, and
		// the row keeps them in the order given, each named once, joined
		// by "; ".
		names, bad := p.v.countyList(s)
		for _, b := range bad {
			in := ""
			if b.part != s {
				in = " (in " + quote(s) + ")"
			}
			if b.suggestion != "" {
				problem(fCounty, s, fmt.Sprintf("%s%s is not a New York county. Did you mean %s?", quote(b.part), in, b.suggestion))
			} else {
				problem(fCounty, s, fmt.Sprintf("%s%s is not one of New York's 62 counties", quote(b.part), in))
			}
		}
		if len(bad) == 0 && len(names) > 0 {
			v.County = strings.Join(names, CountySeparator)
			firstCounty = names[0]
		}
	}

	v.District, _ = get(fDistrict)
	if s, _ := get(fClass); s != "" {
		if c, ok := parseClass(s); ok {
			v.Class = c
			// A class given is never replaced; a name that suggests
			// another is warned (compute: CLASS_SUGGESTED, CLASS_UNCLEAR).
			if sug := p.v.classes(office, v.District, firstCounty); office != "" && suggestsOther(sug, c) {
				v.Suggested = sug
			}
		} else {
			problem(fClass, s, classProblem(s, firstCounty))
		}
	} else if office != "" {
		sug := p.v.classes(office, v.District, firstCounty)
		v.Class, v.ClassDerived = compute.OtherOffice, true
		switch len(sug) {
		case 0:
		case 1:
			v.Class = sug[0]
		default:
			v.Suggested = sug // a name of two classes decides neither
		}
	}

	v.Incumbent, _ = get(fIncumbent)
	v.Notes, _ = get(fNotes)

	causeText, causeOK := get(fCause)
	switch {
	case causeText == "" && causeOK:
		problem(fCause, "", `cause is blank: give a cause code (e.g. "death", "resignation") or words such as "died" or "resigned"`+m.missingHint(fCause))
	case causeText != "":
		if c, ok := parseCause(causeText); ok {
			v.Cause = c
		} else if c, lead, ok := leadingCause(causeText); ok {
			v.Cause = c
			v.Read = append(v.Read, compute.CauseGuessedConflict(fieldNames[fCause],
				fmt.Sprintf("%s is read as %s from the words it begins with, %s; the rest is not read: check the cause (and that event_date holds the date meant)", quote(causeText), c, quote(lead))))
		} else {
			problem(fCause, causeText, unknownCauseMessage(causeText))
		}
	}

	// Dates: a cell that holds something that is not a date is a problem
	// and the field stays zero, so the "required" checks below do not
	// report the same cell twice.
	given := [numFields]bool{}
	dates := [...]struct {
		f   field
		dst *compute.Date
	}{
		{fEventDate, &v.EventDate}, {fTermStart, &v.TermStart}, {fTermEnd, &v.TermEnd},
		{fProclamationDate, &v.ProclamationDate}, {fSpecialElectionDate, &v.SpecialElectionDate},
		{fSpecialSessionDate, &v.SpecialSessionDate},
	}
	for _, dt := range dates {
		s, ok := get(dt.f)
		if !ok {
			given[dt.f] = true // unreadable: reported already
			continue
		}
		if s == "" {
			continue
		}
		given[dt.f] = true
		d, two, err := p.date(m.where[dt.f], s)
		if err != nil {
			problem(dt.f, s, err.Error())
			continue
		}
		*dt.dst = d
		if msg := p.unlikelyDate(dt.f, s, d, two); msg != "" {
			v.Read = append(v.Read, compute.DateUnlikelyConflict(fieldNames[dt.f], msg))
		}
	}

	if !given[fEventDate] {
		switch {
		case v.Cause == compute.TermExpiration:
			if !given[fTermEnd] {
				problem(fTermEnd, "", "term_end is blank: a vacancy by term_expiration needs the date the term ends"+m.missingHint(fTermEnd))
			}
		case v.Cause == compute.OathNotFiled:
			if !given[fTermStart] {
				problem(fEventDate, "", "event_date is blank: for oath_not_filed give event_date, or term_start to count the thirty days from"+m.missingHint(fEventDate))
			}
		default:
			problem(fEventDate, "", "event_date is blank: give the date of the event that made the vacancy (the death, the resignation's effective date, …)"+m.missingHint(fEventDate))
		}
	}

	if s, _ := get(fAppointable); s != "" {
		if yn, ok := parseYesNo(s); ok {
			v.Appointable = yn
		} else {
			problem(fAppointable, s, fmt.Sprintf("%s is not yes or no; write yes/no, y/n, true/false or 1/0, or leave it blank", quote(s)))
		}
	}

	if s, _ := get(fNextFullTermYear); s != "" {
		if y, ok := digits(s); ok && len(s) == 4 && y >= minYear && y <= maxYear {
			v.NextFullTermYear = y
		} else {
			problem(fNextFullTermYear, s, fmt.Sprintf("%s is not a year: write four digits, e.g. 2026", quote(s)))
		}
	}

	// The village's general election (issue 34): its month, and the day
	// the rule uses, or "none" when no general village election is held
	// before the appointment ends.
	if s, _ := get(fVillageMonth); s != "" {
		if mo, ok := ParseMonth(s); ok {
			v.VillageElectionMonth = mo
		} else {
			problem(fVillageMonth, s, fmt.Sprintf("%s is not a month: write 1 to 12 or the month's name, e.g. 3 or March", quote(s)))
		}
	}
	if s, ok := get(fVillageDate); ok && s != "" {
		if strings.EqualFold(s, "none") {
			v.NoVillageElection = true
		} else if d, _, err := p.date(m.where[fVillageDate], s); err != nil {
			problem(fVillageDate, s, err.Error()+`; or write "none" when no general village election is held before the appointment ends`)
		} else {
			v.VillageElectionDate = d
		}
	}

	for i, c := range m.cols {
		if c.field != fExtra || i >= len(cells) || p.unread[i] {
			continue
		}
		if c.blankHeader && strings.TrimSpace(cells[i]) == "" {
			continue
		}
		v.Extra = append(v.Extra, compute.Field{Name: c.name, Value: cells[i]})
	}
	// Cells to the right of the header's last column are carried through
	// under their column letter rather than dropped.
	for i := len(m.cols); i < len(cells); i++ {
		if strings.TrimSpace(cells[i]) != "" && !p.unread[i] {
			v.Extra = append(v.Extra, compute.Field{Name: "column " + columnLetters(i+1), Value: cells[i]})
		}
	}
	if len(it.Problems) > 1 {
		p.sortProblems(it.Problems[len(rowProblems):])
	}
	showFirstCells(it.Problems, cells, p.unread)
	return it
}

// sortProblems puts a row's cell problems in the order of the columns of
// the sheet, as the analyst reads them.
func (p *rowParser) sortProblems(probs []compute.Problem) {
	pos := func(name string) int {
		for i, c := range p.m.cols {
			if c.name == name {
				return i
			}
		}
		return len(p.m.cols) // an absent required column: last
	}
	sort.SliceStable(probs, func(i, j int) bool { return pos(probs[i].Column) < pos(probs[j].Column) })
}

// date reads a date field's cell: a real date cell first, then the text
// forms. A number in a cell not formatted as a date is not a date.
// two says the year was written in two digits.
func (p *rowParser) date(i int, s string) (d compute.Date, two bool, err error) {
	if p.dates != nil && looksNumericOrISO(s) {
		d, isDate, err := p.dates.cellDate(i, s)
		if isDate {
			return d, false, err
		}
	}
	d, two, err = readDateText(s)
	if err != nil && looksNumeric(s) {
		return d, false, &dateError{fmt.Sprintf("%s is a number, not a date: format the cell as a date, or %s", quote(s), dateForms)}
	}
	return d, two, err
}

// unlikelyDate is DATE_UNLIKELY's message for a date read from the cell
// s, "" when the date is one the tool expects: from 2009 on, and (but for
// term_end, as terms run to fourteen years) no more than two years after
// the as-of date. A two-digit year outside them is a century guessed:
// both centuries are named.
func (p *rowParser) unlikelyDate(f field, s string, d compute.Date, two bool) string {
	var why string
	switch {
	case d.Year < plausibleFrom:
		why = fmt.Sprintf("before %d, earlier than the law this tool applies (its editions begin in 2010)", plausibleFrom)
	case !p.asOf.IsZero() && f != fTermEnd && d.After(twoYearsAfter(p.asOf)):
		why = fmt.Sprintf("more than two years after the as-of date %s", p.asOf)
	default:
		return ""
	}
	if two {
		other := d
		other.Year -= 100
		if !validDate(other.Year, int(other.Month), other.Day) {
			return fmt.Sprintf("%s is read as %s (a two-digit year is 20YY), %s: the century is a guess; write the year in four digits", quote(s), d, why)
		}
		return fmt.Sprintf("%s is read as %s (a two-digit year is 20YY), %s: the century is a guess, and %s may be meant; write the year in four digits", quote(s), d, why, other)
	}
	if looksNumeric(s) || strings.TrimSpace(s) == d.String() {
		// A date cell (s is its serial number) or the date as the tool
		// writes it: the date says it all.
		return fmt.Sprintf("the date %s is %s: check the year", d, why)
	}
	return fmt.Sprintf("%s is %s, %s: check the year", quote(s), d, why)
}

// twoYearsAfter is the same day two years on (February 29 gives March 1).
func twoYearsAfter(d compute.Date) compute.Date {
	return compute.D(d.Year+2, d.Month, d.Day)
}

// looksNumeric reports whether s is a plain decimal number, the way a
// numeric cell's raw value is written ("46027", "46027.5", "4.6027E4").
func looksNumeric(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'E' || c == 'e') {
			return false
		}
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// looksNumericOrISO is true for the raw values a real date cell can have: a
// serial number, or the ISO text of a cell of date type.
func looksNumericOrISO(s string) bool {
	return looksNumeric(s) || len(s) > 10 && s[4] == '-' && (s[10] == 'T' || s[10] == ' ')
}

// ParseMonth reads a month: 1 to 12, or its English name or first three
// letters ("March", "mar", "Sept.").
func ParseMonth(s string) (int, bool) {
	if n, ok := digits(s); ok && n >= 1 && n <= 12 {
		return n, true
	}
	k := squash(s)
	if k == "sept" {
		k = "sep"
	}
	for m := time.January; m <= time.December; m++ {
		name := strings.ToLower(m.String())
		if k == name || (len(k) == 3 && strings.HasPrefix(name, k)) {
			return int(m), true
		}
	}
	return 0, false
}

// suggestsOther reports whether the classes an office name suggests
// leave out the class the row gives: for a name of other (a town's
// office), only a class it contradicts (otherContradicts).
func suggestsOther(sug []compute.OfficeClass, given compute.OfficeClass) bool {
	if len(sug) == 1 && sug[0] == compute.OtherOffice {
		return slices.Contains(otherContradicts, given)
	}
	return len(sug) > 0 && !slices.Contains(sug, given)
}

// classProblem is the message for an office_class cell that is no class,
// with the class it most likely means.
func classProblem(s, county string) string {
	if cs := SuggestClass(s, county); len(cs) > 0 {
		return fmt.Sprintf("%s is not an office class. Did you mean %s? Use one of %s, or leave it blank to derive it from the office", quote(s), ClassChoices(cs), classList)
	}
	return fmt.Sprintf("%s is not an office class; use one of %s, or leave it blank to derive it from the office", quote(s), classList)
}

var classList = func() string {
	s := make([]string, len(compute.OfficeClasses))
	for i, c := range compute.OfficeClasses {
		s[i] = string(c)
	}
	return strings.Join(s, ", ")
}()
