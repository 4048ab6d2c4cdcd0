package changes

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// The hand-written record lines must be byte for byte what encoding/json
// writes, and read back to the same record, whatever the strings hold.
func TestRecordLinesAreEncodingJSONs(t *testing.T) {
	tricky := []string{"", "plain", `quote " and back\slash`, "tab\tnew\nline\rcr", "\x00\x01\x1f bell\a",
		"<b>&amp;</b>", "bad utf-8 \xff\xfe", "line sep \u2028 para \u2029", "ünïcödé 漢字", "emoji 🗳️"}
	for _, s := range tricky {
		r := Record{Key: "i\x00" + s, ID: s, Source: s, In: []string{s, "", s}, Rejected: s, VacancyDate: "2026-01-02",
			Method: s, Election: s, Law: s,
			Conflicts: []Conflict{{Code: s, Field: s, Severity: "error"}, {Code: "X", Severity: s}},
			Deadlines: []Deadline{{Code: s, Date: s, Passed: true}, {Code: "y", Date: "2026-01-01"}, {Code: "z", Date: s, Met: true}}}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(&r); err != nil {
			t.Fatal(err)
		}
		got := appendRecordJSON(nil, &r)
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%q:\n got %s\nwant %s", s, got, want.Bytes())
		}
		var p recordParser
		var back, viaJSON Record
		if err := p.parseRecordLine(got, &back); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		json.Unmarshal(got, &viaJSON)
		if !reflect.DeepEqual(back, viaJSON) {
			t.Errorf("%q: read back\n got %+v\nwant %+v", s, back, viaJSON)
		}
	}
}

func TestRecordLineInAnotherForm(t *testing.T) {
	// Valid JSON, keys in another order, spaces: the slow path reads it.
	line := []byte(`{ "id": "NY-1", "k": "i\u0000NY-1", "src": "a.csv:2", "in": ["Mayor"], "d": [{"d": "2026-01-01", "c": "x"}] }` + "\n")
	var p recordParser
	var r Record
	if err := p.parseRecordLine(line, &r); err != nil {
		t.Fatal(err)
	}
	if r.Key != "i\x00NY-1" || r.ID != "NY-1" || len(r.Deadlines) != 1 || r.Deadlines[0].Code != "x" {
		t.Errorf("%+v", r)
	}
	if err := p.parseRecordLine([]byte(`{"k":"x","in":["a"]`+"\n"), &r); err == nil {
		t.Error("a cut line read without error")
	}
}

// special must find every quote, backslash, control byte and byte above
// 0x7f in a word, wherever it is and whatever the other bytes are: a
// miss would read past a string's end. Every byte value at every place,
// among fillers of every kind, and random words.
func TestSpecialFindsEveryByteThatEndsTheFastPath(t *testing.T) {
	naive := func(x uint64) bool {
		for i := 0; i < 8; i++ {
			c := byte(x >> (8 * i))
			if c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
				return true
			}
		}
		return false
	}
	for _, fill := range []byte{'a', ' ', '~', 0x21, 0x5b, 0x5d, 0x7f, 0x1f, 0x80, 0xff} {
		for pos := 0; pos < 8; pos++ {
			for c := 0; c < 256; c++ {
				var x uint64
				for i := 0; i < 8; i++ {
					b := fill
					if i == pos {
						b = byte(c)
					}
					x |= uint64(b) << (8 * i)
				}
				if special(x) != naive(x) {
					t.Fatalf("special(%#016x) = %v", x, special(x))
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 1 << 20 {
		x := r.Uint64()
		if special(x) != naive(x) {
			t.Fatalf("special(%#016x) = %v", x, special(x))
		}
	}
}

// FuzzRecordLineString: whatever a string holds, the record line written
// for it reads back as encoding/json reads it.
func FuzzRecordLineString(f *testing.F) {
	for _, s := range []string{"", "plain", `a "quoted" word`, `back\slash`, "tab\tnew\nline", "\x00\x1f\x7f",
		"bad utf-8 \xff\xfe", "ünïcödé 漢字 🗳️", "eight by", "exactly sixteen!", "\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := Record{Key: "i\x00" + s, ID: s, In: []string{s, "Town Board Member " + s}, Law: s,
			Deadlines: []Deadline{{Code: s, Date: "2026-01-01"}}}
		line := appendRecordJSON(nil, &r)
		var p recordParser
		var back, viaJSON Record
		if err := p.parseRecordLine(line, &back); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if err := json.Unmarshal(line, &viaJSON); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, viaJSON) {
			t.Fatalf("%q: read back\n got %+v\nwant %+v", s, back, viaJSON)
		}
	})
}
