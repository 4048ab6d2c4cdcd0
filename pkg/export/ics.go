package export

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	ics "github.com/arran4/golang-ical"

	"batch/pkg/compute"
)

// icsWriter streams deadlines.ics. golang-ical keeps a calendar's events
// in memory until it serialises the whole, so each VEVENT is built and
// serialised by the library on its own (folding at 75 octets, text
// escaping) and written between a header and footer written here.
//
// Each applicable deadline (applies = yes) is one all-day event. A window
// is one multi-day event from its first day through its (effective) last
// day — DTEND is the day after, as RFC 5545 counts all-day ends; a last
// day is a one-day event. The UID is stable across runs: a hash of
// vacancy_id and code, "@batch". Two input rows with the same vacancy_id
// share UIDs (ingest does not forbid that). DTSTAMP is the as-of date at
// midnight UTC, not the clock, so the same input gives the same file.
type icsWriter struct {
	file *tempFile
	buf  *bufio.Writer
	cfg  *ics.SerializationConfiguration
	asOf compute.Date
}

func newICSWriter(create func(string) (*tempFile, error), asOf compute.Date) (*icsWriter, error) {
	t, err := create(icsName)
	if err != nil {
		return nil, err
	}
	w := &icsWriter{file: t, buf: bufio.NewWriterSize(t.f, 256<<10), asOf: asOf,
		cfg: &ics.SerializationConfiguration{MaxLength: 75, PropertyMaxLength: 75, NewLine: "\r\n"}}
	cal := ics.NewCalendar()
	cal.SetProductId("-//batch//New York vacancy deadlines//EN")
	cal.SetCalscale("GREGORIAN")
	cal.SetMethod(ics.MethodPublish)
	cal.SetXWRCalName("Vacancy deadlines")
	cal.SetXWRCalDesc("Nomination deadlines of the vacancies, judged on " + asOf.String())
	if _, err := io.WriteString(w.buf, "BEGIN:VCALENDAR\r\n"); err != nil {
		t.remove()
		return nil, fmt.Errorf("export: write %s: %w", icsName, err)
	}
	for _, p := range cal.CalendarProperties {
		if err := p.SerializeTo(w.buf, w.cfg); err != nil {
			t.remove()
			return nil, fmt.Errorf("export: write %s: %w", icsName, err)
		}
	}
	return w, nil
}

// eventUID is stable for a vacancy and deadline code.
func eventUID(vacancyID, code string) string {
	sum := sha256.Sum256([]byte(vacancyID + "\x00" + code))
	return hex.EncodeToString(sum[:16]) + "@batch"
}

// oneLine keeps CR out of text values; newlines are escaped by the library.
func oneLine(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

func (w *icsWriter) event(r *compute.Result, d *compute.Deadline) error {
	if !d.Applies || d.Effective.IsZero() {
		return nil
	}
	v := &r.Vacancy
	e := ics.NewEvent(eventUID(v.ID, d.Code))
	e.SetDtStampTime(w.asOf.Time())
	first := d.Effective
	if d.Kind == compute.Window && !d.WindowStart.IsZero() && d.WindowStart.Before(d.Effective) {
		first = d.WindowStart
	}
	e.SetAllDayStartAt(first.Time())
	e.SetAllDayEndAt(d.Effective.AddDays(1).Time())

	what := "Last day: "
	if first != d.Effective {
		what = "Window: "
	}
	office := v.Office
	if v.District != "" {
		office += " " + v.District
	}
	if v.County != "" {
		office += ", " + v.County
	}
	e.SetSummary(oneLine(what + d.Code + " — " + office + " (" + v.ID + ")"))

	var b strings.Builder
	b.WriteString(d.Citation)
	if d.RolledOver {
		fmt.Fprintf(&b, "\nStatutory date %s, moved to %s (Elec. Law § 1-106).", d.Statutory, d.Effective)
	}
	if !d.ElectionDate.IsZero() {
		fmt.Fprintf(&b, "\nElection: %s.", d.ElectionDate)
	}
	if d.Reason != "" {
		b.WriteString("\n" + d.Reason)
	}
	if d.LawEdition != "" {
		fmt.Fprintf(&b, "\nLaw: edition %s", d.LawEdition)
		if !d.BaseDate.IsZero() {
			fmt.Fprintf(&b, " (the permanent formula's date: %s)", d.BaseDate)
		}
		b.WriteString(".")
	}
	fmt.Fprintf(&b, "\nVacancy %s, %s (%s).", v.ID, string(r.Method), v.Source.String())
	if d.Status != compute.NoStatus {
		fmt.Fprintf(&b, "\nStatus on %s: %s.", w.asOf, d.Status)
	}
	e.SetDescription(oneLine(b.String()))
	e.SetTimeTransparency(ics.TransparencyTransparent)
	if err := e.SerializeTo(w.buf, w.cfg); err != nil {
		return fmt.Errorf("export: write %s: %w", icsName, err)
	}
	return nil
}

func (w *icsWriter) finish() error {
	if _, err := io.WriteString(w.buf, "END:VCALENDAR\r\n"); err != nil {
		return fmt.Errorf("export: write %s: %w", icsName, err)
	}
	if err := w.buf.Flush(); err != nil {
		return fmt.Errorf("export: write %s: %w", icsName, err)
	}
	return w.file.finish()
}
