// Package compute is the rules engine: given one vacancy, a law's
// calendar and an as-of date, it returns when the office became vacant
// (Public Officers Law § 30), which election fills it (§ 42), every
// nomination deadline that election sets (Election Law § 6-158, rolled off
// weekends and holidays by § 1-106), which editions of the law decided
// them, and the conflicts it finds.
//
// It sits in the middle of the flow
//
//	ingest → compute → export
//
// and is pure: standard library only, no clock, no time zone, no I/O. Ingest
// and export depend on its types; it depends on neither.
//
// compute holds the shapes of the law (law.go: Law, Edition, FillRules,
// DeadlineRule, YearAct, …; count.go: the counting kinds) and the engine
// that reads them. The values — which Thursday, how many days, since when,
// and the statute's words — are a jurisdiction's data: New York's are in
// pkg/nylaw. The engine never names a rule, a deadline code or a year of
// them: it asks the Law which edition is in force on a date (the keying
// rule: the vacancy date for § 42(1) and (4), the proclamation for the
// special-election window and deadlines, the year for the regular
// calendar) and iterates what that edition holds. So `batch rules` and the
// Rules sheet print exactly what the engine applies (RulesOf).
//
// Some offices are governed by another law than the state's vacancy rule
// (Law.Regimes, local.go): the engine knows three shapes of such a law (a
// notice beside the state's rules, appointment by official years then an
// election, a charter's mandatory special election chosen by paragraph
// steps; village.go, charter.go, governs.go) and reads every number and
// sentence of them from the regime's editions.
//
// Adding an edition is a change of data and tests, never of this package:
// append an Edition (a copy of the last one with what changed) to the
// law's Editions with its From day, its act and how sure that day is; add
// one-year acts as YearActs; run the data package's tests and review the
// samples' golden diff.
package compute
