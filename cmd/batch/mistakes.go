package main

import (
	"errors"

	"batch/pkg/pipeline"
)

// The command line's own mistakes, as a new analyst makes them (issue
// 35): each is wrong usage, exit 2, with what to type instead.

// usageOf is err, as main sees it: a command line the pipeline refused
// as given (standard input twice) is wrong usage.
func usageOf(err error) error {
	var pu pipeline.UsageError
	if errors.As(err, &pu) {
		return usageError{err}
	}
	return err
}
