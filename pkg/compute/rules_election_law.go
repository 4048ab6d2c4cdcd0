package compute

import (
	"strings"
	"time"
)

// Election Law § 6-158 as data: every nomination deadline the engine
// computes, with the statute's own words next to the counting that
// implements them. RULES.md § 4 is the source of the codes.

const (
	citeEL6158    = "Elec. Law § 6-158"
	citeEL6158_1  = "Elec. Law § 6-158(1)"
	citeEL6158_2  = "Elec. Law § 6-158(2)"
	citeEL6158_3  = "Elec. Law § 6-158(3)"
	citeEL6158_4  = "Elec. Law § 6-158(4)"
	citeEL6158_5  = "Elec. Law § 6-158(5)"
	citeEL6158_6  = "Elec. Law § 6-158(6)"
	citeEL6158_7  = "Elec. Law § 6-158(7)"
	citeEL6158_8  = "Elec. Law § 6-158(8)"
	citeEL6158_9  = "Elec. Law § 6-158(9)"
	citeEL6158_10 = "Elec. Law § 6-158(10)"
	citeEL6158_11 = "Elec. Law § 6-158(11)"
	citeEL6158_12 = "Elec. Law § 6-158(12)"
	citeEL6158_13 = "Elec. Law § 6-158(13)"
	citeEL6116    = "Elec. Law § 6-116"
	citeEL1106    = "Elec. Law § 1-106"
	citeEL8100a   = "Elec. Law § 8-100(1)(a)"
	citeEL8100c   = "Elec. Law § 8-100(1)(c); 2 U.S.C. § 7"
)

// The deadline codes (the Deadlines table's code column).
const (
	dlDesignatingPetition          = "designating_petition"
	dlDesignationAcceptDecline     = "designation_accept_decline"
	dlDesignationVacancyDecl       = "designation_vacancy_declination"
	dlOpportunityToBallot          = "opportunity_to_ballot"
	dlJudicialConvention           = "judicial_convention"
	dlJudicialConventionCert       = "judicial_convention_certificate"
	dlPartyNominationCert          = "party_nomination_certificate"
	dlPartyNominationAcceptDecline = "party_nomination_accept_decline"
	dlPartyNominationVacancyDecl   = "party_nomination_vacancy_declination"
	dlIndependentPetition          = "independent_petition"
	dlIndependentAcceptDecline     = "independent_accept_decline"
	dlIndependentVacancyDecl       = "independent_vacancy_declination"
	dlSpecialElection              = "special_election"
	dlSpecialPartyCert             = "special_party_nomination_certificate"
	dlSpecialPartyAcceptDecline    = "special_party_accept_decline"
	dlSpecialPartyVacancyDecl      = "special_party_vacancy_declination"
	dlSpecialIndependentPetition   = "special_independent_petition"
	dlSpecialIndependentAccept     = "special_independent_accept_decline"
	dlSpecialIndependentVacancy    = "special_independent_vacancy_declination"
)

// countKind is one of the counting kinds of count.go.
type countKind uint8

const (
	noCount            countKind = iota
	kNthWeekdayBefore            // NthWeekdayBefore(anchor, Weekday, N)
	kNthWeekdayOfMonth           // NthWeekdayOfMonth(year of the anchor, Month, Weekday, N)
	kNextWeekdayAfter            // NextWeekdayAfter(anchor, Weekday)
	kWeeksBefore                 // WeeksBefore(anchor, N)
	kDaysAfter                   // DaysAfter(anchor, N)
)

// anchor is the date a count starts from.
type anchor uint8

const (
	noAnchor       anchor = iota
	atPrimary             // P(Y), the fall primary of the filling election's year
	atGeneral             // G(Y), the general election
	atProclamation        // R, the governor's proclamation
	atVacancy             // V
	atDeadline            // another deadline's effective last day (§ 1-106 makes it the last day)
)

func (a anchor) String() string {
	switch a {
	case atPrimary:
		return "primary"
	case atGeneral:
		return "general"
	case atProclamation:
		return "proclamation"
	case atVacancy:
		return "vacancy"
	}
	return ""
}

// countStep is one application of a counting kind.
type countStep struct {
	Kind    countKind
	N       int
	Weekday time.Weekday
	Month   time.Month
}

