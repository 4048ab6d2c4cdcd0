package outdir

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// Never delete or replace what the tool did not write (issue 35).

// everyName is every output of the contract, files and a split's folder,
// as pkg/export names them: the outputs a set may hold.
var everyName = append(slices.Clone(legacyNames), "changes.csv", "digest.txt", "digest.html", "snapshot.jsonl.gz")

var everyOutput = Outputs{Names: everyName, Prefix: "by-", Legacy: legacyNames, LegacySummary: summaryName}

// stageEvery writes every output into s, and a split's folder by-county
// with a slice.
func stageEvery(t *testing.T, s *Set) {
	t.Helper()
	for _, name := range append(slices.Clone(everyName), "by-county/index.csv", "by-county/Albany/results.xlsx") {
		f, err := s.Create(name)
		must(t, err)
		_, err = fmt.Fprintf(f.Out(), "%s of set %s\n", name, s.id)
		must(t, err)
		must(t, f.Finish())
	}
}

// needSymlinks skips t where a symbolic link cannot be made, or where one
// is said to be made and is not (Wine 8). The probe is made once, in a
// folder of its own whose removal may fail there.
func needSymlinks(t *testing.T) {
	t.Helper()
	symlinkProbe.Do(func() {
		dir, err := os.MkdirTemp("", "symlink-probe")
		if err != nil {
			symlinkProbe.why = err.Error()
			return
		}
		defer os.RemoveAll(dir)
		p := filepath.Join(dir, "probe")
		if err := os.Symlink("target", p); err != nil {
			symlinkProbe.why = "no symbolic links here: " + err.Error()
		} else if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			symlinkProbe.why = "a symbolic link made here is none"
		}
	})
	if symlinkProbe.why != "" {
		t.Skip(symlinkProbe.why)
	}
}

var symlinkProbe struct {
	sync.Once
	why string
}

// needHardLinks skips t where a file cannot have a second name.
func needHardLinks(t *testing.T) {
	t.Helper()
	hardLinkProbe.Do(func() {
		dir, err := os.MkdirTemp("", "hardlink-probe")
		if err != nil {
			hardLinkProbe.why = err.Error()
			return
		}
		defer os.RemoveAll(dir)
		if err := os.WriteFile(filepath.Join(dir, "a"), nil, 0o644); err != nil {
			hardLinkProbe.why = err.Error()
		} else if err := os.Link(filepath.Join(dir, "a"), filepath.Join(dir, "b")); err != nil {
			hardLinkProbe.why = "no hard links here: " + err.Error()
		}
	})
	if hardLinkProbe.why != "" {
		t.Skip(hardLinkProbe.why)
	}
}

var hardLinkProbe struct {
	sync.Once
	why string
}

// runEvery is a run writing every output into dir, with or without links.
func runEvery(t *testing.T, dir string, copies bool) error {
	t.Helper()
	defer func(was bool) { forceCopies = was }(forceCopies)
	forceCopies = copies
	s, err := Open(dir, everyOutput)
	if err != nil {
		return err
	}
	defer s.Abort()
	stageEvery(t, s)
	return s.Commit()
}

// tree is every path under dir, but .batch, with its bytes ("dir" for a
// folder, "link → target" for a link).
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	must(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case rel == metaName:
			return filepath.SkipDir
		case d.Type()&os.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[rel] = "link → " + target
		case d.IsDir():
			out[rel] = "dir"
		default:
			b, err := os.ReadFile(p)
			must(t, err)
			out[rel] = string(b)
		}
		return nil
	}))
	return out
}

// TestAVictimNamedLikeEveryOutputSurvives: a file of the analyst's (or a
// folder, for by-county) under the name of each output, in a folder
// never written by batch, in one holding a run with links, and in one
// holding a run with copies: the run that would write that name is
// refused, naming it, and the victim, like everything else in the
// folder, is byte for byte as it was.
func TestAVictimNamedLikeEveryOutputSurvives(t *testing.T) {
	victims := append(slices.Clone(everyName), "by-county", "by-county/")
	for _, state := range []string{"a new folder", "a folder with links", "a folder with copies"} {
		for _, name := range victims {
			t.Run(state+"/"+name, func(t *testing.T) {
				copies := state == "a folder with copies"
				if !copies {
					needSymlinks(t) // first: under Wine, a TempDir's removal fails
				}
				out := filepath.Join(t.TempDir(), "out")
				switch state {
				case "a new folder":
					must(t, os.MkdirAll(out, 0o755))
				default:
					must(t, runEvery(t, out, copies))
				}
				victim := filepath.Join(out, strings.TrimSuffix(name, "/"))
				must(t, os.RemoveAll(victim))
				if strings.HasSuffix(name, "/") {
					must(t, os.MkdirAll(filepath.Join(victim, "Albany"), 0o755))
					must(t, os.WriteFile(filepath.Join(victim, "Albany", "my-notes.txt"), []byte("the analyst's notes"), 0o644))
				} else {
					must(t, os.WriteFile(victim, []byte("the analyst's own "+name), 0o644))
				}
				before := tree(t, out)
				err := runEvery(t, out, copies)
				if err == nil || !strings.Contains(err.Error(), strings.TrimSuffix(name, "/")+" is ") || !strings.Contains(err.Error(), "did not write") {
					t.Errorf("the run: %v; want a refusal naming %s", err, name)
				}
				after := tree(t, out)
				for p, b := range before {
					if after[p] != b {
						t.Errorf("%s changed: %.60q → %.60q", p, b, after[p])
					}
				}
				for p := range after {
					if _, ok := before[p]; !ok {
						t.Errorf("%s was added", p)
					}
				}
			})
		}
	}
}

