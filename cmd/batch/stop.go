package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"batch/pkg/pipeline"
)

// stopGrace is how long a run has, after the first SIGINT or SIGTERM, to
// stop by itself (its context is cancelled: it removes its staging folder
// and lets the lock go) before it is left behind.
const stopGrace = 2 * time.Second

// runStoppable runs the command line so that every run can be stopped.
// The first signal cancels the run's context; a run that does not return
// within stopGrace (a read blocked on an idle pipe, which no context
// reaches), or a second signal, is abandoned: pipeline.Abandon removes its
// staging folder and keeps any commit still to come from switching it
// in, and the process exits 130; the folder's lock goes with the process.
// ctx is done whenever the run was interrupted.
func runStoppable(app *cli.App, args []string) (context.Context, error) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	done := make(chan error, 1)
	go func() { done <- runLine(ctx, app, args) }()
	select {
	case err := <-done:
		cancel()
		return context.Background(), err
	case <-sigs:
		cancel()
	}
	grace := time.NewTimer(stopGrace)
	defer grace.Stop()
	select {
	case err := <-done:
		return ctx, err
	case <-sigs:
	case <-grace.C:
	}
	pipeline.Abandon()
	return ctx, errors.Join(context.Canceled, errAbandoned)
}

// errAbandoned: the run did not stop by itself in time.
var errAbandoned = errors.New("batch: the run did not stop by itself; its staging folder was removed")
