// Package xlsx writes pkg/export's workbook, results.xlsx, sheet by sheet
// and row by row: pkg/export says what the sheets hold, xlsx how.
//
// A Table writes rows of typed values, already guarded, and says where
// each went or will go (PlaceOf); a Sheet writes Summary line by line.
//
//   - Streaming. Every table has its own excelize stream writer, all open
//     at once, so memory stays flat. The big tables' rows are written as
//     SpreadsheetML by rawsheet, on a goroutine of their own (rowWriter),
//     and spliced into their sheets' parts at the save. Rows held back
//     (Hold) wait in sorted runs in a temporary file.
//   - Excel's row limit. A sheet holds at most RowLimit rows; a longer
//     table continues on "Deadlines (2)", … with the same header. Every
//     part stays open until Close, since an autofilter records its sheet's
//     position, which a later continuation sheet would shift; each open
//     part holds at most excelize's 16 MB buffer before spilling to disk.
//   - Sheet size. The stream writer would keep a stale dimension "A1"
//     (openpyxl read-only then sees one row), and the true size is unknown
//     until the end, so the sheets carry no dimension element.
//   - Looks. Real date cells, frozen and filtered headers, columns sized
//     from the first rows within a cap per column, text wrapped and each
//     row as tall as its text needs (rowheight.go: spreadsheets do not grow
//     rows written by a program), a small fixed set of styles made on first
//     use (styles.go). Past LinkLimit real hyperlinks on a sheet, a link is
//     a HYPERLINK formula.
//   - Print. Landscape, the header rows on every page, as few pages wide as
//     keep the text at 55 % of its size, a page header naming the sheet.
//
// The zip goes straight to its file through excelize's SetZipWriter
// (deflate level 1; the big tables' rows at level 7, deflated while they
// are written): excelize's own Write would first assemble it in memory.
// This leans on how excelize v2.11.1 saves; Save fails when excelize
// writes anything outside that writer.
package xlsx
