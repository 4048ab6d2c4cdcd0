package outdir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The outputs as the contract names them (pkg/export), by format.
const (
	resultsName   = "results.xlsx"
	vacanciesName = "vacancies.csv"
	deadlinesName = "deadlines.csv"
	conflictsName = "conflicts.csv"
	errorsName    = "errors.csv"
	icsName       = "deadlines.ics"
	summaryName   = "summary.json"

	XLSX, CSV, ICS, JSON = "xlsx", "csv", "ics", "json"
)

var legacyNames = []string{resultsName, vacanciesName, deadlinesName, conflictsName, errorsName, icsName, summaryName}

var testOutputs = Outputs{Names: legacyNames, Prefix: "by-", Legacy: legacyNames, LegacySummary: summaryName}

// legacySummaryJSON is a summary.json as every earlier version wrote it
// (the keys legacyOwn reads), naming one input of the given SHA-256.
func legacySummaryJSON(inputSHA256 string) string {
	return `{"version": "v0.3.0", "as_of": "2026-11-29", "edition": "auto", "jobs": 2, "counts": {"vacancies": 3},` +
		` "inputs": [{"path": "county.csv", "sha256": "` + inputSHA256 + `", "rows": 3}], "duration_seconds": 0.4}`
}

// writeLegacy writes into dir an earlier version's outputs, summary.json
// last as that version did (when it is among them), and returns what
// each holds.
func writeLegacy(t *testing.T, dir string, names ...string) map[string]string {
	t.Helper()
	must(t, os.MkdirAll(dir, 0o755))
	files := map[string]string{}
	last := false
	for _, n := range names {
		if n == summaryName {
			last = true
			continue
		}
		files[n] = "last night's " + n
		must(t, os.WriteFile(filepath.Join(dir, n), []byte(files[n]), 0o644))
	}
	if last {
		files[summaryName] = legacySummaryJSON(strings.Repeat("ab", 32))
		must(t, os.WriteFile(filepath.Join(dir, summaryName), []byte(files[summaryName]), 0o644))
	}
	return files
}

// namesOf lists the files a format writes.
func namesOf(format string) []string {
	switch format {
	case XLSX:
		return []string{resultsName}
	case CSV:
		return []string{conflictsName, deadlinesName, errorsName, vacanciesName}
	case ICS:
		return []string{icsName}
	}
	return []string{summaryName}
}

