package sheetscan

import (
	"errors"
	"io"
)

// Strings is a workbook's shared-strings table: each string's text as
// written (the character data of its <t> elements, phonetic runs left
// out, in document order), references and line ends decoded; what else
// the text means (the _xHHHH_ escapes) is for the reader to say. The
// strings sit end to end in one buffer, so a table of a million strings
// is a few allocations, not a million.
type Strings struct {
	text []byte
	ends []int
}

// Len is how many strings the table holds.
func (s *Strings) Len() int { return len(s.ends) }

// At is string i's text.
func (s *Strings) At(i int) []byte {
	start := 0
	if i > 0 {
		start = s.ends[i-1]
	}
	return s.text[start:s.ends[i]]
}

// List is the table as strings: pieces of one string made once.
func (s *Strings) List() []string {
	all := string(s.text)
	out := make([]string, len(s.ends))
	start := 0
	for i, end := range s.ends {
		out[i] = all[start:end]
		start = end
	}
	return out
}

// ReadStrings reads a shared-strings part from its inflated bytes. Check
// it first: this reads the strings, checking only their characters.
func ReadStrings(src io.Reader) (*Strings, error) {
	t := newTokenizer(src)
	s := &Strings{}
	inSI, inT, inPh := false, false, false
	var scratch []byte
	for {
		tok, err := t.next()
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return nil, errors.New("the XML stops before its end (a truncated or damaged file)")
			}
			return nil, err
		}
		switch tok.kind {
		case kEOF:
			return s, nil
		case kText, kCDATA:
			form := inText
			if tok.kind == kCDATA {
				form = inCDATA
			}
			if inT && !inPh {
				s.text, err = decodeText(s.text, tok.data, form)
			} else if form == inCDATA || !plainText(tok.data) {
				scratch, err = decodeText(scratch[:0], tok.data, form)
			}
			if err != nil {
				return nil, err
			}
		case kStart, kEmpty:
			switch string(tok.name) {
			case "si":
				// A string starts afresh: what an unclosed one held is dropped.
				s.text = s.text[:s.last()]
				inSI = true
			case "t":
				inT = inSI
			case "rPh":
				inPh = inSI
			}
			if tok.kind == kEmpty {
				s.end(tok.name, &inSI, &inT, &inPh)
			}
		case kEnd:
			s.end(tok.name, &inSI, &inT, &inPh)
		}
	}
}

// last is where the last complete string ends.
func (s *Strings) last() int {
	if len(s.ends) == 0 {
		return 0
	}
	return s.ends[len(s.ends)-1]
}

func (s *Strings) end(name []byte, inSI, inT, inPh *bool) {
	switch string(name) {
	case "si":
		if *inSI {
			s.ends = append(s.ends, len(s.text))
		}
		*inSI = false
	case "t":
		*inT = false
	case "rPh":
		*inPh = false
	}
}
