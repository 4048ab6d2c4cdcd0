package changes

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"batch/internal/extsort"
	"batch/pkg/compute"
)

// DefaultSoon is --soon's default: deadlines due within a week.
const DefaultSoon = 7

// Status of a run's comparison.
const (
	Compared = "compared"  // compared with a baseline
	FirstRun = "first_run" // --compare auto found no snapshot yet
	Skipped  = "skipped"   // the baseline could not be trusted; see Reason
	Off      = "off"       // no --compare
)

// Options configure one run's snapshot and comparison.
type Options struct {
	Header     Header // this run's; Rows and Editions are completed by Finish
	AsOf       compute.Date
	Soon       int    // report open deadlines due within this many days (0: DefaultSoon; < 0: none)
	TempDir    string // "" for the system's
	SortMemory int    // bytes of records buffered before a sorted run goes to disk (0: 8 MB)
	// SnapshotOnly: the run compares with nothing and lists no deadline
	// due soon (Soon < 0), so a record is needed only as its snapshot
	// line. Add then keeps the line itself, and Finish copies the lines
	// in key order, rather than decoding every record again and encoding
	// it as JSON at the merge. Finish must then be given no baseline.
	SnapshotOnly bool
	// Part: the run is one folder of a split run (a county's). The set of
	// input files is the whole run's, not news to the folder's reader:
	// no input_added, input_removed or input_renamed (issue 32).
	Part bool
}

// Comparer takes this run's records in any order, then, in Finish, writes
// the snapshot and compares with the baseline.
type Comparer struct {
	opts     Options
	soonTo   string // last day of the --soon window, ISO
	asOf     string
	recs     *extsort.Sorter
	seq      uint64
	buf      []byte
	editions map[string]bool
	upcoming upcoming
}

// New starts a run.
func New(opts Options) *Comparer {
	if opts.Soon == 0 {
		opts.Soon = DefaultSoon
	}
	if opts.SortMemory <= 0 {
		opts.SortMemory = 8 << 20
	}
	opts.Header.Format, opts.Header.FormatVersion = FormatName, FormatVersion
	opts.Header.AsOf = date(opts.AsOf)
	opts.Header.Fields = InputFields
	opts.Header.ClassDerivation = true
	c := &Comparer{opts: opts, asOf: date(opts.AsOf), recs: extsort.New(opts.TempDir, opts.SortMemory),
		editions: map[string]bool{}}
	if opts.SnapshotOnly {
		opts.Soon = -1
		c.opts.Soon = -1
	}
	if opts.Soon > 0 {
		c.soonTo = date(opts.AsOf.AddDays(opts.Soon))
	}
	for _, e := range opts.Header.Editions {
		c.editions[e] = true
	}
	return c
}

// Add takes one row's record (FromResult, FromRejected).
func (c *Comparer) Add(r *Record) error {
	if c.opts.SnapshotOnly {
		line := *r
		if len(line.In) == 0 {
			line.In = nil // as Finish would read it back
		}
		c.buf = appendRecordJSON(c.buf[:0], &line)
	} else {
		c.buf = encodeRecord(c.buf[:0], r)
	}
	if err := c.recs.Add(r.Key, c.seq, c.buf); err != nil {
		return err
	}
	c.seq++
	if r.Law != "" {
		c.editions[r.Law] = true
	}
	for i := range r.Deadlines {
		if d := &r.Deadlines[i]; d.open() {
			c.upcoming.add(d, r)
		}
	}
	return nil
}

// Close releases the temporary files of a run that ends without Finish.
func (c *Comparer) Close() { c.recs.Close() }

// Outcome is what the comparison found.
type Outcome struct {
	Status   string
	Reason   string  // why it was skipped, or that it was the first run
	Baseline *Header // the baseline's header, when one was read
	Soon     int
	Counts   map[Kind]int
	ByCause  map[Cause]int
	Total    int
	// ActNow counts the changes to act on (priority act_now: deadlines
	// passed since the last run, due within Soon days, rows now rejected,
	// errors raised): what the digest lists under Needs action, and what
	// --fail-on action acts on.
	ActNow int
	// ChangedVacancies counts the vacancies (and rejected rows) with a
	// change other than the as-of date's: what the digest's subject
	// counts, never the changes themselves.
	ChangedVacancies int
	// Upcoming is the run's next open deadlines, grouped by day and code,
	// soonest first (at most upcomingKept groups).
	Upcoming []Upcoming
	changes  *extsort.Set
}

