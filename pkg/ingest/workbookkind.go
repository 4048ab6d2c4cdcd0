package ingest

import (
	"bytes"
	"io"
	"os"
	"strings"
	"unicode/utf16"
)

// What an OLE compound file (the container of Excel's .xls format, and of
// an .xlsx saved with a password to open) is, told by the names of its
// streams: an encrypted workbook has EncryptedPackage and EncryptionInfo.

// oleEncryptedStream is the stream an encrypted OOXML file holds its
// zip in, as the directory entry spells it (UTF-16LE).
var oleEncryptedStream = utf16LE("EncryptedPackage")

// oleScanBytes bounds how much of the file is searched for the stream
// name: the directory of a workbook a board sends is within its first
// few sectors.
const oleScanBytes = 4 << 20

func utf16LE(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

// oleWorkbookProblem says what an OLE file given as a workbook is, and
// what to do with it.
func oleWorkbookProblem(path string) string {
	encrypted := false
	if fh, err := os.Open(path); err == nil {
		head, _ := io.ReadAll(io.LimitReader(fh, oleScanBytes))
		fh.Close()
		encrypted = bytes.Contains(head, oleEncryptedStream)
	}
	if encrypted {
		return "the workbook is encrypted with a password to open (Excel wraps it in another format), so it cannot be read: open it in Excel, remove the password (File > Info > Protect Workbook > Encrypt with Password, emptied) or Save As .xlsx without one"
	}
	return "the file is an Excel 97-2003 workbook (.xls), whatever its name says: open it in Excel and Save As .xlsx (Excel Workbook)"
}

// binaryWorkbook reports whether a workbook's main part is in Excel's
// binary format (.xlsb): a zip of .bin parts this reader does not read.
func binaryWorkbook(main string) bool {
	return strings.HasSuffix(strings.ToLower(main), ".bin")
}

// binaryWorkbookProblem is what to do with an .xlsb workbook.
const binaryWorkbookProblem = "the file is an Excel binary workbook (.xlsb), whatever its name says, which this tool does not read: open it in Excel and Save As .xlsx (Excel Workbook)"
