package compute

// Computing the § 6-158 tables of rules_election_law.go for one vacancy.

// deadlineRun is what the deadline rules need to know about a vacancy.
type deadlineRun struct {
	cal  *Calendar
	year int  // Y, the year of the filling general election
	v    Date // the vacancy date
	// foreseen: the vacancy existed before Y began, or is foreseen (§ 42(2)):
	// no late-vacancy rules, no primary-route cut-off, no TOO_LATE for a
	// last day before the vacancy.
	foreseen bool
	// judicial: the office is a supreme_court_justice, nominated by judicial
	// district convention; withJudicial adds the convention rows.
	judicial     bool
	withJudicial bool
	asOf         Date
}

const (
	reasonJudicial    = "nominated by judicial district convention (Elec. Law § 6-158(5), (6))"
	reasonPrimaryCut  = "the vacancy occurred after the seventh day before the last day to file designating petitions: the party committee nominates after the primary (Elec. Law § 6-116); party nominations are by certificate (Elec. Law § 6-158(6))"
	reasonLateSub6    = "late vacancy: fourteen days after the vacancy (Elec. Law § 6-158(6))"
	reasonLateSub10   = "late vacancy: within fourteen days after the vacancy (Elec. Law § 6-158(10))"
	reasonLateSub10Ch = "late vacancy: two days after the previous filing (Elec. Law § 6-158(10))"
	reasonTooLate     = "too late to comply: file as soon as practicable (Elec. Law § 6-158(13))"
)

// general appends the general-election deadlines of year Y to rows and
// their conflicts to cs.
func (d *deadlineRun) general(rows []Deadline, cs []Conflict) ([]Deadline, []Conflict) {
	p, _ := d.cal.Primary(d.year)
	g, _ := d.cal.General(d.year)
	first := len(rows)
	lateP := !d.foreseen && d.v.After(p.AddDays(-7))
	sub10 := false
	primaryRoute := true
	for i := range generalDeadlines {
		rule := &generalDeadlines[i]
		if rule.JudicialOnly && !d.withJudicial {
			continue
		}
		row := Deadline{Code: rule.Code, Kind: rule.Kind, Citation: rule.Citation, ElectionDate: g, Applies: true}
		start, last := rule.Start, rule.Last
		if d.judicial && rule.JudicialRef != "" {
			last.Ref = rule.JudicialRef
		}
		late := false
		if rule.Late != nil && !d.foreseen {
			switch rule.Late.When {
			case lateAfterPrimaryMinus7:
				late = lateP
			case lateSub10:
				if rule.Code == dlIndependentPetition {
					// "less than fourteen days before the last day": measured
					// from the ordinary effective last day.
					ordinary := d.roll(rule, last.apply(d.anchor(last, p, g, rows[first:])))
					sub10 = d.v.After(ordinary.AddDays(-14))
				}
				late = sub10
			}
		}
		if late {
			start, last = rule.Late.Start, rule.Late.Last
			row.Citation = rule.Late.Citation
		}
		if !start.isZero() {
			row.WindowStart = start.apply(d.anchor(start, p, g, rows[first:]))
		}
		row.Statutory = last.apply(d.anchor(last, p, g, rows[first:]))
		row.Effective = d.roll(rule, row.Statutory)
		row.RolledOver = row.Effective != row.Statutory

		switch {
		case d.judicial && rule.NotJudicial:
			row.Applies, row.Reason = false, reasonJudicial
		case rule.Route == routePrimary && !primaryRoute:
			row.Applies, row.Reason = false, reasonPrimaryCut
		}
		if rule.Code == dlDesignatingPetition && !d.foreseen && !d.judicial {
			// § 6-116: the primary route needs V ≤ effective last day − 7.
			primaryRoute = !d.v.After(row.Effective.AddDays(-7))
			if !primaryRoute {
				row.Applies, row.Reason = false, reasonPrimaryCut
			}
		}
		if late && row.Applies {
			switch {
			case rule.Code == dlPartyNominationCert:
				row.Reason = reasonLateSub6
				cs = append(cs, conflict(codeLateVacancy, rule.Code,
					"The office became vacant after the seventh day before the primary ("+isoDate(p)+"): the party nomination certificate is due fourteen days after the vacancy, "+isoDate(row.Effective)+".",
					citeEL6158_6))
			case rule.Code == dlIndependentPetition:
				row.Reason = reasonLateSub10
				cs = append(cs, conflict(codeLateVacancy, rule.Code,
					"The office became vacant less than fourteen days before the last day for independent petitions: they may be filed within fourteen days after the vacancy, by "+isoDate(row.Effective)+", and the acceptance and fill-declination certificates follow two days apart.",
					citeEL6158_10))
			default:
				row.Reason = reasonLateSub10Ch
			}
		}
		cs = d.finish(&row, cs)
		rows = append(rows, row)
	}
	return rows, cs
}

