package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"batch/pkg/nylaw"
)

// Issue 27: a calendar row with a misspelt code was dropped without a
// word (the deadline stayed on the formula), and of two rows for one
// code the last silently won. Both are Problems naming the row now.
func TestCalendarOverridesSayWhatIsWrong(t *testing.T) {
	for _, tc := range []struct {
		name string
		body string
		row  int
		col  string
		says []string
	}{
		{"a misspelt code gets its row and a suggestion",
			"code,date,reason\ndesignating_petition,2026-04-07,court order\ndesignating_petiton,2026-04-08,court order\n",
			3, "code", []string{`"designating_petiton" is not a deadline code of the law`, "did you mean designating_petition?"}},
		{"a code like none gets no suggestion",
			"code,date\nsomething_else_entirely,2026-04-08\n",
			2, "code", []string{`"something_else_entirely" is not a deadline code`, "batch rules lists the codes"}},
		{"two rows give one code two dates",
			"code,date\nindependent_petition,2026-05-26\nparty_nomination_certificate,2026-07-23\nindependent_petition,2026-05-27\n",
			4, "date", []string{"row 2 already gives independent_petition of 2026 as 2026-05-26", "the two rows disagree"}},
		{"two rows give one year two primaries",
			"year,primary_date\n2026,2026-06-23\n2026,2026-06-30\n",
			3, "primary_date", []string{"row 2 already gives primary of 2026 as 2026-06-23"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "cal.csv")
			if err := os.WriteFile(path, []byte(tc.body), 0o644); err != nil {
				t.Fatal(err)
			}
			_, probs, err := CalendarOverridesFor(path, false, nylaw.NewYork)
			if err != nil {
				t.Fatal(err)
			}
			if len(probs) != 1 {
				t.Fatalf("problems %+v, want one", probs)
			}
			p := probs[0]
			if p.Source.Row != tc.row || p.Column != tc.col {
				t.Errorf("row %d column %q, want row %d column %q", p.Source.Row, p.Column, tc.row, tc.col)
			}
			for _, s := range tc.says {
				if !strings.Contains(p.Message, s) {
					t.Errorf("message %q, want it to say %q", p.Message, s)
				}
			}
		})
	}
	// The same row twice is no conflict.
	path := filepath.Join(t.TempDir(), "cal.csv")
	os.WriteFile(path, []byte("code,date\nindependent_petition,2026-05-26\nindependent_petition,2026-05-26\n"), 0o644)
	if _, probs, err := CalendarOverridesFor(path, false, nylaw.NewYork); err != nil || len(probs) != 0 {
		t.Errorf("a row repeated as is: %v, %+v", err, probs)
	}
}
