package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Election Law § 6-158 of the September-primary era (the seed text): the
// general-election and special-election deadlines, with the statute's own
// words next to the counting that implements them.

const (
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
)

// The deadline codes (the Deadlines table's code column).
const (
	dlDesignatingPetition   = "designating_petition"
	dlDesignationAD         = "designation_accept_decline"
	dlDesignationVD         = "designation_vacancy_declination"
	dlOpportunity           = "opportunity_to_ballot"
	dlJudicialConvention    = "judicial_convention"
	dlJudicialCertificate   = "judicial_convention_certificate"
	dlPartyCertificate      = "party_nomination_certificate"
	dlPartyAD               = "party_nomination_accept_decline"
	dlPartyVD               = "party_nomination_vacancy_declination"
	dlIndependentPetition   = "independent_petition"
	dlIndependentAD         = "independent_accept_decline"
	dlIndependentVD         = "independent_vacancy_declination"
	dlSpecialPartyCert      = "special_party_nomination_certificate"
	dlSpecialPartyAD        = "special_party_accept_decline"
	dlSpecialPartyVD        = "special_party_vacancy_declination"
	dlSpecialIndependent    = "special_independent_petition"
	dlSpecialIndependentAD  = "special_independent_accept_decline"
	dlSpecialIndependentVD  = "special_independent_vacancy_declination"
	reasonJudicial          = "nominated by judicial district convention (Elec. Law § 6-158(5), (6))"
	reasonPrimaryCut        = "the vacancy occurred after the seventh day before the last day to file designating petitions: the party committee nominates after the primary (Elec. Law § 6-116); party nominations are by certificate (Elec. Law § 6-158(6))"
	reasonLateSub10         = "late vacancy: within fourteen days after the vacancy (Elec. Law § 6-158(10))"
	reasonLateSub10Chained  = "late vacancy: two days after the previous filing (Elec. Law § 6-158(10))"
	noteRolledFromEffective = "counts from the effective (rolled-over) last day: § 1-106 makes it the last day"
)

var supremeCourt = []c.OfficeClass{c.SupremeCourtJustice}

func cite(code, words string) c.Authority { return c.Authority{Cite: code, Words: words} }

// primaryRoute: the primary route applies only to a vacancy on or before
// the seventh day before the (effective) last day to file designating
// petitions (§ 6-116: a later vacancy is nominated by party committee).
var primaryRoute = &c.Requirement{Than: ptr(c.From(c.AtSelf, c.Days(-7))), Reason: reasonPrimaryCut}

// requiresDesignation: a row of the primary route applies when the
// designating petition does, with its reason when it does not.
var requiresDesignation = &c.Requirement{Row: dlDesignatingPetition}

func ptr(x c.Counting) *c.Counting { return &x }

