package compute

import "time"

// Public Officers Law §§ 30 and 42 as data: when an office becomes vacant,
// the residency exemptions, and the steps that decide which election fills
// a vacancy. The decision itself (engine.go) walks these steps in
// RULES.md § 3's order.

const (
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
	citePOL42    = "Pub. Off. Law § 42"
	citePOL42_1  = "Pub. Off. Law § 42(1)"
	citePOL42_2  = "Pub. Off. Law § 42(2)"
	citePOL42_3  = "Pub. Off. Law § 42(3)"
	citePOL42_4  = "Pub. Off. Law § 42(4)"
	citePOL42_4a = "Pub. Off. Law § 42(4-a)"
	citePOL42_5  = "Pub. Off. Law § 42(5)"
	citeConstVI  = "N.Y. Const. art. VI § 21(a)"
)

// causeRule is one row of RULES.md § 2: how a cause code dates the vacancy.
type causeRule struct {
	Cause    Cause
	Citation string
	Words    string // the statute's words for the event
	Date     string // what the vacancy date is
	Note     string
}

var causeRules = [...]causeRule{
	{Death, citePOL30_1a, "The death of the incumbent;", "event_date: the date of death", ""},
	{Resignation, citePOL30_1b, "His resignation;", "event_date: the date the resignation takes effect", ""},
	{Removal, citePOL30_1c, "His removal from office;", "event_date: the date of removal", ""},
	{Nonresidence, citePOL30_1d, "His ceasing to be an inhabitant of the state, or if he be a local officer, of the political subdivision, or municipal corporation of which he is required to be a resident when chosen;",
		"event_date: the date the incumbent ceased to be an inhabitant", "§ 30(4)-(8) exemptions raise RESIDENCY_EXEMPT"},
	{Conviction, citePOL30_1e, "His or her conviction of a felony, conviction of a crime involving a violation of his or her oath of office, or upon entering a guilty plea in federal court to a felony",
		"event_date: the date of conviction or guilty plea", ""},
	{Incompetence, citePOL30_1f, "The entry of a judgment or order of a court of competent jurisdiction declaring him to be incompetent;",
		"event_date: the date of the judgment or order", ""},
	{JudgmentVoid, citePOL30_1g, "The judgment of a court, declaring void his election or appointment, or that his office is forfeited or vacant;",
		"event_date: the date of the judgment", ""},
	{OathNotFiled, citePOL30_1h, "His refusal or neglect to file his official oath or undertaking, if one is required, before or within thirty days after the commencement of the term of office for which he is chosen",
		"event_date when given, else term_start + 31 days (the first day after the thirty days to file)",
		"interpretation: the armed-forces exception of § 30(1)(h) cannot be known from the row; notes mentioning armed forces, military or active duty raise ARMED_FORCES"},
	{NewOffice, citePOL30_2, "When a new or an additional office shall be created, such office shall for the purposes of an appointment or election, be vacant from the date of its creation",
		"event_date: the date of creation", ""},
	{MissedMeetings, citePOL30_3, "When any member of a board, commission, committee or authority, holding office by appointment of the governor, fails to attend three consecutive regular meetings ... the office may be deemed vacant for purposes of the nomination and appointment of a successor.",
		"event_date; not an elective office: no election (NOT_ELECTIVE)", ""},
	{FailureToElect, citePOL42_3, "Upon the failure to elect to any office ... at a general or special election, at which such office is authorized to be filled",
		"event_date: the day after the election at which no one was elected", ""},
	{DeathBeforeTerm, citePOL42_3, "upon the death or disqualification of a person elected to office before the commencement of his official term",
		"event_date: the date of death or disqualification", ""},
	{TermExpiration, citePOL42_2, "A vacancy occurring by the expiration of term at the end of an even numbered year",
		"term_end + 1 day", ""},
	{BoardTie, citePOL42_5, "Whenever the authority to fill any vacancy is vested in a board and such board is unable to fill such vacancy in an elective office by reason of a tie vote, or such board neglects to fill such vacancy for any other reason",
		"event_date: the date the board failed to fill the vacancy", ""},
}

func causeRuleOf(c Cause) *causeRule {
	for i := range causeRules {
		if causeRules[i].Cause == c {
			return &causeRules[i]
		}
	}
	return nil
}

// residencyExemption is one of § 30(4)-(8): an officer whose nonresidence
// the subdivision says does not create a vacancy. The office text (and
// county) must contain every word of All and none of Not, ignoring case.
type residencyExemption struct {
	Code     string
	Citation string
	Words    string
	All      []string
	Not      []string
}

