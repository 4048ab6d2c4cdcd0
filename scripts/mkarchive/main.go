// Command mkarchive packs a folder into a release archive, the same bytes
// on every machine: entries in name order under one top folder, the time
// given for every entry, owner root, mode 0755 for the program and 0644
// for the rest. A .zip for Windows (Explorer's "Extract All" opens it), a
// .tar.gz elsewhere. scripts/release.sh calls it; the standard library
// does the formats, so a release needs neither zip nor a tar of one kind.
//
//	go run ./scripts/mkarchive -o dist/batch-v1-linux-amd64.tar.gz -time 2026-12-01T09:00:20Z DIR
//
// The archive holds DIR's files under DIR's base name.
package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	out := flag.String("o", "", "the archive to write: NAME.zip or NAME.tar.gz")
	when := flag.String("time", "", "every entry's time, RFC 3339 (the commit's)")
	flag.Parse()
	if *out == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: mkarchive -o ARCHIVE [-time RFC3339] DIR")
		os.Exit(2)
	}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if *when != "" {
		t, err := time.Parse(time.RFC3339, *when)
		if err != nil {
			fmt.Fprintln(os.Stderr, "mkarchive: -time:", err)
			os.Exit(2)
		}
		at = t.UTC()
	}
	if err := pack(*out, flag.Arg(0), at); err != nil {
		fmt.Fprintln(os.Stderr, "mkarchive:", err)
		os.Exit(1)
	}
}

// entry is one file or folder of the archive.
type entry struct {
	name string // slash-separated, under the top folder; folders end in /
	path string // on disk; "" for a folder
	mode fs.FileMode
	size int64
}

func pack(out, dir string, at time.Time) error {
	entries, err := list(dir)
	if err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	switch {
	case strings.HasSuffix(out, ".zip"):
		err = writeZip(f, entries, at)
	case strings.HasSuffix(out, ".tar.gz"):
		err = writeTarGz(f, entries, at)
	default:
		err = errors.New(out + ": name it .zip or .tar.gz")
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out)
	}
	return err
}

// list is dir's folders and files, in name order (WalkDir's), under
// dir's base name; a file with any execute bit is the program.
func list(dir string) ([]entry, error) {
	top := filepath.Base(filepath.Clean(dir))
	var out []entry
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		name := path.Join(top, filepath.ToSlash(rel))
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			out = append(out, entry{name: name + "/", mode: fs.ModeDir | 0o755})
		case info.Mode().IsRegular():
			mode := fs.FileMode(0o644)
			if info.Mode()&0o111 != 0 {
				mode = 0o755
			}
			out = append(out, entry{name: name, path: p, mode: mode, size: info.Size()})
		default:
			return fmt.Errorf("%s is neither a file nor a folder", p)
		}
		return nil
	})
	return out, err
}

func writeZip(w io.Writer, entries []entry, at time.Time) error {
	z := zip.NewWriter(w)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Modified: at, Method: zip.Deflate}
		h.SetMode(e.mode)
		if e.path == "" {
			h.Method = zip.Store
		}
		dst, err := z.CreateHeader(h)
		if err != nil {
			return err
		}
		if e.path != "" {
			if err := copyFile(dst, e.path); err != nil {
				return err
			}
		}
	}
	return z.Close()
}

func writeTarGz(w io.Writer, entries []entry, at time.Time) error {
	gz, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	gz.ModTime = at
	t := tar.NewWriter(gz)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Mode: int64(e.mode.Perm()), ModTime: at, Uname: "root", Gname: "root", Format: tar.FormatPAX}
		if e.path == "" {
			h.Typeflag = tar.TypeDir
		} else {
			h.Typeflag, h.Size = tar.TypeReg, e.size
		}
		if err := t.WriteHeader(h); err != nil {
			return err
		}
		if e.path != "" {
			if err := copyFile(t, e.path); err != nil {
				return err
			}
		}
	}
	if err := t.Close(); err != nil {
		return err
	}
	return gz.Close()
}

func copyFile(w io.Writer, p string) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}
