//go:build !windows

package outdir

import "os"

// linkError is err: elsewhere any user may make a symbolic link.
func linkError(err error) error { return err }

// makeLink makes link a symbolic link to target (relative to link's
// folder). Here a link is a link, to a file or to a folder alike.
func makeLink(target, link string, dir bool) error { return os.Symlink(target, link) }
