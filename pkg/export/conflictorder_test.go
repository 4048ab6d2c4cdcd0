package export

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
)

// manyConflicts is n vacancies with conflicts of every severity, several
// per vacancy, next deadlines spread over a few dates (and none for some),
// in an order that is neither sorted nor reversed.
func manyConflicts(n int) []compute.Result {
	sevs := []compute.Severity{compute.Info, compute.Error, compute.Warning}
	out := make([]compute.Result, n)
	for i := range out {
		r := &out[i]
		r.Vacancy = compute.Vacancy{ID: fmt.Sprintf("V-%04d", i), Office: "Town Clerk", County: "Kings",
			Source: compute.Source{File: "many.csv", Row: i + 2}}
		if i%5 != 0 {
			r.NextDeadlineDate = d(2026, 4, 1).AddDays((i * 7) % 11)
			r.NextDeadline = "independent_petition"
		}
		for j := 0; j < i%4; j++ {
			s := sevs[(i+j)%3]
			r.Conflicts = append(r.Conflicts, compute.Conflict{Code: fmt.Sprintf("C%d_%s", j, s), Severity: s,
				Field: "notes", Message: fmt.Sprintf("conflict %d of %s", j, r.Vacancy.ID)})
		}
	}
	return out
}

// TestConflictsSortedWithLinksBothWays writes the sorted Conflicts sheet
// through runs of seven lines (so the lines go through the temporary file
// and its merge) and sheets of 40 rows (so links cross continuation
// sheets), and checks the order and every link against the results.
func TestConflictsSortedWithLinksBothWays(t *testing.T) {
	results := manyConflicts(150)
	dir := filepath.Join(t.TempDir(), "out")
	opts := fixtureOptions(dir, XLSX)
	opts.runRecords = 7
	opts.maxRows = 40
	opts.linkCap = 25 // past it, links are formulas
	// A cross-row conflict (a duplicate), as the pipeline adds it.
	late := compute.Conflict{Code: "DUPLICATE_VACANCY", Severity: compute.Warning, Field: "vacancy_id", Message: "twice"}
	results[3].Conflicts = append(results[3].Conflicts, late)
	w, err := openWriter(opts, planOf(nil, results...))
	if err != nil {
		t.Fatal(err)
	}
	for i := range results {
		if err := w.Result(&results[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Commit(fixtureRunInfo()); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(filepath.Join(dir, resultsName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()

	byID := map[string]*compute.Result{}
	total := 0
	for i := range results {
		byID[results[i].Vacancy.ID] = &results[i]
		total += len(results[i].Conflicts)
	}
	// Read every Conflicts line, across its sheets, with its link.
	type line struct {
		sheet           string
		row             int
		id, sev, code   string
		next, linksBack string
	}
	var lines []line
	for _, sheet := range f.GetSheetList() {
		if sheet != conflictsSheet && !strings.HasPrefix(sheet, conflictsSheet+" (") {
			continue
		}
		rows, _ := f.GetRows(sheet)
		for i, r := range rows[1:] {
			ref := "A" + strconv.Itoa(i+2)
			l := line{sheet: sheet, row: i + 2, id: r[0], sev: r[2], code: r[3]}
			if len(r) > 7 {
				l.next = r[7]
			}
			if ok, target, _ := f.GetCellHyperLink(sheet, ref); ok {
				l.linksBack = target
			} else if formula, _ := f.GetCellFormula(sheet, ref); formula != "" {
				l.linksBack = strings.TrimPrefix(strings.Split(formula, `"`)[1], "#")
			}
			lines = append(lines, l)
		}
	}
	if len(lines) != total {
		t.Fatalf("%d Conflicts lines, want %d", len(lines), total)
	}
	rank := map[string]int{"error": 0, "warning": 1, "info": 2}
	seq := func(id string) int { n, _ := strconv.Atoi(strings.TrimPrefix(id, "V-")); return n }
	t.Run("worst first, then the soonest next deadline (none last), then input order", func(t *testing.T) {
		for i := 1; i < len(lines); i++ {
			a, b := lines[i-1], lines[i]
			ka := fmt.Sprintf("%d|%t|%s|%06d", rank[a.sev], a.next == "", a.next, seq(a.id))
			kb := fmt.Sprintf("%d|%t|%s|%06d", rank[b.sev], b.next == "", b.next, seq(b.id))
			if ka > kb {
				t.Fatalf("line %d (%s %s %s %s) comes before line %d (%s %s %s %s)",
					i, a.sev, a.next, a.id, a.code, i+1, b.sev, b.next, b.id, b.code)
			}
		}
	})
	t.Run("each line links back to its vacancy", func(t *testing.T) {
		for _, l := range lines {
			sheet, ref, ok := strings.Cut(l.linksBack, "!")
			if !ok {
				t.Fatalf("%s row %d: no link back (%q)", l.sheet, l.row, l.linksBack)
			}
			got, _ := f.GetCellValue(strings.Trim(sheet, "'"), ref)
			if got != l.id {
				t.Errorf("%s row %d (%s) links to %s, which holds %q", l.sheet, l.row, l.id, l.linksBack, got)
			}
		}
	})
	t.Run("each highlighted vacancy links to its most severe line", func(t *testing.T) {
		checked := 0
		for _, sheet := range f.GetSheetList() {
			if sheet != vacanciesSheet && !strings.HasPrefix(sheet, vacanciesSheet+" (") {
				continue
			}
			rows, _ := f.GetRows(sheet)
			for i, r := range rows[1:] {
				res := byID[r[0]]
				col, _ := excelize.ColumnNumberToName(vacConflictsCol + 1)
				ref := col + strconv.Itoa(i+2)
				target := ""
				if ok, tg, _ := f.GetCellHyperLink(sheet, ref); ok {
					target = tg
				} else if formula, _ := f.GetCellFormula(sheet, ref); formula != "" {
					target = strings.TrimPrefix(strings.Split(formula, `"`)[1], "#")
				}
				if res.Severity() < compute.Warning {
					if target != "" {
						t.Errorf("%s: not highlighted, yet links to %s", r[0], target)
					}
					continue
				}
				ts, tr, _ := strings.Cut(target, "!")
				id, _ := f.GetCellValue(strings.Trim(ts, "'"), tr)
				sev, _ := f.GetCellValue(strings.Trim(ts, "'"), "C"+strings.TrimPrefix(tr, "A"))
				if id != r[0] || sev != res.Severity().String() {
					t.Errorf("%s (worst %s) links to %s: %s %s", r[0], res.Severity(), target, id, sev)
				}
				checked++
			}
		}
		if checked == 0 {
			t.Fatal("no highlighted vacancy")
		}
	})
}

// A conflict the Plan did not count has no place on the sorted sheet:
// the writer refuses it, and refuses to commit when a counted one never
// came, rather than write a sheet with a gap or a line out of place.
func TestConflictsMustBeCounted(t *testing.T) {
	r := fixtureResults()[2] // no conflict
	t.Run("one more", func(t *testing.T) {
		w, err := openWriter(fixtureOptions(filepath.Join(t.TempDir(), "out"), XLSX), planOf(nil, r))
		if err != nil {
			t.Fatal(err)
		}
		defer w.Abort()
		more := r
		more.Conflicts = []compute.Conflict{{Code: "DUPLICATE_VACANCY", Severity: compute.Warning}}
		if err := w.Result(&more); err == nil {
			t.Fatal("a conflict the Plan did not count was written")
		}
	})
	t.Run("one less", func(t *testing.T) {
		counted := r
		counted.Conflicts = []compute.Conflict{{Code: "DUPLICATE_VACANCY", Severity: compute.Warning}}
		dir := filepath.Join(t.TempDir(), "out")
		w, err := openWriter(fixtureOptions(dir, XLSX), planOf(nil, counted))
		if err != nil {
			t.Fatal(err)
		}
		defer w.Abort()
		if err := w.Result(&r); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Commit(fixtureRunInfo()); err == nil {
			t.Fatal("committed a Conflicts sheet missing a counted line")
		}
		if _, err := os.Stat(filepath.Join(dir, resultsName)); !os.IsNotExist(err) {
			t.Errorf("results.xlsx after a refused commit: %v", err)
		}
	})
}

func TestConflictCodesListEachCodeOnce(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []compute.Conflict
		want string
	}{
		{"two deadlines moved by § 1-106", []compute.Conflict{{Code: "ROLLED_OVER", Severity: compute.Info},
			{Code: "ROLLED_OVER", Severity: compute.Info}}, "ROLLED_OVER"},
		{"the most severe first", []compute.Conflict{{Code: "LATE_VACANCY", Severity: compute.Info},
			{Code: "ROLLED_OVER", Severity: compute.Info}, {Code: "SPECIAL_WINDOW", Severity: compute.Error},
			{Code: "LATE_VACANCY", Severity: compute.Info}}, "SPECIAL_WINDOW, LATE_VACANCY, ROLLED_OVER"},
		{"a code listed where it is most severe", []compute.Conflict{{Code: "SPECIAL_BARRED", Severity: compute.Info},
			{Code: "TOO_LATE", Severity: compute.Warning}, {Code: "SPECIAL_BARRED", Severity: compute.Error}},
			"SPECIAL_BARRED, TOO_LATE"},
		{"none", nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := conflictCodes(&compute.Result{Conflicts: c.in}); got != c.want {
				t.Errorf("conflicts cell %q, want %q", got, c.want)
			}
		})
	}
}
