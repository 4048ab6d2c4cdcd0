// Command gen writes the binary and the big files of the hostile-input
// corpus (testdata/hostile/README.md) into a folder: they are built at test
// time rather than committed, so the repository stays small.
//
//	go run ./testdata/hostile/gen -out /tmp/hostile            # every file
//	go run ./testdata/hostile/gen -out /tmp/hostile zip-bomb.xlsx
//
// The small text files of the corpus are committed beside this folder.
package main

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"flag"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/xuri/excelize/v2"
)

// file is one generated corpus file.
type file struct {
	name string
	make func(path string) error
}

var files = []file{
	{"truncated.xlsx", truncated},
	{"password-protected.xlsx", passwordProtected},
	{"encrypted-directory-late.xlsx", encryptedDirectoryLate},
	{"zipcrypto.xlsx", zipCrypto},
	{"old-excel-97.xlsx", oldExcel},
	{"zip-bomb.xlsx", zipBomb},
	{"zip-bomb-lying-header.xlsx", zipBombLyingHeader},
	{"zip-bomb-under-limit.xlsx", zipBombUnderLimit},
	{"million-styled-rows.xlsx", millionStyledRows},
	{"empty-workbook.xlsx", emptyWorkbook},
	{"header-only.xlsx", headerOnly},
	{"merged-cells.xlsx", mergedCells},
	{"formula-dates.xlsx", formulaDates},
	{"hidden-sheets.xlsx", hiddenSheets},
	{"long-cell.xlsx", longCellXLSX},
	{"long-cell.csv", longCellCSV},
	{"wide-10000-columns.csv", wideColumns},
	{"malformed-sheet-xml.xlsx", malformedXML},
	{"bad-calendar-sheet.xlsx", badCalendar},
	{"zero-bytes.xlsx", zeroBytes},
	{"COUNTY.XLSX", upperCaseName},
	{"folder.xlsx", folder},
}

func main() {
	out := flag.String("out", "", "write the files into `DIR` (created if missing)")
	list := flag.Bool("list", false, "print the names of the files gen makes, and exit")
	flag.Parse()
	if *list {
		for _, f := range files {
			fmt.Println(f.name)
		}
		return
	}
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gen: give -out DIR")
		os.Exit(2)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	want := map[string]bool{}
	for _, n := range flag.Args() {
		want[n] = true
	}
	for _, f := range files {
		if len(want) > 0 && !want[f.name] {
			continue
		}
		delete(want, f.name)
		if err := f.make(filepath.Join(*out, f.name)); err != nil {
			fmt.Fprintf(os.Stderr, "gen: %s: %v\n", f.name, err)
			os.Exit(1)
		}
	}
	if len(want) > 0 {
		var names []string
		for n := range want {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(os.Stderr, "gen: no generated file named %s\n", strings.Join(names, ", "))
		os.Exit(1)
	}
}

// header is the header row most generated inputs use.
var header = []string{"vacancy_id", "office", "district", "county", "cause", "event_date"}

// row is a plain, valid vacancy: a town supervisor who died in March 2026.
func row(id string, day int) []cell {
	return []cell{str(id), str("Town Supervisor"), str("Town of Guilderland"), str("Albany"), str("death"), dateCell(2026, 3, day)}
}

func headerCells(names ...string) []cell {
	cs := make([]cell, len(names))
	for i, n := range names {
		cs[i] = str(n)
	}
	return cs
}

// truncated is a real workbook cut in half: the zip's central directory,
// at its end, is gone.
func truncated(path string) error {
	b, err := workbook([]sheet{{name: "Vacancies", rows: plainRows(40)}}).bytes()
	if err != nil {
		return err
	}
	return os.WriteFile(path, b[:len(b)/2], 0o644)
}

func plainRows(n int) [][]cell {
	rows := [][]cell{headerCells(header...)}
	for i := range n {
		rows = append(rows, row(fmt.Sprintf("ALB-%04d", i+1), i%28+1))
	}
	return rows
}

// passwordProtected is a workbook saved with a password to open: Excel
// then wraps the encrypted zip in an OLE compound file.
func passwordProtected(path string) error {
	f := excelize.NewFile()
	defer f.Close()
	for i, h := range header {
		c, _ := excelize.CoordinatesToCellName(i+1, 1)
		if err := f.SetCellStr("Sheet1", c, h); err != nil {
			return err
		}
	}
	for j, v := range []string{"ALB-0001", "Town Supervisor", "Town of Guilderland", "Albany", "death", "2026-03-05"} {
		c, _ := excelize.CoordinatesToCellName(j+1, 2)
		if err := f.SetCellStr("Sheet1", c, v); err != nil {
			return err
		}
	}
	return f.SaveAs(path, excelize.Options{Password: "county-board"})
}

// oldExcel starts like an Excel 97-2003 .xls file (an OLE compound file)
// but is named .xlsx, as happens when a file is renamed by hand.
func oldExcel(path string) error {
	b := []byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}
	b = append(b, bytes.Repeat([]byte{0}, 504)...)
	b = append(b, bytes.Repeat([]byte("Workbook"), 256)...)
	return os.WriteFile(path, b, 0o644)
}

