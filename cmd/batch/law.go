package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"batch/pkg/compute"
	"batch/pkg/pipeline"
)

// The --edition flag every law-reading command takes (explain, rules,
// calendar, run and check), and how a command names the law it applied.

// lawOf reads --edition: "auto" (the edition in force on each date) or one
// edition's id, applied to every date.
func lawOf(c *cli.Context) (*compute.Law, error) {
	id := strings.TrimSpace(c.String("edition"))
	law, err := pipeline.Law(id)
	if err != nil {
		return nil, usagef("%s %q: choose auto or one of %s", origin(c, "edition"), id, strings.Join(pipeline.Editions(), ", "))
	}
	return law, nil
}

// lawChoice says how the law was picked, as summary.json's "edition".
func lawChoice(law *compute.Law) string {
	if law == nil || law.Auto() {
		return "auto: the edition in force on each date (see law_edition)"
	}
	return law.Choice + ", fixed by --edition for every date"
}

// lawLine names the law a command applied and how fresh its data is.
func lawLine(law *compute.Law) string {
	choice := "auto (the edition in force on each date)"
	if !law.Auto() {
		choice = law.Choice + " (fixed by --edition, for every date)"
	}
	return "Law: " + law.Name + ", " + choice + "; data checked through " + law.CheckedThrough.String()
}
