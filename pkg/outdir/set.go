package outdir

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"batch/internal/printable"
	"batch/internal/regularfile"
)

const (
	metaName    = ".batch"
	currentName = "current"
	runsName    = "runs"
	lockName    = "lock"
	manifestOf  = "manifest.json"
	linkPrefix  = ".batch-link-"
)

// Outputs names what a set may hold, as the contract names the outputs:
// the names a manifest may list are checked against it (a tampered
// manifest listing "../x" would have the next run link or replace x).
type Outputs struct {
	// Names are the outputs' names; Prefix, unless "", heads the name of
	// any output folder besides (a split's "by-county").
	Names  []string
	Prefix string
	// Legacy are the outputs earlier versions wrote as regular files in
	// OUT: the first commit into such a folder migrates those it can
	// prove are theirs (own.go), and the temporaries a killed run of
	// theirs left are removed. LegacySummary, one of them, is the one
	// they wrote last, whose JSON names their inputs and run's duration.
	Legacy        []string
	LegacySummary string
}

// Set is the output folder as one run holds it, from Open to Commit or
// Abort: its lock, and the staging folder the run's outputs are created
// in (Create). Its methods are used by one goroutine.
type Set struct {
	out     Outputs
	dir     string   // OUT
	made    []string // folders this run created for OUT, outermost first
	meta    string   // OUT/.batch
	newMeta bool     // this run created OUT/.batch
	lock    *dirLock
	id      string
	stage   string // OUT/.batch/runs/ID
	spill   string // OUT/.batch/spill-ID
	linked  []string
	done    bool
	copies  bool // OUT holds copies, not links (copies.go)
	// inner: a folder inside a staging set (a split's slice), with no
	// lock and no commit of its own: the set's commit takes it in.
	inner bool
	// manifests are the complete sets' manifests read (completeSet).
	manifests map[string]*manifest
	// proven are an earlier version's outputs claim found proven.
	proven map[string]bool
}

// live are the output sets this process holds, for Abandon: a run that
// does not stop when asked (a read blocked on a pipe) is left behind, and
// its staging folder must go before the process exits.
var live struct {
	mu   sync.Mutex
	sets map[*Set]bool
	gone bool // Abandon was called: no set may be switched in
}

// errAbandoned: the process is exiting on a signal.
var errAbandoned = errors.New("outdir: interrupted")

// Abandon removes the staging folder (and what else this run made that
// holds nothing else) of every output set this process is writing and
// has not switched in, and stops any commit still to come from switching
// one in: the previous set stays whole. It is for a process about to
// exit on a signal while its run goes on (a read that cannot be
// interrupted); the lock goes with the process. A set already switched in
// stays.
func Abandon() {
	live.mu.Lock()
	defer live.mu.Unlock()
	live.gone = true
	for s := range live.sets {
		s.removeStaged()
		if !s.done {
			removeEmpty(s.made)
		}
	}
}

func (s *Set) hold(on bool) {
	live.mu.Lock()
	defer live.mu.Unlock()
	if on {
		if live.sets == nil {
			live.sets = map[*Set]bool{}
		}
		live.sets[s] = true
	} else {
		delete(live.sets, s)
	}
}

// commitHook is called at each step of the commit; tests built with the
// batchtest tag pause a run there (commithook_batchtest.go explains).
var commitHook = func(step string) {}

// Open prepares dir for one run, whose outputs are named in out: creates
// dir if missing, takes its lock (a second run into dir fails at once
// with an error naming it), cleans what killed runs left, and makes the
// staging folder.
func Open(dir string, out Outputs) (*Set, error) {
	shown := printable.Name(dir)
	made, err := makeOutputDir(dir)
	if err != nil {
		return nil, err
	}
	s := &Set{out: out, dir: dir, made: made, meta: filepath.Join(dir, metaName)}
	s.hold(true)
	if err := s.open(); err != nil {
		s.Abort()
		if errors.Is(err, errBusy) {
			return nil, err
		}
		return nil, fmt.Errorf("outdir: output folder %s: %w", shown, lookupError(err))
	}
	return s, nil
}

