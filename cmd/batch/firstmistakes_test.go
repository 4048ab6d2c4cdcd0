package main

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestFirstMistakes: the mistakes a new analyst makes first (issue 26),
// each run as typed, with the exit status and the words it now gets.
func TestFirstMistakes(t *testing.T) {
	sample, err := os.ReadFile(samplesXLSX)
	if err != nil {
		t.Fatal(err)
	}
	const head = "vacancy_id,office,county,cause,event_date\n"
	cases := []mistake{
		{"a misspelt header gets a did-you-mean",
			map[string]string{"v.csv": "Ofice,cause,event_date\nTown Supervisor,death,2026-03-04\n"},
			[]string{"check", "{d}/v.csv"}, 1,
			[]string{`line 1 looks like the header, but "Ofice": did you mean office?`}},
		{"a misspelt event_date column is named in every row's message",
			map[string]string{"v.csv": "office,county,cause,event_dat\nTown Supervisor,Albany,death,2026-03-04\n"},
			[]string{"check", "{d}/v.csv"}, 3,
			[]string{`event_date is blank`, `its column "event_dat" was carried through unread: did you mean event_date?`}},
		{"a misspelt optional column is noted",
			map[string]string{"v.csv": "office,Countyy,cause,event_date\nTown Supervisor,Albany,death,2026-03-04\n"},
			[]string{"check", "--fail-on", "never", "{d}/v.csv"}, 0,
			[]string{`Notes (read all the same):`, `v.csv: the column "Countyy" was carried through unread: did you mean county?`}},
		{"a column named Date of Death is read as the event date",
			map[string]string{"v.csv": "vacancy_id,office,county,cause,Date of Death\nA-1,Town Supervisor,Albany,death,2026-03-04\n"},
			[]string{"explain", "--as-of", asOf, "{d}/v.csv", "--id", "A-1"}, 0,
			// § 30(1)(a): the office is vacant on the death itself.
			[]string{"vacant since 2026-03-04"}},
		{"a column named date of resignation is read as the event date",
			map[string]string{"v.csv": "vacancy_id,office,county,cause,date of resignation\nA-1,Town Supervisor,Albany,resignation,2026-03-04\n"},
			[]string{"check", "--fail-on", "never", "{d}/v.csv"}, 0,
			[]string{"1 vacancy computed, 0 rows rejected"}},
		{"Excel's date-time text is a date",
			map[string]string{"v.csv": head + "A-1,Town Supervisor,Albany,death,4/3/26 0:00\n"},
			[]string{"explain", "--as-of", asOf, "{d}/v.csv", "--id", "A-1"}, 0,
			[]string{"vacant since 2026-04-03"}},
		{"a day-first date with slashes gets a hint",
			map[string]string{"v.csv": head + "A-1,Town Supervisor,Albany,death,13/04/2026\n"},
			[]string{"check", "{d}/v.csv"}, 3,
			[]string{`"13/04/2026" is not a date: there is no month 13; it looks day-first (13 April 2026); the tool reads M/D/YYYY, so write it as 2026-04-13 or 4/13/2026`}},
		// Issue 35: it offered "write it as 2026-03-04", which a US user
		// who meant April 3 would follow into the wrong day.
		{"a date with dots that reads two ways names both",
			map[string]string{"v.csv": head + "A-1,Town Supervisor,Albany,death,04.03.2026\n"},
			[]string{"check", "{d}/v.csv"}, 3,
			[]string{`"04.03.2026" could be April 3, 2026 (month first) or March 4, 2026 (day first): the tool does not guess which`}},
		{"a day-first date with dots that reads one way gets a hint",
			map[string]string{"v.csv": head + "A-1,Town Supervisor,Albany,death,24.03.2026\n"},
			[]string{"check", "{d}/v.csv"}, 3,
			[]string{`"24.03.2026" is not a date the tool reads: it looks day-first (24 March 2026); the tool reads M/D/YYYY, so write it as 2026-03-24 or 3/24/2026`}},
		{"a workbook saved under a .csv name is read as a workbook",
			map[string]string{"saved-as.csv": string(sample)},
			[]string{"check", "--fail-on", "never", "--as-of", asOf, "{d}/saved-as.csv"}, 0,
			[]string{"332 vacancies computed, 7 rows rejected", "saved-as.csv:Statewide:2"}},
		{"an .xls gets Save As .xlsx",
			map[string]string{"old.xls": "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1 rest of an OLE file"},
			[]string{"check", "{d}/old.xls"}, 1,
			[]string{"an Excel 97-2003 workbook (.xls) is not read by this tool: open it in Excel (or LibreOffice Calc) and save it with File > Save As as an Excel Workbook (.xlsx)"}},
		{"an .ods gets Save As .xlsx",
			map[string]string{"calc.ods": odsBytes(t)},
			[]string{"check", "{d}/calc.ods"}, 1,
			[]string{"an OpenDocument spreadsheet (.ods) is not read by this tool: open it in LibreOffice Calc (or Excel) and save it with File > Save As as an Excel Workbook (.xlsx)"}},
		{"explain by the id of a rejected row explains the rejection",
			map[string]string{"v.csv": head + "NY-0000109,Town Supervisor,Albany,death,\n"},
			[]string{"explain", "{d}/v.csv", "--id", "NY-0000109"}, 1,
			[]string{`NY-0000109 (v.csv:2) was rejected: event_date "": event_date is blank`}},
		{"ids match without regard to case",
			map[string]string{"v.csv": head + "NY-0000109,Town Supervisor,Albany,death,2026-03-04\n"},
			[]string{"explain", "--as-of", asOf, "{d}/v.csv", "--id", "ny-0000109"}, 0,
			[]string{"NY-0000109 (v.csv:2)"}},
		{"an id that matches none gets the nearest",
			map[string]string{"v.csv": head + "NY-0000109,Town Supervisor,Albany,death,2026-03-04\n"},
			[]string{"explain", "{d}/v.csv", "--id", "NY-000109"}, 1,
			[]string{`no vacancy with vacancy_id or source "NY-000109"`, `did you mean "NY-0000109"?`}},
		{"inputs that share a name are told apart by their folders",
			map[string]string{"a/v.csv": head + "A-1,Town Supervisor,Albany,died,\n", "b/v.csv": head + "B-1,Town Supervisor,Albany,died,\n"},
			[]string{"check", "{d}/a/v.csv", "{d}/b/v.csv"}, 3,
			[]string{"a/v.csv:2: event_date", "b/v.csv:2: event_date"}},
		{"-o - is refused",
			map[string]string{"v.csv": head + "A-1,Town Supervisor,Albany,death,2026-03-04\n"},
			[]string{"run", "{d}/v.csv", "-o", "-"}, 2,
			[]string{"--out -: the outputs are several files and need a folder"}},
		{"batch version names the build",
			nil, []string{"version"}, 0, []string{"batch version v"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := runInFiles(t, tc.files, tc.args)
			if got.code != tc.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", got.code, tc.code, got.stdout, got.stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(got.stdout+got.stderr, w) {
					t.Errorf("the output lacks %q\nstdout: %s\nstderr: %s", w, got.stdout, got.stderr)
				}
			}
		})
	}
}

