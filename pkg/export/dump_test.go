package export

import (
	"fmt"
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

// dumpWorkbook is the normalised text of a workbook: sheet names, panes,
// filters, column widths, every cell's value and style name, links and
// formulas. Dates print as ISO dates, numbers with "n:", text quoted.
func dumpWorkbook(t *testing.T, path string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	filters := map[string]string{}
	for _, dn := range f.GetDefinedName() {
		if dn.Name == "_xlnm._FilterDatabase" {
			filters[dn.Scope] = dn.RefersTo
		}
	}
	for _, sheet := range f.GetSheetList() {
		fmt.Fprintf(&b, "== %s\n", sheet)
		panes, err := f.GetPanes(sheet)
		if err != nil {
			t.Fatal(err)
		}
		if panes.Freeze {
			fmt.Fprintf(&b, "frozen: %d row(s), top-left %s\n", panes.YSplit, panes.TopLeftCell)
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
			for ci := 0; ci < width; ci++ {
				ref, _ := excelize.CoordinatesToCellName(ci+1, ri+1)
				line := dumpCell(t, f, sheet, ref)
				if line != "" {
					fmt.Fprintf(&b, "%s %s\n", ref, line)
				}
			}
		}
	}
	return b.String()
}

func dumpCell(t *testing.T, f *excelize.File, sheet, ref string) string {
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

// rgb drops the alpha byte of an ARGB colour.
func rgb(c string) string {
	c = strings.ToUpper(strings.TrimPrefix(c, "#"))
	if len(c) == 8 {
		c = c[2:]
	}
	return c
}
