// Package rawsheet writes the data rows of the workbook's big sheets as
// SpreadsheetML, byte for byte as excelize's stream writer writes them, and
// splices them into the package excelize writes for everything else.
//
// Why: export writes about eleven rows for each input row. Through
// excelize's stream writer the row building dominated the run (every cell
// boxed into an interface, a struct per cell, a cell reference formatted
// as a string, text escaped through encoding/xml), each sheet's stream
// buffer was held until the save, and the whole workbook was then
// deflated at the save on one core, a long tail with the other core idle.
//
// How: a Part takes one worksheet's data rows in order (Row, then its
// cells, then EndRow) and appends their XML to a chunk of about 512 KiB.
// Each full chunk goes to a Pool of deflate workers, which compress chunks
// in parallel, each as an independent deflate segment that ends on a byte
// boundary (a sync flush), so that segments laid end to end are one valid
// deflate stream. A spool goroutine per part appends the compressed chunks
// in order to an anonymous temporary file and combines their CRC-32s. A
// part holds a few chunks at a time, whatever its size.
//
// Zip is the zip writer excelize saves the workbook through. Every part is
// written as zip.Writer would, except the spliced ones: for those excelize
// writes a placeholder (the sheet's settings, panes, columns, filter, page
// setup, and the rows excelize wrote itself, such as the header), and Zip
// writes one entry made of the placeholder up to its </sheetData>, the
// spooled rows copied as they are, and the rest of the placeholder, with
// the part's hyperlinks where the schema places them.
//
// Everything a person sees in a cell comes from excelize's choices: style
// ids are excelize's, and the placeholder carries every sheet setting.
// This package only writes cells, and writes them as the stream writer
// does; the tests compare the bytes with excelize's.
package rawsheet
