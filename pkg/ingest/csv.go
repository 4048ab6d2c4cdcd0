package ingest

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/gocarina/gocsv"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"batch/internal/regularfile"
	"batch/pkg/compute"
)

// CSV input goes through gocsv's per-reader decoder: each file gets its own
// encoding/csv reader, configured here (separator detected from the file,
// variable field counts so ragged rows can be reported, ReuseRecord), and
// wrapped with gocsv.NewSimpleDecoderFromCSVReader, whose GetCSVRow streams
// the records. gocsv's package-level SetCSVReader is never touched, and its
// struct mapping is not used: the header is dynamic (aliases, extra columns).

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// sniffBytes is how much of a CSV input is looked at to decide its
// encoding: valid UTF-8 throughout, or UTF-8 characters beside bytes that
// are not (a mixed file), the file is UTF-8; otherwise it is Windows-1252,
// what Excel on Windows saves "CSV" in (Latin-1 is a subset).
// The decision holds for the whole file, so a name reads the same on every
// row. A byte that is not UTF-8 past the sample, in a file decided UTF-8,
// can only be Windows-1252 too: such a cell alone is decoded so (see
// decodeCells), rather than turned into U+FFFD.
const sniffBytes = 1 << 20

// csvTable is one CSV input being read record by record.
type csvTable struct {
	cr      *csv.Reader
	dec     gocsv.SimpleDecoder
	in      *bufio.Reader // decoded text, before line ends are made LF
	records *recordReader // what the CSV reader reads
	hash    hash.Hash
	src     io.Reader // what the hash reads through, drained at the end
	latin   bool      // the file is read as Windows-1252
	line    int       // first line of the current record
	endLine int       // last line of the previous record
	record  []string
	perr    *csv.ParseError // the current record could not be parsed
	mixed   []mixedCell     // cells of the current record decoded by mixedWindows1252
	atEOF   bool            // perr came at the end of the input
}

// newCSVTable prepares a reader on r: encoding decided (a UTF-8 or UTF-16
// byte-order mark, else by sniffing), BOM stripped,
// separator detected.
func newCSVTable(r io.Reader) (*csvTable, error) {
	h := sha256.New()
	src := io.TeeReader(r, h)
	br := bufio.NewReaderSize(src, sniffBytes)
	t := &csvTable{hash: h, src: br, in: br}
	head, _ := br.Peek(3)
	switch {
	case bytes.Equal(head, utf8BOM):
		_, _ = br.Discard(3)
	case len(head) >= 2 && (head[0] == 0xFF && head[1] == 0xFE || head[0] == 0xFE && head[1] == 0xFF):
		// UTF-16 with its byte-order mark: Excel's "Unicode Text". The
		// decoder reads the mark, drops it, and turns the rest into UTF-8.
		t.in = bufio.NewReaderSize(transform.NewReader(br, unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder()), sniffBytes)
	}
	sample, err := t.in.Peek(sniffBytes)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, err
	}
	if order, ok := utf16WithoutBOM(sample); ok && t.in == br {
		// UTF-16 saved without its mark: read as bytes it would be NULs
		// between the letters, every row rejected.
		t.in = bufio.NewReaderSize(transform.NewReader(br, unicode.UTF16(order, unicode.IgnoreBOM).NewDecoder()), sniffBytes)
		if sample, err = t.in.Peek(sniffBytes); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
			return nil, err
		}
	}
	if t.in == br && !validUTF8Prefix(sample, err == nil) && !anyUTF8Multibyte(sample) {
		t.latin = true
		t.in = bufio.NewReaderSize(transform.NewReader(br, charmap.Windows1252.NewDecoder()), 64<<10)
	}
	sep := detectSeparator(sample)
	t.records = newRecordReader(t.in, sep, MaxCSVRecordBytes)
	cr := csv.NewReader(t.records)
	cr.Comma = sep
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	t.cr, t.dec = cr, gocsv.NewSimpleDecoderFromCSVReader(cr)
	return t, nil
}

