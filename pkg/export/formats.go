package export

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// The formats --format names, in CONTRACT.md's words.
const (
	XLSX   = "xlsx"
	CSV    = "csv"
	ICS    = "ics"
	JSON   = "json"
	Digest = "digest" // digest.txt and digest.html, the morning mail's body (issue 12)
)

// formats are the outputs --format names, in the contract's order: the
// one list that --format reads, its help prints, a split's folders pick
// theirs from (sliceFormats) and the output folder's names are made of
// (outputs.go). An output is added here and in outputOf, and nowhere
// else.
var formats = []string{XLSX, CSV, ICS, JSON, Digest, JSONL}

// Formats is a copy of the list of formats, in the contract's order.
func Formats() []string { return slices.Clone(formats) }

// output is what a format writes: its files (the names it may hold in
// OUT), whether a split's folders write it too, when it finishes among
// the others, and how its sink is opened in a Writer's part.
type output struct {
	files []string
	slice inSlice
	// finish orders the sinks' Finish (and Abort): the CSV tables first,
	// whose files then go to disk while the others finish, and whose
	// encoders, the only goroutines a sink runs, stop before any other
	// sink waits for the files' syncs; the workbook after the small
	// outputs; summary.json last, which reports the workbook's continued
	// sheets and what the run waited for the snapshot.
	finish int
	open   func(p *part) (Sink, error)
}

// inSlice says whether a split's folders write a format.
type inSlice int

const (
	statewide inSlice = iota // the statewide outputs only (each row carries its county)
	asTheRun                 // when the run writes it
	always                   // every folder, whatever the run writes (summary.json names the slice)
)

// outputOf is the output of a format: the one switch over the formats.
func outputOf(format string) (output, bool) {
	switch format {
	case XLSX:
		return bookOutput, true
	case CSV:
		return tablesOutput, true
	case ICS:
		return calendarOutput, true
	case JSON:
		return summaryOutput, true
	case Digest:
		return digestOutput, true
	case JSONL:
		return deadlinesJSONLOutput, true
	}
	return output{}, false
}

// checkFormats refuses a format no output has.
func checkFormats(list []string) error {
	for _, f := range list {
		if _, ok := outputOf(f); !ok {
			return fmt.Errorf("export: unknown format %q (want %s)", f, strings.Join(formats, ", "))
		}
	}
	return nil
}

// openSinks opens the sinks of the part's formats, in the order they
// finish (output.finish, then the contract's).
func openSinks(p *part) ([]Sink, error) {
	chosen := slices.Clone(p.opts.Formats)
	slices.SortStableFunc(chosen, func(a, b string) int {
		oa, _ := outputOf(a)
		ob, _ := outputOf(b)
		return cmp.Or(cmp.Compare(oa.finish, ob.finish), cmp.Compare(slices.Index(formats, a), slices.Index(formats, b)))
	})
	var sinks []Sink
	for _, f := range chosen {
		o, _ := outputOf(f) // checked by newWriter
		s, err := o.open(p)
		if err != nil {
			for _, opened := range sinks {
				opened.Abort()
			}
			return nil, err
		}
		sinks = append(sinks, s)
	}
	return sinks, nil
}

// sliceFormats are the formats a split's folders write of the run's:
// the workbook, the calendar and the digest when the run writes them,
// and always summary.json, which names the slice. The CSV tables stay
// statewide: each row carries its county, and index.csv maps the
// folders.
func sliceFormats(chosen []string) []string {
	out := []string{}
	for _, f := range formats {
		switch o, _ := outputOf(f); {
		case o.slice == always, o.slice == asTheRun && slices.Contains(chosen, f):
			out = append(out, f)
		}
	}
	return out
}
