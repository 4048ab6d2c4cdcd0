package synth

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"batch/pkg/compute"
)

// SampleOptions are the options of the committed samples: a statewide
// batch as an analyst would hold it on 2026-11-30, vacancies of 2025–2027.
func SampleOptions() Options {
	return Options{
		Rows:              340,
		Seed:              2026,
		FromYear:          2025,
		ToYear:            2027,
		AsOf:              compute.D(2026, time.November, 30),
		BadShare:          0.027, // 7 bad rows among 340
		ProclamationShare: 0.6,
		DuplicateShare:    0.008, // 2 exact copies
		BlankRowShare:     0.005, // 1 blank row
		BlankClassShare:   0.25,
		TextDateShare:     0.1,
		CauseWordShare:    0.25,
		IDPrefix:          "NY-",
	}
}

// sampleCalendarSheet is the Calendar sheet of statewide.xlsx: one holiday
// the governor proclaimed. It moves a last day: the 2027 designating
// petitions' last day is the twelfth Thursday preceding the primary of Tue
// 2027-06-22 (Thursdays Jun 17, 10, 3, May 27, 20, 13, 6, Apr 29, 22, 15,
// 8, 1), Thu 2027-04-01, which rolls to Fri 2027-04-02. It changes no
// election date.
var sampleCalendarSheet = []calendarRow{
	{year: 2027, holiday: compute.D(2027, time.April, 1), name: "Day of mourning (example: proclaimed by the governor)"},
}

// sampleCalendarFile is calendar.csv: the 2018 election days restated (the
// same dates the tool has built in, so nothing moves; the output's source
// column names the file), an added holiday, and the 2026 designating
// petitions' window restated as a deadline row with its reason and source
// (the same dates as the built-in one-year act: the output shows the
// file's reason and source where the dates appear).
var sampleCalendarFile = []calendarRow{
	{year: 2018, primary: compute.D(2018, time.September, 13), general: compute.D(2018, time.November, 6)},
	{year: 2026, holiday: compute.D(2026, time.December, 24), name: "Christmas Eve (example: proclaimed by the governor)"},
	{year: 2026, code: "designating_petition", windowStart: compute.D(2026, time.March, 30), date: compute.D(2026, time.April, 6),
		reason: "Passover: the 2026 filing period ends on Monday April 6", source: "one-year act of 2025 for 2026"},
}

// nycHeader is how the "NYC & Long Island" sheet names and orders its
// columns: the contract's aliases, in another order, as a second office
// would keep them.
var nycHeader = []struct {
	column, text string
}{
	{"vacancy_id", "ID"}, {"county", "County"}, {"district", "District"}, {"office", "Office Title"},
	{"office_class", "Class"}, {"incumbent", "Incumbent"}, {"cause", "Reason"},
	{"event_date", "Date of Event"}, {"term_start", "Term Start"}, {"term_end", "Term End"},
	{"appointable", "May Be Appointed"}, {"proclamation_date", "Proclamation Date"},
	{"special_election_date", "Special Election Date"}, {"special_session_date", "Special Session Date"},
	{"next_full_term_year", "Next Full Term Year"}, {"notes", "Notes"},
	{"board_contact", "Board Contact"}, {"entered_by", "Entered By"},
}

// WriteSamples writes statewide.xlsx, statewide.csv and calendar.csv into
// dir: the same vacancies in both, split in the workbook into sheets by
// region, with title rows above the Upstate header and aliased, reordered
// headers on the NYC & Long Island sheet.
func WriteSamples(dir string) error {
	o := SampleOptions()
	g := newGenerator(o)
	rows := make([]row, o.Rows)
	for i := range rows {
		rows[i] = g.next(i)
	}

	var csvBuf bytes.Buffer
	if err := writeRowsCSV(&csvBuf, rows); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "statewide.csv"), csvBuf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("synth: %w", err)
	}

	var upstateRows, nycRows, statewideRows []row
	for _, r := range rows {
		switch {
		case r.canon.statewide:
			statewideRows = append(statewideRows, r)
		case r.canon.region == nycLongIsland:
			nycRows = append(nycRows, r)
		default:
			upstateRows = append(upstateRows, r)
		}
	}
	canonical := make([]int, len(Columns))
	for i := range canonical {
		canonical[i] = i
	}
	nycOrder, nycText := make([]int, len(nycHeader)), make([]string, len(nycHeader))
	for i, h := range nycHeader {
		nycOrder[i], nycText[i] = columnIndex(h.column), h.text
	}
	sheets := []sheetSpec{
		{name: "Upstate", header: Columns, order: canonical, title: []string{
			"Vacancies in elective office: upstate counties",
			"Compiled from county board reports as of November 30, 2026",
		}},
		{name: "NYC & Long Island", header: nycText, order: nycOrder},
		{name: "Statewide", header: Columns, order: canonical},
	}
	for i, part := range [][]row{upstateRows, nycRows, statewideRows} {
		sheets[i].n = len(part)
		sheets[i].next = func() (row, bool) {
			if len(part) == 0 {
				return row{}, false
			}
			r := part[0]
			part = part[1:]
			return r, true
		}
	}
	path := filepath.Join(dir, "statewide.xlsx")
	out, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("synth: %w", err)
	}
	if err := writeWorkbook(out, sheets, sampleCalendarSheet, 6); err != nil {
		_ = out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("synth: %w", err)
	}

	var calBuf bytes.Buffer
	if err := writeCalendarCSV(&calBuf, sampleCalendarFile); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "calendar.csv"), calBuf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("synth: %w", err)
	}
	return nil
}

func columnIndex(name string) int {
	for i, c := range Columns {
		if c == name {
			return i
		}
	}
	return -1
}

func writeRowsCSV(buf *bytes.Buffer, rows []row) error {
	cw := csv.NewWriter(buf)
	_ = cw.Write(Columns)
	record := make([]string, len(Columns))
	cells := make([]cell, 0, len(Columns))
	for _, r := range rows {
		cells = r.cells(cells[:0])
		for j, c := range cells {
			record[j] = c.csvText()
		}
		_ = cw.Write(record)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("synth: write csv: %w", err)
	}
	return nil
}

func writeCalendarCSV(buf *bytes.Buffer, rows []calendarRow) error {
	cw := csv.NewWriter(buf)
	_ = cw.Write(calendarColumns)
	for _, r := range rows {
		_ = cw.Write([]string{fmt.Sprint(r.year), r.primary.String(), r.general.String(), r.holiday.String(), r.name,
			r.code, r.date.String(), r.windowStart.String(), r.reason, r.source})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("synth: write csv: %w", err)
	}
	return nil
}