// eln6158Seed is the general-election table of the seed text.
var eln6158Seed = []c.DeadlineRule{
	{
		Code: dlDesignatingPetition, Kind: c.Window, RollOver: true,
		Start:  c.From(c.AtPrimary, c.NthBefore(time.Monday, 10)),
		Last:   c.From(c.AtPrimary, c.NthBefore(time.Thursday, 9)),
		NotFor: supremeCourt, NotForReason: reasonJudicial, Requires: primaryRoute,
		Authority: cite(citeEL6158_1, "A designating petition shall be filed not earlier than the tenth Monday before, and not later than the ninth Thursday preceding the primary election."),
	},
	{
		Code: dlDesignationAD, Kind: c.LastDay, RollOver: true, Requires: requiresDesignation,
		Last:      c.FromRow(dlDesignatingPetition, c.Days(4)),
		Authority: c.Authority{Cite: citeEL6158_2, Words: "A certificate of acceptance or declination of a designation shall be filed not later than the fourth day after the last day to file such designation.", Note: noteRolledFromEffective},
	},
	{
		Code: dlDesignationVD, Kind: c.LastDay, RollOver: true, Requires: requiresDesignation,
		Last: c.FromRow(dlDesignationAD, c.Days(4)),
		Authority: c.Authority{Cite: citeEL6158_3, Words: "A certificate to fill a vacancy in a designation caused by declination shall be filed not later than the fourth day after the last day to decline.",
			Note: "vacancies by death or disqualification (ten days after, or four days before the primary) depend on an event the tool does not know and are not computed"},
	},
	{
		Code: dlOpportunity, Kind: c.LastDay, RollOver: true, Requires: requiresDesignation,
		Last: c.From(c.AtPrimary, c.NthBefore(time.Thursday, 8)),
		Authority: c.Authority{Cite: citeEL6158_4, Words: "A petition of enrolled members of a party requesting an opportunity to write in the name of an undesignated candidate for a public office or party position at a primary election shall be filed not later than the eighth Thursday preceding the primary election.",
			Note: "the seventh-Thursday variant (after a declination was filled) depends on filings the tool does not know and is not computed"},
	},
	{
		Code: dlJudicialConvention, Kind: c.Window, Only: supremeCourt,
		Start:     c.From(c.AtGeneral, c.NthOfMonth(time.September, time.Monday, 3), c.NextAfter(time.Tuesday)),
		Last:      c.From(c.AtGeneral, c.NthOfMonth(time.September, time.Monday, 4)),
		Authority: c.Authority{Cite: citeEL6158_5, Words: "A judicial district convention shall be held not earlier than the Tuesday following the third Monday in September preceding the general election and not later than the fourth Monday in September preceding such election.", Note: "a convention is not a filing: § 1-106 does not move it"},
	},
	{
		Code: dlJudicialCertificate, Kind: c.LastDay, RollOver: true, Only: supremeCourt,
		Last:      c.FromRow(dlJudicialConvention, c.Days(1)),
		Authority: cite(citeEL6158_6, "a certificate of party nomination made at a judicial district convention shall be filed not later than the day after the last day to hold such convention"),
	},
	{
		Code: dlPartyCertificate, Kind: c.LastDay, RollOver: true, NotFor: supremeCourt, NotForReason: reasonJudicial,
		Last:      c.From(c.AtPrimary, c.Days(7)),
		Authority: cite(citeEL6158_6, "A certificate of a party nomination made other than at the primary election for an office to be filled at the time of a general election shall be filed not later than seven days after the fall primary election"),
		Exceptions: []c.Exception{{
			When:     c.Condition{After: ptr(c.From(c.AtPrimary, c.Days(-7)))},
			Last:     c.From(c.AtVacancy, c.Days(14)),
			Reason:   "late vacancy: fourteen days after the vacancy (Elec. Law § 6-158(6))",
			Conflict: "The office became vacant after the seventh day before the primary ({primary}): the party nomination certificate is due fourteen days after the vacancy, {effective}.",
			Authority: c.Authority{Cite: citeEL6158_6, Words: "except that a certificate of nomination for an office which becomes vacant after the seventh day preceding such primary election shall be filed not later than fourteen days after the creation of such vacancy",
				Note: "\"after the seventh day preceding\" the primary: a vacancy on P − 7 keeps the ordinary rule, one on P − 6 or later gets V + 14"},
		}},
	},
	{
		Code: dlPartyAD, Kind: c.LastDay, RollOver: true, NotFor: supremeCourt, NotForRef: dlJudicialCertificate,
		Last: c.FromRow(dlPartyCertificate, c.Days(3)),
		Authority: c.Authority{Cite: citeEL6158_7, Words: "A certificate of acceptance or declination of a party nomination made other than at a primary election for an office to be filled at the time of a general election shall be filed not later than the third day after the last day to file the certificate of such party nomination.",
			Note: "for a supreme court justice the certificate of party nomination is the judicial convention's, so this counts from judicial_convention_certificate"},
	},
	{
		Code: dlPartyVD, Kind: c.LastDay, RollOver: true,
		Last: c.FromRow(dlPartyAD, c.Days(4)),
		Authority: c.Authority{Cite: citeEL6158_8, Words: "A certificate to fill a vacancy caused by a declination of a party nomination for an office to be filled at the time of a general election shall be filed not later than four days after the last day to file such declination",
			Note: "the ten-day variant for nominations made at the primary is not a vacancy deadline the tool computes"},
	},
	{
		Code: dlIndependentPetition, Kind: c.Window, RollOver: true,
		Start:     c.From(c.AtGeneral, c.WeeksBack(12)),
		Last:      c.From(c.AtGeneral, c.WeeksBack(11)),
		Authority: cite(citeEL6158_9, "A petition for an independent nomination for an office to be filled at the time of a general election shall be filed not earlier than twelve weeks and not later than eleven weeks preceding such election."),
		Exceptions: []c.Exception{{
			When:     c.Condition{After: ptr(c.From(c.AtSelf, c.Days(-14)))},
			Start:    c.From(c.AtVacancy),
			Last:     c.From(c.AtVacancy, c.Days(14)),
			Reason:   reasonLateSub10,
			Conflict: "The office became vacant less than fourteen days before the last day for independent petitions: they may be filed within fourteen days after the vacancy, by {effective}, and the acceptance and fill-declination certificates follow two days apart.",
			Authority: c.Authority{Cite: citeEL6158_10, Words: "where a vacancy occurs less than fourteen days before the last day for the filing of an independent petition for an office to be filled at the time of a general election, or after the last day to file an independent petition, such petition may be filed for the said office within fourteen days after the vacancy occurs.",
				Note: "\"less than fourteen days before the last day\" is measured from the effective last day; the window opens on the vacancy date"},
		}},
	},
	{
		Code: dlIndependentAD, Kind: c.LastDay, RollOver: true,
		Last: c.From(c.AtGeneral, c.NthBefore(time.Tuesday, 11), c.Days(3)),
		Authority: c.Authority{Cite: citeEL6158_11, Words: "A certificate of acceptance or declination of an independent nomination for an office to be filled at the time of a general election shall be filed not later than the third day after the eleventh Tuesday preceding such election",
			Note: "the later declination right after a contested primary (third day after the primary) depends on filings the tool does not know"},
		Exceptions: []c.Exception{{
			When: c.Condition{Row: dlIndependentPetition}, Last: c.FromRow(dlIndependentPetition, c.Days(2)), Reason: reasonLateSub10Chained,
			Authority: c.Authority{Cite: citeEL6158_10, Words: "A certificate of acceptance or declination in such an event shall be filed within two days thereafter",
				Note: "\"thereafter\" is read as after the (effective) last day of the late independent petition"},
		}},
	},
	{
		Code: dlIndependentVD, Kind: c.LastDay, RollOver: true,
		Last:      c.From(c.AtGeneral, c.NthBefore(time.Tuesday, 11), c.Days(6)),
		Authority: cite(citeEL6158_12, "A certificate to fill a vacancy caused by a declination of an independent nomination for an office to be filled at the time of a general election shall be filed not later than the sixth day after the eleventh Tuesday preceding such election."),
		Exceptions: []c.Exception{{
			When: c.Condition{Row: dlIndependentPetition}, Last: c.FromRow(dlIndependentAD, c.Days(2)), Reason: reasonLateSub10Chained,
			Authority: c.Authority{Cite: citeEL6158_10, Words: "a certificate to fill a vacancy caused by declination shall be filed within two days after such declination has been filed.",
				Note: "counted from the (effective) last day to decline"},
		}},
	},
}

