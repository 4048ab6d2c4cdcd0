package synth

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"batch/pkg/compute"
	"batch/pkg/nylaw"
)

func csvOf(t *testing.T, o Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteCSV(&b, o); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestSameSeedSameBytes(t *testing.T) {
	cases := []struct {
		name string
		a, b Options
		same bool
	}{
		{"same seed twice gives the same file", Defaults(3000, 7), Defaults(3000, 7), true},
		{"another seed gives another file", Defaults(3000, 7), Defaults(3000, 8), false},
		{"the samples' options are stable too", SampleOptions(), SampleOptions(), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := bytes.Equal(csvOf(t, c.a), csvOf(t, c.b))
			if got != c.same {
				t.Errorf("files equal = %v, want %v", got, c.same)
			}
		})
	}
}

func TestRowCount(t *testing.T) {
	for _, n := range []int{0, 1, 70, 71, 2000} {
		t.Run("rows "+itoa(n), func(t *testing.T) {
			recs, err := csv.NewReader(bytes.NewReader(csvOf(t, Defaults(n, 1)))).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) != n+1 {
				t.Fatalf("got %d records, want header + %d", len(recs), n)
			}
			if strings.Join(recs[0], ",") != strings.Join(Columns, ",") {
				t.Errorf("header = %v", recs[0])
			}
		})
	}
}

func itoa(n int) string { return pad(n, 1) }

// rows generates n rows with the default shares.
func rows(n int, seed int64) []row {
	g := newGenerator(Defaults(n, seed))
	out := make([]row, n)
	for i := range out {
		out[i] = g.next(i)
	}
	return out
}

func TestEverythingAppearsInTwoThousandRows(t *testing.T) {
	classes, causes, counties := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, r := range rows(2000, 3) {
		classes[string(r.canon.class)] = true
		causes[string(r.canon.cause)] = true
		counties[r.county] = true
	}
	t.Run("every office class", func(t *testing.T) {
		for _, c := range modelledClasses {
			if !classes[string(c)] {
				t.Errorf("no %s", c)
			}
		}
	})
	t.Run("every cause", func(t *testing.T) {
		for _, c := range compute.Causes {
			if !causes[string(c)] {
				t.Errorf("no %s", c)
			}
		}
	})
	t.Run("all 62 counties, as the county column says", func(t *testing.T) {
		for _, k := range ingestCounties {
			if !counties[k] {
				t.Errorf("no %s", k)
			}
		}
	})
}

// ingestCounties is the State's spelling of its 62 counties, typed from the
// list of the Department of State, not from places.go.
var ingestCounties = strings.Split("Albany,Allegany,Bronx,Broome,Cattaraugus,Cayuga,Chautauqua,"+
	"Chemung,Chenango,Clinton,Columbia,Cortland,Delaware,Dutchess,Erie,Essex,Franklin,Fulton,"+
	"Genesee,Greene,Hamilton,Herkimer,Jefferson,Kings,Lewis,Livingston,Madison,Monroe,Montgomery,"+
	"Nassau,New York,Niagara,Oneida,Onondaga,Ontario,Orange,Orleans,Oswego,Otsego,Putnam,Queens,"+
	"Rensselaer,Richmond,Rockland,St. Lawrence,Saratoga,Schenectady,Schoharie,Schuyler,Seneca,"+
	"Steuben,Suffolk,Sullivan,Tioga,Tompkins,Ulster,Warren,Washington,Wayne,Westchester,Wyoming,Yates", ",")

