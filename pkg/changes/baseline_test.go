package changes

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// gz compresses text as a snapshot file would be.
func gz(text string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(text))
	w.Close()
	return b.Bytes()
}

// gunzip is a snapshot file's text.
func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	plain, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if _, err := text.ReadFrom(plain); err != nil {
		t.Fatal(err)
	}
	return text.String()
}

func headerLine(mod func(*Header)) string {
	h := header("1.0.0")
	h.Format, h.FormatVersion, h.Fields, h.AsOf, h.Rows = FormatName, FormatVersion, InputFields, "2026-11-30", 1
	if mod != nil {
		mod(&h)
	}
	b, _ := json.Marshal(h)
	return string(b) + "\n"
}

func TestBadBaselines(t *testing.T) {
	n1, _ := scenario()
	_, good, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), n1, nil)
	lines := strings.SplitAfter(gunzip(t, good), "\n")

	cases := []struct {
		name string
		file []byte
		says string
	}{
		{"not gzip at all (a CSV file given as PREV)", []byte("vacancy_id,office\nNY-1,Mayor\n"), "not a batch snapshot (not gzip-compressed)"},
		{"gzip, but not a snapshot", gz(`{"hello":"world"}` + "\n"), `not a batch snapshot (format "")`},
		{"gzip of a non-JSON file", gz("PK\x03\x04 binary"), "not a batch snapshot (its first line is not a snapshot header"},
		{"the bytes cut half way", good[:len(good)/2], "truncated"},
		{"cut at a record's end: no closing line", gz(strings.Join(lines[:3], "")), "truncated: it ends after 2 records without its closing line"},
		{"a damaged record", gz(lines[0] + lines[1] + "{\"k\":\"i\\u0000NY-2\",\"in\":[\x01]}\n" + strings.Join(lines[3:], "")), "corrupt at line 3"},
		{"records out of order", gz(lines[0] + lines[2] + lines[1] + strings.Join(lines[3:], "")), "corrupt at line 3 (records out of order)"},
		{"a flipped byte in the compressed data", flip(good), "corrupt"},
		{"a newer snapshot format", gz(headerLine(func(h *Header) { h.FormatVersion = 2; h.ToolVersion = "2.0.0" })),
			"written in snapshot format 2 by batch 2.0.0; this batch (1.0.0) reads format 1 and older"},
		{"a newer tool version", gz(headerLine(func(h *Header) { h.ToolVersion = "1.4.0" })),
			"written by batch 1.4.0, newer than this batch 1.0.0"},
		{"a run of other vacancies", strangers(t), "shares no vacancy with this run (its 1 row of erie.xlsx, this run's 4 rows of in.csv"},
		{"more records than its inputs have rows (issue 27: 600,000 records of one seat)", gz(headerLine(func(h *Header) {
			h.Inputs, h.Rows = []Input{{Name: "in.csv", SHA256: "aa", Rows: 2}}, 2
		}) + strings.Join(lines[1:], "")), "corrupt at line 4: more records than the 2 data rows of its inputs"},
		{"a header announcing more records than its inputs have rows", gz(headerLine(func(h *Header) { h.Rows = 6 }) + strings.Join(lines[1:], "")),
			"corrupt: its header announces 6 records, more than the 5 data rows of its inputs"},
		{"a closing line that miscounts", gz(lines[0] + lines[1] + `{"end":{"records":7}}` + "\n"), "its closing line counts 7 records, 1 were read"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, n2 := scenario()
			out, snap, got := runOnce(t, header("1.0.0"), d(2026, 12, 4), n2, c.file)
			if out.Status != Skipped {
				t.Fatalf("status %s, want skipped; changes %v", out.Status, briefs(got))
			}
			if !strings.Contains(out.Reason, c.says) || !strings.HasSuffix(out.Reason, "comparison skipped") {
				t.Errorf("reason %q, want it to say %q", out.Reason, c.says)
			}
			// Nothing compared is reported; what needs no baseline still is.
			for _, ch := range got {
				if !ch.AsOfOnly() {
					t.Errorf("a change from a bad baseline: %s", brief(ch))
				}
			}
			if out.Changed() {
				t.Error("Changed() from a bad baseline")
			}
			if out.Counts[DeadlineSoon] != 1 {
				t.Errorf("counts %v: NY-4's 2026-12-08 is due within the week whatever the baseline", out.Counts)
			}
			// This run's own snapshot is sound.
			path := filepath.Join(t.TempDir(), SnapshotName)
			os.WriteFile(path, snap, 0o644)
			if b, skip := Open(path, header("1.0.0"), false); skip != nil {
				t.Errorf("this run's snapshot: %v", skip)
			} else {
				b.Close()
			}
		})
	}
}

// strangers is the snapshot of a run that shares no vacancy with the
// scenario's: another county's file, other ids.
func strangers(t *testing.T) []byte {
	h := header("1.0.0")
	h.Inputs = []Input{{Name: "erie.xlsx", SHA256: "bb", Rows: 1}}
	_, snap, _ := runOnce(t, h, d(2026, 11, 30), []Record{rec(recSpec{id: "ER-1", office: "Town Clerk", county: "Erie",
		vd: "2026-05-01", method: "general_election"})}, nil)
	return snap
}

