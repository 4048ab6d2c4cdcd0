package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
)

// This file is the one place the command line is read the way analysts
// type it. urfave/cli, like the standard flag package under it, stops
// reading flags at the first argument that is not one, so `batch run
// in.csv -o dir` read -o as an input. flagsFirst moves every flag of the
// command before its inputs; which flags take a value is read from the
// command's own flag definitions, so a flag added later needs nothing
// here.

// runLine runs the app on a command line as typed: flags before or after
// the command and its inputs.
func runLine(ctx context.Context, app *cli.App, args []string) error {
	defer flushOut(app)
	if err := commandWord(app, args); err != nil {
		return err
	}
	return usageOf(app.RunContext(ctx, flagsFirst(app, args)))
}

// flushOut writes what the app's printable filters hold back.
func flushOut(app *cli.App) {
	for _, w := range []io.Writer{app.Writer, app.ErrWriter} {
		if f, ok := w.(interface{ Flush() error }); ok {
			_ = f.Flush()
		}
	}
}

// flagsFirst returns args (program name first) rewritten as urfave reads
// them: the command, its flags, then "--" and its inputs. Flags typed
// before the command name are the command's too (`batch -q run in.csv`).
// A line it cannot place (no known command, an app flag such as --help
// before the command, a command with subcommands) is returned unchanged,
// for urfave to answer.
func flagsFirst(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	rest := args[1:]
	at, cmd := findCommand(app, rest)
	if cmd == nil || len(cmd.Subcommands) > 0 {
		return args
	}
	for _, a := range rest[:at] {
		if isFlagOf(appFlags(app), a) {
			return args
		}
	}
	tokens := append(slices.Clone(rest[:at]), rest[at+1:]...)
	flags, inputs, dangling := split(commandFlags(cmd), tokens)
	out := append([]string{args[0], rest[at]}, flags...)
	if dangling != "" {
		// A last flag without its value: leave it last, so that urfave
		// says it needs one instead of taking "--" or an input for it.
		return append(out, dangling)
	}
	for _, f := range flags {
		if cli.HelpFlag != nil && isFlagOf([]cli.Flag{cli.HelpFlag}, f) {
			return out // --help with inputs: urfave would take the first for a help topic
		}
	}
	if len(inputs) > 0 {
		out = append(out, "--")
		out = append(out, inputs...)
	}
	return out
}

// findCommand finds the command name in args: the first argument naming a
// command such that what comes before it is only that command's flags
// and their values.
func findCommand(app *cli.App, args []string) (int, *cli.Command) {
	for i, a := range args {
		if a == "--" {
			break
		}
		cmd := app.Command(a)
		if cmd == nil {
			continue
		}
		if _, inputs, dangling := split(commandFlags(cmd), args[:i]); len(inputs) == 0 && dangling == "" {
			return i, cmd
		}
	}
	return 0, nil
}

// split sorts a command's arguments into flags (each with its value when
// it takes one) and inputs. "-" is an input (standard input); after "--"
// everything is. dangling is a last flag that needs a value and has none.
func split(defs []cli.Flag, args []string) (flags, inputs []string, dangling string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return flags, append(inputs, args[i+1:]...), ""
		case a == "-" || !strings.HasPrefix(a, "-"):
			inputs = append(inputs, a)
		case strings.Contains(a, "=") || !takesValue(defs, a):
			flags = append(flags, a)
		case i+1 == len(args):
			return flags, inputs, a
		default:
			flags = append(flags, a, args[i+1])
			i++
		}
	}
	return flags, inputs, ""
}

// flagName is the name in "-o", "--out" or "--out=dir".
func flagName(arg string) string {
	name := strings.TrimLeft(arg, "-")
	if i := strings.IndexByte(name, '='); i >= 0 {
		name = name[:i]
	}
	return name
}

func lookupFlag(defs []cli.Flag, arg string) cli.Flag {
	name := flagName(arg)
	for _, f := range defs {
		if slices.Contains(f.Names(), name) {
			return f
		}
	}
	return nil
}

func isFlagOf(defs []cli.Flag, arg string) bool {
	return strings.HasPrefix(arg, "-") && arg != "-" && lookupFlag(defs, arg) != nil
}

