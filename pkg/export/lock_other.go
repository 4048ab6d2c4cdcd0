//go:build !unix && !windows

package export

import "os"

// Elsewhere (plan9, wasm) there is no file lock to take: runs into one
// folder must not overlap.
func lockFile(*os.File) error   { return nil }
func unlockFile(*os.File) error { return nil }
