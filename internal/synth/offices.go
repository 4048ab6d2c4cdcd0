package synth

import "batch/pkg/compute"

// officeTexts are the spellings analysts use for each class's offices. The
// first of each list is the canonical one; the rest are the variants the
// tool must derive the class from when office_class is blank.
var officeTexts = map[compute.OfficeClass][]string{
	compute.Governor:            {"Governor", "Governor of New York", "NYS Governor"},
	compute.LieutenantGovernor:  {"Lieutenant Governor", "Lt. Governor", "Lieutenant Governor of New York"},
	compute.USSenator:           {"United States Senator", "U.S. Senator", "US Senator"},
	compute.USRepresentative:    {"Representative in Congress", "U.S. Rep.", "Member of Congress", "U.S. Representative", "Congressmember"},
	compute.StateSenator:        {"State Senator", "NYS Senator", "Member of the State Senate", "N.Y.S. Senator"},
	compute.MemberOfAssembly:    {"Member of Assembly", "Assemblymember", "Member of the Assembly", "Assembly Member", "NYS Assemblyman"},
	compute.SupremeCourtJustice: {"Justice of the Supreme Court", "Supreme Court Justice", "Justice, Supreme Court"},
}

// countyJudgeTexts are the county-level judgeships outside New York City.
var countyJudgeTexts = []string{"County Court Judge", "County Judge", "Surrogate", "Judge of the Surrogate's Court", "Family Court Judge", "County Judge and Surrogate"}

// Other offices, by the government they belong to.
var (
	townOffices    = []string{"Town Supervisor", "Supervisor", "Town Clerk", "Town Council Member", "Councilman", "Town Justice", "Superintendent of Highways", "Highway Superintendent", "Receiver of Taxes", "Town Assessor"}
	cityOffices    = []string{"Mayor", "City Council Member", "Common Council Member", "Alderman", "City Court Judge", "City Comptroller", "City Treasurer"}
	villageOffices = []string{"Mayor", "Village Trustee", "Trustee", "Village Justice"}
	countyOffices  = []string{"County Clerk", "Sheriff", "District Attorney", "County Legislator", "Coroner", "County Treasurer", "County Comptroller"}
	nycOffices     = []string{"City Council Member", "Council Member", "Borough President", "Civil Court Judge", "District Attorney", "Public Administrator"}
	stateOffices   = []string{"Attorney General", "State Comptroller", "Comptroller of the State of New York"}
	// appointiveBoards lose members for missed meetings (Public Officers Law
	// § 30(3)): not elective, so no election is computed for them.
	appointiveBoards = []string{"Planning Board Member", "Zoning Board of Appeals Member", "Board of Assessment Review Member", "Housing Authority Commissioner", "Ethics Board Member"}
	// residencyExempt are positions § 30(4)–(8) may exempt from the
	// residence requirement (used with cause nonresidence).
	residencyExempt = []string{"Police Officer", "Firefighter", "Deputy Sheriff", "Sanitation Worker", "Correction Officer"}
)

// causeWords are the common words analysts write instead of a cause code.
// Only causes with an unambiguous everyday phrase have any.
var causeWords = map[compute.Cause][]string{
	compute.Death:          {"died", "deceased", "Died"},
	compute.Resignation:    {"resigned", "Resigned", "resignation"},
	compute.Removal:        {"removed", "removed from office"},
	compute.Nonresidence:   {"moved out of district", "no longer a resident"},
	compute.Conviction:     {"convicted", "felony conviction"},
	compute.TermExpiration: {"term expired"},
}

// unknownCauses are the bad rows' causes: nothing the tool can map.
var unknownCauses = []string{"sabbatical", "TBD", "see notes", "other"}

var firstNames = []string{"Maria", "James", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William",
	"Elizabeth", "David", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Carlos",
	"Karen", "Christopher", "Nancy", "Daniel", "Lisa", "Matthew", "Betty", "Anthony", "Margaret", "Mark",
	"Sandra", "Donald", "Ashley", "Wei", "Kimberly", "Paul", "Emily", "Andrew", "Donna", "Joshua", "Michelle",
	"Kenneth", "Yolanda", "Kevin", "Carol", "Brian", "Amanda", "George", "Melissa", "Timothy", "Deborah", "Luis"}

var lastNames = []string{"Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis",
	"Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor",
	"Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark",
	"Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres",
	"Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell",
	"Mitchell", "Carter", "Roberts", "O'Brien", "O'Connor", "Kowalski", "Russo", "Esposito", "Cohen",
	"Goldberg", "Chen", "Wang", "Murphy", "Sullivan", "Kelly", "DeLuca", "Romano", "Schwartz", "Van Buren"}

// notesTexts are what analysts leave in the notes column: commas, quotes,
// line breaks and all.
var notesTexts = []string{
	"Per letter from the county board",
	"Governor's office notified",
	"Confirm effective date with the clerk, then re-run",
	"Board says \"pending\" until the clerk confirms",
	"Second notice sent; no reply",
	"Court order attached (index no. 2024-1187)",
	"Two boards report this vacancy; check which is current",
	"Called the clerk:\nno change expected",
}

// Notes that belong to one kind of row only.
const (
	noteDeath       = "Certificate of death requested from the clerk"
	noteResignation = "Resignation letter filed with the Secretary of State"
	noteArmedForces = "Incumbent in active service in the armed forces; oath deadline may be extended"
	noteSession     = "Special session called by the governor"
	noteAppointed   = "Appointment made by the board, subject to election"
)

// injectionNotes begin with characters a spreadsheet would read as a formula:
// the tool must write them back as text.
var injectionNotes = []string{"=see file 12", "+1 more pending", "-resigned early", "@clerk to confirm", "=HYPERLINK(\"http://example.invalid\",\"memo\")"}

var enteredBy = []string{"JMK", "RLT", "AP", "DSW", "MEO", "KC", "LB", "TNG"}
