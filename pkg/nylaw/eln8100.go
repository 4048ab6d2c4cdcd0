package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Election Law § 8-100(1): the primary and the general election.

const (
	citeEL8100a = "Elec. Law § 8-100(1)(a)"
	citeEL8100c = "Elec. Law § 8-100(1)(c); 2 U.S.C. § 7"
)

// generalElection is "the Tuesday next after the first Monday in
// November" (unchanged in every edition).
var generalElection = c.From(c.AtYear, c.NthOfMonth(time.November, time.Monday, 1), c.NextAfter(time.Tuesday))

var generalBy = c.Authority{Cite: citeEL8100c, Words: "the Tuesday next after the first Monday in November"}

// primarySeptember is the seed's primary: "the first Tuesday after the
// second Monday of September" (2009: second Monday Sep 14, so Sep 15), and
// the primaries the legislature moved by special act in its years.
var primarySeptember = c.PrimaryRule{
	Day:       c.From(c.AtYear, c.NthOfMonth(time.September, time.Monday, 2), c.NextAfter(time.Tuesday)),
	Authority: c.Authority{Cite: citeEL8100a, Words: "the first Tuesday after the second Monday of September"},
	Moved: []c.MovedDay{
		{Date: c.D(2007, time.September, 18), Authority: c.Authority{Cite: "special act of 2007", Mark: c.Unsourced,
			Note: "the act that moved the 2007 primary is not named in the data"}},
		{Date: c.D(2012, time.September, 13), Authority: c.Authority{Cite: "L.2012 (S7418/A10112)"}},
		{Date: c.D(2015, time.September, 10), Authority: c.Authority{Cite: "L.2015 (S4843/A7014)"}},
		{Date: c.D(2018, time.September, 13), Authority: c.Authority{Cite: "L.2018 ch. 3 (S7597/A8917-A)"}},
	},
}

// primaryJune is § 8-100(1)(a) as amended by L.2019 ch. 5: the fourth
// Tuesday of June (2026: June 2, 9, 16, 23 → June 23).
var primaryJune = c.PrimaryRule{
	Day: c.From(c.AtYear, c.NthOfMonth(time.June, time.Tuesday, 4)),
	Authority: c.Authority{Cite: citeEL8100a, Act: "L.2019 ch. 5",
		Words: "A primary election shall be held on the fourth Tuesday in June before every general election unless otherwise changed by an act of the legislature"},
}
