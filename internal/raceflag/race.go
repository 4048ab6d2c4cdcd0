//go:build race

package raceflag

// Enabled reports whether the race detector is built in.
const Enabled = true
