// Package synth makes realistic, deliberately messy input for the tool: rows
// of New York vacancies as county boards and analysts keep them, seeded so
// the same options give the same rows. It sits before the flow, not in it:
// its workbooks and CSV files are what ingest reads in the samples, the
// tests and the benchmarks (bench/gen writes them; samples/ holds the
// committed ones).
//
// It depends on pkg/compute only for the class and cause codes and the
// civil-date arithmetic; it never calls the rules, so the rows are not
// shaped by the code they are meant to test.
package synth
