package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Election Law § 6-158 re-keyed to the June primary by L.2019 ch. 5, and
// §§ 6-134(4) and 6-138(4)'s first days to sign. The words of several
// subdivisions were read only in their text as amended by L.2022 ch. 164
// (the Senate's § 6-158 page, published 2025-01-10): for 2019–2022 those
// rows are marked inferred or, where they decide a value and nothing
// confirms them, unsourced (NEEDS_REVIEW). eln6158June(false) is the table
// of E2 and E3, eln6158June(true) E4's.

const (
	citeEL6134_4  = "Elec. Law § 6-134(4)"
	citeEL6138_4  = "Elec. Law § 6-138(4)"
	citeEL6158_6a = "Elec. Law § 6-158(6)(a)"
	citeEL6158_6b = "Elec. Law § 6-158(6)(b)"
	citeEL6158_6c = "Elec. Law § 6-158(6)(c)"
	citeEL6158_6d = "Elec. Law § 6-158(6)(d)"

	dlDesignatingSigning  = "designating_signing_start"
	dlOpportunityAfter    = "opportunity_to_ballot_after_declination"
	dlElectorsCertificate = "electors_party_certificate"
	dlIndependentSigning  = "independent_signing_start"

	reviewSub7  = "the current text of § 6-158(7) is not verified: the 2010 text's rule (three days after the party certificate) is applied"
	reviewSub8  = "the current text of § 6-158(8) is not verified: the 2010 text's rule (four days after the last day to decline) is applied"
	reviewSub10 = "the current text of § 6-158(10) is not verified: the 2010 text's late-vacancy rule is applied, counted from this edition's last day"
	reviewSub13 = "the current text of § 6-158(13) is not verified: the 2010 text's rule (as soon as practicable) is applied"
	reviewSub6  = "§ 6-158(6) for 2019–2022 is not verified: P + 30, and for a late vacancy the later of P + 30 and V + 10, as the text amended by L.2022 ch. 164 reads"
)

// board2026 is the published calendar that corroborates the rules whose
// words were not read (docs/LAW.md, "Corroborated"): the state board's
// political calendar for 2026 cites the subdivision beside each date.
const board2026 = "the state board's 2026 political calendar (revised 2025-12-09)"

// corroborated marks a rule whose words were not read Corroborated by the
// calendar by, when yes; otherwise it keeps its own mark.
func corroborated(yes bool, a c.Authority, by string) c.Authority {
	if yes {
		a.Mark, a.By = c.Corroborated, by
	}
	return a
}

// pp marks words the data paraphrases: the dates and counts are the
// statute's (or inferred, as marked), the sentence is not its text.
const pp = "(paraphrase, not the statute's text) "

