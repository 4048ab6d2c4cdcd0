package compute

// The conflict codes the engine raises: each a stable code, its usual
// severity and when it is raised. They are the vocabulary of Result; the
// law's own codes (a cut-off rule's, a notice's) come with their severity
// in the law's data. `batch rules` prints both.

const (
	codeNotCovered           = "NOT_COVERED"
	codeNotElective          = "NOT_ELECTIVE"
	codeResidencyExempt      = "RESIDENCY_EXEMPT"
	codeArmedForces          = "ARMED_FORCES"
	codeSpecialBarred        = "SPECIAL_BARRED"
	codeSpecialNotAuthorized = "SPECIAL_NOT_AUTHORIZED"
	codeSpecialWindow        = "SPECIAL_WINDOW"
	codeSpecialPiggyback     = "SPECIAL_PIGGYBACK"
	codeDateOrder            = "DATE_ORDER"
	codeDuplicateVacancy     = "DUPLICATE_VACANCY"
	codeSameSeat             = "SAME_SEAT"
	codeTermEndsFirst        = "TERM_ENDS_FIRST"
	codeLateVacancy          = "LATE_VACANCY"
	codeTooLate              = "TOO_LATE"
	codeRolledOver           = "ROLLED_OVER"
	codeNeedsInput           = "NEEDS_INPUT"
	codeNeedsReview          = "NEEDS_REVIEW"
	codeEditionStraddle      = "EDITION_STRADDLE"
	codeProclamationLate     = "PROCLAMATION_LATE"
	codeProclamationOverdue  = "PROCLAMATION_OVERDUE"

	// What reading the input noticed (ingest and the pipeline raise them,
	// the engine carries them): the row was read all the same.
	codeDateUnlikely = "DATE_UNLIKELY"
	codeCauseGuessed = "CAUSE_GUESSED"
	codeDuplicateID  = "DUPLICATE_ID"

	codeClassSuggested = "CLASS_SUGGESTED"
	codeClassUnclear   = "CLASS_UNCLEAR"
)

// ConflictRule is one row of the conflict-code table.
type ConflictRule struct {
	Code     string
	Severity Severity
	When     string
	Note     string // interpretation, if any
}

// conflictRules are the engine's codes, in the order the specification
// lists them; ARMED_FORCES is this tool's own. The statute a code rests
// on is the law data's (RulesOf gives it as the row's citation).
var conflictRules = [...]ConflictRule{
	{codeNotCovered, Warning, "governor or lieutenant governor: the statute excepts these offices; the constitution provides succession", ""},
	{codeNotElective, Warning, "appointive board member: not an elective office, no election is computed", ""},
	{codeResidencyExempt, Warning, "nonresidence of an officer the statute exempts: the vacancy may not exist", ""},
	{codeArmedForces, Warning, "oath not filed and the notes mention armed forces or active duty: the armed-forces exception may mean there is no vacancy",
		"code added by this tool: the specification asks for a warning without naming a code"},
	{codeSpecialBarred, Info, "a bar forbids a special election for the seat (error when a proclamation was given anyway)", ""},
	{codeSpecialNotAuthorized, Error, "a proclamation for an office where no ground gives the governor one", ""},
	{codeSpecialWindow, Error, "the special election date is outside the window of the edition in force on the proclamation", ""},
	{codeSpecialPiggyback, Warning, "a special election outside the window that the same-date proviso may make lawful: info naming the earlier special election on that day when the inputs hold one, warning when they do not",
		"the statute's \"subsequent vacancy\" (this vacancy occurred after the earlier proclamation) is not checked"},
	{codeDateOrder, Error, "dates out of order: event before term start, vacancy after term end, proclamation before vacancy", ""},
	{codeDuplicateVacancy, Warning, "two rows of one vacancy: the same office, district and county (case and spacing aside), the same vacancy date, and the same incumbent when both rows name one",
		"compared on the incumbent and the vacancy date, not on the filling election: two people's vacancies of one seat are two vacancies (SAME_SEAT)"},
	{codeSameSeat, Info, "two vacancies in one seat: rows of the same office, district, county and filling election that are not one vacancy (another incumbent or vacancy date)",
		"code added by this tool"},
	{codeTermEndsFirst, Warning, "the term ends before the filling election: nothing left to fill", ""},
	{codeLateVacancy, Info, "a late-vacancy rule replaced the ordinary deadline", ""},
	{codeTooLate, Warning, "a last day falls after the election it serves, or before the vacancy: file as soon as practicable", ""},
	{codeRolledOver, Info, "the roll-over rule moved a last day off a Saturday, Sunday or public holiday", ""},
	{codeNeedsInput, Warning, "a rule needs a value the row lacks", ""},
	{codeNeedsReview, Info, "the vacancy's filling method or election rests on an unverified rule or a reading: the message names it (warning where both editions' results are given); a deadline's date resting on one carries verify on its row instead", ""},
	{codeEditionStraddle, Info, "the vacancy and the proclamation fall under different editions: the message names both and which decides what", ""},
	{codeProclamationLate, Warning, "the proclamation came after the last day of the duty to proclaim", "a warning, not an error: the state has counted from the formal resignation letter"},
	{codeProclamationOverdue, Warning, "the last day of the duty to proclaim passed before the as-of date and the row gives neither a proclamation nor a special election date",
		"code added by this tool: the row records no proclamation, and the seat may be left without the special election the statute requires"},
	{codeDateUnlikely, Warning, "a date before 2009 or more than two years after the as-of date (term_end: before 2009 only), or a two-digit year whose century is then a guess: the message names the reading and the other century",
		"code added by this tool (issue 35): the law data begins with the 2010 editions; a two-digit year is read as 20YY"},
	{codeCauseGuessed, Warning, "a cause read from the known word it begins with (\"resigned (effective 3/1)\" as resignation): the rest of the cell was not read",
		"code added by this tool (issue 35)"},
	{codeDuplicateID, Warning, "a vacancy_id that another row, in this input or another, also gives: the message names the other rows; explain --id shows each",
		"code added by this tool (issue 35): ids are compared without regard to case, as explain matches them"},
	{codeClassSuggested, Warning, "the office name suggests another class than the row gives (a village, city, county or New York City office given as other; a State Senate seat given as the Assembly; a town's office given a class of the state or the nation): the row is computed as given",
		"never a silent reclassification: \"trustee\" may be a library's, \"comptroller\" the State Comptroller"},
	{codeClassUnclear, Warning, "the office name fits more than one class (\"Senator\": the State Senate or the U.S. Senate): the row is computed as the class given or derived; set office_class",
		"code added by this tool beside CLASS_SUGGESTED"},
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
