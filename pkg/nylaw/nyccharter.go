package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// The New York City Charter's vacancy rule: the same words in § 10(c)
// (mayor), § 24(c) (public advocate), § 25(b) (council member), § 81(e)
// (borough president) and § 94(c) (comptroller). The data cites § 25(b);
// a row of another office cites its own section (CharterRules.Sections).
// Read in a copy of the charter current in 2020 (nyccharter.readthedocs.io,
// source repository soundpress/nyccharter_merged_test, chapters 1 and 2);
// the 2025 proclamation for Council District 51 cites the same paragraphs.
// Two editions, keyed on the vacancy date: NYC0 before the 2019 amendment
// (the special election 45 days after the vacancy, the mayor's 60), NYC1
// from it (80 days).

const (
	citeNYC    = "N.Y.C. Charter"
	citeNYC25b = "N.Y.C. Charter § 25(b)"
	codeNYC    = "nyc_charter"

	dlNYCProclamation = "nyc_proclamation_deadline"
	dlNYCSpecial      = "nyc_special_election"
	dlNYCSigning      = "nyc_independent_signing_start"

	reasonNonpartisan = "nonpartisan: nominations only by independent nominating petition (N.Y.C. Charter § 25(b)(7))"
)

func nycPara(p string) string { return citeNYC25b + "(" + p + ")" }

var (
	nycClasses = []c.OfficeClass{c.NYCMayor, c.NYCPublicAdvocate, c.NYCComptroller, c.NYCBoroughPresident, c.NYCCouncilMember}
	nycMayor   = []c.OfficeClass{c.NYCMayor}
)

// nycRows are the nominations, counted from the proclamation: by
// independent nominating petition only (paragraph 7), on § 6-158's
// special-election days (9), (11), (12): twelve, fourteen and sixteen days
// (L.2022 ch. 164's shorter days are for Senate and Assembly specials
// only). The party rows do not apply.
var nycRows = func() []c.DeadlineRule {
	party := func(r c.DeadlineRule) c.DeadlineRule {
		r.NotFor, r.NotForReason = nycClasses, reasonNonpartisan
		return r
	}
	return []c.DeadlineRule{
		{
			// An opening: no signature before the proclamation counts; its
			// last day is the petition's (twelve days, rolled over).
			Code: dlNYCSigning, Kind: c.Window, RollOver: true,
			Start: c.From(c.AtProclamation),
			Last:  c.From(c.AtProclamation, c.Days(12)),
			Authority: c.Authority{Cite: nycPara("7"),
				Words: "A signature on an independent nominating petition made earlier than the date of the proclamation required by paragraph one of this subdivision shall not be counted.",
				Note:  "the city board: \"They can begin circulating from the day the proclamation was issued\"; the last day is the petition's"},
		},
		specialSeed[3], specialSeed[4], specialSeed[5],
		party(specialSeed[0]), party(specialSeed[1]), party(specialSeed[2]),
	}
}()

