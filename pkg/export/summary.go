package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
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

// summaryDoc is summary.json. Struct fields keep the key order stable;
// the breakdown maps are written with sorted keys by encoding/json.
type summaryDoc struct {
	Version        string           `json:"version"`
	AsOf           string           `json:"as_of"`
	Edition        string           `json:"edition"` // how the law was picked (auto, or a fixed edition)
	Editions       []summaryEdition `json:"editions"`
	CheckedThrough string           `json:"law_checked_through"`
	Jobs           int              `json:"jobs"`
	Counts         summaryCounts    `json:"counts"`
	Inputs         []summaryInput   `json:"inputs"`
	Continued      []continuation   `json:"continued_sheets"`
	Upcoming       summaryAhead     `json:"next_14_days"`
	Timings        []timing         `json:"timings"`
	Duration       float64          `json:"duration_seconds"`
}

type summaryCounts struct {
	Vacancies     int            `json:"vacancies"`
	RejectedRows  int            `json:"rejected_rows"`
	Problems      int            `json:"problems"`
	BlankRows     int            `json:"blank_rows"`
	ByMethod      map[string]int `json:"by_method"`
	BySeverity    map[string]int `json:"by_severity"`
	ByCounty      map[string]int `json:"by_county"`
	ByOfficeClass map[string]int `json:"by_office_class"`
}

type summaryInput struct {
	Path     string   `json:"path"`
	SHA256   string   `json:"sha256"`
	Sheets   []string `json:"sheets"`
	Rows     int      `json:"rows"`
	Accepted int      `json:"accepted"`
	Rejected int      `json:"rejected"`
	Blank    int      `json:"blank"`
	Unread   []string `json:"sheets_not_read,omitempty"`
	Notes    []string `json:"notes,omitempty"`
}

type summaryAhead struct {
	From  string          `json:"from"`
	To    string          `json:"to"`
	Count int             `json:"count"`
	Shown []summaryOpenDL `json:"shown"`
}

type summaryOpenDL struct {
	EffectiveDate string `json:"effective_date"`
	Code          string `json:"code"`
	Kind          string `json:"kind"`
	WindowStart   string `json:"window_start"`
	VacancyID     string `json:"vacancy_id"`
	Office        string `json:"office"`
	District      string `json:"district"`
	County        string `json:"county"`
	Citation      string `json:"citation"`
}

func blankRows(info RunInfo) int {
	n := 0
	for _, in := range info.Inputs {
		n += in.Blank
	}
	return n
}

func (w *Writer) summaryJSON(info RunInfo, ts []timing, cont []continuation) ([]byte, error) {
	t := w.tally
	sev := map[string]int{}
	for _, c := range t.severityCounts() {
		sev[c.Key] = c.Count
	}
	doc := summaryDoc{
		Version: info.Version, AsOf: w.opts.AsOf.String(), Edition: w.lawChoice(), Editions: w.editionsUsed(),
		CheckedThrough: w.checkedThrough().String(), Jobs: info.Jobs,
		Counts: summaryCounts{Vacancies: t.vacancies, RejectedRows: t.rejected, Problems: t.problems,
			BlankRows: blankRows(info), ByMethod: t.byMethod, BySeverity: sev, ByCounty: t.byCounty,
			ByOfficeClass: t.byClass},
		Inputs:    []summaryInput{},
		Continued: cont,
		Upcoming: summaryAhead{From: t.from.String(), To: t.to.String(), Count: t.upcomingTotal,
			Shown: []summaryOpenDL{}},
		Timings:  ts,
		Duration: totalSeconds(ts),
	}
	if doc.Continued == nil {
		doc.Continued = []continuation{}
	}
	for _, in := range info.Inputs {
		sheets := in.Sheets
		if sheets == nil {
			sheets = []string{}
		}
		doc.Inputs = append(doc.Inputs, summaryInput{in.Path, in.SHA256, sheets, in.Rows, in.Accepted,
			in.Rejected, in.Blank, in.Unread, in.Notes})
	}
	for _, u := range t.upcomingSorted() {
		doc.Upcoming.Shown = append(doc.Upcoming.Shown, summaryOpenDL{u.date.String(), u.code, u.kind,
			u.windowStart.String(), u.vacancyID, u.office, u.district, u.county, u.citation})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // office names with "&" stay readable
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("export: write %s: %w", summaryName, err)
	}
	return b.Bytes(), nil
}

// summaryWriter writes the Summary sheet: what an analyst reads first.
type summaryWriter struct {
	wb  *workbook
	sw  *excelize.StreamWriter
	row int
}

