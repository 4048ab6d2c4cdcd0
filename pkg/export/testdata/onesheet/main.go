// Command onesheet copies a workbook with every sheet hidden but one, so
// that LibreOffice prints that sheet alone: the page count of one sheet of
// results.xlsx. It lives under testdata so `go build ./...` skips it;
// testdata/print-pages.sh runs it.
//
//	go run ./pkg/export/testdata/onesheet IN.xlsx SHEET OUT.xlsx
package main

import (
	"fmt"
	"os"

	"github.com/xuri/excelize/v2"
)

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: onesheet IN.xlsx SHEET OUT.xlsx")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3]); err != nil {
		fmt.Fprintln(os.Stderr, "onesheet:", err)
		os.Exit(1)
	}
}

func run(in, sheet, out string) error {
	f, err := excelize.OpenFile(in)
	if err != nil {
		return err
	}
	defer f.Close()
	idx, err := f.GetSheetIndex(sheet)
	if err != nil {
		return err
	}
	if idx < 0 {
		return fmt.Errorf("%s has no sheet %q", in, sheet)
	}
	f.SetActiveSheet(idx)
	for _, name := range f.GetSheetList() {
		if name != sheet {
			if err := f.SetSheetVisible(name, false); err != nil {
				return err
			}
		}
	}
	return f.SaveAs(out)
}
