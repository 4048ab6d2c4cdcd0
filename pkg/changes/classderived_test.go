package changes

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"
)

// earlierSnapshot is snap as a version before Record.ClassDerived wrote
// it: its header does not say that records tell derived classes, and no
// record says so.
func earlierSnapshot(t *testing.T, snap []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(snap))
	if err != nil {
		t.Fatal(err)
	}
	text, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	old := strings.NewReplacer(`,"class_derivation":true`, "", `,"cd":true`, "").Replace(string(text))
	if old == string(text) {
		t.Fatal("the snapshot says nothing of derived classes to take out")
	}
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(old))
	w.Close()
	return b.Bytes()
}

// A village trustee's row with a blank office_class: the first night's
// tool derived "other", the next night's derives "village" and computes
// another method. The cell did not change: the why is the tool, never
// "its row changed: office_class other → village" (issue 32: every why
// names the real cause).
func TestAClassTheToolDerivesAnewIsNoInputChange(t *testing.T) {
	spec := recSpec{id: "NY-9", office: "Village Trustee", district: "Village of Sidney", county: "Delaware",
		event: "2026-12-15", vd: "2026-12-15", method: "general_election", elec: "2027-11-02"}
	first := rec(spec)
	first.In[inClass] = "other"
	spec.method, spec.elec = "village_appointment_then_election", "2027-03-16"
	next := rec(spec)
	next.In[inClass] = "village"

	for _, tc := range []struct {
		name                  string
		firstDerived, earlier bool // the first night's class derived; its snapshot an earlier version's
		nextDerived           bool
		wantInput             bool
	}{
		{name: "derived both nights, by this version", firstDerived: true, nextDerived: true},
		{name: "derived tonight, an earlier version's snapshot (it never said)", firstDerived: true, earlier: true, nextDerived: true},
		{name: "given as other, now left blank and derived", nextDerived: true, wantInput: true},
		{name: "given both nights, other then village", wantInput: true},
		{name: "derived, then given as village", firstDerived: true, wantInput: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := first.clone(), next.clone()
			a.ClassDerived, b.ClassDerived = tc.firstDerived, tc.nextDerived
			_, snap, _ := runOnce(t, header("1.0.0"), d(2026, 12, 20), []Record{a}, nil)
			if tc.earlier {
				snap = earlierSnapshot(t, snap)
			}
			_, _, got := runOnce(t, header("1.1.0"), d(2026, 12, 20), []Record{b}, snap)
			var causes []string
			input := false
			for _, c := range got {
				if c.VacancyID != "NY-9" {
					continue
				}
				causes = append(causes, string(c.Cause)+": "+c.CauseDetail)
				if c.Cause == ByInput {
					input = true
					if !strings.Contains(c.CauseDetail, "office_class") {
						t.Errorf("an input change that does not name office_class: %s", c.CauseDetail)
					}
				} else if c.Cause != ByTool {
					t.Errorf("cause %s (%s), want the tool's new version", c.Cause, c.CauseDetail)
				}
			}
			if len(causes) == 0 {
				t.Fatal("no change of NY-9 at all: its method and election changed")
			}
			if input != tc.wantInput {
				t.Errorf("an input change: %v, want %v; causes %q", input, tc.wantInput, causes)
			}
		})
	}
}
