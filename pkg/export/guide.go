package export

import (
	"strings"

	"batch/pkg/compute"
)

// The column guide: the sheet that tells a recipient who never ran the
// tool what each column of the results means, and every value a coded
// column takes, one row per value. It is written in CONTRACT.md's words.

const guideSheet = "Column guide"

var guideColumns = []string{"table", "column", "value", "meaning"}

// guideRow is one line of the column guide; value is blank on the line
// that describes the column itself.
type guideRow struct{ table, column, value, meaning string }

// columnMeanings says what each contract column holds. A column the
// contract adds later and this list lacks is still listed, without words.
var columnMeanings = map[string]map[string]string{
	"Vacancies": {
		"vacancy_id":                "The vacancy's id as the input gives it; when the input gives none, its source.",
		"source":                    "Where the row came from: file:sheet:row for a workbook, file:row for a CSV file (the header is row 1).",
		"office":                    "The office, as the input names it.",
		"office_class":              "How the law treats the office: a class of Public Officers Law § 42, or one whose own law governs it (a village, New York City's charter offices, another city, a county); given in the input, or derived from office.",
		"district":                  "The district, as the input gives it (leading zeros kept).",
		"county":                    "The county, one of New York's 62.",
		"incumbent":                 "The person whose office became vacant, as the input gives it.",
		"cause":                     "How the office became vacant (Public Officers Law § 30).",
		"event_date":                "The date of the event the input gives (death, resignation, …): a date cell, or text such as 2027-03-01, 3/1/2027, March 1, 2027, 1 March 2027 or 1-Mar-27. A two-digit year is always 20YY (27 is 2027, 69 is 2069); numbers that read as two days (3.1.2027) are refused naming both. Any date of the row before 2009, or more than two years after the as-of date (term_end aside), is read with a DATE_UNLIKELY warning, which names the other century of a two-digit year.",
		"vacancy_date":              "The day the office became vacant in law (Public Officers Law § 30).",
		"filling_method":            "How the vacancy is filled (Public Officers Law § 42, or the law that governs the office: governing_law).",
		"filling_election_date":     "The election that fills the vacancy: the general election, or the special election proclaimed.",
		"special_election_earliest": "With a proclamation: the first day the special election may be held.",
		"special_election_latest":   "With a proclamation: the last day the special election may be held.",
		"appointment_until":         "For an appointment (a U.S. senator's; a village office's, Village Law § 3-312): the day it lasts until.",
		"term_end":                  "The end of the term: given, or the office class's default.",
		"next_deadline":             "The code of the next open deadline on the as-of date (its row on Deadlines says more).",
		"next_deadline_date":        "Its last day (after § 1-106 roll-over).",
		"conflicts":                 "The codes of the vacancy's conflicts, each once, the most severe first; a highlighted row's cell links to its most severe line on Conflicts.",
		"severity":                  "The most severe of the vacancy's conflicts.",
		"basis":                     "The statutes the decision rests on.",
		"explanation":               "The tool's own sentence: how it decided, in words.",
		"notes":                     "The analyst's notes from the input, carried through unchanged.",
		"law_edition":               "Which law decided the row: every edition (E0 the 2010 texts, E1 L.2011 ch. 4, E2 L.2019 ch. 5, E3 L.2021 ch. 320, E4 L.2022 ch. 164), one-year act (T2020 … T2026) and local law's edition (V0 Village Law § 3-312; NYC0, NYC1 the New York City Charter before and after its 2019 amendment) that decided a value of it, oldest first, joined by +.",
		"governing_law":             "Which law governs the vacancy: state (Public Officers Law § 42), village_law (Village Law § 3-312), nyc_charter (the New York City Charter) or local_charter (a city's or county's charter may: LOCAL_CHARTER says so).",
		"appointing_authority":      "Who fills the vacancy by appointment, where someone does: the village's mayor, or its board of trustees for the office of mayor; the governor for a U.S. senator.",
		"proclaiming_officer":       "Who proclaims the election: the governor (a special election of § 42(3) or (5)), New York City's mayor, or the person acting as mayor for the mayor's office.",
		"remainder_election_date":   "After an interim election: the later general election that fills the rest of the term (New York City Charter, paragraph 2).",
		"charter_paragraph":         "New York City: the paragraph of the charter section (§ 10(c), 24(c), 25(b), 81(e) or 94(c)) that decided: 2, 4, 5 or 9.",
	},
	"Deadlines": {
		"vacancy_id":     "The vacancy the deadline belongs to (its row on Vacancies).",
		"code":           "The deadline, a code of Election Law § 6-158; each is a row of Rules.",
		"kind":           "Whether the deadline is a window or a single last day.",
		"window_start":   "For a window: its first day (never moved by § 1-106).",
		"statutory_date": "The last day as the statute counts it.",
		"effective_date": "The last day after Elec. Law § 1-106 moved it off a Saturday, Sunday or public holiday.",
		"rolled_over":    "Whether § 1-106 moved the last day (yes/no).",
		"applies":        "Whether the deadline applies to this vacancy (yes/no; unknown where it depends on rules the tool cannot see, such as a county committee's); reason says why not.",
		"reason":         "Why the deadline does not apply, or which rule replaced it.",
		"status":         "On the as-of date: open, passed, met or met_late (the input records it done); blank when the deadline does not apply. Only open rows need someone to act.",
		"verify":         "Blank when the date rests on text that was read or that the state board's calendar confirms; otherwise which rule is unverified and what to check the date against.",
		"election_date":  "The election the deadline serves.",
		"citation":       "The statute that sets the deadline.",
		"law_edition":    "The edition (and one-year act, e.g. E4+T2026) that set this deadline's dates.",
		"base_date":      "In a year whose one-year act or calendar input moved the deadline: the date the permanent formula gives; blank otherwise.",
	},
	"Conflicts": {
		"vacancy_id":         "The vacancy the conflict concerns; the cell links back to its row on Vacancies.",
		"source":             "Where the vacancy's row came from.",
		"severity":           "How much the conflict matters: error, warning or info.",
		"code":               "The conflict, a stable code; each is a row of Rules.",
		"field":              "The input column or deadline code the conflict concerns.",
		"message":            "What is wrong, and what to do, in words.",
		"citation":           "The statute behind the conflict.",
		"next_deadline_date": "The vacancy's next open deadline, the order of this sheet after severity.",
	},
	"Errors": {
		"source":  "The input file (and sheet) of the rejected row.",
		"row":     "The row number in that sheet or file; blank for a problem with the whole file.",
		"column":  "The input column that holds the bad value.",
		"value":   "The value as the input holds it.",
		"message": "What is wrong with it, in words.",
	},
	"Calendar": {
		"year":           "The year of the political calendar.",
		"code":           "primary, general, holiday, or a deadline code of the general election.",
		"window_start":   "For a window: its first day.",
		"statutory_date": "The day as the statute counts it.",
		"effective_date": "The day after § 1-106 roll-over.",
		"citation":       "The statute that sets the day.",
		"source":         "Where the date came from: built in, a calendar input, or the holiday's name.",
		"law_edition":    "The edition (and one-year act) that set the day.",
		"base_date":      "When a one-year act or calendar input moved the day: the permanent formula's date.",
	},
	"Rules": {
		"code":          "A rule: a deadline code, a conflict code, a step of § 42, a cause, a holiday.",
		"citation":      "The statute.",
		"words":         "The statute's own words (or, for a conflict code, its severity and when it is raised).",
		"counting":      "How the tool counts the date from its anchor.",
		"roll_over":     "Whether § 1-106 moves the date off a weekend or holiday (yes/no).",
		"in_force_from": "The first day the rule is in force in this edition; blank: since before it.",
		"in_force_to":   "The last day it is in force; blank: still in force.",
		"note":          "How the tool reads the rule where the words leave a choice.",
		"edition":       "The editions (or one-year act) the rule belongs to, e.g. E2+E3+E4.",
		"offices":       "The office classes the rule is limited to; blank: every office.",
		"mark":          "How sure the data is: sourced (the words were read in a published copy), inferred, interpretation, or unsourced (flagged NEEDS_REVIEW where it decides a value).",
	},
}