// TestOnlyProvenOutputsOfAnEarlierVersionMigrate: an earlier version's
// outputs (plain files, summary.json last) are migrated; a file under one
// of their names that the proof refuses stops the run that would write
// it, and stays as it was; one the run does not write stays too.
func TestOnlyProvenOutputsOfAnEarlierVersionMigrate(t *testing.T) {
	input := "vacancy_id,office,cause,event_date\nA-1,Mayor,died,2026-01-05\n"
	sum := sha256.Sum256([]byte(input))
	cases := []struct {
		name    string
		prepare func(t *testing.T, out string)
		formats []string
		says    string // "" when the run goes on
		kept    []string
	}{
		{"a whole earlier folder", func(t *testing.T, out string) {
			writeLegacy(t, out, resultsName, vacanciesName, errorsName, summaryName)
		}, []string{CSV, JSON}, "", nil},
		{"no summary.json beside the outputs", func(t *testing.T, out string) {
			writeLegacy(t, out, vacanciesName, errorsName)
		}, []string{CSV}, "there is no summary.json beside it", []string{vacanciesName, errorsName}},
		{"the analyst's own summary.json", func(t *testing.T, out string) {
			must(t, os.MkdirAll(out, 0o755))
			must(t, os.WriteFile(filepath.Join(out, summaryName), []byte(`{"my": "notes"}`), 0o644))
			must(t, os.WriteFile(filepath.Join(out, errorsName), []byte("my own list of errors"), 0o644))
		}, []string{CSV, JSON}, "summary.json beside it is not the summary an earlier version of batch wrote", []string{summaryName, errorsName}},
		{"an input kept under an output's name", func(t *testing.T, out string) {
			writeLegacy(t, out, resultsName)
			must(t, os.WriteFile(filepath.Join(out, vacanciesName), []byte(input), 0o644))
			must(t, os.WriteFile(filepath.Join(out, summaryName), []byte(legacySummaryJSON(hex.EncodeToString(sum[:]))), 0o644))
		}, []string{CSV, JSON}, "vacancies.csv is a file batch cannot prove an earlier version of it wrote (it is one of the inputs summary.json names)", []string{vacanciesName}},
		{"an output saved again after the run", func(t *testing.T, out string) {
			writeLegacy(t, out, errorsName, summaryName)
			later := time.Now().Add(time.Hour)
			must(t, os.Chtimes(filepath.Join(out, errorsName), later, later))
		}, []string{CSV, JSON}, "errors.csv is a file batch cannot prove an earlier version of it wrote (it was changed at", []string{errorsName}},
		{"a file older than the run", func(t *testing.T, out string) {
			writeLegacy(t, out, errorsName, summaryName)
			earlier := time.Now().Add(-24 * time.Hour)
			must(t, os.Chtimes(filepath.Join(out, errorsName), earlier, earlier))
		}, []string{CSV, JSON}, "before the run that wrote summary.json began", []string{errorsName}},
		{"an output with a second name", func(t *testing.T, out string) {
			writeLegacy(t, out, errorsName, summaryName)
			must(t, os.Link(filepath.Join(out, errorsName), filepath.Join(t.TempDir(), "elsewhere.csv")))
		}, []string{CSV, JSON}, "it has another name too, a hard link", []string{errorsName}},
		{"an unproven file the run does not write stays", func(t *testing.T, out string) {
			writeLegacy(t, out, resultsName) // no summary.json
		}, []string{CSV}, "", []string{resultsName}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			needSymlinks(t)
			if strings.Contains(tc.name, "second name") {
				needHardLinks(t)
			}
			out := filepath.Join(t.TempDir(), "out")
			tc.prepare(t, out)
			before := tree(t, out)
			s, err := Open(out, testOutputs)
			must(t, err)
			stage(t, s, tc.formats...)
			err = s.Commit()
			s.Abort()
			switch {
			case tc.says == "" && err != nil:
				t.Fatalf("the run: %v", err)
			case tc.says != "" && (err == nil || !strings.Contains(err.Error(), tc.says)):
				t.Fatalf("the run: %v; want a refusal saying %q", err, tc.says)
			}
			after := tree(t, out)
			for _, name := range tc.kept {
				if after[name] != before[name] {
					t.Errorf("%s: %.60q → %.60q", name, before[name], after[name])
				}
			}
			if tc.says != "" {
				if !maps(before, after) {
					t.Errorf("a refused run changed the folder: %q → %q", before, after)
				}
				if _, err := os.Lstat(filepath.Join(out, metaName)); err == nil {
					t.Error("a refused run left .batch in a folder that had none")
				}
				return
			}
			for _, n := range namesOfAll(tc.formats) {
				if setOf(out, n) == "" || setOf(out, n) == "legacy" {
					t.Errorf("%s is not the new run's", n)
				}
			}
		})
	}
}

