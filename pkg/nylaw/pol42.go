package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Public Officers Law § 42: which election fills a vacancy, by edition.
// The seed text is the 2010 one; each later edition is the one before
// with what its act changed (fill2011 … fill2022).

const (
	citePOL42    = "Pub. Off. Law § 42"
	citePOL42_1  = "Pub. Off. Law § 42(1)"
	citePOL42_2  = "Pub. Off. Law § 42(2)"
	citePOL42_3  = "Pub. Off. Law § 42(3)"
	citePOL42_3a = "Pub. Off. Law § 42(3)(a)"
	citePOL42_3b = "Pub. Off. Law § 42(3)(b)"
	citePOL42_4  = "Pub. Off. Law § 42(4)"
	citePOL42_4a = "Pub. Off. Law § 42(4-a)"
	citePOL42_5  = "Pub. Off. Law § 42(5)"
	citeConstVI  = "N.Y. Const. art. VI § 21(a)"
)

var (
	legislature = []c.OfficeClass{c.USRepresentative, c.StateSenator, c.MemberOfAssembly}
	judges      = []c.OfficeClass{c.SupremeCourtJustice, c.CountyLevelJudge}
	other       = []c.OfficeClass{c.OtherOffice}
	senateAsm   = []c.OfficeClass{c.StateSenator, c.MemberOfAssembly}
	congress    = []c.OfficeClass{c.USRepresentative}
)

