package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"batch/internal/printable"
	"batch/pkg/compute"
	"batch/pkg/pipeline"
)

// batch calendar: a year's political calendar, and its comparison with a
// published one (--against).

func calendarCommand(c *cli.Context) error {
	year := c.Int("year")
	if !c.IsSet("year") {
		return usagef("calendar needs --year YYYY")
	}
	if year < minYear || year > maxYear {
		return usagef("--year %d: give a four-digit year from %d to %d", year, minYear, maxYear)
	}
	law, err := lawOf(c)
	if err != nil {
		return err
	}
	class := compute.OfficeClass(strings.ToLower(strings.TrimSpace(c.String("class"))))
	// The words an analyst reaches for first, beside the class codes.
	switch class {
	case "congress":
		class = compute.USRepresentative
	case "us_senate":
		class = compute.USSenator
	}
	if class != "" && !slices.Contains(compute.OfficeClasses, class) {
		names := make([]string, len(compute.OfficeClasses))
		for i, k := range compute.OfficeClasses {
			names[i] = string(k)
		}
		if sug := pipeline.SuggestClass(c.String("class")); sug != "" {
			return usagef("--class %q: did you mean %s? Choose one of %s", c.String("class"), sug, strings.Join(names, ", "))
		}
		return usagef("--class %q: choose one of %s", c.String("class"), strings.Join(names, ", "))
	}
	month := 0
	if s := strings.TrimSpace(c.String("village-month")); s != "" {
		if class != compute.Village {
			return usagef("--village-month %q: only with --class village", s)
		}
		m, ok := pipeline.ParseMonth(s)
		if !ok {
			return usagef("--village-month %q: give a month, 1 to 12 or its name (March)", s)
		}
		month = m
	}
	var overrides []compute.Override
	if f := c.String("calendar"); f != "" {
		ov, problems, err := pipeline.CalendarOverrides(f, law)
		if err != nil {
			return err
		}
		for _, p := range problems {
			return fmt.Errorf("calendar %s column %s %q: %s", p.Source, p.Column, p.Value, p.Message)
		}
		overrides = ov
	}
	cal := compute.NewCalendar(law, overrides)
	items := compute.YearCalendar(cal, year, compute.CalendarOptions{Class: class, Base: c.Bool("base"), VillageMonth: month})
	if f := c.String("against"); f != "" {
		txt := textOut(c.App.Writer)
		defer txt.Flush()
		return against(terminalSafe{txt}, f, year, items)
	}
	header := []string{"code", "window_start", "statutory_date", "effective_date", "citation", "source", "law_edition", "base_date"}
	row := func(it compute.CalendarItem) []string {
		return []string{it.Code, it.WindowStart.String(), it.Statutory.String(), it.Effective.String(), it.Citation, it.Source,
			it.LawEdition, it.BaseDate.String()}
	}
	if c.Bool("csv") {
		cw := csv.NewWriter(c.App.Writer)
		_ = cw.Write(header)
		for _, it := range items {
			// Sources and holiday names come from calendar files: guarded
			// as every CSV the tool writes is.
			cells := row(it)
			for i := range cells {
				cells[i] = pipeline.GuardText(cells[i])
			}
			_ = cw.Write(cells)
		}
		_ = cw.Write([]string{"law_checked_through", "", law.CheckedThrough.String(), law.CheckedThrough.String(), "",
			"the law data's sources were last checked on this day; acts passed since are not included", law.Choice, ""})
		cw.Flush()
		return cw.Error()
	}
	txt := textOut(c.App.Writer)
	defer txt.Flush()
	w := io.Writer(terminalSafe{txt}) // holiday names and sources come from calendar files
	what := "statewide"
	if class != "" {
		what = string(class)
	}
	if c.Bool("base") {
		what += ", the permanent formula without the year's one-year act"
	}
	wrap(w, "", fmt.Sprintf("Political calendar %d (%s). %s.", year, what, lawLine(law)))
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "code\twindow start\tstatutory\teffective\tedition\tbase date")
	var notes []compute.CalendarItem
	for _, it := range items {
		code := it.Code
		if it.Code == "holiday" {
			code = "holiday: " + printable.Name(it.Source)
		} else {
			notes = append(notes, it)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", code, orDash(it.WindowStart.String()), orDash(it.Statutory.String()),
			orDash(it.Effective.String()), orDash(it.LawEdition), orDash(it.BaseDate.String()))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nCitations and sources (holidays: Gen. Constr. Law § 24):")
	for _, it := range notes {
		wrap(w, "  "+it.Code+": ", printable.Name(joinNotes(it.Citation, it.Source)))
	}
	return nil
}

// against compares a published calendar (code, date, optional
// window_start) with the computed one, prints every difference and
// returns an exit-3 error when there is one.
func against(w io.Writer, path string, year int, items []compute.CalendarItem) error {
	rows, problems, err := pipeline.PublishedCalendar(path)
	if err != nil {
		return err
	}
	for _, p := range problems {
		return fmt.Errorf("--against %s column %s %q: %s", p.Source, printable.Name(p.Column), p.Value, p.Message)
	}
	computed := map[string]compute.CalendarItem{}
	for _, it := range items {
		if _, ok := computed[it.Code]; !ok && it.Code != "holiday" {
			computed[it.Code] = it
		}
	}
	diffs, same := 0, 0
	report := func(code, what string) {
		diffs++
		wrap(w, "  "+code+": ", what)
	}
	fmt.Fprintf(w, "Comparing %s with the computed %d calendar:\n", printable.Name(path), year)
	for _, r := range rows {
		var code string
		var date, start compute.Date
		switch {
		case !r.Primary.IsZero():
			code, date = "primary", r.Primary
		case !r.General.IsZero():
			code, date = "general", r.General
		case r.Code != "":
			code, date, start = r.Code, r.Date, r.WindowStart
		default:
			continue // a holiday: the calendar's own list
		}
		if y := date.Year; r.Year != 0 {
			y = r.Year
			if y != year {
				continue
			}
		} else if y != year {
			continue
		}
		it, ok := computed[code]
		if !ok {
			report(printable.Name(code), fmt.Sprintf("published %s, but the computed %d calendar has no such code (%s)", date, year, printable.Name(r.Source)))
			continue
		}
		if it.Effective != date {
			report(code, fmt.Sprintf("published %s, computed %s (statutory %s; %s) — %s", date, it.Effective, it.Statutory, orDash(it.LawEdition), printable.Name(r.Source)))
		} else if !start.IsZero() && it.WindowStart != start {
			report(code, fmt.Sprintf("window opens %s published, %s computed — %s", start, orDash(it.WindowStart.String()), printable.Name(r.Source)))
		} else {
			same++
		}
	}
	fmt.Fprintf(w, "%d dates agree, %d differ.\n", same, diffs)
	if diffs > 0 {
		return thresholdError{fmt.Sprintf("calendar --against %s: %d differences", printable.Name(path), diffs)}
	}
	return nil
}

// joinNotes is "citation; source" without repeating a source that is the
// citation itself.
func joinNotes(citation, source string) string {
	switch {
	case source == "" || source == citation:
		return citation
	case citation == "":
		return source
	}
	return citation + "; " + source
}