func open(t *testing.T, dir string) *Set {
	t.Helper()
	s, err := Open(dir, testOutputs)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// stage writes the outputs of formats into s, each a line naming it and
// the set; the workbook's, as the export writer does, with a spill file
// beside it.
func stage(t *testing.T, s *Set, formats ...string) {
	t.Helper()
	for _, format := range formats {
		if format == XLSX {
			spill, err := s.Spill()
			if err != nil {
				t.Fatal(err)
			}
			must(t, os.WriteFile(filepath.Join(spill, "sheet1.xml"), []byte("rows"), 0o600))
		}
		for _, name := range namesOf(format) {
			f, err := s.Create(name)
			if err != nil {
				t.Fatal(err)
			}
			var bg Syncs
			f.SyncBeside(&bg)
			if _, err := fmt.Fprintf(f.Out(), "%s of set %s\n", name, s.id); err != nil {
				t.Fatal(err)
			}
			f.FinishBeside(&bg)
			must(t, bg.Wait())
		}
	}
}

// writeRun is a whole run into dir, writing the outputs of formats; it
// returns what the commit linked.
func writeRun(t *testing.T, dir string, formats ...string) []string {
	t.Helper()
	s := open(t, dir)
	defer s.Abort()
	stage(t, s, formats...)
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	return s.Linked()
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// outputs lists what a reader of dir sees: every entry but .batch, and
// for each whether it can be read.
func outputs(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	for _, n := range listDir(t, dir) {
		if n != metaName {
			out = append(out, n)
		}
	}
	return out
}

// setOf is the id of the set dir/name is read from: the run folder its
// link resolves to, "legacy" for an earlier version's output (a regular
// file, or the set a migration made of them), "" when it cannot be read or
// is not an output (the analyst's own file).
func setOf(dir, name string) string {
	p, err := filepath.EvalSymlinks(filepath.Join(dir, name))
	if err != nil {
		return ""
	}
	rel, err := filepath.Rel(filepath.Join(dir, metaName, runsName), p)
	if err != nil || strings.HasPrefix(rel, "..") {
		if slices.Contains(legacyNames, name) {
			return "legacy"
		}
		return ""
	}
	id := strings.SplitN(filepath.ToSlash(rel), "/", 2)[0]
	if strings.HasSuffix(id, "-previous") {
		return "legacy"
	}
	return id
}

// assertOneSet checks that every readable entry of dir comes from one set
// and returns its id.
func assertOneSet(t *testing.T, dir string) string {
	t.Helper()
	sets := map[string][]string{}
	for _, n := range outputs(t, dir) {
		if id := setOf(dir, n); id != "" {
			sets[id] = append(sets[id], n)
		}
	}
	if len(sets) > 1 {
		t.Errorf("the folder shows files of %d sets at once: %v", len(sets), sets)
	}
	for id := range sets {
		return id
	}
	return ""
}

// leftovers lists what New and Commit must not leave behind in dir's
// .batch: anything but the lock, current, and the current set.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	meta := filepath.Join(dir, metaName)
	cur := runsName + "/" + (&Set{meta: meta}).currentRun() // a link's, or with copies the file's
	var out []string
	for _, n := range listDir(t, meta) {
		if n != lockName && n != currentName && n != runsName {
			out = append(out, n)
		}
	}
	if runs, err := os.ReadDir(filepath.Join(meta, runsName)); err == nil {
		for _, r := range runs {
			if runsName+"/"+r.Name() != cur {
				out = append(out, runsName+"/"+r.Name())
			}
		}
	}
	for _, n := range listDir(t, dir) {
		if strings.HasPrefix(n, ".") && n != metaName {
			out = append(out, n)
		}
	}
	return out
}

func TestAtomicOutputs(t *testing.T) {
	final := []string{conflictsName, icsName, deadlinesName, errorsName, resultsName, summaryName, vacanciesName}
	slices.Sort(final)

	t.Run("a committed run leaves exactly the outputs, each a link into the current set", func(t *testing.T) {
		needLinks(t)
		dir := filepath.Join(t.TempDir(), "out")
		linked := writeRun(t, dir, XLSX, CSV, ICS, JSON)
		if got := outputs(t, dir); !slices.Equal(got, final) {
			t.Errorf("folder holds %q, want %q", got, final)
		}
		if got := slices.Sorted(slices.Values(linked)); !slices.Equal(got, final) {
			t.Errorf("Linked %q, want %q", got, final)
		}
		id := assertOneSet(t, dir)
		for _, n := range final {
			if setOf(dir, n) != id {
				t.Errorf("%s is not read from the current set", n)
			}
		}
		if left := leftovers(t, dir); len(left) > 0 {
			t.Errorf("leftovers: %q", left)
		}
		m, err := (&Set{out: testOutputs}).readManifest(filepath.Join(dir, metaName, runsName, id))
		if err != nil || !slices.Equal(m.Links, final) || len(m.Files) != len(final) {
			t.Errorf("manifest %+v, %v", m, err)
		}
	})

	t.Run("nothing is in place before Commit", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		s := open(t, dir)
		defer s.Abort()
		stage(t, s, XLSX, CSV, ICS, JSON)
		if got := outputs(t, dir); len(got) > 0 {
			t.Errorf("%q visible before Commit", got)
		}
	})

	t.Run("an aborted run keeps the previous outputs and removes its staging", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		writeRun(t, dir, XLSX, CSV, ICS, JSON)
		before := map[string][]byte{}
		for _, name := range final {
			b, _ := os.ReadFile(filepath.Join(dir, name))
			before[name] = b
		}
		s := open(t, dir)
		stage(t, s, XLSX, CSV, ICS, JSON)
		s.Abort()
		s.Abort() // twice is fine
		if got := outputs(t, dir); !slices.Equal(got, final) {
			t.Errorf("after Abort the folder holds %q, want %q", got, final)
		}
		for _, name := range final {
			b, _ := os.ReadFile(filepath.Join(dir, name))
			if string(b) != string(before[name]) {
				t.Errorf("%s changed although the run was aborted", name)
			}
		}
		if left := leftovers(t, dir); len(left) > 0 {
			t.Errorf("leftovers after Abort: %q", left)
		}
		if err := s.Commit(); err == nil {
			t.Error("Commit after Abort succeeded")
		}
		if left := leftovers(t, dir); len(left) > 0 {
			t.Errorf("leftovers after a Commit after Abort: %q", left)
		}
	})

	t.Run("a commit refused before it changes anything keeps the previous outputs", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		writeRun(t, dir, CSV)
		before, _ := os.ReadFile(filepath.Join(dir, vacanciesName))
		// A folder where summary.json would go: the commit is refused.
		if err := os.MkdirAll(filepath.Join(dir, summaryName, "keep"), 0o755); err != nil {
			t.Fatal(err)
		}
		s := open(t, dir)
		stage(t, s, CSV, JSON)
		err := s.Commit()
		if err == nil || !strings.Contains(err.Error(), "summary.json is a folder") {
			t.Fatalf("Commit: %v", err)
		}
		s.Abort()
		after, _ := os.ReadFile(filepath.Join(dir, vacanciesName))
		if string(after) != string(before) {
			t.Error("vacancies.csv was replaced although the commit failed")
		}
		if left := leftovers(t, dir); len(left) > 0 {
			t.Errorf("leftovers after a refused Commit: %q", left)
		}
	})

	t.Run("a second run with fewer formats leaves no older file", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "out")
		writeRun(t, dir, XLSX, CSV, ICS, JSON)
		writeRun(t, dir, CSV)
		want := []string{conflictsName, deadlinesName, errorsName, vacanciesName}
		if got := outputs(t, dir); !slices.Equal(got, want) {
			t.Errorf("folder holds %q, want %q", got, want)
		}
		assertOneSet(t, dir)
		if left := leftovers(t, dir); len(left) > 0 {
			t.Errorf("leftovers: %q", left)
		}
	})
}

