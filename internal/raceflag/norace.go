//go:build !race

// Package raceflag tells tests whether the race detector is built in, so
// that a test of scale (a million rows, thousands of sheets), which finds
// no race a small run would not and runs ten times slower under the
// detector, can leave that size to .ci/run's run without -race.
package raceflag

// Enabled reports whether the race detector is built in.
const Enabled = false
