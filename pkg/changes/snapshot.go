package changes

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzip"
	"golang.org/x/mod/semver"

	"batch/internal/regularfile"
)

// SnapshotName is the snapshot's file name in an output folder.
const SnapshotName = "snapshot.jsonl.gz"

// The snapshot format. FormatVersion grows when a reader of the old
// version could misread the new one; a reader refuses versions above its
// own.
const (
	FormatName    = "batch-snapshot"
	FormatVersion = 1
)

// Header is the snapshot's first line: what the run was.
type Header struct {
	Format        string   `json:"format"`
	FormatVersion int      `json:"format_version"`
	ToolVersion   string   `json:"tool_version"`
	AsOf          string   `json:"as_of"`
	Editions      []string `json:"editions"`      // the law editions the rows used, sorted
	RulesVersion  string   `json:"rules_version"` // a fingerprint of the rule table applied
	Calendar      string   `json:"calendar"`      // a fingerprint of the calendar overrides; "" for none
	Inputs        []Input  `json:"inputs"`
	Fields        []string `json:"input_fields"` // what each record's "in" holds
	// ClassDerivation: the records say which office_class was derived
	// from the office name (Record.ClassDerived); a snapshot of an earlier
	// version does not, and its derived classes look given.
	ClassDerivation bool `json:"class_derivation,omitempty"`
	Rows            int  `json:"rows"` // records that follow
}

// Input is one input file of the run.
type Input struct {
	Name   string `json:"name"` // base name, as in the source column
	SHA256 string `json:"sha256"`
	Rows   int    `json:"rows"`
}

// trailer is the last line: a snapshot cut anywhere before it is
// truncated, whatever gzip says.
type trailer struct {
	Records int `json:"records"`
}

// line is any line of the file, read into one value.
type line struct {
	Record
	End *trailer `json:"end,omitempty"`
}

// snapshotWriter writes a snapshot: header, records in key order, trailer.
type snapshotWriter struct {
	gz   *gzip.Writer
	gb   *gzipBeside // compresses beside the merge
	buf  *bufio.Writer
	enc  *json.Encoder
	line []byte
	n    int
}

func newSnapshotWriter(w io.Writer, h Header) (*snapshotWriter, error) {
	gz, err := gzipWriter(w)
	if err != nil {
		return nil, err
	}
	gb := newGzipBeside(gz)
	buf := bufio.NewWriterSize(gb, 1<<16)
	s := &snapshotWriter{gz: gz, gb: gb, buf: buf, enc: json.NewEncoder(buf)}
	s.enc.SetEscapeHTML(false)
	if err := s.enc.Encode(h); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *snapshotWriter) record(r *Record) error {
	s.n++
	s.line = appendRecordJSON(s.line[:0], r)
	_, err := s.buf.Write(s.line)
	return err
}

// raw writes a record's line as appendRecordJSON wrote it.
func (s *snapshotWriter) raw(line []byte) error {
	s.n++
	_, err := s.buf.Write(line)
	return err
}

func (s *snapshotWriter) close() error {
	if _, err := s.buf.WriteString(`{"end":{"records":` + strconv.Itoa(s.n) + "}}\n"); err != nil {
		return err
	}
	if err := s.buf.Flush(); err != nil {
		return err
	}
	if err := s.gb.close(); err != nil {
		return err
	}
	err := s.gz.Close()
	if err == nil {
		idleGzip.Put(s.gz)
		s.gz = nil
	}
	return err
}

// idleGzip keeps gzip writers done with for the next snapshot: a split
// run writes one per folder, and each new writer allocates its
// compression tables again.
var idleGzip sync.Pool

// gzipWriter is a gzip writer at BestSpeed onto w, reused when one is idle.
func gzipWriter(w io.Writer) (*gzip.Writer, error) {
	if gz, ok := idleGzip.Get().(*gzip.Writer); ok {
		gz.Reset(w)
		return gz, nil
	}
	return gzip.NewWriterLevel(w, gzip.BestSpeed)
}

// abort lets the compressing goroutine end, when close was not reached.
func (s *snapshotWriter) abort() { _ = s.gb.close() }

// Baseline is an opened previous snapshot whose header passed the checks;
// its records are read, and checked, as the comparison goes.
type Baseline struct {
	Path   string
	Header Header
	f      *os.File
	gz     *gzip.Reader
	r      *bufio.Reader
	text   []byte // the current line, when longer than the reader's buffer
	parser recordParser
	line   int    // lines read, the header included
	n      int    // records read
	most   int    // records it may hold: its inputs' rows, at most MaxBaselineRecords
	last   string // the previous record's key
	done   bool
	fields []int    // for each of InputFields, its position in the baseline's records; -1 when absent
	same   bool     // fields is InputFields' own order: nothing to project
	was    []string // project's copy of a record's fields as read
}

