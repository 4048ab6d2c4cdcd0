package ingest

import (
	"slices"
	"strings"
	"testing"

	"batch/pkg/compute"
)

// Office names give their class with the same care as counties (issue
// 35), and the offices other laws govern have classes of their own
// (issue 34): the names analysts write, abbreviated or not.
func TestOfficeNamesGiveTheirClass(t *testing.T) {
	cases := []struct {
		office, district, county string
		want                     []compute.OfficeClass
	}{
		// issue 35: "State Sen." with no class was computed as a local
		// office (no special election, no proclamation deadline).
		{"State Sen.", "", "", cl(compute.StateSenator)},
		{"NYS Sen., 46th District", "", "", cl(compute.StateSenator)},
		{"St. Sen.", "", "", cl(compute.StateSenator)},
		{"Senate District 25", "", "", cl(compute.StateSenator)},
		{"Assemblywoman", "", "", cl(compute.MemberOfAssembly)},
		{"Assemblyman (AD 65)", "", "", cl(compute.MemberOfAssembly)},
		{"Assembly District 102", "", "", cl(compute.MemberOfAssembly)},
		{"Assembly", "", "", cl(compute.MemberOfAssembly)},
		{"Rep.", "", "", cl(compute.USRepresentative)},
		{"Rep. in Congress", "", "", cl(compute.USRepresentative)},
		{"Cong. District 21", "", "", cl(compute.USRepresentative)},
		{"Congressional District 4", "", "", cl(compute.USRepresentative)},
		{"Member of Congress", "", "", cl(compute.USRepresentative)},
		{"Congresswoman", "", "", cl(compute.USRepresentative)},
		{"U.S. Sen.", "", "", cl(compute.USSenator)},
		{"Lt. Gov.", "", "", cl(compute.LieutenantGovernor)},
		// A name of two classes decides neither.
		{"Senator", "", "", cl(compute.StateSenator, compute.USSenator)},
		{"Sen.", "", "", cl(compute.StateSenator, compute.USSenator)},
		{"Mayor", "", "Delaware", cl(compute.Village, compute.City)},
		// A county legislature's "representatives" are not Congress's.
		{"County Representative", "", "Tompkins", nil},
		// Villages: the word in the office or its district.
		{"Village Trustee", "", "Clinton", cl(compute.Village)},
		{"Trustee", "Village of Johnson City", "Broome", cl(compute.Village)},
		{"Mayor", "Village of Sidney", "Delaware", cl(compute.Village)},
		{"Village Justice", "", "Livingston", cl(compute.Village)},
		// New York City's charter offices.
		{"Public Advocate", "", "", cl(compute.NYCPublicAdvocate)},
		{"Brooklyn Borough President", "", "Kings", cl(compute.NYCBoroughPresident)},
		{"Council Member", "Council District 51", "Richmond", cl(compute.NYCCouncilMember)},
		{"City Council Member", "", "New York", cl(compute.NYCCouncilMember)},
		{"Council Member, New York City Council", "", "", cl(compute.NYCCouncilMember)},
		{"Mayor of the City of New York", "", "", cl(compute.NYCMayor)},
		{"Mayor", "", "Kings", cl(compute.NYCMayor)},
		{"Comptroller, City of New York", "", "", cl(compute.NYCComptroller)},
		{"State Comptroller", "", "New York", nil},
		// Other cities: not their judges.
		{"City Comptroller, City of Buffalo", "", "Erie", cl(compute.City)},
		{"Common Council Member", "Ward 11", "Dutchess", cl(compute.City)},
		{"Alderman", "City of Watertown", "Jefferson", cl(compute.City)},
		{"City Council Member", "Ward 5", "Jefferson", cl(compute.City)},
		{"City Court Judge", "City of Gloversville", "Fulton", nil},
		// Counties: not their judges, nor their deputies.
		{"County Clerk", "", "Erie", cl(compute.County)},
		{"County Legislator", "LD 13", "Lewis", cl(compute.County)},
		{"Sheriff", "", "Nassau", cl(compute.County)},
		{"District Attorney", "", "Orleans", cl(compute.County)},
		{"Coroner", "", "Genesee", cl(compute.County)},
		{"Deputy Sheriff", "", "Nassau", nil},
		{"County Court Judge", "", "Erie", cl(compute.CountyLevelJudge)},
		// Towns are other, named so: a town's office given a class of the
		// state or the nation is warned.
		{"Town Council Member", "Town of Huntington", "Suffolk", cl(compute.OtherOffice)},
		{"Councilman", "Town of Saugerties", "Ulster", cl(compute.OtherOffice)},
		{"Town Justice", "", "Allegany", cl(compute.OtherOffice)},
		{"Town Supervisor", "", "Albany", cl(compute.OtherOffice)},
		{"Supervisor", "Town of Berne", "Albany", cl(compute.OtherOffice)},
		{"Supervisor", "", "Albany", cl(compute.OtherOffice)},
		{"Town Clerk", "", "Albany", cl(compute.OtherOffice)},
		{"Highway Superintendent", "", "Albany", cl(compute.OtherOffice)},
		{"Superintendent of Highways", "Town of Knox", "Albany", cl(compute.OtherOffice)},
		{"Receiver of Taxes", "", "Westchester", cl(compute.OtherOffice)},
		// A county's or a city's, or a name that says nothing of a town: no
		// word of a town's.
		{"County Highway Superintendent", "", "Albany", nil},
		{"County Supervisor", "", "Albany", nil},
		{"Justice", "", "Albany", nil},
		{"Council Member", "", "Albany", nil},
		// A phrase of another class comes first.
		{"Village Justice", "Town of Mamaroneck", "Westchester", cl(compute.Village)},
		{"State Senator", "Town of Hempstead", "Nassau", cl(compute.StateSenator)},
		{"Senator", "Town of Hempstead", "Nassau", cl(compute.StateSenator, compute.USSenator)},
		{"Mayor", "Town of Hempstead", "Nassau", cl(compute.Village, compute.City)},
		{"Mayor of the City of Beacon", "", "Dutchess", cl(compute.City)},
	}
	for _, c := range cases {
		t.Run(c.office+" / "+c.district+" / "+c.county, func(t *testing.T) {
			if got := officeClasses(c.office, c.district, c.county); !slices.Equal(got, c.want) {
				t.Errorf("officeClasses = %v, want %v", got, c.want)
			}
		})
	}
}

