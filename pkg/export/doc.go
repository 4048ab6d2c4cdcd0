// Package export writes a batch's outputs, the contract's tables and sheets
// (CONTRACT.md, Output), into a set of the output folder (pkg/outdir).
//
// It is the last step of the flow: ingest reads rows, compute decides each
// vacancy, and the pipeline makes one Writer from a finished Plan (the
// carried-through columns, every conflict counted by its place on the
// sorted Conflicts sheet, the split) and hands it every compute.Result and
// problem, in input order, then commits it. The deadline rows, which need
// no plan, may go first (Start, Deadlines.Add), while the inputs are still
// being read; the calendar's events wait for Result, which brings the
// duplicates.
//
// Each format of --format is a Sink (sink.go), made by the one switch of
// formats.go, in a file of its own: the workbook (results.xlsx,
// workbook.go), the CSV tables (vacancies.csv, deadlines.csv,
// conflicts.csv, errors.csv and changes.csv, csvfiles.go), the calendar
// file (deadlines.ics, ics.go), summary.json (summaryjson.go), the
// digest (digest.txt and digest.html, digest.go, written by digest_text.go
// and digest_html.go) and deadlines.jsonl (deadlinesjsonl.go). The Writer
// keeps the staging set, the Plan, the tally every sink's counts come
// from, and the snapshot every set holds (snapshot.jsonl.gz), and hands
// each vacancy's rows (made once, for every sink: Rows), each problem and,
// once every row is written, the run's facts (Facts: the pipeline's, and
// the comparison's changes, facts the digest and changes.csv word) to its
// sinks. The mail step reads the committed set, never a sink.
//
// The law's words are the run's (Calendar.Law(), words.go): what each
// deadline asks for, where papers are filed, and what the Column guide
// and the workbook say of the law (compute.Guide). This package names no
// statute, code or edition of its own (TestTheOutputsHoldNoLaw).
//
// Every part says what its reader must do (issue 32): Deadlines leads
// with what is due, by last day; the election days ahead are items on
// Summary and in the calendar; summary.json's fail_on says whether this
// part reached --fail-on (failon.go), so that a mail goes to the boards
// whose part calls for it.
//
// What it owns:
//
//   - Streaming. The workbook's tables are written as their rows come
//     (internal/xlsx), CSV and ICS row by row. Memory stays flat
//     however many rows come in. Summary's lists are kept, each capped
//     (the next 14 days' open deadlines at 500, the next 25 whatever their
//     distance, the vacancies with errors and with warnings at 200 each;
//     the rest are counted). The Conflicts sheet is sorted worst first
//     without holding the conflicts (conflictorder.go): the Plan counts
//     each conflict's sort key, so a line's place is known when its
//     vacancy links to it, and the lines pass through sorted runs in a
//     temporary file merged at Commit (internal/extsort, keyed by place). The
//     calendar keeps a 64-bit hash of each vacancy_id (to give a repeated
//     id UIDs of its own) and the election days it names.
//   - A split run's slices (slice.go): by-COLUMN/<value>/ in the same set,
//     each written by a Writer of its own (Slices.Open) with the statewide
//     sheets over the value's rows, and by-COLUMN/index.csv; folder names
//     safe on every system and stable from run to run (foldername.go).
//   - Excel's row limit. A table longer than a sheet continues on
//     "Deadlines (2)", … (internal/xlsx), and Summary says so. The CSV
//     files are never split.
//   - Looks (internal/xlsx writes them). The id column of the wide tables
//     stays in view; columns are capped by name (columnCaps). Red fill for
//     a row whose conflict is an error, amber for a warning (Vacancies by
//     the worst conflict, Conflicts by its own, Deadlines when a conflict
//     names that deadline), a bold blue date that § 1-106 rolled over,
//     grey italics for a deadline that needs nothing; those rows follow
//     the open ones on Deadlines, which come by their last day (those
//     that apply only if no special election is held after the rest). A highlighted vacancy's conflicts cell
//     links to its most severe line on Conflicts, and each Conflicts line
//     links back; only the errors and warnings of Conflicts print. Every
//     page names the sheet, the slice, the as-of date and the law applied.
//     Summary opens with what needs action; the Column guide says what
//     each column means.
//   - Safety (guard.go). Text that a spreadsheet would take for a formula
//     (a control character first, or =, +, -, @ or their full-width forms
//     as the first visible character) gets an apostrophe in front in the
//     CSV files; in the workbook, header rows and input echoes included, it
//     is written as text with the cell's quotePrefix flag instead, so it
//     reads as typed and stays text when edited (value.book). Numbers and
//     dates the tool writes stay typed; ids, districts and counties are
//     always text.
//   - Determinism. The same results and as-of date give the same cells in
//     the same order; breakdowns are sorted by key. The only clock values
//     are the durations on Summary and in summary.json. In deadlines.ics,
//     DTSTAMP is the as-of date.
package export
