package ingest

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-01-05", "1/5/2026", "1/5/26", "January 5, 2026", "Jan. 5 2026", "13/45/2020", "2/29/2028", "", "//", "a b c", "9999-99-99", "4/3/26 0:00", "13/04/2026", "04.03.2026", "1/1/2026 12:00:00 AM", "2026-01-05 23:59:59.5", " 0:00",
		"3-Mar-27", "3 March 2027", "March 3rd, 2027", "2027/03/01", "27-03-01", "3.1.2027", "01/02/03", "Tuesday, March 2, 2027", "3/1/69", "12-25-2026"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := parseDateText(s)
		if err != nil {
			if !d.IsZero() {
				t.Fatalf("error with a date: %v", d)
			}
			// A date read two ways is refused naming both, never
			// offering one as the form to write (issue 35).
			if msg := err.Error(); strings.Contains(msg, "could be") && strings.Contains(msg, "write it as") {
				t.Fatalf("%q: an ambiguous date's message offers a reading: %s", s, msg)
			}
			return
		}
		// An accepted date is a real day in range, and its ISO form reads
		// back to itself.
		if d.Year < minYear || d.Year > maxYear || d.Day < 1 || d.Day > daysIn(d.Year, d.Month) {
			t.Fatalf("%q → impossible date %v", s, d)
		}
		if back, err := parseDateText(d.String()); err != nil || back != d {
			t.Fatalf("%q → %v does not round-trip: %v %v", s, d, back, err)
		}
	})
}

func FuzzMatchHeader(f *testing.F) {
	for _, s := range []string{"Event Date", "vacancy_id", "ID", "Office Title", "May be appointed?", "", "Ærø", "office\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := matchHeader(s)
		// Case, spaces, underscores and punctuation never change the match.
		variants := []string{strings.ToUpper(s), strings.ReplaceAll(s, " ", "_"), " " + s + ".", strings.ReplaceAll(s, "_", "-")}
		for _, v := range variants {
			if utf8.ValidString(s) && matchHeader(v) != got {
				t.Fatalf("matchHeader(%q) = %v but matchHeader(%q) = %v", s, got, v, matchHeader(v))
			}
		}
		_ = isHeader([]string{s, "cause"})
	})
}

func FuzzReadCSV(f *testing.F) {
	f.Add("\xef\xbb\xbfoffice,cause,event_date\nMayor,died,2026-01-05\n")
	f.Add("title\n\nid;office;cause;date\n1;Assemblymember;resigned;1/5/26\n;;;\n2;\"x\ny\";died;\n")
	f.Add("office\tcause\tevent_date\tcounty\nGovernor\tremoved\t13/45/2020\tSchenectedy\n")
	f.Add("office,cause\n\"unterminated,died\n")
	f.Add("office,cause,x\na,b\nc,d,e,f\n")
	f.Add("office,cause,incumbent\nMayor,died,Jos\xe9 Mu\xf1oz\n")                      // Windows-1252
	f.Add("\xff\xfeo\x00f\x00f\x00i\x00c\x00e\x00,\x00c\x00a\x00u\x00s\x00e\x00\n\x00") // UTF-16
	f.Add("office,cause,event_date,Event Date\nMayor,di\x00ed,1/5/26,\n")               // a field twice, a NUL
	f.Add("office,cause\nMayor,died\n\"Clerk,died\nJustice,died\n")                     // a quote never closed
	f.Fuzz(func(t *testing.T, in string) {
		var items []Item
		st, err := ReadFile(context.Background(), "-", Options{Stdin: strings.NewReader(in)}, func(it Item) error {
			items = append(items, it)
			return nil
		})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "ingest: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		if st.Rows != st.Accepted+st.Rejected+st.Blank || len(items) != st.Accepted+st.Rejected {
			t.Fatalf("accounting broken: %+v, %d items", st, len(items))
		}
		prev := 0
		for _, it := range items {
			v := it.Vacancy
			if v.Source.File != "-" || v.Source.Row <= prev || v.ID == "" {
				t.Fatalf("bad provenance or order: %+v after row %d", v.Source, prev)
			}
			prev = v.Source.Row
			for _, p := range it.Problems {
				if p.Message == "" || p.Source != v.Source {
					t.Fatalf("bad problem %+v", p)
				}
			}
			if len(it.Problems) == 0 && (v.Office == "" || v.Cause == "") {
				t.Fatalf("accepted without office or cause: %+v", v)
			}
		}
	})
}

// FuzzRecordReader: the record reader must hand encoding/csv the records
// it would read itself, with LF line ends: same fields, same errors, same
// lines. (Inputs with CR are compared after making their line ends LF.)
func FuzzRecordReader(f *testing.F) {
	for _, s := range []string{"a,b\nc,d\n", "a,\"b\nc\",d\n", "a\"b,c\nd\n", "\"a\"x,b\nc\n", "\"a\"\"b\",c\n\n\nd", "\"open\nx\ny", "a;b\r\nc\rd\n"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, in string, sepPick uint8) {
		sep := []rune{',', ';', '\t'}[sepPick%3]
		want := readRecords(csvOn(strings.NewReader(string(lfLineEnds([]byte(in))))), sep)
		rr := newRecordReader(bufio.NewReaderSize(strings.NewReader(in), 16), sep, 1<<20)
		got := readRecords(csvOn(rr), sep)
		if got != want {
			t.Fatalf("input %q (sep %q):\n got %s\nwant %s", in, sep, got, want)
		}
	})
}

func csvOn(r io.Reader) *csv.Reader { return csv.NewReader(r) }

// readRecords renders every record and error the CSV reader gives.
func readRecords(cr *csv.Reader, sep rune) string {
	cr.Comma, cr.FieldsPerRecord = sep, -1
	var b strings.Builder
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return b.String()
		}
		if err != nil {
			fmt.Fprintf(&b, "%v|", err)
			continue
		}
		line, _ := cr.FieldPos(0)
		fmt.Fprintf(&b, "%d:%q|", line, rec)
	}
}
