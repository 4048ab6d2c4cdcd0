package icalline

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	ics "github.com/arran4/golang-ical"
)

func TestText(t *testing.T) {
	for _, c := range []struct{ name, value, want string }{
		{"a short line", "Primary election", "SUMMARY:Primary election\r\n"},
		{"TEXT's four escapes; a carriage return left out", "a,b;c\\d\r\ne", "SUMMARY:a\\,b\\;c\\\\d\\ne\r\n"},
		{"75 octets fit on one line", strings.Repeat("x", 75-len("SUMMARY:")),
			"SUMMARY:" + strings.Repeat("x", 67) + "\r\n"},
		{"the 76th octet starts a line with a space", strings.Repeat("x", 68),
			"SUMMARY:" + strings.Repeat("x", 67) + "\r\n x\r\n"},
		// "§" is two octets: at 74 octets it would end at the 76th, so it
		// moves whole to the next line.
		{"a character's octets stay together", strings.Repeat("x", 66) + "§",
			"SUMMARY:" + strings.Repeat("x", 66) + "\r\n §\r\n"},
		{"an escape stays together", strings.Repeat("x", 66) + ",",
			"SUMMARY:" + strings.Repeat("x", 66) + "\r\n \\,\r\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := string(Text(nil, "SUMMARY", c.value)); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

// FuzzText holds the content lines to golang-ical's, the serialisation
// they replaced: any text reads back, through golang-ical's parser, as
// the library's own line of it does, and no line passes 75 octets.
func FuzzText(f *testing.F) {
	for _, s := range []string{"", "Primary election", "a,b;c\\d\ne", strings.Repeat("§x, ", 40), "\r\r\n\n", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			s = strings.ToValidUTF8(s, "\uFFFD")
		}
		ours := Text(nil, "DESCRIPTION", s)
		for _, l := range strings.Split(strings.TrimSuffix(string(ours), "\r\n"), "\r\n") {
			if len(l) > MaxOctets {
				t.Fatalf("a line of %d octets: %q", len(l), l)
			}
			if !utf8.ValidString(l) {
				t.Fatalf("a line splits a character: %q", l)
			}
		}
		var ref bytes.Buffer
		p := ics.BaseProperty{IANAToken: "DESCRIPTION", Value: strings.ReplaceAll(s, "\r", "")}
		if err := p.SerializeTo(&ref, &ics.SerializationConfiguration{MaxLength: 75, PropertyMaxLength: 75, NewLine: "\r\n"}); err != nil {
			t.Skip(err)
		}
		if got, want := readBack(t, ours), readBack(t, ref.Bytes()); got != want {
			t.Fatalf("reads back as %q; golang-ical's line as %q", got, want)
		}
	})
}

// readBack is a DESCRIPTION line's text as golang-ical parses it.
func readBack(t *testing.T, line []byte) string {
	t.Helper()
	cal := "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:u\r\n" + string(line) + "END:VEVENT\r\nEND:VCALENDAR\r\n"
	c, err := ics.ParseCalendar(strings.NewReader(cal))
	if err != nil {
		t.Fatalf("%v:\n%s", err, cal)
	}
	p := c.Events()[0].GetProperty(ics.ComponentPropertyDescription)
	if p == nil {
		return ""
	}
	return ics.FromText(p.Value)
}
