package main

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// runIn runs the app in this process with stdout of the given width (0:
// a file or a pipe) and returns what it printed.
func runIn(t *testing.T, width int, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	var stdout io.Writer = &out
	if width > 0 {
		stdout = fixedWidth{&out, width}
	}
	app := newApp(strings.NewReader(""), stdout, &errb)
	if err := runLine(context.Background(), app, append([]string{"batch"}, args...)); err != nil {
		var th thresholdError
		if !errorsAs(err, &th) {
			t.Fatalf("batch %v: %v\n%s", args, err, errb.String())
		}
	}
	return out.String()
}

func errorsAs(err error, th *thresholdError) bool {
	v, ok := err.(thresholdError)
	if ok {
		*th = v
	}
	return ok
}

// dateOrCode is what must never be cut: a date, an edition's id, a
// deadline's code.
var dateOrCode = regexp.MustCompile(`\d{4}-\d{2}-\d{2}|\b[a-z]+(?:_[a-z0-9]+)+\b|\b[A-Z]+(?:_[A-Z0-9]+)+\b`)

// TestEightyColumns: at a terminal of 80 columns, calendar, explain,
// rules and check fit their lines to it, breaking only at spaces: the
// words (dates, codes) are those printed to a pipe, where nothing is
// wrapped, and only a word longer than the line may pass the edge.
func TestEightyColumns(t *testing.T) {
	commands := [][]string{
		{"calendar", "--year", "2026"},
		{"calendar", "--year", "2022", "--class", "state_senator"},
		{"explain", "--as-of", asOf, samplesCSV, "--id", "NY-0000005"},
		{"rules", "--as-of", "2026-11-30"},
		{"rules"},
		{"check", "--as-of", asOf, samplesCSV},
	}
	for _, args := range commands {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			flat := runIn(t, 0, args...)
			narrow := runIn(t, 80, args...)
			if !slices.Equal(strings.Fields(flat), strings.Fields(narrow)) {
				t.Fatalf("wrapping changed the words:\n%s", narrow)
			}
			long := 0
			for _, line := range strings.Split(flat, "\n") {
				long = max(long, columns(line))
			}
			if long <= 80 {
				t.Fatalf("no line of the unwrapped output is over 80 columns (longest %d): the test shows nothing", long)
			}
			for _, line := range strings.Split(narrow, "\n") {
				if columns(line) > 80 && len(strings.Fields(line)) > 1 {
					t.Errorf("a line of %d columns: %q", columns(line), line)
				}
			}
			// Every date and code of the flat output is whole on one line
			// of the narrow one.
			want := dateOrCode.FindAllString(flat, -1)
			var got []string
			for _, line := range strings.Split(narrow, "\n") {
				got = append(got, dateOrCode.FindAllString(line, -1)...)
			}
			if !slices.Equal(got, want) {
				t.Errorf("dates and codes differ: %d at 80 columns, %d unwrapped", len(got), len(want))
			}
			for _, line := range strings.Split(narrow, "\n") {
				if f := strings.Fields(line); len(f) > 0 && (f[len(f)-1] == "§" || f[len(f)-1] == "§§") {
					t.Errorf("a section sign cut from its number: %q", line)
				}
			}
			if strings.Count(narrow, "\n") <= strings.Count(flat, "\n") {
				t.Errorf("nothing was wrapped")
			}
		})
	}
}

func TestFitLine(t *testing.T) {
	cases := []struct {
		name, line, want string
	}{
		{"short lines stay", "  a b c", "  a b c"},
		{"a table row continues under its second column",
			"  code_one  2026-03-30  a note that runs past the edge",
			"  code_one  2026-03-30  a note\n            that runs past\n            the edge"},
		{"no word is left alone on the last line",
			"  a paragraph that ends in an orphan",
			"  a paragraph that ends in\n    an orphan"},
		{"a word too long for the hanging indent starts nearer the margin",
			"  code:  see opportunity_to_ballot_after",
			"  code:  see\n   opportunity_to_ballot_after"},
		{"a section sign stays with its number",
			"  see the rule of Pub. Off. Law § 42(3)(b) today",
			"  see the rule of Pub. Off.\n    Law § 42(3)(b) today"},
		{"a word longer than the line stays whole",
			"x supercalifragilisticexpialidocious_code y",
			"x\n  supercalifragilisticexpialidocious_code\n  y"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := fitLine(tc.line, 30); got != tc.want {
				t.Errorf("fitLine(%q, 30) =\n%s\nwant\n%s", tc.line, got, tc.want)
			}
		})
	}
}

// fixedWidth is a writer of a given width: a test's stand-in for a
// terminal of that many columns.
type fixedWidth struct {
	io.Writer
	width int
}

func (f fixedWidth) Width() int { return f.width }
