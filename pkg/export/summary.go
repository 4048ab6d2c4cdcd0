package export

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"batch/pkg/compute"
	"batch/pkg/export/internal/xlsx"
)

// timing is one timed phase as Summary and summary.json show it.
type timing struct {
	Phase   string  `json:"phase"`
	Seconds float64 `json:"seconds"`
}

func timings(info RunInfo, export time.Duration) []timing {
	out := make([]timing, 0, len(info.Phases)+1)
	for _, p := range info.Phases {
		out = append(out, timing{p.Name, seconds(p.Duration)})
	}
	return append(out, timing{"export", seconds(export)})
}

func seconds(d time.Duration) float64 {
	return float64(d.Milliseconds()) / 1000
}

func totalSeconds(ts []timing) float64 {
	var ms int64
	for _, t := range ts {
		ms += int64(t.Seconds*1000 + 0.5)
	}
	return float64(ms) / 1000
}

// continuation says which tables ran over several sheets.
type continuation struct {
	Table  string   `json:"table"`
	Sheets []string `json:"sheets"`
}

// summaryWidths are Summary's columns. Its tables share them: what needs
// action (severity, vacancy, office, county, conflict, what is wrong, next
// deadline), the next deadlines (date, vacancy, office, county, days left,
// what must be filed, citation), the counts and the run's details, whose
// labels ("rows rejected (see Errors)", in bold) the first column fits.
var summaryWidths = []float64{30, 16, 28, 13, 24, 62, 18}

// summaryWriter writes the Summary sheet: what an analyst, or a recipient
// who never ran the tool, reads first.
type summaryWriter struct {
	wb *workbook
	*xlsx.Sheet
}

// title writes a bold line; its text runs on over the empty cells beside it.
func (s *summaryWriter) title(text string) error {
	return s.Line(xlsx.Cell{Value: xlsx.Value{Text: text}, Mark: xlsx.Bold})
}

// sentence writes a plain line of the tool's own words.
func (s *summaryWriter) sentence(text string) error {
	return s.Line(xlsx.Cell{Value: xlsx.Value{Text: text}})
}

// row writes a row of a small table: wrapped, as tall as its text needs.
func (s *summaryWriter) row(fill xlsx.Fill, vals ...value) error {
	return s.Row(fill, nil, s.wb.values(vals)...)
}

// line writes one row: a bold label and the values after it. A label may
// echo the input (a sheet's name).
func (s *summaryWriter) line(label string, vals ...value) error {
	l := text(label)
	cells := []xlsx.Cell{{Value: l.book(), Mark: xlsx.Bold}}
	for _, v := range vals {
		cells = append(cells, xlsx.Cell{Value: v.book()})
	}
	return s.Line(cells...)
}

func (s *summaryWriter) counts(title string, cs []count) error {
	if err := s.Head(title, "vacancies"); err != nil {
		return err
	}
	for _, c := range cs {
		if err := s.row(xlsx.NoFill, text(c.Key), number(c.Count)); err != nil {
			return err
		}
	}
	s.Gap()
	return nil
}

