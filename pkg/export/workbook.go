package export

import (
	"slices"
	"time"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export/internal/xlsx"
)

// Sheet names, in workbook order (CONTRACT.md).
const (
	summarySheet   = "Summary"
	vacanciesSheet = "Vacancies"
	deadlinesSheet = "Deadlines"
	conflictsSheet = "Conflicts"
	errorsSheet    = "Errors"
	calendarSheet  = "Calendar"
	rulesSheet     = "Rules"
)

var sheetOrder = []string{summarySheet, vacanciesSheet, deadlinesSheet, conflictsSheet,
	errorsSheet, calendarSheet, rulesSheet, guideSheet}

// page is what every printed page names, and the document's title.
type page struct {
	asOf compute.Date
	law  string // the law applied, as the run picked it
	// slice names the part of the run a split's workbook holds, as its
	// Summary's title does (" of Albany County"); "" for the whole run.
	slice string
}

// sliceShown is the slice's name as a page header and the document's
// title show it: cut to a length that leaves the header its other parts.
func (pg page) sliceShown() string {
	if r := []rune(pg.slice); len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return pg.slice
}

func (pg page) book() xlsx.Page {
	if pg.asOf.IsZero() {
		return xlsx.Page{After: pg.sliceShown(), Dated: "no as-of date", Footer: "Law applied: " + pg.law}
	}
	return xlsx.Page{After: pg.sliceShown(), Dated: "as of " + pg.asOf.String(), Footer: "Law applied: " + pg.law}
}

// workbook is results.xlsx: the contract's tables on their sheets.
type workbook struct {
	*xlsx.Book
	page                                    page
	vacancies, deadlines, conflicts, errors *xlsx.Table
	changes                                 *xlsx.Table   // with a comparison: second, after Summary
	extra                                   []*xlsx.Table // Calendar, Rules and the Column guide, made at the end
	vals                                    []xlsx.Value  // reused row buffer
}

func newWorkbook(tmpDir string, o *Options, pg page) (*workbook, error) {
	b, err := xlsx.New(xlsx.Options{TmpDir: tmpDir, Sheets: sheetOrder, MaxRows: o.maxRows, LinkCap: o.linkCap,
		Page: pg.book(), HoldBytes: o.runRecords * lineBytes, ColumnCap: columnCap, StreamAll: o.streamAll,
		Guard: func(s string) xlsx.Value { v := text(s); return v.book() }})
	if err != nil {
		return nil, err
	}
	wb := &workbook{Book: b, page: pg}
	// The wide tables keep their id column in view as well as the header.
	wb.vacancies = b.Table(vacanciesSheet, vacancyColumns, xlsx.TableOptions{Before: deadlinesSheet, Big: true, FreezeID: true})
	// Deadlines is written in its sorted order, due rows first, so the
	// rows its widths are sampled from are the first due ones, which seldom
	// carry a reason or a verify mark: those columns take their full width,
	// or the later rows' text would wrap into rows pages tall.
	wb.deadlines = b.Table(deadlinesSheet, deadlineColumns, xlsx.TableOptions{Before: conflictsSheet, Big: true, FreezeID: true,
		MinWidth: deadlinesTextWidth})
	wb.conflicts = b.Table(conflictsSheet, conflictColumns, xlsx.TableOptions{Before: errorsSheet, Big: true, FreezeID: true})
	wb.errors = b.Table(errorsSheet, errorColumns, xlsx.TableOptions{Before: calendarSheet, Big: true})
	if o.Changes {
		// Changes is second, after Summary: what changed is what a nightly
		// reader opens the workbook for.
		err = b.AddSheet(changesSheet, vacanciesSheet)
		wb.changes = b.Table(changesSheet, changes.Columns, xlsx.TableOptions{Before: vacanciesSheet, TitleRow: true,
			MinWidth: changesCodeWidth})
	}
	return wb, err
}

