package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestFirstMistakesReadingInputs: issue 35's inputs as analysts keep
// them, each run as typed, with the exit status and the words it must
// get (and, where a word must not appear, the words it must not).
func TestFirstMistakesReadingInputs(t *testing.T) {
	const head = "vacancy_id,office,county,cause,event_date\n"
	row := func(id, date string) string { return id + ",Town Supervisor,Albany,death," + date + "\n" }
	cases := []struct {
		mistake
		not []string // in neither
	}{
		{mistake{"a year written 69 is read as 2069, with a warning naming 1969",
			map[string]string{"v.csv": head + row("A-1", "3/1/69")},
			[]string{"check", "--as-of", asOf, "--fail-on", "warning", "{d}/v.csv"}, 3,
			[]string{"DATE_UNLIKELY", `"3/1/69" is read as 2069-03-01 (a two-digit year is 20YY), more than two years after the as-of date 2026-11-30: the century is a guess, and 1969-03-01 may be meant`}}, nil},
		{mistake{"a date of 1927 is read with a warning",
			map[string]string{"v.csv": head + row("A-1", "3/1/1927")},
			[]string{"check", "--as-of", asOf, "--fail-on", "warning", "{d}/v.csv"}, 3,
			[]string{"DATE_UNLIKELY", `"3/1/1927" is 1927-03-01, before 2009`}}, nil},
		{mistake{"3.1.2027 names both readings and offers neither",
			map[string]string{"v.csv": head + row("A-1", "3.1.2027")},
			[]string{"check", "--as-of", asOf, "{d}/v.csv"}, 3,
			[]string{`"3.1.2027" could be March 1, 2027 (month first) or January 3, 2027 (day first): the tool does not guess which`}}, []string{"write it as 2027-01-03", "write it as 2027-03-01"}},
		{mistake{"01/02/03 names both readings",
			map[string]string{"v.csv": head + row("A-1", "01/02/03")},
			[]string{"check", "--as-of", asOf, "{d}/v.csv"}, 3,
			[]string{`"01/02/03" could be January 2, 2003 (month first, as the tool reads M/D/YY) or February 3, 2001 (year first)`}}, nil},
		{mistake{"27-03-01 is not read as 2001",
			map[string]string{"v.csv": head + row("A-1", "27-03-01")},
			[]string{"check", "--as-of", asOf, "{d}/v.csv"}, 3,
			[]string{`"27-03-01" could be March 27, 2001 (day first) or March 1, 2027 (year first)`}}, nil},
		{mistake{"dates as people write them are read",
			map[string]string{"v.csv": head + row("A-1", "3-Mar-27") + row("A-2", `"March 3rd, 2027"`) + row("A-3", "3 March 2027") + row("A-4", "2027/03/03")},
			[]string{"check", "--as-of", asOf, "--fail-on", "error", "{d}/v.csv"}, 0,
			[]string{"4 vacancies computed, 0 rows rejected"}}, nil},
		{mistake{"a cause that leads with a known word is read, with a warning",
			map[string]string{"v.csv": head + "A-1,Town Supervisor,Albany,resigned (effective 3/1),2026-03-01\nA-2,Town Clerk,Albany,moved out of state,2026-03-02\n"},
			[]string{"check", "--as-of", asOf, "--fail-on", "error", "{d}/v.csv"}, 0,
			[]string{"2 vacancies computed, 0 rows rejected", "CAUSE_GUESSED", `"resigned (effective 3/1)" is read as resignation from the words it begins with, "resigned"`,
				`"moved out of state" is read as nonresidence from the words it begins with, "moved out"`}}, nil},
		{mistake{"an unknown cause gets a did-you-mean, not the list of codes",
			map[string]string{"v.csv": head + "A-1,Town Supervisor,Albany,resignaton,2026-03-01\n"},
			[]string{"check", "--as-of", asOf, "{d}/v.csv"}, 3,
			[]string{`"resignaton" is not a cause the tool knows: did you mean resignation?`}}, []string{"judgment_void, oath_not_filed"}},
		{mistake{"an unknown cause with no code near says what to give, in a sentence of its own",
			map[string]string{"v.csv": head + "A-1,Town Supervisor,Albany,appointed to another office,2026-03-01\n"},
			[]string{"check", "--as-of", asOf, "{d}/v.csv"}, 3,
			[]string{`"appointed to another office" is not a cause the tool knows: give a cause code such as death or resignation`}}, []string{"knows Give", "did you mean"}},
		{mistake{"a total row is noted, not rejected, so --fail-on error passes",
			map[string]string{"v.csv": head + row("A-1", "2026-03-05") + row("A-2", "2026-03-06") + "Total,,,,2\n"},
			[]string{"check", "--as-of", asOf, "--fail-on", "error", "{d}/v.csv"}, 0,
			[]string{"2 vacancies computed, 0 rows rejected", `line 4 is a total row ("Total" in column A), not a vacancy`}}, nil},
		{mistake{"a count under the ids in a CSV is noted as a total row, so --fail-on error passes",
			map[string]string{"v.csv": head + row("A-1", "2026-03-05") + row("A-2", "2026-03-06") + ",,,,\nTotal,2,,,\n=COUNTA(A2:A3),,,,\n"},
			[]string{"check", "--as-of", asOf, "--fail-on", "error", "{d}/v.csv"}, 0,
			[]string{"2 vacancies computed, 0 rows rejected", `line 6 is a total row (a count or sum in column A), not a vacancy`}}, nil},
		{mistake{"a count under the ids in a workbook is noted as a total row, so --fail-on error passes",
			map[string]string{"v.xlsx": formulaBook(t, map[string]string{"A4": "Total", "B4": "=COUNTA(B2:B3)", "A5": "=COUNTA(A2:A3)"})},
			[]string{"check", "--as-of", asOf, "--fail-on", "error", "{d}/v.xlsx"}, 0,
			[]string{"2 vacancies computed, 0 rows rejected", `row 4 is a total row ("Total" in column A, a count or sum in column B)`,
				`row 5 is a total row (a count or sum in column A), not a vacancy`}}, nil},
		{mistake{"=ROW()-1 filled down the ids marks rows left to fill, still rejected",
			map[string]string{"v.xlsx": formulaBook(t, map[string]string{"A4": "=ROW()-1 filled to A5"})},
			[]string{"check", "--as-of", asOf, "--fail-on", "error", "{d}/v.xlsx"}, 3,
			[]string{"2 vacancies computed, 2 rows rejected", "office is blank"}}, []string{"total row"}},
		{mistake{"two files both numbering their rows 1 and 2: a warning, and explain names both",
			map[string]string{"albany.csv": head + row("1", "2026-03-05") + row("2", "2026-03-06"),
				"erie.csv": head + "1,Town Supervisor,Erie,death,2026-04-05\n2,Town Clerk,Erie,death,2026-04-06\n"},
			[]string{"explain", "--as-of", asOf, "{d}/albany.csv", "{d}/erie.csv", "--id", "1"}, 0,
			[]string{`2 rows answer to "1": albany.csv:2, erie.csv:2`, `DUPLICATE_ID (vacancy_id): The vacancy_id "1" is also given by erie.csv:2 (1)`,
				`The vacancy_id "1" is also given by albany.csv:2 (1)`}}, nil},
		{mistake{"duplicate ids across files reach --fail-on warning",
			map[string]string{"albany.csv": head + row("1", "2026-03-05"), "erie.csv": head + "1,Town Supervisor,Erie,death,2026-04-05\n"},
			[]string{"check", "--as-of", asOf, "--fail-on", "warning", "{d}/albany.csv", "{d}/erie.csv"}, 3,
			[]string{"DUPLICATE_ID"}}, nil},
		{mistake{"an unrecognised header row lists what it found",
			map[string]string{"v.csv": "Name,Town,Why\nJane Doe,Berne,died\n"},
			[]string{"check", "{d}/v.csv"}, 1,
			[]string{`line 1, the first with values, holds "Name", "Town", "Why"`}}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := runInFiles(t, tc.files, tc.args)
			all := got.stdout + got.stderr
			if got.code != tc.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", got.code, tc.code, got.stdout, got.stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("the output lacks %q\nstdout: %s\nstderr: %s", w, got.stdout, got.stderr)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(all, w) {
					t.Errorf("the output holds %q", w)
				}
			}
		})
	}
}

