// Package sheetscan reads the rows of a worksheet part in one pass over
// its XML: each cell's value as excelize's streaming reader gives it with
// RawCellValue, and its style id and type, which that reader does not give.
// It checks the XML as it goes (tags nest and close, the part does not stop
// early, text and characters are what XML allows, no DOCTYPE), so no
// second pass is needed for that either.
//
// Why: ingest read a sheet three times over. excelize's reader decoded the
// XML through encoding/xml (29 CPU-seconds at a million rows against 3.2
// for inflating and scanning the bytes, issue 13; 11.9 of 52 CPU-seconds in
// the 200,000-row profile), a tag scanner inflated the part a second time
// for the styles that tell a date cell from a number (2.8 s at 200,000
// rows), and the XML check a third time (1.4 s).
//
// What it reads is what excelize reads (the tests compare the two on
// generated and fuzzed sheets): a shared string by its index, an inline
// string as its text runs joined (phonetic runs left out) with "_xHHHH_"
// escapes decoded, any other cell as the text of its <v>; entities and
// line ends decoded as encoding/xml decodes them. It refuses what
// encoding/xml would refuse, where excelize's reader would stop reading
// without a word.
package sheetscan