func (s *summaryWriter) style(k styleKey) int {
	id, _ := s.wb.styles.id(k) // every key used here was made once already or is valid
	return id
}

// line writes one row: a bold label and the values after it.
func (s *summaryWriter) line(label string, vals ...value) error {
	cells, err := s.wb.row(vals, noFill, nil)
	if err != nil {
		return err
	}
	out := append([]any{excelize.Cell{StyleID: s.style(styleKey{mark: boldMark}), Value: guardText(label)}}, cells...)
	return s.put(out)
}

// head writes a header row of a small table.
func (s *summaryWriter) head(names ...string) error {
	id := s.style(styleKey{fill: headerFill, mark: boldMark})
	out := make([]any, len(names))
	for i, n := range names {
		out[i] = excelize.Cell{StyleID: id, Value: n}
	}
	return s.put(out)
}

func (s *summaryWriter) put(cells []any) error {
	s.row++
	if err := s.sw.SetRow("A"+strconv.Itoa(s.row), cells); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", summarySheet, err)
	}
	return nil
}

func (s *summaryWriter) gap() { s.row++ }

func (s *summaryWriter) counts(title string, cs []count) error {
	if err := s.head(title, "vacancies"); err != nil {
		return err
	}
	for _, c := range cs {
		if err := s.put(mustCells(s.wb, text(c.Key), number(c.Count))); err != nil {
			return err
		}
	}
	s.gap()
	return nil
}

// mustCells copies a plain row out of the workbook's reused buffer.
func mustCells(wb *workbook, vals ...value) []any {
	cells, _ := wb.row(vals, noFill, nil) // no fill, no mark: no style can fail to be made
	return append([]any(nil), cells...)
}

func (w *Writer) writeSummary(info RunInfo, ts []timing, cont []continuation) error {
	wb := w.book
	t := w.tally
	f := wb.f
	if err := f.SetSheetDimension(summarySheet, ""); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", summarySheet, err)
	}
	sw, err := f.NewStreamWriter(summarySheet)
	if err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", summarySheet, err)
	}
	for i, width := range []float64{42, 16, 22, 16, 16, 28, 12, 16, 28} {
		if err := sw.SetColWidth(i+1, i+1, width); err != nil {
			return fmt.Errorf("export: results.xlsx sheet %q: %w", summarySheet, err)
		}
	}
	s := &summaryWriter{wb: wb, sw: sw}
	steps := []func() error{
		func() error {
			return s.put([]any{excelize.Cell{StyleID: s.style(styleKey{mark: boldMark}),
				Value: "Vacancies: filling method, deadlines and conflicts"}})
		},
		func() error { s.gap(); return s.line("as of", date(w.opts.AsOf)) },
		func() error { return s.line("law applied", text(w.lawChoice())) },
		func() error { return s.line("law data checked through", date(w.checkedThrough())) },
		func() error { return s.line("version", text(info.Version)) },
		func() error { return s.line("jobs", number(info.Jobs)) },
		func() error {
			id := s.style(styleKey{num: secondsFormat})
			return s.put([]any{excelize.Cell{StyleID: s.style(styleKey{mark: boldMark}), Value: "run duration (s)"},
				excelize.Cell{StyleID: id, Value: totalSeconds(ts)}})
		},
		func() error {
			s.gap()
			for _, l := range []struct {
				label string
				n     int
			}{{"vacancies computed", t.vacancies}, {"rows rejected (see Errors)", t.rejected},
				{"problems listed on Errors", t.problems}, {"blank rows skipped", blankRows(info)}} {
				if err := s.line(l.label, number(l.n)); err != nil {
					return err
				}
			}
			return nil
		},
		func() error {
			s.gap()
			if len(cont) == 0 {
				return s.line("sheets", text("every table fits on one sheet"))
			}
			for _, c := range cont {
				msg := fmt.Sprintf("continues on %s (at most %d rows a sheet, header included)",
					strings.Join(c.Sheets[1:], ", "), wb.maxRows)
				if err := s.line(c.Table, text(msg)); err != nil {
					return err
				}
			}
			return nil
		},
		func() error { s.gap(); return w.summaryUpcoming(s) },
		func() error { s.gap(); return w.summaryLegend(s) },
		func() error { s.gap(); return w.summaryEditions(s) },
		func() error { s.gap(); return s.counts("filling method", sortedCounts(t.byMethod)) },
		func() error { return s.counts("severity (worst conflict)", t.severityCounts()) },
		func() error { return s.counts("county", sortedCounts(t.byCounty)) },
		func() error { return s.counts("office class", sortedCounts(t.byClass)) },
		func() error {
			if err := s.head("input", "sha256", "sheets", "rows", "accepted", "rejected", "blank"); err != nil {
				return err
			}
			for _, in := range info.Inputs {
				if err := s.put(mustCells(wb, text(in.Path), text(in.SHA256), text(strings.Join(in.Sheets, ", ")),
					number(in.Rows), number(in.Accepted), number(in.Rejected), number(in.Blank))); err != nil {
					return err
				}
				if err := s.inputNotes(in); err != nil {
					return err
				}
			}
			s.gap()
			return nil
		},
		func() error {
			if err := s.head("phase", "seconds"); err != nil {
				return err
			}
			id := s.style(styleKey{num: secondsFormat})
			for _, tm := range ts {
				if err := s.put([]any{guardText(tm.Phase), excelize.Cell{StyleID: id, Value: tm.Seconds}}); err != nil {
					return err
				}
			}
			return nil
		},
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return fmt.Errorf("export: results.xlsx sheet %q: %w", summarySheet, err)
	}
	return nil
}