// Changed reports whether anything but the as-of date moved: what
// --fail-on changed acts on. A deadline a correction moved into the past
// is also counted as changed (deadline_changed).
func (o *Outcome) Changed() bool {
	for k, n := range o.Counts {
		if c := (Change{Kind: k}); n > 0 && !c.AsOfOnly() {
			return true
		}
	}
	return false
}

// Each calls fn with every change, most urgent first. It may be called
// more than once.
func (o *Outcome) Each(fn func(*Change) error) error {
	var c Change
	intern := new(interner)
	return o.changes.Each(func(_ []byte, payload []byte) error {
		if err := decodeChange(payload, &c, intern); err != nil {
			return err
		}
		if o.Status != Compared && !c.AsOfOnly() {
			return nil // compared before the baseline proved damaged: dropped
		}
		return fn(&c)
	})
}

// Close releases the temporary files.
func (o *Outcome) Close() {
	if o != nil {
		o.changes.Close()
	}
}

// outcome is Finish's outcome before the records are merged: nothing
// compared, no deadline due soon counted.
func (c *Comparer) outcome() *Outcome {
	return &Outcome{Status: Off, Soon: max(c.opts.Soon, 0), Counts: map[Kind]int{},
		ByCause: map[Cause]int{}, Upcoming: c.upcoming.list()}
}

// Plain is the outcome Finish(snapshot, nil, nil) will give, known before
// it runs, when nothing in it depends on the merge of the records: no
// comparison asked, and the deadlines due soon counted for nobody (Soon
// below 0). Then the snapshot can be written while the run's other
// outputs are finished. ok is false otherwise. The outcome holds no
// changes; Finish's own is to be closed as usual.
func (c *Comparer) Plain() (o *Outcome, ok bool) {
	if c.soonTo != "" {
		return nil, false
	}
	return c.outcome(), true
}

