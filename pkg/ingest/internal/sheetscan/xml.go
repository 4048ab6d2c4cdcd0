package sheetscan

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// MaxTextRun bounds the text between two tags (or in one CDATA section):
// Excel holds at most 32,767 characters in a cell, which XML escaping and
// UTF-8 make at most about 200 KB. A longer run is not a cell Excel wrote.
const MaxTextRun = 256 << 10

// maxTag bounds one tag, attributes included.
const maxTag = 1 << 20

// ErrTextRun is the error for a text run longer than MaxTextRun.
var ErrTextRun = fmt.Errorf("a cell holds more than %d KB of text, far beyond the 32767 characters Excel allows in a cell: not a workbook Excel wrote", MaxTextRun>>10)

// ErrDoctype is the error for a document type declaration (<!DOCTYPE,
// <!ENTITY, any "<!" but a comment or CDATA): no workbook part has one,
// and one can declare entities that expand without bound.
var ErrDoctype = errors.New("the XML has a document type declaration (<!DOCTYPE or <!ENTITY), which no workbook part has")

type kind uint8

const (
	kText  kind = iota + 1 // raw character data, references not decoded
	kCDATA                 // a CDATA section's content
	kStart                 // <name …>
	kEmpty                 // <name …/>
	kEnd                   // </name>
	kEOF
)

// attr is one attribute of a start tag: its local name and its value as
// written (references not decoded).
type attr struct {
	name, value []byte
	escaped     bool // the value holds a reference (&…;)
	prefixed    bool // the name had a namespace prefix
}

// token is one piece of the document; its slices are valid until the next.
type token struct {
	kind  kind
	name  []byte // local name of a tag (namespace prefix dropped)
	data  []byte // kText, kCDATA
	attrs []attr // kStart, kEmpty
}

// tokenizer reads XML forward through a window over src.
type tokenizer struct {
	src    io.Reader
	buf    []byte
	pos    int
	end    int
	eof    bool
	srcErr error
	tok    token
	attrs  []attr
	// skim leaves attribute values, comments and the XML declaration
	// unchecked: the pre-pass, which checks structure only.
	skim bool
}

func newTokenizer(src io.Reader) *tokenizer {
	return &tokenizer{src: src, buf: make([]byte, 256<<10)}
}

