package compute

import "time"

// Edition names the body of law the engine applies (RULES.md § 6).
const Edition = "seed edition: Public Officers Law §§ 30, 42 (2010 text); Election Law § 6-158 (September-primary era)"

// Rule is one row of the rules table: `batch rules` and the Rules sheet
// print these.
type Rule struct {
	Code        string // stable code: a deadline code, conflict code or rule name
	Citation    string // "Elec. Law § 6-158(2)"
	Words       string // the statute's own words
	Counting    string // the counting kind, e.g. "NthWeekdayBefore(Monday, 10, primary)"; "" for non-counting rules
	RollOver    bool   // § 1-106 moves it off weekends and holidays
	InForceFrom Date   // zero: since before the edition
	InForceTo   Date   // zero: still in force in this edition
	Note        string // interpretation made beyond the words, if any
}

// Rules is the whole table, in a stable order: the calendar, § 30's
// causes and residency exemptions, § 42's decision steps, § 6-158's
// general-election deadlines (each late-vacancy alternative right after the
// rule it replaces), the special-election deadlines, the conflict codes and
// the public holidays. The engine computes from the same tables.
func Rules() []Rule {
	out := make([]Rule, 0, 96)
	out = append(out,
		Rule{Code: "edition", Citation: "RULES.md § 6", Words: Edition,
			Note: "the seed edition is applied to every year asked about; later amendments (special election window of 70-80 days from 2011-03-09, the June primary from 2019) are not in it"},
		Rule{Code: "primary", Citation: citeEL8100a,
			Words:    "the first Tuesday after the second Monday of September",
			Counting: "NextWeekdayAfter(Tuesday, NthWeekdayOfMonth(September, Monday, 2))",
			Note:     "the legislature moved the primary by special act in 2007, 2012, 2015 and 2018; those dates ship as calendar data with their source"},
		Rule{Code: "general", Citation: citeEL8100c,
			Words:    "the Tuesday next after the first Monday of November",
			Counting: "NextWeekdayAfter(Tuesday, NthWeekdayOfMonth(November, Monday, 1))"},
		Rule{Code: "roll_over", Citation: citeEL1106, Words: rollOverWords, RollOver: true,
			Note: "last days to file only: window openings, conventions and elections never move; a deadline counted from another counts from its effective (rolled-over) date"},
	)
	for _, c := range causeRules {
		out = append(out, Rule{Code: "cause_" + string(c.Cause), Citation: c.Citation, Words: c.Words,
			Counting: c.Date, Note: c.Note})
	}
	for _, x := range residencyExemptions {
		out = append(out, Rule{Code: x.Code, Citation: x.Citation, Words: x.Words,
			Note: "nonresidence: raises RESIDENCY_EXEMPT when the office text names " + joinNonEmpty(" and ", x.All...)})
	}
	out = append(out, Rule{Code: "armed_forces_exception", Citation: citePOL30_1h, Words: armedForcesWordsOfStatute,
		Note: "interpretation: the tool cannot know it; notes naming armed forces, military or active duty raise ARMED_FORCES for an unfiled oath"})
	for _, d := range decisionRules {
		out = append(out, Rule{Code: d.Code, Citation: d.Citation, Words: d.Words, Counting: d.Counting, Note: d.Note})
	}
	for i := range generalDeadlines {
		out = appendDeadlineRules(out, &generalDeadlines[i])
	}
	out = append(out, Rule{Code: "primary_route_cutoff", Citation: citeEL6116 + "; " + citeEL6158_1,
		Counting: "applies when V ≤ effective designating_petition last day − 7 days",
		Note:     "RULES.md § 4: designating_petition, designation_accept_decline, designation_vacancy_declination and opportunity_to_ballot apply only to a vacancy on or before the seventh day before the effective last day to file designating petitions"})
	for i := range specialDeadlines {
		out = appendDeadlineRules(out, &specialDeadlines[i])
	}
	out = append(out, Rule{Code: "too_late", Citation: citeEL6158_13, Words: tooLateWords,
		Note: "a last day after the election it serves, or before the vacancy (unless the vacancy is foreseen under § 42(2)), raises TOO_LATE"})
	for _, c := range conflictRules {
		out = append(out, Rule{Code: c.Code, Citation: c.Citation, Words: c.Severity.String() + ": " + c.When, Note: c.Note})
	}
	out = append(out, holidayRules()...)
	return out
}

func appendDeadlineRules(out []Rule, d *deadlineRule) []Rule {
	counting := d.Last.String()
	if d.Kind == Window {
		counting = "window: " + d.Start.String() + " … " + counting
	}
	note := d.Note
	if d.JudicialOnly {
		note = joinNonEmpty("; ", "only for a supreme_court_justice", note)
	}
	if d.NotJudicial {
		note = joinNonEmpty("; ", "applies = no for a supreme_court_justice (nominated by judicial district convention)", note)
	}
	if d.JudicialRef != "" {
		counting += "; for a supreme_court_justice: " + fromDeadline(d.JudicialRef, d.Last.Steps[:1]...).String()
	}
	out = append(out, Rule{Code: d.Code, Citation: d.Citation, Words: d.Words, Counting: counting,
		RollOver: d.RollOver, InForceFrom: d.InForceFrom, InForceTo: d.InForceTo, Note: note})
	if l := d.Late; l != nil {
		c := l.Last.String()
		if !l.Start.isZero() {
			c = "window: " + l.Start.String() + " … " + c
		}
		when := "when V > primary − 7 days"
		if l.When == lateSub10 {
			when = "when V > effective independent_petition last day − 14 days"
		}
		out = append(out, Rule{Code: d.Code + ".late_vacancy", Citation: l.Citation, Words: l.Words,
			Counting: c + " " + when, RollOver: d.RollOver, InForceFrom: d.InForceFrom, InForceTo: d.InForceTo,
			Note: joinNonEmpty("; ", "replaces "+d.Code+" (LATE_VACANCY)", l.Note)})
	}
	return out
}

