// Package export writes a batch's outputs, the contract's tables and sheets
// (CONTRACT.md, Output), into a set of the output folder (pkg/outdir).
//
// The outputs are results.xlsx, vacancies.csv, deadlines.csv,
// conflicts.csv, errors.csv, deadlines.ics and summary.json. It is the
// last step of the flow: ingest reads rows, compute decides each vacancy,
// and the pipeline makes one Writer from a finished Plan (the
// carried-through columns, every conflict counted by its place on the
// sorted Conflicts sheet, the split) and hands it every compute.Result and
// ingest.Problem, in input order, then commits it. The deadline rows,
// which need no plan, may go first (Start, Deadlines.Add), while the
// inputs are still being read.
//
// What it owns:
//
//   - Streaming. Every big sheet has its own excelize stream writer, all
//     open at once; CSV and ICS are written row by row. Memory stays flat
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
//   - Excel's row limit. A sheet holds at most 1,048,576 rows; a longer table
//     continues on "Deadlines (2)", "Deadlines (3)", … with the same header,
//     and Summary says so. The CSV files are never split. Every part of a
//     table stays open until Commit, since an autofilter records its sheet's
//     position, which a later continuation sheet would shift; each open part
//     holds at most excelize's 16 MB buffer before spilling to disk.
//   - Sheet size. The stream writer would keep the template's stale
//     dimension "A1" (readers that trust it, such as openpyxl read-only,
//     then see one row), and the true size is unknown until the end, so the
//     sheets carry no dimension element: openpyxl reads every row and
//     reports max_row as None.
//   - Looks. Real date cells (yyyy-mm-dd), frozen and filtered headers (and
//     the id column of the wide tables), columns sized from the first rows
//     within a cap per column, text wrapped and each row given the height
//     its text needs (rowheight.go: spreadsheets do not grow rows written
//     by a program), and a small fixed set of styles: red fill for a row
//     whose conflict is an error, amber for a warning (Vacancies by the
//     worst conflict, Conflicts by its own, Deadlines when a conflict names
//     that deadline), a bold blue date that § 1-106 rolled over, grey
//     italics for a passed deadline. A highlighted vacancy's conflicts cell
//     links to its most severe line on Conflicts, and each Conflicts line
//     links back; past excelLinkLimit real hyperlinks on one sheet the
//     link is a HYPERLINK formula the tool writes itself. Summary opens
//     with what needs action; the Column guide says what each column means.
//   - Print. Every sheet prints landscape, its header rows on every page,
//     as few pages wide as keep its text at 55 % of its size (most sheets
//     one, Vacancies two), with a page header naming the sheet and the
//     as-of date and a footer naming the law applied and the page.
//   - Safety (guard.go). Text that a spreadsheet would take for a formula
//     (a control character first, or =, +, -, @ or their full-width forms
//     as the first visible character) gets an apostrophe in front in the
//     CSV files; in the workbook, header rows and input echoes included, it
//     is written as text with the cell's quotePrefix flag instead, so it
//     reads as typed and stays text when edited (cellText). Numbers and
//     dates the tool writes stay typed; ids, districts and counties are
//     always text.
//   - Determinism. The same results and as-of date give the same cells in
//     the same order; breakdowns are sorted by key. The only clock values
//     are the durations on Summary and in summary.json. In deadlines.ics,
//     DTSTAMP is the as-of date.
//
// The workbook's zip is written straight to its file through
// excelize.File.SetZipWriter (deflate level 1 from klauspost/compress):
// excelize's own Write would first assemble the whole zip in memory. This
// leans on how excelize v2.11.1 saves; TestWorkbookRoundTrip guards it.
package export