// Finish writes the snapshot of this run to snapshot and compares it with
// base (nil when there is none; skip then says why, or is nil when no
// comparison was asked). The comparer is spent. An error is the run's:
// the snapshot could not be written. A baseline found damaged half way is
// not an error: the outcome is Skipped.
func (c *Comparer) Finish(snapshot io.Writer, base *Baseline, skip *Skip) (*Outcome, error) {
	defer c.recs.Close()
	h := c.opts.Header
	h.Rows = c.recs.Len()
	h.Editions = slices.Sorted(maps.Keys(c.editions))
	if h.Editions == nil {
		h.Editions = []string{}
	}
	o := c.outcome()
	switch {
	case base != nil:
		o.Status, o.Baseline = Compared, &base.Header
	case skip != nil && skip.First:
		o.Status, o.Reason = FirstRun, skip.Reason
	case skip != nil:
		o.Status, o.Reason = Skipped, skip.Reason
	}
	sw, err := newSnapshotWriter(snapshot, h)
	if err != nil {
		return nil, fmt.Errorf("changes: write snapshot: %w", err)
	}
	defer sw.abort()
	m, err := c.recs.Sorted()
	if err != nil {
		return nil, err
	}
	j := &join{cur: h, base: base, c: c, out: extsort.New(c.opts.TempDir, c.opts.SortMemory),
		counts: map[Kind]int{}, causes: map[Cause]int{}, soonCounts: map[Kind]int{}}
	var files *inputDiff
	if base != nil && !c.opts.Part {
		files = diffInputs(base.Header.Inputs, h.Inputs)
		j.files = files.tracker()
	}
	defer func() {
		if j.out != nil {
			j.out.Close()
		}
	}()
	if base != nil {
		if c.opts.SnapshotOnly {
			return nil, errors.New("changes: a comparison asked of a snapshot-only run")
		}
		j.ahead = newPrefetch(base)
		defer j.ahead.close()
		j.advance()
	}
	var cur Record
	intern := new(interner)
	// This run's records are decoded beside the merge too (decoding is a
	// large part of the merge's CPU); the snapshot-only run copies their
	// lines.
	var decoded *prefetch
	if !c.opts.SnapshotOnly {
		decoded = readAhead(func(r *Record) (bool, error) {
			key, _, payload, ok, err := m.Next()
			if err != nil || !ok {
				return false, err
			}
			return true, decodeRecord(payload, string(key), r, intern)
		})
		defer decoded.close()
	}
	for {
		if decoded != nil {
			ok, err := decoded.next(&cur)
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
		} else {
			_, _, payload, ok, err := m.Next()
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
			// The payload is the record's line (Add).
			if err := sw.raw(payload); err != nil {
				return nil, fmt.Errorf("changes: write snapshot: %w", err)
			}
			continue
		}
		if err := sw.record(&cur); err != nil {
			return nil, fmt.Errorf("changes: write snapshot: %w", err)
		}
		j.soon(&cur)
		if j.comparing() {
			j.step(&cur)
		}
		if j.err != nil {
			return nil, j.err
		}
	}
	for j.comparing() && j.havePrev {
		j.unmatched(&j.prev, true)
		j.advance()
	}
	if j.comparing() {
		j.flush()
		j.emitHeld()
	}
	if j.comparing() && j.matched == 0 && j.baseRecords > 0 && h.Rows > 0 && !sharesAFile(base.Header.Inputs, h.Inputs) {
		// Every row would be added and every one removed, from files of
		// other names and contents: not a night's news but other
		// vacancies (another county's folder given as PREV). Over a file
		// of the same name or content, it is the night's news.
		j.broken = &Skip{Reason: fmt.Sprintf("baseline %s shares no vacancy with this run (its %s of %s, this run's %s of %s: no vacancy_id, nor seat and vacancy date, nor file in common): nothing to compare; comparison skipped",
			base.Path, plural(j.baseRecords, "row", "rows"), inputList(base.Header.Inputs), plural(h.Rows, "row", "rows"), inputList(h.Inputs))}
	}
	if j.comparing() {
		for _, ch := range files.changes(j.files) {
			j.emit(&ch, false)
		}
	}
	if j.err != nil {
		return nil, j.err
	}
	if err := sw.close(); err != nil {
		return nil, fmt.Errorf("changes: write snapshot: %w", err)
	}
	if j.broken != nil {
		o.Status, o.Reason, o.Baseline = Skipped, j.broken.Reason, nil
	}
	for k, n := range j.soonCounts {
		o.Counts[k] += n
		o.ByCause[ByAsOf] += n
	}
	o.ActNow = j.soonActNow
	if o.Status == Compared {
		for k, n := range j.counts {
			o.Counts[k] += n
		}
		for k, n := range j.causes {
			o.ByCause[k] += n
		}
		o.ActNow += j.actNow
		o.ChangedVacancies = j.changedRows
	}
	for _, n := range o.Counts {
		o.Total += n
	}
	set, err := j.out.Finish()
	if err != nil {
		return nil, err
	}
	j.out = nil
	o.changes = set
	return o, nil
}

// join is the merge of this run's sorted records with the baseline's.
type join struct {
	cur      Header
	base     *Baseline
	ahead    *prefetch // base's records, read beside the merge
	c        *Comparer
	prev     Record
	havePrev bool
	broken   *Skip // the baseline proved damaged: stop comparing
	err      error // the run's own failure (temporary files)

	matched     int          // rows of both runs paired
	baseRecords int          // the baseline's records read
	files       *fileTracker // where the rows of input files gone from the set went; nil when none went
	about       *Record      // the row being compared, whose next open deadline is its changes' ActBy; nil for one gone
	next        string       // about's next open deadline, once aboutNext
	aboutNext   bool
	actNow      int
	soonActNow  int

	// The unmatched records of the seat being passed, of either run,
	// until the next seat: a rejected row without an id pairs there with
	// the same seat's row of the other run.
	seat               string
	pendPrev, pendCur  []Record
	out                *extsort.Sorter
	seq                uint64
	buf                []byte
	counts, soonCounts map[Kind]int
	causes             map[Cause]int

	// changedRows counts the rows with a change other than the as-of
	// date's; rowCounted says the current row (pair, added, removed) is.
	changedRows int
	rowCounted  bool

	// The conflicts another row raised or cleared (a duplicate gone):
	// held to the end of the merge, when what happened to the other rows
	// of their seat is known (seatNews), to name it as their cause.
	held     []Change
	heldSeat []string
	seatNews map[string][]string
}

func (j *join) comparing() bool { return j.base != nil && j.broken == nil && j.err == nil }

func (j *join) advance() {
	ok, err := j.ahead.next(&j.prev)
	if ok {
		j.baseRecords++
	}
	if err != nil {
		if s, isSkip := err.(*Skip); isSkip {
			j.broken = s
		} else {
			j.err = err
		}
		j.havePrev = false
		return
	}
	j.havePrev = ok
}