// more reads more of src into the window, keeping buf[pos:end]; false
// when src has nothing more.
func (t *tokenizer) more() bool {
	if t.eof {
		return false
	}
	if t.pos > 0 {
		t.end = copy(t.buf, t.buf[t.pos:t.end])
		t.pos = 0
	}
	if t.end == len(t.buf) {
		if len(t.buf) >= 2*maxTag+2*MaxTextRun {
			return false // the caller reports what is too long
		}
		nb := make([]byte, 2*len(t.buf))
		copy(nb, t.buf[:t.end])
		t.buf = nb
	}
	for {
		n, err := t.src.Read(t.buf[t.end:])
		t.end += n
		if err != nil {
			t.eof = true
			if err != io.EOF {
				t.srcErr = err
			}
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
}

var (
	commentOpen = []byte("<!--")
	cdataOpen   = []byte("<![CDATA[")
)

// next returns the next token.
func (t *tokenizer) next() (*token, error) {
	for {
		if t.pos == t.end && !t.more() {
			if t.srcErr != nil {
				return nil, t.srcErr
			}
			t.tok = token{kind: kEOF}
			return &t.tok, nil
		}
		b := t.buf[t.pos:t.end]
		if b[0] != '<' {
			i := bytes.IndexByte(b, '<')
			if i < 0 {
				if len(b) > MaxTextRun {
					return nil, ErrTextRun
				}
				if t.more() {
					continue
				}
				if t.srcErr != nil {
					return nil, t.srcErr
				}
				b = t.buf[t.pos:t.end] // more moved the bytes
				i = len(b)
			}
			if i > MaxTextRun {
				return nil, ErrTextRun
			}
			t.tok = token{kind: kText, data: b[:i]}
			t.pos += i
			return &t.tok, nil
		}
		if len(b) < 2 || (b[1] == '!' && len(b) < len(cdataOpen)) {
			if t.more() {
				continue
			}
			if t.srcErr != nil {
				return nil, t.srcErr
			}
			b = t.buf[t.pos:t.end] // more moved the bytes
			if len(b) < 2 {
				return nil, io.ErrUnexpectedEOF
			}
		}
		switch b[1] {
		case '!':
			switch {
			case bytes.HasPrefix(b, commentOpen):
				n, ok, err := t.through(len(commentOpen), "-->", MaxTextRun)
				if err != nil || !ok {
					return nil, orEOF(err)
				}
				body := t.buf[t.pos+len(commentOpen) : t.pos+n-3]
				if !t.skim && (bytes.Contains(body, []byte("--")) || bytes.HasSuffix(body, []byte("-"))) {
					return nil, errors.New(`the XML has "--" inside a comment`)
				}
				t.pos += n
				continue
			case bytes.HasPrefix(b, cdataOpen):
				n, ok, err := t.through(len(cdataOpen), "]]>", MaxTextRun)
				if err != nil || !ok {
					return nil, orEOF(err)
				}
				t.tok = token{kind: kCDATA, data: t.buf[t.pos+len(cdataOpen) : t.pos+n-3]}
				t.pos += n
				return &t.tok, nil
			}
			// <!DOCTYPE, <!ENTITY, …: declarations no workbook part holds.
			return nil, ErrDoctype
		case '?':
			n, ok, err := t.through(2, "?>", maxTag)
			if err != nil || !ok {
				return nil, orEOF(err)
			}
			if !t.skim {
				if err := declaration(t.buf[t.pos : t.pos+n]); err != nil {
					return nil, err
				}
			}
			t.pos += n
			continue
		}
		n, err := t.tag(b)
		if errors.Is(err, errNeedMore) {
			if len(b) > maxTag {
				return nil, errors.New("a tag longer than 1 MB")
			}
			if t.more() {
				continue
			}
			if t.srcErr != nil {
				return nil, t.srcErr
			}
			return nil, io.ErrUnexpectedEOF
		}
		if err != nil {
			return nil, err
		}
		t.pos += n
		return &t.tok, nil
	}
}

// declaration refuses an XML declaration naming an encoding other than
// UTF-8: the bytes are read as UTF-8.
func declaration(pi []byte) error {
	if !bytes.HasPrefix(pi, []byte("<?xml")) || len(pi) < 6 || !isSpace(pi[5]) {
		return nil
	}
	i := bytes.Index(pi, []byte("encoding"))
	if i < 0 {
		return nil
	}
	rest := bytes.TrimLeft(pi[i+len("encoding"):], " \t\r\n")
	if len(rest) < 2 || rest[0] != '=' {
		return nil
	}
	rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	if len(rest) < 2 || (rest[0] != '"' && rest[0] != '\'') {
		return nil
	}
	end := bytes.IndexByte(rest[1:], rest[0])
	if end < 0 {
		return nil
	}
	if enc := rest[1 : 1+end]; !bytes.EqualFold(enc, []byte("utf-8")) {
		return fmt.Errorf("the XML declares the encoding %q; workbook parts are UTF-8", enc)
	}
	return nil
}

func orEOF(err error) error {
	if err == nil {
		return io.ErrUnexpectedEOF
	}
	return err
}

// through finds end after offset from in the unread bytes, reading more as
// needed; n is the length up to and including end.
func (t *tokenizer) through(from int, end string, limit int) (n int, ok bool, err error) {
	for {
		b := t.buf[t.pos:t.end]
		if i := bytes.Index(b[from:], []byte(end)); i >= 0 {
			return from + i + len(end), true, nil
		}
		if len(b) > limit+from {
			return 0, false, ErrTextRun
		}
		if !t.more() {
			return 0, false, t.srcErr
		}
	}
}

var errNeedMore = errors.New("need more")

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// nameBytes marks the ASCII bytes of an XML name: nameAny anywhere in
// it, nameFirst also first (letters, _ and :).
var nameBytes = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '_', c == ':':
			t[c] = nameAny | nameFirst
		case '0' <= c && c <= '9', c == '.', c == '-':
			t[c] = nameAny
		}
	}
	return t
}()

const (
	nameAny uint8 = 1 << iota
	nameFirst
)

// nameEnd is where a name starting at b[i] ends, and whether it is an
// ASCII XML name (a plain one, as a sheet's tags all are): one that is
// not must pass validName.
func nameEnd(b []byte, i int) (end int, plain bool) {
	start, plain := i, true
	for i < len(b) {
		c := b[i]
		if nameBytes[c] != 0 {
			i++
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r', '/', '>', '=', '"', '\'', '<', '&':
			return i, plain && i > start && nameBytes[b[start]]&nameFirst != 0
		}
		plain = false
		i++
	}
	return i, false
}

// validName reports whether b, a name nameEnd did not find plain, is one
// encoding/xml takes (an XML Name): an ASCII one never (a digit, '.' or
// '-' first, or a byte no name holds); one with other bytes is left to
// encoding/xml itself, which holds Unicode's tables of name characters.
// The fuzzing of the reader against encoding/xml found a tag named
// "\x8bow" read as a row's end.
func validName(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			_, err := xml.NewDecoder(bytes.NewReader(append(append([]byte("<"), b...), "/>"...))).Token()
			return err == nil
		}
	}
	return false
}

