package outdir

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Nothing outside the output folder is ever written, removed or linked
// to, whatever someone who can write into the folder (a shared network
// drive) put in its .batch (issue 27). Each attack is tried against a
// victim file and a victim folder outside OUT, which must stay byte for
// byte; the run that meets the attack fails before it writes (exit 1 in
// the CLI), naming what is wrong.

// victim is a file and a folder outside any output folder.
type victim struct{ file, dir string }

func newVictim(t *testing.T) victim {
	t.Helper()
	base := t.TempDir()
	v := victim{file: filepath.Join(base, "victim.txt"), dir: filepath.Join(base, "victim-dir")}
	must(t, os.WriteFile(v.file, []byte("the victim's own bytes\n"), 0o644))
	must(t, os.MkdirAll(filepath.Join(v.dir, "sub"), 0o755))
	must(t, os.WriteFile(filepath.Join(v.dir, "keep.txt"), []byte("keep me"), 0o644))
	must(t, os.WriteFile(filepath.Join(v.dir, "sub", "deep.txt"), []byte("and me"), 0o644))
	return v
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// snapshot is every path under the victim with its bytes (or "dir").
func (v victim) snapshot(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	b, err := os.ReadFile(v.file)
	must(t, err)
	out[v.file] = string(b)
	must(t, filepath.WalkDir(v.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			out[p] = "dir"
			return nil
		}
		b, err := os.ReadFile(p)
		out[p] = string(b)
		return err
	}))
	return out
}

func (v victim) assertUntouched(t *testing.T, before map[string]string) {
	t.Helper()
	after := v.snapshot(t)
	for p, b := range before {
		if after[p] != b {
			t.Errorf("outside the output folder, %s changed: %q → %q", p, b, after[p])
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("outside the output folder, %s was created", p)
		}
	}
}

