// Package outdir keeps the output folder: a run's outputs appear in it all
// at once, whole, when the run commits, and a failed run leaves it as it was.
//
// The output folder holds one run's outputs, whole, or the previous run's,
// whole; never a mix, never a file of a format this run was not asked for.
//
//	OUT/
//	  results.xlsx  -> .batch/current/results.xlsx   (one link per output,
//	  vacancies.csv -> .batch/current/vacancies.csv   file or folder)
//	  …
//	  .batch/
//	    lock                 held (flock) by the run writing into OUT
//	    current -> runs/ID   the set in place: switched by one rename
//	    runs/ID/             a complete set and its manifest.json
//	    runs/ID2/            the set being written (staging), or a killed run's
//	    spill-ID2/           excelize's spill files while the workbook is written
//
// A run writes every output into its own runs/ID folder. Commit then puts
// a link in OUT for each output (a new name dangles until the switch: it
// shows nothing old), switches .batch/current to runs/ID with one rename
// of a new symbolic link over the old one, and removes the links of
// outputs this run did not write (they dangle once current is switched, so
// no old file is readable beside the new set from that instant). The
// rename is the commit: before it every link shows the previous set, after
// it the new one. A reader that needs one consistent set across several
// files opens them through one resolution of .batch/current.
//
// Only one run writes into a folder at a time: a second one fails at once
// (exit 1) with a message naming the folder, rather than waiting for a
// run that may take an hour. What a killed run left (a half-written or an
// unswitched set, a half-done link change) is cleaned by the next run,
// which rolls back to the set .batch/current names. A folder written by an
// earlier version (regular files) is migrated by the first commit: the old
// files it can prove that version wrote (own.go) are hard-linked (or
// copied) into a set of their own, current is pointed at it, and each file
// is replaced by its link, which shows the same bytes, before the new set
// is switched in.
//
// Nothing the tool did not write is replaced or removed (own.go): a name
// in OUT held by anything but the tool's link, a set's file or folder, or
// a proven output of an earlier version stops the commit before anything
// changes; a set holding what the tool did not write stops the run before
// the set is used.
//
// Commit takes whatever files and folders the run produced in its staging
// folder: a format or a folder added later (by-county/, a digest) is
// committed with the set, and linked, without a change here. Where
// symbolic links cannot be made (Windows without Developer Mode), the
// folder holds copies instead (copies.go).
//
// The package knows no output format: pkg/export names the outputs
// (Outputs) and writes each through a File. WriteFile puts a single file
// in place whole (the input template). Abandon is for a process exiting
// on a signal while a run goes on.
//
// A binary built with -tags batchtest pauses its commit at a step the
// environment names, and writes copies when BATCH_TEST_NO_LINKS=1
// (commithook_batchtest.go): cmd/batch's tests kill it at every step.
package outdir