// fillSeed is § 42 as of 2010 (RULES-era, the seed edition E0).
var fillSeed = c.FillRules{
	OathDays: 30,
	Cutoff: c.Cutoff{
		Day: c.From(c.AtYear, c.OnDay(time.September, 20)), Through: false,
		Code: "AFTER_SEPT_20", Severity: c.Info, Phrase: "before September 20",
		Authority: c.Authority{Cite: citePOL42_1,
			Words: "A vacancy occurring before September twentieth of any year in any office authorized to be filled at a general election, except in the offices of governor or lieutenant-governor, shall be filled at the general election held next thereafter",
			Note:  "AFTER_SEPT_20 is raised only when the rule actually skips an election (a vacancy after the general election goes to next year's anyway)"},
	},
	Bars: []c.Bar{
		{Offices: congress, Day: c.MonthDay{Month: time.July, Day: 1}, DayBarred: false, Liftable: true, Fallback: c.NoElection,
			Phrase: "after July 1",
			Authority: c.Authority{Cite: citePOL42_4,
				Words: "A special election shall not be held to fill a vacancy in the office of a representative in congress unless such vacancy occurs on or before the first day of July of the last year of the term of office, or unless it occurs thereafter and a special session of congress is called to meet before the next general election, or be called after September nineteenth of such year",
				Note:  "a special_session_date in the row is read as a session called as the exception requires; barred, the seat stays vacant and the regular election fills the next term (so New York's courts read § 42(4))"}},
		{Offices: senateAsm, Day: c.MonthDay{Month: time.April, Day: 1}, DayBarred: true, Liftable: true, Fallback: c.NoElection,
			Phrase: "on or after April 1",
			Authority: c.Authority{Cite: citePOL42_4,
				Words: "nor to fill a vacancy in the office of state senator or in the office of member of assembly, unless the vacancy occurs before the first day of April of the last year of the term of office, or unless the vacancy occurs in either such office of senator or member of assembly after such first day of April and a special session of the legislature be called to meet between such first day of April and the next general election or be called after September nineteenth in such year.",
				Note:  "statute over the specification: a vacancy ON April 1 is neither before nor after April 1, so it is barred and a special session does not lift the bar"}},
	},
	// The appointment runs to January 3 of the next year (an early vacancy
	// of an even year), three years on (a later one: the election is the
	// general election two years on, G(y+2)) or two years on (an odd year:
	// G(y+1)), the general election next preceding the appointment's end.
	Senator: c.Senator{CutoffDays: 60, AppointmentEnds: c.MonthDay{Month: time.January, Day: 3}, EarlyYears: 1, LateYears: 3, OddYears: 2, Appointer: "governor",
		Authority: c.Authority{Cite: citePOL42_4a,
			Words: "If such vacancy occurs in any even numbered calendar year on or before the sixtieth day prior to an annual primary election, the governor shall make a temporary appointment to fill such vacancy until the third day of January in the next calendar year.",
			Note:  "the election for the unexpired term is at the general election next preceding the end of the appointment: G(end year − 1); the primary is the statewide primary of the edition in force on the vacancy date"}},
	Judges: c.Judges{Offices: judges, Months: 3,
		Authority: c.Authority{Cite: citeConstVI + "; " + citePOL42_1, Words: "unless otherwise provided by the constitution",
			Note: "supreme_court_justice, county_level_judge: the first general election held not less than three months after the vacancy"}},
	Expiry: c.Expiry{Day: c.MonthDay{Month: time.December, Day: 31}, EvenYear: true, Authority: c.Authority{Cite: citePOL42_2,
		Words: "A vacancy occurring by the expiration of term at the end of an even numbered year in an office which may not under the provisions of the constitution be filled for a full term at the general election held prior to the expiration of such term, shall be filled at said general election for a term ending with the commencement of the political year next succeeding the first general election at which said office can be filled by election for a full term.",
		Note:  "deadlines are year Y's regular calendar; falling before the vacancy is expected, not TOO_LATE; next_full_term_year needed (NEEDS_INPUT)"}},
	Duty: c.Duty{Code: "proclamation_deadline", Days: 0,
		NoDuty:    "discretionary before L.2021 ch. 320: the governor \"may in his discretion\" proclaim, with no day set",
		Authority: c.Authority{Cite: citePOL42_3, Words: "the governor may in his discretion make proclamation of a special election"}},
	Authorizations: []c.Authorization{
		{Offices: legislature, Sub3: true, Ground: "a seat in congress or the legislature",
			Text:      "Seats in congress and the legislature are not filled by appointment: the governor may proclaim a special election; failing one, the general election fills it.",
			Authority: c.Authority{Cite: citePOL42_3, Words: "or upon the occurrence of a vacancy in any elective office which cannot be filled by appointment for a period extending to or beyond the next general election at which a person may be elected thereto"}},
		{Offices: other, Cause: c.FailureToElect, Sub3: true, Ground: "a failure to elect",
			Text:      "After a failure to elect, the governor may proclaim a special election.",
			Authority: c.Authority{Cite: citePOL42_3, Words: "Upon the failure to elect to any office, except that of governor or lieutenant-governor, at a general or special election, at which such office is authorized to be filled"}},
		{Offices: other, Cause: c.DeathBeforeTerm, Sub3: true, Ground: "a death before the term",
			Text:      "After the death or disqualification of a person elected, before the term, the governor may proclaim a special election.",
			Authority: c.Authority{Cite: citePOL42_3, Words: "or upon the death or disqualification of a person elected to office before the commencement of his official term"}},
		{Offices: other, NotAppointable: true, Sub3: true, Ground: "a vacancy that cannot be filled by appointment",
			Text: "The vacancy cannot be filled by appointment: the governor may proclaim a special election.",
			Authority: c.Authority{Cite: citePOL42_3, Words: "or upon the occurrence of a vacancy in any elective office which cannot be filled by appointment for a period extending to or beyond the next general election at which a person may be elected thereto",
				Note: "a row with appointable = no is a § 42(3) case whatever its cause, board_tie included"}},
		{Offices: other, Cause: c.BoardTie, Sub3: false, Ground: "a board's failure to fill",
			NoDuty:    "§ 42(5): the proclamation after a board's failure to fill stays at the governor's discretion",
			Text:      "The board failed to fill the vacancy: the governor may proclaim a special election.",
			Authority: c.Authority{Cite: citePOL42_5, Words: "Whenever the authority to fill any vacancy is vested in a board and such board is unable to fill such vacancy in an elective office by reason of a tie vote, or such board neglects to fill such vacancy for any other reason, the governor may, in his discretion, make proclamation of a special election to fill the vacancy."}},
	},
	NotCovered:  c.Authority{Cite: citePOL42_1 + "; " + citePOL42_3, Words: "except in the offices of governor or lieutenant-governor"},
	NotElective: c.Authority{Cite: citePOL30_3, Words: "the office may be deemed vacant for purposes of the nomination and appointment of a successor"},
	TermCheck: c.Authority{Cite: citePOL42, Mark: c.Interpretation,
		Note: "when the filling election is in the last year of the term, it fills only the remainder"},
	Session: c.Authority{Cite: citePOL42_4, Words: "or be called after September nineteenth of such year",
		Note: "the tool cannot know of special sessions: a special_session_date in the row says one was called as the exception requires"},
}

// window builds a special-election window.
func window(min, max int, who string, a c.Authority) c.SpecialWindow {
	return c.SpecialWindow{Code: "special_election", MinDays: min, MaxDays: max, Who: who, Authority: a,
		MetBy: electionSet}
}

var windowSeed = window(30, 40, "", c.Authority{Cite: citePOL42_3,
	Words: "the day thereof, which shall be not less than thirty nor more than forty days from the date of the proclamation.",
	Note:  "an election day, not a filing: never rolled over"})

