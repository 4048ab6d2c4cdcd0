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

	ics "github.com/arran4/golang-ical"

	"batch/pkg/compute"
)

// icsWriter streams deadlines.ics. golang-ical keeps a calendar's events
// in memory until it serialises the whole, so each VEVENT is built and
// serialised by the library on its own (folding at 75 octets, text
// escaping) and written between a header and footer written here.
//
// Each applicable deadline (applies = yes) is an all-day event on its
// (effective) last day, titled in words ("Last day to file designating
// petitions — Member of Assembly, AD 43 (Kings)"); a window also has an
// event on its first day. The description says what must be filed and by
// whom, the statute's words, the citation and the law applied. Every
// election day the vacancies' deadlines serve, and every election that
// fills one, is an event of its own, once per day. Options.ICSFrom leaves
// out the events before a date.
//
// UIDs are stable across runs: a hash of vacancy_id and code, "@batch". A
// vacancy_id met again (the same vacancy entered twice) gets UIDs derived
// from the repeated row's own source, so no UID appears twice in a file.
// DTSTAMP is the as-of date at midnight UTC, not the clock, so the same
// input gives the same file.
type icsWriter struct {
	file *tempFile
	buf  *bufio.Writer
	cfg  *ics.SerializationConfiguration
	asOf compute.Date
	from compute.Date // events before it are left out; zero: none is
	law  string
	cal  *compute.Calendar // for the primary's day

	words     map[string]string // the statute's words by rule code, and by code|edition
	citations map[string]string // the rule's citation, keyed likewise
	seen      map[uint64]uint32 // vacancy_ids met so far (a hash), and how often
	elections map[compute.Date]*electionDay
}

// electionDay is one election the calendar shows, with what it is for.
type electionDay struct {
	kind   string   // "General election", "Primary election", "Special election"
	sure   bool     // kind is that of an election filling a vacancy
	fills  int      // vacancies it fills
	serves int      // vacancies whose deadlines serve it
	seats  []string // the first namedSeats it fills, in words
	ids    []string // and their vacancy_ids
}

// namedSeats is how many filled seats an election's description names.
const namedSeats = 10

