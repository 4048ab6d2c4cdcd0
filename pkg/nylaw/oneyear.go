package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// One-year acts and orders: each year's dates that the permanent formula
// does not give, each row with its source. Rows an act does not list are
// derived from its dates by the permanent relations ("four days after the
// last day to file"), except openings: a first day is never derived from
// an act's dates. A calendar input still overrides all of them.

func year(y int) c.Span { return c.Span{From: c.D(y, time.January, 1), To: c.D(y, time.December, 31)} }

var acts = []c.YearAct{
	{
		ID: "T2020", Year: 2020, On: "E2", InForce: year(2020),
		Authority: c.Authority{Cite: "executive orders of 2020 during the epidemic", Mark: c.Unsourced,
			Words: "designating petitions due 2020-03-20; independent petitions 2020-07-27 to 2020-07-30",
			Note:  "dates reported by the press and county boards; the act or order behind the March 20 date has not been read"},
		Rows: []c.ActRow{
			{Code: dlDesignatingPetition, Last: c.D(2020, time.March, 20),
				Review: "the order behind the 2020 designating-petition last day (2020-03-20, reported by the press and county boards) has not been read"},
			{Code: dlDesignationAD, Last: c.D(2020, time.March, 24)},
			{Code: dlIndependentPetition, Start: c.D(2020, time.July, 27), Last: c.D(2020, time.July, 30)},
			{Code: dlIndependentAD, Last: c.D(2020, time.August, 3)},
			{Code: dlIndependentVD, LastFrom: ptr(c.FromRow(dlIndependentAD, c.Days(3))),
				Review: "no source gives 2020's last day to fill a vacancy after an independent declination: it is derived from the acceptance day by the permanent relation (+3)"},
		},
		Items: []c.ActItem{{Code: "presidential_primary", Date: c.D(2020, time.June, 23), Note: "the presidential primary, moved into the June primary"}},
	},
	{
		ID: "T2021", Year: 2021, On: "E2", InForce: c.Span{From: c.D(2021, time.January, 28), To: c.D(2021, time.December, 31)},
		Authority: c.Authority{Cite: "L.2021 ch. 22 (S2733/A3356)", Words: "signatures from 2021-03-02; designating petitions 2021-03-22 to 2021-03-25",
			Note: "signed 2021-01-28 (Assembly bill page, \"01/28/2021 SIGNED CHAP.22\"); the state board's 2021 calendar"},
		Rows: []c.ActRow{
			{Code: dlDesignatingPetition, Start: c.D(2021, time.March, 22), Last: c.D(2021, time.March, 25)},
			{Code: dlDesignatingSigning, Start: c.D(2021, time.March, 2)},
		},
	},
	{
		ID: "T2022", Year: 2022, On: "E3", InForce: year(2022), Offices: []c.OfficeClass{c.USRepresentative, c.StateSenator},
		Primary: c.D(2022, time.August, 23),
		Authority: c.Authority{Cite: "court order of 2022 (second primary for Congress and the State Senate)",
			Words: "a second primary on 2022-08-23 for representative in congress and state senator only; the U.S. Senate, statewide offices and the Assembly stayed on 2022-06-28",
			Note:  "New York City board calendar; state board notice; every other primary-counted row is counted from 2022-08-23 (inferred); the independent rows keep the permanent formula"},
		Rows: []c.ActRow{
			{Code: dlDesignatingPetition, Start: c.D(2022, time.June, 8), Last: c.D(2022, time.June, 10)},
			{Code: dlDesignatingSigning, Start: c.D(2022, time.May, 21)},
			{Code: dlDesignationAD, Last: c.D(2022, time.June, 13)},
			{Code: dlDesignationVD, Last: c.D(2022, time.June, 15)},
		},
	},
	{
		ID: "T2023", Year: 2023, On: "E4", InForce: c.Span{From: c.D(2023, time.March, 31), To: c.D(2023, time.December, 31)},
		Authority: c.Authority{Cite: "L.2023 ch. 120 (A5057B)",
			Words: "designating petitions from the thirteenth Monday to the twelfth Monday preceding the primary; \"a signature made earlier than forty-one days before the last day to file designating petitions … or … later than the twelfth Thursday preceding the primary election, shall not be counted\""},
		Rows: []c.ActRow{
			{Code: dlDesignatingPetition, Start: c.D(2023, time.April, 3), Last: c.D(2023, time.April, 10)},
			{Code: dlDesignatingSigning, Start: c.D(2023, time.February, 28),
				Note: "signatures made later than the twelfth Thursday preceding the primary (2023-04-06) are not counted"},
		},
	},
	{
		ID: "T2024", Year: 2024, On: "E4", InForce: year(2024),
		Authority: c.Authority{Cite: "L.2023 ch. 474 (A7690) §§ 1–8; L.2024 ch. 93 (S8664)",
			Words: "\"APRIL SECOND, TWO THOUSAND TWENTY-FOUR\" (the presidential primary); § 6-158(6) \"thirty days after the June primary\"; electors seventy-three days after the primary; for Congress, designating signatures not before 2024-02-29"},
		Rows: []c.ActRow{
			{Code: dlDesignatingSigning, Offices: []c.OfficeClass{c.USRepresentative}, Start: c.D(2024, time.February, 29),
				Note: "L.2024 ch. 93: signatures for Congress counted from 2024-02-29"},
			{Code: dlElectorsCertificate, LastFrom: ptr(c.From(c.AtPrimary, c.Days(73)))},
			{Code: dlPartyCertificate, Note: "L.2023 ch. 474: thirty days after the June primary (not the April presidential primary)"},
		},
		Items: []c.ActItem{
			{Code: "presidential_primary", Date: c.D(2024, time.April, 2), Note: "L.2023 ch. 474 § 1"},
			{Code: "presidential_designating_petition_start", Date: c.D(2024, time.January, 8), Note: "§ 6-158(1-b): the thirteenth Monday before the presidential primary"},
			{Code: "presidential_designating_petition", Date: c.D(2024, time.January, 18), Note: "§ 6-158(1-b): the eleventh Thursday before the presidential primary"},
		},
	},
	{
		ID: "T2026", Year: 2026, On: "E4", InForce: year(2026),
		Authority: c.Authority{Cite: "one-year act of 2025 for 2026 (chapter not verified)", Mark: c.Inferred,
			Words: "\"For 2026 and only 2026, the period for filing designating petitions begins on March 30 and ends on April 6\" (a law firm's note on the act); words inferred from A6774 of 2023–24: \"for the year two thousand twenty-six, such designating petition … shall be filed not earlier than the thirteenth Monday before, and not later than the twelfth Monday preceding the primary election\"",
			Note:  "to accommodate Passover; the window is sourced (\"Absent the change … this period would have ended on Thursday, April 2\"), the chapter and signing date are not"},
		Rows: []c.ActRow{
			{Code: dlDesignatingPetition, Start: c.D(2026, time.March, 30), Last: c.D(2026, time.April, 6)},
			{Code: dlDesignatingSigning, Start: c.D(2026, time.February, 24),
				Note: "signatures made later than the twelfth Thursday preceding the primary (2026-04-02) are not counted"},
		},
	},
}

// notices: the federal court order of 2012–2018 held the primary for
// Congress and the U.S. Senate in June with its own petition calendar,
// which the data does not hold.
var notices = []c.Notice{{
	Code: "FEDERAL_CALENDAR", Severity: c.Warning, Offices: []c.OfficeClass{c.USRepresentative, c.USSenator},
	Years: c.Span{From: c.D(2012, time.January, 1), To: c.D(2018, time.December, 31)}, Field: "deadlines",
	Message:   "Federal petition calendar set by court order; check the published calendar: from 2012 to 2018 congress and U.S. senate nominations followed a court-ordered June primary.",
	Authority: c.Authority{Cite: "federal court order (MOVE Act), 2012-2018", Note: "from 2019 the state and federal primaries are one"},
}}
