// Package testmode says which size of test to run. The exhaustive
// end-to-end tests (a kill at every commit step, signals, big inputs, a
// full comparison of two runs) run only when BATCH_EXHAUSTIVE=1, in a
// step of .ci/run's own; the default run keeps a cheaper test of the same
// behaviour where one exists.
package testmode

import (
	"os"
	"testing"
)

// Env is the variable that asks for the exhaustive tests.
const Env = "BATCH_EXHAUSTIVE"

// Exhaustive reports whether the exhaustive tests were asked for.
func Exhaustive() bool { return os.Getenv(Env) == "1" }

// Require skips t unless the exhaustive tests were asked for; instead
// says what the default run checks in its place ("" for nothing).
func Require(t testing.TB, instead string) {
	t.Helper()
	if Exhaustive() {
		return
	}
	msg := "exhaustive test: runs with " + Env + "=1 (.ci/run's exhaustive step)"
	if instead != "" {
		msg += "; the default run checks " + instead
	}
	t.Skip(msg)
}

// SkipShort skips t under go test -short: a test that builds or generates
// big files, or runs the pipeline end to end on the samples. why says what
// it checks, for the skip's message.
func SkipShort(t testing.TB, why string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: skips " + why)
	}
}
