package sheetscan

import (
	"bytes"
	"fmt"
	"io"

	"batch/internal/cellescape"
)

// Strings is a workbook's shared-strings table (xl/sharedStrings.xml),
// each string as excelize reads it: its own <t>, then its rich-text runs'
// <t>s, phonetic runs left out, "_xHHHH_" escapes decoded. The strings
// sit end to end in one buffer, so a table of a million strings is two
// allocations, not a million.
type Strings struct {
	text []byte
	ends []int
}

// Len is how many strings the table holds.
func (s *Strings) Len() int {
	if s == nil {
		return 0
	}
	return len(s.ends)
}

// at is string i's bytes.
func (s *Strings) at(i int) ([]byte, bool) {
	if s == nil || i < 0 || i >= len(s.ends) {
		return nil, false
	}
	start := 0
	if i > 0 {
		start = s.ends[i-1]
	}
	return s.text[start:s.ends[i]], true
}

// At is string i.
func (s *Strings) At(i int) (string, bool) {
	b, ok := s.at(i)
	return string(b), ok
}

// ReadStrings reads a shared-strings part from its inflated bytes,
// checking its XML as a sheet's is checked.
func ReadStrings(src io.Reader) (*Strings, error) {
	t := newTokenizer(src)
	var open nesting
	s := &Strings{}
	var own, runs, run []byte
	var collect *[]byte
	collectLevel, siLevel, rLevel := -1, -1, -1
	hasRun := false
	var scratch []byte
	for {
		tok, err := t.next()
		if err != nil {
			return nil, err
		}
		level := open.level()
		switch tok.kind {
		case kEOF:
			if err := open.atEOF(); err != nil {
				return nil, err
			}
			return s, nil
		case kText, kCDATA:
			dst := &scratch
			if collect != nil && level == collectLevel+1 {
				dst = collect
			} else {
				scratch = scratch[:0]
			}
			if tok.kind == kCDATA {
				*dst, err = decodeText(*dst, tok.data, inCDATA)
			} else if plainText(tok.data) {
				*dst = append(*dst, tok.data...)
			} else {
				*dst, err = decodeText(*dst, tok.data, inText)
			}
			if err != nil {
				return nil, err
			}
		case kStart, kEmpty:
			if err := open.start(tok); err != nil {
				return nil, err
			}
			name := string(tok.name)
			switch {
			case level == 1 && name == "si":
				own, runs = own[:0], runs[:0]
				if tok.kind == kEmpty {
					s.add(nil)
					continue
				}
				siLevel = level
			case siLevel >= 0 && level == siLevel+1 && name == "t":
				own = own[:0] // the last <t> wins, as encoding/xml keeps it
				if tok.kind == kStart {
					collect, collectLevel = &own, level
				}
			case siLevel >= 0 && level == siLevel+1 && name == "r":
				run, hasRun = run[:0], false
				if tok.kind == kStart {
					rLevel = level
				}
			case rLevel >= 0 && level == rLevel+1 && name == "t":
				run, hasRun = run[:0], true
				if tok.kind == kStart {
					collect, collectLevel = &run, level
				}
			}
		case kEnd:
			if err := open.end(tok.qname); err != nil {
				return nil, err
			}
			level = open.level()
			switch {
			case collect != nil && level == collectLevel:
				collect = nil
			case rLevel >= 0 && level == rLevel:
				if hasRun {
					runs = append(runs, run...)
				}
				rLevel = -1
			case siLevel >= 0 && level == siLevel:
				siLevel = -1
				s.add(append(own, runs...))
				own = own[:0]
			}
		}
	}
}

func (s *Strings) add(b []byte) {
	if bytes.Contains(b, []byte("_x")) {
		s.text = append(s.text, cellescape.Unescape(string(b))...)
	} else {
		s.text = append(s.text, b...)
	}
	s.ends = append(s.ends, len(s.text))
}

// String describes the table, for messages.
func (s *Strings) String() string { return fmt.Sprintf("%d shared strings", s.Len()) }