// guideRows lists the whole guide: every column of every table in order,
// the values of the coded columns after the column's own line, and the
// carried-through columns.
func guideRows(extra []string) []guideRow {
	var out []guideRow
	col := func(table, name string) {
		out = append(out, guideRow{table, name, "", columnMeanings[table][name]})
	}
	vals := func(table, name string, values [][2]string) {
		for _, v := range values {
			out = append(out, guideRow{table, name, v[0], v[1]})
		}
	}
	for _, name := range vacancyColumns {
		col("Vacancies", name)
		switch name {
		case "office_class":
			vals("Vacancies", name, officeClassWords)
		case "cause":
			vals("Vacancies", name, causeWords)
		case "filling_method":
			vals("Vacancies", name, methodWords)
		case "severity":
			vals("Vacancies", name, severityWords())
		case "governing_law":
			vals("Vacancies", name, governingWords)
		case "appointing_authority":
			vals("Vacancies", name, [][2]string{{"mayor", "The village's mayor (Village Law § 3-312(3))."},
				{"board_of_trustees", "The village's board of trustees, for the office of mayor (Village Law § 3-312(3))."},
				{"governor", "The governor, for a U.S. senator (Pub. Off. Law § 42(4-a))."}})
		case "proclaiming_officer":
			vals("Vacancies", name, [][2]string{{"governor", "The governor (Pub. Off. Law § 42(3), (5))."},
				{"mayor", "The mayor of New York City, within three days of the vacancy."},
				{"acting_mayor", "The person acting as mayor, for a vacancy in the office of mayor (N.Y.C. Charter § 10(c))."}})
		}
	}
	for _, name := range extra {
		out = append(out, guideRow{"Vacancies", name, "", "A column of the input the contract does not name, carried through unchanged."})
	}
	for _, name := range deadlineColumns {
		col("Deadlines", name)
		switch name {
		case "code":
			for _, code := range deadlineOrder {
				w := wordsFor(code)
				done := "filed"
				switch w.verb {
				case "hold":
					done = "held"
				case "sign":
					done = "signed"
				case "issue":
					done = "issued"
				}
				meaning := strings.ToUpper(w.what[:1]) + w.what[1:] + "; " + done + " by " + w.who + "."
				if code == "special_election" {
					meaning = "The window for the special election's day: " + w.who + "."
				}
				out = append(out, guideRow{"Deadlines", name, code, meaning})
			}
		case "kind":
			vals("Deadlines", name, [][2]string{
				{string(compute.Window), "A period: not earlier than window_start, not later than effective_date."},
				{string(compute.LastDay), "A single last day: not later than effective_date."}})
		case "rolled_over":
			vals("Deadlines", name, [][2]string{{"yes", ""}, {"no", ""}})
		case "applies":
			vals("Deadlines", name, [][2]string{{"yes", ""}, {"no", ""},
				{"unknown", "Whether it applies depends on rules the tool cannot see (a village primary, held only where the county committee's rules require one); its dates are given."}})
		case "status":
			vals("Deadlines", name, [][2]string{
				{string(compute.Open), "The last day is on or after the as-of date, and the input does not record it done: someone must still act."},
				{string(compute.Passed), "The last day is before the as-of date (greyed)."},
				{string(compute.Met), "The input records it done on or before the last day: a proclamation_date for the duty to proclaim, a special_election_date for the special election's window (greyed)."},
				{string(compute.MetLate), "The input records it done after the last day (greyed; PROCLAMATION_LATE says so)."},
				{"(blank)", "The deadline does not apply (greyed)."}})
		}
	}
	for _, name := range conflictColumns {
		col("Conflicts", name)
		if name == "severity" {
			vals("Conflicts", name, severityWords()[:3])
		}
	}
	for _, name := range errorColumns {
		col("Errors", name)
	}
	for _, name := range calendarColumns {
		col("Calendar", name)
	}
	for _, name := range ruleColumns {
		col("Rules", name)
	}
	return out
}

