// Command batch computes New York vacancy elections and deadlines in bulk.
// See README.md; `batch help` lists the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// Exit statuses of CONTRACT.md.
const (
	exitOK        = 0
	exitFailed    = 1
	exitUsage     = 2
	exitThreshold = 3
	exitInterrupt = 130
)

func main() {
	setMemoryLimit()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newApp(os.Stdin, os.Stdout, os.Stderr).RunContext(ctx, os.Args)
	code := exitCode(ctx, err)
	stop()
	os.Exit(code)
}

// exitCode is the one place an error becomes an exit status. Messages go
// to standard error through terminalSafe: a name from the inputs cannot
// drive the terminal that shows them.
func exitCode(ctx context.Context, err error) int {
	stderr := terminalSafe{os.Stderr}
	var usage usageError
	var threshold thresholdError
	switch {
	case err == nil:
		return exitOK
	case ctx.Err() != nil || errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "batch: interrupted; outputs left as they were")
		return exitInterrupt
	case errors.As(err, &usage):
		fmt.Fprintf(stderr, "batch: %v\nRun 'batch help' for usage.\n", err)
		return exitUsage
	case errors.As(err, &threshold):
		fmt.Fprintf(stderr, "batch: %v\n", err)
		return exitThreshold
	default:
		fmt.Fprintf(stderr, "batch: %v\n", err)
		return exitFailed
	}
}