// utf16WithoutBOM reports whether sample looks like UTF-16 text without
// a byte-order mark, and in which byte order: most of its characters
// (a CSV header and dates are ASCII) have a zero high byte, so the zero
// bytes fall at odd offsets (little-endian, as Windows writes) or even
// ones. A NUL or two in UTF-8 text is far from it.
func utf16WithoutBOM(sample []byte) (unicode.Endianness, bool) {
	pairs := len(sample) / 2
	if pairs < 2 {
		return unicode.LittleEndian, false
	}
	zeroEven, zeroOdd := 0, 0
	for i := 0; i+1 < len(sample); i += 2 {
		if sample[i] == 0 {
			zeroEven++
		}
		if sample[i+1] == 0 {
			zeroOdd++
		}
	}
	switch {
	case zeroOdd*10 >= pairs*7 && zeroEven*10 <= pairs:
		return unicode.LittleEndian, true
	case zeroEven*10 >= pairs*7 && zeroOdd*10 <= pairs:
		return unicode.BigEndian, true
	}
	return unicode.LittleEndian, false
}

// validUTF8Prefix reports whether sample is valid UTF-8; when more follows
// it (more is true), a character cut at its end is not held against it.
func validUTF8Prefix(sample []byte, more bool) bool {
	if more {
		for i := len(sample) - 1; i >= 0 && i >= len(sample)-utf8.UTFMax; i-- {
			if utf8.RuneStart(sample[i]) {
				if !utf8.FullRune(sample[i:]) {
					sample = sample[:i]
				}
				break
			}
		}
	}
	return utf8.Valid(sample)
}

// anyUTF8Multibyte reports whether b holds a character UTF-8 writes in
// more than one byte. A file that is not valid UTF-8 but holds some is
// mixed (text pasted from two programs) rather than Windows-1252
// throughout: it is read as UTF-8, and each cell that is not is decoded
// byte by byte (decodeCells).
func anyUTF8Multibyte(b []byte) bool {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || n > 1 {
			return true
		}
		i += n
	}
	return false
}

// decodeCells decodes, in a file read as UTF-8, the bytes of a cell that
// are not UTF-8 as Windows-1252 (see sniffBytes), one by one: a cell that
// mixes the two ("José" typed in one program, "Muñoz" pasted from
// another) keeps both names right. Each such cell is noted, since the
// reading is a guess the analyst should see.
func (t *csvTable) decodeCells(rec []string) {
	if t.latin {
		return
	}
	for i, c := range rec {
		if !utf8.ValidString(c) {
			rec[i] = mixedWindows1252(c)
			t.mixed = append(t.mixed, mixedCell{col: i, value: rec[i]})
		}
	}
}

// mixedCell is a cell of the current record that held bytes that are not
// UTF-8, as decoded.
type mixedCell struct {
	col   int
	value string
}

// mixedWindows1252 keeps the UTF-8 characters of s and reads every other
// byte as Windows-1252.
func mixedWindows1252(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	dec := charmap.Windows1252
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			b.WriteRune(dec.DecodeByte(s[i]))
			i++
			continue
		}
		b.WriteString(s[i : i+n])
		i += n
	}
	return b.String()
}

// detectSeparator picks comma, semicolon or tab: the one that makes a
// header row (naming office and cause) appear in the sample; failing that,
// the one that occurs most in the sample's first line; failing that, comma.
func detectSeparator(sample []byte) rune {
	sample = lfLineEnds(sample)
	seps := []rune{',', ';', '\t'}
	for _, sep := range seps {
		r := csv.NewReader(bytes.NewReader(sample))
		r.Comma, r.FieldsPerRecord, r.LazyQuotes = sep, -1, true
		for {
			rec, err := r.Read()
			if err != nil {
				break
			}
			if isHeader(rec) {
				return sep
			}
		}
	}
	first := sample
	if i := bytes.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	best, bestN := ',', 0
	for _, sep := range seps {
		if n := bytes.Count(first, []byte(string(sep))); n > bestN {
			best, bestN = sep, n
		}
	}
	return best
}

// next reads the next record; false at the end. A record that cannot be
// parsed (a stray quote) sets t.perr and returns true.
func (t *csvTable) next() (bool, error) {
	t.perr = nil
	t.mixed = t.mixed[:0]
	rec, err := t.dec.GetCSVRow()
	if errors.Is(err, io.EOF) {
		return false, nil
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		t.perr = pe
		t.line = t.records.realLine(pe.StartLine)
		t.endLine = t.records.realLine(pe.Line)
		t.spanSkipped()
		t.record = nil
		_, peekErr := t.in.Peek(1)
		t.atEOF = errors.Is(peekErr, io.EOF)
		return true, nil
	}
	if err != nil {
		return false, err
	}
	t.decodeCells(rec)
	t.record = rec
	first, _ := t.cr.FieldPos(0)
	t.line = t.records.realLine(first)
	// The record ends on the line its last field starts on, plus the
	// newlines quoted inside that field.
	last, _ := t.cr.FieldPos(len(rec) - 1)
	t.endLine = t.records.realLine(last) + strings.Count(rec[len(rec)-1], "\n")
	t.spanSkipped()
	return true, nil
}

// spanSkipped makes a skipped record end on its own last line, which its
// one-line placeholder does not show.
func (t *csvTable) spanSkipped() {
	if s, ok := t.records.overLong(t.line); ok {
		t.endLine = t.line + s.newlines
	}
}

// unclosedQuote reports whether the current record is a quoted field
// never closed: encoding/csv read on to the end of the input looking for
// the closing quote, so every line below its start was swallowed into it.
// Rejecting that one "row" would drop all of them without a word; the file
// fails instead. A bad quote that ends within its own line (or on the last
// line) only rejects its row.
func (t *csvTable) unclosedQuote() bool {
	return t.perr != nil && errors.Is(t.perr.Err, csv.ErrQuote) && t.atEOF && t.endLine > t.line
}

// lines is the number of lines of the input read so far.
func (t *csvTable) lines() int { return t.records.lines() }

// sum drains the input and returns the hex SHA-256 of all its bytes.
func (t *csvTable) sum() string {
	_, _ = io.Copy(io.Discard, t.src)
	return hex.EncodeToString(t.hash.Sum(nil))
}

// readCSVFile reads a .csv file or standard input ("-").
func readCSVFile(ctx context.Context, path string, opts Options, s *sink) error {
	var r io.Reader
	if path == "-" {
		if opts.Stdin == nil {
			return fmt.Errorf("ingest: -: no standard input to read")
		}
		r = opts.Stdin
	} else {
		fh, err := regularfile.Open(path)
		if err != nil {
			return fmt.Errorf("ingest: %s: cannot read the file (%v)", shownPath(path), unwrapPath(err))
		}
		defer fh.Close()
		r = fh
	}
	if opts.OnRead != nil {
		r = countingReader{r, opts.OnRead}
	}
	t, err := newCSVTable(r)
	if err != nil {
		return fmt.Errorf("ingest: %s: cannot read the file (%v)", shownPath(path), err)
	}
	if err := readCSV(ctx, path, t, s); err != nil {
		return err
	}
	s.stats.SHA256 = t.sum()
	return nil
}

func readCSV(ctx context.Context, path string, t *csvTable, s *sink) error {
	var p *rowParser
	var header, lastEnd int
	var near looseSheet // the line nearest a header, and the first, for the message
	for {
		ok, err := t.next()
		if err != nil {
			return fmt.Errorf("ingest: %s: cannot read the file (%v)", shownPath(path), err)
		}
		if !ok {
			break
		}
		if p == nil {
			// The header may lie anywhere: the whole file is searched.
			_, long := t.records.overLong(t.line)
			if !long && t.perr == nil && t.line <= 100 {
				near.nearHeader(t.line, t.record)
				if near.first == 0 && !blankRow(t.record) {
					near.first, near.firstCells = t.line, foundCells(t.record)
				}
			}
			if !long && t.perr == nil && isHeader(t.record) {
				m := newMapping(append([]string(nil), t.record...))
				if m.duplicate != "" {
					return fmt.Errorf("ingest: %s: line %d: %s", shownPath(path), t.line, m.duplicate)
				}
				if own := OwnOutput(t.record); own != "" {
					return fmt.Errorf("ingest: %s: %s", shownPath(path), ownOutputProblem(own))
				}
				p = &rowParser{m: m, v: newVocab(), file: s.file, asOf: s.asOf}
				header = len(t.record)
				lastEnd = t.endLine
				s.extraColumns(m, "")
			}
			continue
		}
		if err := s.cancelled(); err != nil {
			return fmt.Errorf("ingest: %s: %w", shownPath(path), err)
		}
		if t.unclosedQuote() {
			return fmt.Errorf("ingest: %s: line %d: a quote opened on line %d is never closed, so lines %d to %d would read as one cell; close the quote or remove it",
				shownPath(path), t.line, t.line, t.line, t.endLine)
		}
		// encoding/csv skips empty lines; they are blank rows all the same.
		for gap := t.line - lastEnd - 1; gap > 0; gap-- {
			s.blank()
		}
		lastEnd = t.endLine
		if err := csvRow(t, p, header, s); err != nil {
			return err
		}
	}
	if p == nil {
		if t.lines() == 0 {
			return fmt.Errorf("ingest: %s: the file is empty; give a CSV file with a header row naming at least office and cause", shownPath(path))
		}
		if own := OwnOutput(near.firstCells); own != "" {
			return fmt.Errorf("ingest: %s: %s", shownPath(path), ownOutputProblem(own))
		}
		hint := ""
		if h := near.headersFound("line"); h != "" {
			hint = ": " + h
		}
		return fmt.Errorf("ingest: %s: no header row naming at least office and cause in any of its %d lines%s", shownPath(path), t.lines(), hint)
	}
	return nil
}

