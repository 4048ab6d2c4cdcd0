package export

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	ics "github.com/arran4/golang-ical"

	"batch/internal/icalline"
	"batch/pkg/compute"
	"batch/pkg/outdir"
)

// icsWriter streams deadlines.ics: the calendar's header (golang-ical's
// serialisation, once), then each VEVENT as it comes, its content lines
// folded at 75 octets and its text escaped by internal/icalline into a
// reused buffer, then the footer.
//
// By default the calendar holds what someone must still do: an all-day
// event on the last day of each actionable deadline
// ((*compute.Deadline).Actionable), one on the first day of its window
// when that day is still ahead, and every election day still ahead that
// fills a vacancy or that those deadlines serve. With Options.ICSAll it
// holds every applicable deadline and every election day, passed or not,
// as it did before the calendar became a to-do list. Options.ICSFrom
// leaves out the events before a date in both.
//
// A title says what, for which seat, and which vacancy ("Last day to file
// designating petitions — Member of Assembly, AD 43 (Kings) [NY-0000123]"),
// so two vacancies of one seat read apart. A description is a few short
// lines: what, who files it and where, the period, the election it serves,
// the citation and edition, and "Verify:" when the date rests on text
// still unverified. Each event carries CATEGORIES (its county or
// counties, and its kind) and, unless the alarm is off, a reminder
// (VALARM) at 09:00 some days before, never before the as-of date (a
// deadline due tomorrow rings today at 09:00, not in the past); an event
// already past on the as-of date carries none, so that an import does not
// ring for history. An election day that fills a vacancy is such an item
// too: a reminder, and the counties of the vacancies it fills. The events
// of a row entered twice (DUPLICATE_VACANCY) say so and name the other row.
//
// No event is longer than maxEventBytes: text from the input is cut to a
// bounded length, and a description that still runs over loses its least
// needed lines.
//
// UIDs are stable across runs: a hash of vacancy_id and code, "@batch". A
// vacancy_id met again (the same vacancy entered twice) gets UIDs derived
// from the repeated row's own source, so no UID appears twice in a file.
// DTSTAMP is the as-of date at midnight UTC, not the clock, so the same
// input gives the same file.
type icsWriter struct {
	file  *outdir.File
	syncs *outdir.Syncs // the part's: the file is synced beside the run
	buf   *bufio.Writer
	cfg   *ics.SerializationConfiguration
	asOf  compute.Date
	from  compute.Date // events before it are left out; zero: none is
	all   bool         // every applicable deadline, not only the actionable
	alarm icsAlarm
	cal   *compute.Calendar // for the primary's day
	words *lawWords         // the law's: what each deadline asks, where papers are filed

	stamp     string            // DTSTAMP: the as-of date at midnight UTC
	event     []byte            // the event being written, measured before it goes out
	seen      map[uint64]uint32 // vacancy_ids met so far (a hash), and how often
	elections map[compute.Date]*electionDay
}

// maxEventBytes bounds one VEVENT, BEGIN to END with its line breaks: a
// calendar of tens of thousands of events stays small enough for a mail
// attachment and a client's import.
const maxEventBytes = 1024

// Bounds on the text an event takes from the input (in bytes, cut at a
// character), so that a long office or note cannot push an event past
// maxEventBytes.
const (
	maxSeatBytes   = 100
	maxIDBytes     = 40
	maxNoteBytes   = 160
	maxVerifyBytes = 160
	maxCountyBytes = 40
)

// electionDay is one election the calendar shows, with what it is for.
type electionDay struct {
	kind     string   // "General election", "Primary election", "Special election"
	sure     bool     // kind is that of an election filling a vacancy
	fills    int      // vacancies it fills
	serves   int      // vacancies whose deadlines serve it
	seats    []string // the first namedSeats it fills, in words with their vacancy_id
	counties []string // the counties of the vacancies it fills, the first maxElectionCounties
}

// maxElectionCounties bounds an election day's county categories.
const maxElectionCounties = 8

