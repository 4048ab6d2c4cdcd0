package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"batch/internal/printable"
	"batch/pkg/compute"
	"batch/pkg/pipeline"
)

// batch template: the blank input workbook for analysts to fill.

// The years calendar accepts: those a row's date may hold (ingest refuses
// others as typing mistakes, "26" for "2026").
const (
	minYear = 1900
	maxYear = 2199
)

func templateCommand(c *cli.Context) error {
	path := c.String("out")
	if path == "" {
		return usagef("template --out needs a file name")
	}
	if !strings.EqualFold(filepath.Ext(path), ".xlsx") {
		return usagef("%s %q: the template is an Excel workbook; give a name ending in .xlsx", origin(c, "out"), path)
	}
	// The rules the template states are those in force the day it is made.
	if err := pipeline.Template(path, c.Bool("force"), compute.FromTime(time.Now())); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s already exists and was left as it was: give --force to replace it, or another --out name", printable.Name(path))
		}
		return err
	}
	fmt.Fprintf(terminalSafe{c.App.Writer}, "wrote %s: fill the Vacancies sheet, one row per vacancy; the Columns sheet explains each column\n", printable.Name(path))
	return nil
}
