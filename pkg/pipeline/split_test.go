package pipeline

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"batch/internal/testmode"
	"batch/pkg/compute"
	"batch/pkg/export"
	"batch/pkg/ingest"
)

// readCSVFile reads a CSV output as rows of column → value.
func readCSVFile(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []map[string]string
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return out
}

// sheetColumn is every value under header name on a sheet of a workbook
// (the header row is the first row holding name).
// rawValues reads cells as stored, without number formats: the texts
// and ids these tests look for are stored as they read, and formatting
// every date cell took most of the split tests' time under the race
// detector.
var rawValues = excelize.Options{RawCellValue: true}

func sheetColumn(t *testing.T, f *excelize.File, sheet, name string) []string {
	t.Helper()
	rows, err := f.GetRows(sheet, rawValues)
	if err != nil {
		t.Fatalf("sheet %s: %v", sheet, err)
	}
	col, start := -1, 0
	for i, r := range rows {
		if j := slices.Index(r, name); j >= 0 {
			col, start = j, i+1
			break
		}
	}
	if col < 0 {
		t.Fatalf("sheet %s has no column %s", sheet, name)
	}
	var out []string
	for _, r := range rows[start:] {
		if col < len(r) {
			out = append(out, r[col])
		} else {
			out = append(out, "")
		}
	}
	return out
}

