package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Election Law § 6-158 as the board's calendar applies it beyond the
// vacancy rows: (11)'s declination by an independent nominee who lost the
// primary, (3)'s four days after a primary loser's declination, (6)'s
// caucus and committee nominations, and the judicial conventions' minutes.

func eln6158DeclineAfterPrimary(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlIndependentDeclineAfterP, Kind: c.LastDay, RollOver: true, CalendarOnly: true,
		Last:         c.From(c.AtPrimary, c.Days(3)),
		Corroborated: b.on2026(time.June, 26),
		Authority: c.Authority{Cite: citeEL6158_11, Mark: b.unread(),
			Words: pp + "a candidate who accepted an independent nomination and then loses the party primary may decline it not later than the third day after the primary",
			Note:  "the words of this part of (11) were not read: three days after the primary, as the board's 2026 calendar gives it (June 23 → June 26)"},
	}
}

func eln6158VacancyAfterLoss(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlPartyDeclineAfterPVacancy, Kind: c.LastDay, RollOver: true, CalendarOnly: true,
		Last:         c.FromRow(dlPartyDeclineAfterP, c.Days(4)),
		Corroborated: b.on2026(time.July, 7),
		Authority: c.Authority{Cite: citeEL6158_3, Mark: b.unread(),
			Words: "A certificate to fill a vacancy in a designation caused by declination shall be filed not later than the fourth day after the last day to decline.",
			Note:  "(3)'s words; the board applies its four days to a declination under § 6-146(6), whose words were not read (2026: July 3 → July 7)"},
	}
}

func eln6158Caucus(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlCaucusCertificate, Kind: c.LastDay, RollOver: true, CalendarOnly: true,
		Requires:     &c.Requirement{Row: dlPartyCertificate},
		Last:         c.FromRow(dlPartyCertificate),
		Corroborated: b.on2026(time.July, 23),
		Authority: c.Authority{Cite: citeEL6158_6, Act: "L.2022 ch. 164", Mark: b.mark(c.Sourced),
			Words: pp + "A certificate of a party nomination made other than at the primary election (a town or village caucus, a party committee) for an office to be filled at the time of a general election shall be filed not later than thirty days after the primary election",
			Note:  "the same last day as party_nomination_certificate, (6)(a); for 2019–2022 not verified"},
	}
}

func eln6158Minutes(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlJudicialMinutes, Kind: c.Window, CalendarOnly: true, NotFiling: true, Only: supremeCourt,
		Start:        c.From(c.AtYear, c.NthOfMonth(time.August, time.Monday, 1), c.NextAfter(time.Thursday)),
		Last:         c.FromRow(dlJudicialConvention),
		Corroborated: b.window2026(time.August, 6, time.August, 12),
		Authority: c.Authority{Cite: "Elec. Law § 6-158(5), (6)", Mark: b.unread(),
			Words: "the minutes of such convention, duly certified by the chairman and secretary, shall be filed within seventy-two hours after adjournment of the convention",
			Note:  "the 2010 text's words ((6) of the September era), the current text not read; the line is the days of the conventions, as the board prints it with (5): each convention's minutes are due 72 hours after it adjourns (for one adjourning on the last day, by the same hour three days later)"},
	}
}