func TestMessyRows(t *testing.T) {
	rs := rows(2000, 5)
	count := func(f func(row) bool) int {
		n := 0
		for _, r := range rs {
			if f(r) {
				n++
			}
		}
		return n
	}
	// Shares of Defaults over the 2000 − 71 rows after the coverage rows:
	// 1 % bad = 19, 0.2 % copies = 3, 0.1 % blank = 1.
	cases := []struct {
		name   string
		got    int
		lo, hi int
	}{
		{"one row in a hundred is deliberately bad", count(func(r row) bool { return r.bad != "" && !r.duplicate }), 19, 19},
		{"a few exact duplicates", count(func(r row) bool { return r.duplicate }), 3, 3},
		{"a blank row", count(func(r row) bool { return r.blank }), 1, 1},
		{"about a quarter leave office_class blank", count(func(r row) bool { return !r.blank && r.class == "" }), 400, 600},
		{"proclamations", count(func(r row) bool { return !r.proclamation.d.IsZero() }), 60, 300},
		{"special sessions", count(func(r row) bool { return !r.session.d.IsZero() }), 1, 100},
		{"dates typed as text", count(func(r row) bool { return r.event.text != "" }), 80, 250},
		{"causes in words", count(func(r row) bool {
			return r.cause != "" && r.cause != string(r.canon.cause) && !strings.EqualFold(r.cause, string(r.canon.cause))
		}), 150, 600},
		{"assembly districts with leading zeros", count(func(r row) bool {
			return r.canon.class == compute.MemberOfAssembly && strings.HasPrefix(r.district, "0")
		}), 20, 200},
		{"formula-looking notes", count(func(r row) bool { return strings.ContainsAny(r.notes[:min(1, len(r.notes))], "=+-@") }), 5, 60},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.got < c.lo || c.got > c.hi {
				t.Errorf("got %d, want %d … %d", c.got, c.lo, c.hi)
			}
		})
	}
	t.Run("every kind of defect", func(t *testing.T) {
		kinds := map[string]bool{}
		for _, r := range rs {
			kinds[r.bad] = true
		}
		for _, k := range []string{"unparseable event_date", "unknown county", "missing office", "unknown cause"} {
			if !kinds[k] {
				t.Errorf("no %q row", k)
			}
		}
	})
}

// Term ends follow the office's calendar: the legislature's two-year terms
// end on December 31 of even years (N.Y. Const. art. III § 2), congress's
// on January 3 of odd years (U.S. Const. amend. XX), the governor's on
// December 31 of 2026, 2030, … (elected 2022, 2026: art. IV § 1).
func TestTermEndsFitTheOffice(t *testing.T) {
	cases := []struct {
		name  string
		class compute.OfficeClass
		ok    func(d compute.Date) bool
	}{
		{"assembly terms end Dec 31 of even years", compute.MemberOfAssembly, func(d compute.Date) bool { return d.Month == 12 && d.Day == 31 && d.Year%2 == 0 }},
		{"state senate terms end Dec 31 of even years", compute.StateSenator, func(d compute.Date) bool { return d.Month == 12 && d.Day == 31 && d.Year%2 == 0 }},
		{"congress terms end Jan 3 of odd years", compute.USRepresentative, func(d compute.Date) bool { return d.Month == 1 && d.Day == 3 && d.Year%2 == 1 }},
		{"U.S. senate terms end Jan 3 of 2029 or 2031 give or take six years", compute.USSenator, func(d compute.Date) bool {
			return d.Month == 1 && d.Day == 3 && (d.Year%6 == 2029%6 || d.Year%6 == 2031%6)
		}},
		{"governor's term ends Dec 31, 2026 or four years around", compute.Governor, func(d compute.Date) bool { return d.Month == 12 && d.Day == 31 && d.Year%4 == 2026%4 }},
		{"town and county terms end Dec 31", compute.OtherOffice, func(d compute.Date) bool { return d.Month == 12 && d.Day == 31 }},
	}
	rs := rows(4000, 11)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seen := 0
			for _, r := range rs {
				if r.canon.class != c.class || r.bad != "" || r.termEnd.d.IsZero() {
					continue
				}
				seen++
				if !c.ok(r.termEnd.d) {
					t.Errorf("%s %s: term_end %s", r.id, r.office, r.termEnd.d)
				}
				if v := r.vacancyDay(); r.canon.cause != compute.TermExpiration && v.After(r.termEnd.d) {
					t.Errorf("%s: vacancy %s after term end %s", r.id, v, r.termEnd.d)
				}
			}
			if seen == 0 {
				t.Error("no rows of the class")
			}
		})
	}
}

