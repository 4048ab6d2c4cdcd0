// Command batch computes New York vacancy elections and deadlines in bulk.
// See README.md; `batch help` lists the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
)

// Exit statuses of CONTRACT.md.
const (
	exitOK        = 0
	exitFailed    = 1
	exitUsage     = 2
	exitThreshold = 3
	exitMail      = 4 // outputs complete, a message not delivered: outranks 3
	exitInterrupt = 130
)

func main() {
	setMemoryLimit()
	ctx, err := runStoppable(newApp(os.Stdin, os.Stdout, os.Stderr), os.Args)
	// The exit message is one of this run's lines for the failure notice.
	code := exitCode(ctx, err, io.MultiWriter(os.Stderr, thisRun))
	notifyFailure(code, terminalSafe{os.Stderr})
	os.Exit(code)
}

// exitCode is the one place an error becomes an exit status. Messages go
// to standard error (w) through terminalSafe: a name from the inputs
// cannot drive the terminal that shows them.
func exitCode(ctx context.Context, err error, w io.Writer) int {
	stderr := terminalSafe{w}
	var usage usageError
	var threshold thresholdError
	var undelivered undeliveredError
	switch {
	case err == nil:
		return exitOK
	case ctx.Err() != nil || errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "batch: interrupted; outputs left as they were")
		return exitInterrupt
	case errors.As(err, &usage):
		fmt.Fprintf(stderr, "batch: %s\nRun 'batch help' for usage.\n", userMessage(err))
		return exitUsage
	case errors.As(err, &undelivered):
		if errors.As(undelivered.also, &threshold) {
			fmt.Fprintf(stderr, "batch: %s\n", userMessage(threshold))
		}
		fmt.Fprintln(stderr, userMessage(undelivered))
		return exitMail
	case errors.As(err, &threshold):
		fmt.Fprintf(stderr, "batch: %s\n", userMessage(err))
		return exitThreshold
	default:
		fmt.Fprintf(stderr, "batch: %s\n", userMessage(err))
		return exitFailed
	}
}

// packagePrefix is a Go package's name heading an error ("ingest: ",
// "export: "), as the packages below main write them (the Go convention): useful
// in a test's failure, noise to an analyst. It matches at the start of a
// line and after another message's colon or an opening parenthesis,
// where wrapping puts it, never inside a quoted value or a file name
// ("county.csv: " stays).
var packagePrefix = regexp.MustCompile(`(^|\n|: |\()(?:ingest|pipeline|export|outdir|extsort|compute|nylaw|synth|zip|flate|xml|excelize): `)

// userMessage is err as the person at the terminal or reading cron's mail
// sees it: without package prefixes.
func userMessage(err error) string {
	msg := err.Error()
	for { // "pipeline: ingest: …": one prefix may follow another
		next := packagePrefix.ReplaceAllString(msg, "$1")
		if next == msg {
			return msg
		}
		msg = next
	}
}
