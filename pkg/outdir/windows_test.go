//go:build windows

package outdir

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/windows"
)

// underWine reports whether this Windows is Wine (its ntdll names its
// version).
func underWine() bool {
	return windows.NewLazySystemDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
}

// The Windows build commits in the way its probe chose, and the folder
// then holds what that way promises: under Wine 8, which makes no
// symbolic link (whether it says so or refuses), copies; on a PC with
// Developer Mode, links. The output folder is named with backslashes:
// a drive letter's absolute path, and a relative one.
func TestTheWindowsBuildCommits(t *testing.T) {
	base := t.TempDir() // C:\users\…\Temp\… : a drive letter and backslashes
	t.Chdir(base)
	for _, dir := range []string{filepath.Join(base, `reports\absolute`), `reports\relative`} {
		t.Run(dir, func(t *testing.T) {
			if !strings.Contains(dir, `\`) {
				t.Fatalf("%s has no backslash", dir)
			}
			first := open(t, dir)
			copies := first.copies
			first.Abort()
			if underWine() && !copies {
				t.Fatal("under Wine the probe chose links")
			}
			t.Logf("links: %v (under Wine: %v)", !copies, underWine())
			writeRun(t, dir, XLSX, CSV, ICS, JSON)
			writeFolderRun(t, dir, CSV)
			must(t, os.WriteFile(filepath.Join(dir, "analyst-notes.txt"), []byte("mine"), 0o644))
			writeRun(t, dir, CSV, JSON)

			want := append(namesOf(CSV), summaryName, "analyst-notes.txt")
			slices.Sort(want)
			if got := outputs(t, dir); !slices.Equal(got, want) {
				t.Errorf("the folder holds %q, want %q", got, want)
			}
			cur := (&Set{meta: filepath.Join(dir, metaName)}).currentRun()
			if cur == "" {
				t.Fatal("no current set")
			}
			for _, name := range append(namesOf(CSV), summaryName) {
				fi, err := os.Lstat(filepath.Join(dir, name))
				switch {
				case err != nil:
					t.Errorf("%s: %v", name, err)
					continue
				case copies && !fi.Mode().IsRegular():
					t.Errorf("%s is not a plain file: %v", name, fi.Mode())
				case !copies && fi.Mode()&os.ModeSymlink == 0:
					t.Errorf("%s is not a link: %v", name, fi.Mode())
				}
				b, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil || !strings.HasSuffix(string(b), " of set "+cur+"\n") {
					t.Errorf("%s reads %q (%v), not the current set %s's", name, b, err, cur)
				}
			}
			if left := leftovers(t, dir); len(left) > 0 {
				t.Errorf("leftovers: %q", left)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "analyst-notes.txt")); string(b) != "mine" {
				t.Errorf("the analyst's file changed: %q", b)
			}
		})
	}
}

// writeFolderRun is a run that also writes a folder (a split's
// by-county), which copies swap in by renames and links reach through a
// folder's link.
func writeFolderRun(t *testing.T, dir string, formats ...string) {
	t.Helper()
	s := open(t, dir)
	defer s.Abort()
	stage(t, s, formats...)
	for _, county := range []string{"Albany", "Kings"} {
		f, err := s.Create(filepath.Join("by-county", county, vacanciesName))
		must(t, err)
		_, err = f.Out().Write([]byte(county + "\r\n"))
		must(t, err)
		must(t, f.Finish())
	}
	must(t, s.Commit())
	for _, county := range []string{"Albany", "Kings"} {
		b, err := os.ReadFile(filepath.Join(dir, "by-county", county, vacanciesName))
		if err != nil || string(b) != county+"\r\n" {
			t.Errorf("by-county\\%s\\%s reads %q, %v", county, vacanciesName, b, err)
		}
	}
}
