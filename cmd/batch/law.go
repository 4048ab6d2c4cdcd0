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
	"batch/pkg/export"
	"batch/pkg/ingest"
	"batch/pkg/nylaw"
)

// The commands that show the law: explain, rules and calendar, and the
// --edition flag every law-reading command takes.

// lawOf reads --edition: "auto" (the edition in force on each date) or one
// edition's id, applied to every date.
func lawOf(c *cli.Context) (*compute.Law, error) {
	id := strings.TrimSpace(c.String("edition"))
	if id == "" || strings.EqualFold(id, "auto") {
		return nylaw.NewYork, nil
	}
	law, err := nylaw.NewYork.Fixed(strings.ToUpper(id))
	if err != nil {
		return nil, usagef("%s %q: choose auto or one of %s", origin(c, "edition"), id, strings.Join(editionIDs(), ", "))
	}
	return law, nil
}

func editionIDs() []string {
	ids := make([]string, len(nylaw.NewYork.Editions))
	for i := range nylaw.NewYork.Editions {
		ids[i] = nylaw.NewYork.Editions[i].ID
	}
	return ids
}

// lawChoice says how the law was picked, as summary.json's "edition".
func lawChoice(law *compute.Law) string {
	if law == nil || law.Auto() {
		return "auto: the edition in force on each date (see law_edition)"
	}
	return law.Choice + ", fixed by --edition for every date"
}

// lawLine names the law a command applied and how fresh its data is.
func lawLine(law *compute.Law) string {
	choice := "auto (the edition in force on each date)"
	if !law.Auto() {
		choice = law.Choice + " (fixed by --edition, for every date)"
	}
	return "Law: " + law.Name + ", " + choice + "; data checked through " + law.CheckedThrough.String()
}

func printExplanation(w io.Writer, r *compute.Result, asOf compute.Date, law *compute.Law) {
	v := r.Vacancy
	fmt.Fprintf(w, "%s (%s)\n", v.ID, v.Source)
	fmt.Fprintf(w, "  %s — %s, %s, district %s, county %s\n", v.Office, v.Class, v.Cause, orDash(v.District), orDash(v.County))
	wrap(w, "  ", lawLine(law)+"; this row: law_edition "+orDash(r.LawEdition)+".")

	fmt.Fprintln(w, "\nReasoning (every step considered, in order; applies = no says why not below):")
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  #\tstep\tapplies\tedition\tdecided by the edition in force on")
	for i, s := range r.Steps {
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%s\n", i+1, s.Rule, yesNo(s.Applies), orDash(s.Edition), orDash(s.Keyed))
	}
	tw.Flush()
	fmt.Fprintln(w)
	for i, s := range r.Steps {
		text := s.Text
		if s.Citation != "" {
			text += " [" + s.Citation + "]"
		}
		wrap(w, fmt.Sprintf("  %d. ", i+1), text)
	}
	var keys []string
	for _, s := range r.Steps {
		if s.Keying != "" && !slices.Contains(keys, s.Keying) {
			keys = append(keys, s.Keying)
		}
	}
	if len(keys) > 0 {
		fmt.Fprintln(w, "\nWhy those editions (the keying rule, an interpretation: no act states a transition rule):")
		for _, k := range keys {
			wrap(w, "  - ", k+".")
		}
	}

	result := "Result: " + r.Method.Words() + " (filling_method " + string(r.Method) + ")"
	if !r.FillingElection.IsZero() {
		result += ", election " + r.FillingElection.String()
	}
	fmt.Fprintln(w)
	wrap(w, "", result+"; vacant since "+orDash(r.VacancyDate.String()))
	if line := governsLine(r); line != "" {
		wrap(w, "  ", line)
	}
	wrap(w, "  ", r.Explanation)
	if len(r.Deadlines) > 0 {
		printToDo(w, r, asOf)
	}
	if len(r.Deadlines) > 0 {
		fmt.Fprintf(w, "\nDeadlines (status as of %s; (v): verify the date, see its note below the table):\n", asOf)
		tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  code\twindow start\tstatutory\teffective\tstatus\tedition\tbase date")
		for _, d := range r.Deadlines {
			status := string(d.Status)
			switch {
			case d.Unknown:
				status = "unknown"
			case !d.Applies:
				status = "n/a"
			case d.RolledOver:
				status += ", moved"
			}
			if d.Verify != "" {
				status += " (v)"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\n", d.Code, orDash(d.WindowStart.String()),
				orDash(d.Statutory.String()), orDash(d.Effective.String()), status, orDash(d.LawEdition), orDash(d.BaseDate.String()))
		}
		tw.Flush()
		fmt.Fprintln(w)
		for _, d := range r.Deadlines {
			note := d.Citation
			switch {
			case d.Unknown:
				note += "; whether it applies is unknown: " + d.Reason
			case !d.Applies:
				note += "; does not apply: " + d.Reason
			case d.Reason != "":
				note += "; " + d.Reason
			}
			if s := law.Corroboration(&d); s != "" {
				note += "; " + s
			}
			if d.RolledOver {
				note += "; moved from " + d.Statutory.String() + " by § 1-106"
			}
			if d.Verify != "" {
				note += "; verify: " + d.Verify
			}
			wrap(w, "  "+d.Code+": ", note)
		}
	}
	if len(r.Conflicts) > 0 {
		fmt.Fprintln(w, "\nConflicts:")
		for _, cf := range r.Conflicts {
			wrap(w, fmt.Sprintf("  %-7s ", cf.Severity), cf.Code+" ("+orDash(cf.Field)+"): "+cf.Message+" ["+orDash(cf.Citation)+"]")
		}
	}
}