// namedSeats is how many filled seats an election's description names.
const namedSeats = 5

// icsAlarm is when an event's reminder goes off: at 09:00, days before
// the event's day; off: no reminder.
type icsAlarm struct {
	days int
	off  bool
}

// DefaultICSAlarmDays is how many days before a deadline its reminder
// goes off when Options.ICSAlarm is empty.
const DefaultICSAlarmDays = 3

// maxICSAlarmDays bounds --ics-alarm: a reminder further ahead than a
// year reminds of nothing.
const maxICSAlarmDays = 366

// CheckICSAlarm reports whether s is a reminder setting parseICSAlarm
// reads, for a command line to refuse a bad one before anything runs.
func CheckICSAlarm(s string) error {
	_, err := parseICSAlarm(s)
	return err
}

// parseICSAlarm reads an ICS reminder setting: "3d" (the reminder goes
// off at 09:00 three days before the day), "0d" (09:00 on the day), or
// "none" (no reminder); empty is the default, DefaultICSAlarmDays.
func parseICSAlarm(s string) (icsAlarm, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "":
		return icsAlarm{days: DefaultICSAlarmDays}, nil
	case "none", "off":
		return icsAlarm{off: true}, nil
	}
	if n, ok := strings.CutSuffix(t, "d"); ok {
		if d, err := strconv.Atoi(n); err == nil && d >= 0 && d <= maxICSAlarmDays && n != "" && n[0] != '+' {
			return icsAlarm{days: d}, nil
		}
	}
	return icsAlarm{}, fmt.Errorf("%q: give the days before the day as Nd (3d, 0d for the day itself, at most %dd) or none", s, maxICSAlarmDays)
}

// daysBefore is how many days before the event's day its reminder goes
// off: the alarm's days, but never before the as-of date, the day the
// calendar is made and imported (issue 32: a deadline due in two days had
// its reminder, three days before, already in the past). An event due
// today rings at 09:00 today.
func (a icsAlarm) daysBefore(asOf, day compute.Date) int {
	return max(0, min(a.days, asOf.DaysUntil(day)))
}

// icsTrigger is the reminder's TRIGGER, relative to the start of the
// event's day: 09:00 days before it.
func icsTrigger(days int) string {
	switch days {
	case 0:
		return "PT9H"
	case 1:
		return "-PT15H"
	}
	return fmt.Sprintf("-P%dDT15H", days-1)
}

// icsWhen says when the event is, seen from its reminder, in words.
func icsWhen(days int) string {
	switch days {
	case 0:
		return "today"
	case 1:
		return "tomorrow"
	}
	return "in " + strconv.Itoa(days) + " days"
}

// calendarOutput is deadlines.ics (format ics), in a split's folders too.
var calendarOutput = output{files: []string{icsName}, slice: asTheRun, finish: 1, open: openCalendar}

func openCalendar(p *part) (Sink, error) {
	alarm, _ := parseICSAlarm(p.opts.ICSAlarm) // checked by newWriter
	w, err := newICSWriter(p.create, icsConfig{asOf: p.opts.AsOf, from: p.opts.ICSFrom, all: p.opts.ICSAll,
		alarm: alarm, cal: p.opts.Calendar, words: p.opts.words})
	if err != nil {
		return nil, err
	}
	w.syncs = &p.syncs
	return w, nil
}

// Vacancy writes the vacancy's events from its finished row, whatever
// wrote its deadline rows: an event of a row entered twice says so.
func (w *icsWriter) Vacancy(v *Rows) error {
	if !v.Rest {
		return nil
	}
	return w.vacancy(v.Result)
}

// Problem: a rejected row has no events.
func (w *icsWriter) Problem(*compute.Problem, bool) error { return nil }

// Finish writes the election days and closes the calendar.
func (w *icsWriter) Finish(*Facts) error { return w.finish() }

// Abort removes deadlines.ics.
func (w *icsWriter) Abort() {
	_ = w.syncs.Wait()
	w.file.Remove()
}

