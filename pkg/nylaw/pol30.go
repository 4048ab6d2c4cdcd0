package nylaw

import c "batch/pkg/compute"

// Public Officers Law § 30: when an office becomes vacant. The words are
// the seed text (2010); § 30 has no later edition in the data.

const (
	citePOL30    = "Pub. Off. Law § 30"
	citePOL30_1  = "Pub. Off. Law § 30(1)"
	citePOL30_1a = "Pub. Off. Law § 30(1)(a)"
	citePOL30_1b = "Pub. Off. Law § 30(1)(b)"
	citePOL30_1c = "Pub. Off. Law § 30(1)(c)"
	citePOL30_1d = "Pub. Off. Law § 30(1)(d)"
	citePOL30_1e = "Pub. Off. Law § 30(1)(e)"
	citePOL30_1f = "Pub. Off. Law § 30(1)(f)"
	citePOL30_1g = "Pub. Off. Law § 30(1)(g)"
	citePOL30_1h = "Pub. Off. Law § 30(1)(h)"
	citePOL30_2  = "Pub. Off. Law § 30(2)"
	citePOL30_3  = "Pub. Off. Law § 30(3)"
)

func cause(cs c.Cause, cite, words, date, note string) c.CauseRule {
	return c.CauseRule{Cause: cs, Date: date, Authority: c.Authority{Cite: cite, Words: words, Note: note}}
}

// causes: how each cause code dates the vacancy (§ 30, and § 42 for the
// causes that are § 42's).
var causes = []c.CauseRule{
	cause(c.Death, citePOL30_1a, "The death of the incumbent;", "event_date: the date of death", ""),
	cause(c.Resignation, citePOL30_1b, "His resignation;", "event_date: the date the resignation takes effect", ""),
	cause(c.Removal, citePOL30_1c, "His removal from office;", "event_date: the date of removal", ""),
	cause(c.Nonresidence, citePOL30_1d, "His ceasing to be an inhabitant of the state, or if he be a local officer, of the political subdivision, or municipal corporation of which he is required to be a resident when chosen;",
		"event_date: the date the incumbent ceased to be an inhabitant", "§ 30(4)-(8) exemptions raise RESIDENCY_EXEMPT"),
	cause(c.Conviction, citePOL30_1e, "His or her conviction of a felony, conviction of a crime involving a violation of his or her oath of office, or upon entering a guilty plea in federal court to a felony",
		"event_date: the date of conviction or guilty plea", ""),
	cause(c.Incompetence, citePOL30_1f, "The entry of a judgment or order of a court of competent jurisdiction declaring him to be incompetent;",
		"event_date: the date of the judgment or order", ""),
	cause(c.JudgmentVoid, citePOL30_1g, "The judgment of a court, declaring void his election or appointment, or that his office is forfeited or vacant;",
		"event_date: the date of the judgment", ""),
	cause(c.OathNotFiled, citePOL30_1h, "His refusal or neglect to file his official oath or undertaking, if one is required, before or within thirty days after the commencement of the term of office for which he is chosen",
		"event_date when given, else the thirty-first day after term_start (the first day after the thirty days to file)",
		"interpretation: the armed-forces exception of § 30(1)(h) cannot be known from the row; notes mentioning armed forces, military or active duty raise ARMED_FORCES"),
	cause(c.NewOffice, citePOL30_2, "When a new or an additional office shall be created, such office shall for the purposes of an appointment or election, be vacant from the date of its creation",
		"event_date: the date of creation", ""),
	cause(c.MissedMeetings, citePOL30_3, "When any member of a board, commission, committee or authority, holding office by appointment of the governor, fails to attend three consecutive regular meetings ... the office may be deemed vacant for purposes of the nomination and appointment of a successor.",
		"event_date; not an elective office: no election (NOT_ELECTIVE)", ""),
	cause(c.FailureToElect, citePOL42_3, "Upon the failure to elect to any office ... at a general or special election, at which such office is authorized to be filled",
		"event_date: the day after the election at which no one was elected", ""),
	cause(c.DeathBeforeTerm, citePOL42_3, "upon the death or disqualification of a person elected to office before the commencement of his official term",
		"event_date: the date of death or disqualification", ""),
	cause(c.TermExpiration, citePOL42_2, "A vacancy occurring by the expiration of term at the end of an even numbered year",
		"the day after term_end", ""),
	cause(c.BoardTie, citePOL42_5, "Whenever the authority to fill any vacancy is vested in a board and such board is unable to fill such vacancy in an elective office by reason of a tie vote, or such board neglects to fill such vacancy for any other reason",
		"event_date: the date the board failed to fill the vacancy", ""),
}

func exemption(code, cite, words string, all, not []string) c.ResidencyExemption {
	return c.ResidencyExemption{Code: code, All: all, Not: not, Authority: c.Authority{Cite: cite, Words: words}}
}

// residency is § 30(4)-(8): officers whose nonresidence the subdivision
// says does not create a vacancy, matched on the office text.
var residency = []c.ResidencyExemption{
	exemption("residency_police", "Pub. Off. Law § 30(4)",
		"shall apply in the case of a person who is a member of the police force of any political subdivision or municipal corporation of the state and who while a member of such force resides (a) in the county in which such political subdivision or municipal corporation is located; or (b) in a county within the state contiguous ...",
		[]string{"police"}, nil),
	exemption("residency_sanitation", "Pub. Off. Law § 30(4-a), (5)",
		"shall apply in the case of a member of the department of sanitation of any municipality who resides in a county within the state contiguous to such municipality.",
		[]string{"sanitation"}, nil),
	exemption("residency_fire", "Pub. Off. Law § 30(4-b), (5)",
		"shall apply to the appointment or continuance in office or position of an officer or member of a paid fire department in any political subdivision or municipal corporation of the state, if such person resides in the county, or one of the counties, in which such political subdivision or municipal corporation is located.",
		[]string{"fire"}, nil),
	exemption("residency_correction", "Pub. Off. Law § 30(5)",
		"or in the case of a person employed in a department of correction in the correction service of the classified civil service",
		[]string{"correction"}, nil),
	exemption("residency_health_inspector", "Pub. Off. Law § 30(5)",
		"or in the case of officers and inspectors employed in a department of health of a city of over one million population",
		[]string{"health", "inspector"}, nil),
	exemption("residency_troy", "Pub. Off. Law § 30(6)",
		"shall apply in the case of appointed public officers in the city of Troy, except the city manager of such city, who reside in the county of Rensselaer.",
		[]string{"troy"}, []string{"city manager"}),
	exemption("residency_hudson", "Pub. Off. Law § 30(7)",
		"shall apply in the case of the city court judge in the city of Hudson, provided that such person resides in the county in which such city is located.",
		[]string{"hudson", "city court"}, nil),
	exemption("residency_nassau_deputy_sheriff", "Pub. Off. Law § 30(8)",
		"shall apply in the case of a person holding the office of deputy sheriff in the county of Nassau, provided that such person resides in Nassau county or any adjoining county within New York state.",
		[]string{"deputy sheriff", "nassau"}, nil),
}

// armedForces is § 30(1)(h)'s exception for officers on active duty.
var armedForces = c.ArmedForces{
	Keywords: []string{"armed forces", "military", "active duty"},
	Authority: c.Authority{Cite: citePOL30_1h, Mark: c.Interpretation,
		Words: "The neglect or failure of any state or local officer to execute and file his oath of office and official undertaking within the time limited therefor by law, shall not create a vacancy in the office if such officer was on active duty in the armed forces of the United States and absent from the county of his residence at the time of his election or appointment",
		Note:  "the tool cannot know it"},
}
