package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFirstMistakesOnTheCommandLine: the command line's mistakes of a
// new user's first hour (issue 35), each run as typed, with the exit
// status and the words it now gets (want) and must not (never).
func TestFirstMistakesOnTheCommandLine(t *testing.T) {
	const good = "vacancy_id,office,county,cause,event_date\nA-1,Town Supervisor,Albany,death,2026-03-04\n"
	cases := []struct {
		name  string
		files map[string]string // relative path → content
		args  []string          // "{d}" is the folder of the files
		code  int
		want  []string // in standard output or standard error
		never []string
	}{
		{"template --out into a folder that does not exist names the folder",
			nil, []string{"template", "--out", "{d}/sub/dir/v.xlsx"}, 1,
			[]string{"the folder {d}/sub/dir does not exist"}, []string{".tmp-", "v.xlsx.tmp"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tc.files)
			fill := func(s string) string { return strings.ReplaceAll(s, "{d}", dir) }
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = fill(a)
			}
			got := run(t, "", args...)
			if got.code != tc.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", got.code, tc.code, got.stdout, got.stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(got.stdout+got.stderr, fill(w)) {
					t.Errorf("the output lacks %q\nstdout: %s\nstderr: %s", fill(w), got.stdout, got.stderr)
				}
			}
			for _, w := range tc.never {
				if strings.Contains(got.stdout+got.stderr, fill(w)) {
					t.Errorf("the output says %q\nstdout: %s\nstderr: %s", fill(w), got.stdout, got.stderr)
				}
			}
		})
	}
}

// writeFiles writes each file (relative path → content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