// special appends the special-election deadlines counted from the
// proclamation r; election is the proclaimed day (zero when not given).
func (d *deadlineRun) special(r, election Date, rows []Deadline, cs []Conflict) ([]Deadline, []Conflict) {
	for i := range specialDeadlines {
		rule := &specialDeadlines[i]
		row := Deadline{Code: rule.Code, Kind: rule.Kind, Citation: rule.Citation, ElectionDate: election, Applies: true}
		if !rule.Start.isZero() {
			row.WindowStart = rule.Start.apply(r)
		}
		row.Statutory = rule.Last.apply(r)
		row.Effective = d.roll(rule, row.Statutory)
		row.RolledOver = row.Effective != row.Statutory
		cs = d.finish(&row, cs)
		rows = append(rows, row)
	}
	return rows, cs
}

func (d *deadlineRun) roll(rule *deadlineRule, statutory Date) Date {
	if !rule.RollOver {
		return statutory
	}
	return d.cal.RollOver(statutory)
}

// anchor is the date a counting starts from; a deadline anchor is the
// earlier row's effective date (§ 1-106 makes it the last day).
func (d *deadlineRun) anchor(c counting, p, g Date, rows []Deadline) Date {
	switch c.Anchor {
	case atPrimary:
		return p
	case atGeneral:
		return g
	case atVacancy:
		return d.v
	case atDeadline:
		for i := len(rows) - 1; i >= 0; i-- {
			if rows[i].Code == c.Ref {
				return rows[i].Effective
			}
		}
	}
	return Date{}
}

// finish adds roll-over and too-late conflicts and the status of an
// applicable row.
func (d *deadlineRun) finish(row *Deadline, cs []Conflict) []Conflict {
	if !row.Applies {
		row.Status = NoStatus
		return cs
	}
	if row.RolledOver {
		cs = append(cs, conflict(codeRolledOver, row.Code,
			row.Code+": the last day "+isoDate(row.Statutory)+" is a "+dayName(d.cal, row.Statutory)+"; § 1-106 moves it to "+isoDate(row.Effective)+".",
			citeEL1106))
	}
	{
		// The special election row is the election itself: only a window
		// that closes before the vacancy (a proclamation dated before it)
		// is too late.
		afterElection := row.Code != dlSpecialElection && !row.ElectionDate.IsZero() && row.Effective.After(row.ElectionDate)
		beforeVacancy := !d.foreseen && row.Effective.Before(d.v)
		if afterElection || beforeVacancy {
			row.Reason = joinNonEmpty("; ", row.Reason, reasonTooLate)
			what := "falls after the election on " + isoDate(row.ElectionDate)
			if !afterElection {
				what = "falls before the vacancy on " + isoDate(d.v)
			}
			cs = append(cs, conflict(codeTooLate, row.Code,
				row.Code+": the last day "+isoDate(row.Effective)+" "+what+"; file as soon as practicable.",
				citeEL6158_13))
		}
	}
	if row.Effective.Before(d.asOf) {
		row.Status = Passed
	} else {
		row.Status = Open
	}
	return cs
}

// dayName says why a day is not a business day: "Saturday", "Sunday" or
// "public holiday".
func dayName(cal *Calendar, day Date) string {
	switch wd := day.Weekday(); wd {
	case 0, 6:
		return wd.String()
	}
	for _, h := range cal.Holidays(day.Year) {
		if h.Date == day {
			return "public holiday (" + h.Name + ")"
		}
	}
	return "public holiday"
}

// isoDate is d.String(): YYYY-MM-DD, "" for the zero date.
func isoDate(d Date) string { return d.String() }
