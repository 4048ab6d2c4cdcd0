package rawsheet

import (
	"bytes"
	"testing"
)

// The root tag excelize writes declares SpreadsheetML's main namespace
// twice; the x declaration goes, whatever the pieces the part is written
// in, and nothing else changes.
func TestRedundantMainNamespaceIsDropped(t *testing.T) {
	part := `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="r"` + string(redundantMain) +
		` xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main" a="x>y"><sheetData><row r="1"><c><v>` +
		` xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"</v></c></row></sheetData></worksheet>`
	want := bytes.Replace([]byte(part), redundantMain, nil, 1)
	for _, step := range []int{1, 7, 100, len(part)} {
		var out bytes.Buffer
		f := &rootFilter{w: &out}
		for i := 0; i < len(part); i += step {
			f.Write([]byte(part[i:min(i+step, len(part))]))
		}
		f.flush()
		if !bytes.Equal(out.Bytes(), want) {
			t.Errorf("written %d bytes at a time:\n got %s\nwant %s", step, out.Bytes(), want)
		}
	}
	// A part too short to hold its root tag is written as it is.
	var out bytes.Buffer
	f := &rootFilter{w: &out}
	f.Write([]byte("<?xml"))
	f.flush()
	if out.String() != "<?xml" {
		t.Errorf("a short part: %q", out.String())
	}
}
