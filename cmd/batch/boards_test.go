package main

import (
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// boardsHeader is the export's header row.
const boardsHeader = "vacancy_id,office,office_class,district,county,incumbent,cause,event_date,term_start,term_end,proclamation_date,special_election_date\n"

// boardNights are the three nights of TestThreeNightsForEachBoard: the
// state's daily export under a new name each night, as of that day.
func boardNights() []struct{ asOf, rows string } {
	albany := "ALB-001,Town Supervisor,other,Town of Guilderland,Albany,Pat Ames,resignation,2027-01-11,2026-01-01,2027-12-31,,\n" +
		"ALB-002,County Legislator,other,District 12,Albany,Lee Brown,death,2027-01-20,2024-01-01,2027-12-31,,\n"
	warren := "WAR-001,Village Trustee,other,Village of Lake George,Warren,Sam Cole,resignation,2027-01-15,2026-06-01,2028-05-31,,\n"
	queens := "QNS-023,Member of Assembly,member_of_assembly,23,Queens,Dana Diaz,resignation,2027-01-19,2027-01-01,2028-12-31,2027-01-25,2027-03-09\n"
	ad074 := "AD-074,Member of Assembly,member_of_assembly,74,New York,Eve Ford,resignation,2027-02-22,2027-01-01,2028-12-31,2027-02-26,\n" +
		"AD-074,Member of Assembly,member_of_assembly,74,New York,Eve Ford,resignation,2027-02-22,2027-01-01,2028-12-31,,\n"
	erie := func(event string) string {
		return "ERI-001,County Clerk,other,,Erie,Gil Hart,death," + event + ",2026-01-01,2029-12-31,,\n"
	}
	return []struct{ asOf, rows string }{
		{"2027-03-01", albany + warren + queens + ad074 + erie("2027-01-05")},
		{"2027-03-02", albany + queens + ad074 + erie("2027-01-05")},
		{"2027-03-03", albany + queens + ad074 + erie("2027-01-06")},
	}
}

// Three nights of the README's nightly run with --split county, as county
// boards read them (issue 32: each part true for its
// reader). The state's daily export is renamed every night
// (vacancies-2027-03-01.xlsx, -03-02, -03-03). The boards:
//
//   - Albany: two vacancies that do not change in three nights.
//   - Warren: one vacancy, withdrawn from the export on night two.
//   - Queens: Assembly District 23, vacant 2027-01-19, proclaimed Mon
//     2027-01-25, its special election on Tue 2027-03-09: inside the
//     window of 40 to 50 days after the proclamation (Pub. Off. Law
//     § 42(3)(b) as amended by L.2022 ch. 164: Sat 03-06 to Tue 03-16).
//     On Mon 03-01 it is 8 days away, on Tue 03-02 7, on Wed 03-03 6.
//   - New York: AD-074 entered twice, vacant 2027-02-22, one row with
//     the proclamation of Fri 02-26 and the copy without it. The duty to
//     proclaim ends Thu 2027-03-04, ten days after the vacancy (§ 42(3) as
//     amended by L.2021 ch. 320, the governor's act: no § 1-106 roll-over):
//     due within the week every night, and met. The proclaimed row's
//     special-election deadlines (E4: party nomination certificates R + 7
//     = Fri 03-05) are true duties; its items say the vacancy is entered
//     twice and name the other row.
//   - Erie: one vacancy whose event date is corrected on night three.
func TestThreeNightsForEachBoard(t *testing.T) {
	dir := t.TempDir()
	nights := boardNights()
	out := filepath.Join(dir, "out")
	for i, n := range nights {
		got := boardsNight(t, dir, "vacancies-"+n.asOf+".xlsx", boardsHeader+n.rows, n.asOf)
		if got.code != 0 && got.code != 3 {
			t.Fatalf("night %d: exit %d\n%s", i+1, got.code, got.stderr)
		}
		night := i + 1
		// The statewide fail_on is the run's exit-3 condition, exactly.
		if sum := boardSummary(t, out); sum.FailOn.Reached != (got.code == 3) {
			t.Errorf("night %d: summary.json fail_on.reached %v, exit %d", night, sum.FailOn.Reached, got.code)
		}
		index := readIndex(t, filepath.Join(out, "by-county", "index.csv"))

		t.Run("night "+n.asOf+": a county whose rows did not change hears of no change", func(t *testing.T) {
			sum := boardSummary(t, filepath.Join(out, "by-county", "Albany"))
			digest := readText(t, filepath.Join(out, "by-county", "Albany", "digest.txt"))
			if night > 1 && (sum.Changes.Status != "compared" || sum.Changes.Changed || sum.Changes.Total != 0) {
				t.Errorf("Albany's changes: %+v, want compared, nothing changed", sum.Changes)
			}
			if sum.FailOn.Reached || strings.Join(sum.FailOn.Levels, ",") != "action,changed" {
				t.Errorf("Albany's fail_on %+v: reached, with nothing changed and nothing due", sum.FailOn)
			}
			if strings.Contains(digest, "Input files") || strings.Contains(digest, "vacancies-2027") && strings.Contains(digest, "renamed") {
				t.Errorf("Albany's digest speaks of the state's input files:\n%s", digest)
			}
			if night > 1 && heading(digest) != "batch: vacancies of Albany County as of "+weekdayOf(n.asOf)+": nothing changed" {
				t.Errorf("Albany's digest:\n%s", digest)
			}
		})

		t.Run("night "+n.asOf+": a withdrawn county's board is told, once", func(t *testing.T) {
			row, listed := index["Warren"]
			switch night {
			case 1:
				if !listed || row["withdrawn"] != "no" || row["vacancies"] != "1" {
					t.Errorf("night 1: Warren in index.csv: %v %v", listed, row)
				}
			case 2:
				if !listed || row["withdrawn"] != "yes" || row["vacancies"] != "0" {
					t.Fatalf("night 2: Warren in index.csv: %v %v, want withdrawn = yes", listed, row)
				}
				folder := filepath.Join(out, "by-county", row["folder"])
				for _, f := range []string{"digest.txt", "digest.html", "summary.json", "results.xlsx"} {
					if _, err := os.Stat(filepath.Join(folder, f)); err != nil {
						t.Errorf("Warren's folder lacks %s: %v", f, err)
					}
				}
				digest := readText(t, filepath.Join(folder, "digest.txt"))
				if h := heading(digest); h != "batch: vacancies of Warren County as of Tue 2027-03-02: the last vacancy was withdrawn" {
					t.Errorf("Warren's subject %q", h)
				}
				for _, want := range []string{
					"No vacancy of Warren County is left in the inputs",
					"WAR-001, Village Trustee, Village of Lake George, Warren",
					"No longer in the inputs",
				} {
					if !strings.Contains(digest, want) {
						t.Errorf("Warren's digest lacks %q:\n%s", want, digest)
					}
				}
				sum := boardSummary(t, folder)
				if !sum.FailOn.Reached || sum.Slice == nil || !sum.Slice.Withdrawn {
					t.Errorf("Warren's summary.json: fail_on %+v, slice %+v: its mail is due", sum.FailOn, sum.Slice)
				}
			case 3:
				if listed {
					t.Errorf("night 3: Warren listed again: %v", row)
				}
			}
		})

		t.Run("night "+n.asOf+": an election day within 7 days is in its county's digest, Summary and calendar", func(t *testing.T) {
			folder := filepath.Join(out, "by-county", "Queens")
			digest := words(readText(t, filepath.Join(folder, "digest.txt")))
			line := "Tue 2027-03-09 Special election day: in " + map[int]string{2: "7", 3: "6"}[night] + " days — QNS-023, Member of Assembly, Assembly District 23, Queens"
			if night == 1 {
				// Eight days away: not within --soon's 7.
				if strings.Contains(digest, "Special election day") {
					t.Errorf("night 1: the election eight days away is listed as due:\n%s", digest)
				}
				return
			}
			if !strings.Contains(digest, "NEEDS ACTION (1) "+line) {
				t.Errorf("Queens' digest lacks %q:\n%s", line, digest)
			}
			if sum := boardSummary(t, folder); !sum.FailOn.Reached {
				t.Errorf("Queens' fail_on %+v: not reached with its special election due", sum.FailOn)
			}
			summary := sheetText(t, filepath.Join(folder, "results.xlsx"), "Summary")
			if !strings.Contains(summary, "Special election day: the election that fills the vacancy") || !strings.Contains(summary, "QNS-023") {
				t.Errorf("Queens' Summary does not list the special election:\n%s", summary)
			}
			ev := icsEvent(t, filepath.Join(folder, "deadlines.ics"), "20270309", "Special election")
			// 09:00 three days before Tue 03-09 (Sat 03-06), after the as-of
			// date: 2 days and 15 hours before the day begins.
			if !strings.Contains(ev, "TRIGGER:-P2DT15H") || !strings.Contains(ev, "CATEGORIES:Queens") {
				t.Errorf("the special election's event has no reminder or no county:\n%s", ev)
			}
		})

		t.Run("night "+n.asOf+": AD-074 entered twice shows no false duty", func(t *testing.T) {
			folder := filepath.Join(out, "by-county", "New York")
			for _, where := range []string{out, folder} {
				digest := words(readText(t, filepath.Join(where, "digest.txt")))
				if strings.Contains(digest, "issue the proclamation") {
					t.Errorf("%s: the digest asks for the proclamation AD-074's other row records:\n%s", where, digest)
				}
				// Its true duty, the proclaimed special's certificates of
				// party nomination (Fri 03-05), says the vacancy is entered
				// twice and names the other row.
				if want := "Fri 2027-03-05 Last day to file certificates of party nomination for the special election: due in " +
					map[int]string{1: "4", 2: "3", 3: "2"}[night] + " days — AD-074, Member of Assembly, Assembly District 74, New York — this vacancy is entered twice: also as vacancies-" +
					n.asOf + ".xlsx:Vacancies:"; !strings.Contains(digest, want) {
					t.Errorf("%s: the digest lacks %q:\n%s", where, want, digest)
				}
				summary := sheetText(t, filepath.Join(where, "results.xlsx"), "Summary")
				if strings.Contains(summary, "Last day to issue the proclamation") {
					t.Errorf("%s: the Summary lists the proclamation AD-074's other row records", where)
				}
				if !strings.Contains(summary, "this vacancy is entered twice: also as") {
					t.Errorf("%s: the Summary's AD-074 items do not say it is entered twice", where)
				}
				ics := strings.ReplaceAll(readText(t, filepath.Join(where, "deadlines.ics")), "\r\n ", "")
				if strings.Contains(ics, "issue the proclamation") {
					t.Errorf("%s: the calendar holds the proclamation AD-074's other row records", where)
				}
				if !strings.Contains(ics, "[AD-074] (entered twice)") || !strings.Contains(ics, "Entered twice: this vacancy is also vacancies-"+n.asOf+".xlsx:Vacancies:") {
					t.Errorf("%s: the calendar's AD-074 events do not say it is entered twice", where)
				}
			}
		})

		t.Run("night "+n.asOf+": the changes are the county's own rows'", func(t *testing.T) {
			sum := boardSummary(t, filepath.Join(out, "by-county", "Erie"))
			digest := readText(t, filepath.Join(out, "by-county", "Erie", "digest.txt"))
			if night == 3 {
				if !sum.Changes.Changed || !strings.Contains(words(digest), "why: its row changed: event_date 2027-01-05 → 2027-01-06") {
					t.Errorf("Erie's corrected row is not its news: %+v\n%s", sum.Changes, digest)
				}
				if h := heading(digest); h != "batch: vacancies of Erie County as of Wed 2027-03-03: 1 vacancy changed" {
					t.Errorf("Erie's subject counts vacancies:\n%s", digest)
				}
			} else if sum.Changes.Changed {
				t.Errorf("night %d: Erie changed = true with its row as it was: %+v", night, sum.Changes)
			}
			// The statewide digest tells of the renamed export; no folder does.
			if night > 1 {
				if state := readText(t, filepath.Join(out, "digest.txt")); !strings.Contains(state, "Input files") {
					t.Errorf("the statewide digest does not tell of the renamed export:\n%s", state)
				}
			}
		})

		t.Run("night "+n.asOf+": plain words", func(t *testing.T) {
			for _, f := range []string{filepath.Join(out, "digest.txt"), filepath.Join(out, "by-county", "New York", "digest.txt")} {
				digest := readText(t, f)
				if m := regexp.MustCompile(`\b(E[0-4]|T20\d\d)\b|source tree|go1\.|text unread|\binput: |\bas_of: `).FindString(digest); m != "" {
					t.Errorf("%s says %q:\n%s", f, m, digest)
				}
				if !strings.Contains(words(digest), "Full list, most urgent first: the Changes sheet of results.xlsx, the attached workbook") {
					t.Errorf("%s does not name the attachment and sheet of the full list:\n%s", f, digest)
				}
			}
		})
	}
}

// boardsNight runs the nightly line with --split county over one export
// in the inbox (the last night's taken out), as of asOf.
func boardsNight(t *testing.T, dir, name, rows, asOf string) outcome {
	t.Helper()
	inbox := filepath.Join(dir, "inbox")
	os.RemoveAll(inbox)
	if err := os.MkdirAll(inbox, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(inbox, name)
	writeExport(t, path, rows)
	cmd := exec.Command(binary, "run", "-q", "--compare", "auto", "--split", "county", "--format", "xlsx,csv,json,ics,digest",
		"--fail-on", "action,changed", "-o", "out", path)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "BATCH_AS_OF="+asOf)
	var o outcome
	b, err := cmd.CombinedOutput()
	o.stderr = string(b)
	if exit, ok := err.(*exec.ExitError); ok {
		o.code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o
}

// writeExport writes CSV text as the state's daily export: a workbook of
// one sheet, every cell text.
func writeExport(t *testing.T, path, text string) {
	t.Helper()
	records, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", "Vacancies"); err != nil {
		t.Fatal(err)
	}
	for r, rec := range records {
		for c, v := range rec {
			cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
			if err := f.SetCellStr("Vacancies", cell, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
}

// boardSummaryDoc is what these tests read of a summary.json.
type boardSummaryDoc struct {
	Changes struct {
		Status  string `json:"status"`
		Changed bool   `json:"changed"`
		Total   int    `json:"total"`
	} `json:"changes"`
	FailOn struct {
		Levels  []string `json:"levels"`
		Reached bool     `json:"reached"`
		Because []string `json:"because"`
	} `json:"fail_on"`
	Slice *struct {
		Withdrawn bool `json:"withdrawn"`
	} `json:"slice"`
}

func boardSummary(t *testing.T, folder string) boardSummaryDoc {
	t.Helper()
	var s boardSummaryDoc
	readJSON(t, filepath.Join(folder, "summary.json"), &s)
	return s
}

// readIndex reads index.csv by value.
func readIndex(t *testing.T, path string) map[string]map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string]map[string]string{}
	for _, r := range recs[1:] {
		row := map[string]string{}
		for i, h := range recs[0] {
			row[h] = r[i]
		}
		out[row["value"]] = row
	}
	return out
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// heading is the digest's subject as a mailer takes it (the mail
// step's contract): the lines before the first line made only
// of "=", joined with single spaces.
func heading(digest string) string {
	var lines []string
	for _, l := range strings.Split(digest, "\n") {
		if l != "" && strings.Trim(l, "=") == "" {
			break
		}
		lines = append(lines, strings.TrimSpace(l))
	}
	return strings.Join(lines, " ")
}

// words is s with its runs of white space one space: a digest's lines
// are wrapped at 80 columns.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

// weekdayOf is "Tue 2027-03-02".
func weekdayOf(iso string) string {
	return map[string]string{"2027-03-01": "Mon", "2027-03-02": "Tue", "2027-03-03": "Wed"}[iso] + " " + iso
}

// sheetText is every cell of a sheet, a row a line.
func sheetText(t *testing.T, path, sheet string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(strings.Join(r, " | "))
		b.WriteByte('\n')
	}
	return b.String()
}

// icsEvent is the calendar's event on the day (YYYYMMDD) whose summary
// starts with title, its folded lines joined; "" when there is none.
func icsEvent(t *testing.T, path, day, title string) string {
	t.Helper()
	text := strings.ReplaceAll(readText(t, path), "\r\n ", "")
	for _, ev := range strings.Split(text, "BEGIN:VEVENT") {
		if strings.Contains(ev, "DTSTART;VALUE=DATE:"+day) && strings.Contains(ev, "SUMMARY:"+title) {
			return ev
		}
	}
	t.Errorf("%s: no event %q on %s", path, title, day)
	return ""
}

// TestFailOnBlockIsTheExitCode: summary.json's fail_on (the mail step
// reads it) says reached exactly when the run exits 3, whatever
// --fail-on asks, on the samples as of 2026-11-30 (10 vacancies with
// errors and 7 rejected rows; nothing due within the week, the next
// deadline being Mon 2026-12-14).
func TestFailOnBlockIsTheExitCode(t *testing.T) {
	for _, c := range []struct {
		failOn string
		exit   int
	}{
		{"never", 0},
		{"error", 3},
		{"warning", 3},
		{"action", 0},
		{"action,changed", 0}, // the first run of --compare auto: nothing to compare is no news
	} {
		t.Run(c.failOn, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := []string{"run", "-q", "--as-of", asOf, "--format", "xlsx,json,digest", "--fail-on", c.failOn, "-o", out}
			if strings.Contains(c.failOn, "changed") {
				args = append(args, "--compare", "auto")
			}
			got := run(t, "", append(args, samplesXLSX)...)
			sum := boardSummary(t, out)
			if got.code != c.exit {
				t.Errorf("exit %d, want %d: %s", got.code, c.exit, got.stderr)
			}
			if sum.FailOn.Reached != (got.code == 3) {
				t.Errorf("exit %d, fail_on %+v", got.code, sum.FailOn)
			}
			if c.failOn != "never" && strings.Join(sum.FailOn.Levels, ",") != c.failOn {
				t.Errorf("fail_on levels %v, want %s", sum.FailOn.Levels, c.failOn)
			}
		})
	}
}
