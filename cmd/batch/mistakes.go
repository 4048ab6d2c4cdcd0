package main

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"batch/internal/editdistance"
	"batch/pkg/pipeline"
)

// The command line's own mistakes, as a new analyst makes them (issue
// 35): each is wrong usage, exit 2, with what to type instead: the
// command or flag meant ("did you mean run?"), or the commands there are.

// usageOf is err, as main sees it: a command line the pipeline refused
// as given (standard input twice) is wrong usage.
func usageOf(err error) error {
	var pu pipeline.UsageError
	if errors.As(err, &pu) {
		return usageError{err}
	}
	return err
}

// commandWord refuses a line whose command names no command (`batch runn
// in.csv`, `batch help explian`), before urfave reads it: urfave would
// read the flags after an unknown command as its own, and refuse the
// first one instead ("flag provided but not defined: -o"). The command
// is the first argument that is neither a flag nor a flag's value.
func commandWord(app *cli.App, args []string) error {
	known, valued := map[string]bool{}, map[string]bool{}
	for _, f := range appFlags(app) {
		for _, n := range f.Names() {
			known[n] = true
		}
	}
	for _, cmd := range app.Commands {
		for _, f := range commandFlags(cmd) {
			v := takesValue(cmd.Flags, "--"+f.Names()[0])
			for _, n := range f.Names() {
				known[n], valued[n] = true, valued[n] || v
			}
		}
	}
	rest := args[min(1, len(args)):]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--" || a == "-":
			return nil
		case strings.HasPrefix(a, "-"):
			if !known[flagName(a)] {
				// Before the command, a flag no command has: whether
				// the next word is its value or the command is not
				// knowable, so the flag is what is refused.
				err := usagef("flag provided but not defined: %s", a)
				if hint := flagHint(app, nil, flagName(a)); hint != "" {
					err = usagef("flag provided but not defined: %s: %s", a, hint)
				}
				return err
			}
			if !strings.Contains(a, "=") && valued[flagName(a)] {
				i++
			}
			continue
		case isHelp(app, a):
			// batch help TOPIC: the topic is a command.
			if i+1 < len(rest) && !strings.HasPrefix(rest[i+1], "-") && app.Command(rest[i+1]) == nil {
				return unknownCommand(app, rest[i+1])
			}
			return nil
		case app.Command(a) == nil:
			return unknownCommand(app, a)
		}
		return nil
	}
	return nil
}

// isHelp reports whether a names the help command urfave adds.
func isHelp(app *cli.App, a string) bool {
	return !app.HideHelpCommand && (a == "help" || a == "h")
}

// unknownCommand is the refusal of a word that names no command: the
// nearest command, or the list of them.
func unknownCommand(app *cli.App, word string) error {
	var names []string
	for _, cmd := range app.VisibleCommands() {
		if !isHelp(app, cmd.Name) {
			names = append(names, cmd.Name)
		}
	}
	if near := nearest(word, names); near != "" {
		return usagef("unknown command %q: did you mean %s?", word, near)
	}
	return usagef("unknown command %q: the commands are %s", word, strings.Join(names, ", "))
}

// undefinedFlag is the flag in urfave's "flag provided but not defined"
// (after flagSpelling: "--outdir", "-x").
var undefinedFlag = regexp.MustCompile(`flag provided but not defined: (-{1,2}[^\s=]+)`)

// suggestFlag adds to urfave's refusal of a flag the flag meant: the
// nearest of the command's own flags ("--outdir: did you mean --out?"),
// or the command that has it ("check has no such flag; run has it").
// Before the command name, every command's flags are near.
func suggestFlag(c *cli.Context, err error) error {
	m := undefinedFlag.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	var cmd *cli.Command
	if c != nil && c.Command != nil {
		cmd = c.App.Command(c.Command.Name)
	}
	if hint := flagHint(c.App, cmd, flagName(m[1])); hint != "" {
		return fmt.Errorf("%w: %s", err, hint)
	}
	return err
}

// flagHint is what to say of a flag typed that cmd (nil: any command)
// does not have: the command that has it, or the nearest flag meant;
// "" for nothing.
func flagHint(app *cli.App, cmd *cli.Command, typed string) string {
	own := map[string]bool{}
	var names, others []string
	for _, k := range app.Commands {
		for _, f := range commandFlags(k) {
			for _, n := range f.Names() {
				switch {
				case cmd == nil || k == cmd:
					if !own[n] && len(n) > 1 {
						own[n] = true
						names = append(names, n)
					}
				case n == typed && !slices.Contains(others, k.Name):
					others = append(others, k.Name)
				}
			}
		}
	}
	if cmd != nil && len(others) > 0 {
		verb := "have"
		if len(others) == 1 {
			verb = "has"
		}
		return fmt.Sprintf("%s has no such flag; %s %s it", cmd.Name, orList(others), verb)
	}
	if near := nearest(typed, names); near != "" {
		return "did you mean " + dashed(near) + "?"
	}
	return ""
}

// dashed writes each name of a list "a or b" as a flag: "--out or --sheet".
func dashed(list string) string {
	return regexp.MustCompile(`[a-z][a-z0-9-]*`).ReplaceAllStringFunc(list, func(w string) string {
		if w == "or" {
			return w
		}
		return "--" + w
	})
}

// nearest is the names a mistyped word was meant as: those within one
// edit (two for a name of five letters or more), or whose start it is
// or starts with ("outdir" and out, "temp" and template), letter case,
// dashes and underscores aside; the nearest ones, at most four, as "a",
// "a or b", "a, b or c". "" when none is near.
func nearest(word string, names []string) string {
	squash := func(s string) string {
		return strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(s))
	}
	w := squash(word)
	if w == "" {
		return ""
	}
	var best []string
	bestD := 0
	for _, n := range names {
		k := squash(n)
		d := editdistance.Runes(w, k)
		limit := 1
		if len(k) >= 5 {
			limit = 2
		}
		if len(w) >= 3 && len(k) >= 3 && (strings.HasPrefix(w, k) || strings.HasPrefix(k, w)) {
			d = min(d, limit)
		}
		switch {
		case d > limit:
		case best == nil || d < bestD:
			best, bestD = []string{n}, d
		case d == bestD && len(best) < 4:
			best = append(best, n)
		}
	}
	return orList(best)
}

// orList is "a", "a or b", "a, b or c".
func orList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
