package pipeline

import (
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"batch/internal/textdiff"
	"batch/pkg/compute"
	"batch/pkg/export"
)

// The whole-pipeline golden: the samples run through Run exactly as
// `batch run --as-of 2026-11-30 --format xlsx,csv,ics,json` would, and
// every output dumped as normalised text under testdata/golden/samples. A
// change of law, of layout or of reading shows up there as a diff to
// review:
//
//	go test ./pkg/pipeline -run Golden -update && git diff --stat pkg/pipeline/testdata
//
// Only what changes from run to run is masked: timings and the clock.

var update = flag.Bool("update", false, "rewrite testdata/golden from the current output")

const goldenAsOf = "2026-11-30"

func TestGoldenSamples(t *testing.T) {
	// The CSV sample holds the same rows as the workbook: its tables are
	// enough to show that both read alike.
	for _, c := range []struct {
		in      string
		formats []string
	}{
		{"statewide.xlsx", []string{export.XLSX, export.CSV, export.ICS, export.JSON}},
		{"statewide.csv", []string{export.CSV}},
	} {
		in := c.in
		t.Run(in, func(t *testing.T) {
			asOf, err := compute.ParseISO(goldenAsOf)
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(t.TempDir(), "out")
			_, err = Run(context.Background(), Options{
				Inputs:  []string{filepath.Join("..", "..", "samples", in)},
				Jobs:    2,
				Version: "golden",
				Outputs: Outputs{Dir: dir, Formats: c.formats, AsOf: asOf},
			})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				name := e.Name()
				if strings.HasPrefix(name, ".") {
					continue // the writer's own bookkeeping, if any
				}
				path := filepath.Join(dir, name)
				st, err := os.Stat(path) // through a link, if the output is one
				if err != nil || st.IsDir() {
					continue
				}
				switch filepath.Ext(name) {
				case ".xlsx":
					got[name] = dumpGoldenWorkbook(t, path)
				case ".gz":
					// The snapshot: its lines, one record each.
					f, err := os.Open(path)
					if err != nil {
						t.Fatal(err)
					}
					zr, err := gzip.NewReader(f)
					if err != nil {
						t.Fatal(err)
					}
					b, err := io.ReadAll(zr)
					f.Close()
					if err != nil {
						t.Fatal(err)
					}
					got[name] = string(b)
				default:
					b, err := os.ReadFile(path)
					if err != nil {
						t.Fatal(err)
					}
					got[name] = maskGolden(name, string(b))
				}
			}
			checkGoldenSet(t, filepath.Join("testdata", "golden", "samples", in), got)
		})
	}
}

var (
	goldenSeconds = regexp.MustCompile(`("(?:seconds|duration_seconds)":\s*)[0-9.eE+-]+`)
	goldenStamp   = regexp.MustCompile(`(?m)^(DTSTAMP:).*$`)
)

// maskGolden blanks what differs between two runs of the same inputs.
func maskGolden(name, s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	switch filepath.Ext(name) {
	case ".json":
		s = goldenSeconds.ReplaceAllString(s, "${1}<seconds>")
	case ".ics":
		s = goldenStamp.ReplaceAllString(s, "${1}<stamp>")
	}
	return s
}

