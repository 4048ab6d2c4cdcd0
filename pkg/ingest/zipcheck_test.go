package ingest

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// rewriteSheet copies the workbook at src to dst with the part
// xl/worksheets/sheet1.xml replaced by body; lie, when non-zero, is the
// unpacked size its zip header declares instead of the true one.
func rewriteSheet(t *testing.T, src, dst string, body []byte, lie uint64) {
	t.Helper()
	zr, err := zip.OpenReader(src)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	zw := zip.NewWriter(out)
	for _, f := range zr.File {
		if f.Name == "xl/worksheets/sheet1.xml" {
			var packed bytes.Buffer
			fw, _ := flate.NewWriter(&packed, flate.BestCompression)
			_, _ = fw.Write(body)
			_ = fw.Close()
			declared := uint64(len(body))
			if lie != 0 {
				declared = lie
			}
			w, err := zw.CreateRaw(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(body),
				CompressedSize64: uint64(packed.Len()), UncompressedSize64: declared})
			if err != nil {
				t.Fatal(err)
			}
			_, _ = w.Write(packed.Bytes())
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		w, _ := zw.Create(f.Name)
		_, _ = io.Copy(w, rc)
		_ = rc.Close()
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}

// sheetXML is a worksheet with a header and two vacancies, the first
// office padded with filler spaces (trimmed when read).
func sheetXML(filler int) []byte {
	return []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
		`<row r="1"><c r="A1" t="inlineStr"><is><t>office</t></is></c><c r="B1" t="inlineStr"><is><t>cause</t></is></c><c r="C1" t="inlineStr"><is><t>event_date</t></is></c></row>` +
		`<row r="2"><c r="A2" t="inlineStr"><is><t>Mayor` + strings.Repeat(" ", filler) + `</t></is></c><c r="B2" t="inlineStr"><is><t>died</t></is></c><c r="C2" t="inlineStr"><is><t>2026-01-05</t></is></c></row>` +
		`<row r="3"><c r="A3" t="inlineStr"><is><t>Town Clerk</t></is></c><c r="B3" t="inlineStr"><is><t>died</t></is></c><c r="C3" t="inlineStr"><is><t>2026-01-06</t></is></c></row>` +
		`</sheetData></worksheet>`)
}

func TestDamagedWorkbooks(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "one.xlsx")
	buildWorkbook(t, src, []string{"Vacancies"}, map[string]map[int][]cell{"Vacancies": {1: s("office")}})
	whole := sheetXML(0)
	cut := bytes.Index(whole, []byte(`<row r="3">`)) + len(`<row r="3"><c r="A3`)
	end := bytes.Index(whole, []byte(`</sheetData>`))
	type damagedCase struct {
		name string
		body []byte
		lie  uint64
		want string // the error after "ingest: PATH: "; "" reads both rows
	}
	tests := []damagedCase{
		{"a sound sheet reads both rows", whole, 0, ""},
		{"the sheet's XML stops in the middle of a tag (a truncated save)", whole[:cut], 0,
			`sheet "Vacancies" is damaged (part xl/worksheets/sheet1.xml): the XML stops before its end, inside <row> (a truncated or damaged file)`},
		{"the sheet's XML stops after a whole row, before its end tags", whole[:end], 0,
			`sheet "Vacancies" is damaged (part xl/worksheets/sheet1.xml): the XML stops before its end, inside <sheetData> (a truncated or damaged file)`},
		{"a row closed as a cell", bytes.Replace(whole, []byte(`</c></row><row r="3">`), []byte(`</c></c><row r="3">`), 1), 0,
			`sheet "Vacancies" is damaged (part xl/worksheets/sheet1.xml): the XML closes <c> where it is not open (a damaged file)`},
		{"a 1 MB sheet whose zip header claims 2 KB", sheetXML(1 << 20), 2048, ""},
		{"a sheet whose zip header claims a few bytes more than it packs to", sheetXML(1 << 16), 64 << 10, ""},
	}
	// The last two: deflate packs 1 MB of spaces to about 1 KB, so the
	// header's claim of 2 KB passes the size test, and Go's zip reader stops
	// at the declared 2 KB: the sheet check reports it.
	tests[4].want = `sheet "Vacancies" is damaged (part xl/worksheets/sheet1.xml): its zip entry unpacks to more than its header declares, a corrupt zip or a zip bomb (zip: not a valid zip file)`
	tests[5].want = tests[4].want
	tests = append(tests,
		// Excel's own limit is 32,767 characters a cell: 40,000 is past it
		// but within what the sheet check lets through to the row reader,
		// which judges the cell (here trimmed spaces, so the row reads).
		damagedCase{"a cell of 40,000 characters reaches the row reader", sheetXML(40_000), 0, ""},
		// 300 KB of text between two tags is no cell Excel writes: refused
		// before excelize would hold it all in memory.
		damagedCase{"a cell of 300 KB is refused before it is loaded", sheetXML(300 << 10), 0,
			`sheet "Vacancies" is damaged (part xl/worksheets/sheet1.xml): a cell holds more than 256 KB of text, far beyond the 32767 characters Excel allows in a cell: not a workbook Excel wrote`},
	)
	// Checked before the rows are read or as they are (CheckAsRead), a
	// damaged sheet fails alike.
	for _, asRead := range []bool{false, true} {
		for i, tc := range tests {
			t.Run(fmt.Sprintf("%s (checked as read: %v)", tc.name, asRead), func(t *testing.T) {
				path := filepath.Join(dir, "case"+string(rune('a'+i))+".xlsx")
				rewriteSheet(t, src, path, tc.body, tc.lie)
				var n int
				_, err := ReadFile(context.Background(), path, Options{CheckAsRead: asRead}, func(Item) error { n++; return nil })
				if tc.want == "" {
					if err != nil || n != 2 {
						t.Fatalf("got %d rows, err %v; want 2 rows", n, err)
					}
					return
				}
				if want := "ingest: " + path + ": " + tc.want; err == nil || err.Error() != want {
					t.Fatalf("err\n got %v\nwant %s", err, want)
				}
			})
		}
	}
}