// L.2011 ch. 4: the window becomes seventy to eighty days.
var window2011 = window(70, 80, "", c.Authority{Cite: citePOL42_3, Act: "L.2011 ch. 4",
	Words: "not less than seventy nor more than eighty days from the date of the proclamation",
	Note:  "an election day, not a filing: never rolled over"})

// What the input says was done: a special_election_date sets the day
// (the window is then no deadline for anyone); a proclamation_date
// discharges the duty to proclaim (late when after its last day, and
// PROCLAMATION_LATE says so).
var (
	electionSet = c.MetBy{Input: "special_election_date", Words: "the special election is set for {date}"}
	proclaimed  = c.MetBy{Input: "proclamation_date", Words: "proclaimed on {date}"}
)

// L.2019 ch. 5: § 42(1)'s "three months before the general election".
func fill2019(f c.FillRules) c.FillRules {
	f = f.Clone()
	f.Cutoff = c.Cutoff{
		Day: c.From(c.AtGeneral, c.MonthsBack(3)), Through: true,
		Code: "AFTER_THREE_MONTHS", Severity: c.Info, Phrase: "three months or more before the general election",
		ReviewDays:   1,
		Review:       "\"three months before the general election\" is read as including the cut-off day itself; a vacancy a day either side of it is a reading of the words",
		CalendarCode: "vacancy_cutoff_42_1",
		Authority: c.Authority{Cite: citePOL42_1, Act: "L.2019 ch. 5",
			Words: "A vacancy occurring three months before the general election in any year in any office authorized to be filled at a general election, except in the offices of governor or lieutenant-governor, shall be filled at the general election held next thereafter",
			Note:  "cut-off C(y) = G(y) − 3 months (MonthsBefore)"},
		Echo: c.Authority{Cite: "Elec. Law § 6-158(14)", Mark: c.Unsourced,
			Note: "the 2010 text's copy of the September-20 rule; not applied from this edition: § 42(1) decides (the current text of (14) is unverified)"},
	}
	f.Session = c.Authority{Cite: citePOL42_4, Mark: c.Unsourced, Words: "or be called after three months before the next general election",
		Note: "the current text reads so; that it came with L.2019 ch. 5 is unsourced. The tool cannot know of special sessions: a special_session_date in the row says one was called as the exception requires"}
	return f
}

// L.2021 ch. 320: the duty to proclaim within ten days, § 42(4)(a)-(d).
func fill2021(f c.FillRules) c.FillRules {
	f = f.Clone()
	f.Duty = c.Duty{Code: "proclamation_deadline", Days: 10, MetBy: proclaimed,
		Review: "a reading: never rolled over (the governor's act)",
		Authority: c.Authority{Cite: citePOL42_3, Act: "L.2021 ch. 320", Mark: c.Interpretation,
			Words: "shall … within ten days of the occurrence of a vacancy",
			Note:  "the last day is V + 10, the governor's act: no § 1-106 roll-over; a later proclamation is PROCLAMATION_LATE, a warning (a real case shows the state counting from the formal resignation letter)"}}
	f.Bars = []c.Bar{
		{Offices: congress, Day: c.MonthDay{Month: time.July, Day: 1}, DayBarred: false, Liftable: true, Fallback: c.NoElection,
			Phrase: "after July 1", Authority: c.Authority{Cite: "Pub. Off. Law § 42(4)(a)", Act: "L.2021 ch. 320",
				Words: "A special election shall not be held to fill a vacancy in the office of a representative in congress unless such vacancy occurs on or before the first day of July of the last year of the term of office",
				Note:  "a special_session_date in the row is read as a session called as the exception requires"}},
		{Offices: senateAsm, Day: c.MonthDay{Month: time.April, Day: 1}, DayBarred: true, Liftable: true, Fallback: c.NoElection,
			Phrase: "on or after April 1", Authority: c.Authority{Cite: "Pub. Off. Law § 42(4)(b)", Act: "L.2021 ch. 320",
				Words: "nor to fill a vacancy in the office of state senator or in the office of member of assembly, unless the vacancy occurs before the first day of April of the last year of the term of office",
				Note:  "a vacancy ON April 1 is neither before nor after April 1: barred, and a special session does not lift the bar"}},
		{Offices: other, Sub3Only: true, Day: c.MonthDay{Month: time.April, Day: 1}, DayBarred: true, Liftable: false, Fallback: c.GeneralElection,
			Phrase: "on or after April 1", Authority: c.Authority{Cite: "Pub. Off. Law § 42(4)(c)", Act: "L.2021 ch. 320",
				Words: "A special election shall not be held to fill a vacancy in any other office subject to a proclamation by the governor pursuant to subdivision three of this section unless the vacancy occurs before the first day of April of the last year of the term of office",
				Note:  "with (4)(d) (\"If a special election to fill an office shall not be held as required by law, the office shall be filled at the next general election\") and (1): a barred other office is filled at the general election; (c) covers the § 42(3) grounds, not a board's failure to fill (§ 42(5))"}},
	}
	auths := f.Authorizations
	for i := range auths {
		if auths[i].Cite == citePOL42_5 {
			auths[i].Review = "§ 42(5)'s current text is unread: its 2010 text is applied"
			auths[i].Mark = c.Unsourced
		}
	}
	f.Authorizations = auths
	return f
}

