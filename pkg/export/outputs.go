package export

import (
	"slices"

	"batch/pkg/outdir"
)

// Output file names (CONTRACT.md).
const (
	resultsName   = "results.xlsx"
	vacanciesName = "vacancies.csv"
	deadlinesName = "deadlines.csv"
	conflictsName = "conflicts.csv"
	errorsName    = "errors.csv"
	icsName       = "deadlines.ics"
	summaryName   = "summary.json"
)

// outputs are the names a set in the output folder may hold (a manifest
// that lists any other is refused), and those an earlier version wrote as
// regular files, which the first commit into its folder migrates when it
// can prove them that version's (summary.json, which it wrote last, is
// the proof's anchor: pkg/outdir's own.go).
//
// This is the one list of what the tool may write in OUT: a new output
// (a file, or a folder of the run's set) is a format's files, and then
// it is the tool's to replace, a file of anyone else's under its name is
// refused, and the tests that put a victim under every output's name
// (OutputNames) cover it.
var outputs = outdir.Outputs{
	Names:         outputNames(),
	Prefix:        splitPrefix,
	Legacy:        []string{resultsName, vacanciesName, deadlinesName, conflictsName, errorsName, icsName, summaryName},
	LegacySummary: summaryName,
}

// outputNames are the files of every format (formats.go), and the
// snapshot every set holds.
func outputNames() []string {
	var names []string
	for _, f := range formats {
		o, _ := outputOf(f)
		names = append(names, o.files...)
	}
	return append(names, snapshotName)
}

// OutputNames are the names of every file output the tool may write in an
// output folder; a split's folder is SplitFolder(column) beside them.
func OutputNames() []string { return slices.Clone(outputs.Names) }
