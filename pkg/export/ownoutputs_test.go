package export

import (
	"testing"

	"batch/pkg/ingest"
)

// TestTheToolKnowsItsOwnTables: the headers ingest refuses as the tool's
// own outputs (issue 35) are the ones the tool writes.
func TestTheToolKnowsItsOwnTables(t *testing.T) {
	for table, want := range map[string]string{"Vacancies": "vacancies.csv", "Deadlines": "deadlines.csv",
		"Conflicts": "conflicts.csv", "Errors": "errors.csv"} {
		head := append(Header(table), "board_contact") // a carried column after them
		if got := ingest.OwnOutput(head); got != want {
			t.Errorf("the %s header is taken for %q, want %q", table, got, want)
		}
	}
	if got := ingest.OwnOutput(changeColumns); got != "changes.csv" {
		t.Errorf("changes.csv's header is taken for %q", got)
	}
}