// Skip says why a comparison did not happen. It is not an error of the
// run: the run completes and says so.
type Skip struct {
	Reason string // a sentence for the log, the digest and summary.json
	First  bool   // nothing to compare with yet (no snapshot in the folder): not a fault
}

func (s *Skip) Error() string { return s.Reason }

// Resolve finds the snapshot PREV names: a snapshot file, or an output
// folder holding one. "auto" is the output folder's own.
func Resolve(prev, outDir string) string {
	if prev == "auto" {
		return filepath.Join(outDir, SnapshotName)
	}
	if st, err := os.Stat(prev); err == nil && st.IsDir() {
		return filepath.Join(prev, SnapshotName)
	}
	return prev
}

// Open opens the snapshot at path and checks its header against this
// run's. A *Skip error says why it cannot be compared (First when auto
// found none); any other error is not possible.
func Open(path string, cur Header, auto bool) (*Baseline, *Skip) {
	f, err := regularfile.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			if auto {
				return nil, &Skip{First: true, Reason: "first run: no earlier snapshot in " + filepath.Dir(path) + ", nothing to compare"}
			}
			return nil, &Skip{Reason: "baseline " + path + " not found: comparison skipped"}
		}
		return nil, &Skip{Reason: fmt.Sprintf("baseline %s cannot be read (%v): comparison skipped", path, err)}
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, &Skip{Reason: "baseline " + path + " is a folder without " + SnapshotName + ": comparison skipped"}
	}
	if st, err := f.Stat(); err == nil && st.Size() == 0 {
		f.Close()
		return nil, &Skip{Reason: "baseline " + path + ": not a batch snapshot (an empty file); comparison skipped"}
	}
	b := &Baseline{Path: path, f: f}
	if s := b.open(cur); s != nil {
		f.Close()
		return nil, s
	}
	return b, nil
}

func (b *Baseline) skip(format string, a ...any) *Skip {
	return &Skip{Reason: "baseline " + b.Path + ": " + fmt.Sprintf(format, a...) + "; comparison skipped"}
}

func (b *Baseline) open(cur Header) *Skip {
	br := bufio.NewReaderSize(b.f, 1<<16)
	magic, _ := br.Peek(2)
	if !bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		return b.skip("not a batch snapshot (not gzip-compressed)")
	}
	gz, err := gzip.NewReader(br)
	if err != nil {
		return b.skip("not a batch snapshot (%v)", err)
	}
	gz.Multistream(false)
	b.gz = gz
	b.r = bufio.NewReaderSize(gz, 1<<16)
	first, err := b.readLine()
	if err != nil && len(first) == 0 {
		return b.skip("not a batch snapshot (%s)", short(err))
	}
	var h Header
	if err := json.Unmarshal(first, &h); err != nil {
		return b.skip("not a batch snapshot (its first line is not a snapshot header: %s)", short(err))
	}
	b.line = 1
	if h.Format != FormatName {
		return b.skip("not a batch snapshot (format %q)", h.Format)
	}
	if h.FormatVersion > FormatVersion {
		return b.skip("written in snapshot format %d by batch %s; this batch (%s) reads format %d and older: upgrade it, or compare with an older folder",
			h.FormatVersion, h.ToolVersion, cur.ToolVersion, FormatVersion)
	}
	if h.FormatVersion < 1 {
		return b.skip("snapshot format %d is not one batch ever wrote", h.FormatVersion)
	}
	if newer(h.ToolVersion, cur.ToolVersion) {
		return b.skip("written by batch %s, newer than this batch %s: upgrade, or compare with an older folder", h.ToolVersion, cur.ToolVersion)
	}
	// Another set of input files is no reason to skip: rows match by
	// vacancy whatever file they come from, and the files that came, went
	// or were renamed are changes of their own (inputs.go). A baseline
	// that shares no vacancy with this run is skipped once the merge has
	// shown it (Finish).
	b.most = 0
	for _, in := range h.Inputs {
		b.most += max(in.Rows, 0)
		if b.most > MaxBaselineRecords || in.Rows > MaxBaselineRecords {
			b.most = MaxBaselineRecords
			break
		}
	}
	if h.Rows > b.most {
		return b.skip("corrupt: its header announces %d records, more than %s", h.Rows, b.bound())
	}
	b.Header = h
	b.fields = make([]int, len(InputFields))
	b.same = len(h.Fields) == len(InputFields)
	for i, name := range InputFields {
		b.fields[i] = slices.Index(h.Fields, name)
		b.same = b.same && b.fields[i] == i
	}
	return nil
}

// newer reports whether version a is a later release than b; versions
// that are not semantic versions ("dev") are never compared.
func newer(a, b string) bool {
	a, b = vprefix(a), vprefix(b)
	return semver.IsValid(a) && semver.IsValid(b) && semver.Compare(a, b) > 0
}

