package export

import (
	"bytes"
	"encoding/json"
	"fmt"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/outdir"
)

// summaryOutput is summary.json (format json): in every folder of a
// split, which it names, whatever the run writes; it finishes last, and
// reports what the others wrote.
var summaryOutput = output{files: []string{summaryName}, slice: always, finish: 3, open: openSummary}

// summarySink writes summary.json once every row is counted: the same
// lists as the Summary sheet, for scripts.
type summarySink struct {
	*part
	file *outdir.File
}

func openSummary(p *part) (Sink, error) {
	f, err := p.create(summaryName)
	if err != nil {
		return nil, err
	}
	return &summarySink{part: p, file: f}, nil
}

// Vacancy: summary.json counts the rows (the Writer's tally).
func (w *summarySink) Vacancy(*Rows) error { return nil }

// Problem: summary.json counts the problems (the Writer's tally).
func (w *summarySink) Problem(*compute.Problem, bool) error { return nil }

// Finish writes summary.json, once the snapshot written beside the
// finishing is done (its wait is in the timings).
func (w *summarySink) Finish(run *Facts) error {
	if err := run.settled(); err != nil {
		return err
	}
	b, err := w.summaryJSON(run.RunInfo, run.Changes, run.timings(w.now()), run.Continued)
	if err != nil {
		return err
	}
	if _, err := w.file.Out().Write(b); err != nil {
		return fmt.Errorf("export: write %s: %w", summaryName, err)
	}
	return w.file.Finish()
}

// Abort removes summary.json.
func (w *summarySink) Abort() {
	_ = w.syncs.Wait()
	w.file.Remove()
}

// summaryDoc is summary.json. Struct fields keep the key order stable;
// the breakdown maps are written with sorted keys by encoding/json.
type summaryDoc struct {
	Version        string           `json:"version"`
	AsOf           string           `json:"as_of"`
	Edition        string           `json:"edition"` // how the law was picked (auto, or a fixed edition)
	Editions       []summaryEdition `json:"editions"`
	CheckedThrough string           `json:"law_checked_through"`
	Jobs           int              `json:"jobs"`
	Counts         summaryCounts    `json:"counts"`
	Inputs         []summaryInput   `json:"inputs"`
	Continued      []continuation   `json:"continued_sheets"`
	Upcoming       summaryAhead     `json:"next_14_days"`
	Action         summaryAction    `json:"needs_action"`
	Next           summaryNextDLs   `json:"next_open_deadlines"`
	Verify         []verifyLine     `json:"verify"` // once per unverified rule: the open deadlines resting on it
	Changes        *changesSummary  `json:"changes,omitempty"`
	Timings        []timing         `json:"timings"`
	Duration       float64          `json:"duration_seconds"`
	Split          *summarySplitDoc `json:"split,omitempty"` // a split run's statewide summary
	Slice          *summarySplitDoc `json:"slice,omitempty"` // a slice's
	// Issue 32: the election days ahead, and whether this part reached
	// the run's --fail-on (its mail is due).
	Elections summaryElections `json:"election_days"`
	FailOn    failOnDoc        `json:"fail_on"`
	// Issue 35: the calendar input applied, and to whose rows (overrides.go).
	Overrides []CalendarOverride `json:"calendar_overrides"`
}

type summaryCounts struct {
	Vacancies     int            `json:"vacancies"`
	RejectedRows  int            `json:"rejected_rows"`
	Problems      int            `json:"problems"`
	BlankRows     int            `json:"blank_rows"`
	ByMethod      map[string]int `json:"by_method"`
	BySeverity    map[string]int `json:"by_severity"`
	ByCounty      map[string]int `json:"by_county"`
	ByOfficeClass map[string]int `json:"by_office_class"`
}

type summaryInput struct {
	Path     string   `json:"path"`
	SHA256   string   `json:"sha256"`
	Sheets   []string `json:"sheets"`
	Rows     int      `json:"rows"`
	Accepted int      `json:"accepted"`
	Rejected int      `json:"rejected"`
	Blank    int      `json:"blank"`
	Unread   []string `json:"sheets_not_read,omitempty"`
	Notes    []string `json:"notes,omitempty"`
	// Issue 35: the sheets read though hidden, hiding rows, or filtered.
	Hidden []HiddenSheet `json:"hidden,omitempty"`
}

type summaryAhead struct {
	From  string          `json:"from"`
	To    string          `json:"to"`
	Count int             `json:"count"`
	Shown []summaryOpenDL `json:"shown"`
}

type summaryOpenDL struct {
	EffectiveDate string `json:"effective_date"`
	Code          string `json:"code"`
	Kind          string `json:"kind"`
	WindowStart   string `json:"window_start"`
	VacancyID     string `json:"vacancy_id"`
	Office        string `json:"office"`
	District      string `json:"district"`
	County        string `json:"county"`
	Citation      string `json:"citation"`
	Verify        string `json:"verify"`        // the deadline's verify mark, "" when its date rests on read or corroborated text
	IfNoSpecial   bool   `json:"if_no_special"` // applies only if no special election is held
	DuplicateOf   string `json:"duplicate_of"`  // the rows the vacancy is also entered as (DUPLICATE_VACANCY), "" when none
}

// summaryAction is what Summary's first lists hold: the vacancies with
// errors, then with warnings (each list capped at actionCap, soonest next
// deadline first).
type summaryAction struct {
	Errors   int              `json:"errors"`
	Warnings int              `json:"warnings"`
	Shown    []summaryVacancy `json:"shown"`
}