// icsConfig is what deadlines.ics is written from.
type icsConfig struct {
	asOf, from compute.Date
	all        bool
	alarm      icsAlarm
	cal        *compute.Calendar
	words      *lawWords
}

func newICSWriter(create func(string) (*outdir.File, error), c icsConfig) (*icsWriter, error) {
	t, err := create(icsName)
	if err != nil {
		return nil, err
	}
	w := &icsWriter{file: t, buf: bufio.NewWriterSize(t.Out(), 256<<10), asOf: c.asOf, from: c.from,
		all: c.all, alarm: c.alarm, cal: c.cal, words: c.words,
		cfg:   &ics.SerializationConfiguration{MaxLength: 75, PropertyMaxLength: 75, NewLine: "\r\n"},
		stamp: dateValue(c.asOf) + "T000000Z",
		seen:  map[uint64]uint32{}, elections: map[compute.Date]*electionDay{}}
	head := ics.NewCalendar()
	head.SetProductId("-//batch//New York vacancy deadlines//EN")
	head.SetCalscale("GREGORIAN")
	head.SetMethod(ics.MethodPublish)
	head.SetXWRCalName("Vacancy deadlines")
	desc := "Open nomination deadlines and coming election days of the vacancies, judged on " + c.asOf.String()
	if c.all {
		desc = "Nomination deadlines and election days of the vacancies, passed or not, judged on " + c.asOf.String()
	}
	if !c.from.IsZero() {
		desc += "; from " + c.from.String() + " on"
	}
	head.SetXWRCalDesc(desc)
	if _, err := io.WriteString(w.buf, "BEGIN:VCALENDAR\r\n"); err != nil {
		t.Remove()
		return nil, fmt.Errorf("export: write %s: %w", icsName, err)
	}
	for _, p := range head.CalendarProperties {
		if err := p.SerializeTo(w.buf, w.cfg); err != nil {
			t.Remove()
			return nil, fmt.Errorf("export: write %s: %w", icsName, err)
		}
	}
	return w, nil
}

// eventUID is stable for a vacancy (its uidKey) and an event code.
func eventUID(key, code string) string {
	sum := sha256.Sum256([]byte(key + "\x00" + code))
	return hex.EncodeToString(sum[:16]) + "@batch"
}

// uidKey is what a vacancy's UIDs are derived from: its vacancy_id the
// first time the id is met; for a repeat, the id with the repeated row's
// source and the repeat's number, so that the same input row given twice
// (the same file named twice) still gets UIDs of its own. repeat reports
// whether the id was met before.
func (w *icsWriter) uidKey(v *compute.Vacancy) (key string, repeat bool) {
	h := fnv.New64a()
	h.Write([]byte(v.ID))
	k := h.Sum64()
	n := w.seen[k]
	w.seen[k] = n + 1
	if n == 0 {
		return v.ID, false
	}
	return v.ID + "\x00" + v.Source.String() + "\x00" + strconv.Itoa(int(n)), true
}

// icsText is text from the input as an event may carry it: one line, no
// control or format character (a calendar client or the terminal that
// prints the file must not act on it), invalid UTF-8 replaced, and at most
// max bytes, cut at a character with an ellipsis.
func icsText(s string, max int) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c >= utf8.RuneSelf {
			clean = false
			break
		}
	}
	if !clean {
		var b strings.Builder
		space := false
		for _, r := range s {
			if r == utf8.RuneError || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) ||
				r == '\u2028' || r == '\u2029' {
				if !space {
					b.WriteByte(' ')
				}
				space = true
				continue
			}
			space = r == ' '
			b.WriteRune(r)
		}
		s = b.String()
	}
	s = strings.TrimSpace(s)
	if len(s) <= max {
		return s
	}
	cut := max - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strings.TrimSpace(s[:cut]) + "…"
}

