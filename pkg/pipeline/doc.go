// Package pipeline wires the phases of a batch run: it reads and computes
// every row, plans the outputs, then computes again and writes them.
//
// Phase one reads the inputs, computes each row on a pool of workers,
// writes its deadline rows (export.Deadlines: they depend on nothing later
// rows bring, and the reading leaves a CPU free) and keeps the rows in a
// spill file, with what the whole batch decides: the duplicates, the
// same-date specials, the carried-through columns, and each row's
// conflicts counted (plan.go). Those make export's Plan. Phase two reads
// the spill back, computes again, adds the cross-row conflicts, and hands
// every row, in input order, to the writer made from the Plan:
//
//	phase one  inputs ──ingest──▶ rows ──pool: compute──▶ deadline rows; spill,
//	           duplicates, plan
//	phase two  spill ──pool: compute──▶ + cross-row conflicts ──▶ export: a sink per
//	           format (workbook, CSV tables, calendar, summary.json, digest,
//	           deadlines.jsonl), temporary files, renamed when complete
//	                                              └──▶ changes: the snapshot, and the
//	                                                   comparison with the last run,
//	                                                   facts the sinks word
//
// With --split (split.go), phase one also notes each row's place in the
// spill under each of its values; while phase two writes the statewide
// outputs, the slices are read back from the spill by place, computed
// again and written one folder at a time into the same set, each from a
// plan of its own rows' counts:
//
//	spill ──by place, one value's rows──▶ compute ──▶ export: by-county/<value>/
//
// Data flows one way: ingest knows nothing of compute's results, compute
// knows nothing of files, changes answers what changed in facts, export
// only writes what it is given, with the words of the run's law. Run is the
// whole job without the command line, so it is tested directly.
package pipeline
