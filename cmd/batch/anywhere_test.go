package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryCommandTakesFlagsAfterItsInputs: each command, typed as
// analysts type it, flags after the inputs (or, for the commands without
// inputs, in another place than urfave alone reads them).
func TestEveryCommandTakesFlagsAfterItsInputs(t *testing.T) {
	dir := t.TempDir()
	template := filepath.Join(dir, "filled.xlsx")
	stdinCSV, err := os.ReadFile(samplesCSV)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		stdout   string // text standard output must hold
		produces string // a file the command must write
	}{
		{"run: -o and --format after the input, as the README's issue typed it", "",
			[]string{"run", samplesCSV, "-o", filepath.Join(dir, "run"), "--as-of", asOf, "--format", "csv", "-q"},
			0, "", filepath.Join(dir, "run", "vacancies.csv")},
		{"run: flags between inputs and before the command", "",
			[]string{"-q", "run", samplesXLSX, "--format", "json", samplesCSV, "--out", filepath.Join(dir, "run2"), "--as-of=" + asOf},
			0, "", filepath.Join(dir, "run2", "summary.json")},
		{"run: standard input, then its flags", string(stdinCSV),
			[]string{"run", "-", "-o", filepath.Join(dir, "stdin"), "--format", "csv", "--quiet=yes", "--as-of", asOf},
			0, "", filepath.Join(dir, "stdin", "vacancies.csv")},
		{"check: --fail-on and --as-of after the input", "",
			[]string{"check", samplesCSV, "--fail-on", "never", "--as-of", asOf},
			0, "Vacancies with errors:", ""},
		{"explain: the README's example, --id after the input", "",
			[]string{"explain", samplesXLSX, "--id", "NY-0000005", "--as-of", asOf},
			0, "NY-0000005", ""},
		{"rules: --csv before the command", "",
			[]string{"--csv", "rules"}, 0, "code,citation,counting", ""},
		{"calendar: --year before the command, --csv after", "",
			// The state board's 2026 calendar: the primary is Tuesday June 23.
			[]string{"--year", "2026", "calendar", "--csv"}, 0, "primary,,2026-06-23,2026-06-23", ""},
		{"template: --out before the command, --force after", "",
			[]string{"--out", template, "template", "--force"}, 0, "wrote", template},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, tc.stdin, tc.args...)
			if got.code != tc.code {
				t.Fatalf("exit %d, want %d; stderr: %s", got.code, tc.code, got.stderr)
			}
			if !strings.Contains(got.stdout, tc.stdout) {
				t.Errorf("stdout lacks %q:\n%s", tc.stdout, got.stdout)
			}
			if tc.produces != "" {
				if fi, err := os.Stat(tc.produces); err != nil || fi.Size() == 0 {
					t.Errorf("no %s (%v)", tc.produces, err)
				}
			}
		})
	}
}