func (s *Set) open() error {
	// A run that failed may be removing .batch (when it had made it and
	// it holds nothing else) just as this one starts: try again then.
	for attempt := 0; ; attempt++ {
		fi, err := os.Lstat(s.meta)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			err = os.Mkdir(s.meta, 0o755)
			if err == nil {
				s.newMeta = true
			} else if !errors.Is(err, fs.ErrExist) {
				return err
			}
		case err != nil:
			return err
		case !fi.IsDir():
			return fmt.Errorf("%s is not a folder: it is where the tool keeps its sets; move it away", metaName)
		}
		s.lock, err = lockDir(s.meta, s.dir)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) || attempt == 4 {
			return err
		}
		s.newMeta = false
	}
	commitHook("locked")
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	s.id = time.Now().UTC().Format("20060102T150405.000Z") + "-" + hex.EncodeToString(b[:])
	if err := s.plainInside(); err != nil {
		return err
	}
	s.copies = !linksWork(s.meta, s.id)
	if err := s.recover(); err != nil {
		return fmt.Errorf("cleaning up after an earlier run: %w", err)
	}
	if err := os.Mkdir(filepath.Join(s.meta, runsName), 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	if err := plain(filepath.Join(s.meta, runsName), true); err != nil {
		return err
	}
	s.stage = filepath.Join(s.meta, runsName, s.id)
	if err := os.Mkdir(s.stage, 0o755); err != nil {
		return err
	}
	s.spill = filepath.Join(s.meta, "spill-"+s.id)
	return nil
}

// Nothing outside OUT is ever written, removed or linked to, whatever
// someone who can write into OUT has put in .batch: every path the tool
// uses there is looked at without following links (Lstat) and refused
// unless it is what the tool made, a plain folder or a plain file (the
// lock is opened without following a link, lock.go); .batch/current must
// be the tool's link to a set in runs (or, without links, its file naming
// one); and the names a manifest lists must be outputs of the contract,
// one name each, inside OUT.

// plain refuses p unless it is absent, or a folder (dir) or a regular file
// of its own, not a link to one.
func plain(p string, dir bool) error {
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case dir && fi.IsDir(), !dir && fi.Mode().IsRegular():
		return nil
	}
	want := "a plain file"
	if dir {
		want = "a plain folder"
	}
	what := "something else"
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		what = "a symbolic link"
	case fi.IsDir():
		what = "a folder"
	case fi.Mode().IsRegular():
		what = "a file"
	}
	return fmt.Errorf("%s is %s, not %s as the tool makes it: something other than batch changed it; nothing was written: remove %s and run again",
		printable.Name(p), what, want, printable.Name(metaOf(p)))
}

// metaOf is the .batch folder p is in (p's own folder when it is in none).
func metaOf(p string) string {
	for d := filepath.Dir(p); filepath.Dir(d) != d; d = filepath.Dir(d) {
		if filepath.Base(d) == metaName {
			return d
		}
	}
	return filepath.Dir(p)
}

// plainInside checks .batch's own entries before anything in them is
// touched: runs and each set in it are plain folders, current is the
// tool's link (or file) naming a set.
func (s *Set) plainInside() error {
	runs := filepath.Join(s.meta, runsName)
	if err := plain(runs, true); err != nil {
		return err
	}
	if entries, err := os.ReadDir(runs); err == nil {
		for _, e := range entries {
			if err := plain(filepath.Join(runs, e.Name()), true); err != nil {
				return err
			}
		}
	}
	cur := filepath.Join(s.meta, currentName)
	fi, err := os.Lstat(cur)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink == 0 && !fi.Mode().IsRegular() {
		return plain(cur, false)
	}
	if id, ok := s.readCurrent(); !ok {
		return fmt.Errorf("%s does not name a set of %s: something other than batch changed it; nothing was written: remove %s and run again",
			printable.Name(cur), printable.Name(runs), printable.Name(s.meta))
	} else if id != "" {
		if err := plain(filepath.Join(runs, id), true); err != nil {
			return err
		}
	}
	return nil
}

