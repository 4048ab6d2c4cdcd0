package mail

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/mail"
	"slices"
	"strings"

	"batch/internal/editdistance"
	"batch/internal/printable"
)

// The recipients file (--mail-recipients) maps each split value to its
// addresses: a CSV file with a header row naming value, to and cc (cc may
// be left out), in any order and letter case. value is a value of the
// split's column as index.csv lists it, "(none)" for the slice of rows
// without one, or "*" for the statewide message and the slices with no
// row of their own. to and cc are ;-separated addresses; a row needs at
// least one. Addresses come only from here and from the flags, never
// from the inputs (CONTRACT.md, "Mail").

// Values of the recipients file with a meaning of their own.
const (
	starValue = "*"
	noneValue = "(none)"
)

// route is the addresses of one row.
type route struct {
	value  string
	line   int
	to, cc []*mail.Address
	used   bool
}

// routes are the recipients file's rows by value (case and surrounding
// spaces aside).
type routes struct {
	file    string
	byKey   map[string]*route
	star    *route
	ordered []*route
}

func routeKey(v string) string { return strings.ToLower(strings.TrimSpace(v)) }

// forValue is the row for a slice's value ("" for the rows without one).
func (r *routes) forValue(v string) *route {
	if r.byKey == nil {
		return nil
	}
	if v == "" {
		v = noneValue
	}
	return r.byKey[routeKey(v)]
}

// unused lists the rows that matched no slice, for the message that
// names an unrouted value ("did you mean").
func (r *routes) unused() []*route {
	var out []*route
	for _, rt := range r.ordered {
		if !rt.used && rt != r.star {
			out = append(out, rt)
		}
	}
	return out
}

var recipientColumns = []string{"value", "to", "cc"}

func readRecipients(path string) (*routes, error) {
	shown := printable.Name(path)
	fail := func(format string, a ...any) error {
		return &ConfigError{fmt.Sprintf("--mail-recipients %s: ", shown) + fmt.Sprintf(format, a...)}
	}
	b, err := readSmall(path)
	if err != nil {
		return nil, &ConfigError{fmt.Sprintf("--mail-recipients: %v", err)}
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, fail("is empty: give a header row value,to,cc and a row per value")
	}
	if err != nil {
		return nil, fail("%v", err)
	}
	col := map[string]int{}
	for i, h := range header {
		name := strings.ToLower(strings.TrimSpace(h))
		if !slices.Contains(recipientColumns, name) {
			hint := ""
			for _, c := range recipientColumns {
				if editdistance.Runes(name, c) <= 2 {
					hint = fmt.Sprintf(" (did you mean %s?)", c)
				}
			}
			return nil, fail("column %d is %q%s: the columns are value, to and cc", i+1, printable.Name(h), hint)
		}
		if _, dup := col[name]; dup {
			return nil, fail("the column %s is there twice", name)
		}
		col[name] = i
	}
	for _, need := range []string{"value", "to"} {
		if _, ok := col[need]; !ok {
			return nil, fail("has no column %s: the header row is value,to,cc", need)
		}
	}
	rs := &routes{file: path, byKey: map[string]*route{}}
	cell := func(rec []string, name string) string {
		if i, ok := col[name]; ok && i < len(rec) {
			return rec[i]
		}
		return ""
	}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.Is(err, csv.ErrQuote) || errors.Is(err, csv.ErrBareQuote) {
			return nil, fail("%v: a name needs no quotes (Albany Board <albany@example.org>); in CSV a cell holding quotes is itself quoted, with each quote doubled (\"\"\"Albany Board\"\" <albany@example.org>\")", err)
		}
		if err != nil {
			return nil, fail("%v", err)
		}
		line, _ := r.FieldPos(0)
		if len(rec) > len(header) {
			return nil, fail("line %d has %d cells, the header %d: a value with a comma is written in double quotes", line, len(rec), len(header))
		}
		value := strings.TrimSpace(cell(rec, "value"))
		if value == "" && strings.TrimSpace(strings.Join(rec, "")) == "" {
			continue // a blank line
		}
		if value == "" {
			return nil, fail("line %d: value is empty: give the split's value as index.csv lists it (Albany), (none) for the rows without one, or * for the statewide message and every value without a row", line)
		}
		rt := &route{value: value, line: line}
		where := func(c string) string { return fmt.Sprintf("--mail-recipients %s line %d, column %s", shown, line, c) }
		if rt.to, err = parseList(cell(rec, "to"), where("to")); err != nil {
			return nil, err
		}
		if rt.cc, err = parseList(cell(rec, "cc"), where("cc")); err != nil {
			return nil, err
		}
		if len(rt.to) == 0 && len(rt.cc) == 0 {
			return nil, fail("line %d (%s) has no address in to or cc: give one, or remove the row (its part then goes to the * row's addresses)", line, printable.Name(value))
		}
		key := routeKey(value)
		if prev, dup := rs.byKey[key]; dup {
			return nil, fail("line %d gives %s again (line %d has it): keep one row per value, with every address in it", line, printable.Name(value), prev.line)
		}
		rs.byKey[key] = rt
		rs.ordered = append(rs.ordered, rt)
		if value == starValue {
			rs.star = rt
		}
	}
	return rs, nil
}
