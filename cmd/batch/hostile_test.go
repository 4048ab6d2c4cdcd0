package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"batch/internal/testmode"
)

// The hostile-input corpus: testdata/hostile/README.md holds the table of
// files and what each run must end in; this file runs it against the
// built binary. Small text files are committed there; the binary and big
// ones are made by testdata/hostile/gen at test time.

const (
	hostileDir = "../../testdata/hostile"
	// Unless the table says otherwise, a hostile file must be dealt with
	// within these bounds (measured as the process's own peak RSS and wall
	// time; the machine is a shared 2-core one).
	defaultRSSMB   = 200
	defaultSeconds = 20
)

// hostileCase is one row of the README's corpus table.
type hostileCase struct {
	file     string
	what     string
	flags    []string
	exit     int
	says     [][]string // each inner list: any one of these, case-insensitive
	rows     int        // -1: the run writes nothing to count
	accepted int
	rejected int
	blank    int
	outputs  [][]string // text some output CSV must hold (each: any one of)
	rssMB    int
	seconds  int
}

// loadCorpus parses the README table: one place for every expectation.
func loadCorpus(t *testing.T) []hostileCase {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(hostileDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []hostileCase
	inTable := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "| file |") {
			inTable = true
			continue
		}
		if !inTable {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			if len(cases) > 0 {
				break
			}
			continue
		}
		if strings.HasPrefix(line, "|---") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.Trim(strings.TrimSpace(cells[i]), "`")
		}
		if len(cells) != 12 {
			t.Fatalf("README corpus row has %d cells, want 12: %s", len(cells), line)
		}
		c := hostileCase{file: cells[0], what: cells[1]}
		if strings.Contains(c.file, `\`) {
			// A name with control characters is written with Go escapes.
			name, err := strconv.Unquote(`"` + c.file + `"`)
			if err != nil {
				t.Fatalf("README corpus row %s: %v", c.file, err)
			}
			c.file = name
		}
		if cells[2] != "" && cells[2] != "-" {
			c.flags = strings.Fields(cells[2])
		}
		num := func(s string, dflt int) int {
			s = strings.ReplaceAll(s, ",", "")
			if s == "" || s == "-" {
				return dflt
			}
			n, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("README corpus row %s: %q is not a number", c.file, s)
			}
			return n
		}
		c.exit = num(cells[3], 0)
		c.says = keywords(cells[4])
		c.rows, c.accepted, c.rejected, c.blank = num(cells[5], -1), num(cells[6], -1), num(cells[7], -1), num(cells[8], -1)
		c.outputs = keywords(cells[9])
		c.rssMB, c.seconds = num(cells[10], defaultRSSMB), num(cells[11], defaultSeconds)
		cases = append(cases, c)
	}
	if len(cases) < 25 {
		t.Fatalf("README corpus table has %d files, want at least 25", len(cases))
	}
	return cases
}

// keywords reads "a; b or c" as [[a] [b c]].
func keywords(s string) [][]string {
	if s == "" || s == "-" {
		return nil
	}
	var out [][]string
	for _, k := range strings.Split(s, ";") {
		var alts []string
		for _, a := range strings.Split(k, " or ") {
			if a = strings.TrimSpace(a); a != "" {
				alts = append(alts, strings.Trim(a, "`"))
			}
		}
		if len(alts) > 0 {
			out = append(out, alts)
		}
	}
	return out
}

var (
	genOnce sync.Once
	genDir  string
	genErr  error
)

// generatedCorpus builds testdata/hostile/gen and writes every generated
// file once per test binary (the exhaustive run's), in a folder TestMain
// removes at the end.
func generatedCorpus(t *testing.T) string {
	t.Helper()
	genOnce.Do(func() {
		dir, err := os.MkdirTemp("", "batch-hostile")
		if err != nil {
			genErr = err
			return
		}
		gen := filepath.Join(dir, "gen")
		build := exec.Command("go", "build", "-o", gen, filepath.Join(hostileDir, "gen"))
		if msg, err := build.CombinedOutput(); err != nil {
			genErr = fmt.Errorf("building the corpus generator: %v: %s", err, msg)
			return
		}
		genDir = filepath.Join(dir, "files")
		if msg, err := exec.Command(gen, "-out", genDir).CombinedOutput(); err != nil {
			genErr = fmt.Errorf("generating the corpus: %v: %s", err, msg)
		}
	})
	if genErr != nil {
		t.Fatal(genErr)
	}
	return genDir
}

