package ingest

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"batch/internal/printable"
	"batch/pkg/ingest/internal/sheetscan"
)

// Why this file exists: a workbook is a zip of XML parts, and each way the
// zip or a part can lie loses rows without a word unless it is checked
// before the part is decoded. Go's zip reader holds an entry to its
// declared size and checksum; these checks add what it does not:
//   - an entry whose declared sizes cannot be true (a zip bomb hiding its
//     size), or whose declared sizes add up past the limit;
//   - two entries with one name, or names that differ only in case or in
//     the slash (Excel matches part names ignoring case): a checker and a
//     reader could read different copies, so the package is ambiguous;
//   - a part whose XML stops early or does not nest (a truncated save:
//     the end of the part must be the end of the worksheet);
//   - a text run longer than any cell Excel writes (the XML decoder would
//     hold all of it);
//   - a document type declaration (<!DOCTYPE, <!ENTITY): no spreadsheet
//     program writes one, and it is the shape of the XML entity attacks
//     (XXE, billion laughs);
//   - in a worksheet, row numbers used twice (two rows would claim one
//     place: both are reported).

// checkZipEntries refuses entries whose declared sizes cannot be true:
// deflate never makes data more than a few bytes per 64 KB block bigger, so
// an entry whose packed bytes outnumber its declared unpacked size by more
// than that lies about what it unpacks to. It refuses names used twice, and
// a package whose parts declare more than maxUnpacked bytes in all.
// Nothing is inflated.
func checkZipEntries(zr *zip.Reader, maxUnpacked int64) error {
	seen := make(map[string]string, len(zr.File))
	var total uint64
	for _, f := range zr.File {
		key := partKey(f.Name)
		if first, ok := seen[key]; ok {
			if first == f.Name {
				return fmt.Errorf("its zip holds the entry %s twice: the copies may differ and a reader could take either, so the package is ambiguous (a damaged or doctored file); save the workbook again from Excel", printable.Name(f.Name))
			}
			return fmt.Errorf("its zip holds the entries %s and %s, one part under two spellings (Excel reads part names ignoring case), so the package is ambiguous (a damaged or doctored file); save the workbook again from Excel", printable.Name(first), printable.Name(f.Name))
		}
		seen[key] = f.Name
		packed, unpacked := f.CompressedSize64, f.UncompressedSize64
		switch f.Method {
		case zip.Store:
			if packed != unpacked {
				return fmt.Errorf("its zip entry %s is stored with %d bytes but declares %d", printable.Name(f.Name), packed, unpacked)
			}
		case zip.Deflate:
			if packed > unpacked+unpacked/64+1024 {
				return fmt.Errorf("its zip entry %s declares %d bytes unpacked but holds %d packed, more than deflate makes of that (a corrupt zip, or a zip bomb hiding its size)", printable.Name(f.Name), unpacked, packed)
			}
		}
		total += unpacked
		if total > uint64(maxUnpacked) {
			return errUnpackedLimit
		}
	}
	return nil
}

// errUnpackedLimit: the parts declare more than the limit in all.
var errUnpackedLimit = errors.New("unpacks past the limit")

// partKey is the form under which two zip entry names are one part: case
// ignored, backslashes as slashes, no leading slash.
func partKey(name string) string {
	return strings.ToLower(strings.TrimPrefix(strings.ReplaceAll(name, "\\", "/"), "/"))
}

// maxTextRun bounds the text between two tags of a sheet or of the shared
// strings: Excel holds at most 32,767 characters in a cell, which XML
// escaping and UTF-8 make at most about 200 KB. A longer run is not a cell
// Excel wrote, and the XML decoder would hold all of it in memory.
const maxTextRun = 256 << 10

var errTextRun = fmt.Errorf("a cell holds more than %d KB of text, far beyond the %d characters Excel allows in a cell: not a workbook Excel wrote", maxTextRun>>10, MaxCellChars)

