package ingest

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"batch/internal/editdistance"
	"batch/pkg/compute"
)

// squash lower-cases s and keeps only its letters and digits: the key that
// header names, cause words, class codes and yes/no words are matched on,
// so "Event Date", "event_date" and "EVENT-DATE" are one word.
func squash(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteByte(byte(r))
		case r >= 'A' && r <= 'Z':
			b.WriteByte(byte(r + ('a' - 'A')))
		case r > 127 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// words lower-cases s, drops periods and apostrophes ("U.S." → "us",
// "Surrogate's" → "surrogates"), turns every other non-alphanumeric into a
// space and collapses runs of spaces; the result has a space at each end
// so whole-word phrases can be found with strings.Contains.
func words(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(' ')
	space := true
	for _, r := range strings.ToLower(s) {
		switch {
		case r == '.' || r == '\'' || r == '’':
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			space = false
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	if !space {
		b.WriteByte(' ')
	}
	return b.String()
}

// The office name gives the class (docs/LAW.md, "Office classes and
// causes"), with the same care as a county's name: the phrases analysts
// write, their abbreviations ("State Sen.", "Assemblywoman", "Rep.",
// "Cong. District") and the words of the offices other laws govern (a
// village's, New York City's, another city's, a county's). A name that
// fits two classes ("Senator": the State Senate or the U.S. Senate;
// "Mayor": a village's or a city's) suggests both and decides neither:
// the row is computed as other and warned (CLASS_UNCLEAR). A class the
// row gives is never replaced: a name that suggests another one is warned
// (CLASS_SUGGESTED); a town's office, other, only against a class of the
// state or the nation.

// where says where an office phrase counts: anywhere, only in New York
// City (a county of the city, or the city named in the office or
// district), or only outside it.
type where int8

const (
	anywhere where = iota
	inNYC
	outsideNYC
)

// officeRule is one phrase and the classes it suggests. The phrase is
// looked for as whole words in the office text (and, when inDistrict, in
// the district's: "Village of Sidney"); unless lists words that cancel
// it ("state" for a comptroller, "judge" for a city's office).
type officeRule struct {
	phrase     string
	classes    []compute.OfficeClass
	at         where
	inDistrict bool
	unless     []string
}

func one(c compute.OfficeClass) []compute.OfficeClass { return []compute.OfficeClass{c} }

// officeRules are tried in this order; the first that matches decides, so
// the more specific phrases come first ("lieutenant governor" before
// "governor", "us senator" before "senator").
var officeRules = func() []officeRule {
	var rs []officeRule
	add := func(c []compute.OfficeClass, at where, inDistrict bool, unless []string, phrases ...string) {
		for _, p := range phrases {
			rs = append(rs, officeRule{phrase: p, classes: c, at: at, inDistrict: inDistrict, unless: unless})
		}
	}
	judges := []string{"judge", "justice", "court"}
	add(one(compute.LieutenantGovernor), anywhere, false, nil,
		"lieutenant governor", "lt governor", "lt gov", "lieut governor", "lieut gov")
	add(one(compute.USSenator), anywhere, false, nil,
		"us senator", "u s senator", "united states senator", "senator of the united states", "us senate",
		"united states senate", "us sen", "u s sen")
	add(one(compute.USRepresentative), anywhere, false, nil,
		"us representative", "u s representative", "us rep", "u s rep", "united states representative",
		"representative in congress", "representative to congress", "member of congress", "congress member",
		"congressmember", "congressman", "congresswoman", "congressperson", "us house of representatives",
		"house of representatives", "congressional district", "cong district", "cong dist", "congress")
	add(one(compute.StateSenator), anywhere, false, nil,
		"state senator", "nys senator", "ny senator", "ny state senator", "new york state senator", "state senate",
		"nys senate", "member of the state senate", "state sen", "st sen", "nys sen", "ny state sen",
		"senate district", "state senate district")
	add(one(compute.MemberOfAssembly), anywhere, false, nil,
		"member of assembly", "member of the assembly", "assemblymember", "assembly member", "assemblyman",
		"assemblywoman", "assemblyperson", "state assembly", "nys assembly", "assembly district", "assembly")
	add(one(compute.USRepresentative), anywhere, false, []string{"county", "town", "village", "city"}, "rep", "representative")
	add(one(compute.SupremeCourtJustice), anywhere, false, nil,
		"supreme court justice", "justice of the supreme court", "justice supreme court", "supreme court")
	add(one(compute.CountyLevelJudge), anywhere, false, nil,
		"county court judge", "judge of the county court", "county judge", "county court", "surrogate",
		"surrogates court", "surrogate court", "surrogates court judge", "family court judge",
		"judge of the family court", "family court")
	add(one(compute.Governor), anywhere, false, nil, "governor")
	// New York City's charter offices (§§ 10, 24, 25, 81, 94).
	add(one(compute.NYCPublicAdvocate), anywhere, false, nil, "public advocate")
	add(one(compute.NYCBoroughPresident), anywhere, false, nil, "borough president")
	// A village's offices: "village" in the office or its district.
	add(one(compute.Village), anywhere, true, nil, "village")
	add(one(compute.NYCCouncilMember), inNYC, false, nil,
		"city council", "council member", "councilmember", "councilman", "councilwoman", "council district")
	add(one(compute.NYCMayor), inNYC, false, []string{"deputy"}, "mayor")
	add(one(compute.NYCComptroller), inNYC, false, []string{"state", "county"}, "comptroller")
	// Another city's offices; its judges are not among them.
	add(one(compute.City), outsideNYC, true, judges,
		"city of", "city council", "common council", "alderman", "alderwoman", "alderperson", "city comptroller",
		"city clerk", "city treasurer", "city chamberlain", "city assessor", "city auditor")
	// A county's elective offices other than its judges (and its deputies,
	// who are appointed).
	add(one(compute.County), anywhere, false, append(judges, "deputy"),
		"county clerk", "county legislator", "county legislature", "county executive", "county treasurer",
		"county comptroller", "county coroner", "county sheriff", "county auditor", "sheriff", "district attorney",
		"coroner")
	// Names that fit two classes: both suggested, neither decided.
	add([]compute.OfficeClass{compute.StateSenator, compute.USSenator}, anywhere, false, nil, "senator", "sen")
	add([]compute.OfficeClass{compute.Village, compute.City}, outsideNYC, false, []string{"deputy"}, "mayor")
	// A town's offices: other, as for a name no phrase matches (§ 42's
	// rule for every office it does not name), but named, so that a class
	// of the state's or the nation's given to one is warned
	// (otherContradicts). "Town" in the office or its district ("Town
	// Justice"; "Supervisor", "Town of Berne"); the officers a town elects
	// by their titles alone, but a county's, a city's or the State's.
	add(one(compute.OtherOffice), anywhere, true, nil, "town")
	add(one(compute.OtherOffice), anywhere, false, []string{"county", "city", "state"},
		"supervisor", "highway superintendent", "superintendent of highways", "receiver of taxes", "tax receiver",
		"collector of taxes", "tax collector")
	return rs
}()

// otherContradicts are the classes a name that suggests other (a town's
// office) contradicts when a row gives them: the offices of the state and
// the nation and the judges § 42 names. A row that gives a local law's
// class (county, city, village, New York City's) to a town's office is
// left without a word: a town supervisor sits on a county's board of
// supervisors, a town justice may sit in a village too.
var otherContradicts = []compute.OfficeClass{compute.Governor, compute.LieutenantGovernor, compute.USSenator,
	compute.USRepresentative, compute.StateSenator, compute.MemberOfAssembly, compute.SupremeCourtJustice,
	compute.CountyLevelJudge}

// nycCounties are the five counties of New York City. docs/LAW.md ("Office classes and causes") puts
// county, surrogate's and family court judges in `county_level_judge` only
// outside the city (the city has no county court, its family court judges are
// appointed by the mayor, and its courts follow other rules), so a judge of
// these courts in the city is `other`.
var nycCounties = map[string]bool{"Bronx": true, "Kings": true, "New York": true, "Queens": true, "Richmond": true}

// officeClasses are the classes the office name suggests: one when a
// phrase names its class (other for a town's office), several when the
// name fits more than one ("Senator"), none when no phrase matches (the
// row is then other, § 42's rule for every office it does not name).
// district and county (the county's canonical name, or "") tell where
// the office is.
func officeClasses(office, district, county string) []compute.OfficeClass {
	w := words(office)
	wd := w
	if district != "" {
		wd += words(district)
	}
	has := func(text, p string) bool { return strings.Contains(text, " "+p+" ") }
	nyc := nycCounties[county] || has(wd, "nyc") || has(wd, "new york city") || has(wd, "city of new york")
	for _, r := range officeRules {
		text := w
		if r.inDistrict {
			text = wd
		}
		if !has(text, r.phrase) || (r.at == inNYC && !nyc) || (r.at == outsideNYC && nyc) {
			continue
		}
		cancelled := false
		for _, u := range r.unless {
			cancelled = cancelled || has(w, u)
		}
		if cancelled {
			continue
		}
		if len(r.classes) == 1 && r.classes[0] == compute.CountyLevelJudge && nyc {
			return nil // a judge of the city's courts: other
		}
		return r.classes
	}
	return nil
}

// officeClass is the class derived from the office name: the one class it
// suggests, else other.
func officeClass(office, district, county string) compute.OfficeClass {
	if cs := officeClasses(office, district, county); len(cs) == 1 {
		return cs[0]
	}
	return compute.OtherOffice
}

// SuggestClass is the office class a text most likely means, for a "did
// you mean" on a class code that is none ("assembly", "us senate",
// "vilage"): the classes its words name (two for "mayor": a village's or
// a city's; county says where, as for an office name), else the one code
// it is part of, else the nearest code. None when nothing is close.
func SuggestClass(s, county string) []compute.OfficeClass {
	if cs := officeClasses(s, "", county); len(cs) > 0 {
		return cs
	}
	k := squash(s)
	// A part of one code alone ("county_level", "borough pres").
	var part []compute.OfficeClass
	for _, c := range compute.OfficeClasses {
		if len(k) >= 5 && strings.Contains(squash(string(c)), k) {
			part = append(part, c)
		}
	}
	if len(part) == 1 {
		return part
	}
	best, bestD := compute.OfficeClass(""), 1<<30
	for _, c := range compute.OfficeClasses {
		if d := editDistance(k, squash(string(c))); d < bestD {
			best, bestD = c, d
		}
	}
	if bestD <= max(2, len(k)/3) {
		return []compute.OfficeClass{best}
	}
	return nil
}

// ClassChoices is classes in words for a "did you mean": "village or city".
func ClassChoices(cs []compute.OfficeClass) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = string(c)
	}
	return strings.Join(names, " or ")
}

// parseClass reads an explicit office_class cell: a class code, matched
// ignoring case, spaces, underscores and punctuation.
func parseClass(s string) (compute.OfficeClass, bool) {
	k := squash(s)
	for _, c := range compute.OfficeClasses {
		if squash(string(c)) == k {
			return c, true
		}
	}
	return "", false
}

// causeWords are the analysts' words for each cause code of docs/LAW.md ("Office classes and causes"),
// squashed. The codes themselves are added by parseCause.
var causeWords = map[string]compute.Cause{
	"died": compute.Death, "deceased": compute.Death, "dead": compute.Death,
	"passedaway": compute.Death, "diedinoffice": compute.Death,

	"resigned": compute.Resignation, "resigns": compute.Resignation, "resign": compute.Resignation,
	// Leaving office by retirement before the term ends is a resignation
	// (Public Officers Law § 31 governs how it is made).
	"retired": compute.Resignation, "retirement": compute.Resignation,

	"removed": compute.Removal, "removedfromoffice": compute.Removal,

	"movedoutofdistrict": compute.Nonresidence, "movedout": compute.Nonresidence,
	"moved": compute.Nonresidence, "nonresident": compute.Nonresidence,
	"ceasedtobeaninhabitant": compute.Nonresidence, "nolongeraresident": compute.Nonresidence,
	"residency": compute.Nonresidence,

	"convicted": compute.Conviction, "pleadedguilty": compute.Conviction,
	"pledguilty": compute.Conviction, "guiltyplea": compute.Conviction,
	"felonyconviction": compute.Conviction,

	"incompetent": compute.Incompetence, "declaredincompetent": compute.Incompetence,

	"judgmentvoid": compute.JudgmentVoid, "judgementvoid": compute.JudgmentVoid,
	"electionvoid": compute.JudgmentVoid, "electiondeclaredvoid": compute.JudgmentVoid,

	"failedtofileoath": compute.OathNotFiled, "oathnotfiled": compute.OathNotFiled,
	"didnotfileoath": compute.OathNotFiled, "nooath": compute.OathNotFiled,
	"failuretofileoath": compute.OathNotFiled,

	"newoffice": compute.NewOffice, "officecreated": compute.NewOffice,
	"newlycreated": compute.NewOffice, "newlycreatedoffice": compute.NewOffice,

	"missedmeetings": compute.MissedMeetings, "missedthreemeetings": compute.MissedMeetings,

	"failuretoelect": compute.FailureToElect, "failedtoelect": compute.FailureToElect,
	"nooneelected": compute.FailureToElect,

	"deathbeforeterm": compute.DeathBeforeTerm, "diedbeforeterm": compute.DeathBeforeTerm,
	"diedbeforetakingoffice": compute.DeathBeforeTerm, "diedbeforetermbegan": compute.DeathBeforeTerm,

	"termexpired": compute.TermExpiration, "termexpires": compute.TermExpiration,
	"expired": compute.TermExpiration, "endofterm": compute.TermExpiration,

	"tie": compute.BoardTie, "tievote": compute.BoardTie, "boardtie": compute.BoardTie,
}

// parseCause reads a cause code (any case, spaces for underscores) or one of
// the words of causeWords.
func parseCause(s string) (compute.Cause, bool) {
	k := squash(s)
	for _, c := range compute.Causes {
		if squash(string(c)) == k {
			return c, true
		}
	}
	c, ok := causeWords[k]
	return c, ok
}

// leadingCause reads a cause from the words a longer cell begins with, as
// analysts annotate it: "resigned (effective 3/1)", "moved out of state",
// "died in office, March 3": the longest run of leading words that is a
// cause code or one of causeWords. lead is those words as written.
func leadingCause(s string) (c compute.Cause, lead string, ok bool) {
	s = strings.TrimSpace(s)
	if len(s) > 200 {
		return "", "", false
	}
	// The ends of the leading words: each word's last byte + 1.
	var ends []int
	inWord := false
	for i := 0; i < len(s); i++ {
		b := s[i]
		letter := b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_' || b == '\''
		if letter {
			inWord = true
			continue
		}
		if inWord {
			ends = append(ends, i)
			inWord = false
		}
		if b != ' ' && b != '-' {
			break // the words end at the first mark that is not a space
		}
	}
	if inWord {
		ends = append(ends, len(s))
	}
	for k := len(ends) - 1; k >= 0; k-- {
		if ends[k] == len(s) {
			continue // the whole cell: parseCause's
		}
		if c, ok := parseCause(s[:ends[k]]); ok {
			return c, s[:ends[k]], true
		}
	}
	return "", "", false
}

// unknownCauseMessage says a cause is not known, with the nearest code or
// word when one is close, and where the codes are listed: not the list
// itself, fourteen codes long.
func unknownCauseMessage(s string) string {
	what := `a cause code such as death or resignation, or words such as "died", "resigned", "moved out of district" (the Column guide and batch template list all ` + strconv.Itoa(len(compute.Causes)) + ` codes)`
	if near := nearestCause(s); near != "" {
		return fmt.Sprintf("%s is not a cause the tool knows: did you mean %s? Give %s", quote(s), near, what)
	}
	return fmt.Sprintf("%s is not a cause the tool knows: give %s", quote(s), what)
}

// nearestCause is the cause code (or word) nearest s in spelling, or ""
// when none is within about a third of its letters.
func nearestCause(s string) string {
	k := squash(s)
	if len(k) < 3 || len(k) > 40 {
		return ""
	}
	best, bestD := "", 1<<30
	for _, c := range causeKeys {
		limit := min(3, max(1, len(c.key)/3))
		if d := len(k) - len(c.key); d > limit || -d > limit {
			continue // too far apart in length to be near
		}
		if d := editDistance(k, c.key); d < bestD && d <= limit {
			best, bestD = string(c.cause), d
		}
	}
	return best
}

// causeKeys are the cause codes and words, squashed, codes first, the
// words sorted: the candidates of nearestCause, in a fixed order.
var causeKeys = func() []struct {
	key   string
	cause compute.Cause
} {
	type ck = struct {
		key   string
		cause compute.Cause
	}
	var out []ck
	for _, c := range compute.Causes {
		out = append(out, ck{squash(string(c)), c})
	}
	words := make([]string, 0, len(causeWords))
	for w := range causeWords {
		words = append(words, w)
	}
	sort.Strings(words)
	for _, w := range words {
		out = append(out, ck{w, causeWords[w]})
	}
	return out
}()

// parseYesNo reads yes/no/y/n/true/false/1/0 in any case.
func parseYesNo(s string) (compute.YesNo, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "yes", "y", "true", "1":
		return compute.Yes, true
	case "no", "n", "false", "0":
		return compute.No, true
	}
	return compute.Unknown, false
}

