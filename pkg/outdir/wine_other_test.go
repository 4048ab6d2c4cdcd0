//go:build !windows

package outdir

// underWine reports whether the test runs under Wine: never, here.
func underWine() bool { return false }
