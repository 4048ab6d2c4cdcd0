//go:build batchtest

package outdir

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// A binary built with -tags batchtest pauses its commit where the
// environment says, so that tests can kill it, or start a second run, at
// that very step:
//
//	BATCH_TEST_PAUSE_AT=step[:n]  the step (see commitHook calls), its n-th time (default 1)
//	BATCH_TEST_PAUSE_FILE=path    created on arrival; the run goes on once path+".go" exists
//
// Release builds have no such hook (commitHook does nothing).
//
// BATCH_TEST_NO_LINKS=1 makes it write copies, as where links cannot be
// made (copies.go).
func init() {
	forceCopies = os.Getenv("BATCH_TEST_NO_LINKS") == "1"
	at, file := os.Getenv("BATCH_TEST_PAUSE_AT"), os.Getenv("BATCH_TEST_PAUSE_FILE")
	if at == "" || file == "" {
		return
	}
	step, nth := at, 1
	if i := strings.IndexByte(at, ':'); i >= 0 {
		step = at[:i]
		nth, _ = strconv.Atoi(at[i+1:])
	}
	seen := 0
	commitHook = func(s string) {
		if s != step {
			return
		}
		if seen++; seen != nth {
			return
		}
		_ = os.WriteFile(file, []byte(strconv.Itoa(os.Getpid())), 0o644)
		for {
			if _, err := os.Stat(file + ".go"); err == nil {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}
