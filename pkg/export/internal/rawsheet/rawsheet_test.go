package rawsheet

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// testCell is one cell as both writers are asked for it.
type testCell struct {
	kind    byte // 0 none, 't' text, 'i' int, 'e' empty (style only), 'f' formula with shown text
	style   int
	text    string
	n       int64
	formula string
}

type testRow struct {
	cells []testCell
	link  *testLink
	opts  RowOptions
}

type testLink struct {
	col               int
	location, display string
}

// asStream is the row as excelize's stream writer takes it.
func asStream(cells []testCell) []any {
	out := make([]any, len(cells))
	for i, c := range cells {
		switch c.kind {
		case 't':
			out[i] = excelize.Cell{StyleID: c.style, Value: c.text}
		case 'i':
			out[i] = excelize.Cell{StyleID: c.style, Value: c.n}
		case 'e':
			out[i] = excelize.Cell{StyleID: c.style}
		case 'f':
			out[i] = excelize.Cell{StyleID: c.style, Value: c.text, Formula: c.formula}
		}
	}
	return out
}

func putRaw(p *Part, row int, r testRow) error {
	p.RowWith(row, r.opts)
	for i, c := range r.cells {
		switch c.kind {
		case 't':
			p.Text(i, c.style, c.text)
		case 'i':
			p.Int(i, c.style, c.n)
		case 'e':
			p.Empty(i, c.style)
		case 'f':
			p.Formula(i, c.style, c.formula, c.text)
		}
	}
	if err := p.EndRow(); err != nil {
		return err
	}
	if r.link != nil {
		p.Link(r.link.col, row, r.link.location, r.link.display, "")
	}
	return nil
}

// book writes a small workbook with one big sheet "Data": a frozen header
// row written by excelize, then rows, either all through excelize's stream
// writer (raw false) or through a Part spliced in at the save. It returns
// the zip's entries by name.
func book(t testing.TB, rows []testRow, raw bool, workers int) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	f := excelize.NewFile(excelize.Options{TmpDir: dir})
	defer f.Close()
	if err := f.SetSheetName("Sheet1", "Summary"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.NewSheet("Data"); err != nil {
		t.Fatal(err)
	}
	if err := f.SetSheetDimension("Data", ""); err != nil {
		t.Fatal(err)
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := f.NewStreamWriter("Data")
	if err != nil {
		t.Fatal(err)
	}
	if err := sw.SetColWidth(1, 3, 18); err != nil {
		t.Fatal(err)
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		t.Fatal(err)
	}
	if err := sw.SetRow("A1", []any{excelize.Cell{StyleID: bold, Value: "id"}, excelize.Cell{StyleID: bold, Value: "text"}}); err != nil {
		t.Fatal(err)
	}
	var pool *Pool
	var part *Part
	if raw {
		pool = NewPool(workers, 1)
		defer pool.Close()
		if part, err = pool.NewPart(dir); err != nil {
			t.Fatal(err)
		}
		defer part.Discard()
	}
	width := 1
	for i, r := range rows {
		row := i + 2
		width = max(width, len(r.cells))
		if raw {
			if err := putRaw(part, row, r); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if r.link != nil {
			if err := f.SetCellHyperLink("Data", colName(r.link.col)+strconv.Itoa(row), r.link.location, "Location",
				excelize.HyperlinkOpts{Display: &r.link.display}); err != nil {
				t.Fatal(err)
			}
		}
		o := excelize.RowOpts{StyleID: r.opts.Style, Height: r.opts.Height, OutlineLevel: r.opts.OutlineLevel, Hidden: r.opts.Hidden}
		if err := sw.SetRow("A"+strconv.Itoa(row), asStream(r.cells), o); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.AutoFilter("Data", "A1:"+colName(width-1)+strconv.Itoa(len(rows)+1), nil); err != nil {
		t.Fatal(err)
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if raw {
		if err := part.Finish(); err != nil {
			t.Fatal(err)
		}
		z := NewZip(&out, 1)
		z.Splice("xl/worksheets/sheet"+strconv.Itoa(sw.SheetID)+".xml", part)
		f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return z })
	}
	if err := f.Write(&out); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(out.Bytes()), int64(out.Len()))
	if err != nil {
		t.Fatal(err)
	}
	entries := map[string][]byte{}
	for _, e := range zr.File {
		rc, err := e.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc) // checks the CRC-32 at the end
		_ = rc.Close()
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		entries[e.Name] = b
	}
	return entries
}

