package ingest

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
)

// rowsOf reads CSV text and returns each item's row and office, and the
// stats.
func rowsOf(t *testing.T, body []byte) ([]string, FileStats) {
	t.Helper()
	items, st := readAll(t, writeCSV(t, "in.csv", body), Options{})
	var got []string
	for _, it := range items {
		s := fmt.Sprintf("%d:%s", it.Vacancy.Source.Row, it.Vacancy.Office)
		if len(it.Problems) > 0 {
			s += ":rejected"
		}
		got = append(got, s)
	}
	return got, st
}

func TestEveryLineEndReadsTheSameRows(t *testing.T) {
	// Four rows under a title line and the header: one blank line, one
	// quoted cell holding a line break. Written with each line end in use,
	// the file must read the same rows, on the same line numbers.
	lines := []string{
		"Albany County vacancies",
		"office,cause,event_date,notes",
		"Town Supervisor,death,2026-03-05,first",
		"",
		"Town Clerk,resignation,2026-03-06,\"two#lines\"",
		"Town Justice,death,2026-03-07,third",
		"Mayor,death,2026-03-08,last",
	}
	want := []string{"3:Town Supervisor", "5:Town Clerk", "7:Town Justice", "8:Mayor"}
	join := func(ends ...string) []byte {
		var b bytes.Buffer
		for i, l := range lines {
			end := ends[i%len(ends)]
			b.WriteString(strings.ReplaceAll(l, "#", end) + end)
		}
		return b.Bytes()
	}
	// The quoted cell's own line break counts as a line: rows after it are
	// one line further down.
	want = []string{"3:Town Supervisor", "5:Town Clerk", "7:Town Justice", "8:Mayor"}
	tests := []struct {
		name string
		body []byte
	}{
		{"LF (Unix, Excel for Mac since 2016)", join("\n")},
		{"CR LF (Windows)", join("\r\n")},
		{"CR alone (classic Mac OS exports)", join("\r")},
		{"a mix of all three", join("\r", "\n", "\r\n")},
		{"CR alone, no line end after the last row", bytes.TrimSuffix(join("\r"), []byte("\r"))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, st := rowsOf(t, tc.body)
			wantRows := []string{"3:Town Supervisor", "5:Town Clerk", "7:Town Justice", "8:Mayor"}
			// Town Clerk's quoted cell spans lines 5 and 6, so Town Justice
			// is on line 7 and Mayor on 8; line 4 is blank.
			if strings.Join(got, " ") != strings.Join(wantRows, " ") {
				t.Errorf("rows %q, want %q", got, wantRows)
			}
			if st.Rows != 5 || st.Accepted != 4 || st.Blank != 1 {
				t.Errorf("stats %+v, want 5 rows: 4 accepted, 1 blank", st)
			}
		})
	}
	_ = want
}

func TestALineEndInsideAQuotedCellIsKept(t *testing.T) {
	for _, end := range []string{"\n", "\r\n", "\r"} {
		body := "office,cause,event_date,notes\r" + "Mayor,death,2026-03-05,\"a" + end + "b\"\r"
		items, _ := readAll(t, writeCSV(t, "in.csv", []byte(body)), Options{})
		if len(items) != 1 || len(items[0].Vacancy.Extra) != 0 && items[0].Vacancy.Notes != "a\nb" {
			t.Fatalf("%q: items %+v", end, items)
		}
		if got := items[0].Vacancy.Notes; got != "a\nb" {
			t.Errorf("line end %q inside a quoted cell: notes %q, want %q", end, got, "a\nb")
		}
	}
}

func TestTheHeaderIsFoundBelowLineOneHundred(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 150; i++ {
		fmt.Fprintf(&b, "preamble line %d\n", i)
	}
	b.WriteString("office,cause,event_date\nTown Supervisor,death,2026-03-05\nTown Clerk,death,2026-03-06\n")
	got, st := rowsOf(t, []byte(b.String()))
	if want := "152:Town Supervisor 153:Town Clerk"; strings.Join(got, " ") != want || st.Rows != 2 {
		t.Errorf("rows %q (stats %+v), want %s", got, st, want)
	}
}

