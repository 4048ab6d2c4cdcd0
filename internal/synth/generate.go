package synth

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"batch/pkg/compute"
)

// Options say how many rows to make and how messy they are. Shares are
// fractions of the rows (0.01 = one row in a hundred); a zero share means
// none. Defaults gives realistic values.
type Options struct {
	Rows int   // data rows, blank and duplicate rows included
	Seed int64 // same seed and options, same rows

	FromYear, ToYear int          // event years; zero means 2005 … 2027
	AsOf             compute.Date // when set, deaths, removals and the like are not dated after it

	BadShare          float64 // deliberately bad rows: one defect each (unparseable date, unknown county, …)
	ProclamationShare float64 // of the rows where the governor may proclaim a special election
	DuplicateShare    float64 // exact copies of the row before
	BlankRowShare     float64 // empty rows in the middle of the data
	BlankClassShare   float64 // office_class left blank, for the tool to derive
	TextDateShare     float64 // workbook date cells typed as text ("3/14/2024", "January 5, 2026")
	CauseWordShare    float64 // causes written as words ("died") instead of codes

	IDPrefix  string // vacancy_id prefix; "" means "V"
	TitleRows bool   // workbook: title rows above the header
}

// Defaults are the shares of a county board's real workbook, as far as the
// generator's author could judge them.
func Defaults(rows int, seed int64) Options {
	return Options{
		Rows:              rows,
		Seed:              seed,
		BadShare:          0.01,
		ProclamationShare: 0.3,
		DuplicateShare:    0.002,
		BlankRowShare:     0.001,
		BlankClassShare:   0.25,
		TextDateShare:     0.08,
		CauseWordShare:    0.25,
	}
}

// Columns are the header of every generated table: the contract's input
// columns, in its order, then two columns the tool carries through.
var Columns = []string{"vacancy_id", "office", "office_class", "district", "county", "incumbent",
	"cause", "event_date", "term_start", "term_end", "appointable", "proclamation_date",
	"special_election_date", "special_session_date", "next_full_term_year", "notes",
	"board_contact", "entered_by"}

// coverRows is how many leading rows walk through every class, cause and
// county (classes 0–8, causes 0–13, counties at rows 9–70) so that even a
// small sample has them all. These rows are never bad, blank or copies.
const coverRows = 9 + 62

// dateVal is a date as it sits in the input: a date, typed as text, or text
// that is not a date at all.
type dateVal struct {
	d    compute.Date
	text string // wins over d: the cell holds this text
	mdy  bool   // shown as m/d/yyyy rather than yyyy-mm-dd
}

// row is one generated input row, with the canonical values it was made
// from (for the tests and for splitting the sample workbook into sheets).
type row struct {
	id, office, class, district, county, incumbent, cause string
	districtNum                                           int // > 0: the workbook holds the district as a number
	event, termStart, termEnd                             dateVal
	appointable                                           string
	proclamation, special, session                        dateVal
	nextYear                                              int
	nextYearText                                          string // wins over nextYear
	notes, contact, enteredBy                             string

	blank     bool
	canon     canon
	bad       string // the defect of a deliberately bad row
	duplicate bool
}

type canon struct {
	class     compute.OfficeClass
	cause     compute.Cause
	county    string
	region    region
	statewide bool
}

type generator struct {
	o          Options
	r          *rand.Rand
	prev       row
	cumWeights []int
	spoiled    int // bad rows so far
	proclaimed int // proclamations so far
	ineligible int // rows where the law gives no proclamation, so far
	barredSeen int // rows where § 42(4) bars the special election, so far
	// specials are the special election days set so far, with their
	// proclamations: later rows share them, as the governor sets several
	// districts' specials on one day.
	specials []specialDay
}

type specialDay struct{ day, proclaimed compute.Date }

func newGenerator(o Options) *generator {
	if o.FromYear == 0 {
		o.FromYear = 2005
	}
	if o.ToYear == 0 {
		o.ToYear = 2027
	}
	if o.ToYear < o.FromYear {
		o.ToYear = o.FromYear
	}
	if o.IDPrefix == "" {
		o.IDPrefix = "V"
	}
	g := &generator{o: o, r: rand.New(rand.NewPCG(uint64(o.Seed), 0x6e79766163616e63))}
	total := 0
	for _, k := range counties {
		total += countyWeight(k)
		g.cumWeights = append(g.cumWeights, total)
	}
	return g
}

