package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Other cities and charter counties: every city outside New York City has
// a charter of its own, and many counties a county charter; charters
// commonly fill vacancies by appointment to the next general election, or
// in their own way (the City of New Rochelle's charter § 92.9: "Any
// vacancy in the office of Mayor, Council member, Supervisor or Judge of
// the City Court, other than by expiration of term of office, shall be
// filled by the Council. … The position filled temporarily by appointment
// must be filled at the next general election"). The tool cannot hold
// every charter: Pub. Off. Law § 42 computes the row, as for any other
// office, and LOCAL_CHARTER says a charter may govern it instead. An
// analyst who knows the charter's rule enters the outcome
// (special_election_date, appointable) and the tool shows both.

const codeLocalCharter = "local_charter"

var localCharterConflict = func(msg string) c.LocalConflict {
	return c.LocalConflict{Code: "LOCAL_CHARTER", Severity: c.Warning, Message: msg}
}

var regimeCity = c.Regime{
	Code: codeLocalCharter, Classes: []c.OfficeClass{c.City}, Shape: c.ShapeNotice, ComputeAs: c.OtherOffice,
	Words:  "an office of a city",
	Notice: &c.LocalNotice{Conflict: localCharterConflict("The charter of the city may govern this vacancy ({fill}(1): \"unless otherwise provided\"): the dates shown are {fill}'s; check the city charter's vacancy section.")},
	Authority: c.Authority{Cite: "city charter",
		Words: "elective offices of a city other than New York City: computed by Pub. Off. Law § 42, with LOCAL_CHARTER",
		Note:  "example: City of New Rochelle charter § 92.9 (talkofthesound.com, 2010-08-10): filled by the council, then at the next general election"},
}

// charterCountiesChecked is the day the list below was last checked.
var charterCountiesChecked = c.D(2025, time.December, 1)

// dosCharters is the Department of State's publication that names the
// first four charter counties.
const dosCharters = "N.Y. Department of State, \"Adopting and Amending County Charters\" (James A. Coon Local Government Technical Series, revised 2009, reprinted 2021)"

func charterCounty(name string, a c.Authority) c.CharterCounty {
	return c.CharterCounty{County: name, CheckedThrough: charterCountiesChecked, Authority: a}
}

// unlistedCharter marks a county that is known to have a charter but for
// which no source was read here.
func unlistedCharter(name, note string) c.CharterCounty {
	return charterCounty(name, c.Authority{Cite: "county charter (not verified)", Mark: c.Unsourced,
		Note: note + "; the Department of State's list settles it"})
}

// charterCounties: the Department of State counts 19 counties with a
// charter (2009; reprinted 2021) and names four; the others below are
// listed unverified (their rows get LOCAL_CHARTER all the same: a
// warning too many is safer than a charter missed), and a county not on
// the list gets NEEDS_REVIEW.
var charterCounties = []c.CharterCounty{
	charterCounty("Nassau", c.Authority{Cite: dosCharters, Words: "Four of these counties – Nassau, Monroe, Westchester and Suffolk – were initially organized through a different process"}),
	charterCounty("Monroe", c.Authority{Cite: dosCharters, Words: "Four of these counties – Nassau, Monroe, Westchester and Suffolk – were initially organized through a different process"}),
	charterCounty("Westchester", c.Authority{Cite: dosCharters, Words: "Four of these counties – Nassau, Monroe, Westchester and Suffolk – were initially organized through a different process"}),
	charterCounty("Suffolk", c.Authority{Cite: dosCharters, Words: "Four of these counties – Nassau, Monroe, Westchester and Suffolk – were initially organized through a different process"}),
	charterCounty("Albany", c.Authority{Cite: "County of Albany Charter Review Commission, Report (January 2014)", Words: "the Albany County Charter (Charter), which has been in place since 1976"}),
	unlistedCharter("Erie", "named among the charter counties by the specification, no source read"),
	unlistedCharter("Broome", "not verified"),
	unlistedCharter("Chautauqua", "not verified"),
	unlistedCharter("Chemung", "not verified"),
	unlistedCharter("Dutchess", "not verified"),
	unlistedCharter("Herkimer", "not verified"),
	unlistedCharter("Oneida", "not verified"),
	unlistedCharter("Onondaga", "not verified"),
	unlistedCharter("Orange", "not verified"),
	unlistedCharter("Putnam", "not verified"),
	unlistedCharter("Rensselaer", "not verified"),
	unlistedCharter("Rockland", "not verified"),
	unlistedCharter("Schenectady", "not verified"),
	unlistedCharter("Tompkins", "not verified"),
	unlistedCharter("Ulster", "not verified"),
}

var regimeCounty = c.Regime{
	Code: codeLocalCharter, Classes: []c.OfficeClass{c.County}, Shape: c.ShapeNotice, ComputeAs: c.OtherOffice,
	Words: "a county office",
	Notice: &c.LocalNotice{
		Conflict:       localCharterConflict("{county} County has a charter ({source}): it may govern this vacancy ({fill}(1): \"unless otherwise provided\"); the dates shown are {fill}'s; check the county charter's vacancy section."),
		Counties:       charterCounties,
		Unlisted:       "county charter status not verified: {county} is not on the tool's list of charter counties (last checked {checked}); if it has a charter, the charter may govern this vacancy",
		NoCounty:       "county charter status not verified: the row names no county; a county charter may govern this vacancy",
		CheckedThrough: charterCountiesChecked,
	},
	Authority: c.Authority{Cite: "county charter (County Charter Law)",
		Words: "elective county offices other than judges (clerk, legislator, executive, sheriff, …): Pub. Off. Law § 42, plus LOCAL_CHARTER in a charter county",
		Note:  "the list of charter counties must come from the Department of State: unverified entries are marked"},
}
