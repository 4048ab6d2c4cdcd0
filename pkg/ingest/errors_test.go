package ingest

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func sha256Hex(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

func TestWholeFileErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := countyWorkbook(t)
	goodBytes, _ := os.ReadFile(good)

	bomb := filepath.Join(dir, "bomb.xlsx")
	{
		fh, _ := os.Create(bomb)
		zw := zip.NewWriter(fh)
		w, _ := zw.Create("[Content_Types].xml")
		_, _ = w.Write(make([]byte, 2<<20)) // 2 MB of zeros packs to a few KB
		_ = zw.Close()
		_ = fh.Close()
	}
	folder := filepath.Join(dir, "county.xlsx")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	noHeader := filepath.Join(dir, "noheader.csv")
	_ = os.WriteFile(noHeader, []byte("a,b\n1,2\n"), 0o644)

	tests := []struct {
		name, path string
		opts       Options
		want       string
	}{
		{"a text file named .xlsx", write("text.xlsx", []byte("hello")), Options{}, "not an xlsx workbook (zip: not a valid zip file)"},
		{"a workbook cut short in the download", write("cut.xlsx", goodBytes[:len(goodBytes)/2]), Options{}, "not an xlsx workbook (zip: not a valid zip file)"},
		{"an Excel 97-2003 workbook renamed .xlsx", write("old.xlsx", append(append([]byte{}, oleSignature...), make([]byte, 600)...)), Options{},
			"the file is an Excel 97-2003 workbook (.xls), whatever its name says: open it in Excel and Save As .xlsx (Excel Workbook)"},
		{"a workbook encrypted with a password to open", write("secret.xlsx", append(append(append([]byte{}, oleSignature...), make([]byte, 600)...), utf16LE("EncryptedPackage")...)), Options{},
			"the workbook is encrypted with a password to open (Excel wraps it in another format), so it cannot be read: open it in Excel, remove the password (File > Info > Protect Workbook > Encrypt with Password, emptied) or Save As .xlsx without one"},
		{"an .xlsb renamed .xlsx", write("binary.xlsx", xlsbBytes()), Options{},
			"the file is an Excel binary workbook (.xlsb), whatever its name says, which this tool does not read: open it in Excel and Save As .xlsx (Excel Workbook)"},
		{"a zip bomb", bomb, Options{MaxUnpackedBytes: 1 << 20}, "the workbook unpacks to more than 1 MiB, more than this tool will read (a damaged file or a zip bomb)"},
		{"a file that is not there", filepath.Join(dir, "gone.xlsx"), Options{}, "cannot read the file (no such file or directory)"},
		{"a CSV that is not there", filepath.Join(dir, "gone.csv"), Options{}, "cannot read the file (no such file or directory)"},
		{"a Word document", write("memo.docx", []byte("x")), Options{}, "unsupported input; give an .xlsx or .xlsm workbook, a .csv file, or - for CSV on standard input"},
		{"a CSV without the header", noHeader, Options{}, `no header row naming at least office and cause in any of its 2 lines: line 1, the first with values, holds "a", "b"`},
		{"a folder named like a workbook", folder, Options{}, "is a folder, not a file: give the workbooks or CSV files inside it"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadFile(context.Background(), tc.path, tc.opts, func(Item) error { return nil })
			if want := "ingest: " + tc.path + ": " + tc.want; err == nil || err.Error() != want {
				t.Fatalf("err\n got %v\nwant %s", err, want)
			}
		})
	}
}

func TestEmitErrorAndCancel(t *testing.T) {
	stop := errors.New("stop")
	_, err := ReadFile(context.Background(), "testdata/bom_comma.csv", Options{}, func(Item) error { return stop })
	if !errors.Is(err, stop) {
		t.Fatalf("emit error not returned: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var b strings.Builder
	b.WriteString("office,cause,event_date\n")
	for i := 0; i < 200; i++ {
		b.WriteString("Mayor,died,2026-01-05\n")
	}
	_, err = ReadFile(ctx, "-", Options{Stdin: strings.NewReader(b.String())}, func(Item) error { return nil })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancel not honoured: %v", err)
	}
}

func TestCalendarOfAFolder(t *testing.T) {
	folder := filepath.Join(t.TempDir(), "county.xlsx")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	_, _, err := CalendarOverrides(folder, true)
	if want := "ingest: " + folder + ": is a folder, not a file: give the workbooks or CSV files inside it"; err == nil || err.Error() != want {
		t.Fatalf("err\n got %v\nwant %s", err, want)
	}
}

// xlsbBytes is the zip of a minimal .xlsb: its main part xl/workbook.bin.
func xlsbBytes() []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range map[string]string{
		"_rels/.rels":     `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.bin"/></Relationships>`,
		"xl/workbook.bin": "\x83\x01\x00",
	} {
		w, _ := zw.Create(name)
		w.Write([]byte(body))
	}
	zw.Close()
	return buf.Bytes()
}
