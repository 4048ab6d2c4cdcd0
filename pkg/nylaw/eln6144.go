package nylaw

import c "batch/pkg/compute"

// Election Law § 6-144: where designations and nominations are filed, "in
// the office of the Board of Elections of the county, except as follows:
// for an office or position to be voted for wholly within the city of New
// York, in the office of the Board of Elections of that city; for an
// office or position to be voted for in a district greater than one
// county, or portions of two or more counties, in the office of the state
// board of elections; for a village office to be filled in a village
// election not conducted by the board of elections, in the office of the
// village clerk." The input does not say which villages run their own
// elections, so a village office names both. The calendar file's events
// say where (docs/CONTRACT.md, deadlines.ics); no date is computed from it.
var filingOffices = c.FilingOffices{
	CityCounties:     []string{"Bronx", "Kings", "New York", "Queens", "Richmond"},
	CityBoard:        "the Board of Elections in the City of New York",
	StateBoard:       "the State Board of Elections",
	StatewideClasses: []c.OfficeClass{c.Governor, c.LieutenantGovernor, c.USSenator},
	CountyBoard:      "the " + c.CountyName + " County Board of Elections",
	Village:          "(or the village clerk)",
	VillageClasses:   []c.OfficeClass{c.Village},
	Unknown:          "the board of elections",
}
