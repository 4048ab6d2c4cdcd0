package ingest

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"batch/pkg/compute"
)

func writeCSV(t *testing.T, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCSVFilesThatFailWhole(t *testing.T) {
	tests := []struct {
		name, body string
		want       string // after "ingest: PATH: "
	}{
		{"event_date twice, under two spellings",
			"office,cause,event_date,Event Date\nMayor,died,2026-01-05,2026-02-05\n",
			`line 1: the header names event_date twice, as "event_date" in column C and "Event Date" in column D: keep one of them, or rename the other`},
		{"office twice through an alias, below a title line",
			"Vacancies\nOffice Title,cause,event_date,Position\nMayor,died,2026-01-05,Town Clerk\n",
			`line 2: the header names office twice, as "Office Title" in column A and "Position" in column D: keep one of them, or rename the other`},
		{"a quote opened on line 3 and never closed",
			"office,cause,event_date\nMayor,died,2026-01-05\n\"Town Clerk,died,2026-01-06\nTown Justice,died,2026-01-07\n",
			`line 3: a quote opened on line 3 is never closed, so lines 3 to 4 would read as one cell; close the quote or remove it`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := writeCSV(t, "in.csv", []byte(tc.body))
			_, err := ReadFile(context.Background(), path, Options{}, func(Item) error { return nil })
			if want := "ingest: " + path + ": " + tc.want; err == nil || err.Error() != want {
				t.Fatalf("err\n got %v\nwant %s", err, want)
			}
		})
	}
}

func TestWorkbookSheetWithAHeaderTwice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dup.xlsx")
	buildWorkbook(t, path, []string{"Albany"}, map[string]map[int][]cell{"Albany": {
		1: s("office", "cause", "event_date", "EVENT_DATE"),
		2: s("Mayor", "died", "2026-01-05", "2026-02-05"),
	}})
	_, err := ReadFile(context.Background(), path, Options{}, func(Item) error { return nil })
	want := "ingest: " + path + `: sheet "Albany" row 1: the header names event_date twice, as "event_date" in column C and "EVENT_DATE" in column D: keep one of them, or rename the other`
	if err == nil || err.Error() != want {
		t.Fatalf("err\n got %v\nwant %s", err, want)
	}
}

func TestCSVRowsThatStayRows(t *testing.T) {
	// A quote that goes wrong inside its own line, or is never closed on
	// the very last line, swallows no row below it: only its row is
	// rejected.
	for _, tc := range []struct{ name, body string }{
		{"a quoted field with text after its closing quote",
			"office,cause,event_date\n\"Mayor\"x,died,2026-01-05\nTown Clerk,died,2026-01-06\n"},
		{"a quote never closed on the last line",
			"office,cause,event_date\nTown Clerk,died,2026-01-06\n\"Mayor,died,2026-01-05\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, st := readAll(t, writeCSV(t, "in.csv", []byte(tc.body)), Options{})
			if st.Accepted != 1 || st.Rejected != 1 {
				t.Fatalf("stats %+v", st)
			}
		})
	}
}

