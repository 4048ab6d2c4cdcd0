//go:build unix

package outdir

import (
	"io/fs"
	"os"
	"syscall"
)

// links is how many names the file fi (Lstat of p) has: 1 for a file
// the tool made, more when a hard link elsewhere names it too; 0 when it
// cannot be told.
func links(p string, fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 0
}

// fileLinks is links for an open file.
func fileLinks(f *os.File) uint64 {
	fi, err := f.Stat()
	if err != nil {
		return 0
	}
	return links(f.Name(), fi)
}
