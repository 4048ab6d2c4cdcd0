package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// --ics-open-only and --ics-from leave the passed events out of
// deadlines.ics; without them it holds every event.
func TestICSOpenOnly(t *testing.T) {
	dtstart := regexp.MustCompile(`(?m)^DTSTART;VALUE=DATE:(\d{8})\r$`)
	events := func(args ...string) (all, before int) {
		t.Helper()
		out := t.TempDir()
		got := run(t, "", append([]string{"run", "-q", "--as-of", asOf, "--format", "ics", "-o", out}, append(args, samplesXLSX)...)...)
		if got.code != 0 {
			t.Fatalf("exit %d: %s", got.code, got.stderr)
		}
		raw, err := os.ReadFile(filepath.Join(out, "deadlines.ics"))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range dtstart.FindAllStringSubmatch(string(raw), -1) {
			all++
			if m[1] < "20261130" {
				before++
			}
		}
		return all, before
	}
	allEvents, passed := events()
	if passed == 0 {
		t.Fatal("the samples' calendar has no passed event to leave out")
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"--ics-open-only", []string{"--ics-open-only"}},
		{"--ics-from the as-of date", []string{"--ics-from", asOf}},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, before := events(c.args...)
			if before != 0 || n != allEvents-passed {
				t.Errorf("%d events, %d before %s; want %d, none before", n, before, asOf, allEvents-passed)
			}
		})
	}
	t.Run("--ics-from must be a date", func(t *testing.T) {
		if got := run(t, "", "run", "-q", "--ics-from", "soon", "-o", t.TempDir(), samplesXLSX); got.code != 2 {
			t.Errorf("exit %d, want 2 (usage): %s", got.code, got.stderr)
		}
	})
}