func localName(name []byte) []byte {
	if k := bytes.LastIndexByte(name, ':'); k >= 0 {
		return name[k+1:]
	}
	return name
}

// tag parses the start or end tag at the start of b (b[0] is '<') into
// t.tok and returns its length; errNeedMore when b holds only part of it.
func (t *tokenizer) tag(b []byte) (int, error) {
	i := 1
	end := false
	if b[1] == '/' {
		end, i = true, 2
	}
	ne, plain := nameEnd(b, i)
	if ne == len(b) {
		return 0, errNeedMore
	}
	if ne == i {
		return 0, fmt.Errorf("the XML has a tag without a name: %q", upTo(b, ne))
	}
	qname := b[i:ne]
	if !plain && !t.skim && !validName(qname) {
		return 0, fmt.Errorf("the XML has an invalid name %q", shorten(qname, 40))
	}
	i = ne
	if end {
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i == len(b) {
			return 0, errNeedMore
		}
		if b[i] != '>' {
			return 0, fmt.Errorf("the XML has a malformed end tag %q", upTo(b, i))
		}
		t.tok = token{kind: kEnd, name: localName(qname)}
		return i + 1, nil
	}
	t.attrs = t.attrs[:0]
	for {
		sp := i
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i == len(b) {
			return 0, errNeedMore
		}
		switch b[i] {
		case '>':
			t.tok = token{kind: kStart, name: localName(qname), attrs: t.attrs}
			return i + 1, nil
		case '/':
			if i+1 == len(b) {
				return 0, errNeedMore
			}
			if b[i+1] != '>' {
				return 0, fmt.Errorf("the XML has a malformed tag %q", upTo(b, i+1))
			}
			t.tok = token{kind: kEmpty, name: localName(qname), attrs: t.attrs}
			return i + 2, nil
		}
		if sp == i {
			return 0, fmt.Errorf("the XML has a malformed tag %q", upTo(b, i))
		}
		ne, plain := nameEnd(b, i)
		if ne == len(b) {
			return 0, errNeedMore
		}
		if ne == i {
			return 0, fmt.Errorf("the XML has a malformed tag %q", upTo(b, i))
		}
		qn := b[i:ne]
		if !plain && !t.skim && !validName(qn) {
			return 0, fmt.Errorf("the XML has an invalid name %q", shorten(qn, 40))
		}
		a := attr{name: localName(qn), prefixed: bytes.IndexByte(qn, ':') >= 0}
		i = ne
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i == len(b) {
			return 0, errNeedMore
		}
		if b[i] != '=' {
			return 0, fmt.Errorf("the XML has an attribute without a value in %q", upTo(b, i))
		}
		i++
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i == len(b) {
			return 0, errNeedMore
		}
		q := b[i]
		if q != '"' && q != '\'' {
			return 0, fmt.Errorf("the XML has an unquoted attribute value in %q", upTo(b, i))
		}
		i++
		vs := i
		for i < len(b) && b[i] != q {
			switch b[i] {
			case '<':
				return 0, errors.New("the XML has an unescaped < inside an attribute value")
			case '&':
				a.escaped = true
			}
			i++
		}
		if i == len(b) {
			return 0, errNeedMore
		}
		a.value = b[vs:i]
		i++
		switch {
		case t.skim:
		case a.escaped:
			if _, err := decodeText(nil, a.value, inAttribute); err != nil {
				return 0, err
			}
		default:
			if err := validChars(a.value); err != nil {
				return 0, err
			}
		}
		t.attrs = append(t.attrs, a)
	}
}

// upTo is the tag's bytes read when it failed at i, at most the last 40:
// the same however the input was cut into reads.
func upTo(b []byte, i int) []byte {
	b = b[:min(i+1, len(b))]
	if len(b) > 40 {
		b = b[len(b)-40:]
	}
	return b
}

func shorten(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// plainText reports whether b needs no decoding: printable ASCII, tabs and
// line feeds only, no reference, no carriage return, no "]]".
func plainText(b []byte) bool {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c >= 0x7f || (c < 0x20 && c != '\t' && c != '\n') || c == '&' || (c == ']' && i+1 < len(b) && b[i+1] == ']') {
			return false
		}
	}
	return true
}

// Character data comes in three forms: text between tags, attribute
// values, CDATA sections.
type charForm uint8

const (
	inText charForm = iota
	inAttribute
	inCDATA
)

