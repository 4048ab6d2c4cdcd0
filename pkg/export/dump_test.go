package export

import (
	"archive/zip"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
)

// styleName names a cell's style from what the file says (number format,
// fill, font), so the golden files check the workbook, not the writer's
// own bookkeeping.
func styleName(t *testing.T, f *excelize.File, id int) string {
	t.Helper()
	if id == 0 {
		return ""
	}
	st, err := f.GetStyle(id)
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	if st.CustomNumFmt != nil {
		switch *st.CustomNumFmt {
		case "yyyy-mm-dd":
			parts = append(parts, "date")
		case "0.000":
			parts = append(parts, "seconds")
		default:
			parts = append(parts, "numfmt("+*st.CustomNumFmt+")")
		}
	}
	if len(st.Fill.Color) > 0 {
		switch rgb(st.Fill.Color[0]) {
		case redRGB:
			parts = append(parts, "red")
		case amberRGB:
			parts = append(parts, "amber")
		case headerRGB:
			parts = append(parts, "header")
		default:
			parts = append(parts, "fill("+st.Fill.Color[0]+")")
		}
	}
	if st.Font != nil {
		col := rgb(st.Font.Color)
		switch {
		case st.Font.Bold && col == rolledRGB:
			parts = append(parts, "rolled")
		case st.Font.Bold && st.Font.Italic && col == passedRGB:
			parts = append(parts, "rolled+passed")
		case st.Font.Italic && col == passedRGB:
			parts = append(parts, "passed")
		case st.Font.Underline != "" && col == linkRGB:
			parts = append(parts, "link")
		case st.Font.Bold:
			parts = append(parts, "bold")
		}
	}
	return strings.Join(parts, "+")
}

// quotedStyles reads the cell formats that carry the quotePrefix flag
// from the saved styles.xml: excelize's GetStyle does not report it.
func quotedStyles(t *testing.T, path string) map[int]bool {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	rc, err := zr.Open("xl/styles.xml")
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Xf []struct {
			QuotePrefix string `xml:"quotePrefix,attr"`
		} `xml:"cellXfs>xf"`
	}
	if err := xml.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	out := map[int]bool{}
	for i, xf := range st.Xf {
		if xf.QuotePrefix == "1" || xf.QuotePrefix == "true" {
			out[i] = true
		}
	}
	return out
}

// dumpWorkbook is the normalised text of a workbook: sheet names, print
// setup, panes, filters, column widths, row heights, every cell's value
// and style name, links and formulas. Dates print as ISO dates, numbers
// with "n:", text quoted.
func dumpWorkbook(t *testing.T, path string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	quoted := quotedStyles(t, path)
	var b strings.Builder
	props, err := f.GetDocProps()
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "title: %s\ncreator: %s\n", props.Title, props.Creator)
	titles := map[string]string{}
	for _, dn := range f.GetDefinedName() {
		if dn.Name == "_xlnm.Print_Titles" {
			titles[dn.Scope] = dn.RefersTo
		}
	}
	filters := map[string]string{}
	for _, dn := range f.GetDefinedName() {
		if dn.Name == "_xlnm._FilterDatabase" {
			filters[dn.Scope] = dn.RefersTo
		}
	}
	for _, sheet := range f.GetSheetList() {
		fmt.Fprintf(&b, "== %s\n", sheet)
		fmt.Fprintf(&b, "print: %s\n", printSetup(t, f, sheet, titles[sheet]))
		panes, err := f.GetPanes(sheet)
		if err != nil {
			t.Fatal(err)
		}
		if panes.Freeze {
			fmt.Fprintf(&b, "frozen: %d row(s), %d column(s), top-left %s\n", panes.YSplit, panes.XSplit, panes.TopLeftCell)
		}
		if ref, ok := filters[sheet]; ok {
			fmt.Fprintf(&b, "autofilter: %s\n", ref)
		}
		rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		width := 0
		for _, r := range rows {
			width = max(width, len(r))
		}
		var ws []string
		for c := 1; c <= width; c++ {
			name, _ := excelize.ColumnNumberToName(c)
			w, _ := f.GetColWidth(sheet, name)
			ws = append(ws, strconv.FormatFloat(w, 'f', -1, 64))
		}
		fmt.Fprintf(&b, "widths: %s\n", strings.Join(ws, " "))
		for ri := range rows {
			if h, err := f.GetRowHeight(sheet, ri+1); err == nil && h != 15 {
				fmt.Fprintf(&b, "row %d height %s\n", ri+1, strconv.FormatFloat(h, 'f', -1, 64))
			}
			for ci := 0; ci < width; ci++ {
				ref, _ := excelize.CoordinatesToCellName(ci+1, ri+1)
				line := dumpCell(t, f, sheet, ref, quoted)
				if line != "" {
					fmt.Fprintf(&b, "%s %s\n", ref, line)
				}
			}
		}
	}
	return b.String()
}

