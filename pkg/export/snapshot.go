package export

import (
	"bufio"
	"fmt"
	"io"
	"time"

	"batch/pkg/changes"
	"batch/pkg/outdir"
)

// snapshotName is the snapshot every set holds, whatever its formats: the
// next run compares with it (pkg/changes).
const snapshotName = changes.SnapshotName

// snapshot is the set's snapshot.jsonl.gz: the pipeline writes it through
// Writer.Snapshot, the Writer closes it when it finishes.
type snapshot struct {
	file *outdir.File
	buf  *bufio.Writer
	wait func() (time.Duration, error) // SnapshotBeside
}

// Snapshot opens the run's snapshot file (snapshot.jsonl.gz); it is put in
// place with the other outputs, in the same commit, or not at all.
func (w *Writer) Snapshot() (io.Writer, error) {
	if err := w.usable(); err != nil {
		return nil, err
	}
	s := &w.snap
	if s.file == nil {
		f, err := w.set.Create(snapshotName)
		if err != nil {
			return nil, w.fail(err)
		}
		s.file = f
		// A split folder's snapshot is a small part of the run's: a
		// buffer of 1 MB for each folder would be allocated and zeroed
		// for little.
		size := 1 << 20
		if w.opts.slice != nil {
			size = 64 << 10
		}
		s.buf = bufio.NewWriterSize(f.Out(), size)
	}
	return s.buf, nil
}

// SnapshotBeside says that Snapshot's writer is being written by another
// goroutine (changes.Comparer.Finish, with the outcome SetChanges was
// given known beforehand: Comparer.Plain) while the Writer finishes:
// Finish closes the snapshot's file only once wait returns, after the
// workbook is saved, and counts what it waited in summary.json's
// "compare" phase. wait's error fails the Writer. Otherwise the merge of
// the snapshot's records, on one CPU, would come after the rows were
// written and before the workbook's finishing could start.
func (w *Writer) SnapshotBeside(wait func() error) {
	w.snap.wait = func() (time.Duration, error) {
		start := time.Now()
		err := wait()
		return time.Since(start), err
	}
}

// SetChanges hands over the comparison with the earlier run, before
// Commit: the sinks' Finish reads it (Facts.Changes). The Changes sheet
// (second in results.xlsx) and changes.csv hold it when Options.Changes is
// set, the digest with the digest format, and summary.json counts it.
func (w *Writer) SetChanges(o *changes.Outcome) { w.changes = o }

// await waits for the snapshot written beside (once).
func (s *snapshot) await() (time.Duration, error) {
	if s == nil || s.wait == nil {
		return 0, nil
	}
	wait := s.wait
	s.wait = nil
	return wait()
}

// finish closes the snapshot's file, once it is written.
func (s *snapshot) finish() error {
	if _, err := s.await(); err != nil {
		return err
	}
	if s.file == nil || s.buf == nil {
		return nil
	}
	if err := s.buf.Flush(); err != nil {
		return fmt.Errorf("export: write %s: %w", snapshotName, err)
	}
	s.buf = nil
	return s.file.Finish()
}

// remove drops the snapshot's file (Abort).
func (s *snapshot) remove() {
	if s.file != nil {
		s.file.Remove()
	}
}
