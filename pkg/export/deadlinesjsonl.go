package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"

	"batch/pkg/compute"
	"batch/pkg/outdir"
)

// JSONL is the format that writes deadlines.jsonl: the Deadlines table
// for scripts, one JSON object a line.
const JSONL = "jsonl"

const deadlinesJSONLName = "deadlines.jsonl"

// deadlinesJSONLOutput is deadlines.jsonl (format jsonl). It stays
// statewide, as deadlines.csv does.
var deadlinesJSONLOutput = output{files: []string{deadlinesJSONLName}, slice: statewide, finish: 1, open: openDeadlinesJSONL}

// deadlinesJSONL writes one JSON object per deadline row, in input order
// (deadlines.csv's): the contract's deadline columns as keys, in their
// order, each value the text deadlines.csv holds (ISO dates, yes and no,
// "" for a blank cell), without the apostrophe that guards a spreadsheet
// (JSON is read by scripts, which no formula fools). A jq filter reads it
// as it comes: jq 'select(.status == "open")' deadlines.jsonl.
type deadlinesJSONL struct {
	*part
	file *outdir.File
	buf  *bufio.Writer
	line []byte
	keys [][]byte // each column's name as a JSON string, then ':'
	esc  bytes.Buffer
	enc  *json.Encoder
}

func openDeadlinesJSONL(p *part) (Sink, error) {
	f, err := p.create(deadlinesJSONLName)
	if err != nil {
		return nil, err
	}
	w := &deadlinesJSONL{part: p, file: f, buf: bufio.NewWriterSize(f.Out(), 256<<10)}
	w.enc = json.NewEncoder(&w.esc)
	w.enc.SetEscapeHTML(false)
	for _, c := range deadlineColumns {
		w.keys = append(w.keys, append(w.appendString(nil, c), ':'))
	}
	return w, nil
}

// Vacancy writes the vacancy's deadline rows, one object a line.
func (w *deadlinesJSONL) Vacancy(v *Rows) error {
	if !v.Deadlines {
		return nil
	}
	for i := range v.Result.Deadlines {
		b := append(w.line[:0], '{')
		for j, cell := range v.deadline(i) {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, w.keys[j]...)
			b = w.appendString(b, unguarded(cell))
		}
		w.line = append(b, '}', '\n')
		if _, err := w.buf.Write(w.line); err != nil {
			return fmt.Errorf("export: write %s: %w", deadlinesJSONLName, err)
		}
	}
	return nil
}

// appendString appends s as a JSON string: as it stands when it is plain
// printable ASCII without a quote or a backslash, the deadline rows'
// codes, dates and citations, else as encoding/json writes it
// (FuzzJSONLString holds the two together).
func (w *deadlinesJSONL) appendString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			w.esc.Reset()
			_ = w.enc.Encode(s) // a string always encodes
			return append(dst, bytes.TrimSuffix(w.esc.Bytes(), []byte("\n"))...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// unguarded is the cell as deadlines.csv holds it, without the guard's
// apostrophe.
func unguarded(v value) string {
	if v.quoted {
		return v.text[1:]
	}
	return v.csv()
}

// Problem: a rejected row has no deadlines.
func (w *deadlinesJSONL) Problem(*compute.Problem, bool) error { return nil }

// Finish hands the last lines to the file, synced beside the run.
func (w *deadlinesJSONL) Finish(*Facts) error {
	if err := w.buf.Flush(); err != nil {
		return fmt.Errorf("export: write %s: %w", deadlinesJSONLName, err)
	}
	w.file.FinishBeside(&w.syncs)
	return nil
}

// Abort removes deadlines.jsonl.
func (w *deadlinesJSONL) Abort() {
	_ = w.syncs.Wait()
	w.file.Remove()
}