// vprefix is the version's first word ("v1.2.0 (commit abc…)" → "v1.2.0"),
// with the "v" semver wants.
func vprefix(v string) string {
	if f := strings.Fields(v); len(f) > 0 {
		v = f[0]
	}
	if v != "" && v[0] != 'v' {
		return "v" + v
	}
	return v
}

func inputNames(in []Input) []string {
	names := make([]string, len(in))
	for i, x := range in {
		names[i] = x.Name
	}
	slices.Sort(names)
	return names
}

// readLine reads one line, its newline included; io.EOF when none is
// left. A line with no newline at the end is returned with io.EOF.
func (b *Baseline) readLine() ([]byte, error) {
	l, err := b.r.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return l, err
	}
	b.text = append(b.text[:0], l...)
	for err == bufio.ErrBufferFull {
		if len(b.text) > 64<<20 {
			return nil, errors.New("a line longer than 64 MB")
		}
		l, err = b.r.ReadSlice('\n')
		b.text = append(b.text, l...)
	}
	return b.text, err
}

// next reads the next record into r; false at the end. A damaged file is
// a *Skip error: the caller drops what it compared so far.
func (b *Baseline) next(r *Record) (bool, error) {
	if b.done {
		return false, nil
	}
	text, err := b.readLine()
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return false, b.skip("truncated after %d records", b.n)
	case err == io.EOF && len(text) == 0:
		return false, b.skip("truncated: it ends after %d records without its closing line", b.n)
	case err == io.EOF:
		return false, b.skip("truncated in line %d", b.line+1)
	case err != nil:
		return false, b.skip("corrupt at line %d (%s)", b.line+1, short(err))
	}
	b.line++
	if bytes.HasPrefix(text, []byte(`{"end":`)) {
		var l line
		if err := json.Unmarshal(text, &l); err != nil || l.End == nil {
			return false, b.skip("corrupt at line %d (a damaged closing line)", b.line)
		}
		b.done = true
		if l.End.Records != b.n {
			return false, b.skip("corrupt: its closing line counts %d records, %d were read", l.End.Records, b.n)
		}
		if b.Header.Rows != b.n {
			return false, b.skip("corrupt: its header announces %d records, %d were read", b.Header.Rows, b.n)
		}
		// Whatever follows the closing line, gzip's own checksum included, must be sound.
		rest, err := io.Copy(io.Discard, b.r)
		if err != nil {
			return false, b.skip("corrupt after its last record (%s)", short(err))
		}
		if rest > 0 {
			return false, b.skip("corrupt: %d bytes after its closing line", rest)
		}
		return false, nil
	}
	if err := b.parser.parseRecordLine(text, r); err != nil {
		return false, b.skip("corrupt at line %d (%s)", b.line, short(err))
	}
	if r.Key == "" || len(r.In) == 0 {
		return false, b.skip("corrupt at line %d (a record without its key or inputs)", b.line)
	}
	if r.Key < b.last {
		return false, b.skip("corrupt at line %d (records out of order)", b.line)
	}
	b.last = r.Key
	b.n++
	if b.n > b.most {
		return false, b.skip("corrupt at line %d: more records than %s", b.line, b.bound())
	}
	r.In = b.project(r.In)
	return true, nil
}

// project puts the baseline's input fields in this version's order, in
// in's own array (a record's arrays are reused: prefetch).
func (b *Baseline) project(in []string) []string {
	if b.same && len(in) == len(InputFields) {
		return in
	}
	b.was = append(b.was[:0], in...)
	out := slices.Grow(in[:0], len(InputFields))[:len(InputFields)]
	for i, j := range b.fields {
		out[i] = ""
		if j >= 0 && j < len(b.was) {
			out[i] = b.was[j]
		}
	}
	clear(b.was) // let go of the strings
	return out
}

// MaxBaselineRecords bounds the records a baseline may hold, whatever its
// header says: sixteen times the rows of an Excel worksheet. A run writes
// a record for each data row of its inputs that is not blank, so a
// baseline holds at most its inputs' rows; one that holds more is not
// what a run wrote.
const MaxBaselineRecords = 16 << 20

// bound says what the records of the baseline may not pass.
func (b *Baseline) bound() string {
	if b.most == MaxBaselineRecords {
		return fmt.Sprintf("the %d a baseline may hold", MaxBaselineRecords)
	}
	return fmt.Sprintf("the %d data rows of its inputs", b.most)
}

// Close releases the file.
func (b *Baseline) Close() {
	if b != nil && b.f != nil {
		b.f.Close()
		b.f = nil
	}
}

func short(err error) string {
	s := err.Error()
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}