func TestLyingZipHeaderIsRefusedBeforeReading(t *testing.T) {
	// 256 KB of packed random-looking text cannot unpack to the 2 KB its
	// header declares: deflate never grows data by more than a few bytes
	// per 64 KB block.
	dir := t.TempDir()
	src := filepath.Join(dir, "one.xlsx")
	buildWorkbook(t, src, []string{"Vacancies"}, map[string]map[int][]cell{"Vacancies": {1: s("office")}})
	var noise strings.Builder
	x := uint32(1)
	for noise.Len() < 256<<10 {
		x = x*1664525 + 1013904223
		noise.WriteByte('a' + byte(x>>24)%26)
	}
	path := filepath.Join(dir, "liar.xlsx")
	body := bytes.Replace(sheetXML(0), []byte("Mayor"), []byte(noise.String()), 1)
	rewriteSheet(t, src, path, body, 2048)
	_, err := ReadFile(context.Background(), path, Options{}, func(Item) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "ingest: "+path+": the workbook is damaged: its zip entry xl/worksheets/sheet1.xml declares 2048 bytes unpacked but holds") {
		t.Fatalf("err = %v", err)
	}
}

// oneSheetZip is a zip holding body as its one worksheet part.
func oneSheetZip(t *testing.T, body string) *zip.Reader {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("xl/worksheets/sheet1.xml")
	_, _ = w.Write([]byte(body))
	_ = zw.Close()
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	return zr
}

func FuzzCheckSheetXML(f *testing.F) {
	f.Add(string(sheetXML(0)))
	f.Add(`<worksheet><sheetData><row r="1"><c r="A1`)
	f.Add(`<?xml version="1.0"?><!-- a comment --><x:worksheet xmlns:x="s"><![CDATA[<a>]]><x:sheetData/></x:worksheet>`)
	f.Add(`<worksheet a='>'><row></c></row></worksheet><extra/>`)
	f.Fuzz(func(t *testing.T, body string) {
		// Whatever the bytes, the check ends with an answer: no panic, no
		// hang. A sound sheet is always let through.
		var rows rowNumbers
		err := checkPart(oneSheetZip(t, body).File[0], &rows)
		if body == string(sheetXML(0)) && err != nil {
			t.Fatalf("a sound sheet fails: %v", err)
		}
	})
}

func TestALongUnclosedQuoteInATagIsNotQuadratic(t *testing.T) {
	// A tag whose attribute quote never closes, followed by a megabyte of
	// '>': each '>' used to rescan the whole tag (10^11 steps); now the
	// check gives up at its 1 MB tag bound after one pass.
	body := `<worksheet a="` + strings.Repeat(">", 1<<20) + `</worksheet>`
	zr := oneSheetZip(t, body)
	done := make(chan error, 1)
	go func() { done <- checkPart(zr.File[0], nil) }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("an unclosed tag passed the check")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the check did not end within 10 s (it takes milliseconds)")
	}
}

// A sheet whose rows share a number: checked first, both rows of the
// number are rejected, saying so; checked as read, the read ends with
// ErrRescan at the first row whose number goes back, before emitting it,
// and a read without CheckAsRead is what the caller falls back on.
func TestRowsSharingANumberCheckedAsRead(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "one.xlsx")
	buildWorkbook(t, src, []string{"Vacancies"}, map[string]map[int][]cell{"Vacancies": {1: s("office")}})
	whole := sheetXML(0)
	again := []byte(`<row r="2"><c r="A2" t="inlineStr"><is><t>County Clerk</t></is></c><c r="B2" t="inlineStr"><is><t>died</t></is></c><c r="C2" t="inlineStr"><is><t>2026-01-07</t></is></c></row>`)
	end := bytes.Index(whole, []byte(`</sheetData>`))
	body := slices.Concat(whole[:end], again, whole[end:])
	path := filepath.Join(dir, "twice.xlsx")
	rewriteSheet(t, src, path, body, 0)

	var rejected []string
	n := 0
	_, err := ReadFile(context.Background(), path, Options{}, func(it Item) error {
		n++
		for _, p := range it.Problems {
			if strings.Contains(p.Message, "row number 2 is used by more than one row") {
				rejected = append(rejected, it.Vacancy.Office)
			}
		}
		return nil
	})
	if err != nil || n != 3 || fmt.Sprint(rejected) != "[Mayor County Clerk]" {
		t.Fatalf("checked first: %d rows, rejected for the shared number %v, err %v; want 3 rows, [Mayor County Clerk]", n, rejected, err)
	}

	var offices []string
	_, err = ReadFile(context.Background(), path, Options{CheckAsRead: true}, func(it Item) error {
		offices = append(offices, it.Vacancy.Office)
		return nil
	})
	if !errors.Is(err, ErrRescan) || fmt.Sprint(offices) != "[Mayor Town Clerk]" {
		t.Fatalf("checked as read: emitted %v, err %v; want [Mayor Town Clerk] then ErrRescan", offices, err)
	}
}
