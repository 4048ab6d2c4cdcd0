package changes

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// A baseline of many records of one seat, whose header claims as many
// input rows, is compared in bounded memory (issue 27: 600,000 records
// of one seat, 0.6 MB compressed, took 481 MB): the seat's unmatched
// records are held at most maxSeatPending at a time.
func TestOneSeatsUnmatchedRecordsAreBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("200,000 records")
	}
	const n = 200000
	h := headerLine(func(h *Header) { h.Inputs, h.Rows = []Input{{Name: "in.csv", SHA256: "aa", Rows: n}}, n })
	var text bytes.Buffer
	w := gzip.NewWriter(&text)
	io.WriteString(w, h)
	for i := range n {
		fmt.Fprintf(w, `{"k":"s\u0000town clerk||erie\u0000%07d","src":"in.csv:%d","in":["Town Clerk","other","","Erie","","death","2026-09-11","","","","","","",""],"vd":"2026-09-11","m":"general_election","e":"2027-11-02","law":"E4"}`+"\n", i, i+2)
	}
	fmt.Fprintf(w, `{"end":{"records":%d}}`+"\n", n)
	w.Close()
	path := filepath.Join(t.TempDir(), SnapshotName)
	if err := os.WriteFile(path, text.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	hd := header("1.0.0")
	hd.Inputs = []Input{{Name: "in.csv", SHA256: "aa", Rows: n}}
	c := New(Options{Header: hd, AsOf: d(2026, 12, 1), TempDir: t.TempDir()})
	b, skip := Open(path, c.opts.Header, false)
	if skip != nil {
		t.Fatal(skip)
	}
	defer b.Close()

	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
		}
	}()
	o, err := c.Finish(io.Discard, b, nil)
	close(stop)
	<-done
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	if o.Status != Compared || o.Counts[VacancyRemoved] != n {
		t.Fatalf("status %s (%s), counts %v; want compared and %d rows gone", o.Status, o.Reason, o.Counts, n)
	}
	if grew := int64(peak.Load()) - int64(base.HeapAlloc); grew > 48<<20 {
		t.Errorf("the heap grew by %d MB comparing %d records of one seat, want at most 48 MB", grew>>20, n)
	}
}