// sameBook fails unless both writers made the same bytes in every part.
func sameBook(t testing.TB, rows []testRow, workers int) {
	t.Helper()
	want := book(t, rows, false, workers)
	got := book(t, rows, true, workers)
	if len(got) != len(want) {
		t.Fatalf("%d parts, excelize writes %d", len(got), len(want))
	}
	for name, w := range want {
		g, ok := got[name]
		if !ok {
			t.Fatalf("part %s missing", name)
		}
		if hasExcelizeRoot(name) {
			w, _ = dropRedundantMain(w) // as Zip writes every such part
		}
		if !bytes.Equal(g, w) {
			i := 0
			for i < len(g) && i < len(w) && g[i] == w[i] {
				i++
			}
			t.Fatalf("part %s differs from excelize's at byte %d:\n got: %q\nwant: %q", name, i, around(g, i), around(w, i))
		}
	}
}

func around(b []byte, i int) string {
	lo, hi := max(i-60, 0), min(i+60, len(b))
	return string(b[lo:hi])
}

func TestCellsAsExcelizeWritesThem(t *testing.T) {
	long := strings.Repeat("é", 40000)   // 80,000 bytes, cut to 32,767 characters
	astral := strings.Repeat("𝄞", 20000) // 2 UTF-16 units each
	cases := []struct {
		name string
		rows []testRow
	}{
		{"plain text and numbers", []testRow{{cells: []testCell{{kind: 't', text: "V-001"}, {kind: 'i', n: 46356, style: 2}, {kind: 't', style: 1, text: "Member of Assembly"}}}}},
		{"blank cells are left out, styled blanks kept", []testRow{{cells: []testCell{{}, {kind: 'e', style: 3}, {}, {kind: 't', text: "x"}}}}},
		{"escaping", []testRow{{cells: []testCell{{kind: 't', text: `<a href="x">Tom & Jerry's</a>` + "\t tab\r\ncrlf\n"}}}}},
		{"edge white space is preserved", []testRow{{cells: []testCell{{kind: 't', text: " lead"}, {kind: 't', text: "trail\n"}, {kind: 't', text: "\tboth "}, {kind: 't', text: " "}}}}},
		{"controls and broken UTF-8", []testRow{{cells: []testCell{{kind: 't', text: "bell\x07 esc\x1b nul\x00 bad\xff\xfe end\uFFFE\uFFFF ok\uFFFD"}}}}},
		{"escaped-character look-alikes", []testRow{{cells: []testCell{
			{kind: 't', text: "_x0041_"}, {kind: 't', text: "a_x005F_b"}, {kind: 't', text: "_x005F_x0041_"},
			{kind: 't', text: "_xD800_ surrogate"}, {kind: 't', text: "_x005F_xDFFF_"}, {kind: 't', text: "_x005f_"},
			{kind: 't', text: "_x00_ _xZZZZ_ _x12345_ __x0041__"}, {kind: 't', text: "_x005F_x0041_x0042_"}}}}},
		{"long text is cut as excelize cuts it", []testRow{{cells: []testCell{{kind: 't', text: long}, {kind: 't', text: astral}}}}},
		{"formula links with shown text", []testRow{{cells: []testCell{{kind: 't', text: "a"},
			{kind: 'f', style: 4, formula: `HYPERLINK("#'Conflicts'!A7","SPECIAL_WINDOW")`, text: "SPECIAL_WINDOW"},
			{kind: 'f', formula: `A1&"x"`, text: " spaced\n"}, {kind: 'f', formula: "1+1"}}}}},
		{"hyperlinks", []testRow{
			{cells: []testCell{{kind: 't', text: "a"}, {kind: 't', text: "CODE"}}, link: &testLink{1, "'Conflicts'!A2", "CODE"}},
			{cells: []testCell{{kind: 't', text: "b"}}},
			{cells: []testCell{{kind: 't', text: "c"}, {kind: 't', text: "x"}}, link: &testLink{1, `'Con"fl<i>cts'!A9`, "x & y"}},
		}},
		{"row heights, row styles and outline levels", []testRow{
			{cells: []testCell{{kind: 't', text: "tall"}, {kind: 'e'}}, opts: RowOptions{Height: 45.75}},
			{cells: []testCell{{kind: 't', text: "styled row"}, {kind: 'e'}, {kind: 'i', n: 3}}, opts: RowOptions{Style: 1}},
			{cells: []testCell{{kind: 't', text: "hidden"}}, opts: RowOptions{OutlineLevel: 2, Hidden: true, Height: 30}},
		}},
		{"no rows", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { sameBook(t, c.rows, 2) })
	}
}

