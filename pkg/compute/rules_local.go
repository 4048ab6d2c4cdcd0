package compute

import "strings"

// The rules table's rows of the local laws (Law.Regimes): which classes
// each governs, then each edition's values, as the engine reads them.

func (b *rulesBuilder) regimes() {
	l := b.law
	for i := range l.Regimes {
		rg := &l.Regimes[i]
		o := offices(rg.Classes)
		b.edition(-1)
		b.add(Rule{Code: "governing_law." + rg.Code, Citation: rg.Cite, Words: rg.Words, Offices: o,
			Note: joinNonEmpty("; ", rg.Note, shapeWords(rg)), Mark: rg.MarkOrSourced()})
		if n := rg.Notice; n != nil {
			b.add(Rule{Code: n.Conflict.Code, Citation: joinNonEmpty("; ", rg.Cite, l.Cites.Fill), Words: n.Conflict.Severity.String() + ": " + n.Conflict.Message,
				Offices: o, Mark: rg.MarkOrSourced()})
			if len(n.Counties) > 0 {
				b.add(Rule{Code: "charter_county", Citation: rg.Cite, Words: n.Unlisted, Offices: o, Mark: Unsourced,
					Note: "the list as a whole was last checked on " + isoDate(n.CheckedThrough) + "; a county not on it gets NEEDS_REVIEW"})
			}
			for _, c := range n.Counties {
				b.add(Rule{Code: "charter_county." + strings.ToLower(strings.ReplaceAll(c.County, " ", "_")), Citation: c.Cite, Words: c.County + " County has a charter",
					Offices: o, Mark: c.MarkOrSourced(), Note: joinNonEmpty("; ", c.Note, "checked through "+isoDate(c.CheckedThrough))})
			}
		}
		for k := range rg.Editions {
			e := &rg.Editions[k]
			b.regimeEdition(rg, k)
			b.add(Rule{Code: "edition", Citation: e.Cite, Words: e.Words, Note: joinNonEmpty("; ", e.Act, e.Note, ifElse(!e.DoubtTo.IsZero(),
				"a vacancy from its first day to "+isoDate(e.DoubtTo)+" gets both editions' results (NEEDS_REVIEW)", "")), Offices: o, Mark: e.MarkOrSourced()})
			switch {
			case e.Village != nil:
				b.village(e.Village, o)
			case e.Charter != nil:
				b.charterRules(e.Charter, o)
			}
			for j := range e.Deadlines {
				b.deadline(&e.Deadlines[j], o)
			}
			if e.TooLate.Cite != "" {
				b.auth("too_late", o, e.TooLate, "", false, e.TooLateRv)
			}
		}
	}
}

// shapeWords says how the engine computes a regime's rows.
func shapeWords(rg *Regime) string {
	switch rg.Shape {
	case ShapeNotice:
		return "computed by the state's rules as " + string(rg.ComputeAs) + ", with a warning that a local charter may govern"
	case ShapeAppointment:
		return "appointment for official years, then the rest of the term at the general village election"
	case ShapeCharter:
		return "a mandatory special election chosen by the charter's paragraphs, nominations counted from the proclamation"
	}
	return ""
}

// countsWords is counts applied to a day named in words.
func countsWords(cs []Count, inner string) string {
	for _, c := range cs {
		inner = c.words(inner, false)
	}
	return inner
}

func (b *rulesBuilder) village(vr *VillageRules, o string) {
	b.auth("village_election", o, vr.ElectionBy, countsWords(vr.Election, "the first day of the village's election month")+"; the month: village_election_month, else "+vr.Month.String(), false,
		vr.Assumed.Code+" ("+vr.Assumed.Severity.String()+") when the month is assumed")
	b.auth("village_election_month", o, vr.MonthBy, "", false, "")
	b.auth("official_year", o, vr.YearBy, countsWords(vr.YearEnd, "the first day of the election month"), false, "the end of one official year is the start of the next")
	b.auth("village_appointment", o, vr.Appointment, "", false, "the "+strings.ReplaceAll(vr.Appointer, "_", " ")+" appoints; the "+
		strings.ReplaceAll(vr.BoardAppointer, "_", " ")+" for an office named "+strings.Join(vr.BoardFor, ", ")+" (not "+strings.Join(vr.BoardNot, ", ")+")")
	cut := countsWords(vr.Cutoff, "the end of the official year")
	b.auth("village_appointment.balance", o, vr.Balance, "a vacancy at least "+plural(vr.CutoffDays, "day")+" before "+cut+": to the end of the official year", false, "")
	b.auth("village_appointment.further", o, vr.Further, "a later vacancy: to the end of the official year and, if the term goes on, of the next", false, "")
	b.auth("village_appointment.between", o, vr.Between, "", false, "")
	b.auth("village_term_end", o, vr.Snap, "a term_end up to "+plural(vr.SnapDays, "day")+" before the end of an official year is read as it", false, "any other day: NEEDS_REVIEW")
	b.auth("village_remainder", o, vr.Remainder, "the general village election before the appointment ends", false, "")
	b.auth("village_special", o, vr.SpecialBy, countsWords(vr.Special, "the appointment's end"), false, "when village_election_date is none")
	b.auth("village_full_term", o, vr.FullTerm, "the general village election before the term ends", false, "cause term_expiration; and the next full term")
	b.auth("village_called_special", o, vr.Called, "", false, "not modelled: a special_election_date on another day than the rule's gets NEEDS_REVIEW")
	if nv := vr.November; nv != nil {
		b.auth(nv.Conflict.Code, o, nv.Authority, nv.Conflict.Severity.String()+": "+nv.Conflict.Message, false, nv.Review)
	}
}

