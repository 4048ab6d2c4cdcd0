package compute

// Counties are New York's 62 counties, in alphabetical order, as the state
// board of elections spells them. The five counties of New York City are
// listed by their county names (Bronx, Kings, New York, Queens, Richmond).
var Counties = []string{
	"Albany", "Allegany", "Bronx", "Broome", "Cattaraugus", "Cayuga", "Chautauqua",
	"Chemung", "Chenango", "Clinton", "Columbia", "Cortland", "Delaware", "Dutchess",
	"Erie", "Essex", "Franklin", "Fulton", "Genesee", "Greene", "Hamilton", "Herkimer",
	"Jefferson", "Kings", "Lewis", "Livingston", "Madison", "Monroe", "Montgomery",
	"Nassau", "New York", "Niagara", "Oneida", "Onondaga", "Ontario", "Orange",
	"Orleans", "Oswego", "Otsego", "Putnam", "Queens", "Rensselaer", "Richmond",
	"Rockland", "St. Lawrence", "Saratoga", "Schenectady", "Schoharie", "Schuyler",
	"Seneca", "Steuben", "Suffolk", "Sullivan", "Tioga", "Tompkins", "Ulster",
	"Warren", "Washington", "Wayne", "Westchester", "Wyoming", "Yates",
}
