package export

import (
	"container/heap"
	"sort"

	"batch/pkg/compute"
)

const (
	// upcomingDays is how far summary.json's next_14_days looks ahead: the
	// as-of date and the 13 days after it.
	upcomingDays = 14
	// upcomingCap bounds that list (and Summary's) so memory stays flat;
	// the rest are counted, and Deadlines has them all.
	upcomingCap = 500
	// soonestCap is how many open deadlines Summary lists at the least,
	// however far away they are.
	soonestCap = 25
	// actionCap bounds each of Summary's lists of vacancies with errors and
	// with warnings; the rest are counted.
	actionCap = 200
	blankKey  = "(blank)"
)

// tally counts what Summary and summary.json report, as results stream by.
type tally struct {
	vacancies, rejected, problems int

	byMethod, byCounty, byClass map[string]int
	bySeverity                  map[compute.Severity]int
	years                       map[int]bool // election years, for the Calendar sheet

	from, to      compute.Date // the look-ahead window, inclusive
	upcoming      bounded[upcoming]
	upcomingTotal int
	editions      editionTally // the editions of the law the rows used

	soonest   bounded[upcoming] // the first open deadlines, whatever their distance
	openTotal int               // open deadlines from the as-of date on
	verify    verifyTally       // of those, the ones resting on unverified text, by rule

	// What needs action: vacancies with errors, with warnings.
	errors, warnings         bounded[action]
	errorTotal, warningTotal int

	// The election days that fill a vacancy from the as-of date to
	// electionsTo (the look-ahead window, or --soon's when longer).
	electionsTo    compute.Date
	elections      bounded[upcoming]
	electionsTotal int
}

// action is one vacancy with an error or a warning, as Summary lists it.
type action struct {
	seq                      int
	severity                 compute.Severity
	vacancyID                string
	seat                     string // office, district and county in words
	office, district, county string
	code, message, citation  string // its most severe conflict
	more                     int    // its other conflicts
	next                     compute.Date
	nextCode                 string
}

// less orders the list: the soonest next deadline first (none last), then
// input order.
func (a action) less(b action) bool {
	switch {
	case a.next.IsZero() != b.next.IsZero():
		return !a.next.IsZero()
	case a.next != b.next:
		return a.next.Before(b.next)
	}
	return a.seq < b.seq
}

func newTally(asOf compute.Date, soon int) *tally {
	byDeadline := func(a, b upcoming) bool { return a.less(b) }
	byUrgency := func(a, b action) bool { return a.less(b) }
	return &tally{
		electionsTo: asOf.AddDays(max(upcomingDays, soon+1) - 1), elections: newBounded(upcomingCap, byDeadline),
		byMethod: map[string]int{}, byCounty: map[string]int{}, byClass: map[string]int{},
		bySeverity: map[compute.Severity]int{}, years: map[int]bool{},
		from: asOf, to: asOf.AddDays(upcomingDays - 1),
		editions: editionTally{vacancies: map[string]int{}, deadlines: map[string]int{}},
		upcoming: newBounded(upcomingCap, byDeadline), soonest: newBounded(soonestCap, byDeadline),
		errors: newBounded(actionCap, byUrgency), warnings: newBounded(actionCap, byUrgency),
	}
}

func orBlank(s string) string {
	if s == "" {
		return blankKey
	}
	return s
}

func (t *tally) result(r *compute.Result) {
	t.vacancies++
	t.byMethod[orBlank(string(r.Method))]++
	t.byCounty[orBlank(r.Vacancy.County)]++
	t.byClass[orBlank(string(r.Vacancy.Class))]++
	t.bySeverity[r.Severity()]++
	t.editions.result(r)
	if !r.FillingElection.IsZero() {
		t.years[r.FillingElection.Year] = true
	}
	t.election(r, t.vacancies-1)
}