func TestTemplateNeverOverwritesAFilledWorkbook(t *testing.T) {
	dir := t.TempDir()
	filled := filepath.Join(dir, "vacancies.xlsx")
	work := []byte("an analyst's filled workbook")
	if err := os.WriteFile(filled, work, 0o644); err != nil {
		t.Fatal(err)
	}
	got := run(t, "", "template", "--out", filled)
	if got.code != 1 || !strings.Contains(got.stderr, "--force") || !strings.Contains(got.stderr, "vacancies.xlsx") {
		t.Errorf("exit %d, stderr %q; want 1, naming the file and --force", got.code, got.stderr)
	}
	if b, _ := os.ReadFile(filled); !bytes.Equal(b, work) {
		t.Fatal("template overwrote the filled workbook")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("template left %d files in the folder, want only the workbook", len(entries))
	}
	if got := run(t, "", "template", "--out", filled, "--force"); got.code != 0 {
		t.Fatalf("--force: exit %d: %s", got.code, got.stderr)
	}
	if b, _ := os.ReadFile(filled); bytes.Equal(b, work) || !bytes.HasPrefix(b, []byte("PK")) {
		t.Error("--force did not replace the file with a workbook")
	}
	for _, name := range []string{"vacancies.csv", "vacancies", "vacancies.xls"} {
		got := run(t, "", "template", "--out", filepath.Join(dir, name))
		if got.code != 2 || !strings.Contains(got.stderr, ".xlsx") {
			t.Errorf("%s: exit %d, stderr %q; want 2 asking for .xlsx", name, got.code, got.stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s was written", name)
		}
	}
}

// TestMessagesSayWhatIsWrongInWords: no Go package prefixes, the
// environment variable a bad value came from, the reason a date is no
// date, the years calendar takes.
func TestMessagesSayWhatIsWrongInWords(t *testing.T) {
	notZip := filepath.Join(hostileDir, "not-a-zip.xlsx")
	folder := t.TempDir()
	cases := []struct {
		name   string
		env    []string
		args   []string
		code   int
		says   []string
		denies []string
	}{
		{"a missing input", nil, []string{"run", "-q", "-o", t.TempDir(), "no/such/file.csv"}, 1,
			[]string{"no/such/file.csv"}, nil},
		{"a file that is no workbook", nil, []string{"run", "-q", "-o", t.TempDir(), notZip}, 1,
			[]string{"not-a-zip.xlsx", "not an xlsx workbook"}, nil},
		{"a folder given as input", nil, []string{"check", folder}, 1, []string{"is a folder"}, nil},
		{"an unwritable output folder", nil, []string{"run", "-q", "-o", filepath.Join(samplesCSV, "out"), samplesCSV}, 1,
			[]string{"statewide.csv"}, nil},
		{"an impossible --as-of says why", nil, []string{"run", "--as-of", "2026-02-30", samplesCSV}, 2,
			[]string{"--as-of", "February 2026 has 28 days"}, []string{"BATCH_AS_OF"}},
		{"a bad BATCH_AS_OF names the variable", []string{"BATCH_AS_OF=2026-02-30"}, []string{"check", samplesCSV}, 2,
			[]string{"BATCH_AS_OF", "February 2026 has 28 days"}, []string{"--as-of"}},
		{"a bad BATCH_FORMAT names the variable", []string{"BATCH_FORMAT=pdf"}, []string{"run", samplesCSV}, 2,
			[]string{"BATCH_FORMAT", "pdf"}, nil},
		{"a bad BATCH_QUIET names the variable", []string{"BATCH_QUIET=maybe"}, []string{"run", samplesCSV}, 2,
			[]string{"BATCH_QUIET", "yes or no"}, nil},
		{"a bad boolean on the line", nil, []string{"run", "--quiet=sometimes", samplesCSV}, 2,
			[]string{"quiet", "sometimes", "yes or no"}, nil},
		{"calendar --year 26 is a typing mistake", nil, []string{"calendar", "--year", "26"}, 2,
			[]string{"--year 26", "1900", "2199"}, nil},
		{"calendar --year 2200 is outside the years", nil, []string{"calendar", "--year", "2200"}, 2,
			[]string{"1900", "2199"}, nil},
		{"calendar given an input says it takes none", nil, []string{"calendar", "2026"}, 2,
			[]string{"takes no inputs", `"2026"`}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(binary, tc.args...)
			cmd.Env = append(os.Environ(), tc.env...)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			_ = cmd.Run()
			if code := cmd.ProcessState.ExitCode(); code != tc.code {
				t.Errorf("exit %d, want %d; stderr: %s", code, tc.code, errb.String())
			}
			stderr := errb.String()
			for _, prefix := range []string{"ingest:", "pipeline:", "export:", "compute:"} {
				if strings.Contains(stderr, prefix) {
					t.Errorf("stderr carries the package prefix %q: %s", prefix, stderr)
				}
			}
			for _, s := range tc.says {
				if !strings.Contains(stderr, s) {
					t.Errorf("stderr lacks %q: %s", s, stderr)
				}
			}
			for _, s := range tc.denies {
				if strings.Contains(stderr, s) {
					t.Errorf("stderr names %q, but the value came from elsewhere: %s", s, stderr)
				}
			}
		})
	}
}

func TestBooleansReadYesAndNo(t *testing.T) {
	for _, tc := range []struct {
		env, flag string
		quiet     bool
	}{
		{"BATCH_QUIET=yes", "", true}, {"BATCH_QUIET=no", "", false}, {"BATCH_QUIET=1", "", true},
		{"BATCH_QUIET=FALSE", "", false}, {"", "--quiet=yes", true}, {"", "--quiet=no", false},
		{"BATCH_QUIET=yes", "--quiet=no", false}, // the line wins over the environment
	} {
		t.Run(tc.env+" "+tc.flag, func(t *testing.T) {
			args := []string{"run", samplesCSV, "--as-of", asOf, "--format", "json", "-o", t.TempDir()}
			if tc.flag != "" {
				args = append(args, tc.flag)
			}
			cmd := exec.Command(binary, args...)
			cmd.Env = append(os.Environ(), tc.env)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Run(); err != nil {
				t.Fatalf("%v: %s", err, errb.String())
			}
			if quiet := out.Len() == 0; quiet != tc.quiet {
				t.Errorf("quiet %v, want %v (stdout %q)", quiet, tc.quiet, out.String())
			}
		})
	}
}