// eln6158June is the June-era general-election table; sourced is true
// from L.2022 ch. 164, whose text of § 6-158 was read.
func eln6158June(sourced bool) []c.DeadlineRule {
	mark := func(m c.Mark) c.Mark {
		if sourced {
			return c.Sourced
		}
		return m
	}
	review := func(s string) string {
		if sourced {
			return ""
		}
		return s
	}
	return []c.DeadlineRule{
		{
			Code: dlDesignatingPetition, Kind: c.Window, RollOver: true,
			Start:  c.From(c.AtPrimary, c.NthBefore(time.Monday, 13)),
			Last:   c.From(c.AtPrimary, c.NthBefore(time.Thursday, 12)),
			NotFor: supremeCourt, NotForReason: reasonJudicial, Requires: primaryRoute,
			Authority: c.Authority{Cite: citeEL6158_1, Act: "L.2019 ch. 5",
				Words: pp + "A designating petition shall be filed not earlier than the thirteenth Monday before, and not later than the twelfth Thursday preceding the primary election.",
				Note:  "the primary route applies only when the vacancy is on or before the seventh day before the effective last day (Elec. Law § 6-116)"},
		},
		{
			// An opening: its window_start is the first day a signature
			// counts; its last day is the petition's.
			Code: dlDesignatingSigning, Kind: c.Window, RollOver: true, Requires: requiresDesignation,
			Start: c.FromRow(dlDesignatingPetition, c.Days(-37)),
			Last:  c.FromRowStatutory(dlDesignatingPetition),
			Authority: c.Authority{Cite: citeEL6134_4, Mark: c.Inferred,
				Words: pp + "no signature made earlier than thirty-seven days before the last day to file designating petitions shall be counted",
				Note:  "the 37 days are inferred: they agree with every published calendar 2019–2025 outside the one-year acts (2019: February 26; 2025: February 25); the last day is the petition's"},
		},
		{
			Code: dlDesignationAD, Kind: c.LastDay, RollOver: true, Requires: requiresDesignation,
			Last: c.FromRow(dlDesignatingPetition, c.Days(4)),
			Authority: c.Authority{Cite: citeEL6158_2, Words: "A certificate of acceptance or declination of a designation shall be filed not later than the fourth day after the last day to file such designation.",
				Note: "unchanged since L.1984 ch. 434; " + noteRolledFromEffective},
		},
		{
			Code: dlDesignationVD, Kind: c.LastDay, RollOver: true, Requires: requiresDesignation,
			Last:      c.FromRow(dlDesignationAD, c.Days(4)),
			Authority: c.Authority{Cite: citeEL6158_3, Words: "A certificate to fill a vacancy in a designation caused by declination shall be filed not later than the fourth day after the last day to decline."},
		},
		{
			Code: dlOpportunity, Kind: c.LastDay, RollOver: true, Requires: requiresDesignation,
			Last: c.From(c.AtPrimary, c.NthBefore(time.Thursday, 11)),
			Authority: c.Authority{Cite: citeEL6158_4, Act: "L.2019 ch. 5",
				Words: pp + "A petition of enrolled members of a party requesting an opportunity to write in the name of an undesignated candidate for a public office or party position at a primary election shall be filed not later than the eleventh Thursday preceding the primary election"},
		},
		{
			Code: dlOpportunityAfter, Kind: c.LastDay, RollOver: true, Requires: requiresDesignation,
			Last: c.From(c.AtPrimary, c.NthBefore(time.Thursday, 10)),
			Authority: c.Authority{Cite: citeEL6158_4, Act: "L.2019 ch. 5",
				Words: pp + "or the tenth Thursday preceding the primary election, if a designated candidate has declined and another candidate has been designated to fill the vacancy",
				Note:  "applies only when a designee declined and another was designated: the tool prints the day, it cannot know the filings"},
		},
		{
			Code: dlJudicialConvention, Kind: c.Window, Only: supremeCourt,
			Start: c.From(c.AtYear, c.NthOfMonth(time.August, time.Monday, 1), c.NextAfter(time.Thursday)),
			Last:  c.From(c.AtYear, c.NthOfMonth(time.August, time.Monday, 1), c.NextAfter(time.Thursday), c.Days(6)),
			Authority: c.Authority{Cite: citeEL6158_5, Mark: mark(c.Inferred),
				Words: pp + "A judicial district convention shall be held not earlier than the Thursday after the first Monday in August preceding the general election and not later than six days after such Thursday",
				Note:  "a convention is not a filing: § 1-106 does not move it; in force in 2019 inferred (conventions held August 12, 2019 and August 5, 2021)"},
		},
		{
			Code: dlJudicialCertificate, Kind: c.LastDay, RollOver: true, Only: supremeCourt,
			Last: c.FromRow(dlJudicialConvention, c.Days(1)),
			Authority: c.Authority{Cite: citeEL6158_6d, Mark: mark(c.Inferred),
				Words: pp + "a certificate of party nomination made at a judicial district convention shall be filed not later than the day after the last day to hold such convention"},
		},
		{
			Code: dlPartyCertificate, Kind: c.LastDay, RollOver: true, NotFor: supremeCourt, NotForReason: reasonJudicial,
			Last:   c.From(c.AtPrimary, c.Days(30)),
			Review: review(reviewSub6),
			Authority: c.Authority{Cite: citeEL6158_6a, Act: "L.2022 ch. 164", Mark: mark(c.Unsourced),
				Words: pp + "A certificate of a party nomination made other than at the primary election for an office to be filled at the time of a general election shall be filed not later than thirty days after the primary election"},
			Exceptions: []c.Exception{{
				When:     c.Condition{After: ptr(c.From(c.AtPrimary, c.Days(-7)))},
				Last:     c.From(c.AtPrimary, c.Days(30)).OrLater(c.From(c.AtVacancy, c.Days(10))),
				Reason:   "late vacancy: ten days after the vacancy (Elec. Law § 6-158(6)(b))",
				Conflict: "The office became vacant after the seventh day before the primary ({primary}) and ten days after the vacancy is later than thirty days after the primary: the party nomination certificate is due {effective}.",
				Review:   review(reviewSub6),
				Authority: c.Authority{Cite: citeEL6158_6b, Act: "L.2022 ch. 164", Mark: mark(c.Unsourced),
					Words: pp + "a certificate of nomination for an office which becomes vacant after the seventh day preceding such primary election shall be filed not later than the later of thirty days after the primary or ten days after the creation of such vacancy",
					Note:  "LATE_VACANCY only when V + 10 is the later day"},
			}},
		},
		{
			Code: dlElectorsCertificate, Kind: c.LastDay, RollOver: true, CalendarOnly: true, Cycle: 4,
			Last: c.From(c.AtPrimary, c.Days(74)),
			Authority: c.Authority{Cite: citeEL6158_6c, Mark: mark(c.Inferred),
				Words: pp + "a certificate of party nomination of electors for president and vice-president shall be filed not later than seventy-four days after the primary election",
				Note:  "printed in presidential years only; no vacancy row uses it"},
		},
		{
			Code: dlPartyAD, Kind: c.LastDay, RollOver: true, NotFor: supremeCourt, NotForRef: dlJudicialCertificate,
			Last:   c.FromRow(dlPartyCertificate, c.Days(3)),
			Review: review(reviewSub7),
			Authority: corroborated(sourced, c.Authority{Cite: citeEL6158_7, Mark: c.Unsourced,
				Words: "A certificate of acceptance or declination of a party nomination made other than at a primary election for an office to be filled at the time of a general election shall be filed not later than the third day after the last day to file the certificate of such party nomination.",
				Note:  "the 2010 text's words; for a supreme court justice this counts from judicial_convention_certificate"},
				board2026+", which prints 2026-07-27 (three days after 07-23 is Sunday 07-26) and, for judicial nominations, 2026-08-17, citing § 6-158(7)"),
		},
		{
			Code: dlPartyVD, Kind: c.LastDay, RollOver: true,
			Last:   c.FromRow(dlPartyAD, c.Days(4)),
			Review: review(reviewSub8),
			Authority: corroborated(sourced, c.Authority{Cite: citeEL6158_8, Mark: c.Unsourced,
				Words: "A certificate to fill a vacancy caused by a declination of a party nomination for an office to be filled at the time of a general election shall be filed not later than four days after the last day to file such declination",
				Note:  "the 2010 text's words"},
				board2026+", which prints 2026-07-31 and, for judicial nominations, 2026-08-21, citing § 6-158(8)"),
		},
		{
			Code: dlIndependentPetition, Kind: c.Window, RollOver: true,
			Start: c.From(c.AtGeneral, c.WeeksBack(24)),
			Last:  c.From(c.AtGeneral, c.WeeksBack(23)),
			Authority: c.Authority{Cite: citeEL6158_9, Act: "L.2019 ch. 5",
				Words: pp + "A petition for an independent nomination for an office to be filled at the time of a general election shall be filed not earlier than twenty-four weeks and not later than twenty-three weeks preceding such election."},
			Exceptions: []c.Exception{{
				When:     c.Condition{After: &c.Counting{Anchor: c.AtSelf, Statutory: true, Steps: []c.Count{c.Days(-14)}}},
				Start:    c.From(c.AtVacancy),
				Last:     c.From(c.AtVacancy, c.Days(14)),
				Reason:   reasonLateSub10,
				Conflict: "The office became vacant less than fourteen days before the last day for independent petitions: they may be filed within fourteen days after the vacancy, by {effective}, and the acceptance and fill-declination certificates follow two days apart.",
				Review:   reviewSub10,
				Authority: c.Authority{Cite: citeEL6158_10, Mark: c.Unsourced,
					Words: "where a vacancy occurs less than fourteen days before the last day for the filing of an independent petition for an office to be filled at the time of a general election, or after the last day to file an independent petition, such petition may be filed for the said office within fourteen days after the vacancy occurs.",
					Note:  "the 2010 text's words, counted from this edition's statutory last day (G − 161 − 14 = G − 175; the year's own, one-year data included)"},
			}},
		},
		{
			// An opening, like the designating one; under (10) no signature
			// can predate the vacancy.
			Code: dlIndependentSigning, Kind: c.Window, RollOver: true,
			Start: c.FromRow(dlIndependentPetition, c.WeeksBack(6)),
			Last:  c.FromRowStatutory(dlIndependentPetition),
			Authority: c.Authority{Cite: citeEL6138_4, Mark: mark(c.Inferred),
				Words: "A signature made earlier than six weeks prior to the last day to file independent petitions shall not be counted",
				Note:  "sourced from 2023 (A3312 of 2023–24); 2019–2022 inferred (agrees with the published calendars)"},
			Exceptions: []c.Exception{{
				When:   c.Condition{Row: dlIndependentPetition},
				Start:  c.From(c.AtVacancy).OrLater(c.FromRow(dlIndependentPetition, c.WeeksBack(6))),
				Last:   c.FromRowStatutory(dlIndependentPetition),
				Reason: "late vacancy: no signature can predate the vacancy (interpretation)",
				Authority: c.Authority{Cite: citeEL6138_4, Mark: c.Interpretation,
					Note: "under § 6-158(10) the first day to sign is the later of the vacancy and six weeks before the late last day"},
			}},
		},
		{
			Code: dlIndependentAD, Kind: c.LastDay, RollOver: true,
			Last: c.From(c.AtGeneral, c.NthBefore(time.Tuesday, 23), c.Days(3)),
			Authority: c.Authority{Cite: citeEL6158_11, Act: "L.2019 ch. 5",
				Words: pp + "A certificate of acceptance or declination of an independent nomination for an office to be filled at the time of a general election shall be filed not later than the third day after the twenty-third Tuesday preceding such election"},
			Exceptions: []c.Exception{{
				When: c.Condition{Row: dlIndependentPetition}, Last: c.FromRow(dlIndependentPetition, c.Days(2)), Reason: reasonLateSub10Chained,
				Review:    reviewSub10,
				Authority: c.Authority{Cite: citeEL6158_10, Mark: c.Unsourced, Words: "A certificate of acceptance or declination in such an event shall be filed within two days thereafter"},
			}},
		},
		{
			Code: dlIndependentVD, Kind: c.LastDay, RollOver: true,
			Last: c.From(c.AtGeneral, c.NthBefore(time.Tuesday, 23), c.Days(6)),
			Authority: c.Authority{Cite: citeEL6158_12, Act: "L.2019 ch. 5",
				Words: pp + "A certificate to fill a vacancy caused by a declination of an independent nomination for an office to be filled at the time of a general election shall be filed not later than the sixth day after the twenty-third Tuesday preceding such election."},
			Exceptions: []c.Exception{{
				When: c.Condition{Row: dlIndependentPetition}, Last: c.FromRow(dlIndependentAD, c.Days(2)), Reason: reasonLateSub10Chained,
				Review:    reviewSub10,
				Authority: c.Authority{Cite: citeEL6158_10, Mark: c.Unsourced, Words: "a certificate to fill a vacancy caused by declination shall be filed within two days after such declination has been filed."},
			}},
		},
	}
}
