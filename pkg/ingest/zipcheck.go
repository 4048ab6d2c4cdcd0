package ingest

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Why this file exists: excelize trusts a zip entry's declared sizes and
// ignores the error of reading a part (lib.go readFile), and its row
// iterator ends quietly on an XML syntax error (Rows.Next drops the
// decoder's error, Rows.Error stays nil). A part whose header claims 2 KB
// but inflates to 256 MiB is cut to 2 KB by Go's zip reader, and a sheet
// whose XML stops mid-tag reads as a sheet that simply ends: either way
// rows would be lost without a word. So the workbook reader checks the
// zip's entries before excelize opens it, and each sheet's XML before
// excelize reads it.

// checkZipEntries refuses entries whose declared sizes cannot be true:
// deflate never makes data more than a few bytes per 64 KB block bigger, so
// an entry whose packed bytes outnumber its declared unpacked size by more
// than that lies about what it unpacks to. Nothing is inflated.
func checkZipEntries(zr *zip.Reader) error {
	for _, f := range zr.File {
		packed, unpacked := f.CompressedSize64, f.UncompressedSize64
		switch f.Method {
		case zip.Store:
			if packed != unpacked {
				return fmt.Errorf("its zip entry %s is stored with %d bytes but declares %d", f.Name, packed, unpacked)
			}
		case zip.Deflate:
			if packed > unpacked+unpacked/64+1024 {
				return fmt.Errorf("its zip entry %s declares %d bytes unpacked but holds %d packed, more than deflate makes of that (a corrupt zip, or a zip bomb hiding its size)", f.Name, unpacked, packed)
			}
		}
	}
	return nil
}

// maxTextRun bounds the text between two tags of a sheet or of the shared
// strings: Excel holds at most 32,767 characters in a cell, which XML
// escaping and UTF-8 make at most about 200 KB. A longer run is not a cell
// Excel wrote, and excelize would hold all of it in memory.
const maxTextRun = 256 << 10

var errTextRun = fmt.Errorf("a cell holds more than %d KB of text, far beyond the %d characters Excel allows in a cell: not a workbook Excel wrote", maxTextRun>>10, MaxCellChars)

// checkSheetXML reads a worksheet part to its end through Go's zip reader,
// which holds it to its declared size and checksum, and checks that its
// tags nest and close: the end of the part is the end of the worksheet.
// It reads tags only, never keeps text, so a huge cell costs no memory; a
// text run longer than any cell Excel writes is refused (maxTextRun). The
// shared strings part is checked the same way.
func checkSheetXML(zr *zip.Reader, part string) error {
	sc, err := openCellScanner(zr, part)
	if err != nil {
		return err
	}
	defer sc.Close()
	var open [][]byte // names of the elements open, outermost first
	depth, roots := 0, 0
	for {
		name, _, selfClose, err := sc.readTag()
		switch {
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			if depth > 0 {
				return fmt.Errorf("the XML stops before its end, inside <%s> (a truncated or damaged file)", open[depth-1])
			}
			if roots == 0 {
				return errors.New("the XML holds no worksheet element")
			}
			return nil
		case errors.Is(err, zip.ErrFormat):
			return fmt.Errorf("its zip entry unpacks to more than its header declares, a corrupt zip or a zip bomb (%v)", err)
		case errors.Is(err, errTextRun):
			return err
		case errors.Is(err, zip.ErrChecksum):
			return fmt.Errorf("its zip entry fails its checksum: the file is corrupt (%v)", err)
		case err != nil:
			return fmt.Errorf("the XML cannot be read (%v)", err)
		}
		if len(name) == 0 {
			return errors.New("the XML has an empty tag")
		}
		if name[0] == '/' {
			if depth == 0 || !bytes.Equal(open[depth-1], name[1:]) {
				return fmt.Errorf("the XML closes <%s> where it is not open (a damaged file)", name[1:])
			}
			depth--
			continue
		}
		if depth == 0 {
			roots++
			if roots > 1 {
				return errors.New("the XML has a second element after the worksheet (a damaged file)")
			}
		}
		if selfClose {
			continue
		}
		if depth < len(open) {
			open[depth] = append(open[depth][:0], name...)
		} else {
			open = append(open, bytes.Clone(name))
		}
		depth++
	}
}

// checkSharedStrings checks the shared strings part, where Excel keeps the
// text of string cells, as checkSheetXML checks a sheet: excelize loads a
// string from it whole when a row refers to it.
func checkSharedStrings(zr *zip.Reader) error {
	for _, f := range zr.File {
		if strings.EqualFold(f.Name, "xl/sharedStrings.xml") {
			if err := checkSheetXML(zr, f.Name); err != nil {
				return fmt.Errorf("part %s: %v", f.Name, err)
			}
		}
	}
	return nil
}
