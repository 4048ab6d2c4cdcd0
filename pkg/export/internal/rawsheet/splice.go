package rawsheet

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"sort"
)

// Zip is the zip writer a workbook is saved through (excelize's
// ZipWriter: Create, AddFS, Close). It deflates every part at its level,
// as zip.Writer with that compressor would, except the parts given to
// Splice: for each of those the bytes written are the placeholder, and
// the entry written is the placeholder with the part's rows in its
// sheetData.
type Zip struct {
	zw      *zip.Writer
	level   int
	parts   map[string]*Part
	spliced map[string]bool
	current string // the spliced part being written, "" for none
	held    bytes.Buffer
	filter  *rootFilter // the part being written, when it is filtered
	err     error
}

// NewZip writes a zip to w.
func NewZip(w io.Writer, level int) *Zip {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		fw, err := newWriter(out, level)
		if err != nil {
			return nil, err
		}
		return &pooledWriter{Writer: fw, level: level}, nil
	})
	return &Zip{zw: zw, level: level, parts: map[string]*Part{}, spliced: map[string]bool{}}
}

// Splice puts p's rows into the part called name (a zip path such as
// "xl/worksheets/sheet3.xml") when it is written. p must be finished.
func (z *Zip) Splice(name string, p *Part) { z.parts[name] = p }

// Create starts an entry.
func (z *Zip) Create(name string) (io.Writer, error) {
	if err := z.finishSpliced(); err != nil {
		return nil, err
	}
	if err := z.flushFilter(); err != nil {
		return nil, err
	}
	if _, ok := z.parts[name]; ok {
		if z.spliced[name] {
			return nil, fmt.Errorf("rawsheet: part %s written twice", name)
		}
		z.current = name
		z.held.Reset()
		return &z.held, nil
	}
	w, err := z.zw.Create(name)
	if err != nil || !hasExcelizeRoot(name) {
		return w, err
	}
	z.filter = &rootFilter{w: w}
	return z.filter, nil
}

// flushFilter finishes the filtered part being written.
func (z *Zip) flushFilter() error {
	f := z.filter
	z.filter = nil
	return f.flush()
}

// AddFS adds the files of fsys.
func (z *Zip) AddFS(fsys fs.FS) error {
	if err := z.finishSpliced(); err != nil {
		return err
	}
	if err := z.flushFilter(); err != nil {
		return err
	}
	return z.zw.AddFS(fsys)
}