// takesValue reports whether the flag reads the next argument as its
// value. An unknown flag takes none: urfave refuses it by name.
func takesValue(defs []cli.Flag, arg string) bool {
	f := lookupFlag(defs, arg)
	if f == nil {
		return false
	}
	if d, ok := f.(cli.DocGenerationFlag); ok {
		return d.TakesValue()
	}
	return true
}

// commandFlags are a command's flags with the --help urfave adds to it.
func commandFlags(cmd *cli.Command) []cli.Flag {
	if cmd.HideHelp || cli.HelpFlag == nil {
		return cmd.Flags
	}
	return append(slices.Clip(cmd.Flags), cli.HelpFlag)
}

func appFlags(app *cli.App) []cli.Flag {
	defs := slices.Clip(app.Flags)
	if !app.HideHelp && cli.HelpFlag != nil {
		defs = append(defs, cli.HelpFlag)
	}
	if !app.HideVersion && cli.VersionFlag != nil {
		defs = append(defs, cli.VersionFlag)
	}
	return defs
}

// prepare finishes the app's commands, once for all of them and for any
// flag added later: every boolean flag reads yes/no as well as true/false
// and 1/0, from the line and from its environment variable; a command
// that takes no inputs refuses them instead of ignoring them.
func prepare(app *cli.App) {
	for _, cmd := range app.Commands {
		for i, f := range cmd.Flags {
			if b, ok := f.(*cli.BoolFlag); ok {
				cmd.Flags[i] = &yesNoFlag{BoolFlag: *b}
			}
		}
		if cmd.ArgsUsage == "" && cmd.Action != nil {
			action := cmd.Action
			cmd.Action = func(c *cli.Context) error {
				if c.Args().Present() {
					return usagef("%s takes no inputs, but was given %q; its flags are listed by 'batch %s --help'",
						c.Command.Name, c.Args().First(), c.Command.Name)
				}
				return action(c)
			}
		}
	}
}

// yesNoFlag is a cli.BoolFlag that also reads yes and no (any case), on
// the line (--quiet=no) and from its environment variable (BATCH_QUIET=yes).
type yesNoFlag struct{ cli.BoolFlag }

// Apply does what cli.BoolFlag's does, with parseYesNo for the value.
func (f *yesNoFlag) Apply(set *flag.FlagSet) error {
	if f.DefaultText == "" && !f.DisableDefaultText {
		f.DefaultText = strconv.FormatBool(f.Value) // the default, whatever the environment says
	}
	for _, name := range f.EnvVars {
		s, ok := os.LookupEnv(name)
		if !ok {
			continue
		}
		v, err := parseYesNo(s)
		if err != nil {
			return fmt.Errorf("the environment variable %s=%q: %w", name, s, err)
		}
		f.Value, f.HasBeenSet = v, true
		break
	}
	dest := f.Destination
	if dest == nil {
		dest = new(bool)
	}
	*dest = f.Value
	for _, name := range f.Names() {
		set.Var(yesNoValue{dest}, name, f.Usage)
	}
	return nil
}

// yesNoValue is the flag.Value of a yesNoFlag: a boolean flag of the
// standard flag package (--quiet alone means yes).
type yesNoValue struct{ b *bool }

func (v yesNoValue) Set(s string) error {
	b, err := parseYesNo(s)
	if err == nil {
		*v.b = b
	}
	return err
}

func (v yesNoValue) String() string {
	if v.b != nil && *v.b {
		return "true"
	}
	return "false"
}

func (v yesNoValue) Get() any         { return v.b != nil && *v.b }
func (v yesNoValue) IsBoolFlag() bool { return true }

var errYesNo = errors.New("give yes or no (or true/false, 1/0)")

// parseYesNo reads yes/no, true/false and 1/0, in any case; an empty
// environment variable means no, as urfave reads one.
func parseYesNo(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "yes", "true", "1":
		return true, nil
	case "no", "false", "0", "":
		return false, nil
	}
	return false, errYesNo
}

// origin names where a flag's value came from, for a message about it:
// its environment variable (BATCH_AS_OF) when that holds the value in
// force, the flag (--as-of) otherwise.
func origin(c *cli.Context, name string) string {
	value := c.String(name)
	if f := lookupFlag(c.Command.Flags, "--"+name); f != nil {
		if d, ok := f.(cli.DocGenerationFlag); ok {
			for _, env := range d.GetEnvVars() {
				if s, ok := os.LookupEnv(env); ok && s == value {
					return "the environment variable " + env
				}
			}
		}
	}
	return "--" + name
}
