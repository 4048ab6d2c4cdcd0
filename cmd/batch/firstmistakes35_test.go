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
		{"a mistyped command gets the nearest one",
			map[string]string{"v.csv": good}, []string{"runn", "{d}/v.csv"}, 2,
			[]string{`unknown command "runn": did you mean run?`}, nil},
		{"a mistyped command with flags gets the nearest one",
			map[string]string{"v.csv": good}, []string{"runn", "-o", "{d}/out", "{d}/v.csv"}, 2,
			[]string{`unknown command "runn": did you mean run?`}, []string{"flag provided"}},
		{"a mistyped command after a flag gets the nearest one",
			map[string]string{"v.csv": good}, []string{"-q", "chekc", "{d}/v.csv"}, 2,
			[]string{`unknown command "chekc": did you mean check?`}, nil},
		{"calender is calendar",
			nil, []string{"calender", "--year", "2026"}, 2,
			[]string{`unknown command "calender": did you mean calendar?`}, nil},
		{"help on a mistyped command gets the nearest one",
			nil, []string{"help", "explian"}, 2,
			[]string{`unknown command "explian": did you mean explain?`}, nil},
		{"a word near no command lists the commands",
			nil, []string{"frobnicate"}, 2,
			[]string{`unknown command "frobnicate": the commands are run, mail, check, explain, rules, calendar, version, template`}, []string{"did you mean"}},
		{"--outdir is --out",
			map[string]string{"v.csv": good}, []string{"run", "{d}/v.csv", "--outdir", "{d}/out"}, 2,
			[]string{"flag provided but not defined: --outdir: did you mean --out?"}, nil},
		{"--asof is --as-of",
			map[string]string{"v.csv": good}, []string{"check", "--asof", "2026-11-30", "{d}/v.csv"}, 2,
			[]string{"flag provided but not defined: --asof: did you mean --as-of?"}, nil},
		{"--formats is --format",
			map[string]string{"v.csv": good}, []string{"check", "--formats", "csv", "{d}/v.csv"}, 2,
			[]string{"did you mean --format?"}, nil},
		{"a flag of another command is named with its command",
			map[string]string{"v.csv": good}, []string{"check", "--out", "{d}/out", "{d}/v.csv"}, 2,
			[]string{"flag provided but not defined: --out: check has no such flag; run"}, nil},
		{"a mistyped flag before the command gets the nearest one",
			map[string]string{"v.csv": good}, []string{"--outdir", "{d}/out", "run", "{d}/v.csv"}, 2,
			[]string{"did you mean --out?"}, nil},
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