func newICSWriter(create func(string) (*tempFile, error), asOf, from compute.Date, cal *compute.Calendar,
	rules []compute.Rule, law string) (*icsWriter, error) {
	t, err := create(icsName)
	if err != nil {
		return nil, err
	}
	w := &icsWriter{file: t, buf: bufio.NewWriterSize(t.f, 256<<10), asOf: asOf, from: from,
		law: law, cal: cal,
		cfg:   &ics.SerializationConfiguration{MaxLength: 75, PropertyMaxLength: 75, NewLine: "\r\n"},
		words: map[string]string{}, citations: map[string]string{}, seen: map[uint64]uint32{},
		elections: map[compute.Date]*electionDay{}}
	for _, r := range rules {
		w.words[r.Code], w.citations[r.Code] = r.Words, r.Citation
		for _, id := range strings.Split(r.Edition, "+") {
			if id != "" {
				w.words[r.Code+"|"+id], w.citations[r.Code+"|"+id] = r.Words, r.Citation
			}
		}
	}
	head := ics.NewCalendar()
	head.SetProductId("-//batch//New York vacancy deadlines//EN")
	head.SetCalscale("GREGORIAN")
	head.SetMethod(ics.MethodPublish)
	head.SetXWRCalName("Vacancy deadlines")
	desc := "Nomination deadlines and election days of the vacancies, judged on " + asOf.String()
	if !from.IsZero() {
		desc += "; from " + from.String() + " on"
	}
	head.SetXWRCalDesc(desc)
	if _, err := io.WriteString(w.buf, "BEGIN:VCALENDAR\r\n"); err != nil {
		t.remove()
		return nil, fmt.Errorf("export: write %s: %w", icsName, err)
	}
	for _, p := range head.CalendarProperties {
		if err := p.SerializeTo(w.buf, w.cfg); err != nil {
			t.remove()
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
// (the same file named twice) still gets UIDs of its own.
func (w *icsWriter) uidKey(v *compute.Vacancy) string {
	h := fnv.New64a()
	h.Write([]byte(v.ID))
	k := h.Sum64()
	n := w.seen[k]
	w.seen[k] = n + 1
	if n == 0 {
		return v.ID
	}
	return v.ID + "\x00" + v.Source.String() + "\x00" + strconv.Itoa(int(n))
}

// oneLine keeps CR out of text values; newlines are escaped by the library.
func oneLine(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// primaryRoute lists the deadlines that serve the primary; the special_
// ones serve the special election, the rest the general election.
var primaryRoute = map[string]bool{"designating_petition": true, "designation_accept_decline": true,
	"designation_vacancy_declination": true, "opportunity_to_ballot": true}

// primaryOf is the primary a deadline of the primary route serves (zero
// for another deadline): the day the engine names when it is not the
// filling election, else the calendar's primary of that year.
func (w *icsWriter) primaryOf(r *compute.Result, d *compute.Deadline) compute.Date {
	if !primaryRoute[d.Code] || d.ElectionDate.IsZero() {
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
	if r.Method == compute.SpecialElection {
		return "Special election"
	}
	return "General election"
}

// electionKind names the election a deadline serves: the filling
// election's kind when it is that day (the engine gives the filling
// election as the day most deadlines serve), else what the deadline's
// route says.
func electionKind(r *compute.Result, d *compute.Deadline) string {
	switch {
	case !r.FillingElection.IsZero() && d.ElectionDate == r.FillingElection:
		return fillingKind(r)
	case primaryRoute[d.Code]:
		return "Primary election"
	case strings.HasPrefix(d.Code, "special_"):
		return "Special election"
	}
	return "General election"
}

// vacancy writes one vacancy's events: its deadlines, and it notes the
// elections they serve and the one that fills it.
func (w *icsWriter) vacancy(r *compute.Result) error {
	v := &r.Vacancy
	key := w.uidKey(v)
	var served []compute.Date
	for i := range r.Deadlines {
		d := &r.Deadlines[i]
		if !d.Applies || d.Effective.IsZero() {
			continue
		}
		if err := w.deadline(r, d, key); err != nil {
			return err
		}
		if d.ElectionDate.IsZero() || d.Code == "special_election" {
			continue
		}
		if !slices.Contains(served, d.ElectionDate) {
			served = append(served, d.ElectionDate)
			w.election(d.ElectionDate, electionKind(r, d), false).serves++
		}
		if p := w.primaryOf(r, d); !p.IsZero() && !slices.Contains(served, p) {
			served = append(served, p)
			w.election(p, "Primary election", false).serves++
		}
	}
	if fe := r.FillingElection; !fe.IsZero() {
		e := w.election(fe, fillingKind(r), true)
		e.fills++
		if len(e.seats) < namedSeats {
			e.seats, e.ids = append(e.seats, seat(v)), append(e.ids, v.ID)
		}
	}
	return nil
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

// lawWords is the statute's words behind a deadline row: the late-vacancy
// rule's when that rule, with its own citation, replaced the ordinary one.
//
// The words are the edition's that decided the row (the first id of its
// law_edition), falling back to the latest text of the code.
func (w *icsWriter) lawWords(d *compute.Deadline) string {
	ed, _, _ := strings.Cut(d.LawEdition, "+")
	key := func(code string) string {
		if _, ok := w.words[code+"|"+ed]; ok && ed != "" {
			return code + "|" + ed
		}
		return code
	}
	late, own := key(d.Code+".late_vacancy"), key(d.Code)
	if c, ok := w.citations[late]; ok && c == d.Citation && w.citations[own] != d.Citation {
		return w.words[late]
	}
	return w.words[own]
}

func (w *icsWriter) deadline(r *compute.Result, d *compute.Deadline, key string) error {
	v := &r.Vacancy
	words := wordsFor(d.Code)
	where := seat(v)
	var b strings.Builder
	fmt.Fprintf(&b, "%s, for %s.", lastDayTitle(d.Code), where)
	if words.who != "" {
		if words.verb == "hold" {
			fmt.Fprintf(&b, "\nWho: %s.", words.who)
		} else {
			fmt.Fprintf(&b, "\nFiled by: %s.", words.who)
		}
	}
	opens := d.Kind == compute.Window && !d.WindowStart.IsZero() && d.WindowStart.Before(d.Effective)
	if opens {
		fmt.Fprintf(&b, "\nNot earlier than %s, not later than %s.", d.WindowStart, d.Effective)
	} else {
		fmt.Fprintf(&b, "\nNot later than %s.", d.Effective)
	}
	if d.RolledOver {
		fmt.Fprintf(&b, "\nThe statute's date is %s, a weekend day or holiday; Elec. Law § 1-106 moves it to %s.", d.Statutory, d.Effective)
	}
	if p := w.primaryOf(r, d); !p.IsZero() && p != d.ElectionDate {
		fmt.Fprintf(&b, "\nFor the primary election of %s, which nominates for the %s of %s.", p,
			strings.ToLower(electionKind(r, d)), d.ElectionDate)
	} else if !d.ElectionDate.IsZero() {
		fmt.Fprintf(&b, "\nFor the %s of %s.", strings.ToLower(electionKind(r, d)), d.ElectionDate)
	}
	if d.Reason != "" {
		b.WriteString("\nNote: " + d.Reason + ".")
	}
	if law := w.lawWords(d); law != "" {
		fmt.Fprintf(&b, "\nThe law: \u201c%s\u201d (%s).", strings.TrimSuffix(law, "."), d.Citation)
	} else {
		fmt.Fprintf(&b, "\nThe law: %s.", d.Citation)
	}
	if d.LawEdition != "" {
		fmt.Fprintf(&b, "\nLaw applied: edition %s", d.LawEdition)
		if !d.BaseDate.IsZero() {
			fmt.Fprintf(&b, " (the permanent formula's date: %s)", d.BaseDate)
		}
		b.WriteString(".")
	}
	fmt.Fprintf(&b, "\nVacancy %s (%s), filled by %s.", v.ID, v.Source.String(), strings.ReplaceAll(string(r.Method), "_", " "))
	if d.Status != compute.NoStatus {
		fmt.Fprintf(&b, "\nOn %s: %s.", w.asOf, d.Status)
	}
	desc := b.String()

	if opens && !d.WindowStart.Before(w.from) {
		if err := w.write(eventUID(key, d.Code+"#opens"), d.WindowStart, firstDayTitle(d.Code)+" — "+where, desc); err != nil {
			return err
		}
	}
	if d.Effective.Before(w.from) {
		return nil
	}
	return w.write(eventUID(key, d.Code), d.Effective, lastDayTitle(d.Code)+" — "+where, desc)
}

// write serialises one all-day event.
func (w *icsWriter) write(uid string, day compute.Date, summary, desc string) error {
	e := ics.NewEvent(uid)
	e.SetDtStampTime(w.asOf.Time())
	e.SetAllDayStartAt(day.Time())
	e.SetAllDayEndAt(day.AddDays(1).Time()) // RFC 5545: an all-day event ends the day after
	e.SetSummary(oneLine(summary))
	e.SetDescription(oneLine(desc))
	e.SetTimeTransparency(ics.TransparencyTransparent)
	if err := e.SerializeTo(w.buf, w.cfg); err != nil {
		return fmt.Errorf("export: write %s: %w", icsName, err)
	}
	return nil
}

// writeElections writes one event per election day, in date order.
func (w *icsWriter) writeElections() error {
	days := make([]compute.Date, 0, len(w.elections))
	for d := range w.elections {
		if !d.Before(w.from) {
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
		var b strings.Builder
		fmt.Fprintf(&b, "%s, %s.", e.kind, day)
		if e.fills > 0 {
			named := make([]string, len(e.seats))
			for i := range e.seats {
				named[i] = e.seats[i] + " (" + e.ids[i] + ")"
			}
			fmt.Fprintf(&b, "\nFills %s of this file: %s", plural(e.fills, "vacancy", "vacancies"), strings.Join(named, "; "))
			if more := e.fills - len(e.seats); more > 0 {
				fmt.Fprintf(&b, "; and %d more", more)
			}
			b.WriteString(".")
		}
		if e.serves > 0 {
			fmt.Fprintf(&b, "\nThe nomination deadlines of %s of this file serve it.", plural(e.serves, "vacancy", "vacancies"))
		}
		fmt.Fprintf(&b, "\nLaw applied: %s.", w.law)
		if err := w.write(eventUID("election", day.String()), day, summary, b.String()); err != nil {
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
	return w.file.finish()
}
