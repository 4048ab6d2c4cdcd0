package outdir

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"batch/internal/printable"
	"batch/internal/regularfile"
)

// Never delete or replace what the tool did not write (issue 35). A name
// in OUT is the tool's to replace only when what holds it is:
//
//   - the tool's link into .batch/current (links);
//   - a file or folder of a set in .batch/runs that lists it (copies: the
//     same file, a hard link, or the same bytes; a folder, the same tree);
//   - an earlier version's output, proven so (legacyOwn), which the first
//     commit migrates.
//
// Anything else under an output's name (an analyst's own summary.json, an
// input kept there as vacancies.csv, a link or a folder someone made)
// fails the commit before anything changes, naming it; what the run does
// not write stays as it is. The sets in .batch/runs hold only what the
// tool wrote: a file the tool did not list, a link, a file with a second
// name (a hard link elsewhere) stops the run before the set is
// used (checkSet): it would be shown as an output, or removed with the
// set once another replaces it.

// errNotOurs: a name in OUT, or an entry of a set, is not the tool's.
var errNotOurs = errors.New("not batch's")

// notOurs is the refusal of something the tool did not write.
type notOurs struct{ msg string }

func (e notOurs) Error() string { return e.msg }
func (e notOurs) Is(target error) bool {
	return target == errNotOurs
}

// foreign says that OUT/name is not the tool's (what it is, and why), and
// what the analyst does.
func foreign(name, what string) error {
	return notOurs{fmt.Sprintf("%s is %s: batch never replaces or removes what it did not write, so nothing was written; "+
		"move it out of the output folder (or rename it), or give -o another folder", printable.Name(name), what)}
}

// describe says what fi is, for a refusal.
func describe(fi fs.FileInfo) string {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return "a symbolic link"
	case fi.IsDir():
		return "a folder"
	case fi.Mode().IsRegular():
		return "a file"
	}
	return "something other than a file (" + fi.Mode().Type().String() + ")"
}

// owned reports whether OUT/name is absent or the tool's: its link, or
// the file or folder of one of the sets named (listed in its manifest).
// why says what it is otherwise.
func (s *Set) owned(name string, sets ...string) (ok bool, why string) {
	p := filepath.Join(s.dir, name)
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return true, ""
	case err != nil:
		return false, err.Error()
	case fi.Mode()&fs.ModeSymlink != 0:
		if _, ours := s.ourLink(name); ours {
			return true, ""
		}
		return false, "a symbolic link batch did not make"
	case !fi.IsDir() && !fi.Mode().IsRegular():
		return false, describe(fi)
	}
	for _, id := range sets {
		if id == "" {
			continue
		}
		set := filepath.Join(s.meta, runsName, id)
		m, err := s.completeSet(id)
		if err != nil || !slices.Contains(m.Links, name) {
			continue
		}
		if fi.IsDir() && sameTree(p, filepath.Join(set, name)) || !fi.IsDir() && sameContent(p, filepath.Join(set, name)) {
			return true, ""
		}
	}
	if fi.IsDir() {
		return false, "a folder, not one batch wrote (or one holding files batch did not write)"
	}
	return false, "a file batch did not write"
}

// claim refuses, before anything changes, the names the new set puts in
// OUT that something other than the tool holds; an earlier version's
// outputs it can prove are its own are left to migrate.
func (s *Set) claim(names []string) error {
	cur := s.currentRun()
	var proven map[string]bool
	var unproven map[string]string
	if cur == "" {
		proven, unproven = s.legacyOwn()
		s.proven = proven // for migrate: the files are hashed once
	}
	for _, name := range names {
		if proven[name] {
			continue
		}
		if why, ok := unproven[name]; ok {
			return foreign(name, "a file batch cannot prove an earlier version of it wrote ("+why+")")
		}
		if ok, why := s.owned(name, cur); !ok {
			return foreign(name, why)
		}
	}
	return nil
}