// spaced spreads a share evenly over the rows after the coverage rows, so
// that n rows hold exactly floor((n−coverRows)·share) of them. offset keeps
// different kinds off the same rows.
func spaced(i int, share float64, offset int) bool {
	if share <= 0 || i < coverRows {
		return false
	}
	k := float64(i - coverRows + offset)
	return int((k+1)*share) > int(k*share)
}

func (g *generator) chance(p float64) bool  { return g.r.Float64() < p }
func (g *generator) between(lo, hi int) int { return lo + g.r.IntN(hi-lo+1) }
func pick[T any](g *generator, xs []T) T    { return xs[g.r.IntN(len(xs))] }

// next makes row i (0-based).
func (g *generator) next(i int) row {
	if spaced(i, g.o.DuplicateShare, 7) {
		r := g.prev
		r.duplicate = true
		return r
	}
	if spaced(i, g.o.BlankRowShare, 13) {
		return row{blank: true}
	}
	r := g.vacancy(i)
	if spaced(i, g.o.BadShare, 0) {
		g.spoil(&r)
	}
	g.prev = r
	return r
}

var classWeights = []struct {
	class  compute.OfficeClass
	weight int
}{
	{compute.Governor, 2}, {compute.LieutenantGovernor, 2}, {compute.USSenator, 4},
	{compute.USRepresentative, 50}, {compute.StateSenator, 50}, {compute.MemberOfAssembly, 90},
	{compute.SupremeCourtJustice, 40}, {compute.CountyLevelJudge, 50}, {compute.OtherOffice, 712},
}

var causeWeights = []struct {
	cause  compute.Cause
	weight int
}{
	{compute.Death, 20}, {compute.Resignation, 40}, {compute.Removal, 3}, {compute.Nonresidence, 4},
	{compute.Conviction, 3}, {compute.Incompetence, 1}, {compute.JudgmentVoid, 1},
	{compute.OathNotFiled, 3}, {compute.NewOffice, 2}, {compute.MissedMeetings, 2},
	{compute.FailureToElect, 3}, {compute.DeathBeforeTerm, 2}, {compute.TermExpiration, 8},
	{compute.BoardTie, 2},
}

// localOnly causes happen to local offices only (appointive boards, town
// boards, offices whose terms run out between elections).
func localOnly(c compute.Cause) bool {
	switch c {
	case compute.MissedMeetings, compute.FailureToElect, compute.TermExpiration, compute.BoardTie:
		return true
	}
	return false
}

func (g *generator) drawClass() compute.OfficeClass {
	n := g.r.IntN(1000)
	for _, cw := range classWeights {
		if n < cw.weight {
			return cw.class
		}
		n -= cw.weight
	}
	return compute.OtherOffice
}

func (g *generator) drawCause(class compute.OfficeClass) compute.Cause {
	for {
		n := g.r.IntN(94)
		c := compute.Death
		for _, cw := range causeWeights {
			if n < cw.weight {
				c = cw.cause
				break
			}
			n -= cw.weight
		}
		if class == compute.OtherOffice {
			return c
		}
		if localOnly(c) {
			continue
		}
		if c == compute.NewOffice && class != compute.SupremeCourtJustice && class != compute.CountyLevelJudge {
			continue
		}
		if c == compute.OathNotFiled && (class == compute.USRepresentative || class == compute.USSenator) {
			continue // federal officers file no oath with the state
		}
		return c
	}
}

func (g *generator) drawCounty() county {
	n := g.r.IntN(g.cumWeights[len(g.cumWeights)-1])
	for i, w := range g.cumWeights {
		if n < w {
			return counties[i]
		}
	}
	return counties[len(counties)-1]
}

// modelledClasses are the classes the generator draws rows of: § 42's.
// The offices other laws govern (a village's, a city's, a county's, New
// York City's charter offices) come as other, under the office names
// those offices have ("Village Trustee", "City Council Member", "County
// Clerk", "Borough President"), from which ingest derives their classes
// when the row leaves office_class blank. (The list is § 42's nine, as
// compute.OfficeClasses held them before issue 34: the samples stay as
// they were.)
var modelledClasses = compute.OfficeClasses[:9]

