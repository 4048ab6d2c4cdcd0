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
// index, the sort runs of the snapshot, the rows in flight), so collecting
// is cheap, but at the default 100 the heap grows to twice that before
// each collection and the run's peak memory with it. 40 lowers the peak
// at no CPU cost the machine's noise would show (docs/PERFORMANCE.md).
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
