package compute

import (
	"slices"
	"strings"
)

// FilingOffices say where a vacancy's designating and nominating papers
// are filed, by the counties its office is voted for in: a city's board
// for an office voted for wholly within the city's counties, the state's
// board for one voted for in more than one county or statewide, else the
// county's board.
type FilingOffices struct {
	CityCounties []string // the counties of a city with a board of its own
	CityBoard    string   // that board, in words

	StateBoard       string        // the state's board, in words
	StatewideClasses []OfficeClass // offices voted for by the whole state

	// CountyBoard is a county's board in words, CountyName standing for
	// the county's name.
	CountyBoard string
	// Village is added for a village office outside the city: a village
	// that runs its own election receives its papers itself, and the
	// input does not say which villages do.
	Village string
	// VillageClasses are the classes of village offices: a row of one gets
	// Village whatever its office is called.
	VillageClasses []OfficeClass
	// Unknown is where, in words, when the row names no county.
	Unknown string
}

// CountyName stands for the county's name in FilingOffices.CountyBoard.
const CountyName = "{county}"

// For is where v's papers are filed, in words; shown gives each county's
// name as the caller shows it (cut, escaped).
func (f *FilingOffices) For(v *Vacancy, shown func(string) string) string {
	counties := v.Counties()
	city := len(counties) > 0 && f.CityBoard != ""
	for _, c := range counties {
		city = city && slices.Contains(f.CityCounties, c)
	}
	var where string
	switch {
	case city:
		return f.CityBoard
	case len(counties) > 1 || slices.Contains(f.StatewideClasses, v.Class):
		where = f.StateBoard
	case len(counties) == 1:
		where = strings.ReplaceAll(f.CountyBoard, CountyName, shown(counties[0]))
	default:
		return f.Unknown
	}
	if len(counties) <= 1 && f.Village != "" && (strings.Contains(strings.ToLower(v.Office), "village") || slices.Contains(f.VillageClasses, v.Class)) {
		where += " " + f.Village
	}
	return where
}