func TestNothingOutsideTheOutputFolder(t *testing.T) {
	// Each attack is made on a folder holding one committed run.
	attacks := []struct {
		name   string
		attack func(t *testing.T, out string, v victim)
		says   string // in the refusal; "" when the run goes on harmlessly
	}{
		{"runs is a symbolic link to a folder outside", func(t *testing.T, out string, v victim) {
			runs := filepath.Join(out, metaName, runsName)
			must(t, os.RemoveAll(runs))
			must(t, os.Symlink(v.dir, runs))
		}, "is a symbolic link, not a plain folder"},
		{"runs is a symbolic link, and current is gone", func(t *testing.T, out string, v victim) {
			runs := filepath.Join(out, metaName, runsName)
			must(t, os.RemoveAll(runs))
			must(t, os.Remove(filepath.Join(out, metaName, currentName)))
			must(t, os.Symlink(v.dir, runs))
		}, "is a symbolic link, not a plain folder"},
		{"the lock is a symbolic link to a file outside", func(t *testing.T, out string, v victim) {
			lock := filepath.Join(out, metaName, lockName)
			must(t, os.Remove(lock))
			must(t, os.Symlink(v.file, lock))
		}, "is a symbolic link, not a plain file"},
		{"the lock is a symbolic link to a file outside that does not exist yet", func(t *testing.T, out string, v victim) {
			lock := filepath.Join(out, metaName, lockName)
			must(t, os.Remove(lock))
			must(t, os.Symlink(filepath.Join(v.dir, "new-file"), lock))
		}, "is a symbolic link, not a plain file"},
		{"a stale set is a symbolic link to a folder outside", func(t *testing.T, out string, v victim) {
			must(t, os.Symlink(v.dir, filepath.Join(out, metaName, runsName, "20260101T000000.000Z-000000000000")))
		}, "is a symbolic link, not a plain folder"},
		{"the current set is a symbolic link to a folder outside", func(t *testing.T, out string, v victim) {
			cur := currentSetDir(t, out)
			must(t, os.RemoveAll(cur))
			must(t, os.Symlink(v.dir, cur))
		}, "is a symbolic link, not a plain folder"},
		{"current points outside through ..", func(t *testing.T, out string, v victim) {
			cur := filepath.Join(out, metaName, currentName)
			must(t, os.Remove(cur))
			rel, err := filepath.Rel(filepath.Join(out, metaName), v.dir)
			must(t, err)
			must(t, os.Symlink(filepath.Join(runsName, rel), cur))
		}, "does not name a set"},
		{"the manifest lists a name with ..", func(t *testing.T, out string, v victim) {
			rel, err := filepath.Rel(out, v.file)
			must(t, err)
			tamperManifest(t, out, rel)
		}, "not one of the tool's outputs"},
		{"the manifest lists an absolute name", func(t *testing.T, out string, v victim) {
			tamperManifest(t, out, v.file)
		}, "not one of the tool's outputs"},
		{"the manifest lists a name that is no output", func(t *testing.T, out string, v victim) {
			tamperManifest(t, out, "notes.txt")
		}, "not one of the tool's outputs"},
		{"the manifest is a symbolic link to a file outside", func(t *testing.T, out string, v victim) {
			m := filepath.Join(currentSetDir(t, out), manifestOf)
			must(t, os.Remove(m))
			must(t, os.Symlink(v.file, m))
		}, "is a symbolic link, not a plain file"},
		{".batch is a symbolic link to a folder outside", func(t *testing.T, out string, v victim) {
			meta := filepath.Join(out, metaName)
			must(t, os.RemoveAll(meta))
			must(t, os.Symlink(v.dir, meta))
		}, "is not a folder"},
		{"an output is a symbolic link to a file outside (not the tool's)", func(t *testing.T, out string, v victim) {
			p := filepath.Join(out, vacanciesName)
			must(t, os.Remove(p))
			must(t, os.Symlink(v.file, p))
		}, "vacancies.csv is a symbolic link batch did not make"},
		{"the lock is a hard link to a file outside", func(t *testing.T, out string, v victim) {
			lock := filepath.Join(out, metaName, lockName)
			must(t, os.Remove(lock))
			must(t, os.Link(v.file, lock))
		}, "has 2 names, a hard link to a file elsewhere"},
	}
	for _, tc := range attacks {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Contains(tc.name, "symbolic link") || strings.Contains(tc.name, "through ..") {
				needLinks(t) // attacks by links, where no link can be made
			}
			v := newVictim(t)
			out := filepath.Join(t.TempDir(), "out")
			writeRun(t, out, XLSX, CSV, JSON)
			tc.attack(t, out, v)
			before := v.snapshot(t)

			// The run is refused when it opens the folder or, at the
			// latest, when it commits, before anything changes.
			w, err := Open(out, testOutputs)
			if err == nil {
				stage(t, w, XLSX, CSV, JSON)
				err = w.Commit()
				w.Abort()
			}
			if tc.says != "" {
				if err == nil {
					t.Fatalf("the run went on; want a refusal saying %q", tc.says)
				}
				if !strings.Contains(err.Error(), tc.says) {
					t.Errorf("the refusal says %q; want %q in it", err, tc.says)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				assertOneSet(t, out)
			}
			v.assertUntouched(t, before)
		})
	}
}

// currentSetDir is the folder of the set .batch/current names.
func currentSetDir(t *testing.T, out string) string {
	t.Helper()
	s := &Set{dir: out, meta: filepath.Join(out, metaName)}
	id := s.currentRun()
	if id == "" {
		t.Fatal("no current set")
	}
	return filepath.Join(out, metaName, runsName, id)
}

// tamperManifest adds name to the current set's manifest's links.
func tamperManifest(t *testing.T, out, name string) {
	t.Helper()
	p := filepath.Join(currentSetDir(t, out), manifestOf)
	b, err := os.ReadFile(p)
	must(t, err)
	var m manifest
	must(t, json.Unmarshal(b, &m))
	m.Links = append(m.Links, name)
	b, err = json.Marshal(m)
	must(t, err)
	must(t, os.WriteFile(p, b, 0o644))
}
