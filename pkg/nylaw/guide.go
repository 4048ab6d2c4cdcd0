package nylaw

import c "batch/pkg/compute"

// What the outputs say of New York's law in their own sentences
// (compute.Guide): the Column guide's words for the columns and values
// the law decides, citing the statutes, and the workbook's keywords. The
// outputs word everything else themselves.
var guide = c.Guide{
	Keywords: "vacancy; Public Officers Law § 42; Election Law § 6-158",
	Columns: map[string]string{
		"Vacancies.office_class":        "How the law treats the office: a class of Public Officers Law § 42, or one whose own law governs it (a village, New York City's charter offices, another city, a county); given in the input, or derived from office.",
		"Vacancies.cause":               "How the office became vacant (Public Officers Law § 30).",
		"Vacancies.vacancy_date":        "The day the office became vacant in law (Public Officers Law § 30).",
		"Vacancies.filling_method":      "How the vacancy is filled (Public Officers Law § 42, or the law that governs the office: governing_law).",
		"Vacancies.appointment_until":   "For an appointment (a U.S. senator's; a village office's, Village Law § 3-312): the day it lasts until.",
		"Vacancies.next_deadline_date":  "Its last day (after § 1-106 roll-over).",
		"Vacancies.governing_law":       "Which law governs the vacancy: state (Public Officers Law § 42), village_law (Village Law § 3-312), nyc_charter (the New York City Charter) or local_charter (a city's or county's charter may: LOCAL_CHARTER says so).",
		"Vacancies.proclaiming_officer": "Who proclaims the election: the governor (a special election of § 42(3) or (5)), New York City's mayor, or the person acting as mayor for the mayor's office.",
		"Vacancies.charter_paragraph":   "New York City: the paragraph of the charter section (§ 10(c), 24(c), 25(b), 81(e) or 94(c)) that decided: 2, 4, 5 or 9.",
		"Deadlines.code":                "The deadline, a code of Election Law § 6-158; each is a row of Rules.",
		"Deadlines.window_start":        "For a window: its first day (never moved by § 1-106).",
		"Deadlines.effective_date":      "The last day after Elec. Law § 1-106 moved it off a Saturday, Sunday or public holiday.",
		"Deadlines.rolled_over":         "Whether § 1-106 moved the last day (yes/no).",
		"Calendar.effective_date":       "The day after § 1-106 roll-over.",
		"Rules.code":                    "A rule: a deadline code, a conflict code, a step of § 42, a cause, a holiday.",
		"Rules.roll_over":               "Whether § 1-106 moves the date off a weekend or holiday (yes/no).",
	},
	Values: map[string][]c.ValueWords{
		"Vacancies.office_class":   officeClassWords,
		"Vacancies.cause":          causeWords,
		"Vacancies.filling_method": methodWords,
		"Vacancies.governing_law":  governingWords,
		"Vacancies.appointing_authority": {
			{Value: "mayor", Meaning: "The village's mayor (Village Law § 3-312(3))."},
			{Value: "board_of_trustees", Meaning: "The village's board of trustees, for the office of mayor (Village Law § 3-312(3))."},
			{Value: "governor", Meaning: "The governor, for a U.S. senator (Pub. Off. Law § 42(4-a))."},
		},
		"Vacancies.proclaiming_officer": {
			{Value: "governor", Meaning: "The governor (Pub. Off. Law § 42(3), (5))."},
			{Value: "mayor", Meaning: "The mayor of New York City, within three days of the vacancy."},
			{Value: "acting_mayor", Meaning: "The person acting as mayor, for a vacancy in the office of mayor (N.Y.C. Charter § 10(c))."},
		},
	},
}

var officeClassWords = []c.ValueWords{
	{Value: string(c.Governor), Meaning: "Governor."},
	{Value: string(c.LieutenantGovernor), Meaning: "Lieutenant governor."},
	{Value: string(c.USSenator), Meaning: "United States senator."},
	{Value: string(c.USRepresentative), Meaning: "Representative in Congress."},
	{Value: string(c.StateSenator), Meaning: "State senator."},
	{Value: string(c.MemberOfAssembly), Meaning: "Member of Assembly."},
	{Value: string(c.SupremeCourtJustice), Meaning: "Justice of the Supreme Court."},
	{Value: string(c.CountyLevelJudge), Meaning: "County, surrogate's or family court judge outside New York City."},
	{Value: string(c.OtherOffice), Meaning: "Every other elective office: statewide, town, district (and, in older workbooks, county, city and village offices)."},
	{Value: string(c.Village), Meaning: "An elective village office (mayor, trustee, village justice): Village Law § 3-312."},
	{Value: string(c.NYCMayor), Meaning: "Mayor of the City of New York: N.Y.C. Charter § 10(c)."},
	{Value: string(c.NYCPublicAdvocate), Meaning: "Public Advocate of the City of New York: N.Y.C. Charter § 24(c)."},
	{Value: string(c.NYCComptroller), Meaning: "Comptroller of the City of New York: N.Y.C. Charter § 94(c)."},
	{Value: string(c.NYCBoroughPresident), Meaning: "One of the five borough presidents: N.Y.C. Charter § 81(e)."},
	{Value: string(c.NYCCouncilMember), Meaning: "Member of the New York City Council: N.Y.C. Charter § 25(b)."},
	{Value: string(c.City), Meaning: "An elective office of another city: § 42, and its charter may govern (LOCAL_CHARTER)."},
	{Value: string(c.County), Meaning: "An elective county office other than a judge: § 42, and a county charter may govern (LOCAL_CHARTER)."},
}