func TestTheCommitShowsOneSetAtEveryStep(t *testing.T) {
	needLinks(t)
	// At every step of the commit (the hook runs between the renames) the
	// readable outputs come from one set only; from the switch on, every
	// output of the new set is readable and nothing of the old one is.
	tests := []struct {
		name     string
		old, new []string
		legacy   bool // the old outputs are an earlier version's regular files
	}{
		{"same formats", []string{XLSX, CSV, JSON}, []string{XLSX, CSV, JSON}, false},
		{"fewer formats", []string{XLSX, CSV, ICS, JSON}, []string{JSON}, false},
		{"more formats", []string{JSON}, []string{XLSX, CSV, ICS, JSON}, false},
		{"an earlier version's folder, fewer formats", []string{XLSX, CSV, JSON}, []string{CSV}, true},
		{"an earlier version's folder, other formats", []string{JSON}, []string{XLSX, ICS}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			oldFiles := map[string]string{}
			if tc.legacy {
				var names []string
				for _, f := range tc.old {
					names = append(names, namesOf(f)...)
				}
				oldFiles = writeLegacy(t, dir, names...)
			} else {
				writeRun(t, dir, tc.old...)
			}
			if err := os.WriteFile(filepath.Join(dir, "analyst-notes.txt"), []byte("mine"), 0o644); err != nil {
				t.Fatal(err)
			}
			oldSet := assertOneSet(t, dir)
			var newNames []string
			for _, f := range tc.new {
				newNames = append(newNames, namesOf(f)...)
			}
			var steps []string
			switched := false
			commitHook = func(step string) {
				steps = append(steps, step)
				if step == "locked" {
					return
				}
				id := assertOneSet(t, dir)
				if step == "switched" {
					switched = true
				}
				for _, n := range outputs(t, dir) {
					if n == "analyst-notes.txt" {
						continue
					}
					b, err := os.ReadFile(filepath.Join(dir, n))
					if err != nil {
						continue
					}
					if want, ok := oldFiles[n]; ok && !switched && string(b) != want {
						t.Errorf("at step %s, %s shows %q, want last night's %q", step, n, b, want)
					}
				}
				if switched {
					for _, n := range newNames {
						if setOf(dir, n) != id || id == oldSet {
							t.Errorf("after the switch (step %s), %s is not read from the new set", step, n)
						}
					}
				}
			}
			defer func() { commitHook = func(string) {} }()
			writeRun(t, dir, tc.new...)
			commitHook = func(string) {}
			slices.Sort(newNames)
			got := outputs(t, dir)
			want := append(slices.Clone(newNames), "analyst-notes.txt")
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("after the commit the folder holds %q, want %q", got, want)
			}
			if !slices.Contains(steps, "switched") || !slices.Contains(steps, "linked") {
				t.Errorf("steps %q", steps)
			}
			if tc.legacy && !slices.Contains(steps, "migrate-switched") {
				t.Errorf("no migration step in %q", steps)
			}
			if left := leftovers(t, dir); len(left) > 0 {
				t.Errorf("leftovers: %q", left)
			}
		})
	}
}