func statewideClass(c compute.OfficeClass) bool {
	return c == compute.Governor || c == compute.LieutenantGovernor || c == compute.USSenator
}

func (g *generator) vacancy(i int) row {
	var r row
	// Class, cause and county: forced on the coverage rows, drawn after.
	class := g.drawClass()
	if i < len(modelledClasses) {
		class = modelledClasses[i]
	}
	var k county
	forcedCounty := i >= len(modelledClasses) && i < coverRows
	if forcedCounty {
		k = counties[i-len(modelledClasses)]
		for statewideClass(class) {
			class = g.drawClass()
		}
	} else {
		k = g.drawCounty()
	}
	if class == compute.CountyLevelJudge && nycCounties[k.Name] {
		if forcedCounty {
			class = compute.SupremeCourtJustice
		} else {
			for nycCounties[k.Name] {
				k = g.drawCounty()
			}
		}
	}
	cause := g.drawCause(class)
	if i < len(compute.Causes) {
		cause = compute.Causes[i]
		if localOnly(cause) && class != compute.OtherOffice {
			class = compute.OtherOffice
		}
	}
	r.canon = canon{class: class, cause: cause, county: k.Name, region: k.Region}

	g.office(&r, &k, forcedCounty)
	r.canon.county, r.canon.region = k.Name, k.Region
	r.cause = g.causeText(cause)
	g.dates(&r)
	g.appointableAndProclamation(&r)

	switch {
	case forcedCounty:
		r.county = k.Name
	case r.canon.statewide:
		r.canon.county = ""
	case class == compute.SupremeCourtJustice && g.chance(0.3):
		// The judicial district says where; the county is left blank.
	default:
		r.county = k.Name
	}

	if !g.chance(0.03) {
		r.id = g.o.IDPrefix + pad(i+1, 7)
	}
	if cause != compute.NewOffice && !g.chance(0.1) {
		r.incumbent = g.name()
	}
	switch {
	case g.chance(0.015):
		r.notes = pick(g, injectionNotes)
	case cause == compute.OathNotFiled && g.chance(0.3):
		r.notes = noteArmedForces
	case !r.session.d.IsZero() && g.chance(0.5):
		r.notes = noteSession
	case cause == compute.Death && g.chance(0.2):
		r.notes = noteDeath
	case cause == compute.Resignation && g.chance(0.2):
		r.notes = noteResignation
	case strings.EqualFold(r.appointable, "yes") && g.chance(0.3):
		r.notes = noteAppointed
	case g.chance(0.4):
		r.notes = pick(g, notesTexts)
	}
	r.contact = g.contact(k, r.canon.statewide)
	r.enteredBy = pick(g, enteredBy)
	if !g.chance(g.o.BlankClassShare) {
		r.class = string(r.canon.class)
	}
	return r
}

// office writes the office text and district for the row's class.
func (g *generator) office(r *row, k *county, forcedCounty bool) {
	class := r.canon.class
	variant := func(xs []string) string {
		if g.chance(0.6) {
			return xs[0]
		}
		return pick(g, xs)
	}
	switch class {
	case compute.Governor, compute.LieutenantGovernor, compute.USSenator:
		r.office = variant(officeTexts[class])
		r.canon.statewide = true
		if g.chance(0.3) {
			r.district = "Statewide"
		}
	case compute.USRepresentative:
		r.office = variant(officeTexts[class])
		n := g.between(1, 26)
		switch g.r.IntN(3) {
		case 0:
			r.district = "NY-" + pad(n, 2)
		case 1:
			r.district = pad(n, 2)
		default:
			r.district = strconv.Itoa(n)
		}
	case compute.StateSenator:
		r.office = variant(officeTexts[class])
		n := g.between(1, 63)
		switch g.r.IntN(5) {
		case 0, 1:
			r.district = pad(n, 3)
		case 2:
			r.district = "SD " + strconv.Itoa(n)
		case 3:
			r.district = strconv.Itoa(n)
		default:
			r.district, r.districtNum = strconv.Itoa(n), n
		}
	case compute.MemberOfAssembly:
		r.office = variant(officeTexts[class])
		n := g.between(1, 150)
		switch g.r.IntN(5) {
		case 0, 1, 2:
			r.district = pad(n, 3)
		case 3:
			r.district = "AD " + strconv.Itoa(n)
		default:
			r.district = strconv.Itoa(n)
		}
	case compute.SupremeCourtJustice:
		r.office = variant(officeTexts[class])
		if g.chance(0.5) {
			r.district = pad(k.JD, 2)
		} else {
			r.district = ordinal(k.JD) + " Judicial District"
		}
	case compute.CountyLevelJudge:
		r.office = pick(g, countyJudgeTexts)
	default:
		g.otherOffice(r, k, forcedCounty)
	}
}