func TestAnOverlongRowIsRejectedAndTheRestRead(t *testing.T) {
	long := strings.Repeat("x", MaxCSVRecordBytes+10)
	tests := []struct {
		name  string
		body  string
		want  []string
		words string
	}{
		{"one line longer than the limit",
			"office,cause,event_date\nMayor,death,2026-03-05\nClerk,death,2026-03-05," + long + "\nJustice,death,2026-03-06\n",
			[]string{"2:Mayor", "3::rejected", "4:Justice"}, "holds 8.0 MiB"},
		{"a quoted cell over many short lines, longer than the limit",
			"office,cause,event_date,notes\nMayor,death,2026-03-05,x\nClerk,death,2026-03-05,\"" + strings.Repeat("line\n", MaxCSVRecordBytes/5+10) + "\"\nJustice,death,2026-03-06,x\n",
			[]string{"2:Mayor", "3::rejected", fmt.Sprintf("%d:Justice", 4+MaxCSVRecordBytes/5+10)}, "lines 3 to"},
		{"two quoted cells of empty lines, each past the limit, with a row between",
			"office,cause,event_date,notes\nA,death,2026-03-05,\"" + strings.Repeat("\n", MaxCSVRecordBytes+5) + "\"\nMayor,death,2026-03-05,x\nB,death,2026-03-05,\"" +
				strings.Repeat("\r\n", MaxCSVRecordBytes+7) + "\"\nJustice,death,2026-03-06,x\n",
			[]string{"2::rejected", fmt.Sprintf("%d:Mayor", 2+MaxCSVRecordBytes+5+1), fmt.Sprintf("%d::rejected", 2+MaxCSVRecordBytes+5+2),
				fmt.Sprintf("%d:Justice", 2+MaxCSVRecordBytes+5+2+MaxCSVRecordBytes+7+1)}, ") holds 8.0 MiB"},
		{"an overlong last line without a line end",
			"office,cause,event_date\nMayor,death,2026-03-05\nClerk,death," + long,
			[]string{"2:Mayor", "3::rejected"}, "more than the 8 MiB"},
		{"an overlong line with CR line ends",
			"office,cause,event_date\rMayor,death,2026-03-05\rClerk,death,2026-03-05," + long + "\rJustice,death,2026-03-06\r",
			[]string{"2:Mayor", "3::rejected", "4:Justice"}, "8 MiB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			items, st := readAll(t, writeCSV(t, "in.csv", []byte(tc.body)), Options{})
			var got []string
			for _, it := range items {
				s := fmt.Sprintf("%d:%s", it.Vacancy.Source.Row, it.Vacancy.Office)
				if len(it.Problems) > 0 {
					s += ":rejected"
					if !strings.Contains(it.Problems[0].Message, tc.words) {
						t.Errorf("message %q lacks %q", it.Problems[0].Message, tc.words)
					}
					if len(it.Problems[0].Value) > 400 {
						t.Errorf("the problem holds %d bytes of the row", len(it.Problems[0].Value))
					}
				}
				got = append(got, s)
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("rows %q, want %q", got, tc.want)
			}
			if st.Rejected != strings.Count(strings.Join(tc.want, " "), "rejected") {
				t.Errorf("stats %+v", st)
			}
		})
	}
}

func TestAnUnclosedQuoteInABigFileFailsTheFile(t *testing.T) {
	body := "office,cause,event_date\nMayor,death,2026-03-05\n\"Clerk,death,2026-03-05\n" +
		strings.Repeat("Justice,death,2026-03-06\n", MaxCSVRecordBytes/25+100)
	path := writeCSV(t, "in.csv", []byte(body))
	_, err := ReadFile(context.Background(), path, Options{}, func(Item) error { return nil })
	lines := 3 + MaxCSVRecordBytes/25 + 100
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("line 3: a quote opened on line 3 is never closed, so lines 3 to %d would", lines)) {
		t.Fatalf("err %v", err)
	}
}

func TestACellMixingUTF8AndWindows1252(t *testing.T) {
	// "José" in UTF-8 (é = C3 A9), "Muñoz" in Windows-1252 (ñ = F1).
	body := "office,cause,event_date,incumbent\nMayor,death,2026-03-05,Jos\xc3\xa9 Mu\xf1oz\nClerk,death,2026-03-06,Ann Lee\n"
	path := writeCSV(t, "in.csv", []byte(body))
	items, st := readAll(t, path, Options{})
	if got := items[0].Vacancy.Incumbent; got != "José Muñoz" {
		t.Errorf("incumbent %q, want José Muñoz", got)
	}
	if len(st.Notes) != 1 || st.Notes[0].Source.Row != 2 || st.Notes[0].Column != "incumbent" ||
		!strings.Contains(st.Notes[0].Message, "Windows-1252") {
		t.Errorf("notes %+v", st.Notes)
	}
}

func TestRecordReaderMatchesTheCSVReader(t *testing.T) {
	// The record reader must end records where encoding/csv does, or rows
	// would shift: stray quotes, quotes doubled, a quote closed then text.
	bodies := []string{
		"office,cause\na\"b,c\nMayor,died\n",
		"office,cause\n\"a\"\"b\",c\nMayor,died\n",
		"office,cause\n\"a\"x,c\nMayor,died\n",
		"office,cause\n\"a,\nb\",c\nMayor,died\n",
		"office,cause\n,,,\n\n\nMayor,died",
		"office;cause\n\"a;b\";c\r\nMayor;died\r",
	}
	for _, body := range bodies {
		got, st := rowsOf(t, []byte(body))
		if len(got) == 0 || !strings.Contains(got[len(got)-1], ":Mayor") {
			t.Errorf("%q: rows %q (%+v): Mayor lost", body, got, st)
		}
	}
}