// checkGoldenSet compares every output with its golden file, or rewrites
// the folder with -update. A file that appears or disappears is a
// difference too.
func checkGoldenSet(t *testing.T, dir string, got map[string]string) {
	t.Helper()
	if *update {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range got {
			if err := os.WriteFile(filepath.Join(dir, name+".txt"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("%v (go test ./pkg/pipeline -run Golden -update creates it)", err)
	}
	want := map[string]bool{}
	for _, e := range entries {
		want[strings.TrimSuffix(e.Name(), ".txt")] = true
	}
	var names []string
	for name := range got {
		names = append(names, name)
	}
	sort.Strings(names)
	for name := range want {
		if _, ok := got[name]; !ok {
			t.Errorf("%s: the golden set has it, the run did not write it", name)
		}
	}
	for _, name := range names {
		if !want[name] {
			t.Errorf("%s: the run wrote it, the golden set lacks it", name)
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if line, g, w, ok := textdiff.First(got[name], string(b)); !ok {
			t.Errorf("%s differs from its golden file at line %d:\n got: %q\nwant: %q\n(go test ./pkg/pipeline -run Golden -update rewrites it; review with git diff)", name, line, g, w)
		}
	}
}

// dumpGoldenWorkbook is the workbook as text (only the sheets named, when
// any are): per sheet its visibility,
// panes, page setup and print titles, then every non-empty cell with its
// value, its style (number format, fill, font) and its link or formula.
// Styles are described by what the file says, not by their ids.
func dumpGoldenWorkbook(t *testing.T, path string, only ...string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	props, err := f.GetDocProps()
	if err == nil {
		fmt.Fprintf(&b, "properties: title %q, creator %q\n", props.Title, props.Creator)
	}
	names := map[string][]string{}
	for _, dn := range f.GetDefinedName() {
		names[dn.Scope] = append(names[dn.Scope], dn.Name+"="+dn.RefersTo)
	}
	styles := map[int]string{}
	for _, sheet := range f.GetSheetList() {
		if len(only) > 0 && !slices.Contains(only, sheet) {
			continue
		}
		fmt.Fprintf(&b, "== %s\n", sheet)
		if v, err := f.GetSheetVisible(sheet); err == nil && !v {
			b.WriteString("hidden\n")
		}
		if panes, err := f.GetPanes(sheet); err == nil && panes.Freeze {
			fmt.Fprintf(&b, "frozen: %d row(s), %d column(s)\n", panes.YSplit, panes.XSplit)
		}
		if ps, err := f.GetPageLayout(sheet); err == nil {
			var parts []string
			if ps.Orientation != nil {
				parts = append(parts, "orientation "+*ps.Orientation)
			}
			if ps.FitToWidth != nil {
				parts = append(parts, "fit to width "+strconv.Itoa(*ps.FitToWidth))
			}
			if ps.FitToHeight != nil {
				parts = append(parts, "fit to height "+strconv.Itoa(*ps.FitToHeight))
			}
			if ps.PageOrder != nil && *ps.PageOrder != "" {
				parts = append(parts, "page order "+*ps.PageOrder)
			}
			if len(parts) > 0 {
				fmt.Fprintf(&b, "page: %s\n", strings.Join(parts, ", "))
			}
		}
		if hf, err := f.GetHeaderFooter(sheet); err == nil && hf != nil && (hf.OddHeader != "" || hf.OddFooter != "") {
			fmt.Fprintf(&b, "header %q, footer %q\n", hf.OddHeader, hf.OddFooter)
		}
		sort.Strings(names[sheet])
		for _, n := range names[sheet] {
			fmt.Fprintf(&b, "name: %s\n", n)
		}
		rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		for ri, row := range rows {
			for ci := range row {
				ref, _ := excelize.CoordinatesToCellName(ci+1, ri+1)
				if line := dumpGoldenCell(t, f, sheet, ref, styles); line != "" {
					fmt.Fprintf(&b, "%s %s\n", ref, line)
				}
			}
		}
	}
	return b.String()
}

func dumpGoldenCell(t *testing.T, f *excelize.File, sheet, ref string, styles map[int]string) string {
	t.Helper()
	raw, err := f.GetCellValue(sheet, ref, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	sid, err := f.GetCellStyle(sheet, ref)
	if err != nil {
		t.Fatal(err)
	}
	style, ok := styles[sid]
	if !ok {
		style = goldenStyle(f, sid)
		styles[sid] = style
	}
	formula, _ := f.GetCellFormula(sheet, ref)
	linked, target, _ := f.GetCellHyperLink(sheet, ref)
	if raw == "" && formula == "" && !linked {
		return ""
	}
	typ, _ := f.GetCellType(sheet, ref)
	var val string
	switch {
	case strings.Contains(style, "0.000"):
		val = "<seconds>" // a timing: differs from run to run
	case typ == excelize.CellTypeInlineString || typ == excelize.CellTypeSharedString || typ == excelize.CellTypeFormula:
		val = strconv.Quote(raw)
	case strings.Contains(style, "yyyy"):
		if serial, err := strconv.Atoi(raw); err == nil {
			val = compute.D(1899, 12, 30).AddDays(serial).String()
		} else {
			val = "date?" + strconv.Quote(raw)
		}
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

// goldenStyle describes a style by its number format, fill, font and
// alignment as the file records them.
func goldenStyle(f *excelize.File, id int) string {
	if id == 0 {
		return ""
	}
	st, err := f.GetStyle(id)
	if err != nil || st == nil {
		return "style?" + strconv.Itoa(id)
	}
	var parts []string
	if st.CustomNumFmt != nil {
		parts = append(parts, *st.CustomNumFmt)
	} else if st.NumFmt != 0 {
		parts = append(parts, "numfmt "+strconv.Itoa(st.NumFmt))
	}
	if len(st.Fill.Color) > 0 {
		parts = append(parts, "fill "+st.Fill.Color[0])
	}
	if st.Font != nil {
		var fp []string
		if st.Font.Bold {
			fp = append(fp, "bold")
		}
		if st.Font.Italic {
			fp = append(fp, "italic")
		}
		if st.Font.Underline != "" {
			fp = append(fp, "underline")
		}
		if st.Font.Color != "" {
			fp = append(fp, st.Font.Color)
		}
		if len(fp) > 0 {
			parts = append(parts, "font "+strings.Join(fp, " "))
		}
	}
	if st.Alignment != nil && st.Alignment.WrapText {
		parts = append(parts, "wrap")
	}
	if st.Protection != nil && st.Protection.Hidden {
		parts = append(parts, "hidden")
	}
	return strings.Join(parts, ", ")
}
