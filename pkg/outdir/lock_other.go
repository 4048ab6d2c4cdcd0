//go:build !unix && !windows

package outdir

import "os"

// Elsewhere (plan9, wasm) there is no file lock to take: runs into one
// folder must not overlap.
// lockOpenFlags: the lock's name is checked with Lstat before it is
// opened (lock.go); there is no flag to refuse a link at open here.
const lockOpenFlags = 0

func lockFile(*os.File) error   { return nil }
func unlockFile(*os.File) error { return nil }
