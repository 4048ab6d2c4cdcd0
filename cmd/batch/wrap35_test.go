package main

import (
	"io"
	"strings"
	"testing"
)

// helpPages are the command lines of every help page: the app's and each
// command's.
func helpPages() [][]string {
	pages := [][]string{{"--help"}, {"help"}}
	for _, c := range newApp(nil, io.Discard, io.Discard).Commands {
		pages = append(pages, []string{c.Name, "--help"})
	}
	return pages
}

// indentOf is how many spaces head line.
func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

// overTheEdge lists the lines of out wider than width, but for one word
// alone that is itself wider.
func overTheEdge(out string, width int) []string {
	var over []string
	for _, line := range strings.Split(out, "\n") {
		if columns(line) > width && columns(strings.TrimSpace(line)) <= width || len(strings.Fields(line)) > 1 && columns(line) > width {
			over = append(over, line)
		}
	}
	return over
}

// orphans lists the lines of out that hold one word hanging under a
// longer line, the last of its paragraph (the next line is not indented
// as it is): the last word of a paragraph, wrapped alone.
func orphans(out string) []string {
	var found []string
	lines := append(strings.Split(out, "\n"), "")
	for i := 1; i+1 < len(lines); i++ {
		prev, line, next := lines[i-1], lines[i], lines[i+1]
		heading := indentOf(prev) == 0 && strings.HasSuffix(prev, ":") // urfave's DESCRIPTION:, OPTIONS:
		last := strings.TrimSpace(next) == "" || indentOf(next) != indentOf(line)
		if len(strings.Fields(line)) == 1 && last && strings.TrimSpace(prev) != "" && !heading && indentOf(line) > indentOf(prev) {
			found = append(found, prev+"⏎"+line)
		}
	}
	return found
}

// TestHelpFitsItsWidth: every help page fits the terminal's width, or 80
// columns printed to a file or a pipe (issue 35), its paragraphs filled
// to the width (not cut where the source text breaks its lines), with no
// orphan word: a paragraph's last word alone on its line.
func TestHelpFitsItsWidth(t *testing.T) {
	for _, width := range []int{0, 60, 80, 132} {
		limit := width
		if width == 0 {
			limit = 80
		}
		for _, args := range helpPages() {
			out := runIn(t, width, args...)
			if !strings.Contains(out, "USAGE") {
				t.Errorf("batch %v printed no help:\n%s", args, out)
			}
			for _, line := range overTheEdge(out, limit) {
				t.Errorf("batch %v at %d columns: a line of %d columns: %q", args, width, columns(line), line)
			}
			for _, o := range orphans(out) {
				t.Errorf("batch %v at %d columns: an orphan word: %q", args, width, o)
			}
		}
	}
	// Wide enough, a paragraph is one line: the source's own line
	// breaks are not the help's.
	if out := runIn(t, 200, "run", "--help"); !strings.Contains(out, "errors.csv and summary.json") {
		t.Errorf("at 200 columns run's description keeps the source's line breaks:\n%s", out)
	}
}

// TestNoLineOverTheWidth: at a terminal of 60 or 80 columns no line of
// calendar, explain, rules or check passes the edge but a single word
// longer than the line (issue 35: a calendar line of 90 columns, a code
// hung under a 50-column indent).
func TestNoLineOverTheWidth(t *testing.T) {
	commands := [][]string{
		{"calendar", "--year", "2026"},
		{"calendar", "--year", "2024"},
		{"calendar", "--year", "2022", "--class", "state_senator"},
		{"explain", "--as-of", asOf, samplesCSV, "--id", "NY-0000005"},
		{"rules", "--as-of", "2026-11-30"},
		{"check", "--as-of", asOf, samplesCSV},
	}
	for _, args := range commands {
		for _, width := range []int{60, 80} {
			for _, line := range overTheEdge(runIn(t, width, args...), width) {
				t.Errorf("batch %v at %d columns: a line of %d columns: %q", args, width, columns(line), line)
			}
		}
	}
}
