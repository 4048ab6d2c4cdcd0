package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Election Law §§ 6-164 and 6-166(3): the opportunity to ballot. Neither
// text was read; the formulas are the board's calendars'.
//
// § 6-164's first day to sign an opportunity-to-ballot petition is sixteen
// days before the last day to file designating petitions in every
// calendar read: 2015, June 23 for July 9; the 2018 federal calendar,
// March 27 for April 12; 2026, March 21 for the one-year act's April 6
// (the board counts from the act's day). It is printed as a single day, a
// first day that § 1-106 never moves.
//
// § 6-166(3)'s last days for the committee named in such a petition to
// receive the acceptance notices are four days after the last day to file
// the petition, and after the later last day when a designee declined
// (2026: April 9 → 13, April 16 → 20).

const citeEL6166_3 = "Elec. Law § 6-166(3)"

func eln6164Signing(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlOpportunitySigning, Kind: c.LastDay, CalendarOnly: true, NotFiling: true, Requires: requiresDesignation,
		Last:         c.FromRow(dlDesignatingPetition, c.Days(-16)),
		Corroborated: b.on2026(time.March, 21),
		Authority: c.Authority{Cite: "Elec. Law § 6-164", Mark: b.unread(),
			Words: pp + "the first day to sign a petition for an opportunity to ballot at the primary",
			Note:  "the words were not read: sixteen days before the last day to file designating petitions, as the board's calendars give it (2015: June 23; 2018 federal: March 27; 2026: March 21); a first day, never moved by § 1-106"},
	}
}

func eln6166Notice(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlOpportunityNotice, Kind: c.LastDay, RollOver: true, CalendarOnly: true, Requires: requiresDesignation,
		Last:         c.FromRow(dlOpportunity, c.Days(4)),
		Corroborated: b.on2026(time.April, 13),
		Authority: c.Authority{Cite: citeEL6166_3, Mark: b.unread(),
			Words: pp + "the last day for the members of the committee named in an opportunity-to-ballot petition to receive the notices to file their acceptance",
			Note:  "the words were not read: four days after the last day to file opportunity-to-ballot petitions, as the board's 2026 calendar gives it"},
	}
}

func eln6166NoticeAfterDeclination(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlOpportunityAfterNotice, Kind: c.LastDay, RollOver: true, CalendarOnly: true, Requires: requiresDesignation,
		Last:         c.FromRow(dlOpportunityAfter, c.Days(4)),
		Corroborated: b.on2026(time.April, 20),
		Authority: c.Authority{Cite: citeEL6166_3, Mark: b.unread(),
			Words: pp + "the same, when a designated candidate declined and another was designated",
			Note:  "the words were not read: four days after the later last day to file opportunity-to-ballot petitions (§ 6-158(4)), as the board's 2026 calendar gives it"},
	}
}
