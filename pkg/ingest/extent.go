package ingest

import (
	"archive/zip"
	"bufio"
	"bytes"
	"io"
	"os"
	"strings"

	"batch/internal/regularfile"
)

// Extent is what can be known of an input's size before reading it, for
// a progress bar's total: nothing here is exact, and nothing depends on
// it but the bar.
type Extent struct {
	// Rows is the rows a workbook's sheets say they hold (their
	// dimension, header rows counted), or a CSV file's lines judged from
	// its first megabyte; 0 when not known.
	Rows int
	// Bytes is a CSV file's size, 0 for standard input and workbooks;
	// Options.OnRead reports the bytes read so far against it.
	Bytes int64
}

// sampleBytes is how much of a CSV file Measure reads to judge its lines.
const sampleBytes = 1 << 20

// Measure returns the extent of one input; it opens a workbook's zip and
// reads the head of each sheet to be read, never the rows.
func Measure(path string, opts Options) Extent {
	switch kind(path) {
	case kindCSV:
		if path == "-" {
			return Extent{}
		}
		if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
			return Extent{Rows: csvLines(path, fi.Size()), Bytes: fi.Size()}
		}
	case kindWorkbook:
		return Extent{Rows: workbookRows(path, opts.Sheet)}
	}
	return Extent{}
}

// csvLines judges a CSV file's lines below the header from the line
// feeds in its first sampleBytes.
func csvLines(path string, size int64) int {
	f, err := regularfile.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	head, _ := io.ReadAll(io.LimitReader(f, sampleBytes))
	lines := bytes.Count(head, []byte("\n"))
	if len(head) == 0 || lines == 0 {
		return 0
	}
	if int64(len(head)) == size {
		return max(lines-1, 1)
	}
	return max(int(float64(lines)*float64(size)/float64(len(head)))-1, 1)
}

// workbookRows adds up the dimensions of the sheets ReadFile would read:
// opts.Sheet, or every sheet but the Calendar one. 0 when one of them
// declares none (excelize's stream writer declares "A1"), or the workbook
// cannot be opened (the read that follows says why).
func workbookRows(path, only string) int {
	wb, err := openWorkbook(path, 0)
	if err != nil {
		return 0
	}
	defer wb.close()
	total := 0
	for _, s := range wb.sheets {
		if only != "" && !strings.EqualFold(s.name, only) || only == "" && strings.EqualFold(s.name, calendarSheet) {
			continue
		}
		if s.part == nil {
			return 0
		}
		n := sheetDimension(s.part)
		if n == 0 {
			return 0
		}
		total += n
	}
	return total
}

// sheetDimension reads the last row of a worksheet's <dimension ref>,
// which comes before its rows; 0 when there is none in the part's first
// 64 KB, or it names one cell.
func sheetDimension(f *zip.File) int {
	rc, err := f.Open()
	if err != nil {
		return 0
	}
	defer rc.Close()
	head, _ := io.ReadAll(io.LimitReader(bufio.NewReader(rc), 64<<10))
	i := bytes.Index(head, []byte("<dimension"))
	if i < 0 {
		return 0
	}
	ref, ok := attr(head[i+len("<dimension"):], "ref")
	if !ok {
		return 0
	}
	colon := bytes.IndexByte(ref, ':')
	if colon < 0 {
		return 0
	}
	return refRow(ref[colon+1:])
}

// attr finds the value of attribute name (without prefix) in a tag's
// attribute bytes.
func attr(attrs []byte, name string) ([]byte, bool) {
	for len(attrs) > 0 {
		attrs = bytes.TrimLeft(attrs, " \t\r\n")
		eq := bytes.IndexByte(attrs, '=')
		if eq < 0 {
			return nil, false
		}
		key := bytes.TrimSpace(attrs[:eq])
		rest := bytes.TrimLeft(attrs[eq+1:], " \t\r\n")
		if len(rest) == 0 || (rest[0] != '"' && rest[0] != '\'') {
			return nil, false
		}
		q := rest[0]
		close := bytes.IndexByte(rest[1:], q)
		if close < 0 {
			return nil, false
		}
		val := rest[1 : 1+close]
		if i := bytes.LastIndexByte(key, ':'); i >= 0 {
			key = key[i+1:]
		}
		if string(key) == name {
			return val, true
		}
		attrs = rest[2+close:]
	}
	return nil, false
}

// refRow is the row number of a cell reference such as "R341".
func refRow(ref []byte) int {
	n := 0
	for _, c := range ref {
		switch {
		case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c == '$':
			if n > 0 {
				return 0
			}
		case c >= '0' && c <= '9':
			n = n*10 + int(c-'0')
			if n > 1<<24 {
				return 0
			}
		default:
			return 0
		}
	}
	return n
}

// countingReader tells OnRead of every read.
type countingReader struct {
	r      io.Reader
	onRead func(int)
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n > 0 {
		c.onRead(n)
	}
	return n, err
}
