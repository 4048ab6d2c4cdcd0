// Package firsterr keeps the first error of a goroutine that writes for
// another, which reads it when it next hands work over.
//
// It is asked once a row: the usual answer, none, takes no lock.
package firsterr

import (
	"sync"
	"sync/atomic"
)

// Err is the first error set; the zero value holds none.
type Err struct {
	mu  sync.Mutex
	set atomic.Bool
	err error
}

// Failed is the first error set, nil before one.
func (f *Err) Failed() error {
	if !f.set.Load() {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// Set keeps err unless an error was set before.
func (f *Err) Set(err error) {
	f.mu.Lock()
	if f.err == nil {
		f.err = err
		f.set.Store(true)
	}
	f.mu.Unlock()
}