func (g *generator) otherOffice(r *row, k *county, forcedCounty bool) {
	switch r.canon.cause {
	case compute.MissedMeetings:
		r.office = pick(g, appointiveBoards)
		if len(k.Munis) > 0 {
			r.district = muniLabel(pick(g, k.Munis))
		}
		return
	case compute.Nonresidence:
		if g.chance(0.15) {
			r.office = pick(g, residencyExempt)
			if r.office == "Deputy Sheriff" && !forcedCounty && g.chance(0.5) {
				*k = countyNamed("Nassau") // Public Officers Law § 30(8)
			}
			return
		}
	}
	switch n := g.r.IntN(100); {
	case n < 2:
		r.office = pick(g, stateOffices)
		r.canon.statewide = true
	case nycCounties[k.Name]:
		r.office = pick(g, nycOffices)
		if strings.Contains(r.office, "Council") {
			r.district = "Council District " + pad(g.between(1, 51), 2)
		}
	case n < 20:
		r.office = pick(g, countyOffices)
		if r.office == "County Legislator" {
			r.district = "LD " + pad(g.between(1, 19), 2)
		}
	default:
		m := pick(g, k.Munis)
		offices := townOffices
		switch m.Kind {
		case city:
			offices = cityOffices
		case village:
			offices = villageOffices
		}
		r.office = pick(g, offices)
		r.district = muniLabel(m)
		if m.Kind == city && strings.Contains(r.office, "Council") && g.chance(0.4) {
			r.district = "Ward " + strconv.Itoa(g.between(1, 12))
		}
		if g.chance(0.1) {
			r.office += ", " + muniLabel(m)
		}
	}
}

func muniLabel(m muni) string {
	switch m.Kind {
	case city:
		return "City of " + m.Name
	case village:
		return "Village of " + m.Name
	}
	return "Town of " + m.Name
}

func (g *generator) causeText(c compute.Cause) string {
	if words := causeWords[c]; len(words) > 0 && g.chance(g.o.CauseWordShare) {
		return pick(g, words)
	}
	if !strings.Contains(string(c), "_") && g.chance(0.1) {
		return strings.ToUpper(string(c[:1])) + string(c[1:])
	}
	return string(c)
}

// unforeseen causes cannot be dated in the future.
func unforeseen(c compute.Cause) bool {
	switch c {
	case compute.Resignation, compute.TermExpiration, compute.NewOffice:
		return false
	}
	return true
}

// generalElection is the Tuesday next after the first Monday of November
// (Elec. Law § 8-100(1)(c)).
func generalElection(year int) compute.Date {
	return compute.NextWeekdayAfter(compute.NthWeekdayOfMonth(year, time.November, time.Monday, 1), time.Tuesday)
}

func (g *generator) dayIn(from, to compute.Date) compute.Date {
	return from.AddDays(g.r.IntN(from.DaysUntil(to) + 1))
}

// eventDay draws the day the vacancy began: any day of the year range, with
// a share on the days the rules turn on (April 1, July 1, September 20).
func (g *generator) eventDay(c compute.Cause) compute.Date {
	first := compute.D(g.o.FromYear, time.January, 1)
	last := compute.D(g.o.ToYear, time.December, 31)
	if unforeseen(c) && !g.o.AsOf.IsZero() && g.o.AsOf.Before(last) {
		last = g.o.AsOf
		if last.Before(first) {
			first = last
		}
	}
	if g.chance(0.06) {
		b := pick(g, boundaryDays)
		d := compute.D(g.between(first.Year, last.Year), b.m, b.d)
		if !d.Before(first) && !d.After(last) {
			return d
		}
	}
	return g.dayIn(first, last)
}

var boundaryDays = []struct {
	m time.Month
	d int
}{{time.March, 31}, {time.April, 1}, {time.July, 1}, {time.July, 2}, {time.September, 19}, {time.September, 20}}

