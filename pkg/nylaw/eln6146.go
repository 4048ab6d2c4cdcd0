package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Election Law § 6-146(6), added by L.2021 ch. 276: a person designated for
// two or more party nominations who loses one or more of those primaries
// may decline the nominations afterwards. Its words were not read: the
// memo of S7962 of 2025 (which would cut the time to seven days; not
// enacted when the data was checked) says the subdivision was added by
// that chapter and allows ten days. The board's 2026 calendar counts the
// ten days from the primary itself (June 23 → July 3); the memo speaks of
// the certification of the results: the tool follows the board.
func eln6146(b boardEra) c.DeadlineRule {
	return c.DeadlineRule{
		Code: dlPartyDeclineAfterP, Kind: c.LastDay, RollOver: true, CalendarOnly: true,
		Last:         c.From(c.AtPrimary, c.Days(10)),
		Corroborated: b.on2026(time.July, 3),
		Authority: c.Authority{Cite: "Elec. Law § 6-146(6)", Act: "L.2021 ch. 276", Mark: b.unread(),
			Words: pp + "a person designated for two or more party nominations who is not nominated at the primary by one or more of those parties may decline the party nominations not later than ten days after the primary election",
			Note:  "the words were not read: ten days after the primary as the board's 2026 calendar counts them (the memo of S7962 of 2025 speaks of ten days after the certification of the results); printed from the 2022 calendar (E3), the signing day of L.2021 ch. 276 not read"},
	}
}
