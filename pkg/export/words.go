package export

import (
	"strconv"
	"strings"

	"batch/pkg/compute"
)

// What each deadline of Election Law § 6-158 asks for, in words, for the
// titles on Summary and in the calendar: what must be filed (or held) and
// by whom. The law's own words and its citation come from the rules table
// and the deadline; these are the plain-language names a recipient reads
// first. A code not listed here (a later edition may add one) is named by
// its code.
type deadlineWords struct {
	verb string // "file" or "hold"
	what string // the papers filed, or the event held
	who  string // who files them, or holds it
}

var deadlineTexts = map[string]deadlineWords{
	"designating_petition": {"file", "designating petitions",
		"candidates seeking the party's designation at the primary (the petitions carry the signatures of the party's enrolled voters)"},
	"designating_signing_start": {"sign", "designating petitions",
		"the party's enrolled voters; a signature made before the first day is not counted"},
	"designation_accept_decline": {"file", "certificates accepting or declining a designation",
		"each person designated"},
	"designation_vacancy_declination": {"file", "certificates filling a vacancy left by a declined designation",
		"the committee to fill vacancies named in the designating petition"},
	"opportunity_to_ballot": {"file", "opportunity-to-ballot petitions (to write in an undesignated candidate at the primary)",
		"enrolled members of the party"},
	"opportunity_to_ballot_after_declination": {"file", "opportunity-to-ballot petitions where a declined designation was filled",
		"enrolled members of the party"},
	"judicial_convention": {"hold", "the judicial district convention",
		"the party's delegates to the judicial district convention"},
	"judicial_convention_certificate": {"file", "the certificate of the nomination made at the judicial district convention",
		"the convention's officers (chairman and secretary)"},
	"party_nomination_certificate": {"file", "certificates of party nomination (made other than at the primary)",
		"the party committee that makes the nomination"},
	"party_nomination_accept_decline": {"file", "certificates accepting or declining a party nomination",
		"each person nominated"},
	"party_nomination_vacancy_declination": {"file", "certificates filling a vacancy left by a declined party nomination",
		"the party committee that fills the vacancy"},
	"electors_party_certificate": {"file", "certificates of party nomination of presidential electors",
		"the party's state committee"},
	"independent_signing_start": {"sign", "independent nominating petitions",
		"voters; a signature made earlier than six weeks before the last day to file is not counted"},
	"independent_petition": {"file", "independent nominating petitions",
		"candidates of an independent body (the petitions carry voters' signatures)"},
	"independent_accept_decline": {"file", "certificates accepting or declining an independent nomination",
		"each person nominated"},
	"independent_vacancy_declination": {"file", "certificates filling a vacancy left by a declined independent nomination",
		"the committee to fill vacancies named in the independent petition"},
	"proclamation_deadline": {"issue", "the proclamation of a special election",
		"the governor"},
	"special_election": {"hold", "the special election",
		"the governor's proclamation sets the day, within this window"},
	"special_party_nomination_certificate": {"file", "certificates of party nomination for the special election",
		"the party committee that makes the nomination"},
	"special_party_accept_decline": {"file", "certificates accepting or declining a party nomination for the special election",
		"each person nominated"},
	"special_party_vacancy_declination": {"file", "certificates filling a vacancy left by a declined party nomination for the special election",
		"the party committee that fills the vacancy"},
	"special_independent_petition": {"file", "independent nominating petitions for the special election",
		"candidates of an independent body (the petitions carry voters' signatures)"},
	"special_independent_accept_decline": {"file", "certificates accepting or declining an independent nomination for the special election",
		"each person nominated"},
	"special_independent_vacancy_declination": {"file", "certificates filling a vacancy left by a declined independent nomination for the special election",
		"the committee to fill vacancies named in the independent petition"},
}

// wordsFor is a deadline code's words; an unknown code reads as itself.
func wordsFor(code string) deadlineWords {
	if w, ok := deadlineTexts[code]; ok {
		return w
	}
	return deadlineWords{verb: "file", what: strings.ReplaceAll(code, "_", " ")}
}

// lastDayTitle is "Last day to file designating petitions"; for the
// special election's window, "Latest day for the special election".
func lastDayTitle(code string) string {
	w := wordsFor(code)
	switch {
	case code == "special_election":
		return "Latest day for " + w.what
	case w.verb == "sign":
		// A signing row's last day is the petition's last day to file.
		return "Last day to file " + w.what + " (end of the signing period)"
	}
	return "Last day to " + w.verb + " " + w.what
}

// firstDayTitle is the opening day of a window: "First day to file
// designating petitions", "Earliest day for the special election".
func firstDayTitle(code string) string {
	w := wordsFor(code)
	if code == "special_election" {
		return "Earliest day for " + w.what
	}
	return "First day to " + w.verb + " " + w.what
}

// seat names a vacancy's office in words: "Member of Assembly, Assembly
// District 43 (Kings)", "Trustee, Village of Malone (Franklin)", "Governor".
// The district has one name in every output (compute.DistrictName).
func seat(v *compute.Vacancy) string {
	if v.County != "" {
		return officeInDistrict(v) + " (" + v.County + ")"
	}
	return officeInDistrict(v)
}

// officeInDistrict is the office and its district in words, without the
// county: "Member of Assembly, Assembly District 43".
func officeInDistrict(v *compute.Vacancy) string {
	if d := compute.DistrictName(v.Class, v.District); d != "" {
		return v.Office + ", " + d
	}
	return v.Office
}

// daysLeft says how far a date is from the as-of date, in words.
func daysLeft(asOf, d compute.Date) string {
	switch n := asOf.DaysUntil(d); {
	case n == 0:
		return "today"
	case n == 1:
		return "tomorrow"
	case n < 0:
		return "passed"
	default:
		return strconv.Itoa(n) + " days"
	}
}
