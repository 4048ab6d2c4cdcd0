// Package compute is the rules engine: given one vacancy, a political
// calendar and an as-of date, it returns when the office became vacant
// (Public Officers Law § 30), which election fills it (§ 42), every
// nomination deadline that election sets (Election Law § 6-158, rolled off
// weekends and holidays by § 1-106) and the conflicts it finds.
//
// It sits in the middle of the flow
//
//	ingest → compute → export
//
// and is pure: standard library only, no clock, no time zone, no I/O. Ingest
// and export depend on its types; it depends on neither. The law lives in
// tables (rules_*.go) next to the statute's words, so that `batch rules`
// and the Rules sheet print exactly what the engine applies.
package compute
