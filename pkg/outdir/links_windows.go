//go:build windows

package outdir

import (
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// links is how many names the file at p has (NTFS hard links): 1 for a
// file the tool made, more when a hard link elsewhere names it too; 0
// when it cannot be told.
func links(p string, _ fs.FileInfo) uint64 {
	name, err := windows.UTF16PtrFromString(p)
	if err != nil {
		return 0
	}
	h, err := windows.CreateFile(name, 0, windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS|windows.FILE_FLAG_OPEN_REPARSE_POINT, 0)
	if err != nil {
		return 0
	}
	defer windows.CloseHandle(h)
	return handleLinks(h)
}

// fileLinks is links for an open file.
func fileLinks(f *os.File) uint64 { return handleLinks(windows.Handle(f.Fd())) }

func handleLinks(h windows.Handle) uint64 {
	var info windows.ByHandleFileInformation
	if windows.GetFileInformationByHandle(h, &info) != nil {
		return 0
	}
	return uint64(info.NumberOfLinks)
}