func TestNewCleansWhatKilledRunsLeft(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	writeRun(t, dir, CSV)
	meta := filepath.Join(dir, metaName)
	cur := assertOneSet(t, dir)
	// What runs killed at each point leave: a set half written (no
	// manifest), a complete set never switched in, a spill folder, a
	// current link made but not renamed, a link made but not renamed, a
	// link to an output the current set does not hold (killed after the
	// switch, before the stale links went), and an earlier version's
	// temporaries (a dead process's and a live one's).
	complete := filepath.Join(meta, runsName, "20260101T000000.000Z-complete")
	for _, d := range []string{filepath.Join(meta, runsName, "20260101T000000.000Z-half"), complete, filepath.Join(meta, "spill-x")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(complete, vacanciesName), []byte("unswitched"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := (&Set{}).writeManifest(complete, "20260101T000000.000Z-complete"); err != nil {
		t.Fatal(err)
	}
	_ = os.Symlink(runsName+"/20260101T000000.000Z-complete", filepath.Join(meta, currentName+".tmp-x"))
	_ = os.Symlink(linkTarget(summaryName), filepath.Join(dir, linkPrefix+"x"))
	_ = os.Symlink(linkTarget(resultsName), filepath.Join(dir, resultsName))
	dead := ".results.xlsx.tmp-999999999-0011223344556677"
	live := ".results.xlsx.tmp-" + strconv.Itoa(os.Getpid()) + "-0011223344556677"
	for _, n := range []string{dead, live} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// And one output link lost (killed before the links were made).
	if err := os.Remove(filepath.Join(dir, errorsName)); err != nil {
		t.Fatal(err)
	}
	open(t, dir).Abort()
	left := leftovers(t, dir)
	if !slices.Equal(left, []string{live}) {
		t.Errorf("after New the leftovers are %q, want only the live process's %q", left, live)
	}
	if id := assertOneSet(t, dir); id != cur {
		t.Errorf("the folder shows set %s, want the current %s", id, cur)
	}
	want := []string{live, conflictsName, deadlinesName, errorsName, vacanciesName}
	slices.Sort(want)
	if got := outputs(t, dir); !slices.Equal(got, want) {
		t.Errorf("the folder holds %q, want %q (the lost link repaired, the stale one gone)", got, want)
	}
}

func TestOneRunAtATime(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	writeRun(t, dir, CSV)
	first := open(t, dir)
	_, err := Open(dir, testOutputs)
	if !errors.Is(err, errBusy) || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "another batch run (process ") {
		t.Fatalf("a second run into the folder: %v", err)
	}
	// The refused run touched nothing of the first one's.
	stage(t, first, CSV)
	if err := first.Commit(); err != nil {
		t.Fatalf("the first run's commit after a refused second run: %v", err)
	}
	first.Abort()
	// Once the first is done, the folder is free.
	writeRun(t, dir, JSON)

	// Many at once: exactly one of them holds the folder at a time.
	var wg sync.WaitGroup
	var mu sync.Mutex
	held, busy := 0, 0
	ws := make([]*Set, 8)
	for i := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w, err := Open(dir, testOutputs)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				held++
				ws[i] = w
			case errors.Is(err, errBusy):
				busy++
			default:
				t.Errorf("Open: %v", err)
			}
		}()
	}
	wg.Wait()
	if held != 1 || busy != len(ws)-1 {
		t.Errorf("%d runs held the folder, %d were refused", held, busy)
	}
	for _, w := range ws {
		w.Abort()
	}
}

func TestAFailedRunCreatesNoFolder(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "reports", "july")
	open(t, dir).Abort()
	if _, err := os.Stat(filepath.Join(base, "reports")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an aborted run left the folders it made (%v)", err)
	}
	// A folder that was there stays, without the tool's .batch.
	if err := os.Mkdir(filepath.Join(base, "kept"), 0o755); err != nil {
		t.Fatal(err)
	}
	open(t, filepath.Join(base, "kept")).Abort()
	if got := listDir(t, filepath.Join(base, "kept")); len(got) != 0 {
		t.Errorf("an aborted run left %q in a folder that was empty", got)
	}
}

func TestADanglingSymlinkAsTheFolder(t *testing.T) {
	needLinks(t)
	base := t.TempDir()
	link := filepath.Join(base, "out")
	if err := os.Symlink(filepath.Join(base, "nowhere"), link); err != nil {
		t.Fatal(err)
	}
	_, err := Open(link, testOutputs)
	if err == nil || !strings.Contains(err.Error(), "is a symbolic link to "+filepath.Join(base, "nowhere")+", which does not exist") {
		t.Fatalf("Open: %v", err)
	}
	// A link to a folder is a folder.
	if err := os.Mkdir(filepath.Join(base, "nowhere"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeRun(t, link, CSV)
	if got := outputs(t, filepath.Join(base, "nowhere")); len(got) != 4 {
		t.Errorf("outputs through the link: %q", got)
	}
}
