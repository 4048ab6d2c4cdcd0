package compute

// STUB: the rules-engine helper replaces this file. The exported API below
// is fixed; other packages code against it.

// Compute applies the law to one vacancy. asOf is the date deadlines are
// judged open or passed against. It never fails: what it cannot decide
// becomes a conflict (NEEDS_INPUT, DATE_ORDER, …) on the result.
func Compute(v Vacancy, cal *Calendar, asOf Date) Result {
	return Result{Vacancy: v}
}

// DuplicateKey is the key two results share when they are the same vacancy
// twice (RULES.md § 5 DUPLICATE_VACANCY): office text normalised (case,
// spaces), district, county and the filling election. "" means the result
// takes no part in duplicate checks.
func DuplicateKey(r *Result) string { return "" }

// DuplicateConflict is the DUPLICATE_VACANCY conflict for a result whose
// key is shared with the vacancies otherIDs.
func DuplicateConflict(otherIDs []string) Conflict {
	return Conflict{Code: "DUPLICATE_VACANCY", Severity: Warning}
}
