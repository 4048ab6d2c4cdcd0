package ingest

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"path"
	"strconv"
	"strings"
)

// Why this file exists: excelize's streaming reader (f.Rows, Columns) gives
// each cell's value but not its style, and a real date cell is known only by
// its style's number format (its type is unset, its raw value a serial day
// number). excelize's GetCellStyle would load the whole worksheet. So the
// workbook reader runs this scanner alongside excelize's row reader, over
// the same worksheet part of the zip: it reads only the <row> and <c> start
// tags (row number, cell reference, style id, type), byte by byte, never
// values, shared strings or formulas. It is opened only when a date column
// holds a number, and moves forward only, so it costs one more inflate of
// the worksheet and a byte scan, next to excelize's XML decoding.

// cellScanner reports the style id and type of the cells of one worksheet,
// row by row, in step with excelize's row reader.
type cellScanner struct {
	rc     io.ReadCloser
	br     *bufio.Reader
	row    int    // number of the row whose cells are held; 0 before the first
	style  []int  // style id by 0-based column, of row `row`
	typ    []byte // cell type by 0-based column: 'n' number/unset, 'd' date, 'o' other
	next   int    // number of a row already read past (held in pend*), 0 if none
	pendS  []int  // styles of row `next`
	pendT  []byte // types of row `next`
	done   bool   // end of sheetData reached
	tag    []byte // reusable tag buffer
	text   int    // bytes of text between the previous tag and the last one read
	rowCtr int    // rows seen, for rows without an r attribute
	err    error
}

// worksheetPart finds the zip part of the named sheet through
// xl/workbook.xml and its relationships.
func worksheetPart(zr *zip.Reader, sheet string) (string, error) {
	const wbPath = "xl/workbook.xml"
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if err := readZipXML(zr, wbPath, &wb); err != nil {
		return "", err
	}
	if err := readZipXML(zr, "xl/_rels/workbook.xml.rels", &rels); err != nil {
		return "", err
	}
	for _, s := range wb.Sheets {
		if !strings.EqualFold(s.Name, sheet) {
			continue
		}
		for _, r := range rels.Rels {
			if r.ID == s.RID {
				t := strings.ReplaceAll(r.Target, "\\", "/")
				if strings.HasPrefix(t, "/") {
					return strings.TrimPrefix(t, "/"), nil
				}
				return path.Join(path.Dir(wbPath), t), nil
			}
		}
	}
	return "", errors.New("worksheet part not found")
}

// readZipXML decodes a small part (at most 16 MB) of the zip.
func readZipXML(zr *zip.Reader, name string, v any) error {
	for _, f := range zr.File {
		if strings.EqualFold(f.Name, name) {
			rc, err := f.Open()
			if err != nil {
				return err
			}
			defer rc.Close()
			return xml.NewDecoder(io.LimitReader(rc, 16<<20)).Decode(v)
		}
	}
	return errors.New(name + " not found")
}

// openCellScanner starts a scanner on a worksheet part.
func openCellScanner(zr *zip.Reader, part string) (*cellScanner, error) {
	for _, f := range zr.File {
		if strings.EqualFold(strings.ReplaceAll(f.Name, "\\", "/"), part) {
			rc, err := f.Open()
			if err != nil {
				return nil, err
			}
			return &cellScanner{rc: rc, br: bufio.NewReaderSize(rc, 64<<10)}, nil
		}
	}
	return nil, errors.New(part + " not found")
}

func (s *cellScanner) Close() error { return s.rc.Close() }

// cell returns the style id and type of the cell at 0-based column col of
// row `row`. Rows must be asked for in increasing order. ok is false when
// the scanner cannot tell (the row or cell is not in the part).
func (s *cellScanner) cell(row, col int) (style int, typ byte, ok bool) {
	for s.row < row && s.err == nil {
		if s.next != 0 {
			s.row, s.style, s.typ, s.pendS, s.pendT = s.next, s.pendS, s.pendT, s.style, s.typ
			s.next = 0
			continue
		}
		if s.done {
			return 0, 0, false
		}
		s.readRow()
	}
	if s.row != row || col >= len(s.style) {
		return 0, 0, false
	}
	return s.style[col], s.typ[col], true
}

// readRow reads the next <row> element into pend and moves it to next.
func (s *cellScanner) readRow() {
	// Find the next row start tag.
	var attrs []byte
	for {
		name, a, selfClose, err := s.readTag()
		if err != nil {
			s.err = err
			return
		}
		if bytes.Equal(name, []byte("/sheetData")) {
			s.done = true
			return
		}
		if bytes.Equal(name, []byte("row")) {
			attrs = a
			s.rowCtr++
			if r, ok := attr(attrs, "r"); ok {
				if n, err := strconv.Atoi(string(r)); err == nil {
					s.rowCtr = n
				}
			}
			s.pendS, s.pendT = s.pendS[:0], s.pendT[:0]
			s.next = s.rowCtr
			if selfClose {
				return
			}
			break
		}
	}
	col := 0
	for {
		name, a, _, err := s.readTag()
		if err != nil {
			s.err = err
			return
		}
		switch {
		case bytes.Equal(name, []byte("/row")):
			return
		case bytes.Equal(name, []byte("c")):
			col++
			if r, ok := attr(a, "r"); ok {
				if c := refColumn(r); c > 0 {
					col = c
				}
			}
			st := 0
			if v, ok := attr(a, "s"); ok {
				st, _ = strconv.Atoi(string(v))
			}
			t := byte('n')
			if v, ok := attr(a, "t"); ok && len(v) > 0 && !bytes.Equal(v, []byte("n")) {
				t = 'o'
				if bytes.Equal(v, []byte("d")) {
					t = 'd'
				}
			}
			if col > 16384 {
				continue
			}
			for len(s.pendS) < col {
				s.pendS = append(s.pendS, 0)
				s.pendT = append(s.pendT, 'o')
			}
			s.pendS[col-1], s.pendT[col-1] = st, t
		}
	}
}

