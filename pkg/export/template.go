package export

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
)

// templateColumn is one input column of CONTRACT.md, as the template
// explains it to the analyst who fills it.
type templateColumn struct {
	name     string
	required string
	width    float64
	explain  string
	example  string
	list     string // "class", "cause", "county", "yesno", "date", "year" or ""
}

var templateColumns = []templateColumn{
	{"vacancy_id", "no", 14, "Your reference for the vacancy. Left blank, the tool uses file:sheet:row.", "ALB-0001", ""},
	{"office", "yes", 28, "The office as you would write it: \"Member of Assembly\", \"Town Supervisor\", \"County Clerk\".", "Town Supervisor", ""},
	{"office_class", "no", 22, "How Public Officers Law § 42 treats the office. Left blank, the tool derives it from office.", "other", "class"},
	{"district", "no", 14, "District, town, city or village. Kept as text, so leading zeros stay.", "Town of Berne", ""},
	{"county", "yes for local offices", 16, "One of New York's 62 counties.", "Albany", "county"},
	{"incumbent", "no", 20, "Who held the office.", "Jane Doe", ""},
	{"cause", "yes", 20, "How the office became vacant (Public Officers Law § 30): a code from the list, or words such as \"died\" or \"resigned\".", "death", "cause"},
	{"event_date", "yes, except term_expiration, and oath_not_filed with term_start", 13, "The date of the event: death, effective resignation, removal, conviction, judgment, creation of the office…", "2026-03-14", "date"},
	{"term_start", "no", 13, "First day of the incumbent's term (needed for oath_not_filed without event_date).", "2024-01-01", "date"},
	{"term_end", "for term_expiration and judges; defaults for congress and the legislature", 13, "Last day of the incumbent's term.", "2027-12-31", "date"},
	{"appointable", "no", 12, "Can the vacancy be filled by appointment until the next general election? \"no\" opens the special-election route of § 42(3).", "yes", "yesno"},
	{"proclamation_date", "no", 13, "Date of the governor's proclamation of a special election, if any.", "", "date"},
	{"special_election_date", "no", 13, "The proclaimed special election day (30 to 40 days after the proclamation, § 42(3)).", "", "date"},
	{"special_session_date", "no", 13, "Date a special session of congress or the legislature was called (lifts the § 42(4) bar).", "", "date"},
	{"next_full_term_year", "for term_expiration", 12, "Year of the first general election at which the office can be filled for a full term (§ 42(2)).", "", "year"},
	{"notes", "no", 30, "Anything else; carried through to the results.", "", ""},
}

// templateRows is how many rows of the Vacancies sheet carry the dropdowns.
const templateRows = 2000

// WriteTemplate writes a blank input workbook for analysts: the Vacancies
// sheet with the contract's columns, dropdowns and date checks, a Columns
// sheet explaining each column, and a hidden Lists sheet the dropdowns read.
// The file appears under path only when complete.
func WriteTemplate(path string) error { return writeTemplate(path, (*tempFile).rename) }

func writeTemplate(path string, place func(*tempFile) error) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := buildTemplate(f); err != nil {
		return fmt.Errorf("export: template: %w", err)
	}
	t, err := createTemp(filepath.Dir(path), filepath.Base(path))
	if err != nil {
		return err
	}
	defer t.remove()
	if _, err := f.WriteTo(t.f); err != nil {
		return fmt.Errorf("export: writing %s: %w", path, err)
	}
	if err := t.finish(); err != nil {
		return err
	}
	return place(t)
}