func TestEventYearsInRange(t *testing.T) {
	for _, r := range rows(3000, 2) {
		if r.event.d.IsZero() {
			continue
		}
		if y := r.event.d.Year; y < 2005 || y > 2027 {
			t.Errorf("%s: event %s outside 2005–2027", r.id, r.event.d)
		}
	}
}

// The workbook must read back with excelize (what ingest uses): every row,
// dates as date cells, district text with its zeros, and a sheet dimension
// that covers the rows (openpyxl read-only trusts it).
func TestWorkbookReadsBack(t *testing.T) {
	o := Defaults(500, 4)
	o.TitleRows = true
	var b bytes.Buffer
	if err := WriteXLSX(&b, o); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	if got := f.GetSheetList(); len(got) != 1 || got[0] != "Vacancies" {
		t.Fatalf("sheets = %v", got)
	}
	dim, _ := f.GetSheetDimension("Vacancies")
	if dim != "A1:R504" {
		t.Errorf("dimension = %q, want A1:R504 (3 title rows, header, 500 rows)", dim)
	}
	all, err := f.GetRows("Vacancies", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 504 {
		t.Errorf("read %d rows, want 504", len(all))
	}
	if all[3][0] != "vacancy_id" {
		t.Errorf("header row = %v", all[3])
	}
	want := rows(500, 4)
	for i, r := range want {
		got := all[4+i]
		cell := func(col int) string {
			if col < len(got) {
				return got[col]
			}
			return ""
		}
		if r.blank {
			continue
		}
		if r.districtNum == 0 && cell(3) != r.district {
			t.Errorf("row %d district = %q, want %q", i+5, cell(3), r.district)
		}
		if r.event.text == "" && !r.event.d.IsZero() {
			v, err := f.GetCellValue("Vacancies", "H"+pad(i+5, 1))
			if err != nil {
				t.Fatal(err)
			}
			wantText := r.event.d.String()
			if r.event.mdy {
				wantText = mdy(r.event.d)
			}
			if v != wantText {
				t.Errorf("row %d event_date shows %q, want %q", i+5, v, wantText)
			}
		}
	}
}

// The committed samples are what `go run ./bench/gen -samples samples`
// writes today (the CSV files; the workbook's zip bytes carry timestamps).
func TestSamplesAreCurrent(t *testing.T) {
	dir := t.TempDir()
	if err := WriteSamples(dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"statewide.csv", "calendar.csv"} {
		t.Run(name, func(t *testing.T) {
			got, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			committed, err := os.ReadFile(filepath.Join("..", "..", "samples", name))
			if err != nil {
				t.Skip("samples not present:", err)
			}
			if !bytes.Equal(got, committed) {
				t.Errorf("samples/%s is stale: run go run ./bench/gen -samples samples", name)
			}
		})
	}
	t.Run("the workbook has the promised sheets", func(t *testing.T) {
		f, err := excelize.OpenFile(filepath.Join(dir, "statewide.xlsx"))
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = f.Close() }()
		want := "Upstate|NYC & Long Island|Statewide|Calendar"
		if got := strings.Join(f.GetSheetList(), "|"); got != want {
			t.Errorf("sheets = %s, want %s", got, want)
		}
	})
}

// The Calendar sheet's holiday sits on the 2027 designating-petition last
// day: P(2027) is the fourth Tuesday of June (Elec. Law § 8-100(1)(a) as
// amended by L.2019 ch. 5; June 2027: Tuesdays 1, 8, 15, 22) = Tue Jun 22;
// the twelfth Thursday preceding it, walking back from Jun 21: Jun 17, 10,
// 3, May 27, 20, 13, 6, Apr 29, 22, 15, 8, 1 → Thu 2027-04-01.
func TestSampleHolidayMovesADeadline(t *testing.T) {
	primary := compute.NthWeekdayOfMonth(2027, time.June, time.Tuesday, 4)
	last := compute.NthWeekdayBefore(primary, time.Thursday, 12)
	if last != compute.D(2027, time.April, 1) || sampleCalendarSheet[0].holiday != last {
		t.Errorf("last day %s, holiday %s, want both 2027-04-01", last, sampleCalendarSheet[0].holiday)
	}
}

