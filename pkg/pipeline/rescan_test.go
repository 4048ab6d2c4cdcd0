package pipeline

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"batch/internal/synth"
)

// withRowNumberAgain writes a generated workbook of n rows whose row
// element numbered from is numbered to instead (to < from: the numbers go
// back, and row to is used twice), as no spreadsheet program writes it.
func withRowNumberAgain(t *testing.T, n, from, to int) string {
	t.Helper()
	var book bytes.Buffer
	if err := synth.WriteXLSX(&book, synth.Defaults(n, 5)); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(book.Bytes()), int64(book.Len()))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "again.xlsx")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	zw := zip.NewWriter(out)
	found := false
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if f.Name == "xl/worksheets/sheet1.xml" {
			old, repl := `<row r="`+strconv.Itoa(from)+`"`, `<row r="`+strconv.Itoa(to)+`"`
			found = bytes.Contains(b, []byte(old))
			b = bytes.Replace(b, []byte(old), []byte(repl), 1)
			// The cells keep their own references (A<from>…): the row's
			// number is the row element's.
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Fatalf("no row %d in the generated sheet", from)
	}
	return path
}

// A workbook whose row numbers go back is read a second time, each sheet
// checked first (the first reading, checking as it read, met the going
// back only at row 40, after 38 rows went to the writer): the outputs are
// those of a run that checked first, the rows sharing a number rejected.
func TestRowNumbersGoingBackAreReadAgainCheckedFirst(t *testing.T) {
	in := withRowNumberAgain(t, 60, 40, 12)
	run := func(checkFirst bool) (Summary, string) {
		out := t.TempDir()
		opts := Options{Inputs: []string{in}, checkFirst: checkFirst,
			Outputs: Outputs{Dir: out, AsOf: asOf, Formats: []string{"csv"}}}
		sum, err := runGuarded(t, context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		assertAccounts(t, sum)
		var all strings.Builder
		for _, f := range []string{"vacancies.csv", "deadlines.csv", "conflicts.csv", "errors.csv"} {
			b, err := os.ReadFile(filepath.Join(out, f))
			if err != nil {
				t.Fatal(err)
			}
			all.WriteString("== " + f + "\n")
			all.Write(b)
		}
		return sum, all.String()
	}
	sum, got := run(false)
	first, want := run(true)
	if got != want {
		t.Errorf("read again, the outputs differ from a run that checked first")
	}
	if sum.Rejected != first.Rejected || sum.Accepted != first.Accepted || sum.Rows != first.Rows {
		t.Errorf("read again: %d rows, %d accepted, %d rejected; checked first: %d, %d, %d",
			sum.Rows, sum.Accepted, sum.Rejected, first.Rows, first.Accepted, first.Rejected)
	}
	if n := strings.Count(got, "row number 12 is used by more than one row"); n != 2 {
		t.Errorf("errors.csv names row number 12 as shared %d times, want 2 (both rows)", n)
	}
}