// nycSpecial1 is paragraph 6 as amended in 2019 (NYC1).
var nycSpecial1 = c.CharterSpecial{
	Code: dlNYCSpecial, Days: 80, Weekday: time.Tuesday,
	Latitude: 10, Floor: 75, FloorByClass: []c.ClassDays{{Offices: nycMayor, Days: 60}},
	LatitudeBy: c.Authority{Cite: nycPara("6"),
		Words: "provided that the mayor, in the proclamation required by paragraph one of this subdivision, may schedule such election for another day no more than ten days after such Tuesday and not less than seventy-five days after such proclamation if the mayor determines that such rescheduling is necessary to facilitate maximum voter participation",
		Note:  "§ 10(c)(6), for the mayor: the person acting as mayor, \"not less than sixty days after such proclamation\""},
	Window: c.LocalConflict{Code: "NYC_SPECIAL_WINDOW", Severity: c.Error,
		Message: "The special election given, {date}, is not a day N.Y.C. Charter § 25(b)(6) allows: {why}."},
	MetBy:  electionSet,
	Cutoff: c.MonthDay{Month: time.August, Day: 17}, NearDays: 90, LateDays: 30,
	December: c.NthOfMonth(time.December, time.Tuesday, 1),
	NearBy: c.Authority{Cite: nycPara("6") + "(a)",
		Words: "if the vacancy occurs before August seventeenth in any year and the first Tuesday at least eighty days after the occurrence of the vacancy is less than ninety days before a regularly scheduled general election, the vacancy shall be filled at such general election",
		Note:  "a first Tuesday on the general election day itself is read with (a): filled at it, the same day either way"},
	AfterBy: c.Authority{Cite: nycPara("6") + "(b)",
		Words: "if the vacancy occurs before August seventeenth in any year and the first Tuesday at least eighty days after the occurrence of the vacancy is after a regularly scheduled general election, the vacancy shall be filled at such general election"},
	LateBy: c.Authority{Cite: nycPara("6") + "(c)",
		Words: "if the vacancy occurs on or after August seventeenth in any year and the first Tuesday at least eighty days after the occurrence of the vacancy is after, but less than thirty days after, a regularly scheduled general election, the vacancy shall be filled at a special election to be held on the first Tuesday in December in such year"},
	NominationsReview: "nominations for an interim election held at the general election (N.Y.C. Charter § 25(b)(6)(a), (b)) are by independent nominating petition (paragraph 7): twelve, fourteen and sixteen days after the proclamation are applied; no board calendar for such an election was read",
	Authority: c.Authority{Cite: nycPara("6"),
		Words: "Elections held pursuant to paragraph four or five of this subdivision shall be scheduled in the following manner: A special election to fill the vacancy shall be held on the first Tuesday at least eighty days after the occurrence of the vacancy",
		Note:  "mandatory (\"shall be held\"); an election day: never rolled over"},
}