// errDTD: a part holds a document type declaration.
var errDTD = errors.New("it holds a document type declaration (<!DOCTYPE or <!ENTITY), which no spreadsheet program writes and which is the shape of an XML entity attack (XXE, billion laughs): the part is refused, nothing of it read")

// checkPart reads a part to its end through Go's zip reader, which holds
// it to its declared size and checksum, and checks that its tags nest and
// close: the end of the part is the end of its document. It reads tags
// only, never keeps text, so a huge cell costs no memory; a text run
// longer than any cell Excel writes is refused (maxTextRun), and so is a
// document type declaration (errDTD). When rows is not nil, the part is a
// worksheet and rows learns the number of every <row> element.
func checkPart(f *zip.File, rows *rowNumbers) error {
	return checkSheetPart(f, rows, nil)
}

// checkSheetPart is checkPart that also reads, into tail when not nil,
// what a worksheet says after its rows (merged cells, a filter).
func checkSheetPart(f *zip.File, rows *rowNumbers, tail *sheetscan.Tail) error {
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	var src io.Reader = rc
	if f.UncompressedSize64 >= aheadAtLeast {
		ra := newReadAhead(rc)
		defer ra.Close() // before rc.Close: the goroutine reads rc
		src = ra
	}
	var row func(r []byte)
	if rows != nil {
		prev := 0
		row = func(r []byte) {
			n, _ := rowNumber(r, prev)
			rows.add(n)
			prev = n
		}
	}
	return checkProblem(sheetscan.CheckTail(src, row, tail))
}

// checkProblem says in words what a failed check found.
func checkProblem(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, zip.ErrFormat):
		return fmt.Errorf("its zip entry unpacks to more than its header declares, a corrupt zip or a zip bomb (%v)", err)
	case errors.Is(err, sheetscan.ErrTextRun):
		return errTextRun
	case errors.Is(err, sheetscan.ErrDoctype):
		return errDTD
	case errors.Is(err, zip.ErrChecksum):
		return fmt.Errorf("its zip entry fails its checksum: the file is corrupt (%v)", err)
	case strings.HasPrefix(err.Error(), "the XML "):
		return err
	}
	return fmt.Errorf("the XML cannot be read (%v)", err)
}

// rowNumber is the number of a <row> element: its r attribute, or the one
// after the previous row's when r is missing (the format allows leaving it
// out). ok is false when r is there but is not a row number Excel has
// (1 to 1,048,576); the number is then the previous one's plus one.
func rowNumber(r []byte, prev int) (n int, ok bool) {
	if r == nil {
		return prev + 1, true
	}
	n, err := strconv.Atoi(string(r))
	if err != nil || n < 1 || n > excelRows {
		return prev + 1, false
	}
	return n, true
}

// excelRows is Excel's 1,048,576 rows a sheet; excelColumns its 16,384
// columns.
const (
	excelRows    = 1 << 20
	excelColumns = 1 << 14
)

// rowNumbers records which row numbers a worksheet uses, and which it uses
// more than once. Its bit sets grow to the highest number used and are
// cleared, not freed, between sheets.
type rowNumbers struct {
	seen, twice []uint64
	top         int // highest word index set, +1
	dups        int
}

func (r *rowNumbers) reset() {
	clear(r.seen[:r.top])
	clear(r.twice[:r.top])
	r.top, r.dups = 0, 0
}

func (r *rowNumbers) add(n int) {
	w, b := n>>6, uint64(1)<<(n&63)
	for len(r.seen) <= w {
		r.seen = append(r.seen, 0)
		r.twice = append(r.twice, 0)
	}
	r.top = max(r.top, w+1)
	if r.seen[w]&b != 0 {
		if r.twice[w]&b == 0 {
			r.dups++
		}
		r.twice[w] |= b
		return
	}
	r.seen[w] |= b
}

// usedTwice reports whether two or more <row> elements carry number n.
func (r *rowNumbers) usedTwice(n int) bool {
	w := n >> 6
	return r.dups > 0 && w < len(r.twice) && r.twice[w]&(uint64(1)<<(n&63)) != 0
}
