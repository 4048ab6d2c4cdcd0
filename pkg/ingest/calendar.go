package ingest

import (
	"fmt"
	"slices"
	"strings"

	"batch/internal/regularfile"
	"batch/pkg/compute"
)

// calendarSheet is the name (any case) of the sheet of an input workbook
// that holds calendar overrides rather than vacancies.
const calendarSheet = "Calendar"

// Calendar columns (CONTRACT.md, Calendar overrides), with the aliases an
// analyst is likely to write.
const (
	cYear = iota
	cPrimary
	cGeneral
	cHoliday
	cHolidayName
	cCode        // a deadline (or primary, general, holiday) the row dates
	cDate        // that code's date: the last day of a deadline
	cWindowStart // the first day of a window
	cReason      // why the row overrides the law's date
	cAuthority   // the act or order it rests on ("source")
	numCalFields
)

var calNames = [numCalFields]string{"year", "primary_date", "general_date", "holiday", "holiday_name",
	"code", "date", "window_start", "reason", "source"}

var calKeys = map[string]int{
	"year":            cYear,
	"primarydate":     cPrimary,
	"primary":         cPrimary,
	"generaldate":     cGeneral,
	"general":         cGeneral,
	"holiday":         cHoliday,
	"holidaydate":     cHoliday,
	"holidayname":     cHolidayName,
	"name":            cHolidayName,
	"primaryelection": cPrimary,
	"generalelection": cGeneral,
	"code":            cCode,
	"date":            cDate,
	"effectivedate":   cDate,
	"windowstart":     cWindowStart,
	"reason":          cReason,
	"source":          cAuthority,
	"authority":       cAuthority,
}

// calMapping is a calendar header row.
type calMapping struct {
	where [numCalFields]int
	names [numCalFields]string
}

// calHeader reads a calendar header row: one naming year, holiday or code.
func calHeader(cells []string) (*calMapping, bool) {
	m := &calMapping{}
	for i := range m.where {
		m.where[i] = -1
		m.names[i] = calNames[i]
	}
	for i, c := range cells {
		if f, ok := calKeys[squash(c)]; ok && m.where[f] < 0 {
			m.where[f] = i
			m.names[f] = strings.TrimSpace(c)
		}
	}
	return m, m.where[cYear] >= 0 || m.where[cHoliday] >= 0 || (m.where[cCode] >= 0 && m.where[cDate] >= 0)
}

// CalendarOverrides reads calendar overrides: from a --calendar file (every
// row of a CSV, or the first sheet of a workbook), or, with sheetOnly, from
// the sheet named "Calendar" of an input workbook (none for CSV input).
//
// The header is the first row (of the first 100) naming year or holiday
// (or code and date). Each non-blank row gives a year's primary_date and/or
// general_date, or a holiday (with an optional holiday_name or name), or a
// code with its date (and window_start): the code primary, general or
// holiday dates that, any other code the deadline of that name. The year
// may be left blank when the dates give it; reason and source say why the
// row overrides the law and on what act. A bad row becomes Problems and no
// Override.
func CalendarOverrides(path string, sheetOnly bool) ([]compute.Override, []compute.Problem, error) {
	return CalendarOverridesFor(path, sheetOnly, nil)
}

// CalendarOverridesFor is CalendarOverrides that also checks each code
// against the deadline codes of law's editions: a code none of them has
// would date nothing, so its row is a compute.Problem with the nearest code
// suggested. Two rows giving one year's primary, general or code
// different dates are a compute.Problem either way: which one was meant is not
// for the tool to guess.
func CalendarOverridesFor(path string, sheetOnly bool, law *compute.Law) ([]compute.Override, []compute.Problem, error) {
	cr := &calReader{file: baseName(path), codes: lawCodes(law), seen: map[calSlot]calSeen{}}
	switch kind(path) {
	case kindCSV:
		if sheetOnly {
			return nil, nil, nil
		}
		if path == "-" {
			return nil, nil, fmt.Errorf("ingest: -: calendar overrides must come from a file, not standard input")
		}
		return calendarCSV(path, cr)
	case kindWorkbook:
		return calendarWorkbook(path, sheetOnly, cr)
	}
	if sheetOnly {
		return nil, nil, nil
	}
	return nil, nil, fmt.Errorf("ingest: %s: unsupported calendar file; give a .csv file or an .xlsx workbook", shownPath(path))
}

type calReader struct {
	file, sheet string
	m           *calMapping
	dates       dateCells
	out         []compute.Override
	problems    []compute.Problem
	codes       []string            // the law's deadline codes, sorted; nil: not checked
	seen        map[calSlot]calSeen // what each year's primary, general and codes were given
}

// calSlot is one date a calendar row may give: a year's primary, general
// or deadline code.
type calSlot struct {
	year int
	what string
}

// calSeen is the first row that gave a slot its dates.
type calSeen struct {
	row         int
	date, start compute.Date
}