// changesCodeWidths are the Changes sheet's columns of codes, as wide as
// their longest code and its margin: a kind ("vacancy_date_changed"), a
// deadline or conflict code ("special_independent_vacancy_declination"),
// a filling method or code as the old or new value.
var changesCodeWidths = map[string]float64{"priority": 10, "kind": 22, "item": 42, "old": 24, "new": 24, "cause": 10}

func changesCodeWidth(header string) float64 { return changesCodeWidths[header] }

// deadlinesTextWidth is the Deadlines sheet's columns of text at their cap.
func deadlinesTextWidth(header string) float64 {
	if header == "reason" || header == "verify" {
		return columnCap(header)
	}
	return 0
}

// chains lists every table in workbook order.
func (wb *workbook) chains() []*xlsx.Table {
	var first []*xlsx.Table
	if wb.changes != nil {
		first = append(first, wb.changes)
	}
	return append(append(first, wb.vacancies, wb.deadlines, wb.conflicts, wb.errors), wb.extra...)
}

// continued lists the tables that ran over more than one sheet.
func (wb *workbook) continued() (out []continuation) {
	for _, c := range wb.chains() {
		if s := c.Sheets(); len(s) > 1 {
			out = append(out, continuation{Table: s[0], Sheets: s})
		}
	}
	return out
}

// properties are the document's: a title naming the as-of date, the law
// applied as its description, and the run's clock as its creation time.
func (wb *workbook) properties(version string, now time.Time) xlsx.Properties {
	title := "Vacancies" + wb.page.sliceShown() + ": filling elections, deadlines and conflicts"
	if !wb.page.asOf.IsZero() {
		title += ", as of " + wb.page.asOf.String()
	}
	return xlsx.Properties{Title: title, Subject: "Vacancies in New York elective offices",
		Description: "Law applied: " + wb.page.law, Keywords: "vacancy; Public Officers Law § 42; Election Law § 6-158",
		Category: "election calendar", Version: version, Created: now}
}

// values are vals as the workbook takes them (in wb.vals, reused).
func (wb *workbook) values(vals []value) []xlsx.Value {
	out := slices.Grow(wb.vals[:0], len(vals))[:len(vals)]
	for i := range vals {
		out[i] = vals[i].book()
	}
	wb.vals = out
	return out
}

// book is the value as a workbook cell holds it: text without the
// guard's apostrophe, which the quote-prefix flag stands for; a date as
// its serial number.
func (v *value) book() xlsx.Value {
	switch {
	case v.kind == intCell:
		return xlsx.Value{Kind: xlsx.Number, N: v.n}
	case v.kind == dateCell:
		return xlsx.Value{Kind: xlsx.Date, N: int(serialOf(v.date))}
	case v.quoted:
		return xlsx.Value{Text: v.text[1:], Quoted: true}
	}
	return xlsx.Value{Text: v.text}
}

// excelSerial is the spreadsheet serial number of a date (days since
// 1899-12-30, valid from March 1900 on).
func excelSerial(d compute.Date) int {
	y, m, day := d.Year, int(d.Month), d.Day
	if y < 1 || m < 1 || m > 12 || day < 1 || day > 31 {
		return compute.D(1899, 12, 30).DaysUntil(d)
	}
	// By arithmetic: it runs for every date cell, and time.Date spends
	// most of its time in its location lookup. Days since 0000-03-01 of the
	// proleptic Gregorian calendar, the years counted from March so that
	// the leap day falls last; 693899 is that count for 1899-12-30.
	if m <= 2 {
		y--
		m += 12
	}
	return 365*y + y/4 - y/100 + y/400 + (153*(m-3)+2)/5 + day - 1 - 693899
}

// dateOfSerial is the date of a serial number; zero for 0.
func dateOfSerial(n int32) compute.Date {
	if n == 0 {
		return compute.Date{}
	}
	return compute.D(1899, 12, 30).AddDays(int(n))
}
