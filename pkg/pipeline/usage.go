package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"batch/internal/printable"
	"batch/pkg/export"
)

// UsageError is a command line that cannot be run as given (standard
// input twice; an input where the run would write an output): the
// command line's mistake, not the inputs' (exit 2 in the CLI). Nothing
// was read or written.
type UsageError struct{ msg string }

func (e UsageError) Error() string { return "pipeline: " + e.msg }

// inputsOutsideOutputs refuses an input that is where the run writes:
// one of the outputs of the output folder (batch run vacancies.csv -o .,
// with the analyst's own vacancies.csv there), a file in its .batch, or
// one in the split's folder. The commit would replace or remove it, and
// the next night would read the tool's output for the analyst's; so it
// is refused before anything is read or written (issue 35), whether it
// is the analyst's file or the tool's own output fed back.
func inputsOutsideOutputs(opts Options) error {
	out, err := os.Stat(opts.Dir)
	if err != nil {
		return nil // no folder yet: no input is in it
	}
	names := export.OutputNames()
	if opts.Split != "" {
		names = append(names, export.SplitFolder(opts.Split))
	}
	for _, in := range opts.Inputs {
		if in == "-" {
			continue
		}
		fi, err := os.Stat(in)
		if err != nil {
			continue // the reading names it
		}
		for _, name := range names {
			if there, err := os.Stat(filepath.Join(opts.Dir, name)); err == nil && os.SameFile(fi, there) {
				return UsageError{fmt.Sprintf("the input %s is the output folder's %s, which this run writes: batch never reads an input where it writes its outputs; "+
					"move the input out of %s (or give -o another folder, such as -o out)", printable.Name(in), name, printable.Name(opts.Dir))}
			}
		}
		// Inside .batch, or inside a folder output: an ancestor of the
		// input is one of them.
		for d := filepath.Dir(in); ; d = filepath.Dir(d) {
			parent := filepath.Dir(d)
			if pfi, err := os.Stat(parent); err == nil && os.SameFile(pfi, out) {
				base := filepath.Base(d)
				if strings.EqualFold(base, ".batch") || slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, base) }) {
					return UsageError{fmt.Sprintf("the input %s is inside the output folder's %s, which this run writes: batch never reads an input where it writes its outputs; "+
						"copy the input out of %s first", printable.Name(in), base, printable.Name(opts.Dir))}
				}
			}
			if parent == d {
				break
			}
		}
	}
	return nil
}
