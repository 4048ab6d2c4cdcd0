package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"batch/internal/printable"
	"batch/pkg/compute"
	"batch/pkg/pipeline"
)

// codeRejected is the code `batch check` lists a rejected row's problem
// under, beside the conflict codes of the accepted rows.
const codeRejected = "ROW_REJECTED"

// checkFormats are the forms of `batch check`'s list.
var checkFormats = []string{"text", "csv", "json"}

// checkHeader is the columns of `batch check --format csv` (CONTRACT.md).
var checkHeader = []string{"vacancy_id", "source", "severity", "code", "field", "value", "message", "citation"}

// finding is one line of check's list: a rejected row's problem, or an
// error or warning conflict of a vacancy.
type finding struct {
	ID       string `json:"vacancy_id"`
	Source   string `json:"source"`
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Field    string `json:"field"`
	Value    string `json:"value"`
	Message  string `json:"message"`
	Citation string `json:"citation"`
}

func checkCommand(c *cli.Context, stdin io.Reader) error {
	opts, err := commonOptions(c, stdin)
	if err != nil {
		return err
	}
	failOn, err := parseFailOn(c.String("fail-on"), origin(c, "fail-on"))
	if err != nil {
		return err
	}
	format := strings.ToLower(c.String("format"))
	if !slices.Contains(checkFormats, format) {
		return usagef("%s %q: choose among %s", origin(c, "format"), c.String("format"), strings.Join(checkFormats, ", "))
	}
	if opts.Log, err = logger(c, c.App.ErrWriter, c.Bool("quiet")); err != nil {
		return err
	}
	if format == "text" && isTerminal(c.App.ErrWriter) {
		// A person reads the notes under "Notes" below the list: on the
		// same terminal, each as a log line too would say it twice.
		opts.Log = slog.New(skipMessage{opts.Log.Handler(), pipeline.NoteMessage})
	}
	sum, rejected, flagged, err := pipeline.Check(c.Context, opts, compute.Warning)
	if err != nil {
		return err
	}
	list := findings(rejected, flagged)
	out := c.App.Writer
	if format == "text" {
		txt := textOut(out)
		defer txt.Flush()
		out = txt
	}
	switch format {
	case "csv":
		err = writeFindingsCSV(out, list)
	case "json":
		err = writeFindingsJSON(out, list, sum, opts.AsOf, opts.Law)
	default:
		err = writeFindingsText(terminalSafe{out}, list)
	}
	if err != nil {
		return err
	}
	if format == "text" {
		printNotes(terminalSafe{out}, sum.Inputs)
		if sum.Accepted+sum.Rejected == 0 && sum.UnreadSheets == 0 {
			// A blank template, or sheets with their header alone: nothing
			// is wrong, there is simply nothing yet.
			fmt.Fprintln(terminalSafe{out}, "No vacancies yet: the header rows are there, with no rows under them. Fill one row per vacancy and check again.")
		}
		fmt.Fprintln(terminalSafe{out}, describe(sum))
	} else if !c.Bool("quiet") {
		// Standard output holds the list alone, for the script reading it.
		fmt.Fprintln(terminalSafe{c.App.ErrWriter}, describe(sum))
	}
	return threshold(sum, failOn)
}

// findings orders check's list: the rejected rows' problems, then the
// errors, then the warnings, each in input order.
func findings(rejected []pipeline.Rejected, flagged []pipeline.Flagged) []finding {
	list := make([]finding, 0, len(rejected)+len(flagged))
	for _, r := range rejected {
		list = append(list, finding{ID: r.ID, Source: r.Source.String(), Severity: compute.Error.String(),
			Code: codeRejected, Field: r.Column, Value: r.Value, Message: r.Message})
	}
	for _, sev := range []compute.Severity{compute.Error, compute.Warning} {
		for _, f := range flagged {
			if f.Severity == sev {
				list = append(list, finding{ID: f.ID, Source: f.Source.String(), Severity: sev.String(),
					Code: f.Code, Field: f.Field, Message: f.Message, Citation: f.Citation})
			}
		}
	}
	return list
}

