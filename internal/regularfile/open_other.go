//go:build !unix

package regularfile

import "os"

// openNoWait is os.Open: there is no named pipe to wait on in the file
// system here (Windows' pipes live under \\.\pipe\, which Check refuses).
func openNoWait(path string) (*os.File, error) { return os.Open(path) }