var residencyExemptions = [...]residencyExemption{
	{"residency_police", "Pub. Off. Law § 30(4)",
		"shall apply in the case of a person who is a member of the police force of any political subdivision or municipal corporation of the state and who while a member of such force resides (a) in the county in which such political subdivision or municipal corporation is located; or (b) in a county within the state contiguous ...",
		[]string{"police"}, nil},
	{"residency_sanitation", "Pub. Off. Law § 30(4-a), (5)",
		"shall apply in the case of a member of the department of sanitation of any municipality who resides in a county within the state contiguous to such municipality.",
		[]string{"sanitation"}, nil},
	{"residency_fire", "Pub. Off. Law § 30(4-b), (5)",
		"shall apply to the appointment or continuance in office or position of an officer or member of a paid fire department in any political subdivision or municipal corporation of the state, if such person resides in the county, or one of the counties, in which such political subdivision or municipal corporation is located.",
		[]string{"fire"}, nil},
	{"residency_correction", "Pub. Off. Law § 30(5)",
		"or in the case of a person employed in a department of correction in the correction service of the classified civil service",
		[]string{"correction"}, nil},
	{"residency_health_inspector", "Pub. Off. Law § 30(5)",
		"or in the case of officers and inspectors employed in a department of health of a city of over one million population",
		[]string{"health", "inspector"}, nil},
	{"residency_troy", "Pub. Off. Law § 30(6)",
		"shall apply in the case of appointed public officers in the city of Troy, except the city manager of such city, who reside in the county of Rensselaer.",
		[]string{"troy"}, []string{"city manager"}},
	{"residency_hudson", "Pub. Off. Law § 30(7)",
		"shall apply in the case of the city court judge in the city of Hudson, provided that such person resides in the county in which such city is located.",
		[]string{"hudson", "city court"}, nil},
	{"residency_nassau_deputy_sheriff", "Pub. Off. Law § 30(8)",
		"shall apply in the case of a person holding the office of deputy sheriff in the county of Nassau, provided that such person resides in Nassau county or any adjoining county within New York state.",
		[]string{"deputy sheriff", "nassau"}, nil},
}

// matches reports whether the exemption names the office; county may
// supply a place the office text leaves out ("Deputy Sheriff", county
// Nassau).
func (x *residencyExemption) matches(office, county string) bool {
	for _, w := range x.All {
		if !containsFold(office, w) && !containsFold(county, w) {
			return false
		}
	}
	for _, w := range x.Not {
		if containsFold(office, w) {
			return false
		}
	}
	return true
}

// armedForcesWords are the notes that raise the § 30(1)(h) armed-forces
// exception for a missing oath.
var armedForcesWords = [...]string{"armed forces", "military", "active duty"}

// armedForcesWordsOfStatute is the exception's text.
const armedForcesWordsOfStatute = "The neglect or failure of any state or local officer to execute and file his oath of office and official undertaking within the time limited therefor by law, shall not create a vacancy in the office if such officer was on active duty in the armed forces of the United States and absent from the county of his residence at the time of his election or appointment"

// decisionRule is one step of RULES.md § 3 (and the rules it relies on),
// printed on the Rules sheet.
type decisionRule struct {
	Code     string
	Citation string
	Words    string
	Counting string
	Note     string
}