// counting is a chain of at most two counting steps from an anchor:
// "the third day after the eleventh Tuesday preceding such election" is
// DaysAfter(3) of NthWeekdayBefore(Tuesday, 11) of the general election.
type counting struct {
	Anchor anchor
	Ref    string // the deadline counted from, when Anchor is atDeadline
	Steps  [2]countStep
}

func (c counting) isZero() bool { return c.Anchor == noAnchor }

// apply runs the steps on the anchor date.
func (c counting) apply(from Date) Date {
	d := from
	for _, s := range c.Steps {
		switch s.Kind {
		case kNthWeekdayBefore:
			d = NthWeekdayBefore(d, s.Weekday, s.N)
		case kNthWeekdayOfMonth:
			d = NthWeekdayOfMonth(d.Year, s.Month, s.Weekday, s.N)
		case kNextWeekdayAfter:
			d = NextWeekdayAfter(d, s.Weekday)
		case kWeeksBefore:
			d = WeeksBefore(d, s.N)
		case kDaysAfter:
			d = DaysAfter(d, s.N)
		}
	}
	return d
}

// String prints the counting as nested calls, innermost the anchor:
// "DaysAfter(4, designating_petition)".
func (c counting) String() string {
	if c.isZero() {
		return ""
	}
	inner := c.Anchor.String()
	if c.Anchor == atDeadline {
		inner = c.Ref
	}
	for _, s := range c.Steps {
		switch s.Kind {
		case kNthWeekdayBefore:
			inner = "NthWeekdayBefore(" + s.Weekday.String() + ", " + itoa(s.N) + ", " + inner + ")"
		case kNthWeekdayOfMonth:
			inner = "NthWeekdayOfMonth(" + s.Month.String() + ", " + s.Weekday.String() + ", " + itoa(s.N) + ", year of " + inner + ")"
		case kNextWeekdayAfter:
			inner = "NextWeekdayAfter(" + s.Weekday.String() + ", " + inner + ")"
		case kWeeksBefore:
			inner = "WeeksBefore(" + itoa(s.N) + ", " + inner + ")"
		case kDaysAfter:
			inner = "DaysAfter(" + itoa(s.N) + ", " + inner + ")"
		}
	}
	return inner
}

func from(a anchor, steps ...countStep) counting {
	c := counting{Anchor: a}
	copy(c.Steps[:], steps)
	return c
}

func fromDeadline(code string, steps ...countStep) counting {
	c := from(atDeadline, steps...)
	c.Ref = code
	return c
}

func nthWeekdayBefore(wd time.Weekday, n int) countStep {
	return countStep{Kind: kNthWeekdayBefore, Weekday: wd, N: n}
}
func nthWeekdayOfMonth(m time.Month, wd time.Weekday, n int) countStep {
	return countStep{Kind: kNthWeekdayOfMonth, Month: m, Weekday: wd, N: n}
}
func nextWeekdayAfter(wd time.Weekday) countStep {
	return countStep{Kind: kNextWeekdayAfter, Weekday: wd}
}
func weeksBefore(n int) countStep { return countStep{Kind: kWeeksBefore, N: n} }
func daysAfter(n int) countStep   { return countStep{Kind: kDaysAfter, N: n} }

// route groups deadlines by how a candidate gets on the ballot.
type route uint8

const (
	routePrimary     route = iota + 1 // designation at the primary (§ 6-158(1)-(4))
	routeJudicial                     // judicial district convention (§ 6-158(5), (6))
	routeParty                        // party nomination other than at the primary
	routeIndependent                  // independent nominating petition
	routeSpecial                      // a special election proclaimed under § 42(3)
)

// lateCase names the late-vacancy condition under which an alternative
// rule replaces the ordinary one.
type lateCase uint8

const (
	noLate lateCase = iota
	// lateAfterPrimaryMinus7: the office "becomes vacant after the seventh
	// day preceding such primary election" (§ 6-158(6)): V > P − 7.
	lateAfterPrimaryMinus7
	// lateSub10: the vacancy "occurs less than fourteen days before the last
	// day for the filing of an independent petition ... or after" it
	// (§ 6-158(10)): V > last day − 14.
	lateSub10
)

