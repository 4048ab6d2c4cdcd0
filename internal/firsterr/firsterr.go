// Package firsterr keeps the first error of a goroutine that writes for
// another, which reads it when it next hands work over.
package firsterr

import "sync/atomic"

// Err is the first error set; the zero value holds none. It is asked
// once a row, without a lock.
type Err struct{ p atomic.Pointer[error] }

// Failed is the first error set, nil before one.
func (f *Err) Failed() error {
	if p := f.p.Load(); p != nil {
		return *p
	}
	return nil
}

// Set keeps err unless an error was set before; nil sets nothing.
func (f *Err) Set(err error) {
	if err != nil {
		f.p.CompareAndSwap(nil, &err)
	}
}