// step takes this run's next record in key order.
func (j *join) step(cur *Record) {
	for j.comparing() && j.havePrev && j.prev.Key < cur.Key {
		j.unmatched(&j.prev, true)
		j.advance()
	}
	if !j.comparing() {
		return
	}
	if j.havePrev && j.prev.Key == cur.Key {
		j.pair(&j.prev, cur)
		j.advance()
		return
	}
	j.unmatched(cur, false)
}

// maxSeatPending bounds the unmatched records of one seat held until the
// seat ends: a county's busiest seat has a few rows a year, and a
// generated statewide office a few hundred.
const maxSeatPending = 4096

// unmatched is a record the other run has no key for. Seat-keyed ones
// wait for the end of their seat.
func (j *join) unmatched(r *Record, prev bool) {
	if s := seatPrefix(r.Key); s != "" {
		if s != j.seat {
			j.flush()
			j.seat = s
		}
		rc := r.clone() // past the reader's batch, which reuses r's arrays
		if prev {
			j.pendPrev = append(j.pendPrev, rc)
		} else {
			j.pendCur = append(j.pendCur, rc)
		}
		if len(j.pendPrev)+len(j.pendCur) >= maxSeatPending {
			// A seat this crowded is no board's: its rows are paired
			// among the ones held so far, so memory stays bounded.
			j.flush()
			j.seat = s
		}
		return
	}
	j.flush()
	if prev {
		j.removed(r)
	} else {
		j.added(r)
	}
}

// flush ends a seat: a rejected row (no vacancy date) pairs with a row of
// the other run left over on the same seat; the rest came or went.
func (j *join) flush() {
	used := make([]bool, len(j.pendCur))
	for i := range j.pendPrev {
		p := &j.pendPrev[i]
		k := -1
		for x := range j.pendCur {
			if !used[x] && (p.Rejected != "" || j.pendCur[x].Rejected != "") {
				k = x
				break
			}
		}
		if k >= 0 {
			used[k] = true
			j.pair(p, &j.pendCur[k])
		} else {
			j.removed(p)
		}
	}
	for x := range j.pendCur {
		if !used[x] {
			j.added(&j.pendCur[x])
		}
	}
	j.pendPrev, j.pendCur, j.seat = j.pendPrev[:0], j.pendCur[:0], ""
}

func (j *join) emit(ch *Change, soon bool) {
	if !soon && !ch.AsOfOnly() && !inputKind(ch.Kind) && !j.rowCounted {
		j.rowCounted = true
		j.changedRows++
	}
	j.add(ch, soon)
}

// add sorts a change into the outcome and counts it.
func (j *join) add(ch *Change, soon bool) {
	ch.Priority = priorityOf(ch.Kind, ch.Severity)
	switch {
	case ch.Priority == ActNow && ch.ActBy == "":
		ch.ActBy = j.c.asOf // a deadline missed, a row rejected, an error raised: today
	case ch.Priority == Changed && ch.ActBy == "" && !inputKind(ch.Kind):
		if j.about != nil && !j.aboutNext {
			j.next, j.aboutNext = nextOpen(j.about), true
		}
		ch.ActBy = j.next
	}
	j.buf = encodeChange(j.buf[:0], ch)
	if err := j.out.Add(ch.sortKey(j.c.asOf), j.seq, j.buf); err != nil && j.err == nil {
		j.err = err
	}
	j.seq++
	if soon {
		j.soonCounts[ch.Kind]++
		j.soonActNow++
		return
	}
	j.counts[ch.Kind]++
	j.causes[ch.Cause]++
	if ch.Priority == ActNow {
		j.actNow++
	}
}

func about(ch *Change, r *Record) *Change {
	ch.VacancyID, ch.Source = r.ID, r.Source
	if len(r.In) > inCounty {
		ch.Office, ch.District, ch.County = r.In[inOffice], r.In[inDistrict], r.In[inCounty]
		ch.Class = r.In[inClass]
	}
	return ch
}