// L.2021 ch. 320 § 42(3): 70–80 days for Congress, 40–50 for the others.
var (
	window2021Congress = window(70, 80, "for Congress", c.Authority{Cite: citePOL42_3a, Act: "L.2021 ch. 320",
		Words: "a. not less than seventy nor more than eighty days from the date of the proclamation to fill a vacancy in the office of a representative in congress",
		Note:  "an election day, not a filing: never rolled over"})
	window2021Other = func() c.SpecialWindow {
		w := window(40, 50, "for every office but Congress", c.Authority{Cite: citePOL42_3b, Act: "L.2021 ch. 320", Mark: c.Inferred,
			Words: "b. not less than forty days nor more than fifty days from the date of the proclamation to",
			Note:  "the rest of (b) is unsourced; \"other offices\" is inferred from press summaries"})
		w.Review = "§ 42(3)(b)'s words after \"from the date of the proclamation to\" are not verified: 40 to 50 days are applied to every office but Congress (inferred from press summaries)"
		return w
	}()
)

// L.2022 ch. 164 § 42(3): 40–50 days only for the Senate and Assembly,
// with the same-date proviso; 70–80 for Congress and every other office.
var (
	window2022SenateAssembly = func() c.SpecialWindow {
		w := window(40, 50, "for the State Senate and Assembly", c.Authority{Cite: citePOL42_3b, Act: "L.2022 ch. 164",
			Words: pp + "not less than forty days nor more than fifty days from the date of the proclamation to fill a vacancy in the state senate or assembly",
			Note:  "an election day, not a filing: never rolled over"})
		w.SameDate = &c.SameDate{MinDays: 30, Authority: c.Authority{Cite: citePOL42_3b, Act: "L.2022 ch. 164",
			Words: "provided, however, that the governor may issue a proclamation to fill any subsequent vacancy in the state senate or assembly for the same date as any previously scheduled special election as long as the proclamation is issued at least thirty days before the occurrence of the special election",
			Note:  "the statute sets no upper limit; \"subsequent vacancy\" is not checked"}}
		return w
	}()
	window2022Other = window(70, 80, "for Congress and every office not in the State Senate or Assembly", c.Authority{Cite: citePOL42_3a, Act: "L.2022 ch. 164",
		Words: "… representative in congress or for a vacancy in any other office that is not in the state senate or assembly",
		Note:  "an election day, not a filing: never rolled over"})
)

// L.2022 ch. 164: the duty's words gain the local-law exception. Under
// this edition the state board's 2026 calendar prints the three-month
// cut-off (2026-08-03, "A vacancy occurring three (3) months before a
// General Election … authorized to be filled at a General Election")
// citing § 6-158(14): the cut-off day itself is this year's, as read, and
// the boundary needs no review.
func fill2022(f c.FillRules) c.FillRules {
	f = f.Clone()
	f.Cutoff.ReviewDays, f.Cutoff.Review = 0, ""
	f.Cutoff.Echo = corroborated(true, c.Authority{Cite: "Elec. Law § 6-158(14)", Mark: c.Unsourced,
		Words: pp + "a vacancy occurring three months before a general election in an office authorized to be filled at that general election",
		Note:  "not applied: § 42(1) decides, and gives the same day"},
		board2026+", which prints the three-month cut-off on 2026-08-03 (\"A vacancy occurring three (3) months before a General Election … authorized to be filled at a General Election\"), citing § 6-158(14)")
	f.Duty.Words = "shall … within ten days of the occurrence of a vacancy … unless otherwise provided for by authorized local law, resolution or ordinance"
	f.Duty.Act = "L.2022 ch. 164"
	return f
}

// defaultTerms are the term ends used when term_end is blank.
var defaultTerms = []c.DefaultTerm{
	{Offices: congress, Day: c.MonthDay{Month: time.January, Day: 3}, OddYear: true,
		Authority: c.Authority{Cite: "U.S. Const. amend. XX § 1", Words: "the terms of Senators and Representatives at noon on the 3d day of January"}},
	{Offices: senateAsm, Day: c.MonthDay{Month: time.December, Day: 31}, OddYear: false, OnOrAfter: true,
		Authority: c.Authority{Cite: "N.Y. Const. art. III § 2"}},
}
