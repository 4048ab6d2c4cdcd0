// Package ingest is the analysts' input: it reads their workbooks and CSV
// into compute values, and writes the blank template they fill (template.go).
//
// It reads the inputs — .xlsx/.xlsm workbooks, .csv files and CSV on
// standard input — into compute.Vacancy values, and calendar overrides
// into compute.Override values. It is the first phase of
// the flow (ingest → compute → export): it knows spreadsheets and CSV, the
// contract's column names and aliases, and the analysts' words for offices,
// causes, counties and yes/no; it knows nothing of the law's arithmetic.
//
// Every row ends in exactly one place. ReadFile hands each non-blank row
// below a header to the caller as an Item, in input order: accepted (no
// Problems) or rejected (every problem of the row listed, each with file,
// sheet, row, column, value and a sentence). Blank rows are counted, and
// FileStats.Rows = Accepted + Rejected + Blank always. Only a file that
// cannot be read at all (not a zip, password-protected, a zip bomb,
// unreadable) is an error, naming the path.
//
// Workbooks are read with archive/zip and encoding/xml (workbook.go says
// why not excelize): every <row> element of a sheet in document order, raw
// cell values, each cell's type and style (a real date cell is a number in
// a date-formatted cell), streamed, so memory stays flat however many rows
// come in. Each part is checked before it is decoded (zipcheck.go): sizes
// the zip cannot hold, a part twice, XML that stops early, a document type
// declaration. The header of a sheet is the first row, anywhere in it,
// whose cells name at least office and cause; rows above it are titles.
// Every sheet with such a header is read (or only Options.Sheet); the
// Calendar sheet and empty sheets are skipped and listed in
// FileStats.Skipped; a sheet holding data but no header is reported in
// FileStats.Unread. CSV goes through recordReader (csvlines.go), which
// makes every line end LF and holds a row back at most MaxCSVRecordBytes.
//
// Choices where the contract is silent:
//   - M/D/YY years are read as Excel reads them: 00–29 → 2000s, 30–99 → 1900s.
//   - Years outside 1900–2199 are rejected as typing mistakes.
//   - A second column for the same field is carried through as an extra
//     column; cells right of the header, or under a blank header, are
//     carried through as "column K".
//   - CSV: comma, semicolon or tab, whichever makes the header appear; a
//     record with fewer cells than the header, or more non-blank ones, is
//     rejected ("ragged"); empty lines are blank rows; a record that cannot
//     be parsed (a stray quote) is rejected with the reader's reason.
//   - Plain "Senator" is not guessed (either senate): it is `other` unless
//     office_class says which. A county, surrogate's or family court judge in
//     one of the five counties of New York City is `other` (docs/LAW.md, "Office classes and causes").
//   - Borough names (Brooklyn, Manhattan, Staten Island, The Bronx) are
//     read as their counties.
//   - An input is known by its first bytes before its name (signature.go):
//     a zip is a workbook (an .ods is refused with "Save As .xlsx"), so an
//     .xlsx saved as .csv is read as what it is, with a note.
//   - A sheet with no header (loose.go): the template's Columns and Lists
//     sheets (by name and first row) are skipped; prose (one or two
//     columns, no cell a date or a cause) is a note; anything else is
//     unread data, an error naming the row nearest a header.
//   - Names for the event date's column ("Date of Death", "vacancy date")
//     are read as event_date only where no column is named so; a header
//     within two edits of a contract column gets a "did you mean" in the
//     messages of the field it misses (headerhints.go).
//   - A date followed by a time of day ("4/3/26 0:00") is that day; a date
//     that reads day-first ("13/04/2026", "04.03.2026") is refused with the
//     day it seems to mean, never guessed.
package ingest
