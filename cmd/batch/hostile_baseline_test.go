package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"batch/internal/testmode"
)

// The bad baselines of the hostile corpus: testdata/hostile/README.md's
// second table holds every case and what it must say; this file makes the
// damaged snapshots from a sound one and runs each.

const baselineCSV = `vacancy_id,office,office_class,district,county,cause,event_date
NY-1,Town Clerk,other,,Erie,death,2026-09-11
NY-2,Town Justice,other,,Erie,resignation,2026-10-01
NY-3,Village Trustee,other,,Erie,death,2026-11-20
`

type baselineCase struct{ file, what, says string }

func loadBaselineCorpus(t *testing.T) []baselineCase {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(hostileDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []baselineCase
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "| baseline |"):
			in = true
		case !in || strings.HasPrefix(line, "|---"):
		case strings.HasPrefix(line, "|"):
			c := strings.Split(strings.Trim(line, "|"), "|")
			if len(c) != 3 {
				t.Fatalf("README baseline row with %d cells: %s", len(c), line)
			}
			cases = append(cases, baselineCase{strings.Trim(strings.TrimSpace(c[0]), "`"), strings.TrimSpace(c[1]), strings.TrimSpace(c[2])})
		default:
			in = false
		}
	}
	if len(cases) < 10 {
		t.Fatalf("the README's baseline table has %d rows", len(cases))
	}
	return cases
}

// snapshotLines reads a sound snapshot's lines.
func snapshotLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return strings.SplitAfter(strings.TrimSuffix(string(b), "\n"), "\n")
}

func gzipText(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

// reheader rewrites the header line's fields.
func reheader(t *testing.T, lines []string, set map[string]any) string {
	t.Helper()
	var h map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &h); err != nil {
		t.Fatal(err)
	}
	for k, v := range set {
		h[k] = v
	}
	b, _ := json.Marshal(h)
	return string(b) + "\n" + strings.Join(lines[1:], "")
}

