package export

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// Every sheet of results.xlsx prints well: landscape, as few pages wide
// as keep its text at 55 % of its size or more, its header row on every
// page (the tables), a header naming the sheet and the as-of date and a
// footer naming the law and the page. A sheet more than one page wide
// repeats its first column on every page and prints a band of rows
// across before the next (one page wide, Vacancies printed at 30 %).
func TestEverySheetPrintsWell(t *testing.T) {
	for _, c := range []struct {
		name    string
		maxRows int
	}{{"one sheet a table", 0}, {"tables continued on more sheets", 3}} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			opts := fixtureOptions(dir, XLSX)
			opts.maxRows = c.maxRows
			writeFixture(t, opts)
			f, err := excelize.OpenFile(filepath.Join(dir, resultsName))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			titles := map[string]string{}
			for _, dn := range f.GetDefinedName() {
				if dn.Name == "_xlnm.Print_Titles" {
					titles[dn.Scope] = dn.RefersTo
				}
			}
			sheets := f.GetSheetList()
			if len(sheets) < len(sheetOrder) {
				t.Fatalf("sheets %q", sheets)
			}
			for _, sheet := range sheets {
				pl, err := f.GetPageLayout(sheet)
				if err != nil {
					t.Fatal(err)
				}
				if pl.Orientation == nil || *pl.Orientation != "landscape" {
					t.Errorf("%s: orientation %v, want landscape", sheet, pl.Orientation)
				}
				if pl.FitToWidth == nil || pl.FitToHeight == nil || *pl.FitToHeight != 0 {
					t.Fatalf("%s: fit to %v wide × %v tall, want N × 0 (as many pages down as it takes)", sheet, pl.FitToWidth, pl.FitToHeight)
				}
				// The scale a reader prints it at: the columns' widths
				// against the pages', a landscape Letter page less two
				// margins of 0.4 in, 10.2 in at 96 px an inch, in widths of
				// Calibri 11's widest digit, 7 px: 139.9; every page after
				// the first prints the first column again.
				wide := *pl.FitToWidth
				total, first := 0.0, 0.0
				cols, err := f.GetCols(sheet)
				if err != nil {
					t.Fatal(err)
				}
				for i := range cols {
					name, _ := excelize.ColumnNumberToName(i + 1)
					w, err := f.GetColWidth(sheet, name)
					if err != nil {
						t.Fatal(err)
					}
					if i == 0 {
						first = w
					}
					total += w
				}
				scale := func(pages int) float64 {
					return min(1, float64(pages)*10.2*96/7/(total+float64(pages-1)*first))
				}
				if wide < 1 || wide > 4 || (scale(wide) < 0.55 && wide < 4) || (wide > 1 && scale(wide-1) >= 0.55) {
					t.Errorf("%s: %d pages wide for columns %.0f wide: printed at %.0f %%, want the fewest pages (at most 4) that print at 55 %% or more",
						sheet, wide, total, 100*scale(wide))
				}
				across := wide > 1
				if across != (pl.PageOrder != nil && *pl.PageOrder == "overThenDown") {
					t.Errorf("%s: %d pages wide, page order %v", sheet, wide, pl.PageOrder)
				}
				if sheet == vacanciesSheet && !across {
					t.Errorf("%s: one page wide for columns %.0f wide (%.0f %%)", sheet, total, 100*scale(1))
				}
				props, err := f.GetSheetProps(sheet)
				if err != nil {
					t.Fatal(err)
				}
				if props.FitToPage == nil || !*props.FitToPage {
					t.Errorf("%s: fit-to-page is off, so the fit is ignored", sheet)
				}
				hf, err := f.GetHeaderFooter(sheet)
				if err != nil || hf == nil {
					t.Fatalf("%s: no header or footer (%v)", sheet, err)
				}
				for _, want := range []string{sheet, "as of 2026-03-02", "&P"} {
					if !strings.Contains(hf.OddHeader, want) {
						t.Errorf("%s: header %q lacks %q", sheet, hf.OddHeader, want)
					}
				}
				if !strings.Contains(hf.OddFooter, "Law applied: ") {
					t.Errorf("%s: footer %q does not name the law applied", sheet, hf.OddFooter)
				}
				if sheet == summarySheet {
					continue
				}
				// The tables: their header row (Rules: the edition line
				// and the header) printed on every page.
				want := "'" + sheet + "'!$1:$1"
				if strings.HasPrefix(sheet, rulesSheet) {
					want = "'" + sheet + "'!$1:$2"
				}
				if across {
					want = "('" + sheet + "'!$A:$A," + want + ")"
				}
				if titles[sheet] != want {
					t.Errorf("%s: print titles %q, want %q", sheet, titles[sheet], want)
				}
			}
		})
	}
}

// The first rows of Summary say what needs action: the vacancy with an
// error first, linked to its row, then the one with a warning; the run's
// version and jobs come only after the counts.
func TestSummaryOpensWithTheErrors(t *testing.T) {
	dir, opts := allFormats(t)
	writeFixture(t, opts)
	f, err := excelize.OpenFile(filepath.Join(dir, resultsName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(summarySheet)
	if err != nil {
		t.Fatal(err)
	}
	find := func(prefix string) int {
		for i, r := range rows {
			if len(r) > 0 && strings.HasPrefix(r[0], prefix) {
				return i
			}
		}
		t.Fatalf("Summary has no row starting %q", prefix)
		return -1
	}
	errorsAt := find("Vacancies with errors: 1")
	if errorsAt > 8 {
		t.Errorf("the errors' list starts on row %d, not among the first rows", errorsAt+1)
	}
	first := rows[errorsAt+2] // after the list's header row
	if len(first) < 6 || first[0] != "error" || first[1] != "V-002" || first[3] != "Queens" ||
		first[4] != "SPECIAL_NOT_AUTHORIZED" || !strings.Contains(first[5], "No special election may be proclaimed") {
		t.Errorf("the first error row is %q", first)
	}
	if ok, target, _ := f.GetCellHyperLink(summarySheet, "B"+strconv.Itoa(errorsAt+3)); !ok || target != "'Vacancies'!A3" {
		t.Errorf("V-002 links %v to %q, want its row 'Vacancies'!A3", ok, target)
	}
	warningsAt := find("Vacancies with warnings: 1")
	if w := rows[warningsAt+2]; len(w) < 2 || w[1] != "V-001" {
		t.Errorf("the first warning row is %q", w)
	}
	next := find("Next open deadlines")
	if !(errorsAt < warningsAt && warningsAt < next && next < find("version") && next < find("jobs")) {
		t.Error("Summary does not put errors, warnings, the next deadlines and then the run's details in that order")
	}
	// The legend names every severity, info included.
	legend := find("legend")
	var seen []string
	for _, r := range rows[legend+1:] {
		if len(r) == 0 || r[0] == "" {
			break
		}
		seen = append(seen, r[0])
	}
	for _, sev := range []string{"error", "warning", "info"} {
		if !strings.Contains(strings.Join(seen, " "), sev) {
			t.Errorf("the legend (%q) lacks %s", seen, sev)
		}
	}
}