func dumpCell(t *testing.T, f *excelize.File, sheet, ref string, quoted map[int]bool) string {
	t.Helper()
	raw, err := f.GetCellValue(sheet, ref, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	sid, err := f.GetCellStyle(sheet, ref)
	if err != nil {
		t.Fatal(err)
	}
	style := styleName(t, f, sid)
	if quoted[sid] {
		style = strings.TrimPrefix(style+"+quote", "+")
	}
	typ, err := f.GetCellType(sheet, ref)
	if err != nil {
		t.Fatal(err)
	}
	formula, _ := f.GetCellFormula(sheet, ref)
	linked, target, _ := f.GetCellHyperLink(sheet, ref)
	if raw == "" && style == "" && formula == "" && !linked {
		return ""
	}
	var val string
	switch {
	case raw == "":
		val = "(empty)"
	case typ == excelize.CellTypeInlineString || typ == excelize.CellTypeSharedString || typ == excelize.CellTypeFormula:
		val = strconv.Quote(raw)
	case strings.HasPrefix(style, "date"):
		serial, err := strconv.Atoi(raw)
		if err != nil {
			t.Fatalf("%s!%s: date style on %q", sheet, ref, raw)
		}
		val = compute.D(1899, 12, 30).AddDays(serial).String()
	default:
		val = "n:" + raw
	}
	out := val
	if style != "" {
		out += " [" + style + "]"
	}
	if formula != "" {
		out += " formula: " + formula
	}
	if linked {
		out += " -> " + target
	}
	return out
}

// The workbook's fill and font colours (internal/xlsx's styles), which
// the dump names.
const (
	redRGB    = "FFC7CE"
	amberRGB  = "FFEB9C"
	headerRGB = "D9E1F2"
	rolledRGB = "1F4E79"
	passedRGB = "808080"
	linkRGB   = "0563C1"
)

// rgb drops the alpha byte of an ARGB colour.
func rgb(c string) string {
	c = strings.ToUpper(strings.TrimPrefix(c, "#"))
	if len(c) == 8 {
		c = c[2:]
	}
	return c
}

// printSetup describes a sheet's page setup: orientation, fit, the rows
// printed on every page, header and footer.
func printSetup(t *testing.T, f *excelize.File, sheet, titles string) string {
	t.Helper()
	pl, err := f.GetPageLayout(sheet)
	if err != nil {
		t.Fatal(err)
	}
	props, err := f.GetSheetProps(sheet)
	if err != nil {
		t.Fatal(err)
	}
	hf, err := f.GetHeaderFooter(sheet)
	if err != nil {
		t.Fatal(err)
	}
	val := func(p *int) string {
		if p == nil {
			return "-"
		}
		return strconv.Itoa(*p)
	}
	orient := "-"
	if pl.Orientation != nil {
		orient = *pl.Orientation
	}
	fit := props.FitToPage != nil && *props.FitToPage
	s := fmt.Sprintf("%s, fit to page %v, %s wide × %s tall", orient, fit, val(pl.FitToWidth), val(pl.FitToHeight))
	if pl.PageOrder != nil && *pl.PageOrder != "" {
		s += ", page order " + *pl.PageOrder
	}
	if titles != "" {
		s += ", titles " + titles
	}
	if hf != nil {
		s += fmt.Sprintf(", header %q, footer %q", hf.OddHeader, hf.OddFooter)
	}
	return s
}