// makeBaselines writes every derived baseline into dir from the sound
// snapshot at good.
func makeBaselines(t *testing.T, dir, good string) {
	t.Helper()
	sound, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	lines := snapshotLines(t, good)
	flipped := bytes.Clone(sound)
	flipped[len(flipped)/2] ^= 0x5a
	shuffled := append([]string{lines[0], lines[2], lines[1]}, lines[3:]...)
	garbage := append([]string{lines[0], lines[1], "PK\x03\x04 this is not a record\n"}, lines[3:]...)
	files := map[string][]byte{
		"empty.jsonl.gz":           nil,
		"foreign.jsonl.gz":         gzipText(`{"type":"FeatureCollection","features":[]}` + "\n"),
		"truncated.jsonl.gz":       sound[:len(sound)/2],
		"no-closing-line.jsonl.gz": gzipText(strings.Join(lines[:len(lines)-1], "")),
		"flipped-byte.jsonl.gz":    flipped,
		"garbage-record.jsonl.gz":  gzipText(strings.Join(garbage, "")),
		"shuffled.jsonl.gz":        gzipText(strings.Join(shuffled, "")),
		"newer-format.jsonl.gz":    gzipText(reheader(t, lines, map[string]any{"format_version": 99, "tool_version": "99.0.0"})),
		"newer-tool.jsonl.gz":      gzipText(reheader(t, lines, map[string]any{"tool_version": "99.0.0"})),
		"record-bomb.jsonl.gz":     recordBomb(lines[0], 600000),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	committed, err := os.ReadFile(filepath.Join(hostileDir, "snapshot-not-gzip.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "snapshot-not-gzip.jsonl"), committed, 0o644)
}

// recordBomb is a snapshot under header whose n records are all of one
// seat (rows without an id), in key order, with the closing line: a
// fraction of a megabyte compressed.
func recordBomb(header string, n int) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(header))
	for i := range n {
		fmt.Fprintf(w, `{"k":"s\u0000town clerk||erie\u0000%07d","src":"vacancies.csv:2","in":["Town Clerk","other","","Erie","","death","2026-09-11","","","","","","",""],"vd":"2026-09-11","m":"general_election","e":"2027-11-02","law":"E4"}`+"\n", i)
	}
	fmt.Fprintf(w, `{"end":{"records":%d}}`+"\n", n)
	w.Close()
	return b.Bytes()
}

func TestHostileBaselines(t *testing.T) {
	testmode.SkipShort(t, "the hostile snapshots as last night's runs")
	// A release build, so that "newer than this batch" can be told.
	dir := t.TempDir()
	release := filepath.Join(dir, "batch")
	build := exec.Command("go", "build", "-ldflags", "-X main.version=1.4.0", "-o", release, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "vacancies.csv")
	os.WriteFile(in, []byte(baselineCSV), 0o644)
	good := filepath.Join(dir, "good")
	if got := runBinary(t, release, "run", "-q", "--as-of", "2026-11-30", "-o", good, in); got.code != 0 {
		t.Fatalf("the sound first run: exit %d\n%s", got.code, got.stderr)
	}
	bases := filepath.Join(dir, "baselines")
	os.MkdirAll(bases, 0o755)
	makeBaselines(t, bases, filepath.Join(good, "snapshot.jsonl.gz"))
	// A sound snapshot of another file whose vacancies are none of these:
	// not a night's news but another set of vacancies.
	erie := filepath.Join(dir, "erie.csv")
	os.WriteFile(erie, []byte(strings.ReplaceAll(baselineCSV, "NY-", "ER-")), 0o644)
	other := filepath.Join(dir, "other")
	if got := runBinary(t, release, "run", "-q", "--as-of", "2026-11-30", "-o", other, erie); got.code != 0 {
		t.Fatalf("the other file's run: exit %d\n%s", got.code, got.stderr)
	}
	if b, err := os.ReadFile(filepath.Join(other, "snapshot.jsonl.gz")); err != nil {
		t.Fatal(err)
	} else if err := os.WriteFile(filepath.Join(bases, "other-inputs.jsonl.gz"), b, 0o644); err != nil {
		t.Fatal(err)
	}

	for _, c := range loadBaselineCorpus(t) {
		t.Run(c.file, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			got := runBinary(t, release, "run", "-q", "--as-of", "2026-12-01", "--compare",
				filepath.Join(bases, c.file), "--fail-on", "changed", "--format", "xlsx,csv,json,digest", "-o", out, in)
			t.Logf("%s: exit %d; stderr: %s", c.what, got.code, strings.TrimSpace(got.stderr))
			for _, s := range crashSigns {
				if strings.Contains(got.stderr, s) {
					t.Fatalf("the run crashed (%q):\n%s", s, got.stderr)
				}
			}
			if got.code != 3 {
				t.Errorf("exit %d, want 3 (a skipped comparison is news)", got.code)
			}
			stderr := strings.ReplaceAll(got.stderr, filepath.Join(bases, c.file), "BASELINE")
			assertSays(t, "stderr", stderr, append(keywords(c.says), []string{"comparison skipped"}))
			assertNoControlBytes(t, "stderr", got.stderr)
			assertNoTemporaries(t, out)
			var sum struct {
				Changes struct {
					Status string         `json:"status"`
					Reason string         `json:"reason"`
					ByKind map[string]int `json:"by_kind"`
				} `json:"changes"`
			}
			readJSON(t, filepath.Join(out, "summary.json"), &sum)
			if sum.Changes.Status != "skipped" || !strings.Contains(sum.Changes.Reason, "comparison skipped") {
				t.Errorf("summary.json changes: %+v", sum.Changes)
			}
			for k := range sum.Changes.ByKind {
				if k != "deadline_soon" {
					t.Errorf("a change %s counted from a bad baseline", k)
				}
			}
			for _, row := range readCSV(t, filepath.Join(out, "changes.csv"))[1:] {
				if row[1] != "deadline_soon" {
					t.Errorf("changes.csv lists %v from a bad baseline", row)
				}
			}
			digest, _ := os.ReadFile(filepath.Join(out, "digest.txt"))
			if !strings.Contains(string(digest), "COMPARISON SKIPPED") {
				t.Errorf("digest.txt does not say the comparison was skipped:\n%s", digest)
			}
			// The run's own snapshot is sound: the next night compares with it.
			next := runBinary(t, release, "run", "-q", "--as-of", "2026-12-02", "--compare", "auto", "-o", out, in)
			readJSON(t, filepath.Join(out, "summary.json"), &sum)
			if next.code != 0 || sum.Changes.Status != "compared" {
				t.Errorf("the next night: exit %d, changes %+v\n%s", next.code, sum.Changes, next.stderr)
			}
		})
	}
}

// runBinary runs another build of batch (the release build above)
// with a minute's bound.
func runBinary(t *testing.T, bin string, args ...string) outcome {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("batch %v: still running after a minute", args)
	}
	m := outcome{stdout: out.String(), stderr: errb.String()}
	if exit, ok := err.(*exec.ExitError); ok {
		m.code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return m
}