var governingWords = []c.ValueWords{
	{Value: "state", Meaning: "Public Officers Law § 42 and Election Law § 6-158."},
	{Value: "village_law", Meaning: "Village Law § 3-312 and Election Law § 15-108."},
	{Value: "nyc_charter", Meaning: "The New York City Charter (§§ 10(c), 24(c), 25(b), 81(e), 94(c))."},
	{Value: "local_charter", Meaning: "A city's or county's charter may govern: the dates shown are § 42's (LOCAL_CHARTER)."},
}

var causeWords = []c.ValueWords{
	{Value: string(c.Death), Meaning: "Death (§ 30(1)(a))."},
	{Value: string(c.Resignation), Meaning: "Resignation, from the day it takes effect (§ 30(1)(b))."},
	{Value: string(c.Removal), Meaning: "Removal from office (§ 30(1)(c))."},
	{Value: string(c.Nonresidence), Meaning: "The incumbent ceased to be an inhabitant (§ 30(1)(d))."},
	{Value: string(c.Conviction), Meaning: "Conviction of a felony or of a crime involving a violation of the oath of office, or a guilty plea to one in federal court (§ 30(1)(e))."},
	{Value: string(c.Incompetence), Meaning: "Judgment or order declaring the incumbent incompetent (§ 30(1)(f))."},
	{Value: string(c.JudgmentVoid), Meaning: "A court's judgment declaring the election or appointment void, or the office forfeited or vacant (§ 30(1)(g))."},
	{Value: string(c.OathNotFiled), Meaning: "The oath of office was not filed in time (§ 30(1)(h))."},
	{Value: string(c.NewOffice), Meaning: "A newly created office (§ 30(2))."},
	{Value: string(c.MissedMeetings), Meaning: "A member of a board appointed by the governor who failed to attend three consecutive regular meetings (§ 30(3)): not an elective office."},
	{Value: string(c.FailureToElect), Meaning: "No one was elected at the election (§ 42(3))."},
	{Value: string(c.DeathBeforeTerm), Meaning: "The person elected died or was disqualified before the term began (§ 42(3))."},
	{Value: string(c.TermExpiration), Meaning: "The term expires (§ 42(2))."},
	{Value: string(c.BoardTie), Meaning: "The board failed to fill the vacancy (§ 42(5))."},
}

var methodWords = []c.ValueWords{
	{Value: string(c.GeneralElection), Meaning: "Filled at a general election (filling_election_date)."},
	{Value: string(c.SpecialElection), Meaning: "Filled at the special election the governor proclaimed."},
	{Value: string(c.SpecialOrGeneral), Meaning: "The governor may proclaim a special election; failing one, the general election of filling_election_date fills it."},
	{Value: string(c.TemporaryAppointment), Meaning: "A temporary appointment until appointment_until, then an election (U.S. senator)."},
	{Value: string(c.NotCovered), Meaning: "Public Officers Law § 42 does not cover the office (governor, lieutenant governor: the constitution provides succession)."},
	{Value: string(c.NotElective), Meaning: "Not an elective office: no election is computed."},
	{Value: string(c.NoElection), Meaning: "Nothing left to fill: no election fills the rest of the term."},
	{Value: string(c.AppointmentToTermEnd), Meaning: "A village office filled by appointment (appointment_until) to the end of the term; filling_election_date elects the next full term."},
	{Value: string(c.AppointmentThenElection), Meaning: "A village office filled by appointment until appointment_until; the general village election of filling_election_date fills the rest of the term."},
	{Value: string(c.AppointmentThenSpecial), Meaning: "A village office filled by appointment until appointment_until; a special village election on filling_election_date fills the rest of the term (no general village election before the appointment ends)."},
}