// soon reports this run's open deadlines due within the --soon window.
func (j *join) soon(r *Record) {
	if j.c.soonTo == "" {
		return
	}
	for _, d := range r.Deadlines {
		if !d.open() || d.Date < j.c.asOf || d.Date > j.c.soonTo {
			continue
		}
		j.emit(about(&Change{Kind: DeadlineSoon, Date: d.Date, Item: d.Code, New: d.Date, Cause: ByAsOf,
			CauseDetail: "due within " + strconv.Itoa(j.c.opts.Soon) + " days of the as-of date " + j.c.asOf,
			ActBy:       d.Date, Verify: d.Verify, Dup: duplicateOf(r), IfNoSpecial: d.IfNoSpecial,
			Days: daysBetween(j.c.asOf, d.Date)}, r), true)
	}
	// The election that fills the vacancy is an item of its own: a board
	// with its special election within the week must read it here, not
	// only in the calendar file.
	if e := r.Election; r.Rejected == "" && e != "" && e >= j.c.asOf && e <= j.c.soonTo {
		item := GeneralElectionDay
		if r.Method == string(compute.SpecialElection) {
			item = SpecialElectionDay
		}
		j.emit(about(&Change{Kind: ElectionSoon, Date: e, Item: item, New: e, Cause: ByAsOf,
			CauseDetail: "within " + strconv.Itoa(j.c.opts.Soon) + " days of the as-of date " + j.c.asOf,
			ActBy:       e, Dup: duplicateOf(r), Days: daysBetween(j.c.asOf, e), Method: r.Method}, r), true)
	}
}

// The items of an election day due soon (election_soon): the election
// that fills the vacancy.
const (
	SpecialElectionDay = "special_election_day"
	GeneralElectionDay = "general_election_day"
)

// duplicateOf is the rows a DUPLICATE_VACANCY conflict of the record
// names, "" when it has none.
func duplicateOf(r *Record) string {
	for i := range r.Conflicts {
		if o := compute.DuplicateOthers(r.Conflicts[i].Code, r.Conflicts[i].Message); o != "" {
			return o
		}
	}
	return ""
}

func (j *join) added(r *Record) {
	j.about, j.next, j.aboutNext, j.rowCounted = r, "", false, false
	j.news(r, r.ID+" ("+r.Source+") was added to the inputs")
	ch := about(&Change{Kind: VacancyAdded, Cause: ByInput, CauseDetail: "a row the last run's inputs did not have"}, r)
	if r.Rejected != "" {
		ch.Kind, ch.Date, ch.New, ch.Problem = NowRejected, j.c.asOf, "rejected", r.Rejected
		j.emit(ch, false)
		return
	}
	ch.New = r.Method
	ch.Date = nextOpen(r)
	ch.VacancyDate, ch.Method, ch.Election = r.VacancyDate, r.Method, r.Election
	j.emit(ch, false)
	for _, c := range r.Conflicts {
		if c.Severity == "error" {
			j.emit(about(&Change{Kind: ConflictRaised, Date: j.c.asOf, Item: c.Code, New: c.Code, Severity: c.Severity,
				Cause: ByInput, CauseDetail: ch.CauseDetail, Field: c.Field, ConflictMessage: c.Message}, r), false)
		}
	}
}

func (j *join) removed(r *Record) {
	j.about, j.next, j.aboutNext, j.rowCounted = nil, "", false, false
	j.news(r, r.ID+" ("+r.Source+") is no longer in the inputs")
	ch := about(&Change{Kind: VacancyRemoved, Cause: ByInput, CauseDetail: "the row is no longer in the inputs",
		Old: r.Method, Method: r.Method, Election: r.Election, VacancyDate: r.VacancyDate}, r)
	if r.Rejected != "" {
		ch.Old, ch.Problem = "rejected", r.Rejected
	}
	j.emit(ch, false)
}

