package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Election Law § 6-120(3): a party committee's authorization to designate
// or nominate a person not enrolled in the party is filed four days after
// the last day to file the petition or certificate it relates to. Words
// read on the Senate's § 6-120 page; the board's calendars apply the same
// count before the June primary (2015: designations July 9 → July 13,
// substitutions July 17 → July 21) and after it (2026). One rule, four
// lines of the calendar: designations, substitutions after a designee
// declined, substitutions after a primary loser declined, and § 6-116
// nominations.

const (
	citeEL6120_3 = "Elec. Law § 6-120(3)"
	words6120_3  = "The certificate of authorization shall be filed not later than four days after the last day to file the designating petition, certificate of nomination or certificate of substitution to which such authorization relates"
)

func eln6120Designation(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlDesignationAuthorization, Kind: c.LastDay, RollOver: true, CalendarOnly: true, Requires: requiresDesignation,
		Last:         c.FromRow(dlDesignatingPetition, c.Days(4)),
		Corroborated: b.on2026(time.April, 10),
		Authority: c.Authority{Cite: citeEL6120_3, Words: words6120_3,
			Note: "for designations: four days after the last day to file designating petitions"},
	}
}

func eln6120Substitution(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlDesignationSubstitution, Kind: c.LastDay, RollOver: true, CalendarOnly: true, Requires: requiresDesignation,
		Last:         c.FromRow(dlDesignationVD, c.Days(4)),
		Corroborated: b.on2026(time.April, 20),
		Authority: c.Authority{Cite: citeEL6120_3, Words: words6120_3,
			Note: "for a substitution after a designee declined: four days after the last day to file the certificate of substitution (§ 6-158(3)); 2026: April 14 + 4 = Saturday April 18 → Monday April 20"},
	}
}

func eln6120SubstitutionAfterLoss(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlPartyDeclineAfterPSubstitute, Kind: c.LastDay, RollOver: true, CalendarOnly: true,
		Last:         c.FromRow(dlPartyDeclineAfterPVacancy, c.Days(4)),
		Corroborated: b.on2026(time.July, 13),
		Authority: c.Authority{Cite: citeEL6120_3, Mark: b.unread(), Words: words6120_3,
			Note: "for a substitution after a primary loser declined: four days after the last day to fill that vacancy, which rests on § 6-146(6)'s unread words (2026: July 7 + 4 = Saturday July 11 → Monday July 13)"},
	}
}

func eln6120Nomination(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlPartyNominationAuthorization, Kind: c.LastDay, RollOver: true, CalendarOnly: true,
		Requires:     &c.Requirement{Row: dlPartyCertificate},
		Last:         c.FromRow(dlPartyCertificate, c.Days(4)),
		Corroborated: b.on2026(time.July, 27),
		Authority: c.Authority{Cite: citeEL6120_3, Mark: b.mark(c.Sourced), Words: words6120_3,
			Note: "for a nomination to fill a vacancy (§ 6-116): four days after the last day to file the certificate of nomination (§ 6-158(6)), whose 2019–2022 text is not verified"},
	}
}
