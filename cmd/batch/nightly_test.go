package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// night runs batch as the README's cron line does, over the files given
// (name → CSV text), which replace whatever the inbox held, under the
// seed edition E0 (the expectations are the 2010 statutes worked by hand, docs/LAW.md).
func night(t *testing.T, dir string, files map[string]string, asOf string, extra ...string) outcome {
	t.Helper()
	inbox := filepath.Join(dir, "inbox")
	os.RemoveAll(inbox)
	if err := os.MkdirAll(inbox, 0o755); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for name, text := range files {
		p := filepath.Join(inbox, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	slices.Sort(paths)
	args := append([]string{"run", "-q", "--as-of", asOf, "--edition", "E0", "--compare", "auto",
		"--format", "xlsx,csv,json,digest", "-o", filepath.Join(dir, "out")}, extra...)
	return run(t, "", append(args, paths...)...)
}

const nightlyHeader = "vacancy_id,office,office_class,district,county,cause,event_date,proclamation_date,special_election_date\n"

// Two nights of the daily export (issue 24). Night one, Mon 2026-09-14,
// reads vacancies-2026-09-14.csv. Night two, Tue 09-15, reads the next
// day's export, vacancies-2026-09-15.csv, in which the county corrected
// NY-5's proclamation from Tue 09-08 to Fri 09-04, and a second file,
// albany.csv, with a new vacancy, NY-3.
//
// NY-5's special election deadlines count from the proclamation R
// (Elec. Law § 6-158(6)): party nomination certificates R + 10.
// With R = 09-08 that is Fri 09-18, open on 09-14; with R = 09-04 it is
// Mon 09-14, behind the as-of date of 09-15: a deadline that passed since
// the last run by a correction, not by the calendar. R + 12 = Wed 09-16
// (accept or decline, independent petitions) is due tomorrow.
func TestTheNextNightRenamesTheInputAndAddsAFile(t *testing.T) {
	dir := t.TempDir()
	ny5 := func(procl string) string {
		return "NY-5,Member of Assembly,member_of_assembly,12,Queens,resignation,2026-02-10," + procl + ",2026-10-13\n"
	}
	rest := "NY-1,Town Supervisor,other,,Erie,death,2026-09-03,,\n" +
		"NY-2,Village Trustee,other,,Erie,resignation,2026-01-15,,\n"
	first := night(t, dir, map[string]string{"vacancies-2026-09-14.csv": nightlyHeader + rest + ny5("2026-09-08")},
		"2026-09-14", "--fail-on", "action,changed")
	if first.code != 3 {
		t.Fatalf("first night, deadlines due this week, --fail-on action: exit %d, want 3\n%s", first.code, first.stderr)
	}
	second := night(t, dir, map[string]string{
		"vacancies-2026-09-15.csv": nightlyHeader + rest + ny5("2026-09-04"),
		"albany.csv":               nightlyHeader + "NY-3,Town Clerk,other,,Albany,death,2026-09-10,,\n",
	}, "2026-09-15", "--fail-on", "action,changed")
	if second.code != 3 {
		t.Errorf("second night: exit %d, want 3\n%s", second.code, second.stderr)
	}
	var sum struct {
		Changes struct {
			Status string `json:"status"`
			Reason string `json:"reason"`
		} `json:"changes"`
	}
	readJSON(t, filepath.Join(dir, "out", "summary.json"), &sum)
	if sum.Changes.Status != "compared" {
		t.Fatalf("second night not compared: %+v", sum.Changes)
	}
	got := changeRows(t, dir)
	correction := "input: proclamation_date 2026-09-08 → 2026-09-04"
	for _, want := range []string{
		"input_renamed  input_file: vacancies-2026-09-14.csv → vacancies-2026-09-15.csv [input: input file vacancies-2026-09-14.csv → vacancies-2026-09-15.csv (3 of its 3 rows found there, the content updated)]",
		"input_added  input_file:  → albany.csv [input: a file the last run did not read]",
		"vacancy_added NY-3 :  → general_election [input: a row the last run's inputs did not have]",
		"deadline_changed NY-5 special_party_nomination_certificate: 2026-09-18 → 2026-09-14 [" + correction + "]",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("changes.csv lacks %q:\n  %s", want, strings.Join(got, "\n  "))
		}
	}
	// Most urgent first: the deadline the correction put in the past.
	if want := "deadline_passed NY-5 special_party_nomination_certificate: open → passed [" + correction + "]"; len(got) == 0 || got[0] != want {
		t.Errorf("changes.csv's first row %q, want %q", got[0], want)
	}
	for _, r := range got {
		if strings.HasPrefix(r, "vacancy_added NY-1") || strings.HasPrefix(r, "vacancy_removed") {
			t.Errorf("a vacancy of the renamed file not matched: %s", r)
		}
	}
	text, err := os.ReadFile(filepath.Join(dir, "out", "digest.txt"))
	if err != nil {
		t.Fatal(err)
	}
	words := strings.Join(strings.Fields(string(text)), " ")
	for _, want := range []string{
		"Compared with the run as of Mon 2026-09-14.", // by its day, never its build string (issue 32)
		"NEEDS ACTION (",
		") Mon 2026-09-14 Last day to file certificates of party nomination", // the first line under it
		"passed, moved into the past by a correction (proclamation_date 2026-09-08 → 2026-09-04); check it was met — NY-5, Member of Assembly, Assembly District 12, Queens",
		"Input files - Input file vacancies-2026-09-14.csv is now read as vacancies-2026-09-15.csv (3 of its 3 rows found there, the content updated). - New input file albany.csv (1 row).",
	} {
		if !strings.Contains(words, want) {
			t.Errorf("digest.txt lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(words, "COMPARISON SKIPPED") {
		t.Errorf("digest.txt:\n%s", text)
	}
	checkDigests(t, filepath.Join(dir, "out"))
}

// TestFailOnAction: on a quiet night (nothing changed, the as-of date
// where it was), --fail-on action exits 3 when deadlines are due within
// --soon days and 0 when none is. NY-2, a Village Trustee's vacancy of
// January 2026, is filled at G(2026) = Tue 11-03 and shares NY-1's and
// NY-4's calendar (TestOnlyTheAsOfDateMovedReportsPassedAndDue): party
// nomination certificates P + 7 = Tue 09-22, their acceptance three days
// on, Fri 09-25, the filling of a declination four more, Tue 09-29; every
// earlier deadline is in the summer. So on Wed 09-23 two are due within
// the week; on Wed 09-30 none is left.
func TestFailOnAction(t *testing.T) {
	files := map[string]string{"vacancies.csv": nightlyHeader + "NY-2,Village Trustee,other,,Erie,resignation,2026-01-15,,\n"}
	for _, c := range []struct {
		name, asOf string
		want       int
	}{
		{"two deadlines due within the week", "2026-09-23", 3},
		{"nothing due", "2026-09-30", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			night(t, dir, files, c.asOf)
			got := night(t, dir, files, c.asOf, "--fail-on", "action")
			if got.code != c.want {
				t.Errorf("a quiet night as of %s, --fail-on action: exit %d, want %d\n%s", c.asOf, got.code, c.want, got.stderr)
			}
			changed := night(t, dir, files, c.asOf, "--fail-on", "changed")
			if changed.code != 0 {
				t.Errorf("the same night, --fail-on changed: exit %d, want 0", changed.code)
			}
			text, _ := os.ReadFile(filepath.Join(dir, "out", "digest.txt"))
			title := strings.SplitN(string(text), "\n", 2)[0]
			if acts := strings.Contains(title, "to act on"); acts != (c.want == 3) {
				t.Errorf("the digest's title %q disagrees with exit %d", title, c.want)
			}
		})
	}
	dir := t.TempDir()
	if got := night(t, dir, files, "2026-09-23"); got.code != 0 {
		t.Fatal(got.stderr)
	}
	if got := run(t, "", "run", "-q", "--fail-on", "action", "-o", filepath.Join(dir, "x"), filepath.Join(dir, "inbox", "vacancies.csv")); got.code != 2 {
		t.Errorf("--fail-on action with neither --compare nor the digest: exit %d, want 2", got.code)
	}
}

// TestTheREADMEsCronRecipe runs the README's cron line's batch command as
// written (the as-of date fixed through BATCH_AS_OF, the samples as the
// inbox), and checks that what its mail line sends is there and says what
// the README says it does.
func TestTheREADMEsCronRecipe(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(l, "15 2 * * *") {
			line = l
		}
	}
	start, end := strings.Index(line, "./batch run "), strings.Index(line, " 2>>")
	if start < 0 || end < start {
		t.Fatalf("no batch command in the README's cron line %q", line)
	}
	args := strings.Fields(line[start+len("./batch ") : end])
	dir := t.TempDir()
	inbox := filepath.Join(dir, "inbox")
	os.MkdirAll(inbox, 0o755)
	sample, err := os.ReadFile(samplesXLSX)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(inbox, "vacancies-2027-01-28.xlsx"), sample, 0o644)
	for i, a := range args {
		if a == "inbox/*.xlsx" {
			args[i] = filepath.Join(inbox, "vacancies-2027-01-28.xlsx")
		}
	}
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	// The samples as of Thu 2027-01-28: NY-0000095's proclamation, of Mon
	// 01-25, sets its special election's party nomination certificates at
	// R + 7 = Mon 02-01, due within the week (Elec. Law § 6-158(6)).
	cmd.Env = append(os.Environ(), "BATCH_AS_OF=2027-01-28")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("the recipe's first night: %v, want exit 3 (deadlines due this week)\n%s", err, out)
	}
	for _, f := range []string{"digest.txt", "results.xlsx"} {
		if !strings.Contains(line, "out/"+f) {
			t.Errorf("the cron line does not use out/%s", f)
		}
		if _, err := os.Stat(filepath.Join(dir, "out", f)); err != nil {
			t.Errorf("the mail line's %s: %v", f, err)
		}
	}
	text, _ := os.ReadFile(filepath.Join(dir, "out", "digest.txt"))
	// The subject is the mail line's own command, run by the shell as cron
	// would: the digest's whole heading on one line, however it wraps.
	const subjectCmd = `sed '/^==*$/,$d' out/digest.txt | tr -s '\n ' '  '`
	if !strings.Contains(line, `-s "$(`+subjectCmd+`)"`) {
		t.Fatalf("the cron line's subject is not %s", subjectCmd)
	}
	sh := exec.Command("sh", "-c", subjectCmd)
	sh.Dir = dir
	got, err := sh.Output()
	if err != nil {
		t.Fatal(err)
	}
	subject := strings.TrimSpace(string(got))
	heading, _, _ := strings.Cut(string(text), "\n=")
	if want := strings.Join(strings.Fields(heading), " "); subject != want || !strings.Contains(subject, "to act on") {
		t.Errorf("the subject %q, want the digest's whole heading %q, saying there is something to act on", subject, want)
	}
	if !strings.Contains(string(text), "NEEDS ACTION (") || !strings.Contains(string(readme), "the digest's NEEDS ACTION lists something") {
		t.Errorf("the README and the digest do not name NEEDS ACTION alike:\n%s", text)
	}
}