type summaryVacancy struct {
	Severity         string `json:"severity"`
	VacancyID        string `json:"vacancy_id"`
	Office           string `json:"office"`
	District         string `json:"district"`
	County           string `json:"county"`
	Code             string `json:"code"`
	Message          string `json:"message"`
	Citation         string `json:"citation"`
	OtherConflicts   int    `json:"other_conflicts"`
	NextDeadline     string `json:"next_deadline"`
	NextDeadlineDate string `json:"next_deadline_date"`
}

// summaryNextDLs is Summary's list of the next open deadlines, whatever
// their distance.
type summaryNextDLs struct {
	Count int             `json:"count"` // open deadlines on and after the as-of date
	Shown []summaryNextDL `json:"shown"`
}

// summaryNextDL is a next_14_days entry with what must be filed in words
// and the days left.
type summaryNextDL struct {
	summaryOpenDL
	Title    string `json:"title"`
	DaysLeft int    `json:"days_left"`
}

func (u upcoming) json() summaryOpenDL {
	return summaryOpenDL{u.date.String(), u.code, u.kind, u.windowStart.String(), u.vacancyID, u.office,
		u.district, u.county, u.citation, u.verify, u.ifNoSpecial, u.dup}
}

func blankRows(info RunInfo) int {
	n := 0
	for _, in := range info.Inputs {
		n += in.Blank
	}
	return n
}

func (w *summarySink) summaryJSON(info RunInfo, o *changes.Outcome, ts []timing, cont []continuation) ([]byte, error) {
	t := w.tally
	sev := map[string]int{}
	for _, c := range t.severityCounts() {
		sev[c.Key] = c.Count
	}
	doc := summaryDoc{
		Version: info.Version, AsOf: w.opts.AsOf.String(), Edition: w.lawChoice(), Editions: w.editionsUsed(),
		CheckedThrough: w.checkedThrough().String(), Jobs: info.Jobs,
		Counts: summaryCounts{Vacancies: t.vacancies, RejectedRows: t.rejected, Problems: t.problems,
			BlankRows: blankRows(info), ByMethod: t.byMethod, BySeverity: sev, ByCounty: t.byCounty,
			ByOfficeClass: t.byClass},
		Inputs:    []summaryInput{},
		Continued: cont,
		Upcoming: summaryAhead{From: t.from.String(), To: t.to.String(), Count: t.upcomingTotal,
			Shown: []summaryOpenDL{}},
		Changes:  changesJSON(o),
		Timings:  ts,
		Duration: totalSeconds(ts),
	}
	doc.Overrides = overridesJSON(info)
	if doc.Continued == nil {
		doc.Continued = []continuation{}
	}
	doc.Split, doc.Slice = w.splitDoc()
	for _, in := range info.Inputs {
		sheets := in.Sheets
		if sheets == nil {
			sheets = []string{}
		}
		doc.Inputs = append(doc.Inputs, summaryInput{in.Path, in.SHA256, sheets, in.Rows, in.Accepted,
			in.Rejected, in.Blank, in.Unread, in.Notes, in.Hidden})
	}
	for _, u := range t.upcomingSorted() {
		doc.Upcoming.Shown = append(doc.Upcoming.Shown, u.json())
	}
	doc.Action = summaryAction{Errors: t.errorTotal, Warnings: t.warningTotal, Shown: []summaryVacancy{}}
	for _, list := range []*bounded[action]{&t.errors, &t.warnings} {
		for _, a := range list.sorted() {
			doc.Action.Shown = append(doc.Action.Shown, summaryVacancy{a.severity.String(), a.vacancyID, a.office,
				a.district, a.county, a.code, a.message, a.citation, a.more, a.nextCode, a.next.String()})
		}
	}
	doc.Next = summaryNextDLs{Count: t.openTotal, Shown: []summaryNextDL{}}
	if !t.from.IsZero() {
		for _, u := range t.nextDeadlines() {
			doc.Next.Shown = append(doc.Next.Shown, summaryNextDL{u.json(), w.opts.words.nextTitle(u, t.from), t.from.DaysUntil(u.date)})
		}
	}
	doc.Verify = t.verify.lines()
	doc.Elections = t.electionsJSON()
	doc.FailOn = w.failOn(info, o)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // office names with "&" stay readable
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("export: write %s: %w", summaryName, err)
	}
	return b.Bytes(), nil
}

// changesSummary is summary.json's "changes".
type changesSummary struct {
	Status       string         `json:"status"` // compared, first_run, skipped, off
	Reason       string         `json:"reason"`
	ComparedWith *comparedWith  `json:"compared_with"`
	Changed      bool           `json:"changed"` // anything but the as-of date moved
	SoonDays     int            `json:"soon_days"`
	Total        int            `json:"total"`
	ByKind       map[string]int `json:"by_kind"`
	ByCause      map[string]int `json:"by_cause"`
}

type comparedWith struct {
	AsOf        string `json:"as_of"`
	ToolVersion string `json:"tool_version"`
}

func changesJSON(o *changes.Outcome) *changesSummary {
	if o == nil {
		return nil
	}
	s := &changesSummary{Status: o.Status, Reason: o.Reason, Changed: o.Changed(), SoonDays: o.Soon,
		Total: o.Total, ByKind: map[string]int{}, ByCause: map[string]int{}}
	if o.Baseline != nil {
		s.ComparedWith = &comparedWith{o.Baseline.AsOf, o.Baseline.ToolVersion}
	}
	for k, n := range o.Counts {
		s.ByKind[string(k)] = n
	}
	for k, n := range o.ByCause {
		s.ByCause[string(k)] = n
	}
	return s
}