// lateRule is the alternative a late vacancy gets instead of the ordinary
// deadline.
type lateRule struct {
	When     lateCase
	Start    counting // window start, for windows
	Last     counting
	Citation string
	Words    string
	Note     string
}

// deadlineRule is one row of § 6-158 as data.
type deadlineRule struct {
	Code     string
	Kind     DeadlineKind
	Route    route
	Citation string
	Words    string   // the statute's own words, quoted from the seed
	Start    counting // window opening; never rolled over
	Last     counting
	RollOver bool // § 1-106 moves the last day (last days only; conventions and elections never move)

	// JudicialOnly rows exist only for a supreme_court_justice;
	// NotJudicial rows do not apply to one ("nominated by judicial district
	// convention"); JudicialRef replaces Last.Ref for one.
	JudicialOnly bool
	NotJudicial  bool
	JudicialRef  string

	Late *lateRule

	InForceFrom, InForceTo Date
	Note                   string
}

// generalDeadlines are the deadlines of a vacancy filled at a general
// election, in RULES.md § 4's order. A rule counting from another deadline
// names an earlier row.
var generalDeadlines = [...]deadlineRule{
	{
		Code: dlDesignatingPetition, Kind: Window, Route: routePrimary, Citation: citeEL6158_1,
		Words:    "A designating petition shall be filed not earlier than the tenth Monday before, and not later than the ninth Thursday preceding the primary election.",
		Start:    from(atPrimary, nthWeekdayBefore(time.Monday, 10)),
		Last:     from(atPrimary, nthWeekdayBefore(time.Thursday, 9)),
		RollOver: true, NotJudicial: true,
		Note: "the primary route applies only when the vacancy is on or before the seventh day before the effective last day (Elec. Law § 6-116: a later vacancy is nominated by party committee)",
	},
	{
		Code: dlDesignationAcceptDecline, Kind: LastDay, Route: routePrimary, Citation: citeEL6158_2,
		Words:    "A certificate of acceptance or declination of a designation shall be filed not later than the fourth day after the last day to file such designation.",
		Last:     fromDeadline(dlDesignatingPetition, daysAfter(4)),
		RollOver: true, NotJudicial: true,
		Note: "counts from the effective (rolled-over) last day to file designating petitions: § 1-106 makes it the last day",
	},
	{
		Code: dlDesignationVacancyDecl, Kind: LastDay, Route: routePrimary, Citation: citeEL6158_3,
		Words:    "A certificate to fill a vacancy in a designation caused by declination shall be filed not later than the fourth day after the last day to decline.",
		Last:     fromDeadline(dlDesignationAcceptDecline, daysAfter(4)),
		RollOver: true, NotJudicial: true,
		Note: "vacancies by death or disqualification (ten days after, or four days before the primary) depend on an event the tool does not know and are not computed",
	},
	{
		Code: dlOpportunityToBallot, Kind: LastDay, Route: routePrimary, Citation: citeEL6158_4,
		Words:    "A petition of enrolled members of a party requesting an opportunity to write in the name of an undesignated candidate for a public office or party position at a primary election shall be filed not later than the eighth Thursday preceding the primary election.",
		Last:     from(atPrimary, nthWeekdayBefore(time.Thursday, 8)),
		RollOver: true, NotJudicial: true,
		Note: "the seventh-Thursday variant (after a declination was filled) depends on filings the tool does not know and is not computed",
	},
	{
		Code: dlJudicialConvention, Kind: Window, Route: routeJudicial, Citation: citeEL6158_5,
		Words:        "A judicial district convention shall be held not earlier than the Tuesday following the third Monday in September preceding the general election and not later than the fourth Monday in September preceding such election.",
		Start:        from(atGeneral, nthWeekdayOfMonth(time.September, time.Monday, 3), nextWeekdayAfter(time.Tuesday)),
		Last:         from(atGeneral, nthWeekdayOfMonth(time.September, time.Monday, 4)),
		JudicialOnly: true,
		Note:         "a convention is not a filing: § 1-106 does not move it",
	},
	{
		Code: dlJudicialConventionCert, Kind: LastDay, Route: routeJudicial, Citation: citeEL6158_6,
		Words:    "a certificate of party nomination made at a judicial district convention shall be filed not later than the day after the last day to hold such convention",
		Last:     fromDeadline(dlJudicialConvention, daysAfter(1)),
		RollOver: true, JudicialOnly: true,
	},
	{
		Code: dlPartyNominationCert, Kind: LastDay, Route: routeParty, Citation: citeEL6158_6,
		Words:    "A certificate of a party nomination made other than at the primary election for an office to be filled at the time of a general election shall be filed not later than seven days after the fall primary election",
		Last:     from(atPrimary, daysAfter(7)),
		RollOver: true, NotJudicial: true,
		Late: &lateRule{
			When: lateAfterPrimaryMinus7, Citation: citeEL6158_6,
			Words: "except that a certificate of nomination for an office which becomes vacant after the seventh day preceding such primary election shall be filed not later than fourteen days after the creation of such vacancy",
			Last:  from(atVacancy, daysAfter(14)),
			Note:  "\"after the seventh day preceding\" the primary: a vacancy on P − 7 keeps the ordinary rule, one on P − 6 or later gets V + 14",
		},
	},
	{
		Code: dlPartyNominationAcceptDecline, Kind: LastDay, Route: routeParty, Citation: citeEL6158_7,
		Words:    "A certificate of acceptance or declination of a party nomination made other than at a primary election for an office to be filled at the time of a general election shall be filed not later than the third day after the last day to file the certificate of such party nomination.",
		Last:     fromDeadline(dlPartyNominationCert, daysAfter(3)),
		RollOver: true, JudicialRef: dlJudicialConventionCert,
		Note: "for a supreme court justice the certificate of party nomination is the judicial convention's, so this counts from judicial_convention_certificate",
	},
	{
		Code: dlPartyNominationVacancyDecl, Kind: LastDay, Route: routeParty, Citation: citeEL6158_8,
		Words:    "A certificate to fill a vacancy caused by a declination of a party nomination for an office to be filled at the time of a general election shall be filed not later than four days after the last day to file such declination",
		Last:     fromDeadline(dlPartyNominationAcceptDecline, daysAfter(4)),
		RollOver: true,
		Note:     "the ten-day variant for nominations made at the primary is not a vacancy deadline the tool computes",
	},
	{
		Code: dlIndependentPetition, Kind: Window, Route: routeIndependent, Citation: citeEL6158_9,
		Words:    "A petition for an independent nomination for an office to be filled at the time of a general election shall be filed not earlier than twelve weeks and not later than eleven weeks preceding such election.",
		Start:    from(atGeneral, weeksBefore(12)),
		Last:     from(atGeneral, weeksBefore(11)),
		RollOver: true,
		Late: &lateRule{
			When: lateSub10, Citation: citeEL6158_10,
			Words: "where a vacancy occurs less than fourteen days before the last day for the filing of an independent petition for an office to be filled at the time of a general election, or after the last day to file an independent petition, such petition may be filed for the said office within fourteen days after the vacancy occurs.",
			Start: from(atVacancy),
			Last:  from(atVacancy, daysAfter(14)),
			Note:  "\"less than fourteen days before the last day\" is measured from the effective last day; the window opens on the vacancy date",
		},
	},
	{
		Code: dlIndependentAcceptDecline, Kind: LastDay, Route: routeIndependent, Citation: citeEL6158_11,
		Words:    "A certificate of acceptance or declination of an independent nomination for an office to be filled at the time of a general election shall be filed not later than the third day after the eleventh Tuesday preceding such election",
		Last:     from(atGeneral, nthWeekdayBefore(time.Tuesday, 11), daysAfter(3)),
		RollOver: true,
		Late: &lateRule{
			When: lateSub10, Citation: citeEL6158_10,
			Words: "A certificate of acceptance or declination in such an event shall be filed within two days thereafter",
			Last:  fromDeadline(dlIndependentPetition, daysAfter(2)),
			Note:  "\"thereafter\" is read as after the (effective) last day of the late independent petition",
		},
		Note: "the later declination right after a contested primary (third day after the primary) depends on filings the tool does not know",
	},
	{
		Code: dlIndependentVacancyDecl, Kind: LastDay, Route: routeIndependent, Citation: citeEL6158_12,
		Words:    "A certificate to fill a vacancy caused by a declination of an independent nomination for an office to be filled at the time of a general election shall be filed not later than the sixth day after the eleventh Tuesday preceding such election.",
		Last:     from(atGeneral, nthWeekdayBefore(time.Tuesday, 11), daysAfter(6)),
		RollOver: true,
		Late: &lateRule{
			When: lateSub10, Citation: citeEL6158_10,
			Words: "a certificate to fill a vacancy caused by declination shall be filed within two days after such declination has been filed.",
			Last:  fromDeadline(dlIndependentAcceptDecline, daysAfter(2)),
			Note:  "counted from the (effective) last day to decline",
		},
	},
}