// election keeps the vacancy's filling election when its day is ahead,
// within the window: an election day is an item of its own on Summary,
// in the digest and in the calendar (issue 32: a board read "nothing due"
// six days before its special election).
func (t *tally) election(r *compute.Result, seq int) {
	d := r.FillingElection
	if t.from.IsZero() || d.IsZero() || d.Before(t.from) || d.After(t.electionsTo) {
		return
	}
	t.electionsTotal++
	u := upcoming{date: d, seq: seq, code: electionDayCode(r.Method)}
	if !t.elections.wants(u) {
		return
	}
	v := &r.Vacancy
	u.vacancyID, u.office, u.district, u.county, u.seat = v.ID, v.Office, v.District, v.County, officeInDistrict(v)
	u.dup = compute.DuplicateOf(r)
	t.elections.push(u)
}

// electionDayCode names the election day filling a vacancy of method m,
// as summary.json's election_days say it.
func electionDayCode(m compute.Method) string {
	if m == compute.SpecialElection {
		return "special_election_day"
	}
	return "general_election_day"
}

// duplicate gives the kept items of the vacancy seq, whose deadlines
// were counted before the duplicates were known, the rows it duplicates.
func (t *tally) duplicate(r *compute.Result, seq int) {
	dup := compute.DuplicateOf(r)
	if dup == "" {
		return
	}
	for _, list := range []*bounded[upcoming]{&t.upcoming, &t.soonest} {
		for i := range list.items {
			if list.items[i].seq == seq {
				list.items[i].dup = dup
			}
		}
	}
}

// deadlines keeps the vacancy's open deadlines that fall in the look-ahead
// window; seq is the vacancy's place in input order.
func (t *tally) deadlines(r *compute.Result, seq int) {
	t.editions.deadlineRows(r)
	if t.from.IsZero() {
		return
	}
	dup, dupRead := "", false
	for i := range r.Deadlines {
		d := &r.Deadlines[i]
		if !d.Actionable() || d.Effective.Before(t.from) {
			continue
		}
		t.openTotal++
		if d.Verify != "" {
			t.verify.add(d.Verify, d.Citation)
		}
		u := upcoming{date: d.Effective, seq: seq, idx: i}
		inWindow := !d.Effective.After(t.to)
		if inWindow {
			t.upcomingTotal++
		}
		keepAhead, keepSoon := inWindow && t.upcoming.wants(u), t.soonest.wants(u)
		if !keepAhead && !keepSoon {
			continue
		}
		v := &r.Vacancy
		u.code, u.kind, u.windowStart, u.citation, u.verify = d.Code, string(d.Kind), d.WindowStart, d.Citation, d.Verify
		u.vacancyID, u.office, u.district, u.county, u.seat = v.ID, v.Office, v.District, v.County, officeInDistrict(v)
		u.ifNoSpecial = d.IfNoSpecial
		if !dupRead {
			dup, dupRead = compute.DuplicateOf(r), true
		}
		u.dup = dup
		if keepAhead {
			t.upcoming.push(u)
		}
		if keepSoon {
			t.soonest.push(u)
		}
	}
}

// action records a vacancy with an error or a warning; seq is its place
// in input order (and so on Vacancies).
func (t *tally) action(r *compute.Result, seq int) {
	sev := r.Severity()
	list, total := &t.errors, &t.errorTotal
	switch sev {
	case compute.Error:
	case compute.Warning:
		list, total = &t.warnings, &t.warningTotal
	default:
		return
	}
	*total++
	a := action{seq: seq, severity: sev, next: r.NextDeadlineDate, nextCode: r.NextDeadline}
	if !list.wants(a) {
		return
	}
	c := worstConflict(r)
	v := &r.Vacancy
	a.vacancyID, a.seat, a.office, a.district, a.county = v.ID, officeInDistrict(v), v.Office, v.District, v.County
	a.code, a.message, a.citation, a.more = c.Code, c.Message, c.Citation, len(r.Conflicts)-1
	list.push(a)
}