// corpusPath finds a corpus file: committed, or generated.
func corpusPath(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join(hostileDir, name)
	if _, err := os.Lstat(p); err == nil {
		return p
	}
	p = filepath.Join(generatedCorpus(t), name)
	if _, err := os.Lstat(p); err != nil {
		t.Fatalf("corpus file %s is neither committed nor generated", name)
	}
	return p
}

// measured is one run of the binary with its resource use.
type measured struct {
	outcome
	wall    time.Duration
	maxRSS  int64 // kilobytes
	timeout bool
}

// runMeasured runs batch with a private TMPDIR and a hard time limit, and
// reports its peak resident memory.
func runMeasured(t *testing.T, limit time.Duration, env []string, args ...string) measured {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting batch %v: %v", args, err)
	}
	hwm := make(chan int64)
	stop := make(chan struct{})
	go func() { hwm <- watchPeakRSS(cmd.Process.Pid, stop) }()
	err := cmd.Wait()
	close(stop)
	m := measured{wall: time.Since(start), maxRSS: <-hwm}
	m.stdout, m.stderr = out.String(), errb.String()
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		m.timeout = true
		m.code = -1
	case errors.As(err, &exit):
		m.code = exit.ExitCode()
	case err != nil:
		t.Fatalf("running batch %v: %v", args, err)
	}
	return m
}