// allCells is every value on a sheet.
func allCells(t *testing.T, f *excelize.File, sheet string) []string {
	t.Helper()
	rows, err := f.GetRows(sheet, rawValues)
	if err != nil {
		t.Fatalf("sheet %s: %v", sheet, err)
	}
	var out []string
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

type sliceSummary struct {
	Counts struct {
		Vacancies int `json:"vacancies"`
	} `json:"counts"`
	Slice *struct {
		Column string  `json:"column"`
		Folder string  `json:"folder"`
		Value  *string `json:"value"`
		Shared int     `json:"shared_vacancies"`
	} `json:"slice"`
	Split *struct {
		Folders int `json:"folders"`
		NoValue int `json:"no_value_rows"`
		Shared  int `json:"shared_vacancies"`
	} `json:"split"`
}

func readSummary(t *testing.T, path string) sliceSummary {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s sliceSummary
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return s
}

// The samples, with a few rows whose offices span counties (a State Senate
// district, the Fourth Judicial District's eleven counties, a
// congressional district), one rejected for a misspelt county and one for
// a bad date, split by county.
func TestSplitByCountyOnTheSamples(t *testing.T) {
	testmode.SkipShort(t, "the samples split by county, 63 workbooks")
	out := filepath.Join(t.TempDir(), "out")
	inputs := []string{filepath.Join("..", "..", "samples", "statewide.xlsx"), filepath.Join("testdata", "split", "multicounty.csv")}
	// On 2026-08-03, 37 deadlines fall due in the next 14 days: Summary
	// lists them, with their vacancies.
	sum, err := Run(context.Background(), Options{Inputs: inputs, Jobs: 2, Split: "county",
		Outputs: Outputs{Dir: out, AsOf: compute.D(2026, 8, 3), Formats: []string{export.XLSX, export.CSV, export.JSON}},
	})
	if err != nil {
		t.Fatal(err)
	}
	// What each county should hold, from the statewide vacancies.csv.
	want := map[string][]string{} // folder value → vacancy ids
	all := map[string]bool{}
	copies, shared := 0, 0
	for _, r := range readCSVFile(t, filepath.Join(out, "vacancies.csv")) {
		id := r["vacancy_id"]
		all[id] = true
		counties := ingest.SplitCounties(r["county"])
		if len(counties) == 0 {
			counties = []string{""}
		}
		if len(counties) > 1 {
			shared++
		}
		for _, c := range counties {
			want[c] = append(want[c], id)
			copies++
		}
	}
	if len(all) == 0 || shared != 3 {
		t.Fatalf("the statewide set has %d ids and %d rows naming several counties; the test input has 3", len(all), shared)
	}
	index := readCSVFile(t, filepath.Join(out, "by-county", "index.csv"))
	if len(index) > 63 {
		t.Errorf("%d folders: New York has 62 counties, and (none)", len(index))
	}
	folders, _ := os.ReadDir(filepath.Join(out, "by-county"))
	if len(folders) != len(index)+1 {
		t.Errorf("by-county holds %d entries, index.csv lists %d folders (and itself)", len(folders), len(index))
	}
	total, rejected := 0, 0
	sawNone, listed := false, 0
	statewideSheets := sheetsOf(t, filepath.Join(out, "results.xlsx")) // opened once: each opening reads the whole workbook
	for _, row := range index {
		value, folder := row["value"], row["folder"]
		if value == "" {
			sawNone = true
			if folder != export.NoValueFolder {
				t.Errorf("the rows with no county are in %q, want %q", folder, export.NoValueFolder)
			}
		} else if !slices.Contains(compute.Counties, value) || folder != value {
			t.Errorf("folder %q for %q: want one per county, named for it", folder, value)
		}
		var n, rej int
		fmt.Sscan(row["vacancies"], &n)
		fmt.Sscan(row["rejected_rows"], &rej)
		total += n
		rejected += rej
		dir := filepath.Join(out, "by-county", folder)
		f, err := excelize.OpenFile(filepath.Join(dir, "results.xlsx"))
		if err != nil {
			t.Fatalf("%s: %v", folder, err)
		}
		if got, want := f.GetSheetList(), statewideSheets; !slices.Equal(got, want) {
			t.Errorf("%s: sheets %q, the statewide workbook's are %q", folder, got, want)
		}
		ids := sheetColumn(t, f, "Vacancies", "vacancy_id")
		if !sameMultiset(ids, want[value]) {
			t.Errorf("%s: Vacancies holds %q, want %q", folder, ids, want[value])
		}
		if len(ids) != n {
			t.Errorf("%s: index.csv says %d vacancies, the workbook holds %d", folder, n, len(ids))
		}
		own := map[string]bool{}
		for _, id := range ids {
			own[id] = true
		}
		for _, sheet := range []string{"Deadlines", "Conflicts"} {
			for _, id := range sheetColumn(t, f, sheet, "vacancy_id") {
				if !own[id] {
					t.Errorf("%s: %s names %s, not one of its vacancies", folder, sheet, id)
				}
			}
		}
		// Summary names only the folder's own vacancies, and says what the
		// workbook is a part of.
		cells := allCells(t, f, "Summary")
		for _, c := range cells {
			if all[c] && !own[c] {
				t.Errorf("%s: Summary lists %s, a vacancy of another folder", folder, c)
			}
			if own[c] {
				listed++
			}
		}
		text := strings.Join(cells, "\n")
		says := []string{"Vacancies of " + value + " County: what needs action", "This workbook is the part of a larger run for " + value + " County",
			"several counties", fmt.Sprintf("rows of the run have no county: they are in by-county/%s.", export.NoValueFolder)}
		if value == "" {
			says = []string{"Vacancies with no county: what needs action", "This workbook holds the rows of a larger run that have no county"}
		}
		for _, s := range says {
			if !strings.Contains(text, s) {
				t.Errorf("%s: Summary does not say %q", folder, s)
			}
		}
		_ = f.Close()
		s := readSummary(t, filepath.Join(dir, "summary.json"))
		if s.Slice == nil || s.Slice.Value == nil || *s.Slice.Value != value || s.Slice.Folder != "by-county/"+folder || s.Slice.Column != "county" {
			t.Errorf("%s: summary.json does not name the slice: %+v", folder, s.Slice)
		}
		if s.Counts.Vacancies != n {
			t.Errorf("%s: summary.json counts %d vacancies, index.csv %d", folder, s.Counts.Vacancies, n)
		}
	}
	if !sawNone {
		t.Error("no (none) folder, yet rows have no county")
	}
	if listed == 0 {
		t.Error("no Summary lists any vacancy: the check above checked nothing")
	}
	// Every vacancy once per county it names.
	if total != copies || total <= sum.Accepted {
		t.Errorf("the folders hold %d vacancies; the statewide set has %d, %d counting a shared row once per county", total, sum.Accepted, copies)
	}
	// A rejected row is in its counties' folders, or in (none) when its
	// county could not be read: MC-6 twice, the others once.
	if rejected != sum.Rejected+1 {
		t.Errorf("the folders list %d rejected rows, want the statewide %d and MC-6's second county", rejected, sum.Rejected)
	}
	f, err := excelize.OpenFile(filepath.Join(out, "results.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(allCells(t, f, "Summary"), "\n")
	_ = f.Close()
	for _, s := range []string{fmt.Sprintf("Split by county: %d folders in by-county/", len(index)),
		"3 vacancies name several counties (a State Senate or judicial district): each is in the folder of every county it names.",
		fmt.Sprintf("%d rows of the run have no county: they are in by-county/(none).", len(want[""])+2)} {
		if !strings.Contains(text, s) {
			t.Errorf("the statewide Summary does not say %q", s)
		}
	}
	st := readSummary(t, filepath.Join(out, "summary.json"))
	if st.Split == nil || st.Split.Folders != len(index) || st.Split.Shared != 3 || st.Split.NoValue != len(want[""])+2 {
		t.Errorf("statewide summary.json split %+v, want %d folders, 3 shared, %d rows with no county", st.Split, len(index), len(want[""])+2)
	}
	assertNoTemporaries(t, out)
}

func sheetsOf(t *testing.T, path string) []string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return f.GetSheetList()
}

func sameMultiset(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// safeFolderName checks a name against what Windows, macOS and Linux
// refuse or mishandle, independently of the code that makes it.
func safeFolderName(name string) error {
	switch {
	case name == "" || name == "." || name == "..":
		return errors.New("empty or a dot name")
	case len(name) > 255 || utf8.RuneCountInString(name) > 80:
		return errors.New("too long")
	case strings.ContainsAny(name, `/\:*?"<>|`):
		return errors.New("a character Windows refuses")
	case name[0] == '.' || name[0] == '-' || name[0] == ' ':
		return errors.New("a leading dot, dash or space")
	case strings.HasSuffix(name, ".") || strings.HasSuffix(name, " "):
		return errors.New("a trailing dot or space")
	case !utf8.ValidString(name):
		return errors.New("not UTF-8")
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return fmt.Errorf("control or invisible character %U", r)
		}
	}
	base, _, _ := strings.Cut(strings.ToUpper(name), ".")
	base = strings.TrimRight(base, " ")
	for _, reserved := range []string{"CON", "PRN", "AUX", "NUL", "COM1", "COM9", "LPT1", "LPT9", "(NONE)"} {
		if base == reserved && name != export.NoValueFolder {
			return errors.New("a reserved name")
		}
	}
	return nil
}

// A recipient column holding whatever an analyst or an attacker may type:
// every value gets a folder that is safe everywhere and its own, and
// index.csv maps it back.
func TestSplitFolderNamesAreSafeAndDistinct(t *testing.T) {
	long := strings.Repeat("Board of Elections of the County ", 10)[:300]
	values := []string{"../x", "CON", "con.txt", "a/b", "a_b", "a\\b", "line\nbreak", "=cmd|' /C calc'!A0", long, long[:299] + "X",
		".hidden", "-rf", "Albany", "albany", "(none)", "trailing dot.", "NUL", "COM1", "tab\there", "\u202eevil", "Montréal", "Ålesund BOE",
		"index.csv", "Index.CSV", "ALBANY"} // the index's own name failed the run (issue 27)
	var b strings.Builder
	b.WriteString("vacancy_id,office,cause,event_date,recipient\n")
	w := csv.NewWriter(&b)
	for i, v := range values {
		_ = w.Write([]string{fmt.Sprintf("R-%02d", i), "Town Supervisor", "death", "2026-10-01", v})
	}
	_ = w.Write([]string{"R-blank", "Town Supervisor", "death", "2026-10-01", "  "})
	w.Flush()
	in := filepath.Join(t.TempDir(), "recipients.csv")
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	if _, err := Run(context.Background(), Options{Inputs: []string{in}, Jobs: 2, Split: "Recipient",
		Outputs: Outputs{Dir: out, AsOf: asOf, Formats: []string{export.XLSX, export.JSON}},
	}); err != nil {
		t.Fatal(err)
	}
	parent := filepath.Join(out, "by-recipient")
	index := readCSVFile(t, filepath.Join(parent, "index.csv"))
	if len(index) != len(values)+1 {
		t.Fatalf("index.csv lists %d folders, want %d values and (none)", len(index), len(values)+1)
	}
	seen := map[string]string{} // folder, lower-cased → value
	byValue := map[string]string{}
	for _, row := range index {
		folder := row["folder"]
		// index.csv guards values as every CSV output does: a leading
		// apostrophe on text a spreadsheet would run.
		value := row["value"]
		if strings.HasPrefix(value, "'") {
			value = value[1:]
		} else if strings.HasPrefix(value, "=") || strings.HasPrefix(value, "-") {
			t.Errorf("index.csv holds %q unguarded: a spreadsheet would run it", value)
		}
		if err := safeFolderName(folder); err != nil {
			t.Errorf("folder %q for %q: %v", folder, value, err)
		}
		if other, ok := seen[strings.ToLower(folder)]; ok {
			t.Errorf("folders of %q and %q are one on a case-blind file system: %q", value, other, folder)
		}
		seen[strings.ToLower(folder)] = value
		byValue[value] = folder
		st, err := os.Lstat(filepath.Join(parent, folder))
		if err != nil || !st.IsDir() {
			t.Errorf("index.csv names folder %q, which is not a folder in by-recipient: %v", folder, err)
			continue
		}
		s := readSummary(t, filepath.Join(parent, folder, "summary.json"))
		if s.Slice == nil || s.Slice.Value == nil {
			t.Errorf("%q: summary.json names no slice", folder)
			continue
		}
		if strings.HasPrefix(*s.Slice.Value, "=") && !strings.HasPrefix(row["value"], "'=") {
			t.Errorf("index.csv's value %q for %q is not guarded", row["value"], *s.Slice.Value)
		}
		if *s.Slice.Value != strings.TrimSpace(value) {
			t.Errorf("%q: summary.json's value %q, index.csv's %q", folder, *s.Slice.Value, value)
		}
	}
	for i, v := range values {
		folder, ok := byValue[v]
		if !ok {
			t.Errorf("value %q is not in index.csv", v)
			continue
		}
		f, err := excelize.OpenFile(filepath.Join(parent, folder, "results.xlsx"))
		if err != nil {
			t.Fatal(err)
		}
		if ids := sheetColumn(t, f, "Vacancies", "vacancy_id"); !slices.Equal(ids, []string{fmt.Sprintf("R-%02d", i)}) {
			t.Errorf("folder %q of %q holds %q", folder, v, ids)
		}
		_ = f.Close()
	}
	if byValue[""] != export.NoValueFolder {
		t.Errorf("the blank recipient's row is in %q, want (none)", byValue[""])
	}
	// Case twins are named as they would be alone (FolderName), so
	// adding ALBANY never renames Albany's folder.
	for _, v := range []string{"Albany", "albany", "ALBANY", "index.csv", "Index.CSV"} {
		if byValue[v] != export.FolderName(v) {
			t.Errorf("%q is in folder %q, alone it would be %q", v, byValue[v], export.FolderName(v))
		}
	}
	if byValue["Albany"] != "Albany" {
		t.Errorf("Albany is in folder %q", byValue["Albany"])
	}
	// Plain values in their canonical case keep their names; a mail rule
	// can rely on them. Others take the hash, whatever else the run holds.
	if want := export.FolderName("Ålesund BOE"); !strings.HasPrefix(want, "Ålesund BOE~") || byValue["Ålesund BOE"] != want {
		t.Errorf("%q is in folder %q, want %q (capitals past a word's first letter)", "Ålesund BOE", byValue["Ålesund BOE"], want)
	}
	for _, v := range []string{"Montréal"} {
		if byValue[v] != v {
			t.Errorf("%q is in folder %q, want its own name", v, byValue[v])
		}
	}
	// The names are the same in another run that holds only some of the
	// values (those without a case twin).
	if got := export.FolderNames([]string{"a/b", "CON"}, false); got["a/b"] != byValue["a/b"] || got["CON"] != byValue["CON"] {
		t.Errorf("names differ between runs: %q", got)
	}
}

// A column no input has is refused before anything is written.
func TestSplitOnAMissingColumnWritesNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	_, err := Run(context.Background(), Options{Inputs: []string{filepath.Join("testdata", "split", "multicounty.csv")}, Split: "recipient",
		Outputs: Outputs{Dir: out, AsOf: asOf},
	})
	var se SplitError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), `"recipient"`) {
		t.Errorf("want a SplitError naming the column, got %v", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the failed run left %s", out)
	}
}