// The proof of an earlier version's outputs. Those versions wrote their
// outputs as plain files in OUT, summary.json last, with no manifest; a
// file under one of their names is taken for theirs only when
//
//   - the folder has no set yet (.batch/current names none);
//   - summary.json (Outputs.LegacySummary) is a plain file with one link,
//     a JSON object with the keys every version wrote ("version",
//     "as_of", "counts", "inputs" with each input's "sha256", and
//     "duration_seconds");
//   - the file is a plain file with one link (a second name would be
//     someone else's), last written no later than summary.json (2 s for
//     file systems that keep coarse times) and not before that run began
//     (summary.json's time less its duration_seconds, and a minute);
//   - its SHA-256 is none of the inputs summary.json lists: an input kept
//     in the folder under an output's name is never taken for an output.
//
// A file that fails is not migrated, and a run that would write its name
// is refused naming it; one it would not write stays as it is.

// legacySummary is what legacyOwn reads of an earlier version's
// summary.json.
type legacySummary struct {
	Version  *string         `json:"version"`
	AsOf     *string         `json:"as_of"`
	Counts   json.RawMessage `json:"counts"`
	Inputs   *[]legacyInput  `json:"inputs"`
	Duration *float64        `json:"duration_seconds"`
}

type legacyInput struct {
	SHA256 string `json:"sha256"`
}

// legacySlack is how far a file's time may pass summary.json's, and
// legacyLead how long before the run's start one may be.
const (
	legacySlack = 2 * time.Second
	legacyLead  = time.Minute
)

// legacyOwn sorts the regular files in OUT under an earlier version's
// output names into those proven its own and the others, with why not.
func (s *Set) legacyOwn() (proven map[string]bool, unproven map[string]string) {
	proven, unproven = map[string]bool{}, map[string]string{}
	var present []string
	for _, name := range s.out.Legacy {
		if fi, err := os.Lstat(filepath.Join(s.dir, name)); err == nil && fi.Mode().IsRegular() {
			present = append(present, name)
		}
	}
	if len(present) == 0 {
		return proven, unproven
	}
	anchor := s.out.LegacySummary
	sum, anchorTime, err := s.readLegacySummary()
	if err != nil {
		for _, name := range present {
			unproven[name] = err.Error()
		}
		return proven, unproven
	}
	inputs := map[string]bool{}
	for _, in := range *sum.Inputs {
		inputs[strings.ToLower(in.SHA256)] = true
	}
	from := anchorTime.Add(-time.Duration(*sum.Duration*float64(time.Second)) - legacyLead)
	to := anchorTime.Add(legacySlack)
	for _, name := range present {
		if name == anchor {
			proven[name] = true
			continue
		}
		p := filepath.Join(s.dir, name)
		fi, err := os.Lstat(p)
		switch {
		case err != nil:
			unproven[name] = err.Error()
		case links(p, fi) > 1:
			unproven[name] = "it has another name too, a hard link"
		case fi.ModTime().After(to):
			unproven[name] = fmt.Sprintf("it was changed at %s, after %s was written", fi.ModTime().Format(time.DateTime), anchor)
		case fi.ModTime().Before(from):
			unproven[name] = fmt.Sprintf("it was written at %s, before the run that wrote %s began", fi.ModTime().Format(time.DateTime), anchor)
		default:
			sum, err := sha256Of(p)
			switch {
			case err != nil:
				unproven[name] = err.Error()
			case inputs[sum]:
				unproven[name] = "it is one of the inputs " + anchor + " names"
			default:
				proven[name] = true
			}
		}
	}
	return proven, unproven
}

