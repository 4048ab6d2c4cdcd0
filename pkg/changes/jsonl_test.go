package changes

import (
	"bytes"
	"encoding/json"
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
			Deadlines: []Deadline{{Code: s, Date: s, Passed: true}, {Code: "y", Date: "2026-01-01"}}}
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