// formulaBook is a workbook of two vacancies (rows 2 and 3) and the cells
// given below them, as Excel saves them: "=F" a formula with its saved
// value (the count of rows 2 and 3, 2), "=F filled to A9" a formula
// filled down (a shared formula), its values the row's number less one.
func formulaBook(t *testing.T, cells map[string]string) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range [][]any{{"vacancy_id", "office", "county", "cause", "event_date"},
		{"A-1", "Town Supervisor", "Albany", "death", "2026-03-05"},
		{"A-2", "Town Clerk", "Albany", "death", "2026-03-06"}} {
		if err := f.SetSheetRow("Sheet1", "A"+strconv.Itoa(i+1), &r); err != nil {
			t.Fatal(err)
		}
	}
	for ref, v := range cells {
		formula, ok := strings.CutPrefix(v, "=")
		if !ok {
			if err := f.SetCellStr("Sheet1", ref, v); err != nil {
				t.Fatal(err)
			}
			continue
		}
		formula, to, shared := strings.Cut(formula, " filled to ")
		if !shared {
			if err := f.SetCellInt("Sheet1", ref, 2); err != nil {
				t.Fatal(err)
			}
			if err := f.SetCellFormula("Sheet1", ref, formula); err != nil {
				t.Fatal(err)
			}
			continue
		}
		_, first, _ := excelize.CellNameToCoordinates(ref)
		_, last, _ := excelize.CellNameToCoordinates(to)
		for r := first; r <= last; r++ {
			if err := f.SetCellInt("Sheet1", "A"+strconv.Itoa(r), int64(r-1)); err != nil {
				t.Fatal(err)
			}
		}
		kind, span := excelize.STCellFormulaTypeShared, ref+":"+to
		if err := f.SetCellFormula("Sheet1", ref, formula, excelize.FormulaOpts{Type: &kind, Ref: &span}); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// mistake is one case of a first-mistakes table.
type mistake struct {
	name  string
	files map[string]string // relative path → content
	args  []string          // "{d}" is the folder of the files
	code  int
	want  []string // in standard output or standard error
}

// runInFiles writes the files (relative path → content) into a new
// folder and runs batch with args, "{d}" in them the folder.
func runInFiles(t *testing.T, files map[string]string, args []string) outcome {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	expanded := make([]string, len(args))
	for i, a := range args {
		expanded[i] = strings.ReplaceAll(a, "{d}", dir)
	}
	return run(t, "", expanded...)
}

// TestOwnOutputsFedBack: a run's own vacancies.csv and results.xlsx given
// back as inputs are named as the tool's outputs (issue 35: the first was
// read without a word, the second failed on its Calendar sheet's codes).
func TestOwnOutputsFedBack(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if got := run(t, "", "run", "-q", "--as-of", asOf, "-o", out, samplesXLSX); got.code != 0 {
		t.Fatalf("run: %d %s", got.code, got.stderr)
	}
	for _, name := range []string{"vacancies.csv", "results.xlsx"} {
		got := run(t, "", "check", "--as-of", asOf, filepath.Join(out, name))
		if got.code != 1 || !strings.Contains(got.stderr, "this is the tool's own "+name+" (an output of batch run), so it is not read as input") {
			t.Errorf("%s: exit %d: %s", name, got.code, got.stderr)
		}
	}
	got := run(t, "", "check", "--as-of", asOf, filepath.Join(out, "errors.csv"))
	if got.code != 1 || !strings.Contains(got.stderr, "this is the tool's own errors.csv (an output of batch, not a list of vacancies)") {
		t.Errorf("errors.csv: exit %d: %s", got.code, got.stderr)
	}
}

// TestHiddenAndMergedNamedByCheck: check names hidden rows, hidden sheets
// and a filter, and the county a merged cell gave the row below (issue
// 35).
func TestHiddenAndMergedNamedByCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "county.xlsx")
	f := excelize.NewFile()
	_ = f.SetSheetName("Sheet1", "Albany")
	rows := [][]any{{"vacancy_id", "office", "county", "cause", "event_date"},
		{"A-1", "Town Supervisor", "Albany", "death", "2026-03-05"},
		{"A-2", "Town Clerk", nil, "death", "2026-03-06"},
		{"A-3", "Town Justice", "Albany", "death", "2026-03-07"}}
	for i, r := range rows {
		_ = f.SetSheetRow("Albany", "A"+string(rune('1'+i)), &r)
	}
	_ = f.MergeCell("Albany", "C2", "C3")
	_ = f.SetRowVisible("Albany", 4, false)
	_, _ = f.NewSheet("Old")
	for i, r := range [][]any{rows[0], {"O-1", "Mayor", "Albany", "death", "2026-02-01"}} {
		_ = f.SetSheetRow("Old", "A"+string(rune('1'+i)), &r)
	}
	_ = f.SetSheetVisible("Old", false)
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	got := run(t, "", "check", "--as-of", asOf, "--fail-on", "error", path)
	for _, w := range []string{"4 vacancies computed, 0 rows rejected", `cells C2:C3 are merged: the value "Albany" of C2 is read in row 3 too`,
		`sheet "Albany": row 4 is hidden: every row was read all the same`, `sheet "Old": the sheet is hidden`} {
		if !strings.Contains(got.stdout, w) {
			t.Errorf("check lacks %q\nstdout: %s\nstderr: %s", w, got.stdout, got.stderr)
		}
	}
	if got.code != 0 {
		t.Errorf("exit %d", got.code)
	}
}
