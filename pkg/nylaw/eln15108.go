package nylaw

import c "batch/pkg/compute"

// Election Law § 15-108: the nominations for a village election, counted
// from the election's day (AtElection). Read on the Senate's site and in
// several copies (ny.elaws.us, newyork.public.law, instalawyer.io); the
// filing day of a caucus's certificate, in subdivisions (3)–(7), was not
// read. § 1-106's roll-over is applied to the last days (inferred: it is
// in the Election Law's general article, and no village exception was
// read).

const (
	citeEL15108_2a = "Elec. Law § 15-108(2)(a)"
	citeEL15108_8a = "Elec. Law § 15-108(8)(a)"
	citeEL15108_8b = "Elec. Law § 15-108(8)(b)"
	citeEL15108_8c = "Elec. Law § 15-108(8)(c)"
	citeEL15108_9a = "Elec. Law § 15-108(9)(a)"
	citeEL15108    = "Elec. Law § 15-108"

	dlVillageCaucus         = "village_caucus"
	dlVillagePrimary        = "village_primary"
	dlVillageSigning        = "village_independent_signing_start"
	dlVillagePetition       = "village_independent_petition"
	dlVillageAD             = "village_independent_accept_decline"
	dlVillageVD             = "village_independent_vacancy_declination"
	dlVillageCaucusCert     = "village_caucus_certificate"
	noteVillageRollOverInfr = "§ 1-106's roll-over applied (inferred: no village exception was read)"
)

var eln15108 = []c.DeadlineRule{
	{
		// A caucus is held, not filed: no roll-over.
		Code: dlVillageCaucus, Kind: c.Window, NotFiling: true,
		Start: c.From(c.AtElection, c.Days(-56)),
		Last:  c.From(c.AtElection, c.Days(-49)),
		Authority: c.Authority{Cite: citeEL15108_2a,
			Words: "Party nominations of candidates for village offices in any county shall be made at a party caucus or, if the rules of the county committee … so provide, at a primary election. … Such nomination shall be made not more than fifty-six, nor less than forty-nine days prior to the date of the village election.",
			Note:  "a caucus is held, not filed: never rolled over"},
	},
	{
		Code: dlVillagePrimary, Kind: c.LastDay, NotFiling: true,
		Last:    c.From(c.AtElection, c.Days(-49)),
		Unknown: "A village primary is held only where the county committee's rules require one (else the party caucus nominates); the tool cannot know the rules: check with the county committee.",
		Authority: c.Authority{Cite: citeEL15108_2a,
			Words: "If the rules of the county committee of any political party provide that party nominations for village offices of that party in any or all villages in the county shall be made at a village primary election, such primary election shall be held forty-nine days prior to the date of the village election.",
			Note:  "an election day: never rolled over"},
	},
	{
		Code: dlVillagePetition, Kind: c.Window, RollOver: true,
		Start: c.From(c.AtElection, c.Days(-42)),
		Last:  c.From(c.AtElection, c.Days(-35)),
		Authority: c.Authority{Cite: citeEL15108_8a,
			Words: "An independent nominating petition for an office to be filled at the time of a general or special village election shall be filed not earlier than forty-two days nor later than thirty-five days preceding the election.",
			Note:  noteVillageRollOverInfr},
	},
	{
		// An opening: the first day a signature counts; its last day is
		// the petition's.
		Code: dlVillageSigning, Kind: c.Window, RollOver: true,
		Start: c.FromRowStatutory(dlVillagePetition, c.WeeksBack(6)),
		Last:  c.FromRowStatutory(dlVillagePetition),
		Authority: c.Authority{Cite: citeEL15108_9a,
			Words: "such signature was not made more than six weeks prior to the last day to file such petition",
			Note:  "an opening: never rolled over; " + noteVillageRollOverInfr + " to the last day"},
	},
	{
		Code: dlVillageAD, Kind: c.LastDay, RollOver: true,
		Last: c.FromRow(dlVillagePetition, c.Days(3)),
		Authority: c.Authority{Cite: citeEL15108_8b,
			Words: "A certificate of acceptance or declination of an independent nomination for an office to be filled at the time of a general or special village election shall be filed not later than three days after the last day to file the petition which made such independent nomination.",
			Note:  noteRolledFromEffective + "; " + noteVillageRollOverInfr},
	},
	{
		Code: dlVillageVD, Kind: c.LastDay, RollOver: true,
		Last: c.FromRow(dlVillageAD, c.Days(3)),
		Authority: c.Authority{Cite: citeEL15108_8c,
			Words: "A certificate to fill a vacancy caused by a declination of an independent nomination for an office to be filled at the time of a general or special village election for offices shall be filed not later than three days after the last day to file the certificate of declination",
			Note:  noteRolledFromEffective + "; " + noteVillageRollOverInfr},
	},
	{
		// Not read: no date, and the row says what to check.
		Code: dlVillageCaucusCert, Kind: c.LastDay, RollOver: true,
		Review: "§ 15-108's filing day for caucus certificates was not read: no date is given",
		Authority: c.Authority{Cite: citeEL15108, Mark: c.Unsourced,
			Note: "the filing day of a caucus's certificate of nomination, in § 15-108(3)–(7), was not read: the row has no date; the full text of those subdivisions settles it"},
	},
}

// tooLateVillage: no late-vacancy rule of § 15-108 was read; a last day
// before the vacancy is TOO_LATE, to be met as soon as practicable.
var tooLateVillage = c.Authority{Cite: citeEL15108, Mark: c.Unsourced,
	Note: "a last day before the vacancy raises TOO_LATE: no late-vacancy rule of § 15-108 was read"}
