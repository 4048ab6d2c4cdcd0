package ingest

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"

	"batch/pkg/ingest/internal/sheetscan"
)

// The reader before sheetscan, kept as the reference: its check
// (refCheckPart, over the tag scanner), its rows (refRows, encoding/xml
// tokens driving the same cell logic) and its shared strings. Since
// sheetscan reads a formula's text (issue 35's total rows), the reference
// reads it with encoding/xml too.

func refCheckPart(f *zip.File, rows *rowNumbers) error {
	sc, err := openTagScanner(f)
	if err != nil {
		return err
	}
	defer sc.Close()
	var open [][]byte // names of the elements open, outermost first
	depth, roots, prevRow := 0, 0, 0
	for {
		name, attrs, selfClose, err := sc.readTag()
		switch {
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			if depth > 0 {
				return fmt.Errorf("the XML stops before its end, inside <%s> (a truncated or damaged file)", open[depth-1])
			}
			if roots == 0 {
				return errors.New("the XML holds no document element")
			}
			return nil
		case errors.Is(err, zip.ErrFormat):
			return fmt.Errorf("its zip entry unpacks to more than its header declares, a corrupt zip or a zip bomb (%v)", err)
		case errors.Is(err, errTextRun), errors.Is(err, errDTD):
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
				return errors.New("the XML has a second element after its document element (a damaged file)")
			}
		}
		if rows != nil && string(name) == "row" {
			r, _ := attr(attrs, "r")
			n, _ := rowNumber(r, prevRow)
			rows.add(n)
			prevRow = n
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

// refRows reads a sheet's rows with encoding/xml into a sheetRows, as the
// reader did.
type refRows struct {
	rows    *sheetRows
	dec     *xml.Decoder
	inData  bool
	done    bool
	text    []byte
	inline  []byte
	formula []byte
}

// next moves to the next <row> element of sheetData; false at the end or
// on an error (r.err).
func (r *refRows) next() bool {
	if r.done || r.rows.err != nil {
		return false
	}
	prev := r.rows.num
	for {
		tok, err := r.dec.RawToken()
		if err != nil {
			r.fail(err)
			return false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "sheetData":
				r.inData = true
			case "row":
				if !r.inData {
					continue
				}
				if err := r.readRow(t, prev); err != nil {
					r.fail(err)
					return false
				}
				return true
			}
		case xml.EndElement:
			if t.Name.Local == "sheetData" && r.inData {
				r.done = true
				return false
			}
		}
	}
}

// fail records why reading stopped; the end of the part is no error, the
// check having made sure it is the end of the worksheet.
func (r *refRows) fail(err error) {
	if errors.Is(err, io.EOF) {
		r.done = true
		return
	}
	r.rows.err = fmt.Errorf("the XML cannot be read (%v)", err)
}

// readRow reads one row element's cells; the start tag is read. The
// cells, as encoding/xml reads them, are handed to the reader's own
// sheetRows.readRow, what the values mean being no part of the XML.
func (r *refRows) readRow(start xml.StartElement, prev int) error {
	var raw string
	for _, a := range start.Attr {
		if a.Name.Local == "r" && a.Name.Space == "" {
			raw = a.Value
		}
	}
	hasR := raw != "" || hasAttr(start, "r")
	n := prev + 1
	if hasR {
		n, _ = rowNumber([]byte(raw), prev)
	}
	size := 0
	var (
		cells                             []sheetscan.Cell
		cell                              sheetscan.Cell
		inCell, inV, inIS, inT, inPh, inF bool
	)
	for {
		tok, err := r.dec.RawToken()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return errors.New("the XML stops inside a row")
			}
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "c":
				if inCell {
					return errors.New("a cell inside a cell")
				}
				inCell, inV, inIS, inT, inPh, inF = true, false, false, false, false, false
				cell = sheetscan.Cell{}
				r.text, r.inline, r.formula = r.text[:0], r.inline[:0], r.formula[:0]
				for _, a := range t.Attr {
					switch a.Name.Local {
					case "r":
						cell.Ref = a.Value
					case "t":
						cell.Type = a.Value
					case "s":
						cell.Style, _ = strconv.Atoi(a.Value)
					}
				}
			case "v":
				inV = inCell && !inIS
				cell.HasV = cell.HasV || inV
			case "is":
				inIS = inCell
			case "t":
				inT = inIS
			case "rPh":
				inPh = inIS
			case "f":
				inF = inCell
				cell.F = cell.F || inCell
			case "row":
				return errors.New("a row inside a row")
			}
		case xml.CharData:
			switch {
			case inF:
				r.formula = append(r.formula, t...)
			case inV:
				r.text = append(r.text, t...)
			case inT && !inPh:
				r.inline = append(r.inline, t...)
			default:
				continue
			}
			if size += len(t); size > maxRowText {
				return fmt.Errorf("row %d holds more than %s of text, far beyond any row Excel writes: not a workbook Excel wrote", n, byteCount(maxRowText))
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "v":
				inV = false
			case "t":
				inT = false
			case "rPh":
				inPh = false
			case "is":
				inIS = false
			case "f":
				inF = false
			case "c":
				if !inCell {
					continue
				}
				inCell = false
				cell.V, cell.Inline, cell.Formula = string(r.text), string(r.inline), string(r.formula)
				cells = append(cells, cell)
			case "row":
				r.rows.readRow(&sheetscan.Row{R: raw, HasR: hasR, Cells: cells}, prev)
				return nil
			}
		}
	}
}

func hasAttr(start xml.StartElement, local string) bool {
	for _, a := range start.Attr {
		if a.Name.Local == local && a.Name.Space == "" {
			return true
		}
	}
	return false
}

// loadSharedStrings checks and reads the shared strings table.
func (wb *workbook) refLoadSharedStrings() error {
	st := wb.strings
	if st == nil || st.part == nil || st.loaded {
		return nil
	}
	st.loaded = true
	if err := refCheckPart(st.part, nil); err != nil {
		return wb.partError(st.part, "", err)
	}
	rc, err := st.part.Open()
	if err != nil {
		return wb.partError(st.part, "", err)
	}
	defer rc.Close()
	dec := xml.NewDecoder(bufio.NewReaderSize(rc, 64<<10))
	var text []byte
	inSI, inT, inPh := false, false, false
	for {
		tok, err := dec.RawToken()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return wb.partError(st.part, "", fmt.Errorf("the XML cannot be read (%v)", err))
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "si":
				inSI, text = true, text[:0]
			case "t":
				inT = inSI
			case "rPh":
				inPh = inSI
			}
		case xml.CharData:
			if inT && !inPh {
				text = append(text, t...)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "si":
				if inSI {
					st.list = append(st.list, unescapeOOXML(string(text)))
					st.count = len(st.list)
				}
				inSI = false
			case "t":
				inT = false
			case "rPh":
				inPh = false
			}
		}
	}
}
