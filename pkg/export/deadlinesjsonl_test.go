package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// deadlines.jsonl is deadlines.csv for scripts: a line per row, in the
// same order, the contract's columns as keys in their order, each value
// the CSV cell without the apostrophe that guards a spreadsheet.
func TestDeadlinesJSONLIsDeadlinesCSVForScripts(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	writeFixture(t, fixtureOptions(dir, CSV, JSONL))
	f, err := os.Open(filepath.Join(dir, deadlinesName))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, deadlinesJSONLName))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != len(rows)-1 || len(lines) != 7 {
		t.Fatalf("%d lines, %d CSV rows; the fixture has 7 deadlines", len(lines), len(rows)-1)
	}
	for i, l := range lines {
		var obj map[string]string
		if err := json.Unmarshal([]byte(l), &obj); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, l)
		}
		dec := json.NewDecoder(strings.NewReader(l))
		dec.Token() // {
		for j, col := range rows[0] {
			key, err := dec.Token()
			if err != nil || key != col {
				t.Fatalf("line %d: key %d is %v (%v), want %s", i+1, j, key, err, col)
			}
			dec.Token() // the value
			want := strings.TrimPrefix(rows[i+1][j], "'")
			if obj[col] != want {
				t.Errorf("line %d, %s: %q, want %q (deadlines.csv's)", i+1, col, obj[col], want)
			}
		}
	}
	// The fixture's rolled-over opportunity_to_ballot: typed as scripts read it.
	if !strings.Contains(string(b), `"code":"opportunity_to_ballot","kind":"last_day","window_start":"","statutory_date":"2026-02-28","effective_date":"2026-03-02","rolled_over":"yes"`) {
		t.Errorf("deadlines.jsonl:\n%s", b)
	}
}

// FuzzJSONLString holds deadlines.jsonl's strings to encoding/json's.
func FuzzJSONLString(f *testing.F) {
	for _, s := range []string{"", "designating_petition", "Elec. Law § 6-158(1)", `say "no"`, `a\b`, "tab\there",
		"\x1b[31m", "<&>", "\u2028", "\xff", "2026-03-02"} {
		f.Add(s)
	}
	w := &deadlinesJSONL{}
	w.enc = json.NewEncoder(&w.esc)
	w.enc.SetEscapeHTML(false)
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		if got := w.appendString(nil, s); string(got)+"\n" != want.String() {
			t.Errorf("%q: %s, encoding/json %s", s, got, want.String())
		}
	})
}

// A split's folders leave deadlines.jsonl to the statewide outputs, as
// they do deadlines.csv.
func TestDeadlinesJSONLStaysStatewide(t *testing.T) {
	for _, f := range sliceFormats([]string{XLSX, CSV, JSONL, Digest}) {
		if f == JSONL || f == CSV {
			t.Errorf("a slice writes %s", f)
		}
	}
	if !slices.Contains(OutputNames(), deadlinesJSONLName) {
		t.Error("deadlines.jsonl is not among the outputs the folder may hold")
	}
}
