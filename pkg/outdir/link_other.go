//go:build !windows

package outdir

// linkError is err: elsewhere any user may make a symbolic link.
func linkError(err error) error { return err }
