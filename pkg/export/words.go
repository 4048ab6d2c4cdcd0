package export

import (
	"strconv"
	"strings"

	"batch/pkg/compute"
	"batch/pkg/nylaw"
)

// What each deadline asks for, in plain words, for the titles on Summary,
// in the calendar file and in the Column guide: what must be filed (or
// held) and by whom. The words are the law data's (compute.Law.Words, New
// York's in pkg/nylaw), as are the codes and their order; the statute's
// own words and citation come from the rules table and the deadline. A
// code without words (a later edition may add one) is named by its code.
type deadlineWords struct {
	verb string // "file" or "hold"
	what string // the papers filed, or the event held
	who  string // who files them, or holds it
	// primary: the deadline serves the primary (the designating route)
	primary bool
}

// deadlineTexts and deadlineOrder are the law's words and codes.
var deadlineTexts, deadlineOrder = func() (map[string]deadlineWords, []string) {
	m := map[string]deadlineWords{}
	var order []string
	for _, w := range nylaw.NewYork.Words {
		m[w.Code] = deadlineWords{verb: w.Verb, what: w.What, who: w.Who, primary: w.Primary}
		if !w.CalendarOnly {
			order = append(order, w.Code)
		}
	}
	return m, order
}()

// filing says where a vacancy's papers are filed (the law's § 6-144).
var filing = &nylaw.NewYork.Filing

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
