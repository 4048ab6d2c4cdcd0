package synth

// county is one of New York's 62 counties with what the generator needs to
// make its rows look like a county board's.
type county struct {
	Name     string
	Pop      int    // population in thousands (2020 census, rounded): weights the draw
	Area     string // telephone area code of the county seat
	JD       int    // judicial district (Judiciary Law § 140)
	Region   region
	Munis    []muni // a few of its towns, cities and villages
	Misspelt string // a spelling analysts get wrong, for bad rows ("" = none)
}

type region uint8

const (
	upstate region = iota
	nycLongIsland
)

type muniKind uint8

const (
	town muniKind = iota
	city
	village
)

type muni struct {
	Kind muniKind
	Name string
}

func townOf(name string) muni    { return muni{town, name} }
func cityOf(name string) muni    { return muni{city, name} }
func villageOf(name string) muni { return muni{village, name} }

// nycCounties are the five boroughs: no towns or villages, and no county-level
// judges in the sense of docs/LAW.md, "Office classes and causes".
var nycCounties = map[string]bool{"Bronx": true, "Kings": true, "New York": true, "Queens": true, "Richmond": true}

// counties lists all 62, in alphabetical order (the order the coverage rows
// walk through).
var counties = []county{
	{"Albany", 315, "518", 3, upstate, []muni{cityOf("Albany"), townOf("Colonie"), townOf("Guilderland"), villageOf("Voorheesville")}, ""},
	{"Allegany", 47, "585", 8, upstate, []muni{townOf("Wellsville"), townOf("Alfred"), villageOf("Belmont")}, "Allegheny"},
	{"Bronx", 1472, "718", 12, nycLongIsland, nil, ""},
	{"Broome", 199, "607", 6, upstate, []muni{cityOf("Binghamton"), townOf("Vestal"), villageOf("Johnson City")}, ""},
	{"Cattaraugus", 77, "716", 8, upstate, []muni{cityOf("Olean"), cityOf("Salamanca"), townOf("Ellicottville")}, "Cattaragus"},
	{"Cayuga", 76, "315", 7, upstate, []muni{cityOf("Auburn"), townOf("Owasco"), villageOf("Weedsport")}, ""},
	{"Chautauqua", 127, "716", 8, upstate, []muni{cityOf("Jamestown"), cityOf("Dunkirk"), townOf("Ellicott")}, "Chautaqua"},
	{"Chemung", 84, "607", 6, upstate, []muni{cityOf("Elmira"), townOf("Horseheads"), villageOf("Elmira Heights")}, ""},
	{"Chenango", 47, "607", 6, upstate, []muni{cityOf("Norwich"), townOf("Sherburne"), villageOf("Greene")}, ""},
	{"Clinton", 80, "518", 4, upstate, []muni{cityOf("Plattsburgh"), townOf("Peru"), villageOf("Champlain")}, ""},
	{"Columbia", 61, "518", 3, upstate, []muni{cityOf("Hudson"), townOf("Kinderhook"), villageOf("Chatham")}, ""},
	{"Cortland", 46, "607", 6, upstate, []muni{cityOf("Cortland"), townOf("Homer"), villageOf("McGraw")}, ""},
	{"Delaware", 44, "607", 6, upstate, []muni{townOf("Delhi"), villageOf("Sidney"), townOf("Walton")}, ""},
	{"Dutchess", 295, "845", 9, upstate, []muni{cityOf("Poughkeepsie"), cityOf("Beacon"), townOf("Hyde Park"), villageOf("Rhinebeck")}, "Dutches"},
	{"Erie", 954, "716", 8, upstate, []muni{cityOf("Buffalo"), townOf("Amherst"), townOf("Cheektowaga"), villageOf("Hamburg")}, ""},
	{"Essex", 37, "518", 4, upstate, []muni{townOf("North Elba"), villageOf("Lake Placid"), townOf("Ticonderoga")}, ""},
	{"Franklin", 47, "518", 4, upstate, []muni{villageOf("Malone"), villageOf("Tupper Lake"), villageOf("Saranac Lake")}, ""},
	{"Fulton", 53, "518", 4, upstate, []muni{cityOf("Gloversville"), cityOf("Johnstown"), townOf("Mayfield")}, ""},
	{"Genesee", 58, "585", 8, upstate, []muni{cityOf("Batavia"), townOf("Le Roy"), villageOf("Oakfield")}, ""},
	{"Greene", 48, "518", 3, upstate, []muni{villageOf("Catskill"), townOf("Coxsackie"), townOf("Windham")}, ""},
	{"Hamilton", 5, "518", 4, upstate, []muni{townOf("Indian Lake"), townOf("Long Lake"), villageOf("Speculator")}, ""},
	{"Herkimer", 60, "315", 5, upstate, []muni{cityOf("Little Falls"), villageOf("Herkimer"), villageOf("Ilion")}, ""},
	{"Jefferson", 116, "315", 5, upstate, []muni{cityOf("Watertown"), townOf("Clayton"), villageOf("Sackets Harbor")}, ""},
	{"Kings", 2736, "718", 2, nycLongIsland, nil, ""},
	{"Lewis", 27, "315", 5, upstate, []muni{villageOf("Lowville"), townOf("Croghan"), villageOf("Port Leyden")}, ""},
	{"Livingston", 62, "585", 7, upstate, []muni{villageOf("Geneseo"), villageOf("Dansville"), townOf("Avon")}, ""},
	{"Madison", 68, "315", 6, upstate, []muni{cityOf("Oneida"), villageOf("Hamilton"), townOf("Cazenovia")}, ""},
	{"Monroe", 759, "585", 7, upstate, []muni{cityOf("Rochester"), townOf("Greece"), townOf("Irondequoit"), villageOf("Fairport")}, ""},
	{"Montgomery", 49, "518", 4, upstate, []muni{cityOf("Amsterdam"), villageOf("Canajoharie"), townOf("Florida")}, ""},
	{"Nassau", 1395, "516", 10, nycLongIsland, []muni{townOf("Hempstead"), townOf("Oyster Bay"), cityOf("Glen Cove"), villageOf("Garden City")}, "Nasau"},
	{"New York", 1694, "212", 1, nycLongIsland, nil, ""},
	{"Niagara", 212, "716", 8, upstate, []muni{cityOf("Niagara Falls"), cityOf("Lockport"), townOf("Lewiston")}, ""},
	{"Oneida", 232, "315", 5, upstate, []muni{cityOf("Utica"), cityOf("Rome"), townOf("New Hartford")}, ""},
	{"Onondaga", 477, "315", 5, upstate, []muni{cityOf("Syracuse"), townOf("Clay"), townOf("Manlius"), villageOf("Baldwinsville")}, "Onandaga"},
	{"Ontario", 112, "585", 7, upstate, []muni{cityOf("Canandaigua"), cityOf("Geneva"), townOf("Victor")}, ""},
	{"Orange", 402, "845", 9, upstate, []muni{cityOf("Newburgh"), cityOf("Middletown"), townOf("Monroe"), villageOf("Warwick")}, ""},
	{"Orleans", 40, "585", 8, upstate, []muni{villageOf("Albion"), villageOf("Medina"), townOf("Kendall")}, ""},
	{"Oswego", 118, "315", 5, upstate, []muni{cityOf("Oswego"), cityOf("Fulton"), townOf("Hastings")}, ""},
	{"Otsego", 58, "607", 6, upstate, []muni{cityOf("Oneonta"), villageOf("Cooperstown"), townOf("Richfield")}, ""},
	{"Putnam", 98, "845", 9, upstate, []muni{townOf("Carmel"), townOf("Patterson"), villageOf("Cold Spring")}, ""},
	{"Queens", 2406, "718", 11, nycLongIsland, nil, ""},
	{"Rensselaer", 161, "518", 3, upstate, []muni{cityOf("Troy"), townOf("Brunswick"), cityOf("Rensselaer")}, "Renssalaer"},
	{"Richmond", 496, "718", 13, nycLongIsland, nil, ""},
	{"Rockland", 339, "845", 9, upstate, []muni{townOf("Clarkstown"), townOf("Ramapo"), villageOf("Nyack")}, ""},
	{"St. Lawrence", 108, "315", 4, upstate, []muni{cityOf("Ogdensburg"), villageOf("Potsdam"), villageOf("Canton")}, "Saint Lawrance"},
	{"Saratoga", 235, "518", 4, upstate, []muni{cityOf("Saratoga Springs"), cityOf("Mechanicville"), townOf("Clifton Park")}, ""},
	{"Schenectady", 158, "518", 4, upstate, []muni{cityOf("Schenectady"), townOf("Niskayuna"), townOf("Rotterdam")}, "Schenectedy"},
	{"Schoharie", 30, "518", 3, upstate, []muni{townOf("Cobleskill"), villageOf("Schoharie"), villageOf("Middleburgh")}, ""},
	{"Schuyler", 18, "607", 6, upstate, []muni{villageOf("Watkins Glen"), villageOf("Montour Falls"), townOf("Hector")}, ""},
	{"Seneca", 33, "315", 7, upstate, []muni{townOf("Seneca Falls"), villageOf("Waterloo"), townOf("Romulus")}, ""},
	{"Steuben", 93, "607", 7, upstate, []muni{cityOf("Corning"), cityOf("Hornell"), villageOf("Bath")}, ""},
	{"Suffolk", 1526, "631", 10, nycLongIsland, []muni{townOf("Brookhaven"), townOf("Islip"), townOf("Huntington"), villageOf("Patchogue")}, ""},
	{"Sullivan", 78, "845", 3, upstate, []muni{townOf("Thompson"), villageOf("Monticello"), townOf("Liberty")}, ""},
	{"Tioga", 48, "607", 6, upstate, []muni{villageOf("Owego"), villageOf("Waverly"), townOf("Spencer")}, ""},
	{"Tompkins", 105, "607", 6, upstate, []muni{cityOf("Ithaca"), townOf("Dryden"), villageOf("Trumansburg")}, "Tomkins"},
	{"Ulster", 182, "845", 3, upstate, []muni{cityOf("Kingston"), townOf("New Paltz"), townOf("Saugerties")}, ""},
	{"Warren", 65, "518", 4, upstate, []muni{cityOf("Glens Falls"), townOf("Queensbury"), villageOf("Lake George")}, ""},
	{"Washington", 61, "518", 4, upstate, []muni{villageOf("Hudson Falls"), villageOf("Granville"), townOf("Fort Edward")}, ""},
	{"Wayne", 91, "315", 7, upstate, []muni{villageOf("Newark"), villageOf("Palmyra"), townOf("Ontario")}, ""},
	{"Westchester", 1004, "914", 9, upstate, []muni{cityOf("Yonkers"), cityOf("White Plains"), cityOf("New Rochelle"), townOf("Greenburgh"), villageOf("Scarsdale")}, "Westchster"},
	{"Wyoming", 40, "585", 8, upstate, []muni{villageOf("Warsaw"), villageOf("Perry"), townOf("Attica")}, ""},
	{"Yates", 25, "315", 7, upstate, []muni{villageOf("Penn Yan"), townOf("Milo"), villageOf("Dundee")}, ""},
}

// misspellings are county names that are not New York counties: the bad
// rows' "unknown county" values.
var misspellings = func() []string {
	out := []string{"Schenectedy"}
	for _, k := range counties {
		if k.Name == "Schenectady" {
			continue
		}
		if k.Misspelt != "" {
			out = append(out, k.Misspelt)
		}
	}
	return out
}()

// countyWeight grows with population but flattens it: every county has its
// towns and villages, so small counties see vacancies too.
func countyWeight(k county) int {
	w := 1
	for w*w < k.Pop {
		w++
	}
	return w + 4
}

func countyNamed(name string) county {
	for _, k := range counties {
		if k.Name == name {
			return k
		}
	}
	return county{Name: name}
}