// bombSize is what zip-bomb.xlsx's sheet inflates to: 1 GiB from about
// 1 MB, in one text cell, so a reader that inflates it whole holds a
// gigabyte.
const bombSize = 1 << 30

func zipBomb(path string) error {
	head := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
		`<row r="1">` + inlineRow(1, headerCells(header...)) + `</row>` +
		`<row r="2"><c r="A2" t="inlineStr"><is><t>`
	tail := `</t></is></c></row></sheetData></worksheet>`
	body := io.MultiReader(strings.NewReader(head), repeatReader('A', bombSize), strings.NewReader(tail))
	return writeWithSheet(path, body, int64(len(head)+len(tail))+bombSize, false)
}

// zipBombUnderLimit is a 400 MiB one-cell sheet from 400 KB: under the
// 1 GiB the reader accepts as a whole workbook, so only a bound on what
// one cell may hold keeps the memory flat.
func zipBombUnderLimit(path string) error {
	const size = 400 << 20
	head := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
		`<row r="1">` + inlineRow(1, headerCells(header...)) + `</row>` +
		`<row r="2"><c r="A2" t="inlineStr"><is><t>`
	tail := `</t></is></c></row></sheetData></worksheet>`
	body := io.MultiReader(strings.NewReader(head), repeatReader('A', size), strings.NewReader(tail))
	return writeWithSheet(path, body, int64(len(head)+len(tail))+size, false)
}

// zipBombLyingHeader is the same kind of sheet, 256 MiB inflated, whose
// zip headers claim 2 KB: a reader trusting the declared size is fooled.
func zipBombLyingHeader(path string) error {
	const size = 256 << 20
	head := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
		`<row r="1">` + inlineRow(1, headerCells(header...)) + `</row>` +
		`<row r="2"><c r="A2" t="inlineStr"><is><t>`
	tail := `</t></is></c></row></sheetData></worksheet>`
	body := io.MultiReader(strings.NewReader(head), repeatReader('A', size), strings.NewReader(tail))
	return writeWithSheet(path, body, int64(len(head)+len(tail))+size, true)
}

