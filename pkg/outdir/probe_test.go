package outdir

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// linksHere reports whether this system makes symbolic links that work
// as a commit needs them (not Wine 8, nor Windows without Developer Mode).
var linksHere = sync.OnceValue(func() bool {
	d, err := os.MkdirTemp("", "outdir-links-")
	if err != nil {
		return false
	}
	defer os.RemoveAll(d)
	return probeLinks(d) == nil
})

// needLinks skips a test of what links do, or of links someone put in
// the folder, on a system that makes none: there the runs write copies.
func needLinks(t *testing.T) {
	t.Helper()
	if !linksHere() {
		t.Skip("this system makes no working symbolic links (Wine 8; Windows without Developer Mode): its runs write copies, tested by TestCopiesWhereLinksCannotBeMade and TestTheWindowsBuildCommits")
	}
}

// The probe that chooses between links and copies makes what a commit
// makes, in a commit's order, and believes no answer it cannot check:
// each system below says yes to something it does not do, and the run
// must write copies there. The probe leaves nothing behind.
func TestTheLinkProbeTestsTheWholeSequence(t *testing.T) {
	systems := []struct {
		name string
		link func(target, link string, dir bool) error
	}{
		{"links reported made, and none made (Wine 8's CreateSymbolicLinkW)", func(string, string, bool) error { return nil }},
		{"links refused (Windows, an account without Developer Mode or admin rights)", func(target, link string, _ bool) error {
			return &os.LinkError{Op: "symlink", Old: target, New: link, Err: errors.New("A required privilege is not held by the client.")}
		}},
		{"a plain file made where a link was asked for (a share that stands in copies for links)", func(_, link string, _ bool) error {
			return os.WriteFile(link, []byte("a"), 0o600)
		}},
		{"a link made to another target than the one given", func(target, link string, _ bool) error {
			return os.Symlink(filepath.Join("..", target), link)
		}},
		{"a link made, but the folder's links to what is not there yet lost", func(target, link string, dir bool) error {
			if _, err := os.Stat(filepath.Join(filepath.Dir(link), target)); err != nil {
				return nil
			}
			return os.Symlink(target, link)
		}},
	}
	for _, sys := range systems {
		t.Run(sys.name, func(t *testing.T) {
			newLink = sys.link
			defer func() { newLink = makeLink }()
			meta := t.TempDir()
			if linksWork(meta, "x") {
				t.Error("the probe chose links")
			}
			if left := listDir(t, meta); len(left) > 0 {
				t.Errorf("the probe left %q", left)
			}
		})
	}
	t.Run("this system", func(t *testing.T) {
		meta := t.TempDir()
		got := linksWork(meta, "x")
		if left := listDir(t, meta); len(left) > 0 {
			t.Errorf("the probe left %q", left)
		}
		if got != linksHere() {
			t.Errorf("the probe said %v, then %v", linksHere(), got)
		}
		if !underWine() {
			return
		}
		// Wine 8 makes no symbolic link, whether it says so or not
		// (BATCH_WINE_NO_SYMLINKS=1 makes it refuse, as Windows does).
		if got {
			t.Error("under Wine the probe chose links")
		}
	})
}

// A run killed during the probe leaves its folder; the next run removes
// it, links and all, and nothing they point at.
func TestAKilledProbeIsCleanedUp(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	writeRun(t, dir, CSV)
	probe := filepath.Join(dir, metaName, currentName+".tmp-probe-20260101T000000.000Z-000000000000")
	must(t, os.MkdirAll(filepath.Join(probe, "runs", "b"), 0o700))
	must(t, os.WriteFile(filepath.Join(probe, "runs", "b", "f"), []byte("b"), 0o600))
	keep := filepath.Join(t.TempDir(), "keep.txt")
	must(t, os.WriteFile(keep, []byte("keep"), 0o600))
	_ = os.Symlink(keep, filepath.Join(probe, "f")) // where links can be made
	open(t, dir).Abort()
	if _, err := os.Lstat(probe); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the killed run's probe is still there (%v)", err)
	}
	if b, err := os.ReadFile(keep); err != nil || string(b) != "keep" {
		t.Errorf("the file a probe's link pointed at: %q, %v", b, err)
	}
}