// countyKey is the squashed county name without a trailing "county" and
// with "saint" read as "st".
func countyKey(s string) string {
	k := squash(s)
	if strings.HasSuffix(k, "county") && len(k) > len("county") {
		k = strings.TrimSuffix(k, "county")
	}
	if strings.HasPrefix(k, "saint") {
		k = "st" + strings.TrimPrefix(k, "saint")
	}
	return k
}

// countyByKey maps countyKey of every county (and of the borough names the
// city's counties are known by) to the county's name.
func countyByKey() map[string]string {
	m := make(map[string]string, len(compute.Counties)+5)
	for _, c := range compute.Counties {
		m[countyKey(c)] = c
	}
	// The boroughs are the counties of New York City under other names;
	// analysts write both.
	m["brooklyn"] = "Kings"
	m["manhattan"] = "New York"
	m["statenisland"] = "Richmond"
	m["thebronx"] = "Bronx"
	return m
}

// parseCounty returns the county's name, or a suggestion ("" if nothing is
// close) when s is not a county.
func (v *vocab) parseCounty(s string) (name string, ok bool, suggestion string) {
	k := countyKey(s)
	if c, found := v.counties[k]; found {
		return c, true, ""
	}
	best, bestD := "", 1<<30
	for _, c := range compute.Counties {
		if d := editDistance(k, countyKey(c)); d < bestD {
			best, bestD = c, d
		}
	}
	// A third of the name may be wrong, at most three letters: "Schenectedy"
	// (1) and "Onandaga" (1) get a suggestion, "Brooklin" (1 from Brooklyn,
	// not a county name) none, "Kent" none.
	limit := min(3, len(k)/3)
	if bestD <= limit {
		return "", false, best
	}
	return "", false, ""
}

