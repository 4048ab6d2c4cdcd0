// Command gen writes generated New York vacancy rows (internal/synth) as a
// workbook or CSV, or regenerates the committed samples.
//
//	go run ./bench/gen -rows 100000 -seed 1 -format xlsx -out /tmp/in.xlsx
//	go run ./bench/gen -samples samples
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"batch/internal/synth"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rows := fs.Int("rows", 1000, "data rows (blank and duplicate rows included)")
	seed := fs.Int64("seed", 1, "random seed: same seed, same rows")
	format := fs.String("format", "csv", "xlsx or csv")
	out := fs.String("out", "-", "output file; - for standard output (csv only)")
	bad := fs.Float64("bad", -1, "share of deliberately bad rows (default 0.01)")
	procl := fs.Float64("proclamations", -1, "share of eligible rows with a proclamation (default 0.3)")
	title := fs.Bool("title", false, "xlsx: title rows above the header")
	from := fs.Int("from", 2005, "first event year")
	to := fs.Int("to", 2027, "last event year")
	samples := fs.String("samples", "", "write statewide.xlsx, statewide.csv and calendar.csv into this folder instead")
	if err := fs.Parse(args); err != nil {
		return err
	}
	start := time.Now()
	if *samples != "" {
		if err := synth.WriteSamples(*samples); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "gen: samples written to %s in %s\n", *samples, time.Since(start).Round(time.Millisecond))
		return nil
	}
	opts := synth.Defaults(*rows, *seed)
	opts.FromYear, opts.ToYear, opts.TitleRows = *from, *to, *title
	if *bad >= 0 {
		opts.BadShare = *bad
	}
	if *procl >= 0 {
		opts.ProclamationShare = *procl
	}

	var w io.Writer = stdout
	var file *os.File
	if *out != "-" {
		var err error
		if file, err = os.Create(*out); err != nil {
			return err
		}
		defer func() { _ = file.Close() }()
		w = file
	} else if *format == "xlsx" {
		return fmt.Errorf("xlsx needs -out FILE")
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	var err error
	switch *format {
	case "csv":
		err = synth.WriteCSV(bw, opts)
	case "xlsx":
		err = synth.WriteXLSX(bw, opts)
	default:
		return fmt.Errorf("unknown -format %q (xlsx or csv)", *format)
	}
	if err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if file != nil {
		if err := file.Close(); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "gen: %d rows of %s in %s\n", *rows, *format, time.Since(start).Round(time.Millisecond))
	return nil
}
