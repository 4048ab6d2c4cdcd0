package ingest

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"runtime"
	"testing"
	"testing/iotest"
	"time"
)

// aheadData is a few blocks and a part of one of bytes that do not repeat
// at the block size, so that a block out of order or twice would show.
func aheadData() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 3*aheadBlockSize+12345)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func TestReadAheadReadsWhatItsSourceHolds(t *testing.T) {
	data := aheadData()
	ra := newReadAhead(iotest.HalfReader(bytes.NewReader(data)))
	defer ra.Close()
	if err := iotest.TestReader(ra, data); err != nil {
		t.Fatal(err)
	}
}

func TestReadAheadEndsWithItsSourcesError(t *testing.T) {
	data := aheadData()
	for _, want := range []error{io.ErrUnexpectedEOF, errors.New("zip: checksum error")} {
		src := io.MultiReader(bytes.NewReader(data), iotest.ErrReader(want))
		ra := newReadAhead(src)
		got, err := io.ReadAll(ra)
		ra.Close()
		if !errors.Is(err, want) {
			t.Errorf("error %v, want %v", err, want)
		}
		if !bytes.Equal(got, data) {
			t.Errorf("read %d bytes before the error, want the source's %d", len(got), len(data))
		}
	}
	// An empty source ends at once.
	ra := newReadAhead(bytes.NewReader(nil))
	defer ra.Close()
	if n, err := ra.Read(make([]byte, 10)); n != 0 || err != io.EOF {
		t.Errorf("empty source: %d, %v; want 0, EOF", n, err)
	}
}

// A reader that stops early (a damaged part found half-way) closes it
// and nothing keeps reading the source.
func TestReadAheadStopsWhenClosed(t *testing.T) {
	before := runtime.NumGoroutine()
	for range 20 {
		ra := newReadAhead(endless{})
		if _, err := ra.Read(make([]byte, 100)); err != nil {
			t.Fatal(err)
		}
		ra.Close()
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after closing, %d before", n, before)
	}
}

type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}
