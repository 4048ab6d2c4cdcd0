package outdir

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// newLink makes the tool's symbolic links (makeLink); tests put a system
// with other links in its place.
var newLink = makeLink

// linksWork reports whether the output folder can hold links, by making
// in meta what a commit with links makes, in a commit's order, and
// checking each step did what it said. A system may say yes and do
// nothing: Wine 8's CreateSymbolicLinkW reports success and makes no
// link, and the rename of the link that is not there then failed a
// commit halfway (issue 33). Where anything is refused or not as made,
// the run writes copies (copies.go), as on a Windows PC whose account may
// not make links.
func linksWork(meta, id string) bool {
	if forceCopies {
		return false
	}
	// The folder's name is that of current's temporaries: recover removes
	// a killed run's.
	p := filepath.Join(meta, currentName+".tmp-probe-"+id)
	if err := os.Mkdir(p, 0o700); err != nil {
		return false
	}
	defer os.RemoveAll(p)
	return probeLinks(p) == nil
}

// probeLinks does in p what a commit does with links, and says the first
// step that did not hold:
//
//   - two sets, runs/a and runs/b, each with a file f and a folder d;
//   - an output f already in place as a plain file (an earlier version's),
//     the link f -> current/f renamed over it, and the link d -> current/d
//     renamed into place, both made before current exists (a commit makes
//     them before its switch, when they point at nothing yet);
//   - current -> runs/a renamed into place, then the switch: current ->
//     runs/b renamed over it, and a new f renamed over the link f;
//   - then each name is a link to what it was given (read back), reading
//     through f gives b's bytes, and d lists b's folder.
func probeLinks(p string) error {
	at := func(rel string) string { return filepath.Join(p, filepath.FromSlash(rel)) }
	for _, set := range []string{"a", "b"} {
		if err := os.MkdirAll(at("runs/"+set+"/d"), 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(at("runs/"+set+"/f"), []byte(set), 0o600); err != nil {
			return err
		}
		if err := os.WriteFile(at("runs/"+set+"/d/g"), []byte(set), 0o600); err != nil {
			return err
		}
	}
	if err := os.WriteFile(at("f"), []byte("earlier"), 0o600); err != nil {
		return err
	}
	place := func(target, name string, dir bool) error {
		tmp := at(".link")
		if err := newLink(filepath.FromSlash(target), tmp, dir); err != nil {
			return err
		}
		if err := os.Rename(tmp, at(name)); err != nil {
			_ = os.Remove(tmp)
			return err
		}
		return nil
	}
	steps := []struct {
		target, name string
		dir          bool
	}{
		{"current/f", "f", false}, {"current/d", "d", true},
		{"runs/a", "current", true}, {"runs/b", "current", true}, {"current/f", "f", false},
	}
	for _, s := range steps {
		if err := place(s.target, s.name, s.dir); err != nil {
			return err
		}
	}
	for name, target := range map[string]string{"f": "current/f", "d": "current/d", "current": "runs/b"} {
		if err := isLinkTo(at(name), target); err != nil {
			return err
		}
	}
	if b, err := os.ReadFile(at("f")); err != nil || !bytes.Equal(b, []byte("b")) {
		return fmt.Errorf("read through the link f: %q, %v", b, err)
	}
	if b, err := os.ReadFile(at("d/g")); err != nil || !bytes.Equal(b, []byte("b")) {
		return fmt.Errorf("read through the link d: %q, %v", b, err)
	}
	return nil
}

// isLinkTo checks that p is a symbolic link to target.
func isLinkTo(p, target string) error {
	fi, err := os.Lstat(p)
	if err != nil {
		return err
	}
	if fi.Mode()&os.ModeSymlink == 0 {
		return fmt.Errorf("%s is not a link: %v", p, fi.Mode())
	}
	got, err := os.Readlink(p)
	if err != nil {
		return err
	}
	if filepath.ToSlash(got) != target {
		return errors.New(p + " links to " + got + ", not " + target)
	}
	return nil
}

// isDir reports whether p is a folder (a set's entry: by-county).
func isDir(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.IsDir()
}