// editDistance is the Levenshtein distance between a and b; far for
// texts too long to be a misspelt key.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 20
	}
	return editdistance.Runes(a, b)
}

// vocab holds the lookup tables of one read and small caches of values
// already decided: analysts' columns repeat the same few offices, causes and
// counties, so most rows cost a map lookup.
type vocab struct {
	counties map[string]string
	office   map[officeKey][]compute.OfficeClass
	county   map[string]countyResult
}

type officeKey struct{ office, district, county string }

type countyResult struct {
	name, suggestion string
	ok               bool
}

const cacheLimit = 4096

func newVocab() *vocab {
	return &vocab{
		counties: countyByKey(),
		office:   make(map[officeKey][]compute.OfficeClass),
		county:   make(map[string]countyResult),
	}
}

// classes is officeClasses, remembered: analysts' columns repeat the
// same few offices. The slice is shared: never change it.
func (v *vocab) classes(office, district, county string) []compute.OfficeClass {
	k := officeKey{office, district, county}
	if c, ok := v.office[k]; ok {
		return c
	}
	c := officeClasses(office, district, county)
	if len(v.office) < cacheLimit {
		v.office[k] = c
	}
	return c
}

// CountySeparator joins the counties of a row whose office spans several
// ("Albany; Schenectady"); a county cell may separate them with ";" or ",".
const CountySeparator = "; "