// Split by office_class: the class the row gives, or the one derived
// from its office.
func TestSplitByOfficeClass(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if _, err := Run(context.Background(), Options{Inputs: []string{filepath.Join("..", "..", "samples", "statewide.csv")}, Jobs: 2, Split: "Office Class",
		Outputs: Outputs{Dir: out, AsOf: asOf, Formats: []string{export.CSV, export.JSON}},
	}); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	for _, r := range readCSVFile(t, filepath.Join(out, "vacancies.csv")) {
		want[r["office_class"]]++
	}
	index := readCSVFile(t, filepath.Join(out, "by-office_class", "index.csv"))
	for _, row := range index {
		var n int
		fmt.Sscan(row["vacancies"], &n)
		if row["value"] != "" && (row["folder"] != row["value"] || n != want[row["value"]]) {
			t.Errorf("%s: folder %s with %d vacancies, want %d", row["value"], row["folder"], n, want[row["value"]])
		}
		if _, err := os.Stat(filepath.Join(out, "by-office_class", row["folder"], "summary.json")); err != nil {
			t.Error(err)
		}
	}
	if len(index) < 5 {
		t.Errorf("%d office classes in the samples", len(index))
	}
}

// snapshotOut reads every file the output folder shows, through its
// links, with the set they resolve to.
func snapshotOut(t *testing.T, out string) (string, map[string]string) {
	t.Helper()
	cur, err := os.Readlink(filepath.Join(out, ".batch", "current"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		root := filepath.Join(out, e.Name())
		err := filepath.WalkDir(root+string(filepath.Separator), func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(out, p)
			files[rel] = string(b)
			return nil
		})
		if err != nil {
			// A file, not a folder.
			b, err := os.ReadFile(root)
			if err != nil {
				t.Fatal(err)
			}
			files[e.Name()] = string(b)
		}
	}
	return cur, files
}

