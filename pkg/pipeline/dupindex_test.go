package pipeline

import (
	"context"
	"encoding/csv"
	"fmt"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"batch/pkg/compute"
	"batch/pkg/export"
	"batch/pkg/ingest"
)

// index adds the keys as rows 0, 1, … of in.csv and builds; conflictsOf
// shows row i's label, "in.csv:i", as Vi.
func index(keys []compute.VacancyKey) *dupIndex { return indexHashed(keys, nil) }

// indexHashed is index with the hash of seats and incumbents given (nil:
// the run's own), so that keys may collide by construction.
func indexHashed(keys []compute.VacancyKey, hash func(string) uint64) *dupIndex {
	d := newDupIndex()
	if hash != nil {
		d.hash = hash
	}
	for _, k := range keys {
		d.add(k)
	}
	if err := d.build(keysOf(keys)); err != nil {
		panic(err)
	}
	for i := range keys {
		if d.named(int32(i)) {
			d.setID(int32(i), &compute.Vacancy{Source: compute.Source{File: "in.csv", Row: i}}) // as resolveDuplicateIDs would
		}
	}
	d.finishIDs()
	return d
}

// conflictsOf is the row's cross-row conflicts' messages, by code.
func conflictsOf(d *dupIndex, ordinal int32) map[string]string {
	out := map[string]string{}
	for _, c := range d.appendConflicts(nil, ordinal) {
		out[c.Code] = strings.ReplaceAll(c.Message, "in.csv:", "V")
	}
	return out
}

// The labels the index keeps, in their two pieces, are rowLabel's: with
// and without a sheet, an id or none, an id that is the source itself,
// over several files and sheets.
func TestDupIndexKeepsRowLabels(t *testing.T) {
	vs := []compute.Vacancy{
		{Source: compute.Source{File: "a.xlsx", Sheet: "Vacancies", Row: 2}, ID: "NY-1"},
		{Source: compute.Source{File: "a.xlsx", Sheet: "Vacancies", Row: 3}},
		{Source: compute.Source{File: "a.xlsx", Sheet: "Vacancies (2)", Row: 2}, ID: "a.xlsx:Vacancies (2):2"},
		{Source: compute.Source{File: "b.csv", Row: 10}, ID: "x"},
		{Source: compute.Source{File: "b.csv", Row: 11}, ID: "b.csv:11"},
		{Source: compute.Source{File: "c.csv", Row: 1234567}, ID: "é (1)"},
	}
	d := newDupIndex()
	d.pos, d.namedSet = make([]int32, 2*len(vs)), make([]uint64, 1) // as build leaves them: rows 0, 2, 4, … named
	for i := range vs {
		d.namedSet[0] |= 1 << (2 * i)
	}
	d.rankNamed()
	for i := range vs {
		d.setID(int32(2*i), &vs[i])
	}
	d.finishIDs()
	for i := range vs {
		pre, rest := d.id(int32(2 * i))
		if got, want := pre+rest, rowLabel(&vs[i]); got != want {
			t.Errorf("row %d: label %q, want %q", i, got, want)
		}
		if pre, rest := d.id(int32(2*i + 1)); pre+rest != "" {
			t.Errorf("row %d: label %q, want none", 2*i+1, pre+rest)
		}
	}
}

