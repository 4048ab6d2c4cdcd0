package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// Village Law § 3-312: a vacancy in an elective village office is filled
// by the mayor's appointment (the board of trustees' for the office of
// mayor) for the rest of the official year, or to the end of the next one
// when the vacancy comes less than seventy-five days before the third
// Tuesday of the month preceding the year's end; the rest of the term is
// elected at the general village election before the appointment ends
// (docs/LAW.md, "Villages"). With Village Law § 3-302(1) (the official
// year), Election Law § 15-104(1) (the election's day), § 15-106 (special
// village elections, not modelled) and S4483/A6685 of 2025 (a bill, not a
// law). The nominations are eln15108.go's.

const (
	citeVIL3312    = "Village Law § 3-312"
	citeVIL3312_1  = "Village Law § 3-312(1)"
	citeVIL3312_3  = "Village Law § 3-312(3)"
	citeVIL3312_3a = "Village Law § 3-312(3)(b)(1)"
	citeVIL3312_3b = "Village Law § 3-312(3)(b)(2)"
	citeVIL3312_4  = "Village Law § 3-312(4)"
	citeVIL3302_1  = "Village Law § 3-302(1)"
	citeEL15104_1a = "Elec. Law § 15-104(1)(a)"
	citeEL15106    = "Elec. Law § 15-106"

	codeVillageLaw = "village_law"
)

var villageClasses = []c.OfficeClass{c.Village}