func (g *generator) date(d compute.Date) dateVal {
	if d.IsZero() {
		return dateVal{}
	}
	v := dateVal{d: d, mdy: g.chance(0.2)}
	if g.chance(g.o.TextDateShare) {
		v.text = g.dateText(d)
	}
	return v
}

var monthNames = []string{"", "January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

func (g *generator) dateText(d compute.Date) string {
	switch n := g.r.IntN(10); {
	case n < 4:
		return mdy(d)
	case n < 7:
		return monthNames[d.Month] + " " + strconv.Itoa(d.Day) + ", " + strconv.Itoa(d.Year)
	case n < 9:
		return d.String()
	default:
		return strconv.Itoa(int(d.Month)) + "/" + strconv.Itoa(d.Day) + "/" + pad(d.Year%100, 2)
	}
}

func mdy(d compute.Date) string {
	return strconv.Itoa(int(d.Month)) + "/" + strconv.Itoa(d.Day) + "/" + strconv.Itoa(d.Year)
}

// dates fills event, term and (for the causes that need them) the term
// start and next full term year, consistently with the office.
func (g *generator) dates(r *row) {
	class, cause := r.canon.class, r.canon.cause
	var vac, termStart, termEnd compute.Date
	showStart := g.chance(0.35)
	switch cause {
	case compute.TermExpiration:
		y := g.between(g.o.FromYear, g.o.ToYear)
		if y%2 == 1 && g.chance(0.8) {
			y--
		}
		termEnd = compute.D(y, time.December, 31)
		termStart = compute.D(y-3, time.January, 1)
		if y < g.o.ToYear && g.chance(0.15) {
			r.event = g.date(termEnd.AddDays(1))
		}
		switch n := g.r.IntN(100); {
		case n < 70:
			r.nextYear = y + 1
		case n < 85:
			r.nextYear = y + 2
		}
		r.termStart, r.termEnd = g.maybe(termStart, showStart), g.date(termEnd)
		return
	case compute.FailureToElect:
		y := g.electionYearFrom(class, g.eventDay(cause).Year)
		vac = generalElection(y).AddDays(1)
		if !g.o.AsOf.IsZero() && vac.After(g.o.AsOf) {
			y = electionYear(class, y-1)
			vac = generalElection(y).AddDays(1)
		}
		termStart, showStart = firstDayOfTerm(class, y+1), true
	case compute.DeathBeforeTerm:
		y := g.electionYearFrom(class, g.eventDay(cause).Year)
		if !g.o.AsOf.IsZero() && generalElection(y).AddDays(50).After(g.o.AsOf) {
			y = electionYear(class, y-1)
		}
		vac = generalElection(y).AddDays(g.between(1, 50))
		if vac.Year != y {
			vac = compute.D(y, time.December, 31)
		}
		termStart, showStart = firstDayOfTerm(class, y+1), true
	case compute.OathNotFiled:
		y := g.electionYearFrom(class, g.eventDay(cause).Year-1) + 1
		if !g.o.AsOf.IsZero() && firstDayOfTerm(class, y).AddDays(31).After(g.o.AsOf) {
			y = electionYear(class, y-2) + 1 // the term before: the thirty days are over
		}
		termStart, showStart = firstDayOfTerm(class, y), true
		vac = termStart.AddDays(31)
	default:
		vac = g.eventDay(cause)
	}
	termEnd, length := g.termEnd(class, vac)
	if !termStart.IsZero() {
		// The term starts with the row's own date: end it a whole term on.
		if termEnd.Month == time.January {
			termEnd = compute.D(termStart.Year+length, time.January, 3)
		} else {
			termEnd = compute.D(termStart.Year+length-1, time.December, 31)
		}
	} else if termEnd.Month == time.January {
		termStart = compute.D(termEnd.Year-length, time.January, 3)
	} else {
		termStart = compute.D(termEnd.Year-length+1, time.January, 1)
	}
	// Half the oath rows give only the term start: the tool counts the
	// thirty days itself.
	if cause != compute.OathNotFiled || g.chance(0.5) {
		r.event = g.date(vac)
	}
	r.termStart = g.maybe(termStart, showStart)
	blankEnd := 0.1
	switch class {
	case compute.USRepresentative, compute.StateSenator, compute.MemberOfAssembly:
		blankEnd = 0.35 // the tool knows these terms
	}
	r.termEnd = g.maybe(termEnd, !g.chance(blankEnd))
	if g.chance(0.1) {
		r.nextYear = termEnd.Year + 1
	}
}

func (g *generator) maybe(d compute.Date, show bool) dateVal {
	if !show {
		return dateVal{}
	}
	return g.date(d)
}

// electionYear is the latest year on or before y in which the class's
// office is on the ballot: even years for congress and the legislature,
// 2006, 2010, … for governor; any year for the rest.
func electionYear(class compute.OfficeClass, y int) int {
	switch class {
	case compute.USRepresentative, compute.StateSenator, compute.MemberOfAssembly:
		if y%2 != 0 {
			y--
		}
	case compute.USSenator:
		// New York's seats were on the ballot in 2024 (term to 2031) and
		// 2028 (term to 2029 … 2035): years ≡ 0 or 2 modulo 6.
		for y%6 != 0 && y%6 != 2 {
			y--
		}
	case compute.Governor, compute.LieutenantGovernor:
		for y%4 != 2 {
			y--
		}
	}
	return y
}

// electionYearFrom is electionYear, moved forward into the generator's
// year range when it falls before it.
func (g *generator) electionYearFrom(class compute.OfficeClass, y int) int {
	e := electionYear(class, y)
	for e < g.o.FromYear && y < g.o.ToYear {
		y++
		e = electionYear(class, y)
	}
	return e
}

// firstDayOfTerm is when a term beginning in year y starts: January 3 for
// congress, January 1 for everyone else.
func firstDayOfTerm(class compute.OfficeClass, y int) compute.Date {
	if class == compute.USRepresentative || class == compute.USSenator {
		return compute.D(y, time.January, 3)
	}
	return compute.D(y, time.January, 1)
}

// termEnd is the end of the term running on day v, and the term's length in
// years, by the office's calendar.
func (g *generator) termEnd(class compute.OfficeClass, v compute.Date) (compute.Date, int) {
	switch class {
	case compute.USRepresentative:
		y := v.Year
		for y%2 == 0 || !compute.D(y, time.January, 3).After(v) {
			y++
		}
		return compute.D(y, time.January, 3), 2
	case compute.USSenator:
		// New York's two seats: terms ending Jan 3, 2029 (and every sixth
		// year around it) and Jan 3, 2031.
		want := 1
		if g.chance(0.5) {
			want = 3
		}
		y := v.Year
		for y%6 != want || !compute.D(y, time.January, 3).After(v) {
			y++
		}
		return compute.D(y, time.January, 3), 6
	case compute.StateSenator, compute.MemberOfAssembly:
		y := v.Year
		if y%2 == 1 {
			y++
		}
		return compute.D(y, time.December, 31), 2
	case compute.Governor, compute.LieutenantGovernor:
		y := v.Year
		for y%4 != 2 {
			y++
		}
		return compute.D(y, time.December, 31), 4
	case compute.SupremeCourtJustice:
		return compute.D(v.Year+g.between(0, 13), time.December, 31), 14
	case compute.CountyLevelJudge:
		return compute.D(v.Year+g.between(0, 9), time.December, 31), 10
	}
	if g.chance(0.3) {
		return compute.D(v.Year+g.between(0, 1), time.December, 31), 2
	}
	return compute.D(v.Year+g.between(0, 3), time.December, 31), 4
}

// vacancyDay is the day § 30 dates the vacancy from, as the generator made it.
func (r *row) vacancyDay() compute.Date {
	if !r.event.d.IsZero() {
		return r.event.d
	}
	if !r.termStart.d.IsZero() && r.canon.cause == compute.OathNotFiled {
		return r.termStart.d.AddDays(31)
	}
	return r.termEnd.d.AddDays(1)
}

func legislative(c compute.OfficeClass) bool {
	return c == compute.USRepresentative || c == compute.StateSenator || c == compute.MemberOfAssembly
}

func (g *generator) appointableAndProclamation(r *row) {
	class, cause := r.canon.class, r.canon.cause
	switch {
	case legislative(class):
		if g.chance(0.25) {
			r.appointable = pick(g, []string{"no", "No", "NO"})
		}
	case class == compute.OtherOffice:
		switch n := g.r.IntN(10); {
		case n < 2:
			r.appointable = pick(g, []string{"yes", "Yes"})
		case n < 4:
			r.appointable = pick(g, []string{"no", "No"})
		}
	case class == compute.SupremeCourtJustice || class == compute.CountyLevelJudge:
		if g.chance(0.2) {
			r.appointable = "yes"
		}
	}
	if cause == compute.TermExpiration || cause == compute.MissedMeetings {
		return
	}
	v := r.vacancyDay()
	eligible := legislative(class) || (class == compute.OtherOffice && !r.canon.statewide &&
		(cause == compute.FailureToElect || cause == compute.DeathBeforeTerm || cause == compute.BoardTie ||
			strings.EqualFold(r.appointable, "no")))
	proclaim := eligible && g.chance(g.o.ProclamationShare)
	if proclaim && g.barred(r, v) {
		// The governor proclaims no special election § 42(4) bars: one in
		// eight such rows does anyway, an error for the tool to report.
		g.barredSeen++
		proclaim = g.barredSeen%8 == 4
	}
	if !eligible && g.o.ProclamationShare > 0 {
		// A proclamation where the law gives none: one in 60 such rows,
		// and an error for the tool to report.
		g.ineligible++
		proclaim = g.ineligible%60 == 30
	}
	if proclaim {
		g.proclaimed++
		// From L.2021 ch. 320 the governor must proclaim within ten days of
		// the vacancy; before it the proclamation came when it came. One
		// proclamation in fifteen is late, one in 25 dated before the
		// vacancy: errors for the tool to report.
		var procl compute.Date
		switch {
		case g.proclaimed%25 == 12:
			procl = v.AddDays(-g.between(1, 10))
		case v.Before(compute.D(2021, time.July, 30)):
			procl = v.AddDays(g.between(7, 60))
		case g.proclaimed%20 == 7:
			procl = v.AddDays(g.between(11, 30))
		default:
			procl = v.AddDays(g.between(1, 10))
		}
		r.proclamation = g.date(procl)
		min, max := specialWindow(class, procl)
		// One in twenty special elections is set outside the window (early
		// and late in turn); a few proclamations give no date yet.
		switch {
		case g.proclaimed%40 == 5:
			r.special = g.date(procl.AddDays(min - g.between(3, 12)))
		case g.proclaimed%40 == 25:
			r.special = g.date(procl.AddDays(max + g.between(1, 12)))
		case g.chance(0.92):
			r.special = g.date(g.specialDay(class, procl, min, max))
		}
	}
	// A special session of the legislature (or congress) called after the
	// § 42(4) cut-off: April 1 (legislature) or July 1 (congress) of the
	// term's last year.
	if legislative(class) {
		end := r.termEnd.d
		if end.IsZero() {
			end, _ = g.termEnd(class, v)
		}
		lastYear := end.Year
		if end.Month == time.January {
			lastYear--
		}
		cut := compute.D(lastYear, time.April, 1)
		if class == compute.USRepresentative {
			cut = compute.D(lastYear, time.July, 1)
		}
		if v.Year == lastYear && !v.Before(cut) && g.chance(0.2) {
			r.session = g.date(v.AddDays(g.between(10, 90)))
		}
	}
}

func (g *generator) name() string {
	first, last := pick(g, firstNames), pick(g, lastNames)
	if g.chance(0.08) {
		return first + " " + string(rune('A'+g.r.IntN(26))) + ". " + last
	}
	return first + " " + last
}

func (g *generator) contact(k county, statewide bool) string {
	phone := func(area string) string { return "(" + area + ") 555-01" + pad(g.r.IntN(100), 2) }
	switch {
	case statewide:
		return "State Board of Elections, " + phone("518")
	case nycCounties[k.Name]:
		return "Board of Elections in the City of New York, " + phone(k.Area)
	}
	return k.Name + " County Board of Elections, " + phone(k.Area)
}

// spoil gives a good row one defect the tool must reject.
// The defects come in turn, so a few bad rows show them all.
func (g *generator) spoil(r *row) {
	g.spoiled++
	switch (g.spoiled - 1) % 9 {
	case 0:
		r.event = dateVal{text: "13/45/2020"}
		r.bad = "unparseable event_date"
	case 1:
		r.county = misspellings[(g.spoiled/9)%len(misspellings)]
		r.bad = "unknown county"
	case 2:
		r.office = ""
		r.bad = "missing office"
	case 3:
		r.cause = pick(g, unknownCauses)
		r.bad = "unknown cause"
	case 4:
		r.termEnd = dateVal{text: "2/30/" + strconv.Itoa(g.between(g.o.FromYear, g.o.ToYear))}
		r.bad = "term_end is not a day"
	case 5:
		r.appointable = "maybe"
		r.bad = "appointable neither yes nor no"
	case 6:
		r.cause, r.event = "died", dateVal{}
		r.bad = "death without event_date"
	case 7:
		r.nextYearText = "twenty-seven"
		r.bad = "next_full_term_year not a year"
	default:
		r.class = "alderperson"
		r.bad = "unknown office_class"
	}
}

func pad(n, width int) string {
	s := strconv.Itoa(n)
	for len(s) < width {
		s = "0" + s
	}
	return s
}

func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// specialWindow is the days after the proclamation a special election may
// be held on, as Pub. Off. Law § 42(3) read on the day of the proclamation
// (the generator's own reading of the statute, not the engine's): 30–40
// days before L.2011 ch. 4, 70–80 from 2011-03-09, then from L.2021 ch.
// 320 (2021-07-30) 70–80 for Congress and 40–50 for the rest, and from
// L.2022 ch. 164 (2022-07-29) 40–50 only for the Senate and Assembly.
func specialWindow(class compute.OfficeClass, procl compute.Date) (int, int) {
	senateAssembly := class == compute.StateSenator || class == compute.MemberOfAssembly
	switch {
	case procl.Before(compute.D(2011, time.March, 9)):
		return 30, 40
	case procl.Before(compute.D(2021, time.July, 30)):
		return 70, 80
	case procl.Before(compute.D(2022, time.July, 29)):
		if class == compute.USRepresentative {
			return 70, 80
		}
		return 40, 50
	case senateAssembly:
		return 40, 50
	}
	return 70, 80
}

// specialDay picks a special election day for a proclamation: a day
// already set for another district when one lies in the window (as the
// governor sets several specials on one day), now and then for the State
// Senate and Assembly one 30 to 39 days away (lawful only on the day of a
// special election already scheduled), else a Tuesday in the window.
func (g *generator) specialDay(class compute.OfficeClass, procl compute.Date, min, max int) compute.Date {
	senateAssembly := class == compute.StateSenator || class == compute.MemberOfAssembly
	for _, s := range g.specials {
		if n := procl.DaysUntil(s.day); n >= min && n <= max {
			return s.day
		}
	}
	if senateAssembly && !procl.Before(compute.D(2022, time.July, 29)) && g.chance(0.5) {
		// Now and then on a day another district's special was set for
		// later, not before: not lawful, for the tool to report.
		anyOrder := g.chance(0.3)
		for _, s := range g.specials {
			if n := procl.DaysUntil(s.day); n >= 30 && n < min && (anyOrder || s.proclaimed.Before(procl)) {
				return s.day
			}
		}
	}
	d := procl.AddDays(min)
	for d.Weekday() != time.Tuesday {
		d = d.AddDays(1)
	}
	if procl.DaysUntil(d)+7 <= max && g.chance(0.5) {
		d = d.AddDays(7)
	}
	g.specials = append(g.specials, specialDay{d, procl})
	return d
}

// barred is the generator's reading of Pub. Off. Law § 42(4): no special
// election for congress after July 1, or for the Senate and Assembly on or
// after April 1, of the term's last year; from L.2021 ch. 320 none for an
// other office on or after April 1 of its term's last year either.
func (g *generator) barred(r *row, v compute.Date) bool {
	class := r.canon.class
	end := r.termEnd.d
	if end.IsZero() && legislative(class) {
		end, _ = g.termEnd(class, v)
	}
	if end.IsZero() {
		return false
	}
	lastYear := end.Year
	if end.Month == time.January {
		lastYear--
	}
	switch {
	case class == compute.USRepresentative:
		return v.After(compute.D(lastYear, time.July, 1))
	case legislative(class):
		return !v.Before(compute.D(lastYear, time.April, 1))
	case class == compute.OtherOffice && !v.Before(compute.D(2021, time.July, 30)):
		return !v.Before(compute.D(lastYear, time.April, 1))
	}
	return false
}