func (b *rulesBuilder) charterRules(ch *CharterRules, o string) {
	d := &ch.Duty
	b.auth(d.Code, o, d.Authority, plural(d.Days, "day")+" after the vacancy (never rolled over)", false, joinNonEmpty("; ", d.Review,
		"by the "+strings.ReplaceAll(ch.Officer, "_", " ")+"; for "+offices(ch.ActingFor)+", the "+strings.ReplaceAll(ch.ActingOfficer, "_", " ")))
	b.auth(ch.Late.Code, o, d.Authority, ch.Late.Severity.String()+": "+ch.Late.Message, false, "")
	b.auth("charter_route", o, ch.RouteBy, ch.Route.Words(), false, "the last day of a year on which a vacancy can be filled at its general election with party nominations at its primary")
	for _, s := range []struct {
		code string
		st   *CharterStep
		when string
	}{
		{"charter_step.next_term", &ch.NextTerm, "a vacancy in the term's last year less than " + plural(ch.PrimaryDays, "day") + " before its primary"},
		{"charter_step.remainder", &ch.Remainder, "a vacancy after charter_route of the last year but one"},
		{"charter_step.general", &ch.General, "a vacancy less than " + plural(ch.PrimaryDays, "day") + " before the year's primary and on or before its charter_route"},
		{"charter_step.interim", &ch.Interim, "any other vacancy: an interim special election, then the rest of the term at a general election"},
	} {
		b.auth(s.code, o, s.st.Authority, s.when, false, "charter paragraph "+s.st.Paragraph)
	}
	b.auth(ch.NextTermNote.Code, o, ch.NextTerm.Authority, ch.NextTermNote.Severity.String()+": "+ch.NextTermNote.Message, false, "")
	b.auth("charter_step.after_primary", o, ch.AfterPrimary, "", false, "")
	b.auth("charter_remainder", o, ch.RemainderAt, "the general election of the vacancy's year if the vacancy is on or before its charter_route, else of the next year", false, "")
	sp := &ch.Special
	days := "the first " + sp.Weekday.String() + " on or after " + plural(sp.Days, "day") + " after the vacancy"
	for _, x := range sp.ByClass {
		days += "; for " + offices(x.Offices) + ", " + plural(x.Days, "day")
	}
	b.auth(sp.Code, o, sp.Authority, days, false, "an election day: never rolled over")
	floor := "not checked"
	if sp.Floor > 0 {
		floor = "at least " + plural(sp.Floor, "day") + " after the proclamation"
		for _, x := range sp.FloorByClass {
			floor += " (" + offices(x.Offices) + ": " + plural(x.Days, "day") + ")"
		}
	}
	b.auth(sp.Code+".latitude", o, sp.LatitudeBy, "up to "+plural(sp.Latitude, "day")+" after it, "+floor, false, "")
	b.auth(sp.Window.Code, o, sp.Authority, sp.Window.Severity.String()+": "+sp.Window.Message, false, "")
	b.auth(sp.Code+".near_general", o, sp.NearBy, "a vacancy before "+sp.Cutoff.String()+" whose day is less than "+plural(sp.NearDays, "day")+" before the general election: filled at it", false, sp.NominationsReview)
	b.auth(sp.Code+".after_general", o, sp.AfterBy, "a vacancy before "+sp.Cutoff.String()+" whose day is after the general election: filled at it", false, sp.NominationsReview)
	b.auth(sp.Code+".december", o, sp.LateBy, "a vacancy on or after "+sp.Cutoff.String()+" whose day is after, but less than "+plural(sp.LateDays, "day")+
		" after, the general election: "+sp.December.words("the year", true), false, sp.ExceptionsReview)
	b.auth("charter_nominations", o, ch.Nominations, "", false, "without a proclamation date, counted from its last lawful day (NEEDS_INPUT, info)")
	for j := range ch.Rows {
		b.deadline(&ch.Rows[j], o)
	}
}