// readLegacySummary reads and checks the earlier version's summary.json,
// and the time it was written.
func (s *Set) readLegacySummary() (*legacySummary, time.Time, error) {
	anchor := s.out.LegacySummary
	if anchor == "" {
		return nil, time.Time{}, errors.New("no earlier version's outputs are known")
	}
	p := filepath.Join(s.dir, anchor)
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, time.Time{}, fmt.Errorf("there is no %s beside it, which an earlier version wrote with its outputs", anchor)
	case err != nil:
		return nil, time.Time{}, err
	case !fi.Mode().IsRegular():
		return nil, time.Time{}, fmt.Errorf("%s beside it is %s", anchor, describe(fi))
	case links(p, fi) > 1:
		return nil, time.Time{}, fmt.Errorf("%s beside it has another name too, a hard link", anchor)
	}
	f, err := regularfile.Open(p)
	if err != nil {
		return nil, time.Time{}, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxManifest+1))
	if err != nil {
		return nil, time.Time{}, err
	}
	var sum legacySummary
	if len(b) > maxManifest || json.Unmarshal(b, &sum) != nil || sum.Version == nil || sum.AsOf == nil ||
		len(sum.Counts) == 0 || sum.Inputs == nil || sum.Duration == nil || *sum.Duration < 0 {
		return nil, time.Time{}, fmt.Errorf("%s beside it is not the summary an earlier version of batch wrote", anchor)
	}
	return &sum, fi.ModTime(), nil
}

func sha256Of(p string) (string, error) {
	f, err := regularfile.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// checkSet refuses the set in folder run, named id, when it holds what
// the tool did not write: an entry its manifest m does not list, a
// symbolic link or anything but plain folders and files, a file with a
// second name (unless that name is its copy in OUT: without symbolic
// links OUT's files are hard links to the set's). Lock files of spreadsheet
// programs (~$results.xlsx, .~lock.results.xlsx#), left by someone
// reading an output through OUT's link, are not a refusal.
func (s *Set) checkSet(run string, m *manifest) error {
	listed := make(map[string]bool, len(m.Files))
	for _, f := range m.Files {
		listed[f.Path] = true
	}
	return filepath.WalkDir(run, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(run, p)
		rel = filepath.ToSlash(rel)
		if p == run || rel == manifestOf {
			return nil
		}
		if officeLock(d.Name()) {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		shown := filepath.Join(filepath.Base(run), filepath.FromSlash(rel))
		switch {
		case fi.IsDir():
			return nil
		case !fi.Mode().IsRegular():
			return setRefusal(run, shown, "is "+describe(fi)+", not a plain file as batch writes it")
		}
		if !listed[rel] {
			return setRefusal(run, shown, "is not one of the files batch wrote into the set (its manifest does not list it)")
		}
		if n := links(p, fi); n > 1 && !(n == 2 && sameFile(p, filepath.Join(s.dir, filepath.FromSlash(rel)))) {
			return setRefusal(run, shown, fmt.Sprintf("has %d names, a hard link elsewhere: not a plain file with one link as batch writes it", n))
		}
		return nil
	})
}

// setRefusal refuses a set's entry: it would be lost with the set.
func setRefusal(run, shown, what string) error {
	return notOurs{fmt.Sprintf("%s %s; batch removes a set once another replaces it, and never what it did not write, so nothing was written: "+
		"copy what you need of it out of %s, then remove %s and run again", printable.Name(shown), what, printable.Name(run), printable.Name(metaOf(run)))}
}

// officeLock reports whether name is a spreadsheet program's lock file.
func officeLock(name string) bool {
	return strings.HasPrefix(name, "~$") || strings.HasPrefix(name, ".~lock.") && strings.HasSuffix(name, "#")
}

// sameFile reports whether a and b are one file (without following a
// link at either).
func sameFile(a, b string) bool {
	fa, err1 := os.Lstat(a)
	fb, err2 := os.Lstat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// completeSet is the manifest of the complete set id, read once a Set: a
// complete set's manifest does not change (a split's lists thousands of
// files, and every name of a commit asks for it).
func (s *Set) completeSet(id string) (*manifest, error) {
	if m, ok := s.manifests[id]; ok {
		return m, nil
	}
	m, err := s.readManifest(filepath.Join(s.meta, runsName, id))
	if err != nil {
		return nil, err
	}
	if s.manifests == nil {
		s.manifests = map[string]*manifest{}
	}
	s.manifests[id] = m
	return m, nil
}