// inputNotes writes, under an input's line, the sheets that were not read
// and the notes on rows that were.
func (s *summaryWriter) inputNotes(in Input) error {
	for _, sheet := range in.Unread {
		if err := s.put(mustCells(s.wb, text("  sheet not read: "+sheet),
			text("it holds data but no header row naming office and cause; see Errors"))); err != nil {
			return err
		}
	}
	for _, n := range in.Notes {
		if err := s.put(mustCells(s.wb, text("  note"), text(n))); err != nil {
			return err
		}
	}
	return nil
}

func (w *Writer) summaryUpcoming(s *summaryWriter) error {
	t := w.tally
	if t.from.IsZero() {
		return s.line("open deadlines in the next 14 days", text("no as-of date given"))
	}
	title := fmt.Sprintf("open deadlines %s to %s", t.from, t.to)
	if err := s.line(title, number(t.upcomingTotal)); err != nil {
		return err
	}
	if t.upcomingTotal == 0 {
		return nil
	}
	if err := s.head("effective_date", "code", "kind", "window_start", "vacancy_id", "office",
		"district", "county", "citation"); err != nil {
		return err
	}
	for _, u := range t.upcomingSorted() {
		if err := s.put(mustCells(s.wb, date(u.date), text(u.code), text(u.kind), date(u.windowStart),
			text(u.vacancyID), text(u.office), text(u.district), text(u.county), text(u.citation))); err != nil {
			return err
		}
	}
	if more := t.upcomingTotal - len(t.upcoming); more > 0 {
		return s.line(fmt.Sprintf("… and %d more", more),
			text("filter Deadlines: status = open, effective_date up to "+t.to.String()))
	}
	return nil
}

func (w *Writer) summaryLegend(s *summaryWriter) error {
	if err := s.head("legend", "meaning"); err != nil {
		return err
	}
	sample := date(w.opts.AsOf)
	if w.opts.AsOf.IsZero() {
		sample = date(compute.D(2026, 1, 2))
	}
	for _, l := range []struct {
		key    styleKey
		sample value
		text   string
	}{
		{styleKey{fill: redFill}, text("error"), "row with an error-severity conflict: its conflicts cell links to the conflict on Conflicts"},
		{styleKey{fill: amberFill}, text("warning"), "row with a warning-severity conflict"},
		{styleKey{num: dateFormat, mark: rolledMark}, sample, "date moved to the next business day (Elec. Law § 1-106); rolled_over = yes"},
		{styleKey{mark: passedMark}, text("passed"), "deadline already passed on the as-of date"},
		{styleKey{num: dateFormat, mark: rolledPassed}, sample, "both: moved, and passed"},
		{styleKey{mark: linkMark}, text("CODE"), "link to the vacancy's first line on Conflicts"},
	} {
		id, err := s.wb.styles.id(l.key)
		if err != nil {
			return err
		}
		c := excelize.Cell{StyleID: id, Value: l.sample.text}
		if l.sample.kind == dateCell {
			c.Value = excelSerial(l.sample.date)
		}
		if err := s.put([]any{c, l.text}); err != nil {
			return err
		}
	}
	return nil
}

// summaryEditions lists the editions and one-year acts the rows used.
func (w *Writer) summaryEditions(s *summaryWriter) error {
	if err := s.head("edition or act", "in force from", "act", "vacancies", "deadline rows"); err != nil {
		return err
	}
	for _, e := range w.editionsUsed() {
		if err := s.put(mustCells(s.wb, text(e.ID), text(e.InForceFrom), text(e.Act), number(e.Vacancies), number(e.DeadlineRows))); err != nil {
			return err
		}
	}
	return nil
}
