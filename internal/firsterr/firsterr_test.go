package firsterr

import (
	"errors"
	"sync"
	"testing"
)

func TestTheFirstErrorStays(t *testing.T) {
	var f Err
	if f.Failed() != nil {
		t.Fatal("a new Err holds an error")
	}
	f.Set(nil)
	first, second := errors.New("disk full"), errors.New("later")
	f.Set(first)
	f.Set(second)
	if got := f.Failed(); got != first {
		t.Errorf("Failed() = %v, want the first error set", got)
	}
}

// Many writers at once: exactly one of their errors is kept, and every
// reader sees that one (go test -race checks the accesses).
func TestOneErrorOfManyWriters(t *testing.T) {
	var f Err
	errs := make([]error, 8)
	var wg sync.WaitGroup
	for i := range errs {
		errs[i] = errors.New("writer")
		wg.Go(func() { f.Set(errs[i]); _ = f.Failed() })
	}
	wg.Wait()
	got := f.Failed()
	n := 0
	for _, e := range errs {
		if got == e {
			n++
		}
	}
	if n != 1 {
		t.Errorf("Failed() = %v, not one of the writers' errors", got)
	}
}
