package sheetscan

import (
	"errors"
	"io"
	"sort"
	"unsafe"
)

// Strings is a workbook's shared-strings table: each string's text as
// written (the character data of its <t> elements, phonetic runs left
// out, in document order), references and line ends decoded; what else
// the text means (the _xHHHH_ escapes) is for the reader to say. The
// strings sit end to end in one buffer, so a table of a million strings
// is a few allocations, not a million.
//
// A table read with a keep function holds only the strings it keeps
// (kept lists their positions); Len still counts every string.
type Strings struct {
	text  []byte
	ends  []int
	kept  []int // positions of the strings held, ascending; nil: all are held
	count int
}

// ErrStringsBudget is returned when the strings held would cost more than
// the budget ReadStringsWithin was given.
var ErrStringsBudget = errors.New("the shared strings held pass the budget")

// entryCost is what one held string costs beside its text: its end here,
// and the string header the reader makes of it.
const entryCost = 24

// Len is how many strings the table holds.
func (s *Strings) Len() int { return s.count }

// Held is how many strings are held (Len, unless a keep function left
// some out).
func (s *Strings) Held() int { return len(s.ends) }

// At is string i's text; ok is false when the string is not held.
func (s *Strings) At(i int) []byte {
	j := i
	if s.kept != nil {
		j = sort.SearchInts(s.kept, i)
		if j == len(s.kept) || s.kept[j] != i {
			return nil
		}
	}
	start := 0
	if j > 0 {
		start = s.ends[j-1]
	}
	return s.text[start:s.ends[j]]
}

// List is the strings held as strings, pieces of one string, and their
// positions in the table (nil when every string is held). The table's
// buffer becomes that string: it is never written again, so it is not
// copied.
func (s *Strings) List() ([]string, []int) {
	all := ""
	if len(s.text) > 0 {
		all = unsafe.String(unsafe.SliceData(s.text), len(s.text))
	}
	s.text = nil
	out := make([]string, len(s.ends))
	start := 0
	for i, end := range s.ends {
		out[i] = all[start:end]
		start = end
	}
	return out, s.kept
}

// ReadStringsWithin reads a shared-strings part holding only the strings
// keep keeps (every string when keep is nil), and fails with
// ErrStringsBudget as soon as what it holds costs more than budget bytes
// (text, and entryCost a string; no limit when budget is 0).
func ReadStringsWithin(src io.Reader, keep func(i int) bool, budget int) (*Strings, error) {
	t := newTokenizer(src)
	s := &Strings{}
	if keep != nil {
		s.kept = []int{}
	}
	inSI, inT, inPh := false, false, false
	held := true // the current string is held
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
			if inT && !inPh && held {
				s.text, err = decodeText(s.text, tok.data, form)
				if err == nil && budget > 0 && len(s.text)+entryCost*(len(s.ends)+1) > budget {
					return nil, ErrStringsBudget
				}
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
				held = keep == nil || keep(s.count)
			case "t":
				inT = inSI
			case "rPh":
				inPh = inSI
			}
			if tok.kind == kEmpty {
				if err := s.end(tok.name, &inSI, &inT, &inPh, held, budget); err != nil {
					return nil, err
				}
			}
		case kEnd:
			if err := s.end(tok.name, &inSI, &inT, &inPh, held, budget); err != nil {
				return nil, err
			}
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

func (s *Strings) end(name []byte, inSI, inT, inPh *bool, held bool, budget int) error {
	switch string(name) {
	case "si":
		if *inSI {
			if held {
				if budget > 0 && len(s.text)+entryCost*(len(s.ends)+1) > budget {
					return ErrStringsBudget
				}
				s.ends = append(s.ends, len(s.text))
				if s.kept != nil {
					s.kept = append(s.kept, s.count)
				}
			}
			s.count++
		}
		*inSI = false
	case "t":
		*inT = false
	case "rPh":
		*inPh = false
	}
	return nil
}
