package ingest

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// An input is known by what it holds before what it is called: an .xlsx
// saved under a .csv name (or no extension) is a zip, and reading it as
// text would reject every "row" of compressed bytes. A regular file's
// first bytes decide; a pipe or standard input is never sniffed, so that
// no byte of it is lost.

// zipSignature starts a zip's first local file header: every .xlsx,
// .xlsm and .ods.
var zipSignature = []byte("PK\x03\x04")

// odsMimetype is the first entry of an OpenDocument spreadsheet.
const odsMimetype = "application/vnd.oasis.opendocument.spreadsheet"

// kind says how an input is read: by its signature when it is a regular
// file, else by its extension.
func kind(path string) inputKind {
	if path == "-" {
		return kindCSV
	}
	byName := kindByName(path)
	switch sniff(path) {
	case sniffZip:
		if isODS(path) {
			return kindOther
		}
		return kindWorkbook
	case sniffOLE:
		// An encrypted workbook or an .xls: the workbook reader says
		// which advice applies, unless its name says .xls (unsupported).
		if byName == kindOther {
			return kindOther
		}
		return kindWorkbook
	case sniffText:
		if byName == kindWorkbook {
			return kindWorkbook // the workbook reader says it is not one
		}
	}
	return byName
}

func kindByName(path string) inputKind {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".xlsx", ".xlsm":
		return kindWorkbook
	case ".csv":
		return kindCSV
	}
	return kindOther
}

type sniffed int

const (
	sniffUnknown sniffed = iota // not a regular file, or unreadable
	sniffZip
	sniffOLE
	sniffText
)

func sniff(path string) sniffed {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return sniffUnknown
	}
	f, err := os.Open(path)
	if err != nil {
		return sniffUnknown
	}
	defer f.Close()
	head := make([]byte, 8)
	n, _ := io.ReadFull(f, head)
	switch {
	case n >= 4 && bytes.Equal(head[:4], zipSignature):
		return sniffZip
	case n == 8 && bytes.Equal(head, oleSignature):
		return sniffOLE
	}
	return sniffText
}

// isODS reports whether the zip at path is an OpenDocument spreadsheet.
func isODS(path string) bool {
	zf, err := zip.OpenReader(path)
	if err != nil {
		return false
	}
	defer zf.Close()
	for _, f := range zf.File {
		if f.Name != "mimetype" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return false
		}
		b, _ := io.ReadAll(io.LimitReader(rc, 128))
		rc.Close()
		return strings.HasPrefix(string(b), odsMimetype)
	}
	return false
}

// unsupported is the error for an input the tool does not read, with what
// to do instead: the spreadsheet formats it cannot read are saved as .xlsx
// by the program that made them.
func unsupported(path string) error {
	shown := shownPath(path)
	ext := strings.ToLower(filepath.Ext(path))
	saveAs := func(what, program string) error {
		return fmt.Errorf("ingest: %s: %s is not read by this tool: open it in %s and save it with File > Save As as an Excel Workbook (.xlsx), then give the .xlsx", shown, what, program)
	}
	switch {
	case sniff(path) == sniffZip && isODS(path), ext == ".ods":
		return saveAs("an OpenDocument spreadsheet (.ods)", "LibreOffice Calc (or Excel)")
	case ext == ".xls":
		return saveAs("an Excel 97-2003 workbook (.xls)", "Excel (or LibreOffice Calc)")
	case ext == ".numbers":
		return fmt.Errorf("ingest: %s: a Numbers spreadsheet is not read by this tool: in Numbers choose File > Export To > Excel, then give the .xlsx", shown)
	}
	return fmt.Errorf("ingest: %s: unsupported input; give an .xlsx or .xlsm workbook, a .csv file, or - for CSV on standard input", shown)
}