// writeFindingsText prints the list for a person: a heading per kind, one
// line each (vacancy_id, code, source, what is wrong).
func writeFindingsText(w io.Writer, list []finding) error {
	headings := map[string]string{
		"rejected": "Rejected rows (not computed; fix them and run again):",
		"error":    "Vacancies with errors:",
		"warning":  "Vacancies with warnings:",
	}
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	group := ""
	for _, f := range list {
		g := f.Severity
		if f.Code == codeRejected {
			g = "rejected"
		}
		if g != group {
			if group != "" {
				fmt.Fprintln(tw)
			}
			fmt.Fprintln(tw, headings[g])
			group = g
		}
		if f.Code == codeRejected {
			if f.Field == "" && f.Value == "" {
				// A whole row's or sheet's problem: no cell to show.
				fmt.Fprintf(tw, "  %s: %s\n", printable.Name(f.Source), f.Message)
				continue
			}
			col := f.Field
			if col == "" {
				col = "(row)"
			}
			fmt.Fprintf(tw, "  %s: %s %q: %s\n", printable.Name(f.Source), col, f.Value, f.Message)
			continue
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", f.ID, f.Code, printable.Name(f.Source), f.Message)
	}
	if group != "" {
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

// skipMessage is a log handler that leaves out the records of one
// message.
type skipMessage struct {
	slog.Handler
	msg string
}

func (h skipMessage) Handle(ctx context.Context, r slog.Record) error {
	if r.Message == h.msg {
		return nil
	}
	return h.Handler.Handle(ctx, r)
}

func (h skipMessage) WithAttrs(attrs []slog.Attr) slog.Handler {
	return skipMessage{h.Handler.WithAttrs(attrs), h.msg}
}

func (h skipMessage) WithGroup(name string) slog.Handler {
	return skipMessage{h.Handler.WithGroup(name), h.msg}
}

// printNotes lists what the analyst should know of inputs read all the
// same (a sheet of notes, a column that nearly names one of the tool's),
// as summary.json's notes do.
func printNotes(w io.Writer, inputs []pipeline.Input) {
	n := 0
	for _, in := range inputs {
		for _, note := range in.Notes {
			if n == 0 {
				fmt.Fprintln(w, "Notes (read all the same):")
			}
			n++
			fmt.Fprintf(w, "  %s\n", note)
		}
	}
	if n > 0 {
		fmt.Fprintln(w)
	}
}

// writeFindingsCSV writes the list with a header, every text cell guarded
// as the outputs' CSV files are.
func writeFindingsCSV(w io.Writer, list []finding) error {
	cw := csv.NewWriter(w)
	_ = cw.Write(checkHeader)
	for _, f := range list {
		row := []string{f.ID, f.Source, f.Severity, f.Code, f.Field, f.Value, f.Message, f.Citation}
		for i := range row {
			row[i] = pipeline.GuardText(row[i])
		}
		_ = cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// checkJSON is `batch check --format json`.
type checkJSON struct {
	AsOf     string      `json:"as_of"`
	Edition  string      `json:"edition"`
	Counts   checkCounts `json:"counts"`
	Findings []finding   `json:"findings"`
}

type checkCounts struct {
	Vacancies    int            `json:"vacancies"`
	RejectedRows int            `json:"rejected_rows"`
	Problems     int            `json:"problems"`
	BlankRows    int            `json:"blank_rows"`
	BySeverity   map[string]int `json:"by_severity"`
}

func writeFindingsJSON(w io.Writer, list []finding, sum pipeline.Summary, asOf compute.Date, law *compute.Law) error {
	doc := checkJSON{AsOf: asOf.String(), Edition: lawChoice(law), Findings: list,
		Counts: checkCounts{Vacancies: sum.Accepted, RejectedRows: sum.Rejected, Problems: sum.Problems,
			BlankRows: sum.Blank, BySeverity: map[string]int{}}}
	for _, s := range []compute.Severity{compute.NoSeverity, compute.Info, compute.Warning, compute.Error} {
		name := s.String()
		if s == compute.NoSeverity {
			name = "none"
		}
		doc.Counts.BySeverity[name] = sum.BySeverity[s]
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(escapeControls(b), '\n'))
	return err
}

// escapeControls writes DEL and the C1 controls, which encoding/json
// leaves as they are, as \u escapes, so that the JSON cannot drive the
// terminal it is printed on. They occur only inside strings, and
// encoding/json writes valid UTF-8.
func escapeControls(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == 0x7f || r >= 0x80 && r < 0xa0 {
			if out == nil {
				out = append(make([]byte, 0, len(b)+16), b[:i]...)
			}
			out = fmt.Appendf(out, `\u%04x`, r)
		} else if out != nil {
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	if out == nil {
		return b
	}
	return out
}