// villageRules are § 3-312 as read (published 2014-09-22 on the Senate's
// site; "current through 2024 NY Law Chapter 553" in a later copy).
var villageRules = c.VillageRules{
	Month: time.March,
	Assumed: c.LocalConflict{Code: "VILLAGE_CALENDAR_ASSUMED", Severity: c.Info,
		Message: "No village_election_month: the general village election is assumed to be in {month} (Elec. Law § 15-104(1)(a)); a village that elects in another month gets other days: enter village_election_month."},
	MonthBy: c.Authority{Cite: citeEL15104_1a,
		Words: "on the third Tuesday in March except in any village which presently elects, or hereafter adopts a proposition to elect, its officers on a date other than the third Tuesday in March",
		Note:  "§ 15-104(1)(c): a village whose elections the county board conducts may hold them on the day of the general election"},
	// "the third Tuesday" of the election's month, counted from its first day.
	Election:   []c.Count{c.NthOfMonth(0, time.Tuesday, 3)},
	ElectionBy: c.Authority{Cite: citeEL15104_1a, Words: "on the third Tuesday in March", Note: "in the month of village_election_month; village_election_date gives another day"},
	// "the first Monday in the month following the date of the general
	// village election".
	YearEnd: []c.Count{c.MonthsOn(1), c.NthOfMonth(0, time.Monday, 1)},
	YearBy: c.Authority{Cite: citeVIL3302_1,
		Words: "An official year begins at noon on the first Monday in the month following the date of the general village election",
		Note:  "terms of mayor and trustee are two official years, of village justice four (§ 3-302(3), unless the village provides otherwise)"},
	// "the third Tuesday of the month preceding the end of the current
	// official year", counted from that end.
	Cutoff:     []c.Count{c.MonthsBack(1), c.NthOfMonth(0, time.Tuesday, 3)},
	CutoffDays: 75,
	Balance: c.Authority{Cite: citeVIL3312_3a,
		Words: "If such vacancy occurs at least seventy-five days prior to the third Tuesday of the month preceding the end of the current official year, for the balance of such year."},
	Further: c.Authority{Cite: citeVIL3312_3b,
		Words: "If such vacancy occurs less than seventy-five days prior to the third Tuesday of the month preceding the end of the current official year, for the balance of the year and, if the term of office does not expire at the end of such year, by further appointment to the end of the next official year."},
	Between: c.Authority{Cite: citeVIL3312_3b, Mark: c.Interpretation,
		Note: "a vacancy after that Tuesday but before the official year ends is read as \"less than seventy-five days prior\": no other paragraph covers it"},
	SnapDays: 7,
	Snap: c.Authority{Cite: citeVIL3302_1, Mark: c.Interpretation,
		Note: "a term ends at noon on the first Monday of the month after the village election; a term_end up to seven days before that Monday (the end of the month, a Sunday) is read as it"},
	OffYear:        "term_end {term_end} is not the end of an official year of a village electing in {month} (the nearest is {boundary}, the first Monday of the month after the election): the appointment's end and the election are counted from the term_end given; check it, or enter village_election_month",
	Appointer:      "mayor",
	BoardAppointer: "board_of_trustees",
	BoardFor:       []string{"mayor"},
	BoardNot:       []string{"deputy mayor"},
	Appointment: c.Authority{Cite: citeVIL3312_3,
		Words: "Vacancies in offices caused other than by expiration of the terms thereof shall be filled by the mayor, except the office of mayor which shall be filled by the board of trustees, to the extent and for the periods of time set forth herein",
		Note:  "a power, not a duty with a deadline: when no appointment is made the seat stays vacant until the election (no conflict)"},
	Remainder: c.Authority{Cite: citeVIL3312_4,
		Words: "Elective offices, which have been filled by appointment for part of the unexpired terms thereof shall further be filled for the remaining part of such terms by election at the general village election, if any, regularly scheduled to be held prior to the end of the period of such appointment."},
	Special: []c.Count{c.MonthsBack(1), c.NthOfMonth(0, time.Tuesday, 3)},
	SpecialBy: c.Authority{Cite: citeVIL3312_4,
		Words: "In the event no general village election is scheduled, a special village election shall be held on the third Tuesday of the month preceding the end of the period of such appointment."},
	FullTerm: c.Authority{Cite: citeVIL3312_1,
		Words: "Elective offices shall be filled at the general village election next preceding the expiration of the terms thereof."},
	Called: c.Authority{Cite: citeEL15106,
		Words: "on a Tuesday as soon as practicable … in no event on a day less than sixty-one nor more than ninety-five days after the day on which the official call for such special election is made by the board of trustees of the village",
		Note:  "special village elections called under § 15-106 (an election not held, an office left off the ballot) are not modelled"},
	CalledReview: "a special_election_date of {date} is not the day Village Law § 3-312(4) gives ({day}); a special village election called under Elec. Law § 15-106 (61 to 95 days after the trustees' call) is not modelled",
	NoTermEnd:    "Village Law § 3-312(3)(b)(2) extends the appointment, and § 3-312(4) elects the rest of the term, only if the term goes on: enter term_end (the appointment runs at least to {until})",
	Filing:       "the petitions and certificates are filed with the village clerk when the board of elections does not conduct the village's election (Elec. Law § 6-144)",
	November: &c.VillageNovember{Month: time.November,
		Conflict: c.LocalConflict{Code: "VILLAGE_NOVEMBER", Severity: c.Warning,
			Message: "The village elects on the day of the general election: Village Law § 3-312 keys on the third Tuesday of November; A6685/S4483 of 2025 would fill such vacancies under Pub. Off. Law § 42(1); as read, S4483 was introduced on 2025-02-05 and referred to the Local Government committee, not enacted; check for a later chapter."},
		Review: "a village election held with the general election is conducted by the county board (Elec. Law § 15-104(1)(c)): its nominations are taken to follow article 6 (the regular calendar of the year), inferred; § 15-100 and article 6 title 2 not read whole",
		Authority: c.Authority{Cite: "S4483/A6685 of 2025 (bill)", Mark: c.Unsourced,
			Words: "(3) Whenever a village, pursuant to section 15-104 of the election law, has provided that village elections shall occur on the day of the general election such vacancy shall be filled in accordance with subdivision one of section forty-two of the public officers law.",
			Note:  "bill text read (legiscan: introduced 2025-02-05, referred to local government); if enacted it becomes a dated edition switching these rows to Pub. Off. Law § 42(1)"}},
}

// villageV0 is the only edition: § 3-312 as read, with § 15-108's
// nominations.
var villageV0 = c.Edition{
	ID: "V0",
	Authority: c.Authority{Cite: citeVIL3312, Words: "Village Law § 3-312 and Election Law § 15-108 as read in 2025",
		Note: "the texts read carry no date of enactment the rules depend on; a later amendment (A6685/S4483) would be a new edition"},
	Village:      &villageRules,
	Deadlines:    eln15108,
	TooLate:      tooLateVillage,
	TooLateRv:    "no late-vacancy rule of Elec. Law § 15-108 was read",
	CheckAgainst: "the village clerk",
}

var regimeVillage = c.Regime{
	Code: codeVillageLaw, Classes: villageClasses, Shape: c.ShapeAppointment, ComputeAs: c.OtherOffice,
	Words:    "a village office",
	Named:    citeVIL3312,
	Editions: []c.Edition{villageV0},
	Authority: c.Authority{Cite: citeVIL3312,
		Words: "elective village offices (mayor, trustee, village justice): Village Law § 3-312 and Election Law article 15, not Pub. Off. Law § 42",
		Note:  "Pub. Off. Law § 42(1) governs an office \"authorized to be filled at a general election … unless otherwise provided\""},
}
