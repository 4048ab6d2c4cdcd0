package main

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

func TestFlagsFirstReadsTheLineAsTyped(t *testing.T) {
	app := newApp(strings.NewReader(""), io.Discard, io.Discard)
	cases := []struct {
		name string
		line string
		want string
	}{
		{"flags after the input move before it", "run in.csv -o dir --as-of 2026-07-01", "run -o dir --as-of 2026-07-01 -- in.csv"},
		{"a flag between inputs", "run a.xlsx -q b.csv", "run -q -- a.xlsx b.csv"},
		{"a flag's value is never an input", "run --format csv in.csv", "run --format csv -- in.csv"},
		{"a boolean takes no value: what follows is an input", "run -q in.csv", "run -q -- in.csv"},
		{"name=value is one argument", "run in.csv --out=dir", "run --out=dir -- in.csv"},
		{"- is standard input, an input", "run - -o dir", "run -o dir -- -"},
		{"after -- everything is an input", "run -o dir -- -odd.csv", "run -o dir -- -odd.csv"},
		{"the explain example of the README", "explain samples/statewide.xlsx --id NY-0000005", "explain --id NY-0000005 -- samples/statewide.xlsx"},
		{"flags before the command are the command's", "-q --as-of 2026-07-01 run in.csv", "run -q --as-of 2026-07-01 -- in.csv"},
		{"a command without inputs", "calendar --csv --year 2026", "calendar --csv --year 2026"},
		{"--help after the inputs shows the command's help", "run in.csv --help", "run --help"},
		{"an unknown flag is left for urfave to refuse", "run in.csv --bogus", "run --bogus -- in.csv"},
		{"a last flag without its value stays last", "run in.csv -o", "run -o"},
		{"an unknown command is left alone", "frobnicate -o x", "frobnicate -o x"},
		{"the app's own flags are left alone", "--version", "--version"},
		{"help before a command is the app's", "--help run", "--help run"},
		{"a command's name as a flag's value is a value", "--sheet run check in.csv", "check --sheet run -- in.csv"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"batch"}, strings.Fields(tc.line)...)
			got := strings.Join(flagsFirst(app, args)[1:], " ")
			if got != tc.want {
				t.Errorf("flagsFirst(%q) = %q, want %q", tc.line, got, tc.want)
			}
		})
	}
}

// A flag another room adds later is read by its definition: nothing in
// line.go names a flag.
func TestFlagsFirstReadsLaterFlagsByTheirDefinition(t *testing.T) {
	app := newApp(strings.NewReader(""), io.Discard, io.Discard)
	run := app.Command("run")
	run.Flags = append(run.Flags,
		&cli.StringFlag{Name: "edition", Usage: "a flag with a value"},
		&cli.BoolFlag{Name: "ics-open-only", Usage: "a boolean"})
	got := flagsFirst(app, strings.Fields("batch run in.csv --edition 2022 --ics-open-only b.csv"))
	want := strings.Fields("batch run --edition 2022 --ics-open-only -- in.csv b.csv")
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestParseYesNo(t *testing.T) {
	for in, want := range map[string]bool{"yes": true, "YES": true, "true": true, "1": true, "True": true,
		"no": false, "No": false, "false": false, "0": false, "": false} {
		got, err := parseYesNo(in)
		if err != nil || got != want {
			t.Errorf("parseYesNo(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"maybe", "y", "2", "on"} {
		if _, err := parseYesNo(in); err == nil {
			t.Errorf("parseYesNo(%q) accepted", in)
		}
	}
}

func TestUserMessagesCarryNoPackagePrefix(t *testing.T) {
	cases := []struct{ in, want string }{
		{"ingest: in.csv: cannot read the file (no such file)", "in.csv: cannot read the file (no such file)"},
		{"pipeline: calendar cal.csv:3 column year \"x\": not a year\npipeline: calendar cal.csv:4 column year \"y\": not a year",
			"calendar cal.csv:3 column year \"x\": not a year\ncalendar cal.csv:4 column year \"y\": not a year"},
		{"pipeline: ingest: a.xlsx: not an xlsx workbook (zip: not a valid zip file)", "a.xlsx: not an xlsx workbook (not a valid zip file)"},
		{"export: create out/.results.xlsx.tmp: permission denied", "create out/.results.xlsx.tmp: permission denied"},
		{"pipeline: outdir: output folder out: another batch run (process 7) is writing into it", "output folder out: another batch run (process 7) is writing into it"},
		{`ingest: export.csv: sheet "export: 2026" row 3`, `export.csv: sheet "export: 2026" row 3`},
	}
	for _, tc := range cases {
		if got := userMessage(errorString(tc.in)); got != tc.want {
			t.Errorf("userMessage(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }
