package ingest

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"sort"
)

// Why this file exists: encoding/csv ends a line at LF (or CR LF) only, so
// a file saved with CR line ends (old Mac exports, some mail gateways) is
// one enormous line, read as a header without a single row; and it holds a
// whole line, however long, in memory before it looks at it (several times
// the line's size). So CSV text goes through recordReader on its way to the
// CSV reader: it turns every line end (LF, CR LF, a lone CR) into LF, and
// it holds back each record (one row: a line, or several when a quoted
// cell spans them) until the record is complete or reaches
// MaxCSVRecordBytes. A record that reaches the limit is never held whole:
// the rest of it is skipped, and the CSV reader is handed a placeholder
// spanning the same lines, so the row is reported (rejected, with its line
// and the limit) and every line after it reads as before.

// The placeholder is one line (""), however many lines the skipped record
// spanned, so that skipping costs no memory either; the reader keeps the
// count of lines it elided, and realLine turns the CSV reader's line
// numbers back into the file's.

// MaxCSVRecordBytes bounds one CSV row: a line, with every line its quoted
// cells span. Excel's largest cell is 32,767 characters; a row over 8 MiB
// is a damaged file or pasted data, and is rejected rather than held.
const MaxCSVRecordBytes = 8 << 20

// recordState is where the scanner is within a record, as encoding/csv
// (LazyQuotes off) would parse it.
type recordState uint8

const (
	atFieldStart recordState = iota // a line start, or after a separator
	inUnquoted                      // inside a field that did not start with a quote
	inQuoted                        // inside a quoted field
	quoteSeen                       // a quote inside a quoted field: the end, or the first of ""
	lineBroken                      // a quote out of place: the CSV reader drops the rest of the line
)

// skippedRecord is a record over MaxCSVRecordBytes, by its first line.
type skippedRecord struct {
	bytes    int64  // its size
	newlines int    // line ends inside it: it spans newlines+1 lines
	prefix   string // its first bytes, for the message
}

// elision is a placeholder's line in the CSV reader's numbering, and the
// line ends of the record it stands for that it does not repeat.
type elision struct {
	at, n int
}

type recordReader struct {
	in    *bufio.Reader
	sep   byte
	limit int

	state   recordState
	rec     []byte // the record being assembled
	out     []byte // complete records not yet read
	outPos  int
	line    int  // line ends seen so far
	partial bool // bytes follow the last line end
	recLine int  // first line of the record being assembled (1-based)
	recNL   int  // line ends inside the record being assembled
	afterCR bool

	outLines int       // line ends handed to the CSV reader
	elided   []elision // by at
	cum      []int     // cum[i]: line ends elided by elided[0..i]

	skipping bool  // the current record is over the limit: its bytes are dropped
	skipN    int64 // bytes of the skipped record
	skipNL   int   // line ends inside the skipped record
	skipped  map[int]skippedRecord
	err      error

	special [256]bool // the separator, the quote, CR and LF
}

func newRecordReader(in *bufio.Reader, sep rune, limit int) *recordReader {
	r := &recordReader{in: in, sep: byte(sep), limit: limit, recLine: 1}
	for _, c := range []byte{byte(sep), '"', '\r', '\n'} {
		r.special[c] = true
	}
	return r
}

// plain takes a run of bytes none of which is special: they start an
// unquoted field, or break the line after a closing quote.
func (r *recordReader) plain(b []byte) {
	switch r.state {
	case atFieldStart:
		r.state = inUnquoted
	case quoteSeen:
		r.state = lineBroken // text after a closing quote
	}
	r.partial = true
	if r.skipping {
		r.skipN += int64(len(b))
		return
	}
	if len(r.rec)+len(b) > r.limit {
		for _, c := range b {
			r.byte(c)
		}
		return
	}
	r.rec = append(r.rec, b...)
}

// lines is the number of lines read so far, a last one without a line end
// included.
func (r *recordReader) lines() int {
	if r.partial {
		return r.line + 1
	}
	return r.line
}

// overLong reports the skipped record that starts on line, if any.
func (r *recordReader) overLong(line int) (skippedRecord, bool) {
	s, ok := r.skipped[line]
	return s, ok
}

func (r *recordReader) Read(p []byte) (int, error) {
	for r.outPos >= len(r.out) {
		r.out, r.outPos = r.out[:0], 0
		if r.err != nil {
			return 0, r.err
		}
		r.fill()
	}
	n := copy(p, r.out[r.outPos:])
	r.outPos += n
	return n, nil
}

// fill reads one buffer of input and moves every record it completes to
// out.
func (r *recordReader) fill() {
	chunk, err := r.in.Peek(r.in.Buffered())
	if len(chunk) == 0 {
		if _, err = r.in.Peek(1); err == nil {
			chunk, _ = r.in.Peek(r.in.Buffered())
		}
	}
	for i := 0; i < len(chunk); {
		// Bytes other than a separator, a quote or a line end change
		// nothing but the record's length: take them in runs.
		if j := i; !r.special[chunk[j]] && !r.afterCR {
			for j < len(chunk) && !r.special[chunk[j]] {
				j++
			}
			r.plain(chunk[i:j])
			i = j
			continue
		}
		r.byte(chunk[i])
		i++
	}
	_, _ = r.in.Discard(len(chunk))
	if err != nil {
		r.end()
		r.err = err
		if errors.Is(err, io.EOF) {
			r.err = io.EOF
		}
	}
}

// byte takes one input byte: line ends are made LF, the record state
// advances, and the byte is kept (or counted, when skipping).
func (r *recordReader) byte(c byte) {
	switch {
	case c == '\r':
		r.afterCR = true
		c = '\n'
	case c == '\n' && r.afterCR:
		r.afterCR = false
		return // the LF of a CR LF: the CR was the line end
	default:
		r.afterCR = false
	}
	end := false
	switch r.state {
	case atFieldStart:
		switch c {
		case '"':
			r.state = inQuoted
		case r.sep:
		case '\n':
			end = true
		default:
			r.state = inUnquoted
		}
	case inUnquoted:
		switch c {
		case r.sep:
			r.state = atFieldStart
		case '\n':
			end = true
		case '"':
			r.state = lineBroken
		}
	case inQuoted:
		if c == '"' {
			r.state = quoteSeen
		}
	case quoteSeen:
		switch c {
		case '"':
			r.state = inQuoted
		case r.sep:
			r.state = atFieldStart
		case '\n':
			end = true
		default:
			r.state = lineBroken
		}
	case lineBroken:
		end = c == '\n'
	}
	if c == '\n' {
		r.line++
		r.partial = false
	} else {
		r.partial = true
	}
	if r.skipping {
		r.skipN++
		if c == '\n' && !end {
			r.skipNL++
		}
	} else {
		r.rec = append(r.rec, c)
		if c == '\n' {
			r.recNL++
		}
		if len(r.rec) > r.limit {
			r.startSkip()
		}
	}
	if end {
		r.finishRecord(true)
	}
}

// startSkip drops the record assembled so far: it is over the limit.
func (r *recordReader) startSkip() {
	r.skipping = true
	r.skipN = int64(len(r.rec))
	r.skipNL = r.recNL
	if r.skipped == nil {
		r.skipped = map[int]skippedRecord{}
	}
	r.skipped[r.recLine] = skippedRecord{prefix: string(r.rec[:min(len(r.rec), 200)])}
	r.rec = r.rec[:0]
}

// finishRecord releases the record: itself, or for a skipped one a
// placeholder of one line (an empty quoted cell, left open when the input
// ended inside the quote, so that the CSV reader still reports a quote
// never closed).
func (r *recordReader) finishRecord(newline bool) {
	if r.skipping {
		s := r.skipped[r.recLine]
		s.bytes, s.newlines = r.skipN, r.skipNL
		r.skipped[r.recLine] = s
		r.out = append(r.out, '"')
		if r.state != inQuoted || newline {
			r.out = append(r.out, '"')
		}
		if n := r.skipNL; n > 0 {
			total := n
			if len(r.cum) > 0 {
				total += r.cum[len(r.cum)-1]
			}
			r.elided = append(r.elided, elision{at: r.outLines + 1, n: n})
			r.cum = append(r.cum, total)
		}
		if newline {
			r.out = append(r.out, '\n')
			r.outLines++
		}
		r.skipping = false
	} else {
		r.out = append(r.out, r.rec...)
		r.outLines += r.recNL
		r.rec = r.rec[:0]
	}
	r.recNL = 0
	r.state = atFieldStart
	r.recLine = r.line + 1
}

// realLine is the file's line for a line number of the CSV reader, which
// saw each skipped record as one line.
func (r *recordReader) realLine(l int) int {
	i := sort.Search(len(r.elided), func(i int) bool { return r.elided[i].at >= l })
	if i == 0 {
		return l
	}
	return l + r.cum[i-1]
}

// end releases what is left at the end of the input.
func (r *recordReader) end() {
	if r.skipping && !r.partial && r.skipNL > 0 {
		r.skipNL-- // the input's last line end ends its last line: no line follows
	}
	if len(r.rec) > 0 || r.skipping {
		r.finishRecord(false)
	}
}

// lfLineEnds is b with every CR LF and lone CR made LF, as recordReader
// hands text to the CSV reader (for the separator sniffing, which reads a
// sample directly).
func lfLineEnds(b []byte) []byte {
	if bytes.IndexByte(b, '\r') < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] != '\r':
			out = append(out, b[i])
		case i+1 < len(b) && b[i+1] == '\n':
		default:
			out = append(out, '\n')
		}
	}
	return out
}