// holidayRules print General Construction Law § 24 as RULES.md § 1 states
// it; the dates themselves come from the Calendar.
func holidayRules() []Rule {
	const cite = "Gen. Constr. Law § 24"
	const sunday = "when it falls on a Sunday, the Monday after is a holiday too"
	h := func(code, words, counting, note string) Rule {
		return Rule{Code: "holiday_" + code, Citation: cite, Words: words, Counting: counting, Note: note}
	}
	juneteenth := h("juneteenth", "Juneteenth", "June 19", sunday+"; from 2021 on (L.2020 ch. 249, signed 2020-10-14)")
	juneteenth.InForceFrom = Date{Year: 2021, Month: time.January, Day: 1}
	return []Rule{
		h("new_years_day", "New Year's Day", "January 1", sunday),
		h("martin_luther_king_day", "Martin Luther King Jr. Day", "NthWeekdayOfMonth(January, Monday, 3)", ""),
		h("lincolns_birthday", "Lincoln's Birthday", "February 12", sunday),
		h("washingtons_birthday", "Washington's Birthday", "NthWeekdayOfMonth(February, Monday, 3)", ""),
		h("memorial_day", "Memorial Day", "NthWeekdayOfMonth(May, Monday, -1)", ""),
		h("flag_day", "Flag Day", "NthWeekdayOfMonth(June, Sunday, 2)", "a Sunday: no Monday after"),
		juneteenth,
		h("independence_day", "Independence Day", "July 4", sunday),
		h("labor_day", "Labor Day", "NthWeekdayOfMonth(September, Monday, 1)", ""),
		h("columbus_day", "Columbus Day", "NthWeekdayOfMonth(October, Monday, 2)", ""),
		h("general_election_day", "each general election day", "general", ""),
		h("veterans_day", "Veterans Day", "November 11", sunday),
		h("thanksgiving_day", "Thanksgiving Day", "NthWeekdayOfMonth(November, Thursday, 4)", ""),
		h("christmas_day", "Christmas Day", "December 25", sunday),
	}
}

// CalendarItem is one line of `batch calendar --year`.
type CalendarItem struct {
	Code        string // "primary", "general", "holiday" or a deadline code
	WindowStart Date
	Statutory   Date
	Effective   Date
	Citation    string
	Source      string // where the date came from; the holiday's name for holidays
}

// YearCalendar is the year's political calendar as a vacancy that existed
// before the year began would see it (CONTRACT.md, batch calendar): the
// primary, the general election, the public holidays in date order, then
// every general-election deadline of Elec. Law § 6-158 in the rules
// table's order, the judicial convention rows included.
func YearCalendar(cal *Calendar, year int) []CalendarItem {
	if cal == nil {
		cal = NewCalendar(nil)
	}
	p, psrc := cal.Primary(year)
	g, gsrc := cal.General(year)
	hs := cal.Holidays(year)
	out := make([]CalendarItem, 0, 2+len(hs)+len(generalDeadlines))
	out = append(out,
		CalendarItem{Code: "primary", Statutory: p, Effective: p, Citation: citeEL8100a, Source: psrc},
		CalendarItem{Code: "general", Statutory: g, Effective: g, Citation: citeEL8100c, Source: gsrc},
	)
	for _, h := range hs {
		out = append(out, CalendarItem{Code: "holiday", Statutory: h.Date, Effective: h.Date, Citation: h.Source, Source: h.Name})
	}
	d := deadlineRun{cal: cal, year: year, foreseen: true, withJudicial: true}
	rows, _ := d.general(make([]Deadline, 0, len(generalDeadlines)), nil)
	for _, row := range rows {
		src := ""
		for j := range generalDeadlines {
			if generalDeadlines[j].Code == row.Code {
				src = anchorSource(generalDeadlines[j].Last, psrc, gsrc)
				break
			}
		}
		out = append(out, CalendarItem{Code: row.Code, WindowStart: row.WindowStart, Statutory: row.Statutory,
			Effective: row.Effective, Citation: row.Citation, Source: src})
	}
	return out
}

// anchorSource says what a calendar deadline was counted from.
func anchorSource(c counting, psrc, gsrc string) string {
	switch c.Anchor {
	case atPrimary:
		return "counted from the primary (" + psrc + ")"
	case atGeneral:
		return "counted from the general election (" + gsrc + ")"
	case atDeadline:
		return "counted from " + c.Ref
	}
	return ""
}
