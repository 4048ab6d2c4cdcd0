package outdir

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"batch/internal/printable"
	"batch/internal/regularfile"
)

// Where symbolic links cannot be made (Windows without Developer Mode or
// an administrator's rights, which is how most county and state PCs are
// set up; a FAT or SMB share elsewhere), the output folder holds copies
// instead of links. The sets in .batch/runs are the same, and so is the
// rule a reader of several files follows: read them from the set that
// .batch/current names. What changes:
//
//   - .batch/current is a small file, "runs/ID" and, on a second line,
//     "previous runs/OLD", replaced by one rename: that rename is the
//     commit, as the switch of the link is with links. From it on, the set
//     current names is the new one, whole in .batch/runs/ID.
//   - After it, each output in OUT is replaced, one after another, by a
//     hard link to the set's file (a copy where the file system has none),
//     put in place by a rename: every file in OUT is always whole, and one
//     run's. A folder (by-county/) is built beside and swapped in by two
//     renames (between them, for an instant, it is missing: never mixed).
//     Then the previous set's outputs that this run did not write are
//     removed, and the previous set goes.
//   - A run killed after the switch leaves OUT's files whole but possibly
//     of two runs, until the next run, which finishes the replacement
//     before anything else (under the folder's lock, before --compare
//     reads the previous snapshot). Killed before it, OUT is untouched.
//
// So with copies, a reader that opens OUT's files one by one may, during
// a commit (or after a run killed in one), get files of two runs; a
// reader that reads .batch/current first and then the files in the set
// it names never does, with copies or with links (CONTRACT.md, "The
// output folder").

// forceCopies makes every run use copies, as if links could not be made:
// for tests (commithook_batchtest.go sets it from BATCH_TEST_NO_LINKS).
var forceCopies = false

// previousLine heads the second line of .batch/current with copies.
const previousLine = "previous "

// readCurrentFile reads .batch/current when it is a file (copies): the
// set it names and the one before, "" for none; ok false when it is not
// the tool's.
func (s *Set) readCurrentFile() (cur, prev string, ok bool) {
	p := filepath.Join(s.meta, currentName)
	f, err := regularfile.Open(p)
	if err != nil {
		return "", "", false
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 1024))
	if err != nil {
		return "", "", false
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	cur, found := strings.CutPrefix(lines[0], runsName+"/")
	if !found || !setName(cur) || len(lines) > 2 {
		return "", "", false
	}
	if len(lines) == 2 {
		prev, found = strings.CutPrefix(lines[1], previousLine+runsName+"/")
		if !found || !setName(prev) {
			return "", "", false
		}
	}
	return cur, prev, true
}

// currentIsFile reports whether .batch/current is the file of copies.
func (s *Set) currentIsFile() bool {
	fi, err := os.Lstat(filepath.Join(s.meta, currentName))
	return err == nil && fi.Mode().IsRegular()
}

// switchFile points .batch/current at runs/id with one rename of a new
// file over the old one (or over the link of a run that had links).
func (s *Set) switchFile(id string) error {
	prev := s.currentRun()
	text := runsName + "/" + id + "\n"
	if prev != "" && prev != id {
		text += previousLine + runsName + "/" + prev + "\n"
	}
	tmp := filepath.Join(s.meta, currentName+".tmp-"+id)
	_ = os.Remove(tmp)
	if err := writeSynced(tmp, []byte(text)); err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(s.meta, currentName)); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return syncDir(s.meta)
}

// placeCopies makes each entry of OUT named in names the set id's, by a
// rename each; an entry that already is the set's is left as it is, and
// so is one the tool did not write (own.go): those are named in an error
// satisfying errors.Is(err, errNotOurs), once the others are in place.
func (s *Set) placeCopies(id string, names []string) error {
	set := filepath.Join(s.meta, runsName, id)
	ours := []string{id, s.currentRun()}
	if _, prev, ok := s.readCurrentFile(); ok {
		ours = append(ours, prev)
	}
	var kept []string
	for _, name := range names {
		src := filepath.Join(set, name)
		fi, err := os.Lstat(src)
		if err != nil {
			return err
		}
		if ok, _ := s.owned(name, ours...); !ok {
			kept = append(kept, name)
			continue
		}
		placed := false
		if fi.IsDir() {
			placed, err = s.placeFolder(src, name)
		} else {
			placed, err = s.placeFile(src, name)
		}
		if err != nil {
			return fmt.Errorf("put %s in place: %w", printable.Name(name), err)
		}
		if placed {
			commitHook("link")
		}
	}
	if err := syncDir(s.dir); err != nil {
		return err
	}
	if len(kept) > 0 {
		return notOurs{fmt.Sprintf("%s left as they are: batch did not write them", printable.QuotedList(kept, 10))}
	}
	return nil
}

