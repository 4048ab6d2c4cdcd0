package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Election Law §§ 4-110, 4-112(1) and 4-114: the state board certifies the
// primary ballot fifty-five days before the primary and the general
// election's fifty-five days before it (words read on the Senate's pages;
// § 4-112's as published on 2022-03-25 with L.2022 ch. 164's words), and
// the county boards determine theirs the day after (§ 4-114's words not
// read: the board's calendars give the day after, 2015 and 2026 alike).
// The boards' own acts, not filings: § 1-106 does not move them.

const (
	citeEL4110 = "Elec. Law § 4-110"
	citeEL4112 = "Elec. Law § 4-112(1)"
	citeEL4114 = "Elec. Law § 4-114"

	noteCounty = "§ 4-114's words were not read: the county boards' determination is the day after the state board's certification, as the board's calendars give it (2015: August 5 → 6 for the primary, September 28 → 29 for the general election; 2026: April 29 → 30, September 9 → 10)"
)

func eln4110(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlPrimaryBallotState, Kind: c.LastDay, CalendarOnly: true, NotFiling: true,
		Last:         c.From(c.AtPrimary, c.Days(-55)),
		Corroborated: b.on2026(time.April, 29),
		Authority: c.Authority{Cite: citeEL4110, Mark: b.mark(c.Sourced),
			Words: "The state board of elections, not later than fifty-five days before a primary election, shall certify to each county board of elections: The name and residence of each candidate to be voted for within the political subdivision of such board for whom a designation has been filed with the state board",
			Note:  "the words were read in the current text; in force before 2022 inferred; the board's act: never moved by § 1-106"},
	}
}

func eln4114Primary(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlPrimaryBallotCounty, Kind: c.LastDay, CalendarOnly: true, NotFiling: true,
		Last:         c.FromRow(dlPrimaryBallotState, c.Days(1)),
		Corroborated: b.on2026(time.April, 30),
		Authority: c.Authority{Cite: citeEL4114, Mark: b.unread(),
			Words: pp + "each county board of elections determines the candidates and questions of its primary ballot the day after the state board's certification",
			Note:  noteCounty},
	}
}

func eln4112(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlGeneralBallotState, Kind: c.LastDay, CalendarOnly: true, NotFiling: true,
		Last:         c.From(c.AtGeneral, c.Days(-55)),
		Corroborated: b.on2026(time.September, 9),
		Authority: c.Authority{Cite: citeEL4112, Act: "L.2022 ch. 164", Mark: b.mark(c.Sourced),
			Words: "The state board of elections, not later than fifty-five days before a general election, fifty-three days before a special election, or twenty-four days before a special election held pursuant to paragraph b of subdivision three of section forty-two of the public officers law, shall certify to each county board of elections the name and residence of each candidate nominated in any valid certificate filed with it",
			Note:  "the fifty-five days were read in the text as amended by L.2022 ch. 164; before it inferred; the board's act: never moved by § 1-106"},
	}
}

func eln4114General(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlGeneralBallotCounty, Kind: c.LastDay, CalendarOnly: true, NotFiling: true,
		Last:         c.FromRow(dlGeneralBallotState, c.Days(1)),
		Corroborated: b.on2026(time.September, 10),
		Authority: c.Authority{Cite: citeEL4114, Mark: b.unread(),
			Words: pp + "each county board of elections determines the candidates and questions of its general election ballot the day after the state board's certification",
			Note:  noteCounty},
	}
}