// A slice that fails, early (while the statewide outputs are still being
// written) or late, or an interrupt while the slices are written, leaves
// the previous set whole: the statewide files and every folder, as they
// were, and nothing of the failed run.
func TestASliceThatFailsLeavesThePreviousSetWhole(t *testing.T) {
	testmode.SkipShort(t, "the failing slices of a split of the samples")
	out := filepath.Join(t.TempDir(), "out")
	samples, least := filepath.Join("..", "..", "samples", "statewide.xlsx"), 100
	if !testmode.Exhaustive() {
		// The counties the cases fail in, one more, and rows with none:
		// the samples' 63 folders three times over took a minute under
		// the race detector.
		data, err := os.ReadFile(filepath.Join("..", "..", "samples", "statewide.csv"))
		if err != nil {
			t.Fatal(err)
		}
		samples, least = filepath.Join(t.TempDir(), "statewide.csv"), 20
		if err := os.WriteFile(samples, someCounties(t, data, "Kings", "Monroe", "Albany", ""), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Run(context.Background(), Options{Inputs: []string{samples}, Jobs: 2, Split: "county",
		Outputs: Outputs{Dir: out, AsOf: asOf}}); err != nil {
		t.Fatal(err)
	}
	before, files := snapshotOut(t, out)
	if _, ok := files[filepath.Join("by-county", "Kings", "results.xlsx")]; !ok || len(files) < least {
		t.Fatalf("the first run shows %d files", len(files))
	}
	boom := errors.New("disk full")
	for _, tc := range []struct {
		name   string
		folder string
		cancel bool
	}{
		{"the first slice fails", export.NoValueFolder, false},
		{"a later slice fails", "Monroe", false},
		{"interrupted while writing a slice", "Kings", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			sliceHook = func(folder string) error {
				if folder != tc.folder {
					return nil
				}
				if tc.cancel {
					cancel()
					return nil
				}
				return boom
			}
			defer func() { sliceHook = nil }()
			// Another input, so that a mix of the two sets would show.
			_, err := Run(ctx, Options{Inputs: []string{samples, filepath.Join("testdata", "split", "multicounty.csv")}, Jobs: 2, Split: "county",
				Outputs: Outputs{Dir: out, AsOf: asOf},
			})
			switch {
			case tc.cancel && !errors.Is(err, context.Canceled):
				t.Fatalf("want the interrupt, got %v", err)
			case !tc.cancel && !errors.Is(err, boom):
				t.Fatalf("want the slice's failure, got %v", err)
			case !tc.cancel && (!strings.Contains(err.Error(), "by-county/"+tc.folder+", for ") ||
				!strings.Contains(err.Error(), "(first at "+filepath.Base(samples)+":")):
				t.Errorf("the failure does not name the value, its input and row: %v", err)
			}
			after, now := snapshotOut(t, out)
			if after != before {
				t.Errorf("current is %s, was %s", after, before)
			}
			if len(now) != len(files) {
				t.Errorf("the folder shows %d files, it showed %d", len(now), len(files))
			}
			for name, b := range files {
				if now[name] != b {
					t.Errorf("%s changed", name)
				}
			}
			assertNoTemporaries(t, out)
		})
	}
}

// Two nights of a split run with the digest: each county's digest and
// Changes sheet hold that county's changes, compared with its own folder
// of the night before; a row naming several counties changes in each.
func TestEachFolderIsComparedWithItsOwnLastNight(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	samples, err := os.ReadFile(filepath.Join("..", "..", "samples", "statewide.csv"))
	if err != nil {
		t.Fatal(err)
	}
	multi, err := os.ReadFile(filepath.Join("testdata", "split", "multicounty.csv"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(path, body string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !testmode.Exhaustive() {
		samples = someCounties(t, samples, "Albany", "Suffolk", "Kings", "Erie", "Queens", "")
	}
	write(a, string(samples))
	write(b, string(multi))
	out := filepath.Join(dir, "out")
	night := func(day int) {
		t.Helper()
		if _, err := Run(context.Background(), Options{Inputs: []string{a, b}, Jobs: 2, Split: "county", Compare: "auto",
			Outputs: Outputs{Dir: out, AsOf: compute.D(2026, 8, day), Formats: []string{export.XLSX, export.JSON, export.Digest}},
		}); err != nil {
			t.Fatal(err)
		}
	}
	night(3)
	// The next night: MC-1's event date is corrected, a Suffolk row is
	// gone, a Kings row is new.
	write(b, strings.Replace(string(multi), "death,2026-09-14", "death,2026-07-14", 1))
	lines := strings.SplitAfter(string(samples), "\n")
	gone := ""
	var kept []string
	for i, l := range lines {
		if i > 0 && gone == "" && strings.Contains(l, ",Suffolk,") {
			gone = strings.SplitN(l, ",", 2)[0]
			continue
		}
		kept = append(kept, l)
	}
	if gone == "" {
		t.Fatal("no Suffolk row in the samples")
	}
	write(a, strings.Join(kept, "")+"K-NEW,Member of Assembly,member_of_assembly,52,Kings,,resignation,2026-08-01,,,,,,,,,,\n")
	night(4)

	digest := func(folder string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(out, "by-county", folder, "digest.txt"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for folder, want := range map[string][]string{
		"Albany": {"MC-1", "event_date 2026-09-14 → 2026-07-14"}, "Schenectady": {"MC-1"}, "Montgomery": {"MC-1"},
		"Kings": {"K-NEW"}, "Suffolk": {gone},
	} {
		d := digest(folder)
		if !strings.HasPrefix(d, "batch: vacancies of "+folder+" County as of Tue 2026-08-04") {
			t.Errorf("%s: the digest's title is %q", folder, strings.SplitN(d, "\n", 2)[0])
		}
		for _, w := range want {
			if !strings.Contains(d, w) {
				t.Errorf("%s: the digest does not name %q:\n%s", folder, w, d)
			}
		}
	}
	for _, folder := range []string{"Erie", "Queens", export.NoValueFolder} {
		d := digest(folder)
		for _, id := range []string{"MC-1", "K-NEW", gone} {
			if strings.Contains(d, id+",") || strings.Contains(d, id+" ") {
				t.Errorf("%s: the digest names %s, another county's change:\n%s", folder, id, d)
			}
		}
		if !strings.Contains(strings.SplitN(d, "\n", 2)[0], "nothing changed") {
			t.Errorf("%s: %q", folder, strings.SplitN(d, "\n", 2)[0])
		}
	}
	f, err := excelize.OpenFile(filepath.Join(out, "by-county", "Albany", "results.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if ids := sheetColumn(t, f, "Changes", "vacancy_id"); !slices.Contains(ids, "MC-1") || slices.Contains(ids, "K-NEW") {
		t.Errorf("Albany's Changes sheet lists %q", ids)
	}
	var s struct {
		Changes struct {
			Status string `json:"status"`
			Total  int    `json:"total"`
		} `json:"changes"`
	}
	raw, _ := os.ReadFile(filepath.Join(out, "by-county", "Kings", "summary.json"))
	if err := json.Unmarshal(raw, &s); err != nil || s.Changes.Status != "compared" || s.Changes.Total == 0 {
		t.Errorf("Kings' summary.json changes: %+v (%v)", s.Changes, err)
	}
}

// someCounties is the CSV's header and its rows of the counties named (""
// for a row with none): by default the nightly split tests run on the
// counties they look at, as two runs of 63 workbooks each took a minute
// and more under the race detector. The exhaustive run keeps every row.
func someCounties(t *testing.T, data []byte, counties ...string) []byte {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("the samples' CSV: %v", err)
	}
	col := slices.Index(recs[0], "county")
	if col < 0 {
		t.Fatal("the samples' CSV has no county column")
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	for i, r := range recs {
		if i == 0 || slices.Contains(counties, r[col]) {
			if err := w.Write(r); err != nil {
				t.Fatal(err)
			}
		}
	}
	w.Flush()
	return b.Bytes()
}