// specialDeadlines are the deadlines of a special election proclaimed under
// Pub. Off. Law § 42(3): all counted from the proclamation.
var specialDeadlines = [...]deadlineRule{
	{
		Code: dlSpecialElection, Kind: Window, Route: routeSpecial, Citation: citePOL42_3,
		Words:     "the day thereof, which shall be not less than thirty nor more than forty days from the date of the proclamation.",
		Start:     from(atProclamation, daysAfter(30)),
		Last:      from(atProclamation, daysAfter(40)),
		InForceTo: Date{Year: 2011, Month: time.March, Day: 8},
		Note:      "an election day, not a filing: never rolled over; the seed edition's window, applied to every proclamation (RULES.md § 6: from 2011-03-09 the law says seventy to eighty days)",
	},
	{
		Code: dlSpecialPartyCert, Kind: LastDay, Route: routeSpecial, Citation: citeEL6158_6,
		Words: "A certificate of party nomination for an office to be filled at a special election shall be filed not later than ten days following the issuance of a proclamation of such election.",
		Last:  from(atProclamation, daysAfter(10)), RollOver: true,
	},
	{
		Code: dlSpecialPartyAcceptDecline, Kind: LastDay, Route: routeSpecial, Citation: citeEL6158_7,
		Words: "A certificate of acceptance or declination of a party nomination for an office to be filled at a special election shall be filed not later than twelve days following the issuance of a proclamation of such election.",
		Last:  from(atProclamation, daysAfter(12)), RollOver: true,
	},
	{
		Code: dlSpecialPartyVacancyDecl, Kind: LastDay, Route: routeSpecial, Citation: citeEL6158_8,
		Words: "A certificate to fill a vacancy caused by a declination of a party nomination for an office to be filled at a special election shall be filed not later than fourteen days following the issuance of a proclamation of such election.",
		Last:  from(atProclamation, daysAfter(14)), RollOver: true,
	},
	{
		Code: dlSpecialIndependentPetition, Kind: LastDay, Route: routeSpecial, Citation: citeEL6158_9,
		Words: "A petition for an independent nomination for an office to be filled at a special election shall be filed not later than twelve days following the issuance of a proclamation of such election.",
		Last:  from(atProclamation, daysAfter(12)), RollOver: true,
	},
	{
		Code: dlSpecialIndependentAccept, Kind: LastDay, Route: routeSpecial, Citation: citeEL6158_11,
		Words: "A certificate of acceptance or declination of an independent nomination for an office to be filled at a special election shall be filed not later than fourteen days following the issuance of a proclamation of such election.",
		Last:  from(atProclamation, daysAfter(14)), RollOver: true,
	},
	{
		Code: dlSpecialIndependentVacancy, Kind: LastDay, Route: routeSpecial, Citation: citeEL6158_12,
		Words: "A certificate to fill a vacancy caused by a declination of an independent nomination for an office to be filled at a special election shall be filed not later than sixteen days following the issuance of a proclamation of such election.",
		Last:  from(atProclamation, daysAfter(16)), RollOver: true,
	},
}

// tooLateWords is subdivision 13, the catch-all for a vacancy too late to
// comply.
const tooLateWords = "If a vacancy occurs too late to comply with the provisions of this section, the certificates of nomination, certificates of acceptance or declination, certificates to fill a vacancy in such nomination and certificates of authorization of a nomination shall be filed as soon as practicable."

// rollOverWords paraphrases Elec. Law § 1-106(1) (not among the seeds).
const rollOverWords = "When the last day for filing a petition or certificate falls on a Saturday, Sunday or legal holiday, the next business day becomes the last day (paraphrase: § 1-106 is not among the seed texts)."

func joinNonEmpty(sep string, parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(p)
	}
	return b.String()
}