func TestVersionIsNotDev(t *testing.T) {
	got := run(t, "", "--version")
	if got.code != 0 || strings.TrimSpace(got.stdout) == "batch version dev" || !strings.HasPrefix(got.stdout, "batch version ") {
		t.Errorf("exit %d, %q", got.code, got.stdout)
	}
}

// TestCheckListsTheVacanciesWithErrorsAndWarnings: the samples' errors
// and warnings by vacancy, as text for a person and as CSV and JSON for a
// script.
func TestCheckListsTheVacanciesWithErrorsAndWarnings(t *testing.T) {
	// From the samples (samples/README.md): NY-0000118's proclaimed special
	// election, 2026-02-12, falls outside the 70 to 80 days after its
	// proclamation of 2025-11-15 (Pub. Off. Law § 42(3)(a) as amended by
	// L.2022 ch. 164: Nov 30 is +15, Dec 31 +46, Jan 24 +70, Feb 3 +80);
	// NY-0000188 is one row entered twice; the rejected row with event date
	// 13/45/2020.
	text := run(t, "", "check", samplesXLSX, "--fail-on", "never", "--as-of", asOf)
	if text.code != 0 {
		t.Fatalf("exit %d: %s", text.code, text.stderr)
	}
	for _, want := range []string{
		"Vacancies with errors:", "Vacancies with warnings:",
		"NY-0000118", "SPECIAL_WINDOW", "NY-0000188", "DUPLICATE_VACANCY", "13/45/2020", "vacancies computed",
	} {
		if !strings.Contains(text.stdout, want) {
			t.Errorf("text list lacks %q", want)
		}
	}
	if errAt, warnAt := strings.Index(text.stdout, "Vacancies with errors:"), strings.Index(text.stdout, "Vacancies with warnings:"); errAt > warnAt {
		t.Error("warnings come before errors")
	}
	for _, line := range strings.Split(text.stdout, "\n") {
		if strings.Contains(line, "SAME_SEAT") || strings.Contains(line, "ROLLED_OVER") {
			t.Errorf("an info conflict is listed: %s", line)
		}
	}

	csvOut := run(t, "", "check", samplesXLSX, "--format", "csv", "--fail-on", "never", "--as-of", asOf, "-q")
	if csvOut.code != 0 {
		t.Fatalf("csv: exit %d: %s", csvOut.code, csvOut.stderr)
	}
	recs, err := csv.NewReader(strings.NewReader(csvOut.stdout)).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v\n%s", err, csvOut.stdout)
	}
	if strings.Join(recs[0], ",") != "vacancy_id,source,severity,code,field,value,message,citation" {
		t.Errorf("csv header %v", recs[0])
	}
	seen := map[string]bool{}
	for _, r := range recs[1:] {
		seen[r[0]+" "+r[2]+" "+r[3]] = true
	}
	for _, want := range []string{"NY-0000118 error SPECIAL_WINDOW", "NY-0000188 warning DUPLICATE_VACANCY"} {
		if !seen[want] {
			t.Errorf("csv lacks %q", want)
		}
	}
	rejected := 0
	for k := range seen {
		if strings.HasSuffix(k, "error ROW_REJECTED") {
			rejected++
		}
	}
	if rejected != 7 { // the samples' seven bad rows, one problem each
		t.Errorf("%d rejected rows in the csv, want 7", rejected)
	}

	jsonOut := run(t, "", "check", samplesXLSX, "--format", "json", "--fail-on", "never", "--as-of", asOf)
	var doc struct {
		AsOf   string `json:"as_of"`
		Counts struct {
			RejectedRows int `json:"rejected_rows"`
		}
		Findings []struct {
			ID   string `json:"vacancy_id"`
			Code string `json:"code"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(jsonOut.stdout), &doc); err != nil {
		t.Fatalf("json: %v\n%s", err, jsonOut.stdout)
	}
	if doc.AsOf != asOf || doc.Counts.RejectedRows != 7 || len(doc.Findings) != len(recs)-1 {
		t.Errorf("json: as_of %s, %d rejected rows, %d findings; want %s, 7, %d", doc.AsOf, doc.Counts.RejectedRows, len(doc.Findings), asOf, len(recs)-1)
	}
	if !strings.Contains(jsonOut.stderr, "vacancies computed") {
		t.Errorf("the summary line is not on standard error: %q", jsonOut.stderr)
	}
}