// refColumn is the 1-based column of a cell reference such as "AB12".
func refColumn(r []byte) int {
	n := 0
	for _, c := range r {
		switch {
		case c >= 'A' && c <= 'Z':
			n = n*26 + int(c-'A'+1)
		case c >= 'a' && c <= 'z':
			n = n*26 + int(c-'a'+1)
		default:
			return n
		}
		if n > 16384 {
			return 0
		}
	}
	return n
}

// readTag skips to the next start or end tag and returns its local name
// (an end tag's with a leading "/"), its attribute bytes (valid until the
// next call) and whether it closes itself. Comments, processing
// instructions and CDATA are skipped.
func (s *cellScanner) readTag() (name, attrs []byte, selfClose bool, err error) {
	s.text = 0
	for {
		skipped, err := s.br.ReadSlice('<')
		s.text += len(skipped)
		if err != nil {
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			return nil, nil, false, err
		}
		s.text-- // the '<'
		if s.text > maxTextRun {
			return nil, nil, false, errTextRun
		}
		b, err := s.br.Peek(1)
		if err != nil {
			return nil, nil, false, err
		}
		if b[0] == '!' || b[0] == '?' {
			if err := s.skipSpecial(); err != nil {
				return nil, nil, false, err
			}
			continue
		}
		// Read to the closing '>', outside quoted attribute values: take
		// slices up to each '>' until the quotes balance.
		s.tag = s.tag[:0]
		var quote byte // the quote open at the end of what was read, or 0
		for {
			chunk, err := s.br.ReadSlice('>')
			if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
				return nil, nil, false, err
			}
			s.tag = append(s.tag, chunk...)
			if len(s.tag) > 1<<20 {
				return nil, nil, false, errors.New("tag too long")
			}
			// Only the new bytes are scanned: rescanning the whole tag
			// after each '>' made a long tag cost its length squared.
			quote = quoteAfter(quote, chunk)
			if err == nil && quote == 0 {
				break
			}
		}
		s.tag = s.tag[:len(s.tag)-1] // the '>'
		t := s.tag
		if n := len(t); n > 0 && t[n-1] == '/' {
			selfClose = true
			t = t[:n-1]
		}
		end := bytes.IndexAny(t, " \t\r\n")
		if end < 0 {
			end = len(t)
		}
		name, attrs = t[:end], t[end:]
		closing := len(name) > 0 && name[0] == '/'
		if i := bytes.LastIndexByte(name, ':'); i >= 0 { // drop a namespace prefix
			if closing {
				name = append(name[:1:1], name[i+1:]...)
			} else {
				name = name[i+1:]
			}
		}
		return name, attrs, selfClose, nil
	}
}

// skipSpecial skips a comment, CDATA section, DOCTYPE or processing
// instruction; the '<' is already read.
func (s *cellScanner) skipSpecial() error {
	head, _ := s.br.Peek(8)
	var end []byte
	switch {
	case bytes.HasPrefix(head, []byte("!--")):
		end = []byte("-->")
	case bytes.HasPrefix(head, []byte("![CDATA[")):
		end = []byte("]]>")
	case bytes.HasPrefix(head, []byte("?")):
		end = []byte("?>")
	default:
		end = []byte(">")
	}
	// Keep the last len(end) bytes read and stop when they are the marker.
	var last [3]byte
	window := last[:len(end)]
	for n := 0; ; n++ {
		c, err := s.br.ReadByte()
		if err != nil {
			return err
		}
		copy(window, window[1:])
		window[len(window)-1] = c
		if n+1 >= len(end) && bytes.Equal(window, end) {
			return nil
		}
	}
}

// attr finds the value of attribute name (without prefix) in a tag's
// attribute bytes.
func attr(attrs []byte, name string) ([]byte, bool) {
	for len(attrs) > 0 {
		attrs = bytes.TrimLeft(attrs, " \t\r\n")
		eq := bytes.IndexByte(attrs, '=')
		if eq < 0 {
			return nil, false
		}
		key := bytes.TrimSpace(attrs[:eq])
		rest := bytes.TrimLeft(attrs[eq+1:], " \t\r\n")
		if len(rest) == 0 || (rest[0] != '"' && rest[0] != '\'') {
			return nil, false
		}
		q := rest[0]
		close := bytes.IndexByte(rest[1:], q)
		if close < 0 {
			return nil, false
		}
		val := rest[1 : 1+close]
		if i := bytes.LastIndexByte(key, ':'); i >= 0 {
			key = key[i+1:]
		}
		if string(key) == name {
			return val, true
		}
		attrs = rest[2+close:]
	}
	return nil, false
}

// quoteAfter is the attribute quote still open after b, given the one
// open before it (0 for none): a '>' closes the tag only outside quotes.
func quoteAfter(q byte, b []byte) byte {
	for _, c := range b {
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		}
	}
	return q
}