func calendarCSV(path string, cr *calReader) ([]compute.Override, []compute.Problem, error) {
	fh, err := regularfile.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("ingest: %s: cannot read the file (%v)", shownPath(path), unwrapPath(err))
	}
	defer fh.Close()
	t, err := newCSVTable(fh)
	if err != nil {
		return nil, nil, fmt.Errorf("ingest: %s: cannot read the file (%v)", shownPath(path), err)
	}
	for {
		ok, err := t.next()
		if err != nil {
			return nil, nil, fmt.Errorf("ingest: %s: cannot read the file (%v)", shownPath(path), err)
		}
		if !ok {
			break
		}
		if cr.m == nil {
			if t.perr == nil {
				if m, ok := calHeader(t.record); ok {
					cr.m = m
					continue
				}
			}
			continue
		}
		if t.perr != nil {
			src := compute.Source{File: cr.file, Row: t.line}
			cr.problems = append(cr.problems, compute.Problem{Source: src, Code: compute.RowUnreadable, Message: fmt.Sprintf("the line cannot be read as CSV: %v", t.perr.Err)})
			continue
		}
		cr.row(t.record, t.line)
	}
	if cr.m == nil {
		return nil, nil, fmt.Errorf("ingest: %s: no calendar header row naming year or holiday", shownPath(path))
	}
	return cr.out, cr.problems, nil
}

func calendarWorkbook(path string, sheetOnly bool, cr *calReader) ([]compute.Override, []compute.Problem, error) {
	wb, err := openWorkbook(path, 0)
	if err != nil {
		return nil, nil, err
	}
	defer wb.close()
	sheets := wb.sheetNames()
	i := 0
	if sheetOnly && ownResults(sheets) {
		// The tool's own results.xlsx: its Calendar sheet lists the
		// year's election days the run used, it overrides nothing.
		return nil, nil, nil
	}
	if sheetOnly {
		n, ok := findSheet(sheets, calendarSheet)
		if !ok {
			return nil, nil, nil
		}
		i = n
	} else if len(sheets) == 0 {
		return nil, nil, fmt.Errorf("ingest: %s: not an xlsx workbook (it has no worksheets)", shownPath(path))
	}
	name := sheets[i]
	if err := wb.loadSharedStrings([]int{i}); err != nil {
		return nil, nil, err
	}
	rows, err := wb.openSheet(i)
	if err != nil {
		return nil, nil, err
	}
	defer rows.close()
	cr.sheet, cr.dates = name, rows
	for rows.next() {
		if cr.m == nil {
			if m, ok := calHeader(rows.cells); ok {
				cr.m = m
			}
			continue
		}
		if len(rows.issues) > 0 {
			for _, is := range rows.issues {
				cr.problems = append(cr.problems, compute.Problem{Source: compute.Source{File: cr.file, Sheet: name, Row: rows.num}, Code: compute.CellUnreadable,
					Column: columnLetters(is.col + 1), Value: shorten(is.value, 200), Message: is.msg})
			}
			continue
		}
		cr.row(rows.cells, rows.num)
	}
	if err := rows.err; err != nil {
		return nil, nil, fmt.Errorf("ingest: %s: sheet %q is damaged: %v", shownPath(path), name, err)
	}
	if cr.m == nil {
		return nil, nil, fmt.Errorf("ingest: %s: sheet %q has no calendar header row naming year or holiday", shownPath(path), name)
	}
	return cr.out, cr.problems, nil
}

