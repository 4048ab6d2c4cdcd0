package ingest

import (
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
	"batch/pkg/outdir"
)

// templateColumn is one input column of CONTRACT.md, as the template
// explains it to the analyst who fills it.
type templateColumn struct {
	name     string
	required string
	width    float64
	explain  string
	example  string
	list     string // "class", "cause", "county", "yesno", "date", "year", "month" or ""
}

// isRequired: the column must be filled on every row (or nearly every:
// event_date), and its header is marked so.
func (c templateColumn) isRequired() bool { return strings.HasPrefix(c.required, "yes") }

// templateColumns are the input columns as the template explains them.
// Every number of the law a sentence states (the special election's
// window, the days to file the oath) is read from e, the edition in force
// on the day the template is made, so that no sentence outlives the law
// it states.
func templateColumns(e *compute.Edition) []templateColumn {
	return []templateColumn{
		{"vacancy_id", "no", 14, "Your reference for the vacancy. Left blank, the tool uses file:sheet:row.", "ALB-0001", ""},
		{"office", "yes", 28, "The office as you would write it: \"Member of Assembly\", \"Town Supervisor\", \"County Clerk\".", "Town Supervisor", ""},
		{"office_class", "no", 22, "How the law treats the office: a class of Public Officers Law § 42, or one whose own law governs it (village; nyc_mayor, nyc_public_advocate, nyc_comptroller, nyc_borough_president, nyc_council_member; city; county). Left blank, the tool derives it from office.", "other", "class"},
		{"district", "no", 14, "District, town, city or village. Kept as text, so leading zeros stay.", "Town of Berne", ""},
		{"county", "yes for local offices", 16, "One of New York's 62 counties.", "Albany", "county"},
		{"incumbent", "no", 20, "Who held the office.", "Jane Doe", ""},
		{"cause", "yes", 20, "How the office became vacant (Public Officers Law § 30): a code from the list, or words such as \"died\" or \"resigned\".", "death", "cause"},
		{"event_date", "yes, except term_expiration, and oath_not_filed with term_start", 13, "The date of the event: death, effective resignation, removal, conviction, judgment, creation of the office…", "2026-03-14", "date"},
		{"term_start", "no", 13, "First day of the incumbent's term (needed for oath_not_filed without event_date" + oathWords(e) + ").", "2024-01-01", "date"},
		{"term_end", "for term_expiration and judges; defaults for congress and the legislature", 13, "Last day of the incumbent's term.", "2027-12-31", "date"},
		{"appointable", "no", 12, "Can the vacancy be filled by appointment until the next general election? \"no\" opens the special-election route of § 42(3).", "yes", "yesno"},
		{"proclamation_date", "no", 13, "Date of the governor's proclamation of a special election, if any.", "", "date"},
		{"special_election_date", "no", 13, "The proclaimed special election day: " + windowWords(e) + ".", "", "date"},
		{"special_session_date", "no", 13, "Date a special session of congress or the legislature was called (lifts the § 42(4) bar).", "", "date"},
		{"next_full_term_year", "for term_expiration", 12, "Year of the first general election at which the office can be filled for a full term (§ 42(2)).", "", "year"},
		{"notes", "no", 30, "Anything else; carried through to the results.", "", ""},
		{"village_election_month", "no", 12, "Village offices only: the month of the village's general election, 1 to 12 (or its name). Left blank, March (Elec. Law § 15-104(1)(a)), and the results say it was assumed.", "3", "month"},
		{"village_election_date", "no", 13, "Village offices only: the day of the general village election that fills the rest of the term, when the village does not elect on the third Tuesday of its month; \"none\" when no general village election is held before the appointment ends (a special village election then fills it, Village Law § 3-312(4)).", "", "date"},
	}
}

