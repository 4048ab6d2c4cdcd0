//go:build windows

package outdir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/windows"
)

// linkError explains the one refusal a Windows analyst meets: symbolic
// links, which the output folder's outputs are (they point into
// .batch/current, so that a run replaces them all at once), need Developer
// Mode or an administrator's rights there.
func linkError(err error) error {
	if errors.Is(err, windows.ERROR_PRIVILEGE_NOT_HELD) {
		return fmt.Errorf("%w: the output folder's files are symbolic links into .batch/current, and this Windows account may not make them; "+
			"turn on Developer Mode (Settings, System, For developers) or run batch as an administrator, then run it again", err)
	}
	return err
}

// makeLink makes link a symbolic link to target (relative to link's
// folder), a folder's link when dir. Windows has two kinds, and a file's
// link to a folder cannot be gone through. os.Symlink chooses the kind
// by what the target is when the link is made, and a commit makes OUT's
// links before its switch, while they point at nothing yet (a first
// --split run's by-county): the kind is given here instead.
func makeLink(target, link string, dir bool) error {
	abs, err := filepath.Abs(link)
	if err != nil {
		return &os.LinkError{Op: "symlink", Old: target, New: link, Err: err}
	}
	name, err := windows.UTF16PtrFromString(longPath(abs))
	if err != nil {
		return &os.LinkError{Op: "symlink", Old: target, New: link, Err: err}
	}
	to, err := windows.UTF16PtrFromString(filepath.FromSlash(target))
	if err != nil {
		return &os.LinkError{Op: "symlink", Old: target, New: link, Err: err}
	}
	flags := uint32(allowUnprivileged)
	if dir {
		flags |= windows.SYMBOLIC_LINK_FLAG_DIRECTORY
	}
	err = windows.CreateSymbolicLink(name, to, flags)
	if errors.Is(err, windows.ERROR_INVALID_PARAMETER) {
		// Windows before 10 (1703) knows no unprivileged flag.
		err = windows.CreateSymbolicLink(name, to, flags&^allowUnprivileged)
	}
	if err != nil {
		return &os.LinkError{Op: "symlink", Old: target, New: link, Err: err}
	}
	return nil
}

// allowUnprivileged is SYMBOLIC_LINK_FLAG_ALLOW_UNPRIVILEGED_CREATE:
// Developer Mode lets an account without admin rights make links with it.
const allowUnprivileged = 0x2

// longPath lets an absolute path past MAX_PATH through to the system, as
// the os package does for its own calls.
func longPath(p string) string {
	switch {
	case len(p) < 248 || strings.HasPrefix(p, `\\?\`):
		return p
	case strings.HasPrefix(p, `\\`):
		return `\\?\UNC\` + p[2:]
	}
	return `\\?\` + p
}
