package pipeline

import (
	"fmt"
	"strings"

	"batch/pkg/compute"
	"batch/pkg/export"
	"batch/pkg/ingest"
)

// Whose calendar (issue 35). A --calendar file is the operator's: it
// applies to every input. A Calendar sheet inside an input workbook is
// that workbook's sender's: it applies to that workbook's rows only. A
// county board's sheet adding a holiday (the sample's fictional day of
// mourning) moved another county's petitions by a day when every sheet
// applied to every input: a sender speaks for its own rows, and what
// holds statewide is the operator's to give, once, with --calendar.
// Where --calendar and a sheet date the same thing, --calendar wins, as
// it did. Every override is named where it is applied: the reason of each
// date it moved, the Summary, summary.json and the digest.

// calendars are the run's calendars: one for the rows of inputs without
// a Calendar sheet, one for each input that has one.
type calendars struct {
	all    *compute.Calendar            // the law with --calendar
	byFile map[string]*compute.Calendar // an input's Calendar sheet on top, by its rows' Source.File
	// overrides are every override of the run (the sheets' then
	// --calendar's), for the snapshot's fingerprint.
	overrides []compute.Override
	// applied names each override and the rows it applies to.
	applied []export.CalendarOverride
}

// oneCalendar is the calendars of a run with no Calendar sheet.
func oneCalendar(cal *compute.Calendar) *calendars { return &calendars{all: cal} }

// of is the calendar a row is computed with.
func (c *calendars) of(v *compute.Vacancy) *compute.Calendar {
	if len(c.byFile) > 0 {
		if cal, ok := c.byFile[v.Source.File]; ok {
			return cal
		}
	}
	return c.all
}

// loadCalendars reads the --calendar file and each input workbook's
// Calendar sheet, and makes the run's calendars.
func loadCalendars(opts Options) (*calendars, error) {
	c := &calendars{byFile: map[string]*compute.Calendar{}}
	var global []compute.Override
	if opts.CalendarFile != "" {
		ov, problems, err := ingest.CalendarOverridesFor(opts.CalendarFile, false, opts.Law)
		if err != nil {
			return nil, err
		}
		if err := calendarProblems(problems); err != nil {
			return nil, err
		}
		global = ov
	}
	names := ingest.SourceNames(opts.Inputs)
	for i, in := range opts.Inputs {
		if in == "-" {
			continue
		}
		ov, problems, err := ingest.CalendarOverridesFor(in, true, opts.Law)
		if err != nil {
			return nil, err
		}
		if err := calendarProblems(problems); err != nil {
			return nil, err
		}
		if len(ov) == 0 {
			continue
		}
		// Sources name the input as its rows do (a/v.xlsx beside b/v.xlsx).
		base := baseNameOf(in)
		for k := range ov {
			if strings.HasPrefix(ov[k].Source, base+":") {
				ov[k].Source = names[i] + strings.TrimPrefix(ov[k].Source, base)
			}
		}
		c.overrides = append(c.overrides, ov...)
		for _, o := range ov {
			c.applied = append(c.applied, appliedOverride(o, "the rows of "+names[i]))
		}
		c.byFile[names[i]] = compute.NewCalendar(opts.Law, append(append([]compute.Override(nil), ov...), global...))
	}
	c.overrides = append(c.overrides, global...)
	for _, o := range global {
		c.applied = append(c.applied, appliedOverride(o, "every input"))
	}
	c.all = compute.NewCalendar(opts.Law, global)
	return c, nil
}

func baseNameOf(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// appliedOverride names one override for the outputs.
func appliedOverride(o compute.Override, to string) export.CalendarOverride {
	var sets []string
	if !o.Primary.IsZero() {
		sets = append(sets, "primary "+o.Primary.String())
	}
	if !o.General.IsZero() {
		sets = append(sets, "general election "+o.General.String())
	}
	if !o.Holiday.IsZero() {
		h := "public holiday " + o.Holiday.String()
		if o.HolidayName != "" {
			h += " (" + o.HolidayName + ")"
		}
		sets = append(sets, h)
	}
	if o.Code != "" {
		d := o.Code + " " + o.Date.String()
		if !o.WindowStart.IsZero() {
			d = fmt.Sprintf("%s %s to %s", o.Code, o.WindowStart, o.Date)
		}
		sets = append(sets, d)
	}
	return export.CalendarOverride{Source: o.Source, AppliesTo: to, Sets: strings.Join(sets, "; "), Reason: o.Reason, Authority: o.Authority}
}