// watchPeakRSS polls the process's VmHWM (its resident high-water mark, in
// kB) until stop. The rusage of the reaped child is no use here: Linux
// carries ru_maxrss across execve, and Go starts children with vfork, so
// it reports the test binary's own peak whenever that is the larger. A
// rise in the last 5 ms of a run may be missed; the peaks this bounds
// last far longer.
func watchPeakRSS(pid int, stop <-chan struct{}) int64 {
	path := fmt.Sprintf("/proc/%d/status", pid)
	var peak int64
	for {
		if b, err := os.ReadFile(path); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
					n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
					peak = max(peak, n)
				}
			}
		}
		select {
		case <-stop:
			return peak
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// crashSigns are what a Go panic or a runtime fault prints.
var crashSigns = []string{"panic:", "goroutine ", "runtime error", "fatal error:", "SIGSEGV"}

// bigCorpus are the corpus files of a million rows, thousands of sheets
// or ten thousand columns: the exhaustive step runs them (testmode).
// sheets-5000.xlsx alone took 95 s of a loaded run, 435 s of another.
var bigCorpus = map[string]bool{"million-styled-rows.xlsx": true, "sheets-1000.xlsx": true, "sheets-5000.xlsx": true,
	"wide-10000-columns.csv": true}

func TestHostileCorpus(t *testing.T) {
	testmode.SkipShort(t, "the hostile corpus (it generates hundreds of MB)")
	cases := loadCorpus(t)
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			if bigCorpus[tc.file] {
				testmode.Require(t, "the small files of the same kinds (header-only, hidden-sheets, sheets-5000-one-with-vacancies, long-cell)")
			}
			if _, err := os.Lstat(filepath.Join(hostileDir, tc.file)); err != nil {
				testmode.Require(t, "the committed files here, and the generated ones in process (pkg/pipeline's TestRunOnHostileInputsLeavesNothingRunning)")
			}
			input := corpusPath(t, tc.file)
			// An earlier version's outputs, which a run migrates and a
			// failed run leaves as they are.
			out := filepath.Join(t.TempDir(), "out")
			previous := previousOutputs(t, out)
			tmp := t.TempDir()
			args := append([]string{"run", "-q", "--as-of", asOf, "-o", out}, tc.flags...)
			args = append(args, input)
			limit := time.Duration(tc.seconds) * time.Second
			got := runMeasured(t, limit*3/2+5*time.Second, []string{"TMPDIR=" + tmp}, args...)

			t.Logf("exit %d in %.2fs, max RSS %d MB; stderr: %s", got.code, got.wall.Seconds(), got.maxRSS/1024, strings.TrimSpace(got.stderr))
			if got.timeout {
				t.Fatalf("still running after %v (bound %v): killed", limit*3/2+5*time.Second, limit)
			}
			for _, s := range crashSigns {
				if strings.Contains(got.stderr, s) {
					t.Fatalf("the run crashed (%q on stderr):\n%s", s, got.stderr)
				}
			}
			if got.code != tc.exit {
				t.Errorf("exit %d, want %d", got.code, tc.exit)
			}
			// The file's own name must not satisfy a keyword ("folder.xlsx").
			assertSays(t, "stderr", strings.ReplaceAll(got.stderr, input, "INPUT"), tc.says)
			if base := filepath.Base(input); tc.exit == 1 && !strings.Contains(got.stderr, base) &&
				!strings.Contains(got.stderr, strings.Trim(strconv.Quote(base), `"`)) {
				t.Errorf("the message does not name the file %q: %s", base, got.stderr)
			}
			if base := filepath.Base(input); !printableName(base) && strings.Contains(got.stderr, base) {
				t.Errorf("the name %q reached standard error raw: its control characters act on the terminal", base)
			}
			assertNoControlBytes(t, "stdout", got.stdout)
			assertNoControlBytes(t, "stderr", got.stderr)
			if got.wall > limit {
				t.Errorf("took %.1fs, bound %v", got.wall.Seconds(), limit)
			}
			if rss := got.maxRSS / 1024; rss > int64(tc.rssMB) {
				t.Errorf("peak RSS %d MB, bound %d MB", rss, tc.rssMB)
			}
			if left, _ := os.ReadDir(tmp); len(left) > 0 {
				t.Errorf("the run left %d files in TMPDIR, e.g. %s", len(left), left[0].Name())
			}
			assertNoTemporaries(t, out)

			if got.code != 0 && got.code != 3 {
				// A failed run leaves the folder exactly as it was.
				entries, _ := os.ReadDir(out)
				for _, e := range entries {
					if _, ok := previous[e.Name()]; !ok {
						t.Errorf("a failed run left %s in the output folder", e.Name())
					}
				}
				for name, want := range previous {
					if b, err := os.ReadFile(filepath.Join(out, name)); err != nil || !bytes.Equal(b, want) {
						t.Errorf("a failed run changed the previous %s (%v)", name, err)
					}
				}
				return
			}
			acct := readAccounting(t, out)
			if acct.rows != acct.accepted+acct.rejected+acct.blank {
				t.Errorf("rows read %d ≠ accepted %d + rejected %d + blank %d", acct.rows, acct.accepted, acct.rejected, acct.blank)
			}
			want := accounting{tc.rows, tc.accepted, tc.rejected, tc.blank}
			if tc.rows >= 0 && acct != want {
				t.Errorf("rows/accepted/rejected/blank = %v, want %v", acct, want)
			}
			if n := csvDataRows(t, filepath.Join(out, "vacancies.csv")); n != acct.accepted {
				t.Errorf("vacancies.csv has %d rows, summary says %d accepted", n, acct.accepted)
			}
			if n := rejectedRows(t, filepath.Join(out, "errors.csv")); n != acct.rejected {
				t.Errorf("errors.csv names %d rows, summary says %d rejected", n, acct.rejected)
			}
			var all strings.Builder
			for _, f := range []string{"vacancies.csv", "conflicts.csv", "errors.csv", "summary.json"} {
				b, _ := os.ReadFile(filepath.Join(out, f))
				all.Write(b)
			}
			assertSays(t, "the outputs", all.String(), tc.outputs)
			assertSafeOutputs(t, out)
		})
	}
}

func assertSays(t *testing.T, what, text string, says [][]string) {
	t.Helper()
	lower := strings.ToLower(text)
	for _, alts := range says {
		found := false
		for _, a := range alts {
			if strings.Contains(lower, strings.ToLower(a)) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s lack %q", what, strings.Join(alts, `" or "`))
		}
	}
}

// assertNoControlBytes: what the tool prints must not drive the terminal
// of the person reading it (escape sequences, bells, carriage returns).
func assertNoControlBytes(t *testing.T, what, s string) {
	t.Helper()
	for i, r := range s {
		if r == '\n' || r == '\t' {
			continue
		}
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			t.Errorf("%s holds control character %U at byte %d: %q", what, r, i, s[max(0, i-20):min(len(s), i+20)])
			return
		}
	}
	if !utf8.ValidString(s) {
		t.Errorf("%s is not valid UTF-8", what)
	}
}