// tooLateSeed is subdivision 13, the catch-all for a vacancy too late to
// comply.
var tooLateSeed = c.Authority{Cite: citeEL6158_13,
	Words: "If a vacancy occurs too late to comply with the provisions of this section, the certificates of nomination, certificates of acceptance or declination, certificates to fill a vacancy in such nomination and certificates of authorization of a nomination shall be filed as soon as practicable.",
	Note:  "a last day after the election it serves, or before the vacancy (unless the vacancy is foreseen under § 42(2)), raises TOO_LATE"}

// specialRows builds the special-election table counted from the
// proclamation: days after it for the party certificate, its acceptance,
// its vacancy, the independent petition, its acceptance and its vacancy.
func specialRows(days [6]int, words [6]string, act string, reviews [6]string) []c.DeadlineRule {
	codes := [6]string{dlSpecialPartyCert, dlSpecialPartyAD, dlSpecialPartyVD, dlSpecialIndependent, dlSpecialIndependentAD, dlSpecialIndependentVD}
	cites := [6]string{citeEL6158_6, citeEL6158_7, citeEL6158_8, citeEL6158_9, citeEL6158_11, citeEL6158_12}
	rows := make([]c.DeadlineRule, 6)
	for i := range rows {
		rows[i] = c.DeadlineRule{Code: codes[i], Kind: c.LastDay, RollOver: true,
			Last:      c.From(c.AtProclamation, c.Days(days[i])),
			Review:    reviews[i],
			Authority: c.Authority{Cite: cites[i], Words: words[i], Act: act}}
		if reviews[i] != "" {
			rows[i].Mark = c.Unsourced
		}
	}
	return rows
}

// specialSeed: every special election of the seed text, and of § 42(3)(a)
// offices to this day.
var specialSeed = specialRows([6]int{10, 12, 14, 12, 14, 16}, [6]string{
	"A certificate of party nomination for an office to be filled at a special election shall be filed not later than ten days following the issuance of a proclamation of such election.",
	"A certificate of acceptance or declination of a party nomination for an office to be filled at a special election shall be filed not later than twelve days following the issuance of a proclamation of such election.",
	"A certificate to fill a vacancy caused by a declination of a party nomination for an office to be filled at a special election shall be filed not later than fourteen days following the issuance of a proclamation of such election.",
	"A petition for an independent nomination for an office to be filled at a special election shall be filed not later than twelve days following the issuance of a proclamation of such election.",
	"A certificate of acceptance or declination of an independent nomination for an office to be filled at a special election shall be filed not later than fourteen days following the issuance of a proclamation of such election.",
	"A certificate to fill a vacancy caused by a declination of an independent nomination for an office to be filled at a special election shall be filed not later than sixteen days following the issuance of a proclamation of such election.",
}, "", [6]string{})