// pair compares one row of both runs.
func (j *join) pair(p, c *Record) {
	j.matched++
	// Most pairs change nothing: the next deadline is looked for only
	// when one does.
	j.about, j.next, j.aboutNext, j.rowCounted = c, "", false, false
	if !slices.Equal(p.In, c.In) {
		j.news(p, c.ID+" ("+c.Source+") changed")
		j.news(c, c.ID+" ("+c.Source+") changed")
	}
	if j.files != nil {
		j.files.pair(p.Source, c.Source)
	}
	var cause Cause
	var detail string
	why := func() (Cause, string) {
		if cause == "" {
			cause, detail = j.cause(p, c)
		}
		return cause, detail
	}
	emit := func(ch *Change) {
		ch.Cause, ch.CauseDetail = why()
		ch.OwnRow = ch.Cause == ByInput // the row's own columns changed (cause)
		j.emit(about(ch, c), false)
	}
	switch {
	case p.Rejected != "" && c.Rejected != "":
		return
	case c.Rejected != "":
		// The problem is the cause: a value that does not read is blank
		// in the record, which would say less than the problem does.
		j.emit(about(&Change{Kind: NowRejected, Date: j.c.asOf, Old: "accepted", New: "rejected",
			Cause: ByInput, CauseDetail: c.Rejected, OwnRow: c.RejectedInput, Problem: c.Rejected}, c), false)
		return
	case p.Rejected != "":
		j.emit(about(&Change{Kind: NoLongerRejected, Date: nextOpen(c), Old: "rejected", New: "accepted",
			Cause: ByInput, CauseDetail: "was rejected: " + p.Rejected, Problem: p.Rejected,
			VacancyDate: c.VacancyDate, Method: c.Method, Election: c.Election}, c), false)
		return
	}
	if p.VacancyDate != c.VacancyDate {
		emit(&Change{Kind: VacancyDateChanged, Date: c.VacancyDate, Item: "vacancy_date", Old: p.VacancyDate, New: c.VacancyDate})
	}
	if p.Method != c.Method {
		emit(&Change{Kind: MethodChanged, Date: c.Election, Item: "filling_method", Old: p.Method, New: c.Method})
	}
	if p.Election != c.Election {
		emit(&Change{Kind: ElectionChanged, Date: c.Election, Item: "filling_election_date", Old: p.Election, New: c.Election})
	}
	j.deadlines(p, c, emit)
	j.conflicts(p, c, emit)
}

func (j *join) deadlines(p, c *Record, emit func(*Change)) {
	for _, cd := range c.Deadlines {
		i := slices.IndexFunc(p.Deadlines, func(d Deadline) bool { return d.Code == cd.Code })
		if i < 0 {
			ch := &Change{Kind: DeadlineAdded, Date: cd.Date, Item: cd.Code, New: cd.Date, Verify: cd.Verify, Passed: cd.Passed}
			emit(ch)
			continue
		}
		pd := p.Deadlines[i]
		switch {
		case pd.Date != cd.Date:
			emit(&Change{Kind: DeadlineChanged, Date: cd.Date, Item: cd.Code, Old: pd.Date, New: cd.Date, Verify: cd.Verify,
				Passed: cd.Passed})
			if cd.Passed && pd.open() {
				j.correctedPast(&cd, pd.Date, emit)
			}
		case pd.open() && cd.Passed:
			j.emit(about(&Change{Kind: DeadlinePassed, Date: cd.Date, Item: cd.Code, Old: "open", New: "passed",
				Cause: ByAsOf, CauseDetail: "as-of date " + j.base.Header.AsOf + " → " + j.c.asOf, Verify: cd.Verify}, c), false)
		case pd.open() && cd.Met:
			emit(&Change{Kind: DeadlineMet, Date: cd.Date, Item: cd.Code, Old: "open", New: "met"})
		}
	}
	for _, pd := range p.Deadlines {
		if !slices.ContainsFunc(c.Deadlines, func(d Deadline) bool { return d.Code == pd.Code }) {
			emit(&Change{Kind: DeadlineDropped, Date: pd.Date, Item: pd.Code, Old: pd.Date})
		}
	}
}

// correctedPast is a deadline open in the last run that a change of this
// row's inputs (or of the law) moved from old to a last day behind the
// as-of date: it passed since the last run as surely as one the as-of
// date overtook, and someone must check today whether it was met. (One
// that did not apply then and applies now, already passed, is only a
// deadline_added: after a change of law there may be thousands.)
func (j *join) correctedPast(cd *Deadline, old string, emit func(*Change)) {
	emit(&Change{Kind: DeadlinePassed, Date: cd.Date, Item: cd.Code, Old: "open", New: "passed", Verify: cd.Verify, From: old})
}

func (j *join) conflicts(p, c *Record, emit func(*Change)) {
	same := func(a, b Conflict) bool { return a.Code == b.Code && a.Field == b.Field }
	// Multisets: a code raised twice on one field counts twice.
	usedP := make([]bool, len(p.Conflicts))
	for _, cc := range c.Conflicts {
		i := -1
		for x, pc := range p.Conflicts {
			if !usedP[x] && same(pc, cc) {
				i = x
				break
			}
		}
		if i >= 0 {
			usedP[i] = true
			continue
		}
		d := j.c.asOf
		if cc.Severity != "error" {
			d = ""
		}
		ch := &Change{Kind: ConflictRaised, Date: d, Item: cc.Code, New: cc.Code, Severity: cc.Severity,
			Field: cc.Field, ConflictMessage: cc.Message}
		if !j.byOtherRow(p, c, ch, emit) {
			emit(ch)
		}
	}
	for x, pc := range p.Conflicts {
		if !usedP[x] {
			ch := &Change{Kind: ConflictCleared, Item: pc.Code, Old: pc.Code, Severity: pc.Severity, Field: pc.Field}
			if !j.byOtherRow(p, c, ch, emit) {
				emit(ch)
			}
		}
	}
}

