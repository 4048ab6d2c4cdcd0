// Package pipeline wires the phases of a batch run:
//
//	inputs ──ingest──▶ rows ──pool of N workers: compute──▶ results (input order)
//	                                                         │
//	                     cross-row checks (DUPLICATE_VACANCY) ◀┘
//	                                                         │
//	           changes: each row's record, sorted ◀──────────┤ (the snapshot, and the
//	           and merged with the last run's snapshot       │  comparison, issue 12)
//	                                                         │
//	                 export: xlsx, csv, ics, json, digest ◀──┘ (temporary files, the
//	                                                            snapshot among them,
//	                                                            renamed when complete)
//
// With --split (split.go), phase one also notes each row's place in the
// spill under each of its values; while phase two writes the statewide
// outputs, the slices are read back from the spill by place, computed
// again and written one folder at a time into the same set:
//
//	spill ──by place, one value's rows──▶ compute ──▶ export: by-county/<value>/
//
// Data flows one way: ingest knows nothing of compute's results, compute
// knows nothing of files, export only writes what it is given. Run is the
// whole job without the command line, so it is tested directly.
package pipeline
