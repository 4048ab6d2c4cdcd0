package main

import (
	"os"
	"runtime/debug"
)

// defaultMemoryLimit is the Go runtime's soft memory limit when GOMEMLIMIT
// is not set: a backstop for inputs far bigger than the ones measured. It
// is soft: a run that needs more still gets it, and collecting costs CPU
// only while the live heap is close to it.
const defaultMemoryLimit = 360 << 20

// defaultGCPercent is the collector's GOGC when the environment sets none.
// A run's live heap is small and mostly pointer-free (the duplicate
// index, the sort runs of the snapshot, the rows in flight: about 117 MB
// at a million rows, issue 13's heap profile), so collecting is cheap, but
// at the default 100 the heap grew to twice that before each collection
// and the run's peak memory with it. Measured (one run each, GOMEMLIMIT
// off): a million rows peaked at 238 MB with GOGC 100, 195 with 50, 180
// with 40, for the same CPU time within the machine's noise (137–144 s).
const defaultGCPercent = 40

// setMemoryLimit applies defaultMemoryLimit unless the environment chose a
// limit (GOMEMLIMIT, read by the runtime itself), and defaultGCPercent
// unless it chose a GOGC.
func setMemoryLimit() {
	if _, ok := os.LookupEnv("GOGC"); !ok {
		debug.SetGCPercent(defaultGCPercent)
	}
	if _, ok := os.LookupEnv("GOMEMLIMIT"); ok {
		return
	}
	debug.SetMemoryLimit(defaultMemoryLimit)
}
