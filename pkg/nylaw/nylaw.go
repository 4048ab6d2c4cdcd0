package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// NewYork is New York's law as dated data: the seed edition and the four
// editions after it, the one-year acts, the holidays. The pipeline and the
// command line pass it to compute.NewCalendar.
var NewYork = c.NewLaw(c.Law{
	Name:        "New York",
	Editions:    []c.Edition{e0, e1, e2, e3, e4},
	Acts:        acts,
	General:     generalElection,
	GeneralBy:   generalBy,
	Holidays:    holidays,
	Causes:      causes,
	Residency:   residency,
	ArmedForces: armedForces,
	Terms:       append(append([]c.DefaultTerm(nil), defaultTerms...), nycTerms...),
	Notices:     notices,
	RollOver:    rollOver,
	Words:       deadlineWords,
	Filing:      filingOffices,
	Guide:       guide,
	Cites: c.Citations{
		Vacancy:     citePOL30,
		VacancyTerm: citePOL30_1,
		Deadlines:   "Elec. Law § 6-158",
		Succession:  "N.Y. Const. art. IV §§ 5, 6",
		Fill:        citePOL42,
	},
	// The offices § 42(1) leaves to other laws ("unless otherwise
	// provided"): villages, New York City's charter offices, other
	// cities and charter counties.
	Regimes:        []c.Regime{regimeVillage, regimeNYC, regimeCity, regimeCounty},
	Governing:      "state",
	Proclaimer:     "governor",
	Keying:         keying,
	CheckedThrough: c.D(2026, time.December, 1),
	StaleAfterDays: 180,
	// A date resting on text nobody has read is checked against the
	// board's published calendar of its election.
	CheckAgainst: "the board's calendar",
})

// keying is which date picks the edition. No act states a transition
// rule: this is an interpretation, printed by `batch explain` and on the
// Rules sheet.
var keying = c.Keying{
	Fill:        "§ 42(1) (which general election), § 42(4) (the bars) and the duty to proclaim follow the edition in force when the office became vacant",
	Special:     "§ 42(3)'s window and the special-election deadlines follow the edition in force on the day of the proclamation",
	Calendar:    "a year's regular calendar (its primary and general-election deadlines) follows the edition in force on February 1 of that year, then the year's one-year act",
	Straddle:    "§ 42(1), (4) and the duty to proclaim follow the vacancy's edition; the window and the special-election deadlines follow the proclamation's",
	CalendarDay: c.MonthDay{Month: time.February, Day: 1},
	Authority: c.Authority{Cite: "keying rule (interpretation: no act states a transition rule)", Mark: c.Interpretation,
		Note: "February 1 is January 1 in every year but 2019, where it gives E2: L.2019 ch. 5 took effect on January 24, before that year's petitioning opened on February 26"},
}

// rollOver paraphrases Elec. Law § 1-106(1).
var rollOver = c.Authority{Cite: "Elec. Law § 1-106",
	Words: "When the last day for filing a petition or certificate falls on a Saturday, Sunday or legal holiday, the next business day becomes the last day.",
	Mark:  c.Interpretation, Note: "a paraphrase: § 1-106's text is not among the texts read"}

// The editions, oldest first; each is the one before with what its act
// changed.
var (
	e0 = c.Edition{
		ID:        "E0",
		Authority: c.Authority{Cite: "the 2010 texts", Words: "Public Officers Law §§ 30 and 42 as of 2010; Election Law § 6-158 of the September-primary era"},
		Primary:   primarySeptember,
		Fill:      fillSeed,
		Deadlines: eln6158Seed,
		Specials:  []c.SpecialTable{{Window: windowSeed, Rows: specialSeed}},
		TooLate:   tooLateSeed,
	}
	e1 = func() c.Edition {
		e := e0.Clone()
		e.ID, e.From = "E1", c.D(2011, time.March, 9)
		e.Authority = c.Authority{Cite: "L.2011 ch. 4 (S3500/A5698)", Act: "L.2011 ch. 4", Mark: c.Inferred,
			Words: "§ 42(3): the special election 70 to 80 days after the proclamation",
			Note:  "signed 2011-03-09 and used the same day for a proclamation; the act's effective-date clause not read"}
		e.Specials = []c.SpecialTable{{Window: window2011, Rows: specialSeed}}
		return e
	}()
	e2 = func() c.Edition {
		e := e1.Clone()
		e.ID, e.From = "E2", c.D(2019, time.January, 24)
		e.Authority = c.Authority{Cite: "L.2019 ch. 5 (A779/S1103)", Act: "L.2019 ch. 5",
			Words: "the primary on the fourth Tuesday of June; § 42(1) \"three months before the general election\"; § 6-158 re-keyed to the June primary",
			Note:  "\"eff. 1/24/2019\""}
		e.Primary = primaryJune
		e.Fill = fill2019(e1.Fill)
		e.Deadlines = append(eln6158June(false), boardLines(boardEra{})...)
		e.TooLateRv = reviewSub13
		return e
	}()
	e3 = func() c.Edition {
		e := e2.Clone()
		e.ID, e.From = "E3", c.D(2021, time.July, 30)
		e.Authority = c.Authority{Cite: "L.2021 ch. 320 (S7227/A8028)", Act: "L.2021 ch. 320", Mark: c.Inferred,
			Words: "the governor shall proclaim within ten days; 70 to 80 days for Congress, 40 to 50 for other offices; § 42(4)(c)",
			Note:  "signed 2021-07-30; effective-date clause not read; the chapter number inferred from a later bill's \"as amended by\""}
		e.Fill = fill2021(e2.Fill)
		e.Deadlines = append(eln6158June(false), boardLines(boardEra{ch276: true})...)
		e.Specials = []c.SpecialTable{
			{Offices: congress, Window: window2021Congress, Rows: specialSeed},
			{Window: window2021Other, Rows: specialSeed},
		}
		return e
	}()
	e4 = func() c.Edition {
		e := e3.Clone()
		// In force by 2022-03-25: the Senate's pages for Elec. Law §§ 4-112
		// and 10-108 carry ch. 164's "special election held pursuant to
		// paragraph b of subdivision three of section forty-two" words
		// "published on 2022-03-25", and the same site published L.2019
		// ch. 5 one day after its signing. The signing day is not read, so
		// a proclamation from 2022-01-12 (the stretch in which ch. 164 may
		// already have been law) gets both results.
		e.ID, e.From, e.Doubt = "E4", c.D(2022, time.March, 25), c.D(2022, time.January, 12)
		e.Authority = c.Authority{Cite: "L.2022 ch. 164", Act: "L.2022 ch. 164", Mark: c.Inferred,
			Words: "40 to 50 days only for the State Senate and Assembly, with the same-date proviso; their special-election deadlines 7, 9, 11 and 13 days",
			Note:  "in force by 2022-03-25, the day the Senate published ch. 164's words in Elec. Law §§ 4-112 and 10-108 (inferred: the signing day and the effective-date clause are not read); a proclamation from 2022-01-12 to 2022-03-24 is given both results"}
		e.Fill = fill2022(e3.Fill)
		e.Deadlines = append(eln6158June(true), boardLines(boardEra{e4: true, ch276: true})...)
		e.Specials = []c.SpecialTable{
			{Offices: senateAsm, Window: window2022SenateAssembly, Rows: specialSenateAssembly},
			{Window: window2022Other, Rows: specialSeed},
		}
		return e
	}()
)