func severityWords() [][2]string {
	out := make([][2]string, len(severityLegend))
	for i, l := range severityLegend {
		out[i] = [2]string{l.severity, l.meaning}
	}
	return out
}

var officeClassWords = [][2]string{
	{string(compute.Governor), "Governor."},
	{string(compute.LieutenantGovernor), "Lieutenant governor."},
	{string(compute.USSenator), "United States senator."},
	{string(compute.USRepresentative), "Representative in Congress."},
	{string(compute.StateSenator), "State senator."},
	{string(compute.MemberOfAssembly), "Member of Assembly."},
	{string(compute.SupremeCourtJustice), "Justice of the Supreme Court."},
	{string(compute.CountyLevelJudge), "County, surrogate's or family court judge outside New York City."},
	{string(compute.OtherOffice), "Every other elective office: statewide, town, district (and, in older workbooks, county, city and village offices)."},
	{string(compute.Village), "An elective village office (mayor, trustee, village justice): Village Law § 3-312."},
	{string(compute.NYCMayor), "Mayor of the City of New York: N.Y.C. Charter § 10(c)."},
	{string(compute.NYCPublicAdvocate), "Public Advocate of the City of New York: N.Y.C. Charter § 24(c)."},
	{string(compute.NYCComptroller), "Comptroller of the City of New York: N.Y.C. Charter § 94(c)."},
	{string(compute.NYCBoroughPresident), "One of the five borough presidents: N.Y.C. Charter § 81(e)."},
	{string(compute.NYCCouncilMember), "Member of the New York City Council: N.Y.C. Charter § 25(b)."},
	{string(compute.City), "An elective office of another city: § 42, and its charter may govern (LOCAL_CHARTER)."},
	{string(compute.County), "An elective county office other than a judge: § 42, and a county charter may govern (LOCAL_CHARTER)."},
}