// odsBytes is the start of an OpenDocument spreadsheet: a zip whose first
// entry, mimetype, names the format.
func odsBytes(t *testing.T) string {
	var b strings.Builder
	zw := zip.NewWriter(&b)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "mimetype", Method: zip.Store})
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("application/vnd.oasis.opendocument.spreadsheet"))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestProseSheetIsANoteNotAnError: a "Read me" sheet of text beside the
// vacancies is noted on Summary and in summary.json, and does not reach
// --fail-on error; a header-less sheet holding a date stays an error.
func TestProseSheetIsANoteNotAnError(t *testing.T) {
	dir := t.TempDir()
	build := func(name string, extra [][]any) string {
		f := excelize.NewFile()
		defer f.Close()
		f.SetSheetName("Sheet1", "Vacancies")
		for i, r := range [][]any{{"vacancy_id", "office", "county", "cause", "event_date"},
			{"A-1", "Town Supervisor", "Albany", "death", "2026-03-04"}} {
			f.SetSheetRow("Vacancies", "A"+strconv.Itoa(i+1), &r)
		}
		f.NewSheet("Read me")
		for i, r := range extra {
			f.SetSheetRow("Read me", "A"+strconv.Itoa(i+1), &r)
		}
		p := filepath.Join(dir, name)
		if err := f.SaveAs(p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	prose := build("prose.xlsx", [][]any{{"How to fill this workbook"}, {"One row per vacancy; ask the elections unit."}})
	dated := build("dated.xlsx", [][]any{{"Town Supervisor", "died"}, {"Town Clerk", "2026-05-01"}})

	out := filepath.Join(dir, "out")
	got := run(t, "", "run", "-q", "--as-of", asOf, "--fail-on", "error", "-o", out, prose)
	if got.code != 0 {
		t.Fatalf("a prose sheet: exit %d, want 0\n%s%s", got.code, got.stdout, got.stderr)
	}
	sum, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(sum), `prose.xlsx, sheet \"Read me\": the sheet holds text (2 rows with values, rows 1 to 2) but no header row`) {
		t.Errorf("summary.json does not note the prose sheet:\n%s", sum)
	}
	f, err := excelize.OpenFile(filepath.Join(out, "results.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, _ := f.GetRows("Summary")
	noted := false
	for _, r := range rows {
		if strings.Contains(strings.Join(r, " "), `sheet "Read me": the sheet holds text`) {
			noted = true
		}
	}
	if !noted {
		t.Error("the Summary sheet does not note the prose sheet")
	}
	if e, _ := f.GetRows("Errors"); len(e) > 1 {
		t.Errorf("Errors lists %v, want none", e[1:])
	}

	got = run(t, "", "check", "--as-of", asOf, dated)
	if got.code != 3 || !strings.Contains(got.stdout, `"died" in column B is a cause of vacancy`) {
		t.Errorf("a header-less sheet of vacancies: exit %d, want 3 and the row named\n%s%s", got.code, got.stdout, got.stderr)
	}
}

// TestAnalystsFirstSteps runs README's "For analysts" lines in order, as
// typed, in a fresh folder: template, check, run. The blank template
// passes check with exit 0 and no problem listed.
func TestAnalystsFirstSteps(t *testing.T) {
	dir := t.TempDir()
	step := func(args ...string) outcome {
		t.Helper()
		cmd := exec.Command(binary, args...)
		cmd.Dir = dir
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		var exit *exec.ExitError
		code := 0
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return outcome{code, out.String(), errb.String()}
	}
	if got := step("template", "--out", "vacancies.xlsx"); got.code != 0 {
		t.Fatalf("template: exit %d: %s", got.code, got.stderr)
	}
	got := step("check", "vacancies.xlsx")
	if got.code != 0 {
		t.Fatalf("check of the blank template: exit %d, want 0\n%s%s", got.code, got.stdout, got.stderr)
	}
	if !strings.Contains(got.stdout, "No vacancies yet") {
		t.Errorf("check does not say there are no vacancies yet:\n%s", got.stdout)
	}
	for _, bad := range []string{"Rejected rows", "Vacancies with", "not read", "Columns", "Lists", "fail-on"} {
		if strings.Contains(got.stdout+got.stderr, bad) {
			t.Errorf("check of the blank template mentions %q:\n%s%s", bad, got.stdout, got.stderr)
		}
	}
	if !strings.Contains(got.stdout, "0 vacancies computed, 0 rows rejected, 0 blank") {
		t.Errorf("check's summary: %s", got.stdout)
	}
	if got := step("run", "vacancies.xlsx"); got.code != 0 {
		t.Fatalf("run of the blank template: exit %d\n%s%s", got.code, got.stdout, got.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "results.xlsx")); err != nil {
		t.Errorf("run left no out/results.xlsx: %v", err)
	}

	// Filled, the template passes --fail-on error night after night: its
	// own Columns and Lists sheets are never counted against it.
	f, err := excelize.OpenFile(filepath.Join(dir, "vacancies.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	row := []any{"ALB-0001", "Town Supervisor", "", "Town of Berne", "Albany", "Jane Doe", "death", "2026-03-14"}
	if err := f.SetSheetRow("Vacancies", "A2", &row); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got = step("check", "--as-of", asOf, "--fail-on", "error", "vacancies.xlsx")
	if got.code != 0 || !strings.Contains(got.stdout, "1 vacancy computed, 0 rows rejected") {
		t.Errorf("check of a filled template: exit %d\n%s%s", got.code, got.stdout, got.stderr)
	}
}