func TestDuplicatesAndSameSeatNameTheOtherRows(t *testing.T) {
	d1, d2 := compute.D(2026, 2, 26), compute.D(2026, 6, 1)
	nov3, nov2 := compute.D(2026, 11, 3), compute.D(2027, 11, 2)
	seat := "village trustee\x1fvillage of warwick\x1forange"
	d := index([]compute.VacancyKey{
		{Seat: seat, Incumbent: "elizabeth white", Date: d1, Election: nov3}, // 0
		{Seat: "mayor\x1fhudson\x1fcolumbia", Incumbent: "ann lee", Date: d1, Election: nov3},
		{Seat: seat, Incumbent: "elizabeth white", Date: d1, Election: nov3}, // 2: row 0 again
		{Seat: seat, Incumbent: "elizabeth campbell", Date: d2, Election: nov3},
		{},                                     // 4: takes no part
		{Seat: seat, Date: d1, Election: nov3}, // 5: no incumbent named, same day
		{Seat: seat, Incumbent: "mary jones", Date: d1, Election: nov3},              // 6: someone else, same day
		{Seat: seat, Incumbent: "john smith", Date: d2.AddDays(200), Election: nov2}, // 7: the seat's next vacancy
		{Seat: seat, Incumbent: "elizabeth white", Date: d1},                         // 8: row 0 again, no election worked out
	})
	cases := []struct {
		name      string
		ordinal   int32
		dup, same string // the rows named, "" for no such conflict
	}{
		{"a row entered twice names the copies and the row without incumbent", 0, "V2, V5, V8", "V3, V6"},
		{"a copy names the first row", 2, "V0, V5, V8", "V3, V6"},
		{"another person's vacancy of the seat and election is no duplicate of any", 3, "", "V0, V2, V5, V6"},
		{"a row naming no incumbent is one vacancy with every row of its day", 5, "V0, V2, V6, V8", "V3"},
		{"someone else on the same day is one vacancy only with the row naming nobody", 6, "V5", "V0, V2, V3"},
		{"the seat's vacancy filled at another election is not flagged", 7, "", ""},
		{"a copy without a filling election is still a duplicate, and in no election group", 8, "V0, V2, V5", ""},
		{"a seat of its own has no conflict", 1, "", ""},
		{"a row without a seat has no conflict", 4, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := conflictsOf(d, tc.ordinal)
			for code, want := range map[string]string{"DUPLICATE_VACANCY": tc.dup, "SAME_SEAT": tc.same} {
				msg, ok := got[code]
				switch {
				case want == "" && ok:
					t.Errorf("unexpected %s: %s", code, msg)
				case want != "" && !ok:
					t.Errorf("no %s, want one naming %s", code, want)
				case want != "" && !strings.Contains(msg, " "+want+" ") && !strings.Contains(msg, " "+want+":"):
					t.Errorf("%s says %q, want it to name %s", code, msg, want)
				}
				if self := fmt.Sprintf("V%d", tc.ordinal); ok && (strings.Contains(msg, self+",") || strings.Contains(msg, self+" ") || strings.Contains(msg, self+":")) {
					t.Errorf("%s names the row itself (%s): %s", code, self, msg)
				}
			}
		})
	}
	if d.dupRows != 5 || d.sameRows != 5 {
		t.Errorf("%d rows with duplicates, %d with another vacancy of their seat; want 5 (0, 2, 5, 6, 8) and 5 (0, 2, 3, 5, 6)", d.dupRows, d.sameRows)
	}
	for o, want := range map[int32]compute.Severity{0: compute.Warning, 3: compute.Info, 1: compute.NoSeverity, 4: compute.NoSeverity, 7: compute.NoSeverity} {
		if got := d.severity(o); got != want {
			t.Errorf("row %d severity %v, want %v", o, got, want)
		}
	}
}

// A statewide office can put hundreds of rows on one seat: each conflict
// names ten of the others and counts the rest, so the output grows with
// the rows, not with the square of the seat.
func TestABigSeatNamesTenAndCountsTheRest(t *testing.T) {
	const n = 300
	same := make([]compute.VacancyKey, n)  // one vacancy entered 300 times
	other := make([]compute.VacancyKey, n) // 300 people's vacancies of one seat
	for i := range n {
		same[i] = compute.VacancyKey{Seat: "governor\x1f\x1f", Incumbent: "kathy hochul", Date: compute.D(2026, 3, 1)}
		other[i] = compute.VacancyKey{Seat: "state comptroller\x1f\x1f", Incumbent: fmt.Sprint("person ", i),
			Date: compute.D(2026, 1, 1).AddDays(i), Election: compute.D(2026, 11, 3)}
	}
	cases := []struct {
		name    string
		keys    []compute.VacancyKey
		code    string
		ordinal int32
		want    string
	}{
		{"the first row names the next ten", same, "DUPLICATE_VACANCY", 0, "V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, and 289 more rows:"},
		{"a row among the first eleven skips itself", same, "DUPLICATE_VACANCY", 4, "V0, V1, V2, V3, V5, V6, V7, V8, V9, V10, and 289 more rows:"},
		{"a later row names the first ten", same, "DUPLICATE_VACANCY", 299, "V0, V1, V2, V3, V4, V5, V6, V7, V8, V9, and 289 more rows:"},
		{"another vacancy of a crowded seat names the first ten others", other, "SAME_SEAT", 150, "this row and V0, V1, V2, V3, V4, V5, V6, V7, V8, V9, and 289 more rows are"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := index(tc.keys)
			got := conflictsOf(d, tc.ordinal)
			if !strings.Contains(got[tc.code], tc.want) {
				t.Errorf("%s %q, want %q", tc.code, got[tc.code], tc.want)
			}
			if len(got) != 1 {
				t.Errorf("conflicts %v, want only %s", got, tc.code)
			}
			for o, want := range map[int32]bool{0: true, 10: true, 11: false, 299: false} {
				if got := d.named(o); got != want {
					t.Errorf("row %d named %v, want %v", o, got, want)
				}
			}
		})
	}
}

