package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --split on the command line: a flag anywhere, or BATCH_SPLIT; a column
// the inputs lack is wrong usage (exit 2) and writes nothing.
func TestSplitOnTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	o := run(t, "", "run", samplesCSV, "-q", "--as-of", asOf, "-o", out, "--split", "county")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	for _, p := range []string{"results.xlsx", "vacancies.csv", filepath.Join("by-county", "index.csv"),
		filepath.Join("by-county", "Albany", "results.xlsx"), filepath.Join("by-county", "Albany", "summary.json"),
		filepath.Join("by-county", "(none)", "results.xlsx")} {
		if st, err := os.Stat(filepath.Join(out, p)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", p, err)
		}
	}
	// The CSV tables stay statewide.
	if _, err := os.Stat(filepath.Join(out, "by-county", "Albany", "vacancies.csv")); err == nil {
		t.Error("a slice holds vacancies.csv")
	}

	envOut := filepath.Join(dir, "env")
	t.Setenv("BATCH_SPLIT", "office_class")
	cmd := run(t, "", "run", "-q", "--as-of", asOf, "-o", envOut, "--format", "json", samplesCSV)
	t.Setenv("BATCH_SPLIT", "")
	os.Unsetenv("BATCH_SPLIT")
	if cmd.code != 0 {
		t.Fatalf("exit %d: %s", cmd.code, cmd.stderr)
	}
	if _, err := os.Stat(filepath.Join(envOut, "by-office_class", "member_of_assembly", "summary.json")); err != nil {
		t.Error(err)
	}

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"a column no input has", []string{"--split", "recipient"}, `--split "recipient": no input has that column`},
		{"an empty column", []string{"--split="}, "--split is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := filepath.Join(dir, "bad-"+strings.ReplaceAll(tc.name, " ", "-"))
			o := run(t, "", append([]string{"run", "-q", "--as-of", asOf, "-o", bad, samplesCSV}, tc.args...)...)
			if o.code != exitUsage || !strings.Contains(o.stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit 2 saying %q", o.code, o.stderr, tc.want)
			}
			if _, err := os.Stat(bad); err == nil {
				t.Errorf("the refused run left %s", bad)
			}
		})
	}
}
