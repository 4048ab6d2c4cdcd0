package main

import (
	"os"
	"runtime/debug"
)

// defaultMemoryLimit is the Go runtime's soft memory limit when GOMEMLIMIT
// is not set. Rows stream through, but with the default GOGC alone garbage
// piled up between collections: a million-row run reached 715 MB while
// its live heap peaked near 300 MB (mostly excelize's stream writers,
// which keep a 16–32 MB buffer per sheet until the workbook is saved, and
// a million input rows make 12 such sheets). Near the limit the collector
// runs more often instead. It is soft: a run that needs more still gets
// it, and collecting costs CPU only while the live heap is close to it
// (at 340 MiB a million-row run spent 70 s more CPU collecting).
const defaultMemoryLimit = 360 << 20

// setMemoryLimit applies defaultMemoryLimit unless the environment chose a
// limit (GOMEMLIMIT, read by the runtime itself).
func setMemoryLimit() {
	if _, ok := os.LookupEnv("GOMEMLIMIT"); ok {
		return
	}
	debug.SetMemoryLimit(defaultMemoryLimit)
}