// place names a vacancy's seat in words, once: an office that already
// names its district ("Village Trustee, Village of Hudson Falls" in the
// Village of Hudson Falls) is not followed by the district again.
func place(v *compute.Vacancy) string {
	if d := strings.TrimSpace(v.District); d != "" && !isDigits(d) &&
		strings.Contains(strings.ToLower(v.Office), strings.ToLower(d)) {
		u := *v
		u.District = ""
		return icsText(seat(&u), maxSeatBytes)
	}
	return icsText(seat(v), maxSeatBytes)
}

// tag is the title's mark of the vacancy: its vacancy_id, and for a
// vacancy_id met again its row, so that no two vacancies' events read
// alike.
func tag(v *compute.Vacancy, repeat bool) string {
	id := icsText(v.ID, maxIDBytes)
	if repeat {
		return "[" + id + ", " + icsText(v.Source.String(), maxIDBytes) + "]"
	}
	return "[" + id + "]"
}

// primaryOf is the primary a deadline of the primary route serves (zero
// for another deadline): the day the engine names when it is not the
// filling election, else the calendar's primary of that year.
func (w *icsWriter) primaryOf(r *compute.Result, d *compute.Deadline) compute.Date {
	if !w.words.of(d.Code).primary || d.ElectionDate.IsZero() {
		return compute.Date{}
	}
	if d.ElectionDate != r.FillingElection {
		return d.ElectionDate
	}
	p, _ := w.cal.Primary(d.ElectionDate.Year)
	return p
}

// fillingKind is the kind of the election that fills the vacancy.
func fillingKind(r *compute.Result) string {
	switch r.Method {
	case compute.SpecialElection:
		return "Special election"
	case compute.AppointmentThenElection, compute.AppointmentToTermEnd:
		return "General village election"
	case compute.AppointmentThenSpecial:
		return "Special village election"
	}
	return "General election"
}

// electionKind names the election a deadline serves: the filling
// election's kind when it is that day (the engine gives the filling
// election as the day most deadlines serve), else what the deadline's
// route says.
func (w *icsWriter) electionKind(r *compute.Result, d *compute.Deadline) string {
	switch words := w.words.of(d.Code); {
	case !r.FillingElection.IsZero() && d.ElectionDate == r.FillingElection:
		return fillingKind(r)
	case words.primary:
		return "Primary election"
	case words.special:
		return "Special election"
	}
	return "General election"
}

// shown reports whether the calendar shows a deadline: an actionable one
// by default, every applicable one with ICSAll.
func (w *icsWriter) shown(d *compute.Deadline) bool {
	if d.Effective.IsZero() || !d.Applies {
		return false
	}
	return w.all || d.Actionable()
}

// ahead reports whether a day is one the calendar shows: on or after
// ICSFrom, and by default on or after the as-of date.
func (w *icsWriter) ahead(day compute.Date) bool {
	if day.Before(w.from) {
		return false
	}
	return w.all || !day.Before(w.asOf)
}

// vacancy writes one vacancy's events: its deadlines, and it notes the
// elections they serve and the one that fills it.
func (w *icsWriter) vacancy(r *compute.Result) error {
	v := &r.Vacancy
	key, repeat := w.uidKey(v)
	ev := vacancyWords{place: place(v), tag: tag(v, repeat), with: w.words.filing.For(v, func(c string) string { return icsText(c, maxCountyBytes) }),
		counties: v.Counties(), source: icsText(v.Source.String(), maxSeatBytes)}
	if dup := compute.DuplicateOf(r); dup != "" {
		// Every event of a row entered twice says so and names the other
		// row (a duty the other row records done is not among them).
		ev.tag += " (entered twice)"
		ev.dup = "Entered twice: this vacancy is also " + icsText(dup, maxNoteBytes) + "; keep one row."
	}
	var served []compute.Date
	for i := range r.Deadlines {
		d := &r.Deadlines[i]
		if !w.shown(d) {
			continue
		}
		if err := w.deadline(r, d, key, &ev); err != nil {
			return err
		}
		if d.ElectionDate.IsZero() || w.words.of(d.Code).electionDay {
			continue
		}
		if !slices.Contains(served, d.ElectionDate) {
			served = append(served, d.ElectionDate)
			w.election(d.ElectionDate, w.electionKind(r, d), false).serves++
		}
		if p := w.primaryOf(r, d); !p.IsZero() && !slices.Contains(served, p) {
			served = append(served, p)
			w.election(p, "Primary election", false).serves++
		}
	}
	if fe := r.FillingElection; !fe.IsZero() && (w.all || !fe.Before(w.asOf)) {
		e := w.election(fe, fillingKind(r), true)
		e.fills++
		if len(e.seats) < namedSeats {
			e.seats = append(e.seats, ev.place+" "+ev.tag)
		}
		for _, c := range ev.counties {
			if len(e.counties) < maxElectionCounties && !slices.Contains(e.counties, c) {
				e.counties = append(e.counties, c)
			}
		}
	}
	return nil
}

