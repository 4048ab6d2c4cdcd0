package ingest

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf16"

	"batch/internal/printable"
)

// What an OLE compound file (the container of Excel's .xls format, and of
// an .xlsx saved with a password to open) is, told by the names of its
// streams: an encrypted workbook has EncryptedPackage and EncryptionInfo.

// oleEncryptedStream is the stream an encrypted OOXML file holds its
// zip in, as the directory entry spells it (UTF-16LE).
var oleEncryptedStream = utf16LE("EncryptedPackage")

// oleChunk is how much of the file is searched at a time for the stream
// name. The whole file is searched: a writer may put the directory, which
// names the streams, after the encrypted package, past any fixed bound
// (issue 35: a big encrypted workbook was called an .xls).
const oleChunk = 1 << 20

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
	if oleHasStream(path, oleEncryptedStream) {
		return "the workbook is encrypted with a password to open (Excel wraps it in another format), so it cannot be read: open it in Excel, remove the password (File > Info > Protect Workbook > Encrypt with Password, emptied) or Save As .xlsx without one"
	}
	return "the file is an Excel 97-2003 workbook (.xls), whatever its name says: open it in Excel and Save As .xlsx (Excel Workbook)"
}

// oleHasStream reports whether the file holds the name (a directory
// entry's, UTF-16LE) anywhere: read a chunk at a time, each overlapping
// the one before by the name's length.
func oleHasStream(path string, name []byte) bool {
	fh, err := os.Open(path)
	if err != nil {
		return false
	}
	defer fh.Close()
	buf := make([]byte, oleChunk+len(name))
	kept := 0
	for {
		n, err := io.ReadFull(fh, buf[kept:])
		if bytes.Contains(buf[:kept+n], name) {
			return true
		}
		if err != nil {
			return false
		}
		kept = copy(buf, buf[kept+n-len(name):kept+n])
	}
}

// zipEncrypted is the problem of a zip whose entries are encrypted (the
// zip's own ZipCrypto or AES, by a zip tool): "" when none is.
func zipEncrypted(zr *zip.Reader) string {
	for _, f := range zr.File {
		if f.Flags&0x1 != 0 {
			return fmt.Sprintf("the workbook's zip is encrypted with a password (its entry %s: ZipCrypto or AES, as a zip tool such as 7-Zip or WinZip makes, not Excel), so it cannot be read: ask the sender for the workbook as Excel saves it, without a password, and give that .xlsx", printable.Name(f.Name))
		}
	}
	return ""
}

// binaryWorkbook reports whether a workbook's main part is in Excel's
// binary format (.xlsb): a zip of .bin parts this reader does not read.
func binaryWorkbook(main string) bool {
	return strings.HasSuffix(strings.ToLower(main), ".bin")
}

// binaryWorkbookProblem is what to do with an .xlsb workbook.
const binaryWorkbookProblem = "the file is an Excel binary workbook (.xlsb), whatever its name says, which this tool does not read: open it in Excel and Save As .xlsx (Excel Workbook)"
