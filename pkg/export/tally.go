package export

import (
	"container/heap"
	"sort"

	"batch/pkg/compute"
)

const (
	// upcomingDays is how far Summary looks ahead: the as-of date and the
	// 13 days after it.
	upcomingDays = 14
	// upcomingCap bounds the list on Summary (and in summary.json) so
	// memory stays flat; the rest are counted, and Deadlines has them all.
	upcomingCap = 500
	blankKey    = "(blank)"
)

// tally counts what Summary and summary.json report, as results stream by.
type tally struct {
	vacancies, rejected, problems int

	byMethod, byCounty, byClass map[string]int
	bySeverity                  map[compute.Severity]int
	years                       map[int]bool // election years, for the Calendar sheet

	from, to      compute.Date // the look-ahead window, inclusive
	upcoming      upcomingHeap
	upcomingTotal int

	editions editionTally // the editions of the law the rows used
}

func newTally(asOf compute.Date) *tally {
	return &tally{
		byMethod: map[string]int{}, byCounty: map[string]int{}, byClass: map[string]int{},
		bySeverity: map[compute.Severity]int{}, years: map[int]bool{},
		from: asOf, to: asOf.AddDays(upcomingDays - 1),
		editions: editionTally{vacancies: map[string]int{}, deadlines: map[string]int{}},
	}
}

func orBlank(s string) string {
	if s == "" {
		return blankKey
	}
	return s
}

func (t *tally) result(r *compute.Result, withDeadlines bool) {
	seq := t.vacancies
	t.vacancies++
	t.byMethod[orBlank(string(r.Method))]++
	t.byCounty[orBlank(r.Vacancy.County)]++
	t.byClass[orBlank(string(r.Vacancy.Class))]++
	t.bySeverity[r.Severity()]++
	t.editions.result(r)
	if !r.FillingElection.IsZero() {
		t.years[r.FillingElection.Year] = true
	}
	if withDeadlines {
		t.deadlines(r, seq)
	}
}

// deadlines keeps the vacancy's open deadlines that fall in the look-ahead
// window; seq is the vacancy's place in input order.
func (t *tally) deadlines(r *compute.Result, seq int) {
	t.editions.deadlineRows(r)
	if t.from.IsZero() {
		return
	}
	for i := range r.Deadlines {
		d := &r.Deadlines[i]
		if !d.Applies || d.Status != compute.Open || d.Effective.Before(t.from) || d.Effective.After(t.to) {
			continue
		}
		t.upcomingTotal++
		u := upcoming{date: d.Effective, seq: seq, idx: i}
		if len(t.upcoming) == upcomingCap {
			if !u.less(t.upcoming[0]) {
				continue
			}
			heap.Pop(&t.upcoming)
		}
		v := &r.Vacancy
		u.code, u.kind, u.windowStart, u.citation = d.Code, string(d.Kind), d.WindowStart, d.Citation
		u.vacancyID, u.office, u.district, u.county = v.ID, v.Office, v.District, v.County
		heap.Push(&t.upcoming, u)
	}
}

// upcomingSorted is the kept deadlines by date, then input order.
func (t *tally) upcomingSorted() []upcoming {
	out := append([]upcoming(nil), t.upcoming...)
	sort.Slice(out, func(i, j int) bool { return out[i].less(out[j]) })
	return out
}

// upcoming is one open deadline in the look-ahead window.
type upcoming struct {
	date     compute.Date
	seq, idx int // input order of the vacancy, order of the deadline

	code, kind, citation                string
	windowStart                         compute.Date
	vacancyID, office, district, county string
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

// upcomingHeap keeps the latest kept deadline on top, to drop it first.
type upcomingHeap []upcoming

func (h upcomingHeap) Len() int           { return len(h) }
func (h upcomingHeap) Less(i, j int) bool { return h[j].less(h[i]) }
func (h upcomingHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *upcomingHeap) Push(x any)        { *h = append(*h, x.(upcoming)) }
func (h *upcomingHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
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
