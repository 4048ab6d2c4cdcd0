package ingest

import "batch/pkg/compute"

// ParseDate reads a date a person typed outside a sheet (a flag's value,
// such as --as-of): the text forms a date cell may hold, with the same
// checks and the same sentences as a row's date ("2026-02-30" is not a
// date: February 2026 has 28 days).
func ParseDate(s string) (compute.Date, error) { return parseDateText(s) }