// vacancyWords is what every event of a vacancy says of it.
type vacancyWords struct {
	place, tag, with, source string
	dup                      string // the line of a row entered twice
	counties                 []string
}

// election is the day's record; a filling election's kind is surer than
// one a deadline's route suggests, and replaces it.
func (w *icsWriter) election(d compute.Date, kind string, filling bool) *electionDay {
	e := w.elections[d]
	if e == nil {
		e = &electionDay{kind: kind, sure: filling}
		w.elections[d] = e
	} else if filling && !e.sure {
		e.kind, e.sure = kind, true
	}
	return e
}

// duplicatesFiling reports whether a signing row's last day is already
// the last day of the filing row it belongs to, shown in the calendar
// (the signing period ends when the petitions are due): its own last-day
// event would say the same thing twice.
func (w *icsWriter) duplicatesFiling(r *compute.Result, d *compute.Deadline) bool {
	words := w.words.of(d.Code)
	if words.verb != "sign" {
		return false
	}
	for i := range r.Deadlines {
		o := &r.Deadlines[i]
		if o != d && o.Effective == d.Effective && w.shown(o) {
			if ow := w.words.of(o.Code); ow.verb == "file" && ow.what == words.what {
				return true
			}
		}
	}
	return false
}

// line is one line of a description; the lines with the lowest keep are
// the first left out of an event that would run past maxEventBytes.
type line struct {
	text string
	keep int
}

// How much a description's lines are needed (line.keep).
const (
	keepSource = iota + 1
	keepNote
	keepElection
	keepWho
	keepPeriod
	keepAlways
)

