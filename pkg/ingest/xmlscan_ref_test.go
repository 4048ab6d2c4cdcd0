package ingest

import (
	"archive/zip"
	"bufio"
	"bytes"
	"errors"
	"io"
)

// The reference the workbook reader is tested against: the reader as it
// was before sheetscan (issue 13), a tag scanner for the check and
// encoding/xml for the rows and shared strings. reader_ref_test.go holds
// the rest of it and the comparison.

// tagScanner reads the tags of one zip part.
type tagScanner struct {
	rc   io.ReadCloser
	br   *bufio.Reader
	tag  []byte // reusable tag buffer
	text int    // bytes of text between the previous tag and the last one read
}

func openTagScanner(f *zip.File) (*tagScanner, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	return &tagScanner{rc: rc, br: bufio.NewReaderSize(rc, 64<<10)}, nil
}

func (s *tagScanner) Close() error { return s.rc.Close() }

// readTag skips to the next start or end tag and returns its local name
// (an end tag's with a leading "/"), its attribute bytes (valid until the
// next call) and whether it closes itself. Comments, processing
// instructions and CDATA are skipped.
func (s *tagScanner) readTag() (name, attrs []byte, selfClose bool, err error) {
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

// skipSpecial skips a comment, CDATA section or processing instruction;
// the '<' is already read. Any other "<!" is a document type declaration
// (<!DOCTYPE, <!ENTITY, …): errDTD.
func (s *tagScanner) skipSpecial() error {
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
		return errDTD
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