// TestManyChunks writes enough rows for many chunks, with links, on one
// and on three workers: the chunks must come out in order whatever the
// workers do.
func TestManyChunks(t *testing.T) {
	if testing.Short() {
		t.Skip("writes ~8 MB of rows twice")
	}
	rng := rand.New(rand.NewSource(1))
	rows := make([]testRow, 40000)
	for i := range rows {
		r := testRow{cells: []testCell{{kind: 't', text: "V-" + strconv.Itoa(i)}, {kind: 'i', n: int64(40000 + i), style: 2},
			{kind: 't', text: strings.Repeat("word ", rng.Intn(40))}, {}, {kind: 'e', style: 3}}}
		if i%97 == 0 {
			r.link = &testLink{0, "'Conflicts'!A" + strconv.Itoa(i+2), ""}
		}
		rows[i] = r
	}
	for _, workers := range []int{1, 3} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) { sameBook(t, rows, workers) })
	}
}

func TestPartRefusesWhatExcelWouldNot(t *testing.T) {
	pool := NewPool(1, 1)
	defer pool.Close()
	cases := []struct {
		name  string
		write func(p *Part)
	}{
		{"rows out of order", func(p *Part) { p.Row(3); _ = p.EndRow(); p.Row(2) }},
		{"a row past Excel's last", func(p *Part) { p.Row(1<<20 + 1) }},
		{"a column past XFD", func(p *Part) { p.Row(2); p.Text(maxColumns, 0, "x") }},
		{"columns out of order", func(p *Part) { p.Row(2); p.Text(3, 0, "x"); p.Text(1, 0, "y") }},
		{"a cell outside a row", func(p *Part) { p.Text(0, 0, "x") }},
		{"a row not ended", func(p *Part) { p.Row(2) }},
		{"a row taller than Excel's", func(p *Part) { p.RowWith(2, RowOptions{Height: 410}) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := pool.NewPart(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer p.Discard()
			c.write(p)
			if err := p.Finish(); err == nil {
				t.Fatal("no error")
			}
		})
	}
}

func TestCRC32Combine(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, n := range []int{0, 1, 7, 1000, 1 << 20} {
		for _, m := range []int{0, 1, 13, 65536, 3<<20 + 5} {
			a, b := make([]byte, n), make([]byte, m)
			rng.Read(a)
			rng.Read(b)
			want := crc32.ChecksumIEEE(append(append([]byte(nil), a...), b...))
			if got := crc32Combine(crc32.ChecksumIEEE(a), crc32.ChecksumIEEE(b), int64(m)); got != want {
				t.Errorf("len %d + %d: %08x, want %08x", n, m, got, want)
			}
		}
	}
}

func TestLinksWhereTheSchemaPutsThem(t *testing.T) {
	links := []byte(`<hyperlink ref="A2" location="X!A1"></hyperlink>`)
	cases := []struct{ name, tail, want string }{
		{"before the page setup", `</sheetData><autoFilter ref="A1:B2"></autoFilter><pageMargins left="0.7"></pageMargins></worksheet>`,
			`</sheetData><autoFilter ref="A1:B2"></autoFilter><hyperlinks>` + string(links) + `</hyperlinks><pageMargins left="0.7"></pageMargins></worksheet>`},
		{"after data validations holding an extLst", `</sheetData><conditionalFormatting sqref="A1"><cfRule type="x"><extLst></extLst></cfRule></conditionalFormatting><extLst/></worksheet>`,
			`</sheetData><conditionalFormatting sqref="A1"><cfRule type="x"><extLst></extLst></cfRule></conditionalFormatting><hyperlinks>` + string(links) + `</hyperlinks><extLst/></worksheet>`},
		{"at the end", `</sheetData></worksheet>`, `</sheetData><hyperlinks>` + string(links) + `</hyperlinks></worksheet>`},
		{"after the links already there", `</sheetData><hyperlinks><hyperlink ref="B1" location="Y!A1"></hyperlink></hyperlinks><printOptions/></worksheet>`,
			`</sheetData><hyperlinks><hyperlink ref="B1" location="Y!A1"></hyperlink>` + string(links) + `</hyperlinks><printOptions/></worksheet>`},
		{"in an empty hyperlinks element", `</sheetData><hyperlinks/></worksheet>`, `</sheetData><hyperlinks>` + string(links) + `</hyperlinks></worksheet>`},
		{"a '>' in an attribute value", `</sheetData><headerFooter a="1>2"><oddHeader>&amp;P</oddHeader></headerFooter></worksheet>`,
			`</sheetData><hyperlinks>` + string(links) + `</hyperlinks><headerFooter a="1>2"><oddHeader>&amp;P</oddHeader></headerFooter></worksheet>`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := withLinks([]byte(c.tail), links)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Fatalf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	if _, err := withLinks([]byte(`</sheetData><pageSetup`), links); err == nil {
		t.Error("a cut tail: no error")
	}
}

// FuzzCells writes rows of cells made from the fuzzer's bytes through both
// writers: the sheets must be the same bytes.
func FuzzCells(f *testing.F) {
	for _, s := range []string{"plain", "a&b<c>\"d'", " edge\n", "_x0041__x005F_x0042_", "\x00\x1f\xff", "é𝄞\uFFFE", "=HYPERLINK(\"#A1\",\"x\")"} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, shape uint8) {
		if len(data) > 4096 {
			return
		}
		var rows []testRow
		// Cut the bytes into cells at each 0x01; the shape picks each cell's kind.
		parts := bytes.Split(data, []byte{1})
		r := testRow{}
		for i, p := range parts {
			c := testCell{style: int(shape>>4) % 3}
			switch (int(shape) + i) % 5 {
			case 0, 1:
				c.kind, c.text = 't', string(p)
			case 2:
				c.kind, c.n = 'i', int64(len(p))*int64(i+1)-7
			case 3:
				c.kind, c.formula, c.text = 'f', string(p), string(p)
			case 4:
				if c.style > 0 {
					c.kind = 'e'
				}
			}
			r.cells = append(r.cells, c)
			if len(r.cells) == 4 {
				if shape&8 != 0 {
					r.link = &testLink{1, string(p), string(p)}
				}
				if shape&4 != 0 {
					r.opts = RowOptions{Height: float64(len(p)%400) + 0.25, Style: int(shape>>6) % 2, Hidden: len(p)%3 == 0}
				}
				rows = append(rows, r)
				r = testRow{}
			}
		}
		rows = append(rows, r)
		sameBook(t, rows, 2)
	})
}

// A text met again is written from what the part remembers of it
// (Part.plain): the rows repeat texts that are written as they are and
// texts that are not (escaped, marked to keep their spaces, truncated,
// holding U+FFFE, which becomes U+FFFD at the same length), the same
// string value and copies of it, and must still be what excelize writes.
func TestRepeatedTextsAsExcelizeWritesThem(t *testing.T) {
	texts := []string{"plain", "designating_petition", "a&b<c>\"d'", " edge ", "tab\there", "line\nfeed",
		"_x0041_", "é§ 6-158(1)", "x\uFFFEy", strings.Repeat("long ", 8000), "window", "passed"}
	var rows []testRow
	for round := range 3 {
		r := testRow{}
		for i, s := range texts {
			if round == 1 {
				s = strings.Clone(s) // another string value with the same bytes
			}
			r.cells = append(r.cells, testCell{kind: 't', style: i % 2, text: s})
		}
		rows = append(rows, r)
	}
	sameBook(t, rows, 2)
}

// TestSmallPartMakesNoSpoolFile: a part of one chunk keeps its compressed
// rows in memory and leaves its folder empty; one of several chunks
// spools them to a file it leaves no name of (where the system allows),
// and either copies out the same deflate stream its rows were.
func TestSmallPartMakesNoSpoolFile(t *testing.T) {
	pool := NewPool(2, 1)
	defer pool.Close()
	for _, c := range []struct {
		name    string
		rows    int
		spooled bool
	}{{"one chunk", 50, false}, {"several chunks", 30000, true}} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			p, err := pool.NewPart(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Discard()
			var want strings.Builder
			for r := 2; r < 2+c.rows; r++ {
				p.Row(r)
				p.Text(0, 0, "row "+strconv.Itoa(r)+strings.Repeat(" filler", 5))
				if err := p.EndRow(); err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&want, `<row r="%d"><c r="A%d" t="inlineStr"><is><t>row %d%s</t></is></c></row>`, r, r, r, strings.Repeat(" filler", 5))
			}
			if err := p.Finish(); err != nil {
				t.Fatal(err)
			}
			if got := p.file != nil; got != c.spooled {
				t.Fatalf("spool file made: %v, want %v", got, c.spooled)
			}
			if names, _ := os.ReadDir(dir); len(names) > 0 && runtime.GOOS != "windows" {
				t.Fatalf("left in the folder: %v", names)
			}
			var packed bytes.Buffer
			if err := p.copyRows(&packed); err != nil {
				t.Fatal(err)
			}
			raw, err := io.ReadAll(flate.NewReader(io.MultiReader(&packed, bytes.NewReader([]byte{3, 0}))))
			if err != nil {
				t.Fatal(err)
			}
			if string(raw) != want.String() {
				t.Fatalf("rows read back differ:\n got %.200q\nwant %.200q", raw, want.String())
			}
		})
	}
}
