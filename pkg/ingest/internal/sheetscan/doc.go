// Package sheetscan reads the XML of a workbook's worksheets and shared
// strings with a byte scanner: Check walks a part's tags to its end (they
// nest and close, one document element, no document type declaration, no
// text run longer than any cell, every <row>'s number); Scanner then reads
// sheetData's rows in document order, each cell's reference, type, style,
// <v> text, inline text and formula text, decoding references and line
// ends as encoding/xml does and refusing what it refuses; ReadStrings
// reads the shared strings. What the values mean is the workbook reader's
// to say.
//
// Why: the reader decoded the rows through encoding/xml's tokens, most of
// the cost of reading a workbook, where a byte scan of the same XML costs
// a fraction of it. The check can
// be a pass of its own, before the first row: a row number used twice
// rejects every row that uses it, so all numbers must be known before the
// first row is handed on. Or NewChecked makes Check's checks as it reads,
// one inflate and scan instead of two; its caller stops at the first row
// whose number goes back, the only way two rows can share one, and reads
// the part again checked first (ingest.Options.CheckAsRead).
//
// The reader is held to what it read before with encoding/xml, on
// generated and fuzzed workbooks (ingest's reader_compare_test.go).
package sheetscan
