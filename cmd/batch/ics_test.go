package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// By default deadlines.ics holds no passed event; --ics-all holds every
// event, and --ics-open-only and --ics-from leave the passed ones out of
// it again. --ics-alarm and BATCH_ICS_ALARM set or drop the reminders.
func TestICSOpenOnly(t *testing.T) {
	dtstart := regexp.MustCompile(`(?m)^DTSTART;VALUE=DATE:(\d{8})\r$`)
	trigger := regexp.MustCompile(`(?m)^TRIGGER:(\S+)\r$`)
	var triggers []string
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
		triggers = triggers[:0]
		for _, m := range trigger.FindAllStringSubmatch(string(raw), -1) {
			triggers = append(triggers, m[1])
		}
		for _, m := range dtstart.FindAllStringSubmatch(string(raw), -1) {
			all++
			if m[1] < "20261130" {
				before++
			}
		}
		return all, before
	}
	allEvents, passed := events("--ics-all")
	if passed == 0 {
		t.Fatal("the samples' calendar has no passed event to leave out")
	}
	t.Run("by default, nothing passed", func(t *testing.T) {
		n, before := events()
		if before != 0 || n == 0 || n > allEvents-passed {
			t.Errorf("%d events, %d before %s; want none before, and at most the %d on or after it (only open deadlines)", n, before, asOf, allEvents-passed)
		}
		if len(triggers) == 0 {
			t.Fatal("no reminder")
		}
		for _, tr := range triggers {
			if tr != "-P2DT15H" {
				t.Fatalf("a reminder %s, want -P2DT15H (09:00 three days before)", tr)
			}
		}
	})
	for _, c := range []struct {
		name string
		args []string
	}{
		{"--ics-all --ics-open-only", []string{"--ics-all", "--ics-open-only"}},
		{"--ics-all --ics-from the as-of date", []string{"--ics-all", "--ics-from", asOf}},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, before := events(c.args...)
			if before != 0 || n != allEvents-passed {
				t.Errorf("%d events, %d before %s; want %d, none before", n, before, asOf, allEvents-passed)
			}
		})
	}
	t.Run("--ics-alarm sets the reminder, none drops it", func(t *testing.T) {
		events("--ics-alarm", "1d")
		if len(triggers) == 0 || triggers[0] != "-PT15H" {
			t.Errorf("--ics-alarm 1d: reminders %q, want -PT15H", triggers[:min(len(triggers), 3)])
		}
		t.Setenv("BATCH_ICS_ALARM", "none")
		if events(); len(triggers) != 0 {
			t.Errorf("BATCH_ICS_ALARM=none: %d reminders", len(triggers))
		}
	})
	t.Run("--ics-alarm must be days or none", func(t *testing.T) {
		got := run(t, "", "run", "-q", "--ics-alarm", "3 days", "-o", t.TempDir(), samplesXLSX)
		if got.code != 2 || !strings.Contains(got.stderr, `--ics-alarm "3 days"`) {
			t.Errorf("exit %d, want 2 (usage) naming the flag: %s", got.code, got.stderr)
		}
	})
	t.Run("--ics-from must be a date", func(t *testing.T) {
		if got := run(t, "", "run", "-q", "--ics-from", "soon", "-o", t.TempDir(), samplesXLSX); got.code != 2 {
			t.Errorf("exit %d, want 2 (usage): %s", got.code, got.stderr)
		}
	})
}