// governsLine names the law that governs the row and who acts under it
// (the Vacancies columns governing_law … charter_paragraph), "" when
// none is known.
func governsLine(r *compute.Result) string {
	var parts []string
	for _, x := range []struct{ name, value string }{
		{"governing_law", r.GoverningLaw}, {"appointing_authority", r.AppointingAuthority},
		{"appointment_until", r.AppointmentUntil.String()}, {"proclaiming_officer", r.ProclaimingOfficer},
		{"remainder_election_date", r.RemainderElection.String()}, {"charter_paragraph", r.CharterParagraph},
	} {
		if x.value != "" {
			parts = append(parts, x.name+" "+x.value)
		}
	}
	return strings.Join(parts, "; ")
}

// printToDo lists what someone must still do, soonest first: the
// deadlines still open (Deadline.Actionable), each with its verify mark.
// A met duty or a set election day is not on it; the table below has every
// row.
func printToDo(w io.Writer, r *compute.Result, asOf compute.Date) {
	var todo []*compute.Deadline
	for i := range r.Deadlines {
		if d := &r.Deadlines[i]; d.Actionable() {
			todo = append(todo, d)
		}
	}
	if len(todo) == 0 {
		fmt.Fprintf(w, "\nStill to do as of %s: nothing; every deadline has passed, was met or does not apply.\n", asOf)
		return
	}
	slices.SortStableFunc(todo, func(a, b *compute.Deadline) int { return a.Effective.Compare(b.Effective) })
	fmt.Fprintf(w, "\nStill to do as of %s (%d):\n", asOf, len(todo))
	for _, d := range todo {
		line := d.Effective.String() + "  " + d.Code
		if !d.WindowStart.IsZero() && d.WindowStart.After(asOf) {
			line += " (opens " + d.WindowStart.String() + ")"
		}
		if d.Verify != "" {
			line += " — verify: " + d.Verify
		}
		wrap(w, "  ", line)
	}
}

func rulesCommand(c *cli.Context) error {
	law, err := lawOf(c)
	if err != nil {
		return err
	}
	var f compute.RulesFilter
	if s := c.String("as-of"); s != "" {
		d, err := parseAsOf(s, origin(c, "as-of"))
		if err != nil {
			return err
		}
		f.AsOf = d
	}
	rules := compute.RulesOf(law, f)
	w := c.App.Writer
	if c.Bool("csv") {
		cw := csv.NewWriter(w)
		_ = cw.Write([]string{"code", "citation", "counting", "roll_over", "in_force_from", "in_force_to", "words", "note", "edition", "offices", "mark"})
		for _, r := range rules {
			_ = cw.Write([]string{r.Code, r.Citation, r.Counting, yesNo(r.RollOver),
				r.InForceFrom.String(), r.InForceTo.String(), r.Words, r.Note, r.Edition, r.Offices, string(r.Mark)})
		}
		cw.Flush()
		return cw.Error()
	}
	txt := textOut(w)
	defer txt.Flush()
	w = txt
	fmt.Fprintln(w, lawLine(law))
	if !f.AsOf.IsZero() {
		fmt.Fprintf(w, "%d rules in force on %s\n", len(rules), f.AsOf)
	} else {
		fmt.Fprintf(w, "%d rules, every edition\n", len(rules))
	}
	for _, r := range rules {
		head := "\n" + r.Code
		if r.Offices != "" {
			head += " (" + r.Offices + ")"
		}
		fmt.Fprintf(w, "%s — %s\n", head, orDash(r.Citation))
		if r.Edition != "" || !r.InForceFrom.IsZero() || !r.InForceTo.IsZero() {
			fmt.Fprintf(w, "  %s in force: %s to %s\n", orDash(r.Edition), orDash(r.InForceFrom.String()), orDash(r.InForceTo.String()))
		}
		if r.Counting != "" {
			text := r.Counting
			if r.RollOver {
				text += "; a last day on a weekend or holiday moves to the next business day (§ 1-106)"
			}
			wrap(w, "  counting: ", text)
		}
		if r.Words != "" {
			wrap(w, "  ", fmt.Sprintf("%q", r.Words))
		}
		if r.Mark != compute.Sourced && r.Mark != "" {
			fmt.Fprintf(w, "  marked: %s\n", r.Mark)
		}
		if r.Note != "" {
			wrap(w, "  note: ", r.Note)
		}
	}
	return nil
}

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
		if sug := ingest.SuggestClass(c.String("class"), ""); len(sug) > 0 {
			return usagef("--class %q: did you mean %s? Choose one of %s", c.String("class"), ingest.ClassChoices(sug), strings.Join(names, ", "))
		}
		return usagef("--class %q: choose one of %s", c.String("class"), strings.Join(names, ", "))
	}
	month := 0
	if s := strings.TrimSpace(c.String("village-month")); s != "" {
		if class != compute.Village {
			return usagef("--village-month %q: only with --class village", s)
		}
		m, ok := ingest.ParseMonth(s)
		if !ok {
			return usagef("--village-month %q: give a month, 1 to 12 or its name (March)", s)
		}
		month = m
	}
	var overrides []compute.Override
	if f := c.String("calendar"); f != "" {
		ov, problems, err := ingest.CalendarOverridesFor(f, false, law)
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
				cells[i] = export.GuardText(cells[i])
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
	rows, problems, err := ingest.CalendarOverrides(path, false)
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
