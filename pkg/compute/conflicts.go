package compute

// The conflict codes of RULES.md § 5: each a stable code, its usual
// severity, the law it rests on and when the engine raises it. The table is
// printed by `batch rules`; the engine builds every conflict from it so
// that code, severity and citation never drift apart.

const (
	codeNotCovered           = "NOT_COVERED"
	codeNotElective          = "NOT_ELECTIVE"
	codeResidencyExempt      = "RESIDENCY_EXEMPT"
	codeArmedForces          = "ARMED_FORCES"
	codeSpecialBarred        = "SPECIAL_BARRED"
	codeSpecialNotAuthorized = "SPECIAL_NOT_AUTHORIZED"
	codeSpecialWindow        = "SPECIAL_WINDOW"
	codeDateOrder            = "DATE_ORDER"
	codeDuplicateVacancy     = "DUPLICATE_VACANCY"
	codeSameSeat             = "SAME_SEAT"
	codeAfterSept20          = "AFTER_SEPT_20"
	codeTermEndsFirst        = "TERM_ENDS_FIRST"
	codeLateVacancy          = "LATE_VACANCY"
	codeTooLate              = "TOO_LATE"
	codeRolledOver           = "ROLLED_OVER"
	codeNeedsInput           = "NEEDS_INPUT"
	codeFederalCalendar      = "FEDERAL_CALENDAR"
)

// citeFederalOrder is the source RULES.md § 1 gives for the 2012-2018
// federal primary calendar.
const citeFederalOrder = "federal court order (MOVE Act), 2012-2018"

// conflictRule is one row of the conflict-code table.
type conflictRule struct {
	Code     string
	Severity Severity
	Citation string
	When     string
	Note     string // interpretation beyond RULES.md, if any
}

// conflictRules is RULES.md § 5 in its order; ARMED_FORCES is added by
// this tool (RULES.md § 2 asks for the warning but names no code).
var conflictRules = [...]conflictRule{
	{codeNotCovered, Warning, citePOL42_1 + "; " + citePOL42_3,
		"governor or lieutenant governor: § 42 excepts these offices; the constitution provides succession", ""},
	{codeNotElective, Warning, citePOL30_3,
		"§ 30(3) appointive board member: not an elective office, no election is computed", ""},
	{codeResidencyExempt, Warning, "Pub. Off. Law § 30(4)-(8)",
		"nonresidence of an officer § 30(4)-(8) exempts: the vacancy may not exist", ""},
	{codeArmedForces, Warning, citePOL30_1h,
		"oath not filed and the notes mention armed forces or active duty: § 30(1)(h)'s exception may mean there is no vacancy",
		"code added by this tool: RULES.md § 2 asks for a warning without naming a code"},
	{codeSpecialBarred, Info, citePOL42_4,
		"§ 42(4) bars a special election for the seat (error when a proclamation was given anyway)", ""},
	{codeSpecialNotAuthorized, Error, citePOL42_3 + "; " + citePOL42_5,
		"a proclamation for an office where § 42(3) or (5) gives the governor none", ""},
	{codeSpecialWindow, Error, citePOL42_3,
		"the special election date is outside the thirty to forty days after the proclamation", ""},
	{codeDateOrder, Error, "Pub. Off. Law §§ 30, 42",
		"dates out of order: event before term start, vacancy after term end, proclamation before vacancy", ""},
	{codeDuplicateVacancy, Warning, citeDataCheck,
		"two rows of one vacancy: the same office, district and county (case and spacing aside), the same vacancy date, and the same incumbent when both rows name one",
		"compared on the incumbent and the vacancy date, not on the filling election: two people's vacancies of one seat are two vacancies (SAME_SEAT)"},
	{codeSameSeat, Info, citeDataCheck,
		"two vacancies in one seat: rows of the same office, district, county and filling election that are not one vacancy (another incumbent or vacancy date)",
		"code added by this tool"},
	{codeAfterSept20, Info, citePOL42_1,
		"the vacancy occurred on or after September 20 and before that year's general election: § 42(1) sends it to next year's",
		"raised only when the September-20 rule actually skips an election (a vacancy after the general election goes to next year's anyway)"},
	{codeTermEndsFirst, Warning, "Pub. Off. Law § 42",
		"the term ends before the filling election: nothing left to fill", ""},
	{codeLateVacancy, Info, citeEL6158_6 + "; " + citeEL6158_10,
		"subdivision 6 or 10's late-vacancy rule replaced the ordinary deadline", ""},
	{codeTooLate, Warning, citeEL6158_13,
		"a last day falls after the election it serves, or before the vacancy: file as soon as practicable", ""},
	{codeRolledOver, Info, citeEL1106,
		"§ 1-106 moved a last day off a Saturday, Sunday or public holiday", ""},
	{codeNeedsInput, Warning, "",
		"a rule needs a value the row lacks", ""},
	{codeFederalCalendar, Warning, citeFederalOrder,
		"federal office, general election 2012-2018: a court order set a June primary with its own petition calendar",
		"the seed edition knows nothing of the court-ordered federal calendar"},
}

func conflictSeverity(code string) Severity {
	for i := range conflictRules {
		if conflictRules[i].Code == code {
			return conflictRules[i].Severity
		}
	}
	return Warning
}

// conflict builds a conflict with the table's severity.
func conflict(code, field, message, citation string) Conflict {
	return Conflict{Code: code, Severity: conflictSeverity(code), Field: field, Message: message, Citation: citation}
}