func namesOfAll(formats []string) []string {
	var out []string
	for _, f := range formats {
		out = append(out, namesOf(f)...)
	}
	return out
}

func maps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestASetHoldsOnlyWhatTheToolWrote: the set .batch/current names is
// checked before its files are linked, copied or read: an entry that is a
// symbolic link (listed in the manifest), a hard link to a file outside,
// or a file the manifest does not list stops the run, with links and with
// copies; no output in OUT then shows
// (or holds) the file outside. A spreadsheet program's lock file is no
// reason to stop.
func TestASetHoldsOnlyWhatTheToolWrote(t *testing.T) {
	attacks := []struct {
		name   string
		attack func(t *testing.T, set string, v victim)
		says   string
	}{
		{"an entry is a symbolic link to a file outside", func(t *testing.T, set string, v victim) {
			p := filepath.Join(set, "digest.txt")
			must(t, os.Remove(p))
			must(t, os.Symlink(v.file, p))
		}, "digest.txt is a symbolic link, not a plain file"},
		{"an entry of a folder is a symbolic link to a file outside", func(t *testing.T, set string, v victim) {
			p := filepath.Join(set, "by-county", "Albany", "results.xlsx")
			must(t, os.Remove(p))
			must(t, os.Symlink(v.file, p))
		}, "results.xlsx is a symbolic link, not a plain file"},
		{"an entry is a hard link to a file outside", func(t *testing.T, set string, v victim) {
			p := filepath.Join(set, "digest.txt")
			must(t, os.Remove(p))
			must(t, os.Link(v.file, p))
		}, "a hard link elsewhere"},
		{"a file the manifest does not list", func(t *testing.T, set string, v victim) {
			must(t, os.WriteFile(filepath.Join(set, "by-county", "Albany", "notes.txt"), []byte("mine"), 0o644))
		}, "notes.txt is not one of the files batch wrote into the set"},
		{"a spreadsheet program's lock files", func(t *testing.T, set string, v victim) {
			must(t, os.WriteFile(filepath.Join(set, "~$results.xlsx"), []byte("analyst"), 0o644))
			must(t, os.WriteFile(filepath.Join(set, ".~lock.results.xlsx#"), []byte("analyst"), 0o644))
		}, ""},
	}
	for _, copies := range []bool{false, true} {
		for _, tc := range attacks {
			t.Run(fmt.Sprintf("copies=%v/%s", copies, tc.name), func(t *testing.T) {
				if !copies || strings.Contains(tc.name, "symbolic link") {
					needSymlinks(t)
				}
				if strings.Contains(tc.name, "hard link") {
					needHardLinks(t)
				}
				v := newVictim(t)
				out := filepath.Join(t.TempDir(), "out")
				must(t, runEvery(t, out, copies))
				set := currentSetDir(t, out)
				tc.attack(t, set, v)
				before, folder := v.snapshot(t), tree(t, out)
				err := runEvery(t, out, copies)
				if tc.says == "" {
					if err != nil {
						t.Fatal(err)
					}
				} else if err == nil || !strings.Contains(err.Error(), tc.says) {
					t.Fatalf("the run: %v; want a refusal saying %q", err, tc.says)
				} else if !maps(folder, tree(t, out)) {
					t.Error("the refused run changed the output folder")
				}
				v.assertUntouched(t, before)
				if !copies {
					return // with links, OUT/digest.txt resolves through the set someone changed: the tool made nothing new
				}
				victimBytes, _ := os.ReadFile(v.file)
				for p, b := range tree(t, out) {
					if real, err := filepath.EvalSymlinks(filepath.Join(out, p)); err == nil && real == v.file {
						t.Errorf("%s shows the file outside", p)
					}
					if b == string(victimBytes) {
						t.Errorf("%s holds the bytes of the file outside", p)
					}
				}
			})
		}
	}
}

// TestAnOpenWorkbookInACopiedFolderIsNoReason: without links, a slice's
// workbook opened from OUT leaves Excel's lock file beside it
// (by-county/Albany/~$results.xlsx): the folder is still the tool's, and
// the next run goes on.
func TestAnOpenWorkbookInACopiedFolderIsNoReason(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	must(t, runEvery(t, out, true))
	must(t, os.WriteFile(filepath.Join(out, "by-county", "Albany", "~$results.xlsx"), []byte("analyst"), 0o644))
	if err := runEvery(t, out, true); err != nil {
		t.Fatalf("the next run: %v", err)
	}
}