// decodeText appends the character data b to dst as encoding/xml decodes
// it: the five named references and numeric ones replaced (not in CDATA),
// a carriage return written as such (or followed by a line feed) becoming
// one line feed; and fails where encoding/xml fails: another reference,
// "]]>" in text, a byte that is not UTF-8 or a character XML does not
// allow.
func decodeText(dst, b []byte, form charForm) ([]byte, error) {
	start := len(dst)
	prevCR := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '&' && form != inCDATA:
			semi := bytes.IndexByte(b[i:], ';')
			if semi < 0 {
				return nil, fmt.Errorf("invalid character entity %s (no semicolon)", shorten(b[i:], 12))
			}
			ref := b[i+1 : i+semi]
			r, ok := reference(ref)
			if !ok {
				return nil, fmt.Errorf("invalid character entity &%s;", shorten(ref, 12))
			}
			dst = utf8.AppendRune(dst, r)
			i += semi
			prevCR = false
			continue
		case c == '\r':
			dst = append(dst, '\n')
			prevCR = true
			continue
		case c == '\n' && prevCR:
			prevCR = false
			continue
		case form == inText && c == '>' && i >= 2 && b[i-1] == ']' && b[i-2] == ']':
			return nil, errors.New("the XML has an unescaped ]]> outside a CDATA section")
		}
		prevCR = false
		dst = append(dst, c)
	}
	if err := validChars(dst[start:]); err != nil {
		return nil, err
	}
	return dst, nil
}

// reference is the character a reference's name stands for ("amp",
// "#38", "#x26"), as encoding/xml reads it.
func reference(name []byte) (rune, bool) {
	switch string(name) {
	case "lt":
		return '<', true
	case "gt":
		return '>', true
	case "amp":
		return '&', true
	case "apos":
		return '\'', true
	case "quot":
		return '"', true
	}
	if len(name) < 2 || name[0] != '#' {
		return 0, false
	}
	digits, base := name[1:], 10
	if digits[0] == 'x' {
		digits, base = digits[1:], 16
	}
	if len(digits) == 0 {
		return 0, false
	}
	for _, c := range digits {
		if !(c >= '0' && c <= '9' || base == 16 && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')) {
			return 0, false
		}
	}
	n, err := strconv.ParseUint(string(digits), base, 64)
	if err != nil || n > utf8.MaxRune {
		return 0, false
	}
	return rune(n), true // a surrogate becomes U+FFFD, as string(rune(n)) makes it
}

// validChars fails on a byte that is not UTF-8 or a character XML 1.0
// does not allow.
func validChars(b []byte) error {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
				return fmt.Errorf("illegal character code %U", rune(c))
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return errors.New("invalid UTF-8")
		}
		if r == 0xFFFE || r == 0xFFFF {
			return fmt.Errorf("illegal character code %U", r)
		}
		i += n
	}
	return nil
}

// nesting checks that a part's elements nest and close: one root, every
// end tag the innermost open element's, nothing open at the end. Names
// are compared without their namespace prefixes, as the workbook reader
// has always compared them.
type nesting struct {
	names []byte // the open elements' local names, outermost first
	ends  []int  // where each name ends in names
	roots int
}

func (n *nesting) innermost() []byte {
	k := len(n.ends)
	start := 0
	if k > 1 {
		start = n.ends[k-2]
	}
	return n.names[start:n.ends[k-1]]
}

// start records a start tag (an empty-element one opens nothing).
func (n *nesting) start(tok *token) error {
	if len(n.ends) == 0 {
		n.roots++
		if n.roots > 1 {
			return errors.New("the XML has a second element after its document element (a damaged file)")
		}
	}
	if tok.kind == kStart {
		n.names = append(n.names, tok.name...)
		n.ends = append(n.ends, len(n.names))
	}
	return nil
}

// end closes the innermost element, which must be name (local).
func (n *nesting) end(name []byte) error {
	k := len(n.ends)
	if k == 0 || !bytes.Equal(n.innermost(), name) {
		return fmt.Errorf("the XML closes <%s> where it is not open (a damaged file)", name)
	}
	start := 0
	if k > 1 {
		start = n.ends[k-2]
	}
	n.names = n.names[:start]
	n.ends = n.ends[:k-1]
	return nil
}

// cut is the error for a part that ends inside a tag or an element.
func (n *nesting) cut() error {
	if len(n.ends) == 0 {
		return errors.New("the XML stops before its end (a truncated or damaged file)")
	}
	return fmt.Errorf("the XML stops before its end, inside <%s> (a truncated or damaged file)", n.innermost())
}

func (n *nesting) atEOF() error {
	switch {
	case len(n.ends) > 0:
		return fmt.Errorf("the XML stops before its end, inside <%s> (a truncated or damaged file)", n.innermost())
	case n.roots == 0:
		return errors.New("the XML holds no document element")
	}
	return nil
}