func TestCSVEncodings(t *testing.T) {
	// "José Muñoz" and "Cañada" in Windows-1252: é = 0xE9, ñ = 0xF1; and
	// "Renée" with é, "€" = 0x80, both Windows-1252 only (0x80 is a C1
	// control in Latin-1 proper).
	latin := []byte("office,cause,event_date,incumbent,district\nTown Supervisor,died,2026-03-05,Jos\xe9 Mu\xf1oz,Town of Ca\xf1ada\nTown Clerk,died,2026-03-06,Ren\xe9e,\x80 ward\n")
	utf := []byte("office,cause,event_date,incumbent,district\nTown Supervisor,died,2026-03-05,José Muñoz,Town of Cañada\n")
	// A file that is UTF-8 for its first megabyte and then has a
	// Windows-1252 cell: that cell alone is decoded so.
	var late strings.Builder
	late.WriteString("office,cause,event_date,incumbent,notes\n")
	for late.Len() < sniffBytes+1000 {
		late.WriteString("Town Clerk,died,2026-03-06,Zoë,café ok\n")
	}
	late.WriteString("Town Supervisor,died,2026-03-05,Jos\xe9 Mu\xf1oz,\n")
	// The same rows as Excel's "Unicode Text" saves them: UTF-16, little
	// end first, after the byte-order mark FF FE.
	utf16 := []byte{0xFF, 0xFE}
	for _, r := range string(utf) {
		utf16 = append(utf16, byte(r), byte(r>>8)) // every rune here is in the BMP
	}
	for _, tc := range []struct {
		name string
		body []byte
		want [][2]string // incumbent, district of rows by index (negative from the end)
	}{
		{"a file saved as Windows-1252 keeps its accents", latin, [][2]string{{"José Muñoz", "Town of Cañada"}, {"Renée", "€ ward"}}},
		{"a UTF-8 file is read as UTF-8", utf, [][2]string{{"José Muñoz", "Town of Cañada"}}},
		{"a UTF-8 file with a BOM is read as UTF-8", append(append([]byte{}, utf8BOM...), utf...), [][2]string{{"José Muñoz", "Town of Cañada"}}},
		{"a UTF-16 file with its byte-order mark", utf16, [][2]string{{"José Muñoz", "Town of Cañada"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			items, st := readAll(t, writeCSV(t, "in.csv", tc.body), Options{})
			if st.Rejected != 0 || len(items) != len(tc.want) {
				t.Fatalf("stats %+v", st)
			}
			for i, w := range tc.want {
				if v := items[i].Vacancy; v.Incumbent != w[0] || v.District != w[1] {
					t.Errorf("row %d: incumbent %q district %q, want %q %q", i+2, v.Incumbent, v.District, w[0], w[1])
				}
			}
			// The file's SHA-256 is of its bytes as sent, not as decoded.
			if st.SHA256 != sha256Hex(string(tc.body)) {
				t.Errorf("sha256 %s is not of the file's bytes", st.SHA256)
			}
		})
	}
	t.Run("a Windows-1252 cell past the first megabyte of a UTF-8 file", func(t *testing.T) {
		items, st := readAll(t, writeCSV(t, "in.csv", []byte(late.String())), Options{})
		if st.Rejected != 0 {
			t.Fatalf("stats %+v", st)
		}
		if first, last := items[0].Vacancy, items[len(items)-1].Vacancy; first.Incumbent != "Zoë" || first.Notes != "café ok" || last.Incumbent != "José Muñoz" {
			t.Errorf("first %q %q, last %q", first.Incumbent, first.Notes, last.Incumbent)
		}
	})
}

func TestNULByteRejectsItsRow(t *testing.T) {
	body := "vacancy_id,office,cause,event_date,board\nA-1,Town Super\x00visor,died,2026-03-06,x\nA-2,Town Clerk,de\x00ath,2026-03-07,\nA-3,Town Clerk,died,2026-03-07,a\x00b\nA-4,Town Clerk,died,2026-03-08,\n"
	items, st := readAll(t, writeCSV(t, "nul.csv", []byte(body)), Options{})
	if st.Rows != 4 || st.Accepted != 1 || st.Rejected != 3 {
		t.Fatalf("stats %+v", st)
	}
	src := func(row int) compute.Source { return compute.Source{File: "nul.csv", Row: row} }
	msg := func(col string) string {
		return col + " contains a NUL byte (U+0000, shown as \uFFFD), a sign of a damaged file or pasted binary data: retype the value"
	}
	want := [][]compute.Problem{
		{{Source: src(2), Code: compute.CellUnreadable, Column: "office", Value: "Town Super\uFFFDvisor", Message: msg("office")}},
		// One problem for the cause, not a second "is not a cause".
		{{Source: src(3), Code: compute.CellUnreadable, Column: "cause", Value: "de\uFFFDath", Message: msg("cause")}},
		// A carried-through column too: it would reach the outputs.
		{{Source: src(4), Code: compute.CellUnreadable, Column: "board", Value: "a\uFFFDb", Message: msg("board")}},
		nil,
	}
	for i, it := range items {
		if !reflect.DeepEqual(it.Problems, want[i]) {
			t.Errorf("row %d problems\n got %#v\nwant %#v", i+2, it.Problems, want[i])
		}
	}
}
