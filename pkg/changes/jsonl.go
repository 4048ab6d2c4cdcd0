package changes

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"unicode/utf8"
)

// The snapshot's record lines are written and read by hand: encoding/json's
// reflection cost more a row than the whole comparison may add to a run.
// The writer emits exactly the JSON encoding/json would for Record (same
// keys, same order, same omissions); the reader takes that form fast and
// hands any other line to encoding/json, so a line that is valid JSON
// but written differently still reads.

func appendRecordJSON(b []byte, r *Record) []byte {
	b = append(b, `{"k":`...)
	b = appendJSONString(b, r.Key)
	b = append(b, `,"id":`...)
	b = appendJSONString(b, r.ID)
	b = append(b, `,"src":`...)
	b = appendJSONString(b, r.Source)
	b = append(b, `,"in":`...)
	if r.In == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, s := range r.In {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, s)
		}
		b = append(b, ']')
	}
	b = appendOmit(b, `,"rej":`, r.Rejected)
	b = appendOmit(b, `,"vd":`, r.VacancyDate)
	b = appendOmit(b, `,"m":`, r.Method)
	b = appendOmit(b, `,"e":`, r.Election)
	b = appendOmit(b, `,"law":`, r.Law)
	if r.ClassDerived {
		b = append(b, `,"cd":true`...)
	}
	if len(r.Conflicts) > 0 {
		b = append(b, `,"c":[`...)
		for i, c := range r.Conflicts {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"c":`...)
			b = appendJSONString(b, c.Code)
			b = appendOmit(b, `,"f":`, c.Field)
			b = append(b, `,"s":`...)
			b = appendJSONString(b, c.Severity)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(r.Deadlines) > 0 {
		b = append(b, `,"d":[`...)
		for i, d := range r.Deadlines {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"c":`...)
			b = appendJSONString(b, d.Code)
			b = append(b, `,"d":`...)
			b = appendJSONString(b, d.Date)
			if d.Passed {
				b = append(b, `,"p":true`...)
			}
			if d.Met {
				b = append(b, `,"met":true`...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, "}\n"...)
}

func appendOmit(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	return appendJSONString(append(b, key...), s)
}

const hexDigits = "0123456789abcdef"

// appendJSONString quotes s as encoding/json does with HTML escaping off:
// quote, backslash and control characters escaped, invalid UTF-8 as
// U+FFFD, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// recordParser reads the lines appendRecordJSON writes. Short strings that
// repeat (codes, dates, counties) are interned so a million rows do not
// allocate them a million times.
type recordParser struct {
	b      []byte
	i      int
	intern *interner
}

var errNotFast = errors.New("not the fast form")

// parseRecordLine reads one record line into r; any line the fast form
// does not cover goes to encoding/json.
func (p *recordParser) parseRecordLine(text []byte, r *Record) error {
	if err := p.parse(text, r); err == nil {
		return nil
	}
	var l line
	if err := json.Unmarshal(text, &l); err != nil {
		return err
	}
	if l.End != nil {
		return errors.New("a closing line where a record was expected")
	}
	*r = l.Record
	return nil
}

func (p *recordParser) parse(line []byte, r *Record) error {
	p.b, p.i = line, 0
	in, cs, ds := r.reused()
	if !p.lit(`{"k":`) {
		return errNotFast
	}
	var ok bool
	if r.Key, ok = p.str(false); !ok {
		return errNotFast
	}
	if !p.lit(`,"id":`) {
		return errNotFast
	}
	if r.ID, ok = p.str(false); !ok {
		return errNotFast
	}
	if !p.lit(`,"src":`) {
		return errNotFast
	}
	if r.Source, ok = p.str(false); !ok {
		return errNotFast
	}
	if !p.lit(`,"in":[`) {
		return errNotFast
	}
	r.In = in
	if r.In == nil {
		r.In = make([]string, 0, len(InputFields))
	}
	for !p.lit("]") {
		if len(r.In) > 0 && !p.lit(",") {
			return errNotFast
		}
		s, ok := p.str(true)
		if !ok {
			return errNotFast
		}
		r.In = append(r.In, s)
	}
	for _, f := range []struct {
		key string
		to  *string
	}{{`,"rej":`, &r.Rejected}, {`,"vd":`, &r.VacancyDate}, {`,"m":`, &r.Method}, {`,"e":`, &r.Election}, {`,"law":`, &r.Law}} {
		if p.lit(f.key) {
			if *f.to, ok = p.str(true); !ok {
				return errNotFast
			}
		}
	}
	r.ClassDerived = p.lit(`,"cd":true`)
	if p.lit(`,"c":[`) {
		for !p.lit("]") {
			if len(cs) > 0 && !p.lit(",") {
				return errNotFast
			}
			var c Conflict
			if !p.lit(`{"c":`) {
				return errNotFast
			}
			if c.Code, ok = p.str(true); !ok {
				return errNotFast
			}
			if p.lit(`,"f":`) {
				if c.Field, ok = p.str(true); !ok {
					return errNotFast
				}
			}
			if !p.lit(`,"s":`) {
				return errNotFast
			}
			if c.Severity, ok = p.str(true); !ok || !p.lit("}") {
				return errNotFast
			}
			cs = append(cs, c)
		}
		if len(cs) > 0 {
			r.Conflicts = cs
		}
	}
	if p.lit(`,"d":[`) {
		r.Deadlines = ds
		if r.Deadlines == nil {
			r.Deadlines = make([]Deadline, 0, 12)
		}
		for !p.lit("]") {
			if len(r.Deadlines) > 0 && !p.lit(",") {
				return errNotFast
			}
			var d Deadline
			if !p.lit(`{"c":`) {
				return errNotFast
			}
			if d.Code, ok = p.str(true); !ok || !p.lit(`,"d":`) {
				return errNotFast
			}
			if d.Date, ok = p.str(true); !ok {
				return errNotFast
			}
			d.Passed = p.lit(`,"p":true`)
			d.Met = p.lit(`,"met":true`)
			if !p.lit("}") {
				return errNotFast
			}
			r.Deadlines = append(r.Deadlines, d)
		}
	}
	if !p.lit("}") {
		return errNotFast
	}
	for p.i < len(p.b) && (p.b[p.i] == '\n' || p.b[p.i] == '\r' || p.b[p.i] == ' ') {
		p.i++
	}
	if p.i != len(p.b) {
		return errNotFast
	}
	return nil
}

func (p *recordParser) lit(s string) bool {
	if len(p.b)-p.i >= len(s) && string(p.b[p.i:p.i+len(s)]) == s {
		p.i += len(s)
		return true
	}
	return false
}

// special reports whether any of the eight bytes of x (little-endian)
// is a quote, a backslash, below 0x20 or above 0x7f: the classic
// "has zero byte" and "has byte less than" word tests (exact for whether
// any byte is one; bytes at or above 0x80 are caught by their high bit).
func special(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	zero := func(v uint64) uint64 { return (v - ones) & ^v & highs }
	quote, backslash := x^(ones*'"'), x^(ones*'\\')
	below := (x - ones*0x20) & ^x & highs
	return zero(quote)|zero(backslash)|below|x&highs != 0
}

// str reads a JSON string. Without escapes it is a plain copy; with them
// strconv-compatible unquoting is left to encoding/json.
func (p *recordParser) str(intern bool) (string, bool) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return "", false
	}
	j := p.i + 1
	escaped, ascii := false, true
	for j < len(p.b) {
		// Eight bytes at a time while none is special: a quote, a
		// backslash, a control character, or a byte of a multibyte
		// character (reading the baseline was the longest chain of a
		// comparison, this loop a sixth of it).
		if j+8 <= len(p.b) && !special(binary.LittleEndian.Uint64(p.b[j:])) {
			j += 8
			continue
		}
		c := p.b[j]
		switch {
		case c == '"':
			goto closed
		case c == '\\':
			escaped = true
			j += 2
			continue
		case c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			ascii = false
		}
		j++
	}
	return "", false
closed:
	raw := p.b[p.i+1 : j]
	tok := p.b[p.i : j+1]
	p.i = j + 1
	if escaped {
		var s string
		if err := json.Unmarshal(tok, &s); err != nil {
			return "", false
		}
		return s, true
	}
	if !ascii && !utf8.Valid(raw) {
		return "", false // encoding/json would replace; let it
	}
	if intern && len(raw) <= 40 {
		if p.intern == nil {
			p.intern = new(interner)
		}
		return p.intern.str(raw), true
	}
	return string(raw), true
}
