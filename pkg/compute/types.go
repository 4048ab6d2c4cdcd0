package compute

import "strings"

// Source is where a row came from: the provenance every result, conflict
// and problem carries through the flow.
type Source struct {
	File  string // base name of the input file, "-" for standard input
	Sheet string // sheet name; "" for CSV
	Row   int    // 1-based row (workbook) or record line (CSV, header = 1)
}

// String is "file:sheet:row" for workbooks and "file:row" for CSV: the
// default vacancy_id and the source column of the outputs.
func (s Source) String() string {
	var b strings.Builder
	b.WriteString(s.File)
	b.WriteByte(':')
	if s.Sheet != "" {
		b.WriteString(s.Sheet)
		b.WriteByte(':')
	}
	b.WriteString(itoa(s.Row))
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}

// OfficeClass groups offices the way Public Officers Law § 42 treats them.
type OfficeClass string

const (
	Governor            OfficeClass = "governor"
	LieutenantGovernor  OfficeClass = "lieutenant_governor"
	USSenator           OfficeClass = "us_senator"
	USRepresentative    OfficeClass = "us_representative"
	StateSenator        OfficeClass = "state_senator"
	MemberOfAssembly    OfficeClass = "member_of_assembly"
	SupremeCourtJustice OfficeClass = "supreme_court_justice"
	CountyLevelJudge    OfficeClass = "county_level_judge"
	OtherOffice         OfficeClass = "other"

	// Offices § 42(1) leaves to another law ("unless otherwise
	// provided"): a law's Regimes say which law governs each of them.
	Village             OfficeClass = "village"
	NYCMayor            OfficeClass = "nyc_mayor"
	NYCPublicAdvocate   OfficeClass = "nyc_public_advocate"
	NYCComptroller      OfficeClass = "nyc_comptroller"
	NYCBoroughPresident OfficeClass = "nyc_borough_president"
	NYCCouncilMember    OfficeClass = "nyc_council_member"
	City                OfficeClass = "city"
	County              OfficeClass = "county"
)

// OfficeClasses lists every class, in the order the specification names
// them: the classes of § 42 first, then (after other, so that the order
// of the first nine never changes) the offices other laws govern.
var OfficeClasses = []OfficeClass{Governor, LieutenantGovernor, USSenator, USRepresentative,
	StateSenator, MemberOfAssembly, SupremeCourtJustice, CountyLevelJudge, OtherOffice,
	Village, NYCMayor, NYCPublicAdvocate, NYCComptroller, NYCBoroughPresident, NYCCouncilMember, City, County}

// Cause is how the office became vacant (Public Officers Law §§ 30, 42).
type Cause string

const (
	Death           Cause = "death"
	Resignation     Cause = "resignation"
	Removal         Cause = "removal"
	Nonresidence    Cause = "nonresidence"
	Conviction      Cause = "conviction"
	Incompetence    Cause = "incompetence"
	JudgmentVoid    Cause = "judgment_void"
	OathNotFiled    Cause = "oath_not_filed"
	NewOffice       Cause = "new_office"
	MissedMeetings  Cause = "missed_meetings"
	FailureToElect  Cause = "failure_to_elect"
	DeathBeforeTerm Cause = "death_before_term"
	TermExpiration  Cause = "term_expiration"
	BoardTie        Cause = "board_tie"
)

// Causes lists every cause code, in the order the specification names them.
var Causes = []Cause{Death, Resignation, Removal, Nonresidence, Conviction, Incompetence,
	JudgmentVoid, OathNotFiled, NewOffice, MissedMeetings, FailureToElect, DeathBeforeTerm,
	TermExpiration, BoardTie}

// YesNo is a yes/no input that may be left blank.
type YesNo int8

const (
	Unknown YesNo = iota
	Yes
	No
)

// Field is one carried-through input column the tool does not interpret.
type Field struct {
	Name  string
	Value string
}

