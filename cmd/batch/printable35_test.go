package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// notPrintable is the first character of s a terminal does not print as
// itself (a control but line feed and tab, a direction or zero-width
// mark, a non-breaking space: what package printable escapes), or -1.
func notPrintable(s string) (rune, int) {
	for i, r := range s {
		switch {
		case r == '\n' || r == '\t':
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\ufffd"): // an invalid byte
			return r, i
		case r < 0x20 || r == 0x7f || r >= 0x80 && !unicode.IsPrint(r):
			return r, i
		}
	}
	return -1, 0
}

// TestEveryOutputPassesThePrintableFilter: what batch prints, on standard
// output and standard error, in every command and format (check's csv
// and json included, issue 35: check --format csv passed U+202E through
// raw), shows the characters a terminal acts on as escapes; the CSV and
// the JSON stay what they were, valid, and the JSON keeps the values.
func TestEveryOutputPassesThePrintableFilter(t *testing.T) {
	dir := t.TempDir()
	hostile := "\u202e\x1b[2J\x1b[31m\u200b\u0085\x07"
	writeFiles(t, dir, map[string]string{
		"v.csv": "vacancy_id,office,county,cause,event_date\n" +
			"A-1,Town Supervisor,Albany,death,2026-03-04\n" +
			"A-2,Town Clerk" + hostile + ",Albany,resigned" + hostile + ",2026-03-04\n" +
			"A-3,Town Justice,Albany,death,3/4/2026" + hostile + "\n",
		"cal.csv": "year,holiday,holiday_name\n2026,2026-12-24,Eve" + hostile + "\n",
	})
	in := filepath.Join(dir, "v.csv")
	cal := filepath.Join(dir, "cal.csv")
	for _, args := range [][]string{
		{"check", "--as-of", asOf, in},
		{"check", "--as-of", asOf, "--format", "csv", in},
		{"check", "--as-of", asOf, "--format", "json", in},
		{"check", "--as-of", asOf, "--format", "json", "--log-format", "json", in},
		{"explain", "--as-of", asOf, "--id", "A-2", in},
		{"run", "--as-of", asOf, "-o", filepath.Join(dir, "out"), in},
		{"calendar", "--year", "2026", "--calendar", cal},
		{"calendar", "--year", "2026", "--csv", "--calendar", cal},
	} {
		t.Run(strings.Join(args[:len(args)-1], " "), func(t *testing.T) {
			got := run(t, "", args...)
			if got.code == 2 || strings.Contains(got.stderr, "panic") {
				t.Fatalf("exit %d: %s", got.code, got.stderr)
			}
			for what, s := range map[string]string{"stdout": got.stdout, "stderr": got.stderr} {
				if r, i := notPrintable(s); r >= 0 {
					t.Errorf("%s holds %U raw at byte %d: %q", what, r, i, s[max(0, i-30):min(len(s), i+30)])
				}
			}
			if args[0] != "run" && !strings.Contains(got.stdout+got.stderr, `\u202e`) {
				t.Errorf("the right-to-left override is not shown as an escape:\n%s%s", got.stdout, got.stderr)
			}
			switch {
			case slicesContain(args, "csv"):
				if _, err := csv.NewReader(strings.NewReader(got.stdout)).ReadAll(); err != nil {
					t.Errorf("the CSV does not parse: %v\n%s", err, got.stdout)
				}
			case slicesContain(args, "json") && args[0] == "check":
				var doc struct {
					Findings []map[string]string `json:"findings"`
				}
				if err := json.Unmarshal([]byte(got.stdout), &doc); err != nil {
					t.Fatalf("the JSON does not parse: %v\n%s", err, got.stdout)
				}
				if !bytes.Contains([]byte(doc.Findings[0]["value"]+doc.Findings[0]["message"]), []byte("\u202e")) {
					t.Errorf("the JSON lost the value's characters: %q", doc.Findings[0])
				}
			}
		})
	}
}

func slicesContain(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestPrintableOutKeepsACharacterCutBetweenWrites: a character whose
// bytes come in two writes (encoding/csv flushes every 4 KiB) is the
// character, or its escape, never two invalid bytes.
func TestPrintableOutKeepsACharacterCutBetweenWrites(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"José", "José"},
		{"a\u202eb", `a\u202eb`},
		{"x\U000e0001y", `x\udb40\udc01y`},
		{"cut\xe2\x80", `cut\xe2\x80`}, // never completed: shown at Flush
	} {
		for cut := 0; cut <= len(tc.in); cut++ {
			var b bytes.Buffer
			o := &printableOut{w: &b}
			o.Write([]byte(tc.in[:cut]))
			o.Write([]byte(tc.in[cut:]))
			o.Flush()
			if b.String() != tc.want {
				t.Errorf("%q cut at %d: %q, want %q", tc.in, cut, b.String(), tc.want)
			}
		}
	}
}