var governingWords = [][2]string{
	{"state", "Public Officers Law § 42 and Election Law § 6-158."},
	{"village_law", "Village Law § 3-312 and Election Law § 15-108."},
	{"nyc_charter", "The New York City Charter (§§ 10(c), 24(c), 25(b), 81(e), 94(c))."},
	{"local_charter", "A city's or county's charter may govern: the dates shown are § 42's (LOCAL_CHARTER)."},
}

var causeWords = [][2]string{
	{string(compute.Death), "Death (§ 30(1)(a))."},
	{string(compute.Resignation), "Resignation, from the day it takes effect (§ 30(1)(b))."},
	{string(compute.Removal), "Removal from office (§ 30(1)(c))."},
	{string(compute.Nonresidence), "The incumbent ceased to be an inhabitant (§ 30(1)(d))."},
	{string(compute.Conviction), "Conviction of a felony or of a crime involving a violation of the oath of office, or a guilty plea to one in federal court (§ 30(1)(e))."},
	{string(compute.Incompetence), "Judgment or order declaring the incumbent incompetent (§ 30(1)(f))."},
	{string(compute.JudgmentVoid), "A court's judgment declaring the election or appointment void, or the office forfeited or vacant (§ 30(1)(g))."},
	{string(compute.OathNotFiled), "The oath of office was not filed in time (§ 30(1)(h))."},
	{string(compute.NewOffice), "A newly created office (§ 30(2))."},
	{string(compute.MissedMeetings), "A member of a board appointed by the governor who failed to attend three consecutive regular meetings (§ 30(3)): not an elective office."},
	{string(compute.FailureToElect), "No one was elected at the election (§ 42(3))."},
	{string(compute.DeathBeforeTerm), "The person elected died or was disqualified before the term began (§ 42(3))."},
	{string(compute.TermExpiration), "The term expires (§ 42(2))."},
	{string(compute.BoardTie), "The board failed to fill the vacancy (§ 42(5))."},
}

var methodWords = [][2]string{
	{string(compute.GeneralElection), "Filled at a general election (filling_election_date)."},
	{string(compute.SpecialElection), "Filled at the special election the governor proclaimed."},
	{string(compute.SpecialOrGeneral), "The governor may proclaim a special election; failing one, the general election of filling_election_date fills it."},
	{string(compute.TemporaryAppointment), "A temporary appointment until appointment_until, then an election (U.S. senator)."},
	{string(compute.NotCovered), "Public Officers Law § 42 does not cover the office (governor, lieutenant governor: the constitution provides succession)."},
	{string(compute.NotElective), "Not an elective office: no election is computed."},
	{string(compute.NoElection), "Nothing left to fill: no election fills the rest of the term."},
	{string(compute.AppointmentToTermEnd), "A village office filled by appointment (appointment_until) to the end of the term; filling_election_date elects the next full term."},
	{string(compute.AppointmentThenElection), "A village office filled by appointment until appointment_until; the general village election of filling_election_date fills the rest of the term."},
	{string(compute.AppointmentThenSpecial), "A village office filled by appointment until appointment_until; a special village election on filling_election_date fills the rest of the term (no general village election before the appointment ends)."},
}