// placeFile puts the set's file src in OUT under name, unless it is
// there already; placed says whether it was put.
func (s *Set) placeFile(src, name string) (placed bool, err error) {
	dst := filepath.Join(s.dir, name)
	if fi, err := os.Lstat(dst); err == nil && fi.Mode().IsRegular() && sameContent(dst, src) {
		return false, nil
	}
	tmp := filepath.Join(s.dir, linkPrefix+s.idOrTemp())
	_ = os.RemoveAll(tmp)
	if err := linkOrCopy(src, tmp); err != nil {
		_ = os.Remove(tmp)
		return false, err
	}
	if err := os.Rename(tmp, dst); err != nil {
		_ = os.Remove(tmp)
		return false, err
	}
	return true, nil
}

// placeFolder builds the set's folder beside its place and swaps it in:
// the old one is renamed away, the new one renamed in, the old one
// removed.
func (s *Set) placeFolder(src, name string) (placed bool, err error) {
	dst := filepath.Join(s.dir, name)
	fi, err := os.Lstat(dst)
	if err == nil && fi.IsDir() && sameTree(dst, src) {
		return false, nil
	}
	tmp := filepath.Join(s.dir, linkPrefix+s.idOrTemp()+"-new")
	old := filepath.Join(s.dir, linkPrefix+s.idOrTemp()+"-old")
	_ = os.RemoveAll(tmp)
	_ = os.RemoveAll(old)
	if err := copyTree(src, tmp); err != nil {
		_ = os.RemoveAll(tmp)
		return false, err
	}
	switch {
	case err == nil && fi.IsDir():
		if err := os.Rename(dst, old); err != nil {
			_ = os.RemoveAll(tmp)
			return false, err
		}
	case err == nil:
		// The link a run with links left, or a file under the name.
		if err := os.Remove(dst); err != nil {
			_ = os.RemoveAll(tmp)
			return false, err
		}
	}
	if err := os.Rename(tmp, dst); err != nil {
		return false, err
	}
	_ = os.RemoveAll(old)
	return true, nil
}

// copyTree gives dst src's folders and files (hard links, or copies).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.Mkdir(to, 0o755)
		case d.Type().IsRegular():
			return linkOrCopy(p, to)
		}
		return fmt.Errorf("%s is not a plain file", printable.Name(p))
	})
}

// sameTree reports whether folder a holds the same files, with the same
// bytes, as folder b; a spreadsheet program's lock file (someone has a
// slice's workbook open) is not counted.
func sameTree(a, b string) bool {
	list := func(root string) []string {
		var out []string
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && p != root && !officeLock(d.Name()) {
				rel, _ := filepath.Rel(root, p)
				out = append(out, rel)
			}
			return nil
		})
		return out
	}
	la, lb := list(a), list(b)
	if !slices.Equal(la, lb) {
		return false
	}
	for _, rel := range la {
		fa, err1 := os.Lstat(filepath.Join(a, rel))
		fb, err2 := os.Lstat(filepath.Join(b, rel))
		switch {
		case err1 != nil || err2 != nil || fa.IsDir() != fb.IsDir():
			return false
		case fa.IsDir():
		case !sameContent(filepath.Join(a, rel), filepath.Join(b, rel)):
			return false
		}
	}
	return true
}

// removeOldCopies removes from OUT the outputs of the set prev that are
// not in keep, where OUT still holds prev's (the same bytes, or the
// tool's link): an analyst's own file under such a name stays.
func (s *Set) removeOldCopies(prev string, keep []string) error {
	if prev == "" {
		return nil
	}
	set := filepath.Join(s.meta, runsName, prev)
	m, err := s.readManifest(set)
	if err != nil {
		return nil // a set half-removed: nothing of it can be told apart
	}
	for _, name := range m.Links {
		if slices.Contains(keep, name) {
			continue
		}
		p := filepath.Join(s.dir, name)
		fi, err := os.Lstat(p)
		switch {
		case err != nil:
			continue
		case fi.Mode()&fs.ModeSymlink != 0:
			if _, ours := s.ourLink(name); !ours {
				continue
			}
			err = os.Remove(p)
		case fi.IsDir():
			if !sameTree(p, filepath.Join(set, name)) {
				continue
			}
			err = os.RemoveAll(p)
		case fi.Mode().IsRegular():
			if !sameContent(p, filepath.Join(set, name)) {
				continue
			}
			err = os.Remove(p)
		}
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		commitHook("unlink")
	}
	return nil
}

// commitCopies is commit with copies (see the top of this file), from the
// switch on.
func (s *Set) commitCopies(m *manifest) error {
	shown := printable.Name(s.dir)
	prev := s.currentRun()
	commitHook("linked")
	if err := s.switchIn(); err != nil {
		return fmt.Errorf("outdir: output folder %s: switch to the new set: %w", shown, err)
	}
	s.linked = m.Links
	commitHook("switched")
	// Committed: the set .batch/current names is whole. What follows puts
	// its files in OUT; a failure is reported, and the next run finishes
	// it.
	if err := s.placeCopies(s.id, m.Links); err != nil {
		return fmt.Errorf("outdir: output folder %s: the new set is committed (.batch/current names it), but an output could not be copied into the folder: %w; the next run finishes it", shown, err)
	}
	if err := s.removeOldCopies(prev, m.Links); err != nil {
		return fmt.Errorf("outdir: output folder %s: the new outputs are in place, but an old one could not be removed: %w", shown, err)
	}
	return s.tidy(m.Links, shown)
}
