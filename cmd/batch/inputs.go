package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"batch/internal/inputlist"
)

// inputFiles is the files run, check and explain read for the inputs
// given (internal/inputlist): patterns the shell left as typed (cmd and
// PowerShell always do) expanded, the lock and temporary files Office
// and the systems leave beside workbooks skipped, a file given twice read
// once. What was skipped, and what was read once, is said in one line
// each, before the run.
func inputFiles(c *cli.Context, args []string) ([]string, error) {
	l, err := inputlist.Expand(args)
	if err != nil {
		return nil, err
	}
	for _, msg := range []string{l.SkippedNotice(), l.RepeatedNotice()} {
		if msg != "" {
			notice(c, msg)
		}
	}
	return l.Files, nil
}

// notice tells the person or the log something the run does not stop
// for: a line of the log (text or json) where the log goes elsewhere than
// a terminal; a plain line on a terminal; nothing with --quiet.
func notice(c *cli.Context, msg string) {
	if c.Bool("quiet") {
		return
	}
	w := c.App.ErrWriter
	if isTerminal(w) && !strings.EqualFold(c.String("log-format"), "json") {
		fmt.Fprintln(terminalSafe{w}, "batch: "+msg)
		return
	}
	if lg, err := logger(c, w, false); err == nil {
		lg.Warn(msg)
	}
}