// nycCharter1 is the rule as read (NYC1).
var nycCharter1 = c.CharterRules{
	Section: "§ 25(b)",
	Sections: []c.ClassSection{
		{Offices: nycMayor, Section: "§ 10(c)"},
		{Offices: []c.OfficeClass{c.NYCPublicAdvocate}, Section: "§ 24(c)"},
		{Offices: []c.OfficeClass{c.NYCBoroughPresident}, Section: "§ 81(e)"},
		{Offices: []c.OfficeClass{c.NYCComptroller}, Section: "§ 94(c)"},
	},
	Officer: "mayor", ActingOfficer: "acting_mayor", ActingFor: nycMayor,
	Duty: c.Duty{Code: dlNYCProclamation, Days: 3, MetBy: proclaimed,
		Review: "a reading: never rolled over (the mayor's act)",
		Authority: c.Authority{Cite: nycPara("1"), Mark: c.Interpretation,
			Words: "Within three days of the occurrence of a vacancy in the council, the mayor shall proclaim the date for the election or elections required by this subdivision",
			Note:  "§ 10(c)(1): \"the person acting as mayor\"; the last day is V + 3, the officer's own act: no § 1-106 roll-over (as for the governor's ten days)"}},
	Late: c.LocalConflict{Code: "NYC_PROCLAMATION_LATE", Severity: c.Warning,
		Message: "The proclamation ({proclamation}) is {days} days after the vacancy ({vacancy}): N.Y.C. Charter § 25(b)(1) requires it within three days, by {due}. Check the date the vacancy began."},
	PrimaryDays: 90,
	Route:       c.FromRow(dlDesignatingPetition, c.Days(-7)),
	RouteBy: c.Authority{Cite: citeEL6116,
		Words: "the last day on which an occurring vacancy may be filled at the general election in that same year with party nominations of candidates for such election being made at a primary election, as provided in section 6-116 of the election law",
		Note:  "the tool's primary-route cut-off: the seventh day before the effective last day to file designating petitions of the year (one-year acts included)"},
	NextTerm: c.CharterStep{Paragraph: "9", Authority: c.Authority{Cite: nycPara("9"),
		Words: "If a vacancy occurs less than ninety days before the date of the primary election in the last year of the term, the person elected at the general election in such year for the next succeeding term shall take office immediately upon qualification and fill the vacancy for the remainder of the unexpired term."}},
	NextTermNote: c.LocalConflict{Code: "NYC_NEXT_TERM", Severity: c.Info,
		Message: "No vacancy election: the person elected on {general} for the next term takes office at once and fills the rest of this one (N.Y.C. Charter § 25(b)(9))."},
	AfterPrimary: c.Authority{Cite: nycPara("9"), Mark: c.Interpretation,
		Note: "a vacancy after the primary of the term's last year is read under paragraph 9: its \"less than ninety days before\" does not literally cover it, and no other paragraph does"},
	Remainder: c.CharterStep{Paragraph: "5", Authority: c.Authority{Cite: nycPara("5"),
		Words: "If a vacancy occurs after the last day in the third year of a four-year term or the first year of a two-year term on which an occurring vacancy may be filled for the remainder of the unexpired term at a general election … but not less than ninety days before the date of the primary election in the fourth year of such a four-year term or the second year of such a two-year term, a special or general election to fill such vacancy for the remainder of the unexpired term shall be held."}},
	General: c.CharterStep{Paragraph: "2", Authority: c.Authority{Cite: nycPara("2") + "; " + nycPara("4"),
		Words: "unless the vacancy occurs less than ninety days before the next primary election at which party nominations for a general election to fill the vacancy may be made and on or before the last day on which an occurring vacancy may be filled for the remainder of the unexpired term at the general election in the same year",
		Note:  "then paragraph 2: the general election of the year, party nominations at the primary; the winner takes office at once (paragraph 3)"}},
	Interim: c.CharterStep{Paragraph: "4", Authority: c.Authority{Cite: nycPara("4"),
		Words: "If a vacancy occurs during the first three years of a four-year term or in the first year of a two-year term and on or before the last day in the third year of such a four-year term or the first year of such a two-year term on which an occurring vacancy may be filled … at a general election …, a special or general election to fill the vacancy on an interim basis shall be held"}},
	RemainderAt: c.Authority{Cite: nycPara("2"),
		Words: "a general election to fill the vacancy for the remainder of the unexpired term shall be held in the year in which the vacancy occurs, unless the vacancy occurs after the last day on which an occurring vacancy may be filled at the general election in that same year with party nominations … If such a vacancy occurs in any year after such last day, it shall be filled for the remainder of the unexpired term at the general election in the following year",
		Note:  "party nominations at a primary; the person elected takes office on January 1 after it (paragraph 3)"},
	Special:        nycSpecial1,
	Rows:           nycRows,
	NoProclamation: "No proclamation_date: the nomination deadlines are counted from {due}, the last day the proclamation may lawfully be issued; enter proclamation_date.",
	Nominations: c.Authority{Cite: nycPara("7"),
		Words: "All nominations for elections to fill vacancies held pursuant to paragraphs four and five of this subdivision shall be by independent nominating petition.",
		Note:  "a nonpartisan election, by ranked choice from 2021 (not modelled); the party rows do not apply"},
	TermExpiry: c.Authority{Cite: "N.Y.C. Charter § 25(a)",
		Words: "The council members shall be elected at the general election in the year nineteen hundred seventy-seven and every fourth year thereafter and the term of office of each council member shall commence on the first day of January after the elections",
		Note:  "§ 4 (the mayor), § 24(a), § 81(b), § 91 alike: a term that expires is filled at the general election before it"},
}

// nycCharter0 is NYC0: the rule before the 2019 amendment. Only the days
// are sourced (the 2019 ballot text: "Special elections would generally
// be held 80 days after the vacancy occurs, instead of 45 days (for
// Public Advocate, Comptroller, Borough Presidents, and Council Members)
// or 60 days (for Mayor)"); the ten days' latitude is inferred (the 2019
// public advocate's election, set for "the latest date available under
// the legal limit", fell seven days after the first Tuesday, the next
// Tuesday being fourteen days after); the floor after the proclamation
// and the exceptions of that text were not read: no floor is checked, and
// the exceptions are NYC1's, with NEEDS_REVIEW where they decide.
var nycCharter0 = func() c.CharterRules {
	ch := nycCharter1
	sp := ch.Special
	sp.Days, sp.ByClass = 45, []c.ClassDays{{Offices: nycMayor, Days: 60}}
	sp.Floor, sp.FloorByClass = 0, nil
	sp.LatitudeBy = c.Authority{Cite: nycPara("6"), Mark: c.Inferred,
		Note: "ten days' latitude inferred from the 2019 public advocate's special election (set seven days after the first Tuesday, \"the latest date available under the legal limit\"); the floor after the proclamation is not checked (the pre-2019 text was not read)"}
	sp.ExceptionsReview = "the pre-2019 text of N.Y.C. Charter § 25(b)(6)(a)–(c) was not read: the 2019 text's exceptions are applied"
	sp.Authority = c.Authority{Cite: nycPara("6"), Mark: c.Inferred,
		Words: "(paraphrase, from the 2019 ballot text) a special election on the first Tuesday at least forty-five days after the vacancy (sixty for the mayor)",
		Note:  "the days are sourced from the 2019 ballot question's summary; the charter's words before 2019 were not read"}
	ch.Special = sp
	return ch
}()