// worstConflict is the first of the result's most severe conflicts.
func worstConflict(r *compute.Result) *compute.Conflict {
	var worst *compute.Conflict
	for i := range r.Conflicts {
		if c := &r.Conflicts[i]; worst == nil || c.Severity > worst.Severity {
			worst = c
		}
	}
	return worst
}

// upcomingSorted is the kept deadlines of the next 14 days by date, then
// input order.
func (t *tally) upcomingSorted() []upcoming { return t.upcoming.sorted() }

// nextDeadlines is what Summary lists: every open deadline of the next 14
// days (up to upcomingCap) when they are at least soonestCap, else the
// first soonestCap open deadlines however far away. Either way the list
// begins with the soonest.
func (t *tally) nextDeadlines() []upcoming {
	if t.upcomingTotal >= soonestCap {
		return t.upcoming.sorted()
	}
	return t.soonest.sorted()
}

// upcoming is one open deadline in the look-ahead window.
type upcoming struct {
	date     compute.Date
	seq, idx int // input order of the vacancy, order of the deadline

	code, kind, citation, verify        string
	windowStart                         compute.Date
	vacancyID, office, district, county string
	seat                                string
	ifNoSpecial                         bool   // applies only if no special election is held
	dup                                 string // the rows the vacancy is also entered as, "" when none
}

func (u upcoming) less(v upcoming) bool {
	if c := u.date.Compare(v.date); c != 0 {
		return c < 0
	}
	if u.seq != v.seq {
		return u.seq < v.seq
	}
	return u.idx < v.idx
}

// bounded keeps the first n items in an order, whatever how many are
// offered: a heap with the last kept item on top, dropped first.
type bounded[T any] struct {
	n     int
	less  func(a, b T) bool
	items []T
}

func newBounded[T any](n int, less func(a, b T) bool) bounded[T] {
	return bounded[T]{n: n, less: less}
}

// wants reports whether x would be kept: push it then.
func (b *bounded[T]) wants(x T) bool {
	return len(b.items) < b.n || b.less(x, b.items[0])
}

func (b *bounded[T]) push(x T) {
	if len(b.items) == b.n {
		heap.Pop((*boundedHeap[T])(b))
	}
	heap.Push((*boundedHeap[T])(b), x)
}

// sorted is a sorted copy of what was kept.
func (b *bounded[T]) sorted() []T {
	out := append([]T(nil), b.items...)
	sort.Slice(out, func(i, j int) bool { return b.less(out[i], out[j]) })
	return out
}

func (b *bounded[T]) len() int { return len(b.items) }

// boundedHeap is container/heap's view of a bounded: the greatest on top.
type boundedHeap[T any] bounded[T]

func (h *boundedHeap[T]) Len() int           { return len(h.items) }
func (h *boundedHeap[T]) Less(i, j int) bool { return h.less(h.items[j], h.items[i]) }
func (h *boundedHeap[T]) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *boundedHeap[T]) Push(x any)         { h.items = append(h.items, x.(T)) }
func (h *boundedHeap[T]) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}

// count is one line of a breakdown.
type count struct {
	Key   string
	Count int
}

// sortedCounts orders a breakdown by key, so no map order leaks out.
func sortedCounts(m map[string]int) []count {
	out := make([]count, 0, len(m))
	for k, n := range m {
		out = append(out, count{k, n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// severityCounts lists severities worst first, "none" last, all four.
func (t *tally) severityCounts() []count {
	out := make([]count, 0, 4)
	for _, s := range []compute.Severity{compute.Error, compute.Warning, compute.Info, compute.NoSeverity} {
		out = append(out, count{severityName(s), t.bySeverity[s]})
	}
	return out
}

func severityName(s compute.Severity) string {
	if s == compute.NoSeverity {
		return "none"
	}
	return s.String()
}

func (t *tally) sortedYears() []int {
	out := make([]int, 0, len(t.years))
	for y := range t.years {
		out = append(out, y)
	}
	sort.Ints(out)
	return out
}