func flip(b []byte) []byte {
	c := bytes.Clone(b)
	c[len(c)/2] ^= 0x55
	return c
}

func TestNoBaselineYet(t *testing.T) {
	dir := t.TempDir()
	b, skip := Open(Resolve("auto", dir), header("1.0.0"), true)
	if b != nil || skip == nil || !skip.First || !strings.Contains(skip.Reason, "first run") {
		t.Fatalf("auto in an empty folder: %v, %+v", b, skip)
	}
	_, skip = Open(Resolve(filepath.Join(dir, "missing"), dir), header("1.0.0"), false)
	if skip == nil || skip.First || !strings.Contains(skip.Reason, "not found") {
		t.Errorf("a named baseline that is not there: %+v", skip)
	}
	if got := Resolve(dir, "out"); got != filepath.Join(dir, SnapshotName) {
		t.Errorf("a folder resolves to %s", got)
	}
}

func TestSnapshotHeader(t *testing.T) {
	n1, _ := scenario()
	n1[0].Law = "E4"
	n1[1].Law = "E3+T2023"
	h := Header{ToolVersion: "1.0.0", RulesVersion: "r1", Calendar: "c1", Inputs: testInputs, Editions: []string{"E4"}}
	_, snap, _ := runOnce(t, h, d(2026, 11, 30), n1, nil)
	r, _ := gzip.NewReader(bytes.NewReader(snap))
	var first Header
	if err := json.NewDecoder(r).Decode(&first); err != nil {
		t.Fatal(err)
	}
	want := `{"format":"batch-snapshot","format_version":1,"tool_version":"1.0.0","as_of":"2026-11-30",` +
		`"editions":["E3+T2023","E4"],"rules_version":"r1","calendar":"c1",` +
		`"inputs":[{"name":"in.csv","sha256":"aa","rows":5}],"input_fields":["office","office_class","district",` +
		`"county","incumbent","cause","event_date","term_start","term_end","appointable","proclamation_date",` +
		`"special_election_date","special_session_date","next_full_term_year"],"class_derivation":true,"rows":4}`
	got, _ := json.Marshal(first)
	if string(got) != want {
		t.Errorf("header\n got %s\nwant %s", got, want)
	}
}

func TestNewerVersion(t *testing.T) {
	for _, c := range []struct {
		baseline, this string
		newer          bool
	}{
		{"1.4.0", "1.3.9", true},
		{"v1.4.0", "1.4.0", false},
		{"1.3.0", "v1.4.0 (commit 0a1b2c3, 2026-12-01)", false},
		{"v1.5.0 (commit 9f8e7d6)", "v1.4.1-0.20261201090000-0a1b2c3d4e5f", true},
		{"dev", "1.0.0", false},
		{"1.0.0", "dev", false},
	} {
		if got := newer(c.baseline, c.this); got != c.newer {
			t.Errorf("newer(%q, %q) = %v", c.baseline, c.this, got)
		}
	}
}

func TestABaselineWithItsFieldsInAnotherOrder(t *testing.T) {
	// A snapshot whose records list their input fields in another order
	// (its header's input_fields) reads as this version's: the same rows
	// come out unchanged, and a row whose deadline moved is put down to
	// the as-of date, not to inputs that only changed places. 600 rows
	// cross the readers' batches of 256, whose records are reused.
	var recs []Record
	for i := range 600 {
		recs = append(recs, rec(recSpec{id: fmt.Sprintf("NY-%d", i), office: "Town Clerk", district: strconv.Itoa(i),
			county: "Erie", event: "2026-05-01", procl: "2026-05-20", vd: "2026-05-01", method: "general_election", elec: "2026-11-03",
			deadlines: []Deadline{{Code: "party_nomination", Date: "2026-09-17"}}}))
	}
	_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 11, 30), recs, nil)
	lines := strings.SplitAfter(strings.TrimSuffix(gunzip(t, snap), "\n"), "\n")
	var h Header
	if err := json.Unmarshal([]byte(lines[0]), &h); err != nil {
		t.Fatal(err)
	}
	slices.Reverse(h.Fields)
	hb, _ := json.Marshal(h)
	out := []string{string(hb) + "\n"}
	var p recordParser
	for _, l := range lines[1 : len(lines)-1] {
		var r Record
		if err := p.parseRecordLine([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		slices.Reverse(r.In)
		out = append(out, string(appendRecordJSON(nil, &r)))
	}
	out = append(out, lines[len(lines)-1]+"\n")
	base := gz(strings.Join(out, ""))

	o, _, got := runOnce(t, header("1.0.0"), d(2026, 12, 1), recs, base)
	if o.Status != Compared || len(got) != 0 {
		t.Fatalf("status %s (%s), changes %q; want compared and none", o.Status, o.Reason, briefs(got))
	}
	moved := slices.Clone(recs)
	moved[400].Deadlines = []Deadline{{Code: "party_nomination", Date: "2026-09-18"}}
	_, _, got = runOnce(t, header("1.0.0"), d(2026, 12, 1), moved, base)
	if len(got) != 1 || got[0].VacancyID != "NY-400" || got[0].Cause != ByAsOf {
		t.Fatalf("changes %q, want NY-400's deadline moved by the as-of date", briefs(got))
	}
}