// plural is "1 vacancy", "2 vacancies".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// writeSummary writes Summary, most urgent first: the vacancies with
// errors, then those with warnings, then the next open deadlines; the
// legend and the counts below them, and the run's details (version, jobs,
// inputs and their hashes, timings) last.
func (w *bookSink) writeSummary(run *Facts, ts []timing, cont []continuation) error {
	info := run.RunInfo
	wb := w.book
	t := w.tally
	// The vacancy_id column holds links, which LibreOffice does not wrap:
	// it is as wide as the longest id it lists.
	widths := slices.Clone(summaryWidths)
	longest := 0
	for _, list := range []*bounded[action]{&t.errors, &t.warnings} {
		for _, a := range list.items {
			longest = max(longest, utf8.RuneCountInString(a.vacancyID))
		}
	}
	for _, u := range t.nextDeadlines() {
		longest = max(longest, utf8.RuneCountInString(u.vacancyID))
	}
	widths[1] = min(max(widths[1], float64(longest+2)), xlsx.MaxWidth)
	sheet, err := wb.Sheet(summarySheet, widths)
	if err != nil {
		return err
	}
	s := &summaryWriter{wb: wb, Sheet: sheet}
	steps := []func() error{
		func() error {
			head := "Vacancies" + w.sliceTitle() + ": what needs action"
			if !w.opts.AsOf.IsZero() {
				head += ", as of " + w.opts.AsOf.String()
			}
			return s.title(head)
		},
		func() error {
			inputs := plural(len(info.Inputs), "input file", "input files")
			msg := fmt.Sprintf("%s computed from %s; %s with errors, %s with warnings, %s with notes only (info).",
				plural(t.vacancies, "vacancy", "vacancies"), inputs, plural(t.bySeverity[compute.Error], "vacancy", "vacancies"),
				plural(t.bySeverity[compute.Warning], "vacancy", "vacancies"), plural(t.bySeverity[compute.Info], "vacancy", "vacancies"))
			return s.sentence(msg)
		},
		func() error { return w.summarySplit(s) },
		func() error {
			if t.rejected == 0 {
				return s.sentence("Every input row was read; none was rejected.")
			}
			if err := s.sentence(fmt.Sprintf("%s rejected: fix them and run again (see Errors: %s).",
				plural(t.rejected, "row was", "rows were"), plural(t.problems, "problem", "problems"))); err != nil {
				return err
			}
			return s.Link(0, "'"+errorsSheet+"'!A1")
		},
		func() error {
			return s.sentence("Law applied: " + w.lawChoice() + "; the law data was last checked on " + w.checkedThrough().String() + ".")
		},
		func() error {
			if err := s.sentence("What each column means, and every value a coded column takes: the " + guideSheet + " sheet."); err != nil {
				return err
			}
			return s.Link(0, "'"+guideSheet+"'!A1")
		},
		func() error { s.Gap(); return w.summaryActions(s, compute.Error) },
		func() error { s.Gap(); return w.summaryActions(s, compute.Warning) },
		func() error { return w.summaryElections(s) },
		func() error { s.Gap(); return w.summaryNext(s) },
		func() error { s.Gap(); return w.summaryVerify(s) },
		func() error { s.Gap(); return w.summaryLegend(s) },
		func() error { s.Gap(); return w.summaryEditions(s) },
		func() error { s.Gap(); return s.counts("filling method", sortedCounts(t.byMethod)) },
		func() error { return s.counts("severity (worst conflict)", t.severityCounts()) },
		func() error { return s.counts("county", sortedCounts(t.byCounty)) },
		func() error { return s.counts("office class", sortedCounts(t.byClass)) },
		func() error { return w.summaryRun(s, info, ts, cont) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return s.Close()
}

// summaryActions lists the vacancies of one severity, soonest next
// deadline first, each linked to its row on Vacancies.
func (w *bookSink) summaryActions(s *summaryWriter, sev compute.Severity) error {
	t := w.tally
	list, total, name, ask, fill := &t.errors, t.errorTotal, "errors", "fix these first", xlsx.Red
	if sev == compute.Warning {
		list, total, name, ask, fill = &t.warnings, t.warningTotal, "warnings", "check these", xlsx.Amber
	}
	if total == 0 {
		return s.title("Vacancies with " + name + ": none.")
	}
	if err := s.title(fmt.Sprintf("Vacancies with %s: %d — %s", name, total, ask)); err != nil {
		return err
	}
	if err := s.Head("severity", "vacancy_id", "office", "county", "conflict", "what is wrong", "next deadline"); err != nil {
		return err
	}
	for _, a := range list.sorted() {
		what := a.message
		if a.more > 0 {
			what += " (" + plural(a.more, "more conflict", "more conflicts") + " on Conflicts.)"
		}
		if err := s.row(fill, text(a.severity.String()), text(a.vacancyID), text(a.seat), text(a.county),
			text(a.code), text(what), date(a.next)); err != nil {
			return err
		}
		sheet, row := w.book.vacancies.PlaceOf(a.seq)
		if err := s.Link(1, "'"+sheet+"'!A"+strconv.Itoa(row)); err != nil {
			return err
		}
	}
	if more := total - list.len(); more > 0 {
		return s.sentence(fmt.Sprintf("… and %d more: filter Vacancies on severity = %s.", more, sev))
	}
	return nil
}

// inputNotes writes, under an input's line, the sheets that were not read
// and the notes on rows that were.
func (s *summaryWriter) inputNotes(in Input) error {
	for _, sheet := range in.Unread {
		if err := s.line("  sheet not read: "+sheet,
			text("it holds data but no header row naming office and cause; see Errors")); err != nil {
			return err
		}
	}
	for _, n := range in.Notes {
		if err := s.line("  note", text(n)); err != nil {
			return err
		}
	}
	return nil
}

// summaryNext lists the next open deadlines: at least the next
// soonestCap, whatever their distance, and every one of the next 14 days.
func (w *bookSink) summaryNext(s *summaryWriter) error {
	t := w.tally
	if t.from.IsZero() {
		return s.title("Next open deadlines: no as-of date was given.")
	}
	if t.openTotal == 0 {
		return s.title("Next open deadlines: none; on " + t.from.String() + " every deadline has passed, was met or does not apply.")
	}
	next := t.nextDeadlines()
	if err := s.title(fmt.Sprintf("Next open deadlines: the first %d of %d open on %s", len(next), t.openTotal, t.from)); err != nil {
		return err
	}
	if err := s.Head("last day", "vacancy_id", "office", "county", "days left", "what must be filed", "citation"); err != nil {
		return err
	}
	for _, u := range next {
		what := w.opts.words.nextTitle(u, t.from)
		if u.verify != "" {
			what += " — verify the date (see Dates to verify)"
		}
		if u.ifNoSpecial {
			what += ifNoSpecialNote
		}
		if u.dup != "" {
			what += duplicateNote(u.dup)
		}
		if err := s.row(xlsx.NoFill, date(u.date), text(u.vacancyID), text(u.seat), text(u.county),
			text(daysLeft(t.from, u.date)), text(what), text(u.citation)); err != nil {
			return err
		}
		sheet, row := w.book.vacancies.PlaceOf(u.seq)
		if err := s.Link(1, "'"+sheet+"'!A"+strconv.Itoa(row)); err != nil {
			return err
		}
	}
	if more := t.openTotal - len(next); more > 0 {
		return s.sentence(fmt.Sprintf("… and %d more on Deadlines, whose open rows come first, soonest first.", more))
	}
	return nil
}

// summaryVerify says, once per rule, how many open deadlines rest on text
// still unverified and what to check their dates against; Deadlines marks
// each such row in its verify column.
func (w *bookSink) summaryVerify(s *summaryWriter) error {
	lines := w.tally.verify.lines()
	if w.tally.from.IsZero() || len(lines) == 0 {
		return s.title("Dates to verify: none; every open deadline rests on text that was read or that the state board's calendar confirms.")
	}
	total := 0
	for _, l := range lines {
		total += l.Open
	}
	if err := s.title(fmt.Sprintf("Dates to verify: %s rest on %s whose text is not verified — check them by hand (Deadlines, column verify)",
		plural(total, "open deadline", "open deadlines"), plural(len(lines), "rule", "rules"))); err != nil {
		return err
	}
	if err := s.Head("rule", "open deadlines", "what to check"); err != nil {
		return err
	}
	for _, l := range lines {
		if err := s.row(xlsx.NoFill, text(l.Rule), number(l.Open), text(l.Check)); err != nil {
			return err
		}
	}
	return nil
}

// nextTitle is what an open deadline asks, in words, on the as-of date: a
// window not yet open says when it opens. A signing period is named as
// signing ("Signing designating petitions: the first day to sign is
// 2027-02-24; signing ends on the last day to file them"), never as filing.
func (lw *lawWords) nextTitle(u upcoming, asOf compute.Date) string {
	w := lw.of(u.code)
	opens := u.kind == string(compute.Window) && u.windowStart.After(asOf)
	switch {
	case w.verb == "sign" && opens:
		return "Signing " + w.what + ": the first day to sign is " + u.windowStart.String() + "; signing ends on the last day to file them"
	case w.verb == "sign":
		return "Signing " + w.what + " ends: the last day to file them"
	case opens && w.electionDay:
		return lw.lastDayTitle(u.code) + " (the earliest: " + u.windowStart.String() + ")"
	case opens:
		return lw.lastDayTitle(u.code) + " (filing opens " + u.windowStart.String() + ")"
	}
	return lw.lastDayTitle(u.code)
}

// legendRow is one line of the legend: a sample cell in the style, and
// what it means.
type legendRow struct {
	fill    xlsx.Fill
	mark    xlsx.Mark
	sample  value
	meaning string
}

// severityLegend says what each severity asks of the reader, info
// included; Summary and the column guide both show it.
var severityLegend = []struct{ severity, meaning string }{
	{"error", "The law forbids what the row says, or its dates contradict each other: fix the row (red)."},
	{"warning", "Check the row: the tool could not be sure, or a date needs a person's eye (amber)."},
	{"info", "A note, nothing to fix: something the law did, such as a deadline moved off a weekend or holiday."},
	{"(blank)", "No conflict."},
}

func (w *part) legendRows() []legendRow {
	sample := date(w.opts.AsOf)
	if w.opts.AsOf.IsZero() {
		sample = date(compute.D(2026, 1, 2))
	}
	rows := []legendRow{
		{xlsx.Red, 0, text("error"), severityLegend[0].meaning},
		{xlsx.Amber, 0, text("warning"), severityLegend[1].meaning},
		{xlsx.NoFill, 0, text("info"), severityLegend[2].meaning + " Not highlighted."},
		{xlsx.NoFill, xlsx.Rolled, sample, "A date moved to the next business day (" + w.opts.words.rollOver() + "); rolled_over = yes."},
		{xlsx.NoFill, xlsx.Passed, text("passed"), "A deadline that needs nothing more: passed on the as-of date, met (the input records it done) or not applicable. On Deadlines these rows come after the open ones."},
		{xlsx.NoFill, xlsx.RolledPassed, sample, "Both: moved, and needing nothing more."},
		{xlsx.NoFill, xlsx.Linked, text("CODE"), "A link: a vacancy's conflicts cell goes to its most severe line on Conflicts; a Conflicts line's vacancy_id goes back to the vacancy."},
	}
	return rows
}

func (w *bookSink) summaryLegend(s *summaryWriter) error {
	if err := s.Head("legend", "meaning"); err != nil {
		return err
	}
	for _, l := range w.legendRows() {
		if err := s.Line(xlsx.Cell{Value: l.sample.book(), Fill: l.fill, Mark: l.mark}, xlsx.Cell{Value: xlsx.Value{Text: l.meaning}}); err != nil {
			return err
		}
	}
	return nil
}

// summaryRun writes the run's details, last: what an operator checks,
// not what a recipient acts on.
func (w *bookSink) summaryRun(s *summaryWriter, info RunInfo, ts []timing, cont []continuation) error {
	t := w.tally
	if err := s.title("The run"); err != nil {
		return err
	}
	for _, l := range []struct {
		label string
		v     value
	}{
		{"as of", date(w.opts.AsOf)}, {"law applied", text(w.lawChoice())},
		{"law data checked through", date(w.checkedThrough())},
		{"version", text(info.Version)}, {"jobs", number(info.Jobs)},
		{"vacancies computed", number(t.vacancies)}, {"rows rejected (see Errors)", number(t.rejected)},
		{"problems listed on Errors", number(t.problems)}, {"blank rows skipped", number(blankRows(info))},
	} {
		if err := s.line(l.label, l.v); err != nil {
			return err
		}
	}
	if err := s.Line(xlsx.Cell{Value: xlsx.Value{Text: "run duration (s)"}, Mark: xlsx.Bold},
		xlsx.Cell{Value: xlsx.Value{Kind: xlsx.Seconds}, F: totalSeconds(ts)}); err != nil {
		return err
	}
	if len(cont) == 0 {
		if err := s.line("sheets", text("every table fits on one sheet")); err != nil {
			return err
		}
	}
	for _, c := range cont {
		msg := fmt.Sprintf("continues on %s (at most %d rows a sheet, header included)",
			strings.Join(c.Sheets[1:], ", "), w.opts.maxRows)
		if err := s.line(c.Table, text(msg)); err != nil {
			return err
		}
	}
	s.Gap()
	if err := s.Head("input", "rows", "accepted", "rejected", "blank", "sha256", "sheets"); err != nil {
		return err
	}
	for _, in := range info.Inputs {
		if err := s.row(xlsx.NoFill, text(in.Path), number(in.Rows), number(in.Accepted), number(in.Rejected),
			number(in.Blank), text(in.SHA256), text(strings.Join(in.Sheets, ", "))); err != nil {
			return err
		}
		if err := s.inputNotes(in); err != nil {
			return err
		}
	}
	if err := s.summaryOverrides(info); err != nil {
		return err
	}
	s.Gap()
	if err := s.Head("phase", "seconds"); err != nil {
		return err
	}
	for _, tm := range ts {
		if err := s.Line(xlsx.Cell{Value: xlsx.Value{Text: tm.Phase}}, xlsx.Cell{Value: xlsx.Value{Kind: xlsx.Seconds}, F: tm.Seconds}); err != nil {
			return err
		}
	}
	return nil
}

// summaryEditions lists the editions and one-year acts the rows used.
func (w *bookSink) summaryEditions(s *summaryWriter) error {
	if err := s.Head("edition or act", "in force from", "act", "vacancies", "deadline rows"); err != nil {
		return err
	}
	for _, e := range w.editionsUsed() {
		// Table cells, wrapped within their columns: an act's name
		// ("one-year act of 2025 for 2026 (chapter not verified)") is
		// longer than its column, and was cut at the next one in print.
		if err := s.row(xlsx.NoFill, text(e.ID), text(e.InForceFrom), text(e.Act), number(e.Vacancies), number(e.DeadlineRows)); err != nil {
			return err
		}
	}
	return nil
}
