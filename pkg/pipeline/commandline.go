package pipeline

import (
	"strings"

	"batch/pkg/changes"
	"batch/pkg/compute"
	"batch/pkg/export"
	"batch/pkg/ingest"
	"batch/pkg/nylaw"
	"batch/pkg/outdir"
)

// What the command line needs of the layers below beside Run, Check and
// Find: the law an --edition names, the formats --format takes, the ways
// a flag's value is read as an input cell is, the template, the calendar
// command's overrides, and what a signal leaves to remove. cmd/batch
// talks to pipeline (and to compute's vocabulary and the mail step), not
// to ingest, export, changes, nylaw or outdir.

// FailOn is --fail-on as every summary.json judges its part by.
type FailOn = export.FailOn

// Input is one input file as Summary and summary.json describe it.
type Input = export.Input

// Digest is the format of the digest, the morning mail's body (--mail adds
// it).
const Digest = export.Digest

// The comparison's status (ChangeSummary.Status).
const (
	Compared = changes.Compared
	FirstRun = changes.FirstRun
	Skipped  = changes.Skipped
)

// Formats are the outputs --format takes, in the contract's order.
func Formats() []string { return export.Formats() }

// CheckICSAlarm reports whether s is an --ics-alarm the calendar file
// reads ("3d", "0d", "none").
func CheckICSAlarm(s string) error { return export.CheckICSAlarm(s) }

// GuardText is text as every CSV the tool writes holds it: safe to open in
// a spreadsheet.
func GuardText(s string) string { return export.GuardText(s) }

// ParseDate reads a date as an input cell is read (--as-of, --ics-from).
func ParseDate(s string) (compute.Date, error) { return ingest.ParseDate(s) }

// ParseMonth reads a month as an input cell is read: 1 to 12 or its name.
func ParseMonth(s string) (int, bool) { return ingest.ParseMonth(s) }

// SuggestClass is the office classes text most likely means, in words
// ("village or city"); "" when none is near.
func SuggestClass(text string) string {
	if sug := ingest.SuggestClass(text, ""); len(sug) > 0 {
		return ingest.ClassChoices(sug)
	}
	return ""
}

// Law is the law an --edition names: "auto" (or nothing) is New York's,
// every edition by date; an edition's id is that edition for every date,
// with the one-year acts that sit on it.
func Law(edition string) (*compute.Law, error) {
	id := strings.TrimSpace(edition)
	if id == "" || strings.EqualFold(id, "auto") {
		return nylaw.NewYork, nil
	}
	return nylaw.NewYork.Fixed(strings.ToUpper(id))
}

// Editions are the ids of the law's editions, oldest first.
func Editions() []string {
	ids := make([]string, len(nylaw.NewYork.Editions))
	for i := range nylaw.NewYork.Editions {
		ids[i] = nylaw.NewYork.Editions[i].ID
	}
	return ids
}

// Template writes the blank input workbook for analysts to fill at path,
// its Columns sheet stating the rules in force on day; replace lets it
// replace a file already there.
func Template(path string, replace bool, day compute.Date) error {
	if replace {
		return ingest.WriteTemplate(path, nylaw.NewYork, day)
	}
	return ingest.CreateTemplate(path, nylaw.NewYork, day)
}

// CalendarOverrides reads a calendar file (--calendar) for law: the
// overrides, and the problems of its rows.
func CalendarOverrides(path string, law *compute.Law) ([]compute.Override, []compute.Problem, error) {
	return ingest.CalendarOverridesFor(path, false, law)
}

// PublishedCalendar reads a published calendar (calendar --against): its
// rows as overrides, and their problems.
func PublishedCalendar(path string) ([]compute.Override, []compute.Problem, error) {
	return ingest.CalendarOverrides(path, false)
}

// Abandon removes the staging set of a run that is being killed (a
// second signal): what it wrote is gone, and the output folder as it was.
func Abandon() { outdir.Abandon() }
