package xlsx

import "testing"

func TestDeferredRowsRoundTrip(t *testing.T) {
	d := deferredRows{dir: t.TempDir(), limit: 64}
	defer d.close()
	want := [][]cell{
		{{kind: textOut, style: 3, text: "V-1"}, {kind: numberOut, style: 4, n: 46063}, {kind: blankOut, style: 2}},
		{{kind: formulaOut, style: 1, text: "shown", formula: `HYPERLINK("#a","b")`}, {kind: absentOut}},
		{{kind: textOut, text: "ünïcode — § 6-158(7)"}},
	}
	for i := 0; i < 30; i++ {
		if err := d.add(want[i%len(want)]); err != nil {
			t.Fatal(err)
		}
	}
	i := 0
	err := d.each(func(got []cell) error {
		w := want[i%len(want)]
		if len(got) != len(w) {
			t.Fatalf("row %d: %d cells, want %d", i, len(got), len(w))
		}
		for k := range w {
			if got[k] != w[k] {
				t.Errorf("row %d cell %d: %+v, want %+v", i, k, got[k], w[k])
			}
		}
		i++
		return nil
	})
	if err != nil || i != 30 {
		t.Fatalf("%d rows back, err %v", i, err)
	}
	if _, err := decodeCells(nil, []byte{5, 1}); err == nil {
		t.Error("a damaged row read back without an error")
	}
}