func (w *icsWriter) deadline(r *compute.Result, d *compute.Deadline, key string, ev *vacancyWords) error {
	words := w.words.of(d.Code)
	opens := d.Kind == compute.Window && !d.WindowStart.IsZero() && d.WindowStart.Before(d.Effective)

	var rest []line
	switch words.verb {
	case "file":
		rest = append(rest, line{"Filed by " + words.who + ", with " + ev.with + ".", keepWho})
	case "sign":
		rest = append(rest, line{"Signed by " + words.who + ".", keepWho})
	case "hold":
		rest = append(rest, line{"Who: " + words.who + ".", keepWho})
	default:
		if words.who != "" {
			rest = append(rest, line{"By " + words.who + ".", keepWho})
		}
	}
	if p := w.primaryOf(r, d); !p.IsZero() && p != d.ElectionDate {
		rest = append(rest, line{fmt.Sprintf("For the primary of %s, which nominates for the %s of %s.", p,
			strings.ToLower(w.electionKind(r, d)), d.ElectionDate), keepElection})
	} else if !d.ElectionDate.IsZero() {
		rest = append(rest, line{fmt.Sprintf("For the %s of %s.", strings.ToLower(w.electionKind(r, d)), d.ElectionDate), keepElection})
	}
	if ev.dup != "" {
		rest = append(rest, line{ev.dup, keepAlways})
	}
	if d.Reason != "" {
		rest = append(rest, line{"Note: " + icsText(d.Reason, maxNoteBytes) + ".", keepNote})
	}
	law := "Law: " + d.Citation
	if d.LawEdition != "" {
		law += ", edition " + d.LawEdition
		if !d.BaseDate.IsZero() {
			law += " (the permanent formula's date: " + d.BaseDate.String() + ")"
		}
	}
	rest = append(rest, line{law + ".", keepAlways})
	if d.Verify != "" {
		rest = append(rest, line{"Verify: " + icsText(d.Verify, maxVerifyBytes) + ".", keepAlways})
	}
	if d.Status != compute.Open && d.Status != compute.NoStatus {
		rest = append(rest, line{fmt.Sprintf("On %s: %s.", w.asOf, d.Status), keepAlways})
	}
	rest = append(rest, line{"Row: " + ev.source + ".", keepSource})

	title := ev.place + " " + ev.tag
	if opens && w.ahead(d.WindowStart) {
		first := w.words.firstDayTitle(d.Code)
		desc := append([]line{{fmt.Sprintf("%s; the last day is %s.", first, d.Effective), keepAlways}}, rest...)
		if err := w.write(eventUID(key, d.Code+"#opens"), d.WindowStart, first+" — "+title,
			desc, ev.counties, "First day", "Opens"); err != nil {
			return err
		}
	}
	if !w.ahead(d.Effective) || w.duplicatesFiling(r, d) {
		return nil
	}
	last := w.words.lastDayTitle(d.Code)
	if words.verb == "sign" {
		// The last day a signature counts: the petitions' last day to
		// file in most years, a few days before it in some (2026's act).
		last = "Last day to sign " + words.what
	}
	what := last + "."
	if opens {
		what = fmt.Sprintf("%s; the first day is %s.", last, d.WindowStart)
	}
	desc := []line{{what, keepAlways}}
	if d.RolledOver {
		// The roll-over moves the last day only.
		desc = append(desc, line{fmt.Sprintf("Moved from %s, a weekend day or holiday (%s).", d.Statutory, w.words.rollOver()), keepPeriod})
	}
	desc = append(desc, rest...)
	return w.write(eventUID(key, d.Code), d.Effective, last+" — "+title, desc, ev.counties, "Deadline", "Due")
}

// write serialises one all-day event, leaving out its description's
// least needed lines while it is longer than maxEventBytes. what is the
// reminder's word ("Due": "Due in 3 days"); an empty what, or a day
// before the as-of date, sets none.
func (w *icsWriter) write(uid string, day compute.Date, summary string, desc []line, counties []string, kind, what string) error {
	remind := what != "" && !w.alarm.off && !day.Before(w.asOf)
	before := w.alarm.daysBefore(w.asOf, day)
	start, end := dateValue(day), dateValue(day.AddDays(1)) // RFC 5545: an all-day event ends the day after
	for {
		b := w.event[:0]
		b = append(b, "BEGIN:VEVENT\r\n"...)
		b = icalline.Raw(b, "UID", uid)
		b = icalline.Raw(b, "DTSTAMP", w.stamp)
		b = icalline.Raw(b, "DTSTART;VALUE=DATE", start)
		b = icalline.Raw(b, "DTEND;VALUE=DATE", end)
		b = icalline.Text(b, "SUMMARY", summary)
		b = icalline.Text(b, "DESCRIPTION", joinLines(desc))
		for _, c := range counties {
			b = icalline.Text(b, "CATEGORIES", icsText(c, maxCountyBytes))
		}
		b = icalline.Text(b, "CATEGORIES", kind)
		b = append(b, "TRANSP:TRANSPARENT\r\n"...)
		if remind {
			b = append(b, "BEGIN:VALARM\r\nACTION:DISPLAY\r\n"...)
			b = icalline.Raw(b, "TRIGGER", icsTrigger(before))
			b = icalline.Text(b, "DESCRIPTION", what+" "+icsWhen(before))
			b = append(b, "END:VALARM\r\n"...)
		}
		b = append(b, "END:VEVENT\r\n"...)
		w.event = b
		if len(b) <= maxEventBytes {
			break
		}
		// Too long: leave out the least needed line; with only the
		// lines always kept left, shorten the text (the summary first).
		if i := leastNeeded(desc); i >= 0 {
			desc = slices.Delete(slices.Clone(desc), i, i+1)
		} else if len(counties) > 1 {
			counties = counties[:1]
		} else if len(summary) > 160 {
			summary = icsText(summary, 160)
		} else if len(desc) > 1 {
			desc = desc[:len(desc)-1]
		} else if len(desc) == 1 && len(desc[0].text) > 80 {
			desc = []line{{icsText(desc[0].text, 80), keepAlways}}
		} else {
			return fmt.Errorf("export: write %s: event %s is %d bytes, more than %d", icsName, uid, len(b), maxEventBytes)
		}
	}
	if _, err := w.buf.Write(w.event); err != nil {
		return fmt.Errorf("export: write %s: %w", icsName, err)
	}
	return nil
}

