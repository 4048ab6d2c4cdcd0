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
// Data flows one way: ingest knows nothing of compute's results, compute
// knows nothing of files, export only writes what it is given. Run is the
// whole job without the command line, so it is tested directly.
package pipeline
