package mail

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"batch/internal/printable"
	"batch/internal/regularfile"
	"batch/pkg/export"
)

// The files of a part the mail step reads (CONTRACT.md, "Output").
const (
	digestText  = "digest.txt"
	digestHTML  = "digest.html"
	resultsName = "results.xlsx"
	icsName     = "deadlines.ics"
	summaryName = "summary.json"
	indexName   = "index.csv"
	splitPrefix = "by-"
)

// statewideFolder is the statewide part's folder in the ledger: the
// output folder itself.
const statewideFolder = "."

// part is what one message is made of: the statewide outputs, or one
// slice's folder.
type part struct {
	value   string // the split value; "" for the rows without one
	folder  string // "." or "by-county/Albany", as in the ledger
	dir     string // where its files are, in the committed set
	heading string // the digest's heading: the subject
	text    string // digest.txt
	html    string // digest.html, "" when the run wrote none
	files   []string
	failOn  *failOn // nil: summary.json has no fail_on block
}

func (p *part) statewide() bool { return p.folder == statewideFolder }

// name is the part in messages: "statewide", "Warren", "(none)".
func (p *part) name() string {
	switch {
	case p.statewide():
		return "statewide"
	case p.value == "":
		return noneValue
	}
	return p.value
}

// failOn is summary.json's fail_on block (CONTRACT.md, "Mail": written by
// the run for each part): the run's --fail-on levels and whether this part
// reached them.
type failOn struct {
	Levels  []string `json:"levels"`
	Reached bool     `json:"reached"`
	Because []string `json:"because"`
}

// readParts reads the statewide part and every slice listed in a
// by-*/index.csv of the committed set in dir, in that order (the slices
// as index.csv lists them, by folder).
func readParts(dir string) ([]*part, error) {
	state, err := readPart(dir, statewideFolder, "")
	if err != nil {
		return nil, err
	}
	parts := []*part{state}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), splitPrefix) {
			continue
		}
		rows, err := readIndex(filepath.Join(dir, e.Name(), indexName))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			p, err := readPart(filepath.Join(dir, e.Name(), r.folder), path.Join(e.Name(), r.folder), r.value)
			if err != nil {
				return nil, err
			}
			parts = append(parts, p)
		}
	}
	return parts, nil
}

type indexRow struct{ value, folder string }

// readIndex reads a split's index.csv: its value and folder columns (a
// column added later is let be).
func readIndex(p string) ([]indexRow, error) {
	b, err := readFile(p)
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", printable.Name(p), err)
	}
	vi, fi := slices.Index(header, "value"), slices.Index(header, "folder")
	if vi < 0 || fi < 0 {
		return nil, fmt.Errorf("%s has no value and folder columns: not the index batch writes", printable.Name(p))
	}
	var rows []indexRow
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", printable.Name(p), err)
		}
		if len(rec) <= max(vi, fi) {
			return nil, fmt.Errorf("%s: a row has too few cells", printable.Name(p))
		}
		// index.csv guards its texts as every CSV output does: a value a
		// spreadsheet could run carries an apostrophe in front.
		value := unguard(rec[vi])
		folder := rec[fi]
		if !filepath.IsLocal(folder) || strings.ContainsAny(folder, `/\`) || folder != filepath.Clean(folder) {
			return nil, fmt.Errorf("%s lists the folder %q, which is not one of its own", printable.Name(p), printable.Name(folder))
		}
		rows = append(rows, indexRow{value: value, folder: folder})
	}
}

// unguard takes off the apostrophe the CSV outputs put in front of a
// text a spreadsheet could run as a formula: s is what export's guard
// makes of the text without it.
func unguard(s string) string {
	if rest, ok := strings.CutPrefix(s, "'"); ok && export.GuardText(rest) == s {
		return rest
	}
	return s
}

// readPart reads one part's files.
func readPart(dir, folder, value string) (*part, error) {
	p := &part{value: value, folder: folder, dir: dir}
	b, err := readFile(filepath.Join(dir, digestText))
	if errors.Is(err, fs.ErrNotExist) {
		where := "the output folder"
		if folder != statewideFolder {
			where = folder
		}
		return nil, fmt.Errorf("%s has no %s, the mail's body: the run was made without the digest (batch run --format …,digest; run --mail adds it)", where, digestText)
	}
	if err != nil {
		return nil, err
	}
	p.text = string(b)
	p.heading = heading(p.text)
	if b, err := readFile(filepath.Join(dir, digestHTML)); err == nil {
		p.html = string(b)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	for _, name := range []string{resultsName, icsName} {
		fi, err := os.Lstat(filepath.Join(dir, name))
		if err == nil && fi.Mode().IsRegular() {
			p.files = append(p.files, name)
		}
	}
	if b, err := readFile(filepath.Join(dir, summaryName)); err == nil {
		var doc struct {
			FailOn *failOn `json:"fail_on"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			return nil, fmt.Errorf("%s: %v", printable.Name(filepath.Join(folder, summaryName)), err)
		}
		p.failOn = doc.FailOn
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return p, nil
}

// heading is the digest's heading, the subject: the lines before the
// first line made only of "=", joined by single spaces (a long heading
// the digest wraps is still one subject). A digest without such a line
// gives its first line.
func heading(text string) string {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	end := -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t != "" && strings.Trim(t, "=") == "" {
			end = i
			break
		}
	}
	if end < 0 {
		end = min(1, len(lines))
	}
	var kept []string
	for _, l := range lines[:end] {
		if l = strings.TrimSpace(l); l != "" {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, " ")
}

// maxPartFile bounds a digest, summary or index read into memory.
const maxPartFile = 256 << 20

// readFile reads a file of the committed set; a link or anything but a
// regular file is refused.
func readFile(p string) ([]byte, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a plain file: not one batch wrote", printable.Name(p))
	}
	return readLimited(p, maxPartFile)
}

// readLimited reads a regular file of at most limit bytes.
func readLimited(p string, limit int64) ([]byte, error) {
	f, err := regularfile.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", printable.Name(p), err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s is more than %d MB", printable.Name(p), limit>>20)
	}
	return b, nil
}
