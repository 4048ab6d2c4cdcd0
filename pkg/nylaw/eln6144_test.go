package nylaw_test

import (
	"testing"

	c "batch/pkg/compute"
	"batch/pkg/nylaw"
)

// TestFilingOffices: where the calendar file says papers are filed, by Elec. Law
// § 6-144: "in the office of the Board of Elections of the county, except
// as follows: for an office or position to be voted for wholly within the
// city of New York, in the office of the Board of Elections of that city;
// for an office or position to be voted for in a district greater than
// one county, or portions of two or more counties, in the office of the
// state board of elections; for a village office to be filled in a
// village election not conducted by the board of elections, in the
// office of the village clerk."
func TestFilingOffices(t *testing.T) {
	for _, c := range []struct {
		name string
		v    c.Vacancy
		want string
	}{
		{"an office of one county", c.Vacancy{Office: "County Clerk", County: "Albany"},
			"the Albany County Board of Elections"},
		{"an Assembly district within Brooklyn", c.Vacancy{Office: "Member of Assembly", Class: c.MemberOfAssembly, County: "Kings"},
			"the Board of Elections in the City of New York"},
		{"a district across two boroughs, wholly within the city", c.Vacancy{Office: "Representative in Congress", Class: c.USRepresentative, County: "New York; Bronx"},
			"the Board of Elections in the City of New York"},
		{"a Senate district across two counties", c.Vacancy{Office: "State Senator", Class: c.StateSenator, County: "Albany; Schenectady"},
			"the State Board of Elections"},
		{"a district from the city into Nassau", c.Vacancy{Office: "Representative in Congress", Class: c.USRepresentative, County: "Queens, Nassau"},
			"the State Board of Elections"},
		{"a statewide office with no county", c.Vacancy{Office: "Governor", Class: c.Governor},
			"the State Board of Elections"},
		{"a village office: the village may run its own election", c.Vacancy{Office: "Village Trustee, Village of Hudson Falls", County: "Washington"},
			"the Washington County Board of Elections (or the village clerk)"},
		{"no county, not statewide: the cell does not say", c.Vacancy{Office: "Town Supervisor"},
			"the board of elections"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := nylaw.NewYork.Filing.For(&c.v, func(s string) string { return s }); got != c.want {
				t.Errorf("%q, want %q", got, c.want)
			}
		})
	}
}