var decisionRules = [...]decisionRule{
	{"step1_not_covered", citePOL42_1 + "; " + citePOL42_3,
		"except in the offices of governor or lieutenant-governor", "",
		"step 1: governor, lieutenant governor → not_covered (NOT_COVERED)"},
	{"step2_us_senator_even_early", citePOL42_4a,
		"If such vacancy occurs in any even numbered calendar year on or before the sixtieth day prior to an annual primary election, the governor shall make a temporary appointment to fill such vacancy until the third day of January in the next calendar year.",
		"V ≤ P(y) − 60 days → January 3 of y+1",
		"step 2; the election is at the general election next preceding the end of the appointment: G(end year − 1)"},
	{"step2_us_senator_even_late", citePOL42_4a,
		"If a vacancy occurs in the office of United States senator from this state in any even numbered calendar year on or after the fifty-ninth day prior to the annual primary election, or thereafter during said even numbered year, the governor shall make a temporary appointment to fill such vacancy until the third day of January in the year following the next even numbered calendar year.",
		"V ≥ P(y) − 59 days → January 3 of y+3", "step 2"},
	{"step2_us_senator_odd", citePOL42_4a,
		"If a vacancy occurs in the office of United States senator from this state in any odd numbered calendar year, the governor shall make a temporary appointment to fill such vacancy until the third day of January in the next odd numbered calendar year.",
		"y odd → January 3 of y+2", "step 2"},
	{"step2_us_senator_election", citePOL42_4a,
		"directing the election of a United States senator to fill such vacancy for the unexpired term at the general election next preceding the expiration for the term of such appointment.",
		"G(end year − 1)", "step 2: the general-election deadlines of that year apply"},
	{"step3_us_representative_bar", citePOL42_4,
		"A special election shall not be held to fill a vacancy in the office of a representative in congress unless such vacancy occurs on or before the first day of July of the last year of the term of office, or unless it occurs thereafter and a special session of congress is called to meet before the next general election, or be called after September nineteenth of such year",
		"barred when V > July 1 of the last year of the term",
		"step 3: a special_session_date in the row is read as a session called as the exception requires and lifts the bar"},
	{"step3_legislature_bar", citePOL42_4,
		"nor to fill a vacancy in the office of state senator or in the office of member of assembly, unless the vacancy occurs before the first day of April of the last year of the term of office, or unless the vacancy occurs in either such office of senator or member of assembly after such first day of April and a special session of the legislature be called to meet between such first day of April and the next general election or be called after September nineteenth in such year.",
		"barred unless V < April 1 of the last year of the term; a special session lifts the bar only when V > April 1",
		"step 3: statute over RULES.md: a vacancy ON April 1 is neither before nor after April 1, so it is barred and a special session does not lift the bar"},
	{"step3_special_or_general", citePOL42_3 + "; " + citePOL42_4,
		"If a special election to fill an office shall not be held as required by law, the office shall be filled at the next general election.",
		"", "step 3: not barred → special_election when proclaimed, else special_or_general with the general election by the September-20 rule; barred → none (SPECIAL_BARRED)"},
	{"step4_judges", citeConstVI + "; " + citePOL42_1,
		"unless otherwise provided by the constitution", "first G on or after MonthsAfter(V, 3)",
		"step 4: supreme_court_justice, county_level_judge: the first general election held not less than three months after the vacancy"},
	{"step5_term_expiration", citePOL42_2,
		"A vacancy occurring by the expiration of term at the end of an even numbered year in an office which may not under the provisions of the constitution be filled for a full term at the general election held prior to the expiration of such term, shall be filled at said general election for a term ending with the commencement of the political year next succeeding the first general election at which said office can be filled by election for a full term.",
		"G(Y) when term_end is December 31 of an even year Y",
		"step 5: deadlines are year Y's regular calendar; falling before the vacancy is expected, not TOO_LATE; next_full_term_year needed (NEEDS_INPUT)"},
	{"step6_september_20", citePOL42_1,
		"A vacancy occurring before September twentieth of any year in any office authorized to be filled at a general election, except in the offices of governor or lieutenant-governor, shall be filled at the general election held next thereafter",
		"V < September 20 of y → G(y), else G(y+1)", "step 6"},
	{"step6_special_possible", citePOL42_3 + "; " + citePOL42_5,
		"or upon the occurrence of a vacancy in any elective office which cannot be filled by appointment for a period extending to or beyond the next general election ... the governor may in his discretion make proclamation of a special election",
		"", "step 6: special_or_general for failure_to_elect, death_before_term, board_tie, or appointable = no"},
	{"special_window", citePOL42_3,
		"the day thereof, which shall be not less than thirty nor more than forty days from the date of the proclamation.",
		"[DaysAfter(30, R), DaysAfter(40, R)]", "an election day: never rolled over"},
	{"default_term_us_representative", "U.S. Const. amend. XX § 1",
		"the terms of Senators and Representatives at noon on the 3d day of January", "first January 3 of an odd year after V",
		"used when term_end is blank"},
	{"default_term_legislature", "N.Y. Const. art. III § 2",
		"", "first December 31 of an even year on or after V", "used when term_end is blank"},
	{"last_year_of_term", citePOL42_4,
		"the last year of the term of office", "year of the last general election before term_end",
		"interpretation (RULES.md § 3): December 31, 2026 → 2026; January 3, 2027 → 2026"},
	{"term_check", citePOL42,
		"", "filling election after term_end → none (TERM_ENDS_FIRST)",
		"interpretation: when the filling election is in the last year of the term, the note says it fills only the remainder"},
}

// defaultTermEnd is RULES.md § 3's default term end for classes with fixed
// terms; zero when the class has none.
func defaultTermEnd(class OfficeClass, v Date) Date {
	switch class {
	case USRepresentative:
		y := v.Year
		if y%2 == 0 || !v.Before(Date{Year: y, Month: time.January, Day: 3}) {
			y++
			if y%2 == 0 {
				y++
			}
		}
		return Date{Year: y, Month: time.January, Day: 3}
	case StateSenator, MemberOfAssembly:
		y := v.Year
		if y%2 != 0 {
			y++
		}
		return Date{Year: y, Month: time.December, Day: 31}
	}
	return Date{}
}

// containsFold reports whether s contains sub, ASCII case ignored. It does
// not allocate.
func containsFold(s, sub string) bool {
	n := len(sub)
	if n == 0 {
		return true
	}
	for i := 0; i+n <= len(s); i++ {
		j := 0
		for ; j < n; j++ {
			if lower(s[i+j]) != lower(sub[j]) {
				break
			}
		}
		if j == n {
			return true
		}
	}
	return false
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
