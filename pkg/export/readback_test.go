package export

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
)

// plainNegative is written independently of guard.go's plainNumber, so the
// test does not take the code's word for what a number is.
var plainNegative = regexp.MustCompile(`^-[0-9]+(\.[0-9]+)?$`)

// dangerous reports whether a spreadsheet could take s for a formula. A
// plain negative number ("-5", "-3.5") is read as the number it is.
func dangerous(s string) bool {
	if s == "" {
		return false
	}
	if c := s[0]; c < 0x20 || c == 0x7f {
		return true
	}
	s = strings.TrimLeft(s, " \t\n\r\u00a0\u2007\u202f\u3000\u200b\u200c\u200d\u2060\ufeff")
	if plainNegative.MatchString(s) {
		return false
	}
	for _, p := range []string{"=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func TestGuardText(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"a formula from the input", injection, "'" + injection},
		{"a plus sign, as in a phone number", "+1 555", "'+1 555"},
		{"a minus sign before words", "-5 north", "'-5 north"},
		{"a sum that starts with a minus", "-2+3", "'-2+3"},
		{"a negative number is a number, not a formula", "-250", "-250"},
		{"a negative decimal is a number, not a formula", "-3.5", "-3.5"},
		{"a minus alone is guarded", "-", "'-"},
		{"a negative number with an exponent is guarded", "-1E5", "'-1E5"},
		{"a negative number ending in a point is guarded", "-1.", "'-1."},
		{"a plus before a number is still guarded", "+1", "'+1"},
		{"an at sign", "@SUM(A1)", "'@SUM(A1)"},
		{"a leading tab", "\tx", "'\tx"},
		{"a leading carriage return is guarded, then replaced", "\rx", "'\uFFFDx"},
		{"an escape sequence loses its escape, and a control character first is guarded", "\x1b[2J\x1b[31mTown Supervisor", "'\uFFFD[2J\uFFFD[31mTown Supervisor"},
		{"a bell and a NUL are replaced", "a\x07b\x00c", "a\uFFFDb\uFFFDc"},
		{"DEL and a C1 control are replaced", "a\x7fb\u009bc", "a\uFFFDb\uFFFDc"},
		{"bytes that are not UTF-8 are replaced", "Mu\xf1oz", "Mu\uFFFDoz"},
		{"a CR LF line break becomes a line feed", "line 1\r\nline 2", "line 1\nline 2"},
		{"a lone CR inside the text is replaced", "a\rb", "a\uFFFDb"},
		{"tab and line feed inside the text are kept", "a\tb\nc", "a\tb\nc"},
		{"accents are kept", "José Muñoz, Cañada", "José Muñoz, Cañada"},
		{"an escape before an equals sign is guarded, then replaced", "\x1b=1", "'\uFFFD=1"},
		{"spaces before an equals sign", " =1+1", "' =1+1"},
		{"a non-breaking space before a plus", "\u00a0+2", "'\u00a0+2"},
		{"a zero-width space before an at sign", "\u200b@SUM(1)", "'\u200b@SUM(1)"},
		{"a line feed before a minus formula", "\n-3+3", "'\n-3+3"},
		{"a byte-order mark before an equals sign", "\ufeff=cmd", "'\ufeff=cmd"},
		{"a word joiner before an equals sign", "\u2060=x", "'\u2060=x"},
		{"an ideographic space before an equals sign", "\u3000=1", "'\u3000=1"},
		{"a figure space and a narrow no-break space", "\u2007\u202f+1", "'\u2007\u202f+1"},
		{"zero-width joiners before a minus", "\u200d\u200c-1+1", "'\u200d\u200c-1+1"},
		{"spaces before a negative number: still a number", "  -250", "  -250"},
		{"spaces before words are left alone", "  Town of Berne", "  Town of Berne"},
		{"a full-width equals sign", "＝1+1", "'＝1+1"},
		{"a full-width plus sign", "＋1", "'＋1"},
		{"a full-width minus sign", "－1", "'－1"},
		{"a full-width at sign", "＠x", "'＠x"},
		{"other full-width text is left alone", "ＡＢＣ", "ＡＢＣ"},
		{"plain text is left alone", "Member of Assembly", "Member of Assembly"},
		{"an id with leading zeros is left alone", "000123", "000123"},
		{"a sign inside the text is left alone", "a=b", "a=b"},
		{"empty stays empty", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := guardText(c.in); got != c.want {
				t.Errorf("guardText(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func TestWorkbookReadBack(t *testing.T) {
	dir, opts := allFormats(t)
	writeFixture(t, opts)
	f, err := excelize.OpenFile(filepath.Join(dir, resultsName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()

	t.Run("sheets are in the contract's order", func(t *testing.T) {
		if got := f.GetSheetList(); !slices.Equal(got, sheetOrder) {
			t.Errorf("sheets %q, want %q", got, sheetOrder)
		}
	})
	t.Run("date cells are numbers formatted yyyy-mm-dd", func(t *testing.T) {
		asOfRef := ""
		rows, _ := f.GetRows(summarySheet)
		for i, r := range rows {
			if len(r) > 1 && r[0] == "as of" {
				asOfRef = "B" + fmt.Sprint(i+1)
			}
		}
		if asOfRef == "" {
			t.Fatal("Summary has no \"as of\" line")
		}
		for _, c := range []struct{ sheet, ref string }{
			{vacanciesSheet, "I2"}, {deadlinesSheet, "F3"}, {summarySheet, asOfRef}, {calendarSheet, "D2"},
		} {
			raw, _ := f.GetCellValue(c.sheet, c.ref, excelize.Options{RawCellValue: true})
			serial, err := parseInt(raw)
			if err != nil {
				t.Errorf("%s!%s raw %q is not a number", c.sheet, c.ref, raw)
				continue
			}
			sid, _ := f.GetCellStyle(c.sheet, c.ref)
			st, _ := f.GetStyle(sid)
			if st.CustomNumFmt == nil || *st.CustomNumFmt != "yyyy-mm-dd" {
				t.Errorf("%s!%s: number format %v, want yyyy-mm-dd", c.sheet, c.ref, st.CustomNumFmt)
			}
			shown, _ := f.GetCellValue(c.sheet, c.ref)
			if want := compute.D(1899, 12, 30).AddDays(serial).String(); shown != want {
				t.Errorf("%s!%s shows %q, want %q", c.sheet, c.ref, shown, want)
			}
		}
		// V-001's event date, 2026-02-10, is serial 46063.
		if raw, _ := f.GetCellValue(vacanciesSheet, "I2", excelize.Options{RawCellValue: true}); raw != "46063" {
			t.Errorf("Vacancies!I2 = %q, want 46063", raw)
		}
	})
	t.Run("the header row is frozen on every table", func(t *testing.T) {
		for _, sheet := range sheetOrder[1:] {
			p, err := f.GetPanes(sheet)
			if err != nil {
				t.Fatal(err)
			}
			want := 1
			if sheet == rulesSheet {
				want = 2 // the edition sits above the header
			}
			if !p.Freeze || p.YSplit != want {
				t.Errorf("%s: freeze %v below row %d, want frozen below row %d", sheet, p.Freeze, p.YSplit, want)
			}
		}
	})
	t.Run("highlighted rows carry their style", func(t *testing.T) {
		for _, c := range []struct {
			name, sheet, ref, want string
		}{
			{"a vacancy with a warning is amber", vacanciesSheet, "A2", "amber"},
			{"its conflicts cell is a link", vacanciesSheet, "S2", "amber+link"},
			{"a vacancy with an error is red", vacanciesSheet, "A3", "red"},
			{"a date on a red row stays a date", vacanciesSheet, "I3", "date+red"},
			{"a vacancy without conflicts is plain", vacanciesSheet, "A4", ""},
			// Deadlines leads with the open rows by their last day (V-001's
			// opportunity to ballot, Mon 2026-03-02, and designating
			// petitions, 03-12; 000123's acceptance, Mon 03-16; V-001's
			// independent petitions, 12-01), then those needing nothing, in
			// input order: V-002's two passed rows, 000123's row that does
			// not apply.
			{"a rolled-over last day is marked", deadlinesSheet, "F2", "date+rolled"},
			{"an open deadline between another vacancy's open ones is plain", deadlinesSheet, "A4", ""},
			{"its rolled-over day is marked too", deadlinesSheet, "F4", "date+rolled"},
			{"a passed deadline is greyed, after the open ones", deadlinesSheet, "A6", "passed"},
			{"a passed, rolled-over day is both", deadlinesSheet, "F7", "date+rolled+passed"},
			{"a deadline that does not apply is greyed, last", deadlinesSheet, "A8", "passed"},
			{"the deadline a warning names is amber", deadlinesSheet, "B5", "amber"},
			// Conflicts is sorted worst first: V-002's error, then V-001's
			// warning, then its info.
			{"an error conflict is red, and first", conflictsSheet, "D2", "red"},
			{"a warning conflict is amber", conflictsSheet, "D3", "amber"},
			{"an info conflict is plain, and last", conflictsSheet, "D4", ""},
		} {
			t.Run(c.name, func(t *testing.T) {
				sid, _ := f.GetCellStyle(c.sheet, c.ref)
				if got := styleName(t, f, sid); got != c.want {
					t.Errorf("%s!%s style %q, want %q", c.sheet, c.ref, got, c.want)
				}
			})
		}
	})
	t.Run("highlighted rows link to their most severe conflict", func(t *testing.T) {
		for ref, want := range map[string]string{"S2": "'Conflicts'!A3", "S3": "'Conflicts'!A2"} {
			ok, target, err := f.GetCellHyperLink(vacanciesSheet, ref)
			if err != nil || !ok || target != want {
				t.Errorf("Vacancies!%s links %v to %q (%v), want %q", ref, ok, target, err, want)
			}
		}
		if ok, _, _ := f.GetCellHyperLink(vacanciesSheet, "S4"); ok {
			t.Error("a vacancy without conflicts has a link")
		}
	})
	quoted := quotedStyles(t, filepath.Join(dir, resultsName))
	t.Run("input formulas come back as text, marked quotePrefix, without an apostrophe", func(t *testing.T) {
		for _, c := range []struct{ name, sheet, ref string }{
			{"office", vacanciesSheet, "C3"}, {"notes", vacanciesSheet, "W2"},
			{"an extra column", vacanciesSheet, "AE2"}, {"a problem's value", errorsSheet, "D3"},
		} {
			v, _ := f.GetCellValue(c.sheet, c.ref)
			typ, _ := f.GetCellType(c.sheet, c.ref)
			formula, _ := f.GetCellFormula(c.sheet, c.ref)
			sid, _ := f.GetCellStyle(c.sheet, c.ref)
			if v != injection || typ != excelize.CellTypeInlineString || formula != "" || !quoted[sid] {
				t.Errorf("%s (%s!%s) = %q type %v formula %q quotePrefix %v, want the text %q marked quotePrefix",
					c.name, c.sheet, c.ref, v, typ, formula, quoted[sid], injection)
			}
		}
	})
	t.Run("plain text is not marked quotePrefix", func(t *testing.T) {
		sid, _ := f.GetCellStyle(vacanciesSheet, "C2") // "Member of Assembly"
		if quoted[sid] {
			t.Error("Vacancies!C2 is marked quotePrefix")
		}
	})
	t.Run("every text cell that starts like a formula is marked quotePrefix", func(t *testing.T) {
		for _, sheet := range f.GetSheetList() {
			rows, _ := f.GetRows(sheet, excelize.Options{RawCellValue: true})
			for ri, row := range rows {
				for ci, v := range row {
					ref, _ := excelize.CoordinatesToCellName(ci+1, ri+1)
					sid, _ := f.GetCellStyle(sheet, ref)
					if typ, _ := f.GetCellType(sheet, ref); typ == excelize.CellTypeInlineString && dangerous(v) && !quoted[sid] {
						t.Errorf("%s!%s = %q", sheet, ref, v)
					}
				}
			}
		}
	})
	t.Run("ids, districts and counties stay text", func(t *testing.T) {
		for ref, want := range map[string]string{"A4": "000123", "E4": "0001", "E2": "012", "AD2": "007"} {
			v, _ := f.GetCellValue(vacanciesSheet, ref)
			typ, _ := f.GetCellType(vacanciesSheet, ref)
			if v != want || typ != excelize.CellTypeInlineString {
				t.Errorf("Vacancies!%s = %q (type %v), want the text %q", ref, v, typ, want)
			}
		}
	})
}

func parseInt(s string) (int, error) {
	var n int
	_, err := fmt.Sscan(s, &n)
	return n, err
}

func TestCSVReadBack(t *testing.T) {
	dir, opts := allFormats(t)
	writeFixture(t, opts)
	read := func(name string) [][]string {
		t.Helper()
		fh, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		recs, err := csv.NewReader(fh).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return recs
	}
	t.Run("headers are the contract's columns in order", func(t *testing.T) {
		for name, want := range map[string][]string{
			vacanciesName: append(slices.Clone(vacancyColumns), "ward", "memo"),
			deadlinesName: deadlineColumns, conflictsName: conflictColumns, errorsName: errorColumns,
		} {
			if got := read(name)[0]; !slices.Equal(got, want) {
				t.Errorf("%s header %q, want %q", name, got, want)
			}
		}
	})
	t.Run("input formulas come back with an apostrophe", func(t *testing.T) {
		vac := read(vacanciesName)
		for _, c := range []struct {
			name     string
			row, col int
			file     [][]string
		}{
			{"office", 2, 2, vac}, {"notes", 1, 22, vac}, {"an extra column", 1, 30, vac},
			{"a problem's value", 2, 3, read(errorsName)},
		} {
			if got := c.file[c.row][c.col]; got != "'"+injection {
				t.Errorf("%s = %q, want %q", c.name, got, "'"+injection)
			}
		}
	})
	t.Run("no field starts like a formula", func(t *testing.T) {
		for _, name := range []string{vacanciesName, deadlinesName, conflictsName, errorsName} {
			for i, rec := range read(name) {
				for j, v := range rec {
					if dangerous(v) {
						t.Errorf("%s record %d field %d = %q", name, i+1, j+1, v)
					}
				}
			}
		}
	})
	t.Run("dates are ISO, booleans yes/no, ids keep their zeros", func(t *testing.T) {
		vac, dl := read(vacanciesName), read(deadlinesName)
		if vac[1][8] != "2026-02-10" || vac[3][0] != "000123" || vac[3][4] != "0001" {
			t.Errorf("vacancy rows %q / %q", vac[1], vac[3])
		}
		if dl[2][6] != "yes" || dl[2][7] != "yes" || dl[6][7] != "no" || dl[2][5] != "2026-03-02" {
			t.Errorf("deadline rows %q / %q", dl[2], dl[6])
		}
	})
}