// csvRow handles one record below the header.
func csvRow(t *csvTable, p *rowParser, header int, s *sink) error {
	if long, ok := t.records.overLong(t.line); ok {
		src := sourceOf(p, t.line)
		lines := ""
		if t.endLine > t.line {
			lines = fmt.Sprintf(" (lines %d to %d)", t.line, t.endLine)
		}
		it := Item{Problems: []compute.Problem{{Source: src, Code: compute.RowUnreadable, Value: shorten(long.prefix, 200),
			Message: fmt.Sprintf("the row%s holds %s, more than the %s this tool reads as one CSV row; it was not read: a cell this long is not a vacancy (Excel allows %d characters a cell), so look for pasted data or a quote that does not close",
				lines, byteCount(long.bytes), byteCount(MaxCSVRecordBytes), MaxCellChars)}}}
		it.Vacancy.Source, it.Vacancy.ID = src, src.String()
		return s.item(it)
	}
	if t.perr != nil {
		src := sourceOf(p, t.line)
		it := Item{Problems: []compute.Problem{{Source: src, Code: compute.RowUnreadable, Message: fmt.Sprintf("the line cannot be read as CSV: %v", t.perr.Err)}}}
		it.Vacancy.Source, it.Vacancy.ID = src, src.String()
		return s.item(it)
	}
	rec := t.record
	if blankRow(rec) {
		s.blank()
		return nil
	}
	var rowProblems []compute.Problem
	switch {
	case len(rec) > header && !blankRow(rec[header:]):
		rowProblems = []compute.Problem{{Source: sourceOf(p, t.line), Code: compute.RowUnreadable,
			Message: fmt.Sprintf("the row has %d cells but the header has %d: a separator too many, or a value that needs quotes", lastNonBlank(rec), header)}}
	case len(rec) < header:
		rowProblems = []compute.Problem{{Source: sourceOf(p, t.line), Code: compute.RowUnreadable,
			Message: fmt.Sprintf("the row has %d cells but the header has %d: a cell or separator is missing", len(rec), header)}}
	}
	if len(rec) > header && rowProblems == nil {
		rec = rec[:header]
	}
	for _, mc := range t.mixed {
		s.note(compute.Problem{Source: sourceOf(p, t.line), Column: p.m.name(mc.col), Value: shorten(mc.value, 200),
			Message: fmt.Sprintf("the cell mixes UTF-8 with bytes of another encoding; those bytes were read as Windows-1252, giving %s: check the text, and save the file as UTF-8", quote(shorten(mc.value, 200)))})
	}
	it := p.parse(rec, t.line, rowProblems)
	if len(it.Problems) > 0 {
		// Only a row that is no vacancy can be a total row: the check
		// costs nothing on the rows that are.
		if what := p.totalRow(rec, nil); what != "" {
			s.totalNote(p, t.line, what)
			return nil
		}
	}
	return s.item(it)
}

func lastNonBlank(rec []string) int {
	n := len(rec)
	for n > 0 && strings.TrimSpace(rec[n-1]) == "" {
		n--
	}
	return n
}

func sourceOf(p *rowParser, line int) compute.Source {
	return compute.Source{File: p.file, Sheet: p.sheet, Row: line}
}