func buildTemplate(f *excelize.File) error {
	const main, guide, lists = "Vacancies", "Columns", "Lists"
	if err := f.SetSheetName("Sheet1", main); err != nil {
		return err
	}
	for _, s := range []string{guide, lists} {
		if _, err := f.NewSheet(s); err != nil {
			return err
		}
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"DDEBF7"}}})
	if err != nil {
		return err
	}
	dateStyle, err := f.NewStyle(&excelize.Style{CustomNumFmt: ptr("yyyy-mm-dd")})
	if err != nil {
		return err
	}
	textStyle, err := f.NewStyle(&excelize.Style{NumFmt: 49}) // "@": text, keeps leading zeros
	if err != nil {
		return err
	}

	// Lists: the values the dropdowns offer.
	listCols := map[string][]string{
		"class":  toStrings(compute.OfficeClasses),
		"cause":  toStrings(compute.Causes),
		"county": compute.Counties,
		"yesno":  {"yes", "no"},
	}
	listOrder := []string{"class", "cause", "county", "yesno"}
	listRange := map[string]string{}
	for i, key := range listOrder {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if err := f.SetCellValue(lists, col+"1", key); err != nil {
			return err
		}
		for j, v := range listCols[key] {
			if err := f.SetCellValue(lists, fmt.Sprintf("%s%d", col, j+2), v); err != nil {
				return err
			}
		}
		listRange[key] = fmt.Sprintf("%s!$%s$2:$%s$%d", lists, col, col, len(listCols[key])+1)
	}
	if err := f.SetSheetVisible(lists, false); err != nil {
		return err
	}

	for i, c := range templateColumns {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if err := f.SetCellValue(main, col+"1", c.name); err != nil {
			return err
		}
		if err := f.SetColWidth(main, col, col, c.width); err != nil {
			return err
		}
		cells := fmt.Sprintf("%s2:%s%d", col, col, templateRows+1)
		dv := excelize.NewDataValidation(true)
		dv.Sqref = cells
		switch c.list {
		case "class", "cause", "county", "yesno":
			dv.SetSqrefDropList(listRange[c.list])
			dv.SetError(excelize.DataValidationErrorStyleWarning, c.name, "Choose a value from the list (see the Columns sheet).")
		case "date":
			if err := f.SetCellStyle(main, col+"2", fmt.Sprintf("%s%d", col, templateRows+1), dateStyle); err != nil {
				return err
			}
			// Excel serials of 1900-01-01 and 9999-12-31.
			if err := dv.SetRange(1, 2958465, excelize.DataValidationTypeDate, excelize.DataValidationOperatorBetween); err != nil {
				return err
			}
			dv.SetError(excelize.DataValidationErrorStyleStop, c.name, "Enter a date, e.g. 2026-03-14.")
		case "year":
			if err := dv.SetRange(1900, 2200, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween); err != nil {
				return err
			}
			dv.SetError(excelize.DataValidationErrorStyleStop, c.name, "Enter a four-digit year.")
		default:
			if c.name == "district" || c.name == "vacancy_id" {
				if err := f.SetCellStyle(main, col+"2", fmt.Sprintf("%s%d", col, templateRows+1), textStyle); err != nil {
					return err
				}
			}
			continue
		}
		dv.SetInput(c.name, truncate(c.explain, 250))
		if err := f.AddDataValidation(main, dv); err != nil {
			return err
		}
	}
	last, _ := excelize.ColumnNumberToName(len(templateColumns))
	if err := f.SetCellStyle(main, "A1", last+"1", bold); err != nil {
		return err
	}
	if err := f.SetPanes(main, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	if err := f.AutoFilter(main, "A1:"+last+"1", nil); err != nil {
		return err
	}

	// Columns: what each column means, so the workbook explains itself.
	header := []string{"column", "required", "what to enter", "example", "allowed values"}
	for i, h := range header {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if err := f.SetCellValue(guide, col+"1", h); err != nil {
			return err
		}
	}
	for i, c := range templateColumns {
		allowed := ""
		switch c.list {
		case "class", "cause", "county", "yesno":
			allowed = strings.Join(listCols[c.list], ", ")
		case "date":
			allowed = "a date: 2026-01-05, 1/5/2026, 1/5/26 or January 5, 2026"
		case "year":
			allowed = "a four-digit year"
		}
		row := []any{c.name, c.required, c.explain, c.example, allowed}
		if err := f.SetSheetRow(guide, fmt.Sprintf("A%d", i+2), &row); err != nil {
			return err
		}
	}
	for col, w := range map[string]float64{"A": 22, "B": 24, "C": 80, "D": 16, "E": 60} {
		if err := f.SetColWidth(guide, col, col, w); err != nil {
			return err
		}
	}
	if err := f.SetCellStyle(guide, "A1", "E1", bold); err != nil {
		return err
	}
	note := "One row per vacancy on the Vacancies sheet. The tool applies the law in force on each row's dates (batch rules lists every edition); each result names the editions that decided it. Other columns you add are carried through to the results."
	if err := f.SetCellValue(guide, fmt.Sprintf("A%d", len(templateColumns)+3), note); err != nil {
		return err
	}
	f.SetActiveSheet(0)
	return nil
}

func toStrings[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

func ptr[T any](v T) *T { return &v }