// Vacancy is one input row, already parsed and validated by ingest.
type Vacancy struct {
	ID     string // vacancy_id; ingest fills Source.String() when blank
	Source Source

	Office    string
	Class     OfficeClass // given or derived from Office by ingest
	District  string
	County    string // one county, or several joined by "; " (Counties)
	Incumbent string
	Cause     Cause

	EventDate           Date
	TermStart           Date
	TermEnd             Date
	Appointable         YesNo
	ProclamationDate    Date
	SpecialElectionDate Date
	SpecialSessionDate  Date
	NextFullTermYear    int // 0 when not given
	Notes               string

	// The village's general election: its month (1-12, 0 when not
	// given) and the day the rule uses (village_election_date); NoVillageElection
	// is that column's "none": no general village election is held before
	// the appointment ends.
	VillageElectionMonth int
	VillageElectionDate  Date
	NoVillageElection    bool

	// ClassDerived: Class was derived from the office name (the row gave
	// none). Suggested are the classes the office name suggests when they
	// differ from the Class the row gave (one: CLASS_SUGGESTED), or the
	// classes a derived name fits equally (two or more: CLASS_UNCLEAR).
	// Ingest fills both; the engine never changes Class for them.
	ClassDerived bool
	Suggested    []OfficeClass

	Extra []Field // input columns the contract does not name, in header order

	// Read are the warnings reading the row raised (DATE_UNLIKELY,
	// CAUSE_GUESSED): the row was read all the same, and its result
	// carries them first among its conflicts.
	Read []Conflict
}