// windowWords states the edition's special-election windows, one per
// table of offices, with their citations: "40 to 50 days after the
// proclamation for the State Senate and Assembly (Pub. Off. Law §
// 42(3)(b)); 70 to 80 days after it for Congress and every office not in
// the State Senate or Assembly (Pub. Off. Law § 42(3)(a))".
func windowWords(e *compute.Edition) string {
	parts := make([]string, 0, len(e.Specials))
	for i, t := range e.Specials {
		w := t.Window
		after := "after the proclamation"
		if i > 0 {
			after = "after it"
		}
		s := fmt.Sprintf("%d to %d days %s", w.MinDays, w.MaxDays, after)
		if w.Who != "" {
			s += " " + w.Who
		}
		if w.Cite != "" {
			s += " (" + w.Cite + ")"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "the day the proclamation names"
	}
	return strings.Join(parts, "; ")
}

// oathWords states the days within which the oath is due, when the
// edition counts them.
func oathWords(e *compute.Edition) string {
	if e.Fill.OathDays <= 0 {
		return ""
	}
	return fmt.Sprintf(": the oath is due within %d days of it, Public Officers Law § 30(1)(h)", e.Fill.OathDays)
}

// The template's sheets. Reading, ingest knows the guide's and the
// lists' first rows (templateSheets) and never reports them as unread.
const (
	templateMain  = "Vacancies"
	templateGuide = "Columns"
	templateLists = "Lists"
)

// templateGuideHeader is the first row of the Columns sheet.
var templateGuideHeader = []string{"column", "required", "what to enter", "example", "allowed values"}

// templateListOrder is the first row of the Lists sheet: one list per column.
var templateListOrder = []string{"class", "cause", "county", "yesno"}

// WriteTemplate writes a blank input workbook for analysts: the Vacancies
// sheet with the contract's columns, dropdowns and date checks, a Columns
// sheet explaining each column under law's edition in force on day, and
// a hidden Lists sheet the dropdowns read. The file appears under path
// only when complete.
func WriteTemplate(path string, law *compute.Law, day compute.Date) error {
	return writeTemplate(path, law, day, true)
}

// CreateTemplate writes the template like WriteTemplate, but never over
// an existing file: if path exists (a workbook an analyst has filled,
// perhaps) it is left as it was and the error satisfies
// errors.Is(err, fs.ErrExist), even for a file that appears while the
// template is written (outdir.WriteFile).
func CreateTemplate(path string, law *compute.Law, day compute.Date) error {
	return writeTemplate(path, law, day, false)
}

func writeTemplate(path string, law *compute.Law, day compute.Date, replace bool) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := buildTemplate(f, law.EditionAt(day), day); err != nil {
		return fmt.Errorf("ingest: template: %w", err)
	}
	return outdir.WriteFile(path, replace, func(w io.Writer) error {
		_, err := f.WriteTo(w)
		return err
	})
}

