package ingest

import (
	"strings"
	"testing"

	"batch/pkg/compute"
)

// Every problem carries a stable code (compute.Problem), so that a script
// tells a bad value from a row that could not be read, or from a note,
// without reading the sentence.
func TestEveryProblemHasItsCode(t *testing.T) {
	body := "office,county,cause,event_date,notes\n" +
		"Town Clerk,Albany,death,13/45/2026,\n" + // a value that is not a date
		"Town Clerk,Albany,death,2026-03-01,x,extra\n" + // a cell past the header
		"Town Clerk,Albany,death,\"" + strings.Repeat("9", MaxCellChars+1) + "\",\n" + // longer than a cell
		"Total,,,,\n" // a total row: a note
	items, st := readAll(t, writeCSV(t, "codes.csv", []byte(body)), Options{})
	var got []string
	for _, it := range items {
		for _, p := range it.Problems {
			got = append(got, p.Code)
		}
	}
	for _, n := range st.Notes {
		got = append(got, n.Code)
	}
	want := []string{compute.BadValue, compute.RowUnreadable, compute.CellUnreadable, compute.Note}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("codes %q, want %q", got, want)
	}
}
