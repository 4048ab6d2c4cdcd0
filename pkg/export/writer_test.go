package export

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"batch/pkg/compute"
)

func TestHeaderIsTheContractsColumns(t *testing.T) {
	// CONTRACT.md, Output: scripts downstream read these names.
	want := map[string]string{
		"Vacancies": "vacancy_id,source,office,office_class,district,county,incumbent,cause,event_date,vacancy_date,filling_method,filling_election_date,special_election_earliest,special_election_latest,appointment_until,term_end,next_deadline,next_deadline_date,conflicts,severity,basis,explanation,notes,law_edition,governing_law,appointing_authority,proclaiming_officer,remainder_election_date,charter_paragraph",
		"Deadlines": "vacancy_id,code,kind,window_start,statutory_date,effective_date,rolled_over,applies,reason,status,election_date,citation,law_edition,base_date,verify",
		"Conflicts": "vacancy_id,source,severity,code,field,message,citation,next_deadline_date",
		"Errors":    "source,row,column,value,message",
	}
	for table, cols := range want {
		if got := strings.Join(Header(table), ","); got != cols {
			t.Errorf("%s header %s, want %s", table, got, cols)
		}
	}
	if Header("Nope") != nil {
		t.Error("an unknown table has a header")
	}
	h := Header("Errors")
	h[0] = "changed"
	if Header("Errors")[0] != "source" {
		t.Error("Header hands out the package's own slice")
	}
}

func TestNewRefusesUnknownFormatsAndNoFolder(t *testing.T) {
	if _, err := openWriter(Options{Dir: t.TempDir(), Formats: []string{"pdf"}}, Plan{}); err == nil {
		t.Error("format pdf accepted")
	}
	if _, err := openWriter(Options{Formats: []string{CSV}}, Plan{}); err == nil {
		t.Error("empty Dir accepted")
	}
}

func TestOnlyTheAskedFormatsAreWritten(t *testing.T) {
	for _, tc := range []struct {
		formats []string
		want    []string
	}{
		{[]string{JSON}, []string{summaryName}},
		{[]string{XLSX, CSV, ICS, JSON}, []string{conflictsName, deadlinesName, icsName, errorsName, resultsName, summaryName, vacanciesName}},
	} {
		t.Run(strings.Join(tc.formats, ","), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			_, tot := writeFixture(t, fixtureOptions(dir, tc.formats...))
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range entries {
				if e.Name() != ".batch" {
					got = append(got, e.Name())
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("folder holds %q, want %q", got, tc.want)
			}
			if files := slices.Sorted(slices.Values(tot.Files)); !slices.Equal(files, tc.want) {
				t.Errorf("Totals.Files %q, want %q", files, tc.want)
			}
		})
	}
}

func TestTotals(t *testing.T) {
	_, opts := allFormats(t)
	_, tot := writeFixture(t, opts)
	want := Totals{Vacancies: 3, Rejected: 2, Problems: 3,
		BySeverity: map[compute.Severity]int{compute.Error: 1, compute.Warning: 1, compute.NoSeverity: 1}}
	if tot.Vacancies != want.Vacancies || tot.Rejected != want.Rejected || tot.Problems != want.Problems {
		t.Errorf("totals %+v, want %+v", tot, want)
	}
	for s, n := range want.BySeverity {
		if tot.BySeverity[s] != n {
			t.Errorf("severity %q: %d, want %d", s, tot.BySeverity[s], n)
		}
	}
}
