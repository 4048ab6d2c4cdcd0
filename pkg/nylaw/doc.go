// Package nylaw is New York's law as dated data: the values the rules
// engine (pkg/compute) reads, one file per statute, the words above the
// values.
//
//	pol30.go         Public Officers Law § 30: causes, residency exemptions
//	pol42.go         § 42 by edition: cut-offs, bars, windows, the duty to proclaim
//	eln8100.go       Election Law § 8-100: the September and June primaries, the general election
//	eln6158_2010.go  § 6-158 of the September-primary era (the seed text)
//	eln6158_2019.go  § 6-158 re-keyed to the June primary (L.2019 ch. 5)
//	eln6158_2022.go  special-election deadlines for the Senate and Assembly (L.2022 ch. 164)
//	gcl24.go         General Construction Law § 24: public holidays
//	board.go         the state board's nomination calendar, line for line (calendar-only rules), in the order of the year:
//	eln4106.go       § 4-106: offices certified by February 1
//	eln2120.go       § 2-120(1): the statement of party positions
//	eln6164.go       §§ 6-164, 6-166(3): the opportunity to ballot's first day to sign and its notices
//	eln6120.go       § 6-120(3): authorizations of designations, substitutions and § 6-116 nominations
//	eln4110.go       §§ 4-110, 4-112(1), 4-114: the primary and general ballots certified
//	eln6146.go       § 6-146(6): declining the party nominations after a lost primary
//	eln6158_board.go § 6-158(3), (5)-(6), (11) as the board's calendar applies them beyond the vacancy rows
//	oneyear.go       one-year acts and orders (2020–2024, 2026); the federal court's calendars 2012–2018
//	vil3312.go       Village Law § 3-312 (with §§ 3-302, Elec. Law 15-104, 15-106): a village's vacancies (V0)
//	eln15108.go      Elec. Law § 15-108: a village election's nominations
//	nyccharter.go    the New York City Charter §§ 10(c), 24(c), 25(b), 81(e), 94(c) (NYC0, NYC1), its default terms
//	localcharter.go  other cities and charter counties: LOCAL_CHARTER, the list of charter counties
//	words.go         what each deadline asks for, in plain words, in the statute's order
//	nylaw.go         the editions E0–E4 assembled, the keying rule, the data's freshness
//
// The editions and which date keys which table:
//
//	E0  —           the seed texts (2010)
//	E1  2011-03-09  L.2011 ch. 4: special election 70–80 days after the proclamation (day inferred)
//	E2  2019-01-24  L.2019 ch. 5: June primary; § 42(1) three months; § 6-158 re-keyed (sourced)
//	E3  2021-07-30  L.2021 ch. 320: duty to proclaim in 10 days; 70–80 Congress, 40–50 others; § 42(4)(c) (day inferred)
//	E4  2022-03-25  L.2022 ch. 164: 40–50 only for Senate and Assembly, same-date proviso; 7/9/11/13-day deadlines (day inferred)
//
// The local laws (Law.Regimes) govern the offices § 42(1) leaves to
// them ("unless otherwise provided"), each with its own editions keyed on
// the vacancy date: V0 (villages), NYC0 before the 2019 charter amendment
// and NYC1 from 2019-11-06 (inferred). Their rows' law_edition follows the
// state's: E4+V0, E4+NYC1.
//
// § 42(1) and (4) and the duty to proclaim follow the edition in force on
// the vacancy date; § 42(3)'s window and the special-election deadlines
// the one in force on the proclamation; a year's regular calendar the one
// in force on February 1 of that year, then the year's one-year act.
//
// Adding a sixth edition: write its values (a copy of e4 with what the act
// changed, From its first day, the act and how sure that day is), append
// it to NewYork's Editions, add tests from the published calendars of its
// years, and review the samples' golden diff. No file of pkg/compute
// changes, even for a deadline counted from a new event (a new row the
// others count from): TestASixthEditionIsData and
// TestASixthEditionChangesAShape show it, and TestTheEngineHoldsNoLaw
// keeps every citation, edition and code out of the engine. Clone each
// value you copy (Edition.Clone): a shallow copy would share, and change,
// the earlier edition's tables. docs/LAW.md summarizes the data and its
// sources.
package nylaw
