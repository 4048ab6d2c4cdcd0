// Package changes answers the nightly question "what changed since the
// last run, and why".
//
// Every run leaves a snapshot of its results (snapshot.jsonl.gz: one
// header line with the run's inputs, as-of date, law and tool version, then
// one line per row, sorted by match key, then a trailer). The next run
// compares itself with it:
//
//	this run's rows ──Add──▶ external sort by match key (temporary runs on disk)
//	                                   │
//	previous snapshot (already sorted) ┴─▶ merge-join ──▶ new snapshot (written as it goes)
//	                                                   └─▶ changes ──▶ external sort, most urgent first
//	                                                                     └─▶ Outcome.Each: the facts, to pkg/export
//
// Neither run is ever held in memory whole: both sides stream, and the
// sort keeps a bounded buffer. Rows match by vacancy whatever input file
// they were read from (a folder of a split run compares its own rows
// only, Options.Part); the files that came, went or were renamed are
// changes of their own (inputs.go). A baseline that cannot be trusted (not
// a snapshot, corrupt, truncated, from a newer tool) or that shares no
// vacancy with the run is reported and the comparison is skipped; the run
// itself goes on.
//
// A change is facts (changes.Change: its kind, item, dates, the values
// before and after, its cause), never a sentence: pkg/export words them,
// in changes.csv, the Changes sheet and the digest. The package depends
// on compute's types only; the pipeline feeds it and export writes what
// it returns.
package changes