// SplitCounties is the counties a vacancy's county value names, in order:
// one for most rows, several for an office that spans counties, none when
// the value is blank (compute.Vacancy.Counties).
func SplitCounties(county string) []string {
	v := compute.Vacancy{County: county}
	return v.Counties()
}

// badCounty is one name of a county cell that is no county.
type badCounty struct{ part, suggestion string }

// countyList reads a county cell: the county names it lists, each once, or
// the parts that are not counties.
func (v *vocab) countyList(s string) (names []string, bad []badCounty) {
	if !strings.ContainsAny(s, ";,") {
		r := v.county1(s)
		if !r.ok {
			return nil, []badCounty{{s, r.suggestion}}
		}
		return []string{r.name}, nil
	}
	for _, part := range SplitCounties(s) {
		r := v.county1(part)
		switch {
		case !r.ok:
			bad = append(bad, badCounty{part, r.suggestion})
		case !slices.Contains(names, r.name):
			names = append(names, r.name)
		}
	}
	return names, bad
}

func (v *vocab) county1(s string) countyResult {
	if r, ok := v.county[s]; ok {
		return r
	}
	var r countyResult
	r.name, r.ok, r.suggestion = v.parseCounty(s)
	if len(v.county) < cacheLimit {
		v.county[s] = r
	}
	return r
}