// outputName reports whether name is one of the outputs, as a manifest
// may list it: a single name, inside OUT.
func (o Outputs) outputName(name string) bool {
	if !filepath.IsLocal(name) || strings.ContainsAny(name, `/\`) || name != filepath.Clean(name) {
		return false
	}
	if slices.Contains(o.Names, name) {
		return true
	}
	// A folder: the prefix and a name of its own (a split's by-county).
	rest, ok := strings.CutPrefix(name, o.Prefix)
	return o.Prefix != "" && ok && rest != "" && !strings.HasPrefix(rest, ".")
}

// setName reports whether id can name a set in runs: one plain name.
func setName(id string) bool {
	return id != "" && filepath.IsLocal(id) && !strings.ContainsAny(id, `/\`) && !strings.HasPrefix(id, ".")
}

// makeOutputDir creates dir when missing and returns the folders it made,
// outermost first, so a failed run can take them away again. A symbolic
// link to a folder that does not exist is refused with what it points at.
func makeOutputDir(dir string) ([]string, error) {
	shown := printable.Name(dir)
	if fi, err := os.Lstat(dir); err == nil {
		if fi.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(dir)
			st, err := os.Stat(dir)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				return nil, fmt.Errorf("outdir: output folder %s is a symbolic link to %s, which does not exist: create that folder, or give -o another folder", shown, printable.Name(target))
			case err != nil:
				return nil, fmt.Errorf("outdir: output folder %s: %w", shown, err)
			case !st.IsDir():
				return nil, fmt.Errorf("outdir: output folder %s is a symbolic link to %s, which is not a directory", shown, printable.Name(target))
			}
			return nil, nil
		}
		if !fi.IsDir() {
			return nil, fmt.Errorf("outdir: output folder %s is not a directory: give -o a folder", shown)
		}
		return nil, nil
	}
	// Only what is missing is made, one folder at a time, so that a
	// failure part of the way (a name too long for the system, a
	// folder the account may not write into) removes exactly what this
	// run made. A name the system cannot even look up is refused before
	// anything is made.
	var missing []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		_, err := os.Lstat(d)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("outdir: output folder %s: %w", shown, lookupError(err))
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	slices.Reverse(missing)
	for i, d := range missing {
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			removeEmpty(missing[:i])
			return nil, fmt.Errorf("outdir: create output folder %s: %w", shown, lookupError(err))
		}
	}
	return missing, nil
}

// lookupError says in words what a path the system refuses to look up
// is: one too long for it.
func lookupError(err error) error {
	if isNameTooLong(err) {
		return fmt.Errorf("the name is too long for this system (%w): give -o a shorter path", err)
	}
	return err
}

// removeEmpty removes the folders, innermost first, as long as they are
// empty; one already gone is passed over.
func removeEmpty(dirs []string) {
	for i := len(dirs) - 1; i >= 0; i-- {
		if err := os.Remove(dirs[i]); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return
		}
	}
}

// Create makes one output file in the staging folder: name is its path
// in the set (by-county/index.csv), whose folders are made as needed.
func (s *Set) Create(name string) (*File, error) {
	p := filepath.Join(s.stage, name)
	if d := filepath.Dir(name); d != "." {
		if err := os.MkdirAll(filepath.Join(s.stage, d), 0o755); err != nil {
			return nil, fmt.Errorf("outdir: create %s: %w", d, err)
		}
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("outdir: create %s: %w", name, err)
	}
	return &File{final: name, path: p, f: f}, nil
}

// Spill makes the set's folder for a writer's spill files (excelize's):
// it is outside the staging folder, never committed, and removed with
// the set's Commit or Abort.
func (s *Set) Spill() (string, error) {
	if err := os.Mkdir(s.spill, 0o700); err != nil {
		return "", fmt.Errorf("outdir: create %s: %w", s.spill, err)
	}
	return s.spill, nil
}

// manifest is a set's manifest.json: what the set holds, so that the next
// run can tell a complete set and repair the links to it.
type manifest struct {
	Run     string          `json:"run"`
	Written string          `json:"written"`
	Links   []string        `json:"links"` // the entries linked in OUT
	Files   []manifestEntry `json:"files"`
}

type manifestEntry struct {
	Path  string `json:"path"`
	Bytes int64  `json:"bytes"`
}

// readManifest reads the manifest of the set in folder run.
// Its names are checked: each link an output (a tampered manifest
// listing "../x" would have the next run link or replace x).
func (s *Set) readManifest(run string) (*manifest, error) {
	p := filepath.Join(run, manifestOf)
	if err := plain(p, false); err != nil {
		return nil, err
	}
	f, err := regularfile.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxManifest+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxManifest {
		return nil, fmt.Errorf("%s is more than %d bytes: not the tool's", printable.Name(p), maxManifest)
	}
	var m manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	for _, name := range m.Links {
		if !s.out.outputName(name) {
			return nil, fmt.Errorf("%s lists %q, which is not one of the tool's outputs", printable.Name(p), printable.Name(name))
		}
	}
	return &m, nil
}

// maxManifest bounds a manifest read: the tool's list a few hundred bytes
// a file; a split's thousands of folders' files stay well under it.
const maxManifest = 64 << 20

// writeManifest lists what the staging folder holds and writes the
// manifest, last, and syncs the folder: from then on the set is complete.
func (s *Set) writeManifest(run string, id string) (*manifest, error) {
	m := &manifest{Run: id, Written: time.Now().UTC().Format(time.RFC3339)}
	entries, err := os.ReadDir(run)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.Name() == manifestOf || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		m.Links = append(m.Links, e.Name())
	}
	err = filepath.WalkDir(run, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return syncDir(p)
		}
		rel, _ := filepath.Rel(run, p)
		if rel == manifestOf {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		m.Files = append(m.Files, manifestEntry{Path: filepath.ToSlash(rel), Bytes: fi.Size()})
		return nil
	})
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := writeSynced(filepath.Join(run, manifestOf), b); err != nil {
		return nil, err
	}
	return m, syncDir(run)
}

func writeSynced(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if serr := f.Sync(); err == nil {
		err = serr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// linkTarget is what OUT/name points at.
func linkTarget(name string) string { return metaName + "/" + currentName + "/" + name }

// ourLink reports whether OUT/name is a link the tool made, and to which
// entry of the current set.
func (s *Set) ourLink(name string) (entry string, ok bool) {
	t, err := os.Readlink(filepath.Join(s.dir, name))
	if err != nil {
		return "", false
	}
	t = filepath.ToSlash(t)
	prefix := metaName + "/" + currentName + "/"
	if !strings.HasPrefix(t, prefix) {
		return "", false
	}
	return strings.TrimPrefix(t, prefix), true
}

// placeLink makes OUT/name a link into the current set, atomically: a new
// link renamed over whatever was there; dir: the entry is a folder.
func (s *Set) placeLink(name string, dir bool) error {
	if e, ok := s.ourLink(name); ok && e == name {
		return nil
	}
	tmp := filepath.Join(s.dir, linkPrefix+s.idOrTemp())
	_ = os.Remove(tmp)
	if err := newLink(filepath.FromSlash(linkTarget(name)), tmp, dir); err != nil {
		return linkError(err)
	}
	if err := os.Rename(tmp, filepath.Join(s.dir, name)); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return nil
}

func (s *Set) idOrTemp() string {
	if s.id != "" {
		return s.id
	}
	return "recover"
}

// switchTo points .batch/current at runs/id with one rename.
func (s *Set) switchTo(id string) error {
	if s.copies {
		return s.switchFile(id)
	}
	tmp := filepath.Join(s.meta, currentName+".tmp-"+id)
	_ = os.Remove(tmp)
	if err := newLink(filepath.Join(runsName, id), tmp, true); err != nil {
		return linkError(err)
	}
	if err := os.Rename(tmp, filepath.Join(s.meta, currentName)); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return syncDir(s.meta)
}

// currentRun is the id of the set .batch/current names, "" for none (or
// for a current that names none: plainInside refused it).
func (s *Set) currentRun() string {
	id, _ := s.readCurrent()
	return id
}

// readCurrent reads .batch/current: the id of the set it names ("" when
// there is none), and whether it is the tool's (a link to runs/ID with ID
// one plain name).
func (s *Set) readCurrent() (string, bool) {
	if s.currentIsFile() {
		cur, _, ok := s.readCurrentFile()
		return cur, ok
	}
	t, err := os.Readlink(filepath.Join(s.meta, currentName))
	if errors.Is(err, fs.ErrNotExist) {
		return "", true
	}
	if err != nil {
		return "", false
	}
	id, ok := strings.CutPrefix(filepath.ToSlash(t), runsName+"/")
	if !ok || !setName(id) {
		return "", false
	}
	return id, true
}

// recover rolls back what a killed run left: every set but the current
// one, spill folders, half-made links; then makes the links match the
// current set's manifest. It runs under the lock, so no other run is live.
func (s *Set) recover() error {
	cur := s.currentRun()
	metaEntries, err := os.ReadDir(s.meta)
	if err != nil {
		return err
	}
	for _, e := range metaEntries {
		switch n := e.Name(); {
		case n == lockName || n == runsName || n == currentName:
		case strings.HasPrefix(n, "spill-") || strings.HasPrefix(n, currentName+".tmp-"):
			if err := os.RemoveAll(filepath.Join(s.meta, n)); err != nil {
				return err
			}
		}
	}
	if err := removeStale(s.dir, s.out.Legacy); err != nil {
		return err
	}
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), linkPrefix) {
			// A link, a file or (copies) a folder being swapped in:
			// RemoveAll takes a link away, never what it points to.
			_ = os.RemoveAll(filepath.Join(s.dir, e.Name()))
		}
	}
	var m *manifest
	if cur != "" {
		if m, err = s.readManifest(filepath.Join(s.meta, runsName, cur)); err != nil {
			return fmt.Errorf("the current set %s has no readable manifest (%v): remove %s to start afresh", cur, err, filepath.Join(s.dir, metaName))
		}
		// Before its files are linked, copied or read (--compare auto):
		// a link in it would show a file outside as an output.
		if err := s.checkSet(filepath.Join(s.meta, runsName, cur), m); err != nil {
			return err
		}
	}
	// With copies, the commit current names is finished while the set
	// before it is still there to tell its outputs by.
	if m != nil && (s.copies || s.currentIsFile()) {
		_, prev, _ := s.readCurrentFile()
		// What the tool did not write under a name stays; the commit
		// refuses the run if it writes that name (claim).
		if err := s.placeCopies(cur, m.Links); err != nil && !errors.Is(err, errNotOurs) {
			return err
		}
		if err := s.removeOldCopies(prev, m.Links); err != nil {
			return err
		}
		if err := s.unlinkOthers(m.Links); err != nil { // a run with links before
			return err
		}
	}
	if runs, err := os.ReadDir(filepath.Join(s.meta, runsName)); err == nil {
		for _, r := range runs {
			if r.Name() != cur {
				if err := os.RemoveAll(filepath.Join(s.meta, runsName, r.Name())); err != nil {
					return err
				}
			}
		}
	}
	if m == nil || s.copies {
		return nil
	}
	return s.relink(m.Links)
}

// relink makes OUT's links those of a set holding entries: a link for
// each, and none for any other. A regular file in OUT under one of the
// names (an earlier version's output) is replaced only when it holds the
// same bytes as the set's entry: it was migrated into the set. What the
// tool did not make (a link of someone else's, a folder) stays.
func (s *Set) relink(entries []string) error {
	if s.copies {
		return s.placeCopies(s.currentRun(), entries)
	}
	for _, name := range entries {
		p := filepath.Join(s.dir, name)
		fi, err := os.Lstat(p)
		switch {
		case err != nil:
		case fi.Mode()&fs.ModeSymlink != 0:
			if _, ours := s.ourLink(name); !ours {
				continue
			}
		case !fi.Mode().IsRegular() || !sameContent(p, filepath.Join(s.meta, currentName, name)):
			continue
		}
		if err := s.placeLink(name, isDir(filepath.Join(s.meta, currentName, name))); err != nil {
			return err
		}
		commitHook("link")
	}
	return s.unlinkOthers(entries)
}

// sameContent reports whether two files hold the same bytes: the same
// file (hard-linked), or equal copies.
func sameContent(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	switch {
	case err1 != nil || err2 != nil || !fa.Mode().IsRegular() || !fb.Mode().IsRegular():
		return false
	case os.SameFile(fa, fb):
		return true
	case fa.Size() != fb.Size():
		return false
	}
	ra, err1 := os.Open(a)
	rb, err2 := os.Open(b)
	if err1 != nil || err2 != nil {
		if ra != nil {
			ra.Close()
		}
		if rb != nil {
			rb.Close()
		}
		return false
	}
	defer ra.Close()
	defer rb.Close()
	ba, bb := make([]byte, 64<<10), make([]byte, 64<<10)
	for {
		na, ea := io.ReadFull(ra, ba)
		nb, _ := io.ReadFull(rb, bb)
		if na != nb || !bytes.Equal(ba[:na], bb[:nb]) {
			return false
		}
		if ea != nil {
			return true
		}
	}
}

// unlinkOthers removes the tool's links to entries not in the set.
func (s *Set) unlinkOthers(entries []string) error {
	all, err := os.ReadDir(s.dir)
	if err != nil {
		return err
	}
	for _, e := range all {
		if e.Type()&fs.ModeSymlink == 0 {
			continue
		}
		if entry, ok := s.ourLink(e.Name()); ok && (entry != e.Name() || !slices.Contains(entries, entry)) {
			if err := os.Remove(filepath.Join(s.dir, e.Name())); err != nil {
				return err
			}
			commitHook("unlink")
		}
	}
	return nil
}

// migrate turns a folder of regular output files (an earlier version's)
// into a set of its own, showing the same bytes all along: the files it
// can prove are that version's (legacyOwn).
func (s *Set) migrate() error {
	if s.currentRun() != "" {
		return nil
	}
	// Only what it can prove an earlier version wrote (own.go): claim
	// has refused the run if it writes a name held by anything else.
	proven := s.proven
	if proven == nil {
		proven, _ = s.legacyOwn()
	}
	var old []string
	for _, name := range s.out.Legacy {
		if proven[name] {
			old = append(old, name)
		}
	}
	if len(old) == 0 {
		return nil
	}
	id := s.id + "-previous"
	run := filepath.Join(s.meta, runsName, id)
	if err := os.Mkdir(run, 0o755); err != nil {
		return err
	}
	for _, name := range old {
		if err := linkOrCopy(filepath.Join(s.dir, name), filepath.Join(run, name)); err != nil {
			return err
		}
	}
	if _, err := s.writeManifest(run, id); err != nil {
		return err
	}
	commitHook("migrate-copied")
	if err := s.switchTo(id); err != nil {
		return err
	}
	commitHook("migrate-switched")
	return s.relink(old)
}

// linkOrCopy gives dst the bytes of src: a hard link, or a copy where the
// file system has none.
func linkOrCopy(src, dst string) error {
	if os.Link(src, dst) == nil {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if serr := out.Sync(); err == nil {
		err = serr
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// Inner makes the folder rel inside the staging set, as a set of its own
// for a writer of its own (a split's slice), from any goroutine; n tells
// its spill folder from the others'. It has no lock and no commit of its
// own: its Commit only ends it, and the set around it commits its files.
func (s *Set) Inner(rel string, n int) (*Set, error) {
	dir := filepath.Join(s.stage, rel)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("outdir: create %s: %w", printable.Name(rel), err)
	}
	return &Set{out: s.out, dir: dir, stage: dir, spill: s.spill + "-" + strconv.Itoa(n), inner: true}, nil
}

// Commit puts the staged set in place (see the package doc) and lets
// the lock go. An inner set's files stay where they are: the set around
// it commits them.
func (s *Set) Commit() error {
	if s.inner {
		_ = os.RemoveAll(s.spill)
		s.done = true
		return nil
	}
	shown := printable.Name(s.dir)
	_ = os.RemoveAll(s.spill)
	m, err := s.writeManifest(s.stage, s.id)
	if err != nil {
		return fmt.Errorf("outdir: output folder %s: %w", shown, err)
	}
	commitHook("staged")
	// Names in OUT held by something the tool did not write are refused
	// before anything changes (own.go).
	if err := s.claim(m.Links); err != nil {
		return fmt.Errorf("outdir: output folder %s: %w", shown, err)
	}
	if err := s.migrate(); err != nil {
		return fmt.Errorf("outdir: output folder %s: moving the previous outputs into a set: %w", shown, err)
	}
	if s.copies {
		return s.commitCopies(m)
	}
	for _, name := range m.Links {
		if err := s.placeLink(name, isDir(filepath.Join(s.stage, name))); err != nil {
			return fmt.Errorf("outdir: output folder %s: put %s in place: %w", shown, printable.Name(name), err)
		}
		commitHook("link")
	}
	if err := syncDir(s.dir); err != nil {
		return fmt.Errorf("outdir: output folder %s: %w", shown, err)
	}
	commitHook("linked")
	if err := s.switchIn(); err != nil {
		return fmt.Errorf("outdir: output folder %s: switch to the new set: %w", shown, err)
	}
	s.linked = m.Links
	commitHook("switched")
	// Committed: what follows only tidies; a failure is reported, and the
	// next run finishes it.
	return s.tidy(m.Links, shown)
}

// switchIn switches the staged set in, unless Abandon came first: the
// switch and the set's being done are one step for Abandon.
func (s *Set) switchIn() error {
	live.mu.Lock()
	defer live.mu.Unlock()
	if live.gone {
		return errAbandoned
	}
	if err := s.switchTo(s.id); err != nil {
		return err
	}
	s.done = true
	return nil
}

// Abort removes the staging folder and, when this run created them and
// they hold nothing else, .batch and OUT itself; then lets the lock go.
// After Commit it only lets the lock go (a set switched in stays); it may
// be called again, and on a nil Set.
func (s *Set) Abort() {
	if s == nil {
		return
	}
	s.removeStaged()
	if s.lock != nil {
		s.lock.release()
		s.lock = nil
		if runtime.GOOS == "windows" && s.newMeta && !s.done {
			// Windows removes no file that is open, so the lock removeStaged
			// tried to remove is still there: it goes now it is let go. A
			// run that has opened it since keeps it open, and it stays.
			removeMeta(s.meta)
		}
	}
	if !s.done {
		removeEmpty(s.made)
	}
	s.hold(false)
}

// removeMeta removes .batch when it holds nothing but an empty runs and
// the lock.
func removeMeta(meta string) {
	_ = os.Remove(filepath.Join(meta, runsName))
	_ = os.Remove(filepath.Join(meta, lockName))
	_ = os.Remove(meta)
}

// removeStaged removes, unless the set was switched in, its staging and
// spill folders and, when this run created it and it holds nothing else,
// .batch (OUT itself goes once the lock is let go: removeEmpty(s.made)).
func (s *Set) removeStaged() {
	if s.done {
		return
	}
	if s.stage != "" {
		_ = os.RemoveAll(s.stage)
	}
	if s.spill != "" {
		_ = os.RemoveAll(s.spill)
	}
	if s.newMeta && s.lock != nil {
		removeMeta(s.meta)
	}
}

// tidy ends a commit once the new set is in place: the links of outputs
// the new set lacks go, the sets before it are removed, the lock is
// released. A failure is reported; the next run finishes it.
func (s *Set) tidy(links []string, shown string) error {
	if err := s.unlinkOthers(links); err != nil {
		return fmt.Errorf("outdir: output folder %s: the new outputs are in place, but an old one's link could not be removed: %w", shown, err)
	}
	s.dropOldLedgerView()
	commitHook("unlinked")
	if runs, err := os.ReadDir(filepath.Join(s.meta, runsName)); err == nil {
		for _, r := range runs {
			if r.Name() != s.id {
				_ = os.RemoveAll(filepath.Join(s.meta, runsName, r.Name()))
			}
		}
	}
	_ = syncDir(s.dir)
	commitHook("cleaned")
	s.lock.release()
	s.lock = nil
	s.hold(false)
	return nil
}

// Linked lists the outputs a committed set put in OUT, as named there.
func (s *Set) Linked() []string { return slices.Clone(s.linked) }

// Committed reports whether the set was switched in (or, an inner set,
// ended by its Commit): Abort no longer removes it.
func (s *Set) Committed() bool { return s != nil && s.done }
