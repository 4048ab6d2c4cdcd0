package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Election Law § 2-120(1): the statement of the party positions to be
// filled at the primary, due two weeks before the first day to sign
// designating petitions. Words read on the Senate's § 2-120 page
// (published 2024-03-01). The first day to sign is § 6-134(4)'s,
// thirty-seven days before the twelfth Thursday preceding the primary
// (inferred, see eln6158_2019.go); one-year acts that moved the filing
// window kept that day (2023, 2026: forty-one days before their Monday).
func eln2120(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlPartyPositions, Kind: c.LastDay, RollOver: true, CalendarOnly: true,
		Last:         c.From(c.AtPrimary, c.NthBefore(time.Thursday, 12), c.Days(-37), c.Days(-14)),
		Corroborated: b.on2026(time.February, 10),
		Authority: c.Authority{Cite: "Elec. Law § 2-120(1)", Mark: b.unread(),
			Words: "The chairman of the county committee of each party or such person as may be designated by the rules of the county committee shall file with the board of elections not later than two weeks before the first day on which designating petitions for a primary election may be signed, a statement of the party positions to be filled by such party at such primary election",
			Note:  "the words were read; the first day to sign is § 6-134(4)'s inferred thirty-seven days before the twelfth Thursday preceding the primary (2026: February 24 − 14 days = February 10); party positions are elected at the June primary, so in 2022 the statewide calendar's day holds for every class (a --class calendar counts from that class's primary)"},
	}
}