// row reads one calendar row into an Override, or Problems.
func (cr *calReader) row(cells []string, row int) {
	if blankRow(cells) {
		return
	}
	src := compute.Source{File: cr.file, Sheet: cr.sheet, Row: row}
	m := cr.m
	get := func(f int) string {
		if i := m.where[f]; i >= 0 && i < len(cells) {
			return strings.TrimSpace(cells[i])
		}
		return ""
	}
	var probs []compute.Problem
	problem := func(f int, value, msg string) {
		probs = append(probs, compute.Problem{Source: src, Code: compute.BadValue, Column: m.names[f], Value: shorten(value, 200), Message: msg})
	}
	ov := compute.Override{Source: src.String(), HolidayName: get(cHolidayName), Reason: get(cReason), Authority: get(cAuthority)}
	for _, f := range []int{cHolidayName, cReason, cAuthority} {
		if v := get(f); len(v) > MaxCellChars {
			problem(f, v, fmt.Sprintf("the cell holds more than Excel's limit of %d characters", MaxCellChars))
		}
	}
	code := strings.ToLower(get(cCode))
	if s := get(cYear); s != "" {
		if y, ok := digits(s); ok && len(s) == 4 && y >= minYear && y <= maxYear {
			ov.Year = y
		} else {
			problem(cYear, s, fmt.Sprintf("%s is not a year: write four digits, e.g. 2026", quote(s)))
		}
	}
	// A code row's date goes where its code says.
	codeDate := &ov.Date
	switch code {
	case "primary":
		codeDate = &ov.Primary
	case "general":
		codeDate = &ov.General
	case "holiday":
		codeDate = &ov.Holiday
	case "":
	default:
		ov.Code = code
	}
	dates := [...]struct {
		f   int
		dst *compute.Date
	}{{cPrimary, &ov.Primary}, {cGeneral, &ov.General}, {cHoliday, &ov.Holiday}, {cDate, codeDate}, {cWindowStart, &ov.WindowStart}}
	any := false
	for _, d := range dates {
		s := get(d.f)
		if s == "" {
			continue
		}
		any = true
		v, err := parseDateCell(cr.dates, m.where[d.f], s)
		if err != nil {
			problem(d.f, s, err.Error())
			continue
		}
		*d.dst = v
	}
	if !any {
		problem(cYear, get(cYear), "the row sets nothing: give primary_date, general_date or holiday")
	}
	if code != "" && get(cDate) == "" {
		problem(cCode, get(cCode), "a code is given without its date")
	}
	if code == "" && (get(cDate) != "" || get(cWindowStart) != "") {
		problem(cDate, get(cDate)+get(cWindowStart), "a date is given without the code it belongs to")
	}
	if ov.HolidayName != "" && get(cHoliday) == "" {
		problem(cHolidayName, ov.HolidayName, "holiday_name is given without a holiday date")
	}
	// Every date of the row belongs to one year: the year column's, or the
	// dates' own.
	for _, d := range dates {
		if d.dst.IsZero() {
			continue
		}
		switch {
		case ov.Year == 0 && get(cYear) == "":
			ov.Year = d.dst.Year
		case ov.Year != 0 && d.dst.Year != ov.Year:
			problem(d.f, get(d.f), fmt.Sprintf("%s is not in %d, the row's year", d.dst, ov.Year))
		}
	}
	if ov.Code != "" && cr.codes != nil {
		if _, known := slices.BinarySearch(cr.codes, ov.Code); !known {
			msg := fmt.Sprintf("%s is not a deadline code of the law, so the row would date nothing", quote(get(cCode)))
			if near := nearestCode(ov.Code, cr.codes); near != "" {
				msg += fmt.Sprintf(": did you mean %s?", near)
			}
			problem(cCode, get(cCode), msg+" (batch rules lists the codes)")
		}
	}
	if len(probs) == 0 {
		for _, sl := range []struct {
			what        string
			date, start compute.Date
			f           int
		}{{"primary", ov.Primary, compute.Date{}, cPrimary}, {"general", ov.General, compute.Date{}, cGeneral}, {ov.Code, ov.Date, ov.WindowStart, cDate}} {
			if sl.what == "" || sl.date.IsZero() {
				continue
			}
			key := calSlot{ov.Year, sl.what}
			was, ok := cr.seen[key]
			switch {
			case !ok:
				cr.seen[key] = calSeen{row: row, date: sl.date, start: sl.start}
			case was.date != sl.date || was.start != sl.start:
				problem(sl.f, get(sl.f), fmt.Sprintf("row %d already gives %s of %d as %s: the two rows disagree; keep the one that is right", was.row, sl.what, ov.Year, calDates(was.date, was.start)))
			}
		}
	}
	if len(probs) > 0 {
		cr.problems = append(cr.problems, probs...)
		return
	}
	cr.out = append(cr.out, ov)
}

// calDates is a date, with the window's first day when there is one.
func calDates(d, start compute.Date) string {
	if start.IsZero() {
		return d.String()
	}
	return start.String() + " to " + d.String()
}

// lawCodes are the deadline codes of every edition of law, sorted; nil
// for no law.
func lawCodes(law *compute.Law) []string {
	if law == nil {
		return nil
	}
	codes := []string{}
	add := func(c string) {
		if c = strings.ToLower(c); c != "" && !slices.Contains(codes, c) {
			codes = append(codes, c)
		}
	}
	for i := range law.Editions {
		ed := &law.Editions[i]
		for _, r := range ed.Deadlines {
			add(r.Code)
		}
		for _, t := range ed.Specials {
			add(t.Window.Code)
			for _, r := range t.Rows {
				add(r.Code)
			}
		}
	}
	slices.Sort(codes)
	return codes
}

// nearestCode is the code closest to c in spelling, or "" when none is
// close: at most a third of its letters, and four, wrong.
func nearestCode(c string, codes []string) string {
	best, bestD := "", 1<<30
	for _, k := range codes {
		if d := editDistance(c, k); d < bestD {
			best, bestD = k, d
		}
	}
	if bestD <= min(4, max(1, len(c)/3)) {
		return best
	}
	return ""
}

// parseDateCell reads a date cell the way vacancy rows are read.
func parseDateCell(dates dateCells, i int, s string) (compute.Date, error) {
	p := rowParser{dates: dates}
	d, _, err := p.date(i, s)
	return d, err
}