// crossRow are the conflicts that compare a row with the other rows of
// the inputs: another row can raise or clear them.
var crossRow = map[string]bool{"DUPLICATE_VACANCY": true, "SAME_SEAT": true, "SPECIAL_PIGGYBACK": true}

// maxHeld bounds the changes held for their cause, and maxSeatNews the
// seats whose news is kept: past them, the cause is named in general.
const (
	maxHeld     = 4096
	maxSeatNews = 65536
)

// byOtherRow holds a cross-row conflict's change when the row's own
// inputs did not change: another row raised or cleared it (a duplicate
// removed, not "as-of date 2027-02-09 → 2027-02-10"), named at the end of
// the merge (emitHeld). It reports whether it took the change.
func (j *join) byOtherRow(p, c *Record, ch *Change, emit func(*Change)) bool {
	if !crossRow[ch.Item] {
		return false
	}
	if cause, _ := j.cause(p, c); cause == ByInput {
		return false // the row's own inputs changed: that is why
	}
	about(ch, c)
	ch.Cause = ByInput
	if len(j.held) >= maxHeld {
		ch.CauseDetail = "another row of the inputs changed or was removed"
		emit(ch)
		return true
	}
	// Counted now, as the row's; sorted in once its cause is known.
	if !j.rowCounted {
		j.rowCounted = true
		j.changedRows++
	}
	if priorityOf(ch.Kind, ch.Severity) == Changed {
		ch.ActBy = nextOpen(c)
	}
	j.held = append(j.held, *ch)
	j.heldSeat = append(j.heldSeat, c.seatKey())
	return true
}

// news records what happened to a row, under its seat, for the held
// changes' causes.
func (j *join) news(r *Record, what string) {
	if j.seatNews == nil {
		j.seatNews = map[string][]string{}
	}
	seat := r.seatKey()
	if seat == "" {
		return
	}
	list, ok := j.seatNews[seat]
	if !ok && len(j.seatNews) >= maxSeatNews {
		return
	}
	if len(list) < 4 && !slices.Contains(list, what) {
		j.seatNews[seat] = append(list, what)
	}
}

// emitHeld names the cause of each held change, what happened to the
// other rows of its seat, and sorts it in.
func (j *join) emitHeld() {
	for i := range j.held {
		ch := &j.held[i]
		var others []string
		for _, n := range j.seatNews[j.heldSeat[i]] {
			if !strings.HasPrefix(n, ch.VacancyID+" ("+ch.Source+")") {
				others = append(others, n)
			}
		}
		if len(others) == 0 {
			ch.CauseDetail = "another row of the inputs changed"
		} else {
			ch.CauseDetail = "another row of this seat: " + strings.Join(others, "; ")
		}
		j.about, j.next, j.aboutNext = nil, "", true // ActBy was set when held
		j.add(ch, false)
	}
	j.held, j.heldSeat = nil, nil
}

// derivedBoth reports whether both records' office_class was derived
// from the office name, their cells blank. A snapshot that does not say
// (an earlier version's) is taken at its word for a given class only when
// this run's cell was given too: a class this run derives is then no
// input change, whatever the earlier version derived.
func (j *join) derivedBoth(p, c *Record) bool {
	return c.ClassDerived && (p.ClassDerived || !j.base.Header.ClassDerivation)
}

