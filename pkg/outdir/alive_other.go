//go:build !unix

package outdir

import "os"

// processAlive cannot ask the system here; only this process counts as
// alive, so a concurrent run's temporaries could be removed: do not point
// two runs at one folder at once.
func processAlive(pid int) bool { return pid == os.Getpid() }