// writeWithSheet writes a one-sheet package whose sheet1.xml is body,
// deflated at the best ratio; lie declares a 2 KB inflated size.
func writeWithSheet(path string, body io.Reader, size int64, lie bool) error {
	var comp bytes.Buffer
	fw, err := flate.NewWriter(&comp, flate.BestCompression)
	if err != nil {
		return err
	}
	crc := crc32.NewIEEE()
	if _, err := io.Copy(io.MultiWriter(fw, crc), body); err != nil {
		return err
	}
	if err := fw.Close(); err != nil {
		return err
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer out.Close()
	zw := zip.NewWriter(out)
	for _, p := range packageParts([]sheet{{name: "Vacancies"}}) {
		if p.name == "xl/worksheets/sheet1.xml" {
			declared := uint64(size)
			if lie {
				declared = 2048
			}
			w, err := zw.CreateRaw(&zip.FileHeader{
				Name: p.name, Method: zip.Deflate, CRC32: crc.Sum32(),
				CompressedSize64: uint64(comp.Len()), UncompressedSize64: declared,
			})
			if err != nil {
				return err
			}
			if _, err := w.Write(comp.Bytes()); err != nil {
				return err
			}
			continue
		}
		w, err := zw.Create(p.name)
		if err != nil {
			return err
		}
		if _, err := io.WriteString(w, p.body); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return out.Close()
}

// repeatReader yields n copies of the byte c.
func repeatReader(c byte, n int64) io.Reader {
	return io.LimitReader(byteReader(c), n)
}

type byteReader byte

func (b byteReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

// millionStyledRows has a header, two real vacancies, then every row down
// to Excel's last (1,048,576) formatted but empty, as when someone selects
// whole columns and gives them a fill.
func millionStyledRows(path string) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer out.Close()
	zw := zip.NewWriter(out)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestSpeed)
	})
	for _, p := range packageParts([]sheet{{name: "Vacancies"}}) {
		w, err := zw.Create(p.name)
		if err != nil {
			return err
		}
		if p.name != "xl/worksheets/sheet1.xml" {
			if _, err := io.WriteString(w, p.body); err != nil {
				return err
			}
			continue
		}
		var b strings.Builder
		b.WriteString(sheetHead)
		rows := plainRows(2)
		for i, r := range rows {
			fmt.Fprintf(&b, `<row r="%d">%s</row>`, i+1, inlineRow(i+1, r))
		}
		if _, err := io.WriteString(w, b.String()); err != nil {
			return err
		}
		buf := make([]byte, 0, 1<<16)
		for r := len(rows) + 1; r <= 1_048_576; r++ {
			buf = fmt.Appendf(buf, `<row r="%d" s="2" customFormat="1"><c r="A%d" s="2"/><c r="F%d" s="2"/></row>`, r, r, r)
			if len(buf) > 60_000 {
				if _, err := w.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
		}
		buf = append(buf, sheetTail...)
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return out.Close()
}

// emptyWorkbook is what Excel saves for a new, untouched workbook.
func emptyWorkbook(path string) error {
	return workbook([]sheet{{name: "Sheet1"}}).save(path)
}

func headerOnly(path string) error {
	return workbook([]sheet{{name: "Vacancies", rows: [][]cell{headerCells(header...)}}}).save(path)
}

// mergedCells merges the office over rows 2–3 and the county over rows
// 2–4, the way a board groups a town's rows: the merged text lives in the
// first cell only.
func mergedCells(path string) error {
	rows := plainRows(3)
	rows[2][1] = cell{}
	rows[2][3] = cell{}
	rows[3][3] = cell{}
	return workbook([]sheet{{name: "Vacancies", rows: rows, merges: []string{"B2:B3", "D2:D4"}}}).save(path)
}

// formulaDates has event dates computed by formulas: one with the value
// Excel cached (2026-03-05), one never calculated (no cached value), one
// whose formula failed (#VALUE!).
func formulaDates(path string) error {
	rows := plainRows(3)
	rows[1][5] = cell{formula: "DATE(2026,3,5)", num: "46086", style: 1}
	rows[2][5] = cell{formula: "DATE(2026,3,6)", style: 1}
	rows[3][5] = cell{formula: `DATEVALUE("soon")`, errVal: "#VALUE!", style: 1}
	return workbook([]sheet{{name: "Vacancies", rows: rows}}).save(path)
}

// hiddenSheets has one visible, one hidden and one very hidden sheet, each
// with a header and vacancies.
func hiddenSheets(path string) error {
	visible := plainRows(2)
	hidden := plainRows(2)
	hidden[1][0], hidden[2][0] = str("ARCH-0001"), str("ARCH-0002")
	very := plainRows(1)
	very[1][0] = str("VERY-0001")
	return workbook([]sheet{
		{name: "Albany", rows: visible},
		{name: "Archive", rows: hidden, state: "hidden"},
		{name: "Scratch", rows: very, state: "veryHidden"},
	}).save(path)
}

// longText is 40,000 characters: past Excel's 32,767 per cell.
func longText() string {
	return "LONG:" + strings.Repeat("Town of Guilderland board minutes. ", 40_000/35+1)[:40_000-5]
}

func longCellXLSX(path string) error {
	rows := plainRows(2)
	rows[0] = append(rows[0], str("notes"))
	rows[1] = append(rows[1], str(longText()))
	rows[2] = append(rows[2], str("short"))
	return workbook([]sheet{{name: "Vacancies", rows: rows}}).save(path)
}

func longCellCSV(path string) error {
	var b strings.Builder
	b.WriteString("vacancy_id,office,district,county,cause,event_date,notes\n")
	fmt.Fprintf(&b, "ALB-0001,Town Supervisor,Town of Guilderland,Albany,death,2026-03-05,%s\n", longText())
	b.WriteString("ALB-0002,Town Supervisor,Town of Bethlehem,Albany,death,2026-03-06,short\n")
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// wideColumns has 10,000 columns: the six of a vacancy and 9,994 others,
// which the contract carries through to the outputs.
func wideColumns(path string) error {
	const n = 10_000
	var b strings.Builder
	b.WriteString(strings.Join(header, ","))
	for i := len(header); i < n; i++ {
		fmt.Fprintf(&b, ",extra_%05d", i+1)
	}
	b.WriteByte('\n')
	for r := 1; r <= 3; r++ {
		fmt.Fprintf(&b, "ALB-%04d,Town Supervisor,Town of Guilderland %d,Albany,death,2026-03-0%d", r, r, r)
		for i := len(header); i < n; i++ {
			fmt.Fprintf(&b, ",v%d", i+1)
		}
		b.WriteByte('\n')
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// malformedXML is a sound zip whose sheet XML stops in the middle of a tag.
func malformedXML(path string) error {
	return writeParts(path, []sheet{{name: "Vacancies"}}, func(name, body string) string {
		if name == "xl/worksheets/sheet1.xml" {
			return sheetHead + `<row r="1">` + inlineRow(1, headerCells(header...)) + `</row><row r="2"><c r="A2" t="inlineStr"><is><t>ALB-0001</t></is></c><c r="B2`
		}
		return body
	})
}

// badCalendar has good vacancies and a Calendar sheet whose year is words.
func badCalendar(path string) error {
	return workbook([]sheet{
		{name: "Vacancies", rows: plainRows(2)},
		{name: "Calendar", rows: [][]cell{
			headerCells("year", "primary_date", "general_date"),
			{str("twenty twenty-six"), str("the second Tuesday"), str("")},
		}},
	}).save(path)
}

func zeroBytes(path string) error { return os.WriteFile(path, nil, 0o644) }

// upperCaseName is a good workbook whose name shouts: COUNTY.XLSX.
func upperCaseName(path string) error {
	return workbook([]sheet{{name: "Vacancies", rows: plainRows(2)}}).save(path)
}

// folder is a directory named like a workbook.
func folder(path string) error { return os.MkdirAll(path, 0o755) }