// assertNoTemporaries: nothing but the contract's outputs in the folder,
// and in its .batch only the lock, the current link and the set it names.
func assertNoTemporaries(t *testing.T, dir string) {
	t.Helper()
	for _, name := range leftovers(dir) {
		t.Errorf("stray temporary %s left in %s", name, dir)
	}
}

// leftovers lists what a run must not leave in an output folder.
func leftovers(dir string) []string {
	var out []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() == ".batch" {
			continue
		}
		if strings.HasPrefix(e.Name(), ".") || strings.Contains(e.Name(), "tmp") {
			out = append(out, e.Name())
		}
	}
	meta := filepath.Join(dir, ".batch")
	cur, _ := os.Readlink(filepath.Join(meta, "current"))
	if b, err := os.ReadFile(filepath.Join(meta, "current")); err == nil {
		cur, _, _ = strings.Cut(string(b), "\n") // without links: a file naming the set
	}
	inner, _ := os.ReadDir(meta)
	for _, e := range inner {
		switch e.Name() {
		case "lock", "current":
		case "runs":
			runs, _ := os.ReadDir(filepath.Join(meta, "runs"))
			for _, r := range runs {
				if "runs/"+r.Name() != cur {
					out = append(out, ".batch/runs/"+r.Name())
				}
			}
		default:
			out = append(out, ".batch/"+e.Name())
		}
	}
	return out
}

// printableName reports whether a name holds only characters a terminal
// prints as themselves (this test's own list: no C0 or C1 control, DEL,
// line or paragraph separator, direction or zero-width mark).
func printableName(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == '\u2028' || r == '\u2029' ||
			r >= '\u200b' && r <= '\u200f' || r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069' {
			return false
		}
	}
	return true
}

type accounting struct{ rows, accepted, rejected, blank int }

func (a accounting) String() string {
	return fmt.Sprintf("%d/%d/%d/%d", a.rows, a.accepted, a.rejected, a.blank)
}

// readAccounting sums summary.json's inputs, and checks them against its
// totals.
func readAccounting(t *testing.T, dir string) accounting {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatalf("no summary.json: %v", err)
	}
	var doc struct {
		Counts struct {
			Vacancies    int `json:"vacancies"`
			RejectedRows int `json:"rejected_rows"`
			BlankRows    int `json:"blank_rows"`
		} `json:"counts"`
		Inputs []struct {
			Path                            string
			Rows, Accepted, Rejected, Blank int
		} `json:"inputs"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("summary.json: %v", err)
	}
	var a accounting
	for _, in := range doc.Inputs {
		if in.Rows != in.Accepted+in.Rejected+in.Blank {
			t.Errorf("summary.json input %s: rows %d ≠ %d + %d + %d", in.Path, in.Rows, in.Accepted, in.Rejected, in.Blank)
		}
		a.rows += in.Rows
		a.accepted += in.Accepted
		a.rejected += in.Rejected
		a.blank += in.Blank
	}
	if doc.Counts.Vacancies != a.accepted || doc.Counts.RejectedRows != a.rejected || doc.Counts.BlankRows != a.blank {
		t.Errorf("summary.json counts %+v disagree with its inputs %v", doc.Counts, a)
	}
	return a
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(bufio.NewReader(f))
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return recs
}

func csvDataRows(t *testing.T, path string) int {
	t.Helper()
	return max(0, len(readCSV(t, path))-1)
}

// rejectedRows counts the distinct input rows errors.csv names.
func rejectedRows(t *testing.T, path string) int {
	t.Helper()
	recs := readCSV(t, path)
	if len(recs) == 0 {
		return 0
	}
	src, row := slices.Index(recs[0], "source"), slices.Index(recs[0], "row")
	if src < 0 || row < 0 {
		t.Fatalf("errors.csv header %v lacks source or row", recs[0])
	}
	msg := slices.Index(recs[0], "message")
	seen := map[string]bool{}
	twice := 0
	for _, r := range recs[1:] {
		switch {
		case r[row] == "":
			continue // a whole sheet's problem (a sheet not read), not a row's
		case strings.Contains(r[msg], "is used by more than one row"):
			twice++ // rows that share a number: each is a row of its own
			continue
		}
		seen[r[src]+"\x00"+r[row]] = true
	}
	return len(seen) + twice
}