// cause names why a row's results changed, in order of precedence: its
// own inputs, the law, the calendar, the tool, the as-of date.
func (j *join) cause(p, c *Record) (Cause, string) {
	var diffs []string
	for i, name := range InputFields {
		if i < len(p.In) && i < len(c.In) && p.In[i] != c.In[i] {
			if i == inClass && j.derivedBoth(p, c) {
				continue // the cell was blank both times: the tool derives another class
			}
			diffs = append(diffs, name+" "+orBlank(p.In[i])+" → "+orBlank(c.In[i]))
		}
	}
	if len(diffs) > 0 {
		return ByInput, strings.Join(diffs, "; ")
	}
	b := &j.base.Header
	switch {
	case p.Law != c.Law:
		return ByLaw, "law_edition " + orBlank(p.Law) + " → " + orBlank(c.Law)
	case b.RulesVersion != j.cur.RulesVersion:
		return ByLaw, "rules version " + orBlank(b.RulesVersion) + " → " + orBlank(j.cur.RulesVersion)
	case !slices.Equal(b.Editions, j.curEditions()):
		return ByLaw, "editions " + strings.Join(b.Editions, ", ") + " → " + strings.Join(j.curEditions(), ", ")
	case b.Calendar != j.cur.Calendar:
		return ByCalendar, "calendar overrides changed (" + orNone(b.Calendar) + " → " + orNone(j.cur.Calendar) + ")"
	case b.ToolVersion != j.cur.ToolVersion:
		return ByTool, "batch " + b.ToolVersion + " → " + j.cur.ToolVersion
	}
	return ByAsOf, "as-of date " + b.AsOf + " → " + j.c.asOf
}

func (j *join) curEditions() []string { return slices.Sorted(maps.Keys(j.c.editions)) }

// nextOpen is the row's earliest deadline still open.
func nextOpen(r *Record) string {
	best := ""
	for i := range r.Deadlines {
		if d := &r.Deadlines[i]; d.open() && (best == "" || d.Date < best) {
			best = d.Date
		}
	}
	return best
}

func orBlank(s string) string {
	if s == "" {
		return "(blank)"
	}
	return s
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

func daysBetween(a, b string) int {
	da, err1 := compute.ParseISO(a)
	db, err2 := compute.ParseISO(b)
	if err1 != nil || err2 != nil {
		return 0
	}
	return da.DaysUntil(db)
}

// Upcoming is one day's open deadlines of one code.
type Upcoming struct {
	Date  string
	Code  string
	Count int
	IDs   []string // the first few vacancies
	// The first vacancy's office, its district, county and office class.
	Office, District, County, Class string
	// Verify is what to check the date against (compute.Deadline.Verify),
	// the first vacancy's; "" when its date needs no check.
	Verify string
	// IfNoSpecial: the deadline applies only if no special election is
	// held; Dup: the rows the vacancies are also entered as (their
	// DUPLICATE_VACANCY). Groups differ in them.
	IfNoSpecial bool
	Dup         string
}

const (
	upcomingKept = 40 // groups kept
	upcomingIDs  = 3  // vacancy ids named per group
)

// upcoming keeps the earliest groups only: bounded however many rows come.
type upcoming struct{ g []Upcoming }

func (u *upcoming) add(dl *Deadline, r *Record) {
	id, day, code := r.ID, dl.Date, dl.Code
	if n := len(u.g); n == upcomingKept && (day > u.g[n-1].Date || day == u.g[n-1].Date && code > u.g[n-1].Code) {
		return
	}
	dup := ""
	if len(r.Conflicts) > 0 {
		dup = duplicateOf(r)
	}
	key := Upcoming{Date: day, Code: code, IfNoSpecial: dl.IfNoSpecial, Dup: dup}
	i, found := slices.BinarySearchFunc(u.g, key, func(a, b Upcoming) int {
		return cmp.Or(strings.Compare(a.Date, b.Date), strings.Compare(a.Code, b.Code),
			boolCompare(a.IfNoSpecial, b.IfNoSpecial), strings.Compare(a.Dup, b.Dup))
	})
	if found {
		u.g[i].Count++
		if len(u.g[i].IDs) < upcomingIDs {
			u.g[i].IDs = append(u.g[i].IDs, id)
		}
		return
	}
	g := Upcoming{Date: day, Code: code, Count: 1, IDs: []string{id}, Verify: dl.Verify, IfNoSpecial: dl.IfNoSpecial, Dup: dup}
	if len(r.In) > inCounty {
		g.Office, g.District, g.County, g.Class = r.In[inOffice], r.In[inDistrict], r.In[inCounty], r.In[inClass]
	}
	u.g = slices.Insert(u.g, i, g)
	if len(u.g) > upcomingKept {
		u.g = u.g[:upcomingKept]
	}
}

func (u *upcoming) list() []Upcoming { return u.g }

// boolCompare orders false before true.
func boolCompare(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// Header is this run's header as far as it is known before Finish: what
// Open checks a baseline against.
func (c *Comparer) Header() Header { return c.opts.Header }