// Special elections are set inside the window of the edition in force on
// the proclamation (the generator's reading of § 42(3)), but for the ones
// made wrong on purpose and the Senate and Assembly specials on another
// district's day.
func TestSpecialsFitTheirWindow(t *testing.T) {
	rs := rows(4000, 3)
	inside, outside := 0, 0
	for _, r := range rs {
		if r.proclamation.d.IsZero() || r.special.d.IsZero() || r.bad != "" {
			continue
		}
		min, max := specialWindow(r.canon.class, r.proclamation.d)
		n := r.proclamation.d.DaysUntil(r.special.d)
		if n >= min && n <= max {
			inside++
		} else {
			outside++
		}
	}
	if inside == 0 || outside*5 > inside {
		t.Errorf("%d specials inside their window, %d outside: most should be inside", inside, outside)
	}
	for _, c := range []struct {
		class    compute.OfficeClass
		day      compute.Date
		min, max int
	}{
		{compute.StateSenator, compute.D(2010, time.June, 1), 30, 40},
		{compute.StateSenator, compute.D(2011, time.March, 9), 70, 80},
		{compute.MemberOfAssembly, compute.D(2021, time.July, 30), 40, 50},
		{compute.USRepresentative, compute.D(2022, time.January, 5), 70, 80},
		{compute.OtherOffice, compute.D(2022, time.July, 28), 40, 50},
		{compute.OtherOffice, compute.D(2022, time.July, 29), 70, 80},
		{compute.StateSenator, compute.D(2025, time.April, 10), 40, 50},
	} {
		if min, max := specialWindow(c.class, c.day); min != c.min || max != c.max {
			t.Errorf("%s on %s: %d–%d, want %d–%d", c.class, c.day, min, max, c.min, c.max)
		}
	}
}

// The samples' special elections, judged twice: by the generator's own
// reading of § 42(3) (specialWindow, written from the statutes, not from
// the engine) and by the engine under the law in force. They must agree:
// SPECIAL_WINDOW only where the date is outside the window of the edition
// in force on the proclamation, and never for a Senate or Assembly special
// thirty days or more after it from L.2022 ch. 164 (the same-date proviso).
func TestSamplesSpecialWindowsAgreeWithTheStatute(t *testing.T) {
	o := SampleOptions()
	g := newGenerator(o)
	cal := compute.NewCalendar(nylaw.NewYork, nil)
	checked := 0
	for i := 0; i < o.Rows; i++ {
		r := g.next(i)
		if r.blank || r.bad != "" || r.proclamation.d.IsZero() || r.special.d.IsZero() {
			continue
		}
		v := compute.Vacancy{Office: r.office, Class: r.canon.class, Cause: r.canon.cause, EventDate: r.event.d,
			TermStart: r.termStart.d, TermEnd: r.termEnd.d, ProclamationDate: r.proclamation.d,
			SpecialElectionDate: r.special.d, SpecialSessionDate: r.session.d}
		switch strings.ToLower(r.appointable) {
		case "yes":
			v.Appointable = compute.Yes
		case "no":
			v.Appointable = compute.No
		}
		res := compute.Compute(v, cal, o.AsOf)
		if res.Method != compute.SpecialElection {
			continue // barred or not authorized: no window to judge
		}
		checked++
		min, max := specialWindow(r.canon.class, r.proclamation.d)
		n := r.proclamation.d.DaysUntil(r.special.d)
		outside := n < min || n > max
		proviso := (r.canon.class == compute.StateSenator || r.canon.class == compute.MemberOfAssembly) &&
			!r.proclamation.d.Before(compute.D(2022, time.July, 29)) && n >= 30
		want := outside && !proviso
		got := strings.Contains(res.ConflictCodes(), "SPECIAL_WINDOW")
		if got != want {
			t.Errorf("%s %s: proclaimed %s, election %s (%d days, window %d–%d): SPECIAL_WINDOW %v, want %v",
				r.id, r.canon.class, r.proclamation.d, r.special.d, n, min, max, got, want)
		}
	}
	if checked < 30 {
		t.Errorf("only %d special elections judged", checked)
	}
}