// Counties are the counties the vacancy's county value names, in order:
// one for most rows, several for an office that spans counties (ingest
// joins them with "; "; ";" and "," both separate), none when blank.
func (v *Vacancy) Counties() []string {
	var out []string
	for _, part := range strings.FieldsFunc(v.County, func(r rune) bool { return r == ';' || r == ',' }) {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// Method is how the vacancy gets filled (column filling_method).
type Method string

const (
	GeneralElection      Method = "general_election"
	SpecialElection      Method = "special_election"
	SpecialOrGeneral     Method = "special_or_general"
	TemporaryAppointment Method = "temporary_appointment"
	NotCovered           Method = "not_covered"
	NotElective          Method = "not_elective"
	NoElection           Method = "none"

	// Appointment by official years, then (or not) an election: the
	// shape of a village's rule (a Regime's Village).
	AppointmentToTermEnd    Method = "village_appointment_to_term_end"
	AppointmentThenElection Method = "village_appointment_then_election"
	AppointmentThenSpecial  Method = "village_appointment_then_special"
)

// Severity ranks conflicts; the zero value means "no conflict".
type Severity int8

const (
	NoSeverity Severity = iota
	Info
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return ""
}

// Conflict is one problem the rules found with a vacancy.
type Conflict struct {
	Code     string // stable code (e.g. "SPECIAL_BARRED")
	Severity Severity
	Field    string // the input column or deadline code it concerns
	Message  string // a sentence an analyst can act on
	Citation string
}

// DeadlineKind says whether a deadline is a window or a single last day.
type DeadlineKind string

const (
	Window  DeadlineKind = "window"
	LastDay DeadlineKind = "last_day"
)

// Status of a deadline against the as-of date.
type Status string

const (
	Open     Status = "open"
	Passed   Status = "passed"
	NoStatus Status = "" // the deadline does not apply
)

// Deadline is one row of the Deadlines table (docs/CONTRACT.md).
type Deadline struct {
	Code         string
	Kind         DeadlineKind
	WindowStart  Date // zero for last_day
	Statutory    Date // the statute's arithmetic
	Effective    Date // after § 1-106 roll-over
	RolledOver   bool
	Applies      bool
	Reason       string // why it does not apply, or the rule that replaced it
	Status       Status
	ElectionDate Date // the election the deadline serves
	Citation     string
	LawEdition   string // the editions (and one-year act) that decided the row, "E4" or "E4+T2026"
	// BaseDate is the permanent formula's effective date when a one-year
	// act or calendar input set the row's dates; zero otherwise.
	BaseDate Date
	// Verify is empty when the row's dates rest on text that was read or
	// that a published calendar corroborates; otherwise it says, in a few
	// words, what to check the date against (the rule rests on text still
	// unverified). Every place that shows the date shows it.
	Verify string
	// IfNoSpecial marks a general-election row of a vacancy the governor
	// may still fill by a special election (special_or_general): it
	// applies only if no special election is held, and its reason says so.
	IfNoSpecial bool
	// Unknown: whether the row applies is not known from the inputs (it
	// depends on rules the tool cannot see, as a county committee's):
	// Applies is false, the dates are given, Reason says what decides.
	Unknown bool

	touched    bool // a one-year act or calendar input set or moved the dates
	actDerived bool // a one-year act's dates decided them
	late       bool // an exception (a late-vacancy rule) replaced the ordinary dates
}

// Actionable reports whether someone must still act on the deadline: it
// applies, and it is still open on the as-of date (not passed, not met by
// what the inputs say was done). The action lists (the next deadline, the
// Summary, the digest, explain, the calendar file) show only these.
func (d *Deadline) Actionable() bool {
	return d.Applies && d.Status == Open
}

// Step is one line of `batch explain`: a rule the engine considered,
// whether it applied, which edition decided it and why that one.
type Step struct {
	Rule     string // what the step decides, in words ("congress and the legislature")
	Applies  bool   // the rule matched the row (false: considered, did not apply)
	Edition  string // the edition that decided it, "E4"; "" when no edition was needed
	Keyed    string // the date that picked the edition: "the vacancy date, 2025-12-10"
	Keying   string // the keying rule that makes that date decide, in words
	Citation string
	Text     string // what was decided, or why the rule did not apply
}

// Result is everything the tool says about one vacancy.
type Result struct {
	Vacancy Vacancy

	VacancyDate      Date
	Method           Method
	FillingElection  Date
	SpecialEarliest  Date
	SpecialLatest    Date
	AppointmentUntil Date
	TermEnd          Date // given, or the class's default term end
	NextDeadline     string
	NextDeadlineDate Date

	Deadlines   []Deadline
	Conflicts   []Conflict
	Basis       string // the citations the decision rests on, "; "-joined
	Explanation string // one or two sentences for the analyst
	Steps       []Step
	LawEdition  string // every edition and act that decided a value of the row, oldest first, "+"-joined

	// Which law governs the vacancy and who acts under it (the law's own
	// words for them: New York's "state", "village_law", "nyc_charter",
	// "local_charter"; "mayor", "board_of_trustees"; "governor", "mayor",
	// "acting_mayor"); "" where none does.
	GoverningLaw        string
	AppointingAuthority string
	ProclaimingOfficer  string
	// RemainderElection is the later general election that fills the rest
	// of the term after an interim election, zero when there is none.
	RemainderElection Date
	// CharterParagraph is the paragraph of the charter section that
	// decided, "" when no charter did.
	CharterParagraph string

	// A special election on a day outside the window that the same-date
	// proviso may make lawful: the pipeline looks for the earlier special
	// election (ResolvePiggyback); piggybackOn names it once found.
	piggyback bool
	// piggybackText is SPECIAL_PIGGYBACK's sentence up to where the
	// other election is named: ResolvePiggyback completes it.
	piggybackText string
	piggybackOn   string
	grounds       string // the citation that lets the governor proclaim
	dutyBy        Date   // the last day of the duty to proclaim, zero when none
}

// Severity is the worst severity among the result's conflicts.
func (r *Result) Severity() Severity {
	worst := NoSeverity
	for _, c := range r.Conflicts {
		if c.Severity > worst {
			worst = c.Severity
		}
	}
	return worst
}

// ConflictCodes is the codes of the result's conflicts, ", "-joined, in the
// order found.
func (r *Result) ConflictCodes() string {
	codes := make([]string, len(r.Conflicts))
	for i, c := range r.Conflicts {
		codes[i] = c.Code
	}
	return strings.Join(codes, ", ")
}

// Words is the filling method in a sentence's words, never its code:
// "filled at the general election".
func (m Method) Words() string {
	switch m {
	case GeneralElection:
		return "filled at the general election"
	case SpecialElection:
		return "filled at a special election"
	case SpecialOrGeneral:
		return "filled at a special election if the governor proclaims one, else at the general election"
	case TemporaryAppointment:
		return "filled by appointment until the general election"
	case NotCovered:
		return "not filled by a vacancy election of its own (governor or lieutenant governor: the constitution's succession decides)"
	case NotElective:
		return "not an elective office"
	case NoElection:
		return "not filled for the rest of the term"
	case AppointmentToTermEnd:
		return "filled by appointment to the end of the term"
	case AppointmentThenElection:
		return "filled by appointment, then at the general village election for the rest of the term"
	case AppointmentThenSpecial:
		return "filled by appointment, then at a special village election for the rest of the term"
	}
	return string(m)
}

// districtNames are the words New York names a numbered district with.
var districtNames = map[OfficeClass]string{
	MemberOfAssembly: "Assembly District", StateSenator: "Senate District", USRepresentative: "Congressional District",
}

// DistrictName is a district in words, one name for it in every output:
// "Assembly District 80" for a member of assembly's "080", "District 5"
// for another office's number, a named district ("Village of Sidney") as
// given; "" for none.
func DistrictName(class OfficeClass, district string) string {
	d := strings.TrimSpace(district)
	if d == "" {
		return ""
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return d
		}
	}
	if n := strings.TrimLeft(d, "0"); n != "" {
		d = n
	}
	p := districtNames[class]
	if p == "" {
		p = "District"
	}
	return p + " " + d
}
