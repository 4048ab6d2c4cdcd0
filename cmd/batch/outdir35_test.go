//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The scenarios of testdata/hostile/README.md's "Runs into one output
// folder" that come from issue 35: a failed run leaves no folder it made,
// and the tool never replaces what it did not write.
func init() {
	scenarios["out-path-too-long"] = scenarioOutPathTooLong
}

// tree lists every path under base, folders with a trailing slash.
func tree(t *testing.T, base string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(base, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(base, p)
		if d.IsDir() {
			rel += "/"
		}
		out = append(out, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// scenarioOutPathTooLong: -o names a folder 2,100 levels deep, a path
// longer than the system takes (4,096 bytes on Linux): the run fails
// naming the folder, and leaves none of the folders it would have made.
func scenarioOutPathTooLong(t *testing.T) {
	base := t.TempDir()
	out := filepath.Join(base, strings.Repeat("a/", 2100)+"out")
	got := runTo(t, out, runA, nil)
	if got.code != 1 || !strings.Contains(got.stderr, "too long") {
		t.Errorf("exit %d, stderr %.300q; want exit 1 saying the name is too long", got.code, got.stderr)
	}
	if left := tree(t, base); len(left) != 1 {
		t.Errorf("the failed run left %d folders under %s, the first %q", len(left)-1, base, left[1])
	}
}