// Close writes the zip's directory. Every part given to Splice must have
// been written.
func (z *Zip) Close() error {
	if err := z.finishSpliced(); err != nil {
		return err
	}
	if err := z.flushFilter(); err != nil {
		return err
	}
	var missing []string
	for name := range z.parts {
		if !z.spliced[name] {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return fmt.Errorf("rawsheet: the workbook has no part %v to put rows in", missing)
	}
	return z.zw.Close()
}

// finishSpliced writes the held placeholder as its entry: head, rows,
// tail, one deflate stream of three kinds of segments.
func (z *Zip) finishSpliced() error {
	if z.err != nil || z.current == "" {
		return z.err
	}
	name, p := z.current, z.parts[z.current]
	z.current = ""
	z.spliced[name] = true
	z.err = z.writeSpliced(name, z.held.Bytes(), p)
	return z.err
}

func (z *Zip) writeSpliced(name string, placeholder []byte, p *Part) error {
	if !p.finished || p.err != nil {
		return fmt.Errorf("rawsheet: part %s: rows not finished (%v)", name, p.err)
	}
	placeholder, _ = dropRedundantMain(placeholder)
	head, tail, err := splitSheetData(placeholder)
	if err != nil {
		return fmt.Errorf("rawsheet: part %s: %w", name, err)
	}
	if tail, err = withLinks(tail, p.links); err != nil {
		return fmt.Errorf("rawsheet: part %s: %w", name, err)
	}
	rowsCRC, rowsRaw, rowsPacked := p.rows()
	crc := crc32.ChecksumIEEE(head)
	crc = crc32Combine(crc, rowsCRC, rowsRaw)
	crc = crc32Combine(crc, crc32.ChecksumIEEE(tail), int64(len(tail)))
	headZ, err := deflate(head, z.level, false)
	if err != nil {
		return err
	}
	tailZ, err := deflate(tail, z.level, true)
	if err != nil {
		return err
	}
	w, err := z.zw.CreateRaw(&zip.FileHeader{
		Name:               name,
		Method:             zip.Deflate,
		CRC32:              crc,
		CompressedSize64:   uint64(int64(len(headZ)) + rowsPacked + int64(len(tailZ))),
		UncompressedSize64: uint64(int64(len(head)) + rowsRaw + int64(len(tail))),
	})
	if err != nil {
		return err
	}
	if _, err := w.Write(headZ); err != nil {
		return err
	}
	if err := p.copyRows(w); err != nil {
		return err
	}
	_, err = w.Write(tailZ)
	return err
}

// splitSheetData cuts a worksheet at the end of its rows: head holds the
// rows excelize wrote (if any) and tail begins with </sheetData>. Text and
// attribute values never hold a raw '<', so the first "</sheetData>" is
// the element's end.
func splitSheetData(ws []byte) (head, tail []byte, err error) {
	if i := bytes.Index(ws, []byte("</sheetData>")); i >= 0 {
		return ws[:i], ws[i:], nil
	}
	if i := bytes.Index(ws, []byte("<sheetData/>")); i >= 0 {
		head = append(append([]byte(nil), ws[:i]...), "<sheetData>"...)
		tail = append([]byte("</sheetData>"), ws[i+len("<sheetData/>"):]...)
		return head, tail, nil
	}
	return nil, nil, errors.New("the placeholder has no sheetData")
}

// beforeLinks are the worksheet's children that the schema (CT_Worksheet)
// puts between sheetData and hyperlinks.
var beforeLinks = map[string]bool{
	"sheetCalcPr": true, "sheetProtection": true, "protectedRanges": true, "scenarios": true,
	"autoFilter": true, "sortState": true, "dataConsolidate": true, "customSheetViews": true,
	"mergeCells": true, "phoneticPr": true, "conditionalFormatting": true, "dataValidations": true,
}

// withLinks places hyperlink elements in a worksheet's tail (from
// </sheetData> on): inside its hyperlinks element after the links already
// there, or in a new one where the schema wants it.
func withLinks(tail, links []byte) ([]byte, error) {
	if len(links) == 0 {
		return tail, nil
	}
	i := len("</sheetData>")
	for {
		t, err := nextTag(tail, i)
		if err != nil {
			return nil, err
		}
		switch {
		case t.end && t.name == "worksheet":
			return insert(tail, t.start, "<hyperlinks>", links, "</hyperlinks>"), nil
		case t.end:
			return nil, fmt.Errorf("unexpected </%s> after sheetData", t.name)
		case t.name == "hyperlinks" && t.selfClosing:
			out := append([]byte(nil), tail[:t.start]...)
			out = append(out, "<hyperlinks>"...)
			out = append(out, links...)
			out = append(out, "</hyperlinks>"...)
			return append(out, tail[t.stop:]...), nil
		case t.name == "hyperlinks":
			endAt, err := elementEnd(tail, t)
			if err != nil {
				return nil, err
			}
			closeTag := endAt - len("</hyperlinks>")
			if closeTag < t.stop || string(tail[closeTag:endAt]) != "</hyperlinks>" {
				return nil, errors.New("hyperlinks element does not end as written")
			}
			return insert(tail, closeTag, "", links, ""), nil
		case beforeLinks[t.name]:
			if i, err = elementEnd(tail, t); err != nil {
				return nil, err
			}
		default:
			return insert(tail, t.start, "<hyperlinks>", links, "</hyperlinks>"), nil
		}
	}
}

func insert(b []byte, at int, open string, mid []byte, close string) []byte {
	out := make([]byte, 0, len(b)+len(open)+len(mid)+len(close))
	out = append(out, b[:at]...)
	out = append(out, open...)
	out = append(out, mid...)
	out = append(out, close...)
	return append(out, b[at:]...)
}

// tag is one start or end tag found by nextTag.
type tag struct {
	name        string // local name, without a namespace prefix
	start, stop int    // b[start:stop] is the tag, '<' to '>'
	end         bool   // </name>
	selfClosing bool   // <name/>
}

// nextTag finds the first start or end tag at or after i, skipping text,
// comments, processing instructions and CDATA.
func nextTag(b []byte, i int) (tag, error) {
	for {
		lt := bytes.IndexByte(b[i:], '<')
		if lt < 0 {
			return tag{}, errors.New("the worksheet ends without </worksheet>")
		}
		i += lt
		if n, ok, err := skipSpecial(b[i:]); ok || err != nil {
			if err != nil {
				return tag{}, err
			}
			i += n
			continue
		}
		// The tag ends at the first '>' outside a quoted attribute value.
		var quote byte
		j := i + 1
		for ; j < len(b); j++ {
			c := b[j]
			if quote != 0 {
				if c == quote {
					quote = 0
				}
				continue
			}
			if c == '"' || c == '\'' {
				quote = c
			} else if c == '>' {
				break
			}
		}
		if j >= len(b) {
			return tag{}, errors.New("unterminated tag")
		}
		t := tag{start: i, stop: j + 1}
		body := b[i+1 : j]
		if len(body) > 0 && body[0] == '/' {
			t.end, body = true, body[1:]
		} else if len(body) > 0 && body[len(body)-1] == '/' {
			t.selfClosing, body = true, body[:len(body)-1]
		}
		n := bytes.IndexAny(body, " \t\r\n/")
		if n < 0 {
			n = len(body)
		}
		name := body[:n]
		if k := bytes.LastIndexByte(name, ':'); k >= 0 {
			name = name[k+1:]
		}
		t.name = string(name)
		return t, nil
	}
}

// specials are what a tag walker steps over: comments, CDATA, processing
// instructions.
var specials = [...]struct{ open, close string }{{"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<?", "?>"}}

// skipSpecial reports whether b starts with a special, and its length.
func skipSpecial(b []byte) (int, bool, error) {
	for _, s := range specials {
		if bytes.HasPrefix(b, []byte(s.open)) {
			e := bytes.Index(b, []byte(s.close))
			if e < 0 {
				return 0, true, fmt.Errorf("unterminated %s", s.open)
			}
			return e + len(s.close), true, nil
		}
	}
	return 0, false, nil
}

// elementEnd is the offset just past the element that t starts.
func elementEnd(b []byte, t tag) (int, error) {
	if t.selfClosing {
		return t.stop, nil
	}
	depth, i := 1, t.stop
	for {
		n, err := nextTag(b, i)
		if err != nil {
			return 0, err
		}
		switch {
		case n.end:
			depth--
		case !n.selfClosing:
			depth++
		}
		i = n.stop
		if depth == 0 {
			return i, nil
		}
	}
}
