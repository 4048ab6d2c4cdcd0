package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Issue 27: an error about a value from the environment names the
// variable, not the flag; numbers are checked for range (--soon
// 9223372036854775807 once overflowed into "nothing due").
func TestEnvironmentErrorsNameTheVariable(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  string
		args []string
		says string
	}{
		{"BATCH_SOON too large", "BATCH_SOON=9223372036854775807", nil, "the environment variable BATCH_SOON 9223372036854775807: give a number of days from 1 to 3660"},
		{"BATCH_SOON negative", "BATCH_SOON=-3", nil, "the environment variable BATCH_SOON -3"},
		{"BATCH_EDITION unknown", "BATCH_EDITION=E99", nil, `the environment variable BATCH_EDITION "E99": choose auto or one of`},
		{"BATCH_ICS_FROM not a date", "BATCH_ICS_FROM=2026-13-01", nil, `the environment variable BATCH_ICS_FROM "2026-13-01"`},
		{"BATCH_JOBS too many", "BATCH_JOBS=100000000", nil, "the environment variable BATCH_JOBS 100000000: give a number of workers from 1 to 1024"},
		{"--soon too large on the line", "", []string{"--soon", "9223372036854775807"}, "--soon 9223372036854775807: give a number of days from 1 to 3660"},
		{"--edition on the line", "", []string{"--edition", "E99"}, `--edition "E99"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"run", "-q", "--as-of", asOf, "-o", t.TempDir()}, tc.args...)
			cmd := exec.Command(binary, append(args, samplesCSV)...)
			cmd.Env = os.Environ()
			if tc.env != "" {
				cmd.Env = append(cmd.Env, tc.env)
			}
			out, err := cmd.CombinedOutput()
			exit, _ := err.(*exec.ExitError)
			if exit == nil || exit.ExitCode() != 2 {
				t.Fatalf("%v, want exit 2: %s", err, out)
			}
			if !strings.Contains(string(out), tc.says) {
				t.Errorf("says %q, want %q", out, tc.says)
			}
		})
	}
}