// dateValue is a DATE value (RFC 5545 § 3.3.4): 20260312.
func dateValue(d compute.Date) string {
	return fmt.Sprintf("%04d%02d%02d", d.Year, int(d.Month), d.Day)
}

// leastNeeded is the index of the description's least needed line that
// may be left out (the last of its rank), or -1.
func leastNeeded(desc []line) int {
	at, rank := -1, keepAlways
	for i, l := range desc {
		if l.keep < keepAlways && l.keep <= rank {
			at, rank = i, l.keep
		}
	}
	return at
}

func joinLines(desc []line) string {
	var b strings.Builder
	for i, l := range desc {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l.text)
	}
	return b.String()
}

// writeElections writes one event per election day, in date order.
func (w *icsWriter) writeElections() error {
	days := make([]compute.Date, 0, len(w.elections))
	for d := range w.elections {
		if w.ahead(d) {
			days = append(days, d)
		}
	}
	slices.SortFunc(days, func(a, b compute.Date) int { return a.Compare(b) })
	for _, day := range days {
		e := w.elections[day]
		summary := e.kind
		if e.fills == 1 {
			summary += " — " + e.seats[0]
		} else if e.fills > 0 {
			summary += " — fills " + plural(e.fills, "vacancy", "vacancies")
		}
		desc := []line{{fmt.Sprintf("%s, %s.", e.kind, day), keepAlways}}
		if e.fills > 0 {
			text := fmt.Sprintf("Fills %s: %s", plural(e.fills, "vacancy", "vacancies"), strings.Join(e.seats, "; "))
			if more := e.fills - len(e.seats); more > 0 {
				text += fmt.Sprintf("; and %d more", more)
			}
			desc = append(desc, line{text + ".", keepElection})
		}
		if e.serves > 0 {
			which := "The nomination deadlines"
			if !w.all {
				which = "The open nomination deadlines"
			}
			desc = append(desc, line{fmt.Sprintf("%s of %s serve it.", which, plural(e.serves, "vacancy", "vacancies")), keepNote})
		}
		// An election that fills a vacancy is an item to act on: a
		// reminder, and its counties, as every deadline has.
		what := ""
		if e.fills > 0 {
			what = "Election day"
		}
		if err := w.write(eventUID("election", day.String()), day, summary, desc, e.counties, "Election", what); err != nil {
			return err
		}
	}
	return nil
}

func (w *icsWriter) finish() error {
	if err := w.writeElections(); err != nil {
		return err
	}
	if _, err := io.WriteString(w.buf, "END:VCALENDAR\r\n"); err != nil {
		return fmt.Errorf("export: write %s: %w", icsName, err)
	}
	if err := w.buf.Flush(); err != nil {
		return fmt.Errorf("export: write %s: %w", icsName, err)
	}
	return w.file.Finish()
}

// isDigits reports whether s is a number alone ("080"), a district that
// names no place an office could repeat.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
