package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Election Law § 4-106(1), (2) as amended by L.2019 ch. 5 (eff. 2019-01-24):
// the offices to be voted for at the general election are certified by
// February 1 of its year. Words read on the Senate's § 4-106 page.
func eln4106(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlOfficesCertified, Kind: c.LastDay, CalendarOnly: true, NotFiling: true,
		Last:         c.From(c.AtYear, c.OnDay(time.February, 1)),
		Corroborated: b.on2026(time.February, 1),
		Authority: c.Authority{Cite: "Elec. Law § 4-106(1), (2)", Act: "L.2019 ch. 5",
			Words: "The state board of elections shall, by February first in the year of each general election, make and transmit to the board of elections of each county, a certificate stating each office, except county, city, village and town offices to be voted for at such election in such county.",
			Note:  "each county, city, village and town clerk certifies its own offices by the same day (subdivision 2); the boards' and clerks' own act, not a candidate's filing: § 1-106 does not move it (the board's 2026 calendar prints Sunday, February 1)"},
	}
}
