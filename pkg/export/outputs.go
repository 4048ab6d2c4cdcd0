package export

import "batch/pkg/outdir"

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
// regular files, which the first commit into its folder migrates.
var outputs = outdir.Outputs{
	Names: []string{resultsName, vacanciesName, deadlinesName, conflictsName, errorsName, icsName, summaryName,
		changesName, digestTextName, digestHTMLName, snapshotName},
	Prefix: splitPrefix,
	Legacy: []string{resultsName, vacanciesName, deadlinesName, conflictsName, errorsName, icsName, summaryName},
}
