package xlsx

import "testing"

// A row held back comes back as it went: every kind of cell, its style,
// its number, its text and formula.
func TestHeldRowsRoundTrip(t *testing.T) {
	want := [][]cell{
		{{kind: textOut, style: 3, text: "V-1"}, {kind: numberOut, style: 4, n: 46063}, {kind: blankOut, style: 2}},
		{{kind: formulaOut, style: 1, text: "shown", formula: `HYPERLINK("#a","b")`}, {kind: absentOut}},
		{{kind: textOut, text: "ünïcode — § 6-158(7)"}},
	}
	for i, w := range want {
		got, err := decodeCells(nil, encodeCells(nil, w))
		if err != nil || len(got) != len(w) {
			t.Fatalf("row %d: %d cells, want %d (%v)", i, len(got), len(w), err)
		}
		for k := range w {
			if got[k] != w[k] {
				t.Errorf("row %d cell %d: %+v, want %+v", i, k, got[k], w[k])
			}
		}
	}
	if _, err := decodeCells(nil, []byte{5, 1}); err == nil {
		t.Error("a damaged row read back without an error")
	}
}

// Rows held back follow the rows added, in the order they came, however
// many runs they spill to.
func TestHeldRowsFollow(t *testing.T) {
	b, err := New(Options{TmpDir: t.TempDir(), Sheets: []string{"S"}, HoldBytes: 64,
		ColumnCap: func(string) float64 { return 20 }})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Discard()
	tb := b.Table("S", []string{"a"}, TableOptions{Big: true})
	for i := 1; i <= 30; i++ {
		if err := tb.Hold([]Value{{Kind: Number, N: i}}, NoFill, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := tb.Add([]Value{{Text: "open"}}, NoFill, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := tb.AddHeld(); err != nil {
		t.Fatal(err)
	}
	if len(tb.pending) != 31 || tb.pending[0].cells[0].text != "open" {
		t.Fatalf("%d rows, the first %+v", len(tb.pending), tb.pending[0].cells)
	}
	for i, r := range tb.pending[1:] {
		if r.cells[0].n != i+1 {
			t.Errorf("row %d: %d, want %d", i+2, r.cells[0].n, i+1)
		}
	}
}