var (
	nycV0 = c.Edition{ID: "NYC0",
		Authority: c.Authority{Cite: citeNYC, Words: "the charter's vacancy paragraphs before the 2019 amendment: the special election 45 days after the vacancy (the mayor's 60)"},
		Charter:   &nycCharter0, TooLate: tooLateSeed, CheckAgainst: "the city board's calendar"}
	nycV1 = c.Edition{ID: "NYC1", From: c.D(2019, time.November, 6), DoubtTo: c.D(2019, time.December, 31),
		Authority: c.Authority{Cite: "2019 charter amendment (ballot question 1)", Mark: c.Inferred,
			Words: "the special election 80 days after the vacancy, with the exceptions near the general election",
			Note:  "approved at the 2019-11-05 election; first day inferred (the 80-day rule was applied to a vacancy of 2020-01-01): the amendment's effective-date clause was not read"},
		Charter: &nycCharter1, TooLate: tooLateSeed, CheckAgainst: "the city board's calendar"}
)

var regimeNYC = c.Regime{
	Code: codeNYC, Classes: nycClasses, Shape: c.ShapeCharter, ComputeAs: c.OtherOffice,
	Words:    "an office of the City of New York",
	Named:    "the New York City Charter before and after its 2019 amendment",
	Editions: []c.Edition{nycV0, nycV1},
	Authority: c.Authority{Cite: "N.Y.C. Charter §§ 10(c), 24(c), 25(b), 81(e), 94(c)",
		Words: "the mayor, public advocate, comptroller, borough presidents and council members: filled by popular election in the charter's manner, not by Pub. Off. Law § 42",
		Note:  "judges of the city's courts are not in these classes (the constitution governs them)"},
}

// nycTerms are the default term ends: the mayor, public advocate,
// comptroller and borough presidents four years from the general
// elections of 1989, 1993, … (§ 4, § 24(a), § 81(b), § 91); the council
// four years, but two years for the members elected in 2001 and every
// twentieth year after, and at the added elections of 2003 and every
// twentieth year after (§ 25(a)).
var nycTerms = []c.DefaultTerm{
	{Offices: []c.OfficeClass{c.NYCMayor, c.NYCPublicAdvocate, c.NYCComptroller, c.NYCBoroughPresident},
		Day: c.MonthDay{Month: time.December, Day: 31}, OnOrAfter: true, Cycle: 4, Base: 2001, Offsets: []int{0},
		Authority: c.Authority{Cite: "N.Y.C. Charter §§ 4, 24(a), 81(b), 91",
			Words: "The mayor shall hold office for a term of four years commencing on the first day of January after each such election"}},
	{Offices: []c.OfficeClass{c.NYCCouncilMember},
		Day: c.MonthDay{Month: time.December, Day: 31}, OnOrAfter: true, Cycle: 20, Base: 2001, Offsets: []int{0, 2, 4, 8, 12, 16},
		Authority: c.Authority{Cite: "N.Y.C. Charter § 25(a)",
			Words: "provided, however, that the council member elected at the general election in the year two thousand and one and at the general election in every twentieth year thereafter shall serve for a term of two years … and … an additional election of Council Members shall be held at the general election in the year two thousand three and at the general election every twentieth year thereafter … for a term of two years",
			Note:  "term ends: 2021, 2023, 2025, 2029, 2033, 2037, 2041, 2043, 2045, …; a given term_end wins"}},
}