func buildTemplate(f *excelize.File, e *compute.Edition, day compute.Date) error {
	const main, guide, lists = templateMain, templateGuide, templateLists
	cols := templateColumns(e)
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
	// A required column's header is dark, white on blue, with a thick
	// bottom edge: it reads as required before the guide is opened.
	required, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Color: "FFFFFF"},
		Fill:   excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"1F4E78"}},
		Border: []excelize.Border{{Type: "bottom", Color: "C00000", Style: 5}}})
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
	wrapStyle, err := f.NewStyle(&excelize.Style{Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
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
	listRange := map[string]string{}
	for i, key := range templateListOrder {
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

	for i, c := range cols {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if err := f.SetCellValue(main, col+"1", c.name); err != nil {
			return err
		}
		if err := f.SetColWidth(main, col, col, c.width); err != nil {
			return err
		}
		// The whole column below the header: a column style (no cells are
		// written, so a blank template has no rows to count) and a check
		// as far down as the analyst may fill.
		cells := fmt.Sprintf("%s2:%s%d", col, col, excelRows)
		dv := excelize.NewDataValidation(true)
		dv.Sqref = cells
		switch c.list {
		case "class", "cause", "county", "yesno":
			dv.SetSqrefDropList(listRange[c.list])
			dv.SetError(excelize.DataValidationErrorStyleWarning, c.name, "Choose a value from the list (see the Columns sheet).")
		case "date":
			if err := f.SetColStyle(main, col, dateStyle); err != nil {
				return err
			}
			// Excel serials of 1900-01-01 and 9999-12-31. A warning, not a
			// refusal: the tool reads dates typed as text too.
			if err := dv.SetRange(1, 2958465, excelize.DataValidationTypeDate, excelize.DataValidationOperatorBetween); err != nil {
				return err
			}
			dv.SetError(excelize.DataValidationErrorStyleWarning, c.name,
				"Not a date cell. The tool also reads 2026-03-14, 3/14/2026 or March 14, 2026 typed as text: choose Yes to keep it.")
		case "year":
			if err := dv.SetRange(1900, 2200, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween); err != nil {
				return err
			}
			dv.SetError(excelize.DataValidationErrorStyleStop, c.name, "Enter a four-digit year.")
		case "month":
			// A warning: the tool reads a month's name ("March") too.
			if err := dv.SetRange(1, 12, excelize.DataValidationTypeWhole, excelize.DataValidationOperatorBetween); err != nil {
				return err
			}
			dv.SetError(excelize.DataValidationErrorStyleWarning, c.name, "A month is 1 to 12; the tool also reads its name (March): choose Yes to keep it.")
		default:
			if c.name == "district" || c.name == "vacancy_id" {
				if err := f.SetColStyle(main, col, textStyle); err != nil {
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
	// The headers' styles last: a column's style reaches its header too.
	for i, c := range cols {
		col, _ := excelize.ColumnNumberToName(i + 1)
		head := bold
		if c.isRequired() {
			head = required
		}
		if err := f.SetCellStyle(main, col+"1", col+"1", head); err != nil {
			return err
		}
	}
	last, _ := excelize.ColumnNumberToName(len(cols))
	if err := f.SetPanes(main, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	if err := f.AutoFilter(main, "A1:"+last+"1", nil); err != nil {
		return err
	}

	// Columns: what each column means, so the workbook explains itself.
	for i, h := range templateGuideHeader {
		col, _ := excelize.ColumnNumberToName(i + 1)
		if err := f.SetCellValue(guide, col+"1", h); err != nil {
			return err
		}
	}
	for i, c := range cols {
		allowed := ""
		switch c.list {
		case "class", "cause", "county", "yesno":
			allowed = strings.Join(listCols[c.list], ", ")
		case "date":
			allowed = "a date: 2026-01-05, 1/5/2026, 1/5/26 or January 5, 2026"
		case "year":
			allowed = "a four-digit year"
		case "month":
			allowed = "1 to 12, or the month's name"
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
	if err := f.SetCellStyle(guide, "A2", fmt.Sprintf("E%d", len(cols)+1), wrapStyle); err != nil {
		return err
	}
	if err := f.SetCellStyle(guide, "A1", "E1", bold); err != nil {
		return err
	}
	notes := []string{
		"One row per vacancy on the Vacancies sheet. Columns with a dark header are required. Other columns you add are carried through to the results.",
		fmt.Sprintf("The rules stated above are those of the law in force on %s, the day this template was made (edition %s, %s). The tool applies the law in force on each row's dates (batch rules lists every edition); each result names the editions that decided it.",
			day, e.ID, orCite(e)),
	}
	for i, n := range notes {
		if err := f.SetCellValue(guide, fmt.Sprintf("A%d", len(cols)+3+i), n); err != nil {
			return err
		}
	}
	for _, s := range []struct {
		name string
		wide int
	}{{main, 2}, {guide, 1}} {
		if err := templatePrintSetup(f, s.name, s.wide); err != nil {
			return err
		}
	}
	f.SetActiveSheet(0)
	return nil
}

// orCite names an edition's act, or its citation when it has none.
func orCite(e *compute.Edition) string {
	if e.Act != "" {
		return e.Act
	}
	return e.Cite
}

// templatePrintSetup prints a template sheet landscape on letter paper,
// wide pages across, its header row on every page, and the sheet's name
// and the page number in the margins.
func templatePrintSetup(f *excelize.File, sheet string, wide int) error {
	yes := true
	if err := f.SetSheetProps(sheet, &excelize.SheetPropsOptions{FitToPage: &yes}); err != nil {
		return err
	}
	landscape, letter, tall := "landscape", 1, 0
	if err := f.SetPageLayout(sheet, &excelize.PageLayoutOptions{Size: &letter, Orientation: &landscape,
		FitToWidth: &wide, FitToHeight: &tall}); err != nil {
		return err
	}
	if err := f.SetHeaderFooter(sheet, &excelize.HeaderFooterOptions{OddHeader: "&L&A", OddFooter: "&RPage &P of &N"}); err != nil {
		return err
	}
	return f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Titles", RefersTo: "'" + sheet + "'!$1:$1", Scope: sheet})
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
