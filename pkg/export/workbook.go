package export

import (
	"fmt"
	"os"
	"slices"
	"time"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export/internal/xlsx"
	"batch/pkg/outdir"
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
	// keywords are the document's, the law's (compute.Guide).
	keywords string
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
		wb.changes = b.Table(changesSheet, changeColumns, xlsx.TableOptions{Before: vacanciesSheet, TitleRow: true,
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
		Description: "Law applied: " + wb.page.law, Keywords: wb.page.keywords,
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

// bookOutput is results.xlsx (format xlsx): the contract's tables on
// their sheets, Summary first, in a split's folders too.
var bookOutput = output{files: []string{resultsName}, slice: asTheRun, finish: 2, open: openBook}

// bookSink writes results.xlsx: Vacancies, Deadlines, Conflicts and Errors
// as their rows come (Deadlines held and sorted, Conflicts through sorted
// runs placed by the Plan's counts), then, once every row is written,
// Changes, Calendar, Rules, the Column guide and Summary.
type bookSink struct {
	*part
	file   *outdir.File
	tmpDir string // excelize's spill files
	book   *workbook
	order  *conflictOrder // places the conflicts on the sorted Conflicts sheet
	lines  *conflictRuns  // the Conflicts lines until Finish
	vals   []value
	marks  []xlsx.Mark
	cf     conflictOf // each Conflicts line's, in turn
	cal    calendarOf // each Calendar row's, in turn
}

func openBook(p *part) (Sink, error) {
	w := &bookSink{part: p}
	var err error
	if w.tmpDir, err = p.set.Spill(); err != nil {
		return nil, err
	}
	if w.file, err = p.create(resultsName); err != nil {
		w.Abort()
		return nil, err
	}
	if w.book, err = newWorkbook(w.tmpDir, &p.opts, page{asOf: p.opts.AsOf, law: p.lawChoice(), slice: p.sliceTitle(), keywords: p.opts.words.guide().Keywords}); err != nil {
		w.Abort()
		return nil, err
	}
	w.lines = &conflictRuns{dir: w.tmpDir, max: p.opts.runRecords}
	return w, nil
}

// plan widens Vacancies by the carried-through columns and fixes each
// conflict's place on the sorted Conflicts sheet.
func (w *bookSink) plan(plan *Plan) error {
	w.order = newConflictOrder(plan.Conflicts)
	w.book.vacancies.SetHeader(slices.Concat(vacancyColumns, plan.ExtraColumns))
	return nil
}

// Vacancy writes the vacancy's Deadlines rows (held, sorted at Finish),
// its Conflicts lines (placed, written at Finish) and its Vacancies row,
// whose conflicts cell links to its most severe line on Conflicts.
func (w *bookSink) Vacancy(v *Rows) error {
	r := v.Result
	if v.Deadlines {
		for i := range r.Deadlines {
			if err := w.deadline(r, &r.Deadlines[i], v.deadline(i)); err != nil {
				return err
			}
		}
	}
	if !v.Rest {
		return nil
	}
	vac := &r.Vacancy
	seq := v.Seq
	// Conflicts first: the vacancy's row links to its most severe line on
	// Conflicts.
	vacSheet, vacRow := w.book.vacancies.PlaceOf(seq)
	worst := -1
	next := serialOf(r.NextDeadlineDate)
	src := vac.Source.String()
	for i := range r.Conflicts {
		c := &r.Conflicts[i]
		pos, err := w.order.place(conflictKey{c.Severity, next})
		if err != nil {
			return err
		}
		if worst < 0 || pos < worst {
			worst = pos
		}
		l := conflictLine{pos: pos, id: vac.ID, src: src, c: *c, next: next, vacRow: vacRow}
		l.vacPart = w.book.vacancies.PartOf(vacSheet)
		if err := w.lines.add(l); err != nil {
			return err
		}
	}
	var firstConflict string
	if worst >= 0 {
		sheet, row := w.book.conflicts.PlaceOf(worst)
		firstConflict = fmt.Sprintf("'%s'!A%d", sheet, row)
	}
	row := v.vacancy()
	fill := severityFill(r.Severity())
	var l *xlsx.Link
	w.marks = w.marks[:0]
	if fill != xlsx.NoFill && firstConflict != "" {
		w.marks = append(w.marks, make([]xlsx.Mark, len(row))...)
		w.marks[vacConflictsCol] = xlsx.Linked
		l = &xlsx.Link{Col: vacConflictsCol, Target: firstConflict, Display: conflictCodes(r)}
	}
	sheet, at, err := w.book.vacancies.Add(w.book.values(row), fill, w.marks, l)
	if err != nil {
		return err
	}
	if sheet != vacSheet || at != vacRow {
		return fmt.Errorf("export: vacancy %d went to %s row %d, not %s row %d", seq, sheet, at, vacSheet, vacRow)
	}
	return nil
}

// deadline writes one Deadlines row: filled when a conflict names this
// deadline, greyed when it needs nothing (passed, met, not applicable),
// its effective date marked when rolled over. The sheet's first page is
// what is due (issue 32): the rows someone must still act on
// (Deadline.Actionable) in order of their last day, then those that apply
// only if no special election is held (their reason says so), by last
// day too, then the others in input order; every row is held back and
// written in that order once every vacancy is.
func (w *bookSink) deadline(r *compute.Result, d *compute.Deadline, row []value) error {
	worst := compute.NoSeverity
	for _, c := range r.Conflicts {
		if c.Field == d.Code && c.Severity > worst {
			worst = c.Severity
		}
	}
	w.marks = w.marks[:0]
	done := !d.Actionable()
	if done || d.RolledOver {
		w.marks = append(w.marks, make([]xlsx.Mark, len(row))...)
		if done {
			for i := range w.marks {
				w.marks[i] = xlsx.Passed
			}
		}
		if d.RolledOver {
			w.marks[dlEffectiveCol] = xlsx.Rolled
			if done {
				w.marks[dlEffectiveCol] = xlsx.RolledPassed
			}
		}
	}
	return w.book.deadlines.HoldAt(deadlineBand(d, done), w.book.values(row), severityFill(worst), w.marks)
}

// deadlineBand is a Deadlines row's place among the held rows: "0" and its
// last day for a row due, "1" and its last day for one due only if no
// special election is held, "2" for one that needs nothing (input order).
func deadlineBand(d *compute.Deadline, done bool) string {
	switch {
	case done:
		return "2"
	case d.IfNoSpecial:
		return "1" + dateValue(d.Effective)
	}
	return "0" + dateValue(d.Effective)
}

// severityFill maps a severity to its fill: compute ranks, export colours.
func severityFill(s compute.Severity) xlsx.Fill {
	switch s {
	case compute.Error:
		return xlsx.Red
	case compute.Warning:
		return xlsx.Amber
	}
	return xlsx.NoFill
}

// Problem writes one row of Errors.
func (w *bookSink) Problem(p *compute.Problem, _ bool) error {
	w.vals = errorRow(w.vals, p)
	_, _, err := w.book.errors.Add(w.book.values(w.vals), xlsx.NoFill, nil, nil)
	return err
}

// Finish writes Changes (with a comparison), the Conflicts lines in their
// sorted order, Calendar, Rules, the Column guide and Summary, then saves
// the workbook and lets its memory go.
func (w *bookSink) Finish(run *Facts) error {
	if o := run.Changes; o != nil && w.opts.Changes {
		if err := w.book.changes.SetTitle(changesTitle(o)); err != nil {
			return err
		}
		err := o.Each(func(c *changes.Change) error {
			w.vals = changeRow(w.vals, c)
			_, _, err := w.book.changes.Add(w.book.values(w.vals), xlsx.NoFill, nil, nil)
			return err
		})
		if err != nil {
			return err
		}
	}
	if err := w.finishBook(); err != nil {
		return err
	}
	run.Continued = w.book.continued()
	if err := w.writeSummary(run, run.timings(w.now()), run.Continued); err != nil {
		return err
	}
	if err := w.book.Save(w.file.Out(), w.book.properties(run.Version, w.now())); err != nil {
		return err
	}
	w.file.FinishBeside(&w.syncs)
	w.cleanup()
	return nil
}

// writeConflicts writes the Conflicts sheet in its sorted order, each
// line's vacancy_id linked back to the vacancy's row.
func (w *bookSink) writeConflicts() error {
	if err := w.order.complete(); err != nil {
		return err
	}
	wb := w.book
	// The lines come worst first: the print area ends at the last warning,
	// so that the printed Conflicts are the ones to act on.
	printed := 0
	defer func() { wb.conflicts.PrintRows(printed) }()
	return w.lines.each(func(l *conflictLine) error {
		if l.c.Severity >= compute.Warning {
			printed++
		}
		w.cf = l.row()
		w.vals = conflictRow(w.vals, &w.cf)
		w.marks = append(w.marks[:0], make([]xlsx.Mark, len(w.vals))...)
		w.marks[cfIDCol] = xlsx.Linked
		target := fmt.Sprintf("'%s'!A%d", wb.vacancies.PartName(l.vacPart), l.vacRow)
		sheet, row, err := wb.conflicts.Add(wb.values(w.vals), severityFill(l.c.Severity), w.marks,
			&xlsx.Link{Col: cfIDCol, Target: target, Display: l.id})
		if err != nil {
			return err
		}
		if ws, wr := wb.conflicts.PlaceOf(l.pos); ws != sheet || wr != row {
			return fmt.Errorf("export: conflict %d went to %s row %d, not %s row %d", l.pos, sheet, row, ws, wr)
		}
		return nil
	})
}

// finishBook writes Calendar and Rules, then closes every sheet; only then
// are all sheets in their final places.
func (w *bookSink) finishBook() error {
	wb := w.book
	// The Deadlines rows that need nothing follow the open ones.
	if err := wb.deadlines.AddHeld(); err != nil {
		return err
	}
	if err := w.writeConflicts(); err != nil {
		return err
	}
	// Calendar, Rules and Guide go through rawsheet as the tables do:
	// every folder of a split writes them again, and excelize's stream
	// writer's cost per row weighs most in a small workbook.
	calendar := wb.Table(calendarSheet, calendarColumns, xlsx.TableOptions{Before: rulesSheet, Big: true})
	wb.extra = append(wb.extra[:0], calendar)
	if w.opts.Calendar != nil {
		years := w.tally.sortedYears()
		if !w.opts.AsOf.IsZero() && !slices.Contains(years, w.opts.AsOf.Year) {
			years = append(years, w.opts.AsOf.Year)
			slices.Sort(years)
		}
		for _, y := range years {
			items := w.opts.yearCalendar(w.opts.Calendar, y)
			for i := range items {
				w.cal = calendarOf{year: y, it: &items[i]}
				w.vals = calendarRow(w.vals, &w.cal)
				if _, _, err := calendar.Add(wb.values(w.vals), xlsx.NoFill, nil, nil); err != nil {
					return err
				}
			}
		}
	}
	rules := wb.Table(rulesSheet, ruleColumns, xlsx.TableOptions{TitleRow: true, Big: true})
	wb.extra = append(wb.extra, rules)
	if err := rules.SetTitle(w.lawTitle()); err != nil {
		return err
	}
	for _, r := range w.opts.rules(w.tally.editionIDs()) {
		w.vals = ruleRow(w.vals, &r)
		if _, _, err := rules.Add(wb.values(w.vals), xlsx.NoFill, nil, nil); err != nil {
			return err
		}
	}
	guide := wb.Table(guideSheet, guideColumns, xlsx.TableOptions{Big: true})
	wb.extra = append(wb.extra, guide)
	for _, g := range guideRows(w.opts.words, w.opts.extra) {
		w.vals = append(w.vals[:0], text(g.table), text(g.column), text(g.value), text(g.meaning))
		if _, _, err := guide.Add(wb.values(w.vals), xlsx.NoFill, nil, nil); err != nil {
			return err
		}
	}
	for _, c := range wb.chains() {
		if err := c.Close(); err != nil {
			return err
		}
	}
	return nil
}

// Abort removes results.xlsx and the workbook's spill files.
func (w *bookSink) Abort() {
	_ = w.syncs.Wait()
	if w.file != nil {
		w.file.Remove()
	}
	w.cleanup()
}

// cleanup drops excelize's spill files and their folder.
func (w *bookSink) cleanup() {
	if w.lines != nil {
		w.lines.close()
	}
	if w.book != nil {
		w.book.Discard()
	}
	if w.tmpDir != "" {
		_ = os.RemoveAll(w.tmpDir)
		w.tmpDir = ""
	}
}