// TestTwoPeoplesVacanciesOfOneSeatAreNotDuplicates runs the pipeline on
// rows of the samples' Village of Warwick seat: Elizabeth White died on
// 2026-02-26, Elizabeth Campbell on 2026-02-08 (two vacancies, which the
// filling-election key took for one), and a row entered twice.
func TestTwoPeoplesVacanciesOfOneSeatAreNotDuplicates(t *testing.T) {
	in := filepath.Join(t.TempDir(), "warwick.csv")
	// The trustees' seat (Village Law § 3-312): both appointments run to
	// 2027-04-05 and both remainders are elected on 2027-03-16.
	rows := "vacancy_id,office,district,county,incumbent,cause,event_date,term_end\n" +
		"W-1,Village Trustee,Village of Warwick,Orange,Elizabeth White,death,2026-02-26,2028-04-03\n" +
		"W-2,Village Trustee,Village of Warwick,Orange,Elizabeth Campbell,death,2026-02-08,2028-04-03\n" +
		"S-1,Town Supervisor,Town of Berne,Albany,John Smith,resignation,2026-04-01,\n" +
		"S-1,Town Supervisor,Town of Berne,Albany,John Smith,resignation,2026-04-01,\n"
	if err := os.WriteFile(in, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if _, err := Run(context.Background(), Options{Inputs: []string{in}, Jobs: 2,
		Outputs: Outputs{Dir: out, Formats: []string{export.CSV}, AsOf: asOf}}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(out, "conflicts.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{} // source → "CODE message"
	for _, r := range recs[1:] {
		if code := r[3]; code == "DUPLICATE_VACANCY" || code == "SAME_SEAT" {
			got[r[1]] = append(got[r[1]], code+" "+r[5])
		}
	}
	want := map[string][]string{
		"warwick.csv:2": {"SAME_SEAT Two vacancies in one seat: this row and warwick.csv:3 (W-2) are"},
		"warwick.csv:3": {"SAME_SEAT Two vacancies in one seat: this row and warwick.csv:2 (W-1) are"},
		"warwick.csv:4": {"DUPLICATE_VACANCY The same vacancy (office, district, county, incumbent and vacancy date) is also entered as warwick.csv:5 (S-1):"},
		"warwick.csv:5": {"DUPLICATE_VACANCY The same vacancy (office, district, county, incumbent and vacancy date) is also entered as warwick.csv:4 (S-1):"},
	}
	for src, w := range want {
		g := got[src]
		if len(g) != len(w) || !strings.HasPrefix(g[0], w[0]) {
			t.Errorf("%s: %q, want %q…", src, g, w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("cross-row conflicts on %v, want on %v", reflect.ValueOf(got).MapKeys(), reflect.ValueOf(want).MapKeys())
	}
}

// TestNamedRowsFarApartKeepTheirLabels: a label is found by its rank among
// the named rows, across many words of the named set. Rows i and i+300
// (i < 300) are one vacancy entered twice, every third row of the rest
// is alone in its seat and named by nobody.
func TestNamedRowsFarApartKeepTheirLabels(t *testing.T) {
	keys := make([]compute.VacancyKey, 900)
	for i := range 300 {
		k := compute.VacancyKey{Seat: fmt.Sprint("seat ", i), Incumbent: "a", Date: compute.D(2026, 1, 1)}
		keys[i], keys[i+300] = k, k
		keys[i+600] = compute.VacancyKey{Seat: fmt.Sprint("alone ", i), Date: compute.D(2026, 1, 1)}
	}
	d := index(keys)
	for i := range 300 {
		for self, other := range map[int]int{i: i + 300, i + 300: i} {
			if got, want := conflictsOf(d, int32(self))["DUPLICATE_VACANCY"], fmt.Sprintf("V%d", other); !strings.Contains(got, want+":") && !strings.Contains(got, want+" ") {
				t.Fatalf("row %d: DUPLICATE_VACANCY %q, want it to name %s", self, got, want)
			}
		}
		if d.named(int32(i + 600)) {
			t.Fatalf("row %d, alone in its seat, is named", i+600)
		}
	}
}

// The index's counts are the definitions' (compute.VacancyKey.SameVacancy,
// TwoInOneSeat) worked out pair by pair, over random rows of a few
// seats, days, incumbents (some none) and elections, and over a day whose
// rows without incumbent are many (their count is kept by group).
func TestDupIndexCountsAsThePairsDefineThem(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	seats := []string{"town supervisor\x1fWarwick\x1fOrange", "member of assembly\x1f65\x1f", "mayor\x1f\x1fAlbany"}
	people := []string{"", "", "ann", "bob", "cy"}
	days := []compute.Date{compute.D(2026, 2, 8), compute.D(2026, 2, 26), compute.D(2026, 3, 1)}
	elections := []compute.Date{{}, compute.D(2026, 11, 3), compute.D(2027, 11, 2)}
	for round := range 30 {
		n := 1 + rng.Intn(120)
		keys := make([]compute.VacancyKey, n)
		for i := range keys {
			keys[i] = compute.VacancyKey{Seat: seats[rng.Intn(len(seats))], Incumbent: people[rng.Intn(len(people))],
				Date: days[rng.Intn(len(days))], Election: elections[rng.Intn(len(elections))]}
		}
		if round%3 == 0 { // a day of one seat with many rows without incumbent
			for i := range keys[:n/2+1] {
				keys[i] = compute.VacancyKey{Seat: seats[0], Date: days[0], Election: elections[1]}
				if i%5 == 4 {
					keys[i].Incumbent = people[2+i%3]
				}
			}
			keys = append(keys, make([]compute.VacancyKey, 100)...)
			for i := n; i < len(keys); i++ {
				keys[i] = compute.VacancyKey{Seat: seats[0], Date: days[0], Election: elections[1+i%2]}
			}
		}
		for _, h := range collidingHashes {
			d := indexHashed(keys, h.hash)
			for o, k := range keys {
				wantDups, wantSame := 0, 0
				for q, other := range keys {
					if q == o {
						continue
					}
					if k.SameVacancy(other) {
						wantDups++
					}
					if k.TwoInOneSeat(other) {
						wantSame++
					}
				}
				if dups, same := d.counts(int32(o)); dups != wantDups || same != wantSame {
					t.Fatalf("%s: round %d, row %d of %d (%+v): %d duplicates and %d others in its seat and election, want %d and %d",
						h.name, round, o, len(keys), k, dups, same, wantDups, wantSame)
				}
			}
		}
	}
}

// keysOf gives build the keys, as the spill would.
func keysOf(keys []compute.VacancyKey) rowKeys {
	return func(want func(int32) bool, got func(int32, compute.VacancyKey)) error {
		for o, k := range keys {
			if k.Seat != "" && want(int32(o)) {
				got(int32(o), k)
			}
		}
		return nil
	}
}

// collidingHashes are the run's hash and hashes under which keys collide
// by construction: every seat and incumbent alike, or those of one length.
var collidingHashes = []struct {
	name string
	hash func(string) uint64
}{
	{"the run's hash", nil},
	{"every key one hash", func(string) uint64 { return 7 }},
	{"keys of one length one hash", func(s string) uint64 { return uint64(len(s)) }},
}

// Two seats, or two incumbents of one seat and day, whose hashes are the
// same are not one vacancy: every match of hashes is held to the keys.
// Worked by hand from the definitions (compute.VacancyKey.SameVacancy,
// TwoInOneSeat): rows 0 and 3 are one vacancy; row 2 is another person's
// vacancy of row 0's seat and election; row 1 is of another seat.
func TestCollidingHashesMergeNoVacancies(t *testing.T) {
	d1, nov3 := compute.D(2026, 2, 26), compute.D(2026, 11, 3)
	hudson := "mayor\x1fhudson\x1fcolumbia"
	athens := "mayor\x1fathens\x1fgreene" // the same length as hudson's
	keys := []compute.VacancyKey{
		{Seat: hudson, Incumbent: "ann lee", Date: d1, Election: nov3}, // 0
		{Seat: athens, Incumbent: "ann lee", Date: d1, Election: nov3}, // 1: another seat
		{Seat: hudson, Incumbent: "bob ray", Date: d1, Election: nov3}, // 2: another person, the same length
		{Seat: hudson, Incumbent: "ann lee", Date: d1, Election: nov3}, // 3: row 0 again
		{Seat: athens, Date: d1}, // 4: athens, no incumbent: one vacancy with row 1
	}
	want := []struct{ dup, same string }{
		{"V3", "V2"},
		{"V4", ""},
		{"", "V0, V3"},
		{"V0", "V2"},
		{"V1", ""},
	}
	for _, h := range collidingHashes {
		d := indexHashed(keys, h.hash)
		for o, w := range want {
			got := conflictsOf(d, int32(o))
			for code, names := range map[string]string{"DUPLICATE_VACANCY": w.dup, "SAME_SEAT": w.same} {
				msg, ok := got[code]
				switch {
				case names == "" && ok:
					t.Errorf("%s: row %d: unexpected %s: %s", h.name, o, code, msg)
				case names != "" && (!ok || !strings.Contains(msg, " "+names+" ") && !strings.Contains(msg, " "+names+":") && !strings.HasSuffix(msg, " "+names)):
					t.Errorf("%s: row %d: %s says %q, want it to name %s and no other", h.name, o, code, msg, names)
				}
			}
		}
		if d.dupRows != 4 || d.sameRows != 3 {
			t.Errorf("%s: %d rows with duplicates, %d with another vacancy of their seat; want 4 (0, 1, 3, 4) and 3 (0, 2, 3)", h.name, d.dupRows, d.sameRows)
		}
	}
}

// The keys build reads back from the spill are compute.DuplicateKey's
// seat and incumbent of the accepted rows asked for, by their ordinals
// (a rejected row has none): spelt differently, the same seat.
func TestSpillKeysAreTheRowsKeys(t *testing.T) {
	row := func(id, office, district, county, incumbent string) ingest.Item {
		return ingest.Item{Vacancy: compute.Vacancy{ID: id, Source: compute.Source{File: "a.xlsx", Sheet: "S", Row: 2},
			Office: office, Class: compute.OtherOffice, District: district, County: county, Incumbent: incumbent,
			Cause: compute.Death, EventDate: compute.D(2026, 3, 14), Notes: "n",
			Extra: []compute.Field{{Name: "x", Value: "y"}}}}
	}
	rejected := row("R", "Mayor", "", "Hudson", "")
	rejected.Problems = []compute.Problem{{Column: "county", Value: "Hudson", Message: "not a county"}}
	items := []ingest.Item{
		row("A", "Town Supervisor", "Berne", "Albany", "Jane Roe"),
		rejected,
		row("B", "town  supervisor", "BERNE", "albany", ""),
		row("C", "Mayor", "Hudson", "Columbia", "Ann Lee"),
	}
	sp := spillOf(t, items)
	got := map[int32]compute.VacancyKey{}
	err := spillKeys(sp)(func(o int32) bool { return o != 1 }, func(o int32, k compute.VacancyKey) { got[o] = k })
	if err != nil {
		t.Fatal(err)
	}
	for o, it := range map[int32]ingest.Item{0: items[0], 2: items[3]} {
		want := compute.DuplicateKey(&compute.Result{Vacancy: it.Vacancy})
		if k := got[o]; k.Seat != want.Seat || k.Incumbent != want.Incumbent {
			t.Errorf("row %d: key %q %q, want %q %q", o, k.Seat, k.Incumbent, want.Seat, want.Incumbent)
		}
	}
	if _, ok := got[1]; ok || len(got) != 2 {
		t.Errorf("keys of rows %v, want those of 0 and 2 only", slices.Sorted(maps.Keys(got)))
	}
	if a, b := compute.DuplicateKey(&compute.Result{Vacancy: items[0].Vacancy}), compute.DuplicateKey(&compute.Result{Vacancy: items[2].Vacancy}); a.Seat != b.Seat {
		t.Errorf("the test's rows A and B are not of one seat: %q, %q", a.Seat, b.Seat)
	}
}

// rowLabel is how a conflict names a row: its source, and its vacancy_id
// when it has one.
func rowLabel(v *compute.Vacancy) string {
	src := v.Source.String()
	if v.ID == "" || v.ID == src {
		return src
	}
	return src + " (" + v.ID + ")"
}