func cl(cs ...compute.OfficeClass) []compute.OfficeClass { return cs }

// readRows reads a CSV text through ReadFile, as a run would.
func readRows(t *testing.T, body string) []Item {
	t.Helper()
	items, _ := readAll(t, writeCSV(t, "classes.csv", []byte(body)), Options{})
	return items
}

// A class given is never replaced; a name that suggests another one is
// warned by the engine (CLASS_SUGGESTED / CLASS_UNCLEAR) from what
// ingest records.
func TestClassGivenOrDerived(t *testing.T) {
	items := readRows(t, "office,office_class,district,county,cause,event_date\n"+
		"State Sen.,,,Albany,death,2026-03-01\n"+ // derived
		"Village Trustee,other,Village of Champlain,Clinton,death,2026-03-01\n"+ // given, another suggested
		"State Sen.,member_of_assembly,,Albany,death,2026-03-01\n"+ // given, another suggested
		"Senator,,,Albany,death,2026-03-01\n"+ // derived, two classes
		"Member of Assembly,member_of_assembly,,Albany,death,2026-03-01\n"+ // given, agreed
		"Town Supervisor,,,Albany,death,2026-03-01\n") // derived: other
	want := []struct {
		class     compute.OfficeClass
		derived   bool
		suggested []compute.OfficeClass
	}{
		{compute.StateSenator, true, nil},
		{compute.OtherOffice, false, cl(compute.Village)},
		{compute.MemberOfAssembly, false, cl(compute.StateSenator)},
		{compute.OtherOffice, true, cl(compute.StateSenator, compute.USSenator)},
		{compute.MemberOfAssembly, false, nil},
		{compute.OtherOffice, true, nil},
	}
	if len(items) != len(want) {
		t.Fatalf("%d items", len(items))
	}
	for i, w := range want {
		v := items[i].Vacancy
		if len(items[i].Problems) > 0 || v.Class != w.class || v.ClassDerived != w.derived || !slices.Equal(v.Suggested, w.suggested) {
			t.Errorf("row %d (%s): class %s derived %v suggested %v problems %v; want %s %v %v", i+2, v.Office, v.Class, v.ClassDerived, v.Suggested, items[i].Problems, w.class, w.derived, w.suggested)
		}
	}
}

// A local office's name given a class of the state or the nation is
// warned (CLASS_SUGGESTED, from the class it suggests): a town's office
// suggests other, which no rule of § 42's named classes governs ("Town
// Supervisor" given state_senator was computed as a State Senate seat
// without a word: special election, proclamation). A matching class, a
// local law's class given to a town's office, and a name that says
// nothing of a town are left as they were.
func TestLocalOfficeGivenAStateClass(t *testing.T) {
	cases := []struct {
		name, office, class, district, county string
		suggested                             []compute.OfficeClass // nil: no word
	}{
		{"town supervisor as a State senator", "Town Supervisor", "state_senator", "", "Albany", cl(compute.OtherOffice)},
		{"town justice as a Supreme Court justice", "Town Justice", "supreme_court_justice", "", "Allegany", cl(compute.OtherOffice)},
		{"town justice as a county-level judge", "Town Justice", "county_level_judge", "", "Allegany", cl(compute.OtherOffice)},
		{"town clerk as a U.S. representative", "Town Clerk", "us_representative", "", "Albany", cl(compute.OtherOffice)},
		{"highway superintendent as the Assembly", "Highway Superintendent", "member_of_assembly", "", "Albany", cl(compute.OtherOffice)},
		{"supervisor of a town as the Assembly", "Supervisor", "member_of_assembly", "Town of Berne", "Albany", cl(compute.OtherOffice)},
		{"town council member as governor", "Town Council Member", "governor", "Town of Huntington", "Suffolk", cl(compute.OtherOffice)},
		{"county clerk as a State senator", "County Clerk", "state_senator", "", "Erie", cl(compute.County)},
		{"a city's mayor as a State senator", "Mayor of the City of Beacon", "state_senator", "", "Dutchess", cl(compute.City)},
		{"village trustee as a U.S. senator", "Village Trustee", "us_senator", "", "Clinton", cl(compute.Village)},
		// No word.
		{"town supervisor as other", "Town Supervisor", "other", "", "Albany", nil},
		{"town supervisor as the county's", "Town Supervisor", "county", "", "Albany", nil},
		{"town justice as a village's", "Town Justice", "village", "", "Allegany", nil},
		{"justice alone as a Supreme Court justice", "Justice", "supreme_court_justice", "", "Albany", nil},
		{"council member alone as a State senator", "Council Member", "state_senator", "", "Albany", nil},
		{"a county's supervisor as a State senator", "County Supervisor", "state_senator", "", "Albany", nil},
		{"a State senator of a town's district", "State Senator", "state_senator", "Town of Hempstead", "Nassau", nil},
		// A name of two classes decides neither: not a town's office, and
		// warned only as unclear (CLASS_UNCLEAR), as before.
		{"senator as a State senator", "Senator", "state_senator", "", "Albany", nil},
		{"mayor as a State senator", "Mayor", "state_senator", "", "Dutchess", cl(compute.Village, compute.City)},
	}
	var b strings.Builder
	b.WriteString("office,office_class,district,county,cause,event_date\n")
	for _, c := range cases {
		b.WriteString(c.office + "," + c.class + "," + c.district + "," + c.county + ",death,2026-03-01\n")
	}
	items := readRows(t, b.String())
	if len(items) != len(cases) {
		t.Fatalf("%d items", len(items))
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := items[i].Vacancy
			if len(items[i].Problems) > 0 || string(v.Class) != c.class || v.ClassDerived {
				t.Fatalf("class %s derived %v problems %v", v.Class, v.ClassDerived, items[i].Problems)
			}
			if !slices.Equal(v.Suggested, c.suggested) {
				t.Errorf("suggested %v, want %v", v.Suggested, c.suggested)
			}
		})
	}
}

// A class value that is no class gets the class it most likely means
// (issue 35: "assembly" gets no "did you mean member_of_assembly").
func TestClassDidYouMean(t *testing.T) {
	cases := map[string]string{
		"assembly":         "member_of_assembly",
		"Assemblywoman":    "member_of_assembly",
		"state senate":     "state_senator",
		"us senate":        "us_senator",
		"congress":         "us_representative",
		"vilage":           "village",
		"nyc council":      "nyc_council_member",
		"borough pres":     "nyc_borough_president",
		"county_level":     "county_level_judge",
		"xyzzy-not-a-word": "",
	}
	cases["mayor"] = "village or city" // outside New York City: either
	for in, want := range cases {
		if got := ClassChoices(SuggestClass(in, "")); got != want {
			t.Errorf("SuggestClass(%q) = %q, want %q", in, got, want)
		}
	}
	if got := ClassChoices(SuggestClass("mayor", "Kings")); got != "nyc_mayor" {
		t.Errorf("mayor in Kings: %q", got)
	}
	items := readRows(t, "office,office_class,cause,event_date\nMember of Assembly,assembly,death,2026-03-01\n")
	if len(items) != 1 || len(items[0].Problems) != 1 || !strings.Contains(items[0].Problems[0].Message, "Did you mean member_of_assembly?") {
		t.Fatalf("%+v", items)
	}
}

// The village's election: its month (a number or a name) and its day, or
// "none" (issue 34).
func TestVillageElectionColumns(t *testing.T) {
	items := readRows(t, "office,cause,event_date,village_election_month,village_election_date\n"+
		"Village Trustee,death,2026-03-01,6,2026-06-16\n"+
		"Village Trustee,death,2026-03-01,Sept.,none\n"+
		"Village Trustee,death,2026-03-01,march,\n"+
		"Village Trustee,death,2026-03-01,13,soon\n")
	if len(items) != 4 {
		t.Fatalf("%d items", len(items))
	}
	v := items[0].Vacancy
	if v.VillageElectionMonth != 6 || v.VillageElectionDate != compute.D(2026, 6, 16) || v.NoVillageElection || v.Class != compute.Village {
		t.Errorf("row 2: %+v", v)
	}
	if v := items[1].Vacancy; v.VillageElectionMonth != 9 || !v.NoVillageElection {
		t.Errorf("row 3: %+v", v)
	}
	if v := items[2].Vacancy; v.VillageElectionMonth != 3 || len(items[2].Problems) > 0 {
		t.Errorf("row 4: %+v %v", v, items[2].Problems)
	}
	p := items[3].Problems
	if len(p) != 2 || p[0].Column != "village_election_month" || p[1].Column != "village_election_date" || !strings.Contains(p[1].Message, `"none"`) {
		t.Errorf("row 5: %+v", p)
	}
}
