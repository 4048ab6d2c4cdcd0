package nylaw

import (
	"strconv"
	"time"

	c "batch/pkg/compute"
)

// One-year acts and orders: each year's dates that the permanent formula
// does not give, each row with its source. Rows an act does not list are
// derived from its dates by the permanent relations ("four days after the
// last day to file"), except openings: a first day is never derived from
// an act's dates. A calendar input still overrides all of them.

func year(y int) c.Span { return c.Span{From: c.D(y, time.January, 1), To: c.D(y, time.December, 31)} }

var acts = append(federalActs, []c.YearAct{
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
}...)

// The federal calendars of 2012–2018. From 2012 to 2018 a federal court
// (United States v. New York, N.D.N.Y. No. 1:10-cv-1214, a MOVE Act case)
// held the primary for Congress and the U.S. Senate in June while the
// state's primaries stayed in September. Its orders: 2012-01-27 (the
// fourth Tuesday of June in even years), 2012-02-09 (the 2012 calendar),
// 2013-12-12 (2014), 2015-10-29 (2016 on). Each year is a one-year act on
// the edition of its calendar (E1), for those two classes only, with every
// date a source gives and the source beside it. The windows follow no one
// formula (2014's and 2018's independent windows end 91 and 98 days
// before the general election), so they are dates, not rules. A row no
// source gives is counted from the court's primary (an opening so derived
// is left blank, as for every one-year act), and the year's
// FEDERAL_CALENDAR warning names it (notices, below).
const federalCase = "United States v. New York, N.D.N.Y. No. 1:10-cv-1214"

var federalOffices = []c.OfficeClass{c.USRepresentative, c.USSenator}

func federal(y int, order string, primary c.Date, src string, rows []c.ActRow, items []c.ActItem) c.YearAct {
	return c.YearAct{
		ID: "F" + strconv.Itoa(y), Year: y, On: "E1", InForce: year(y), Offices: federalOffices, Primary: primary, Rows: rows, Items: items,
		Authority: c.Authority{Cite: federalCase + ", order of " + order,
			Words: "the federal primary for representative in congress and United States senator on " + primary.String(),
			Note:  src},
	}
}

var federalActs = []c.YearAct{
	federal(2012, "2012-02-09", c.D(2012, time.June, 26),
		"the court's docket (dockets.justia.com); Election Academy (University of Minnesota), 2012-01-30; the petition dates of 2012 are not sourced", nil, nil),
	federal(2014, "2013-12-12", c.D(2014, time.June, 24),
		"the court's docket; the state board's 2014 calendar as reproduced by the Onondaga County board (ongov.net/elections/calendar.html)",
		[]c.ActRow{
			{Code: dlDesignatingPetition, Last: c.D(2014, time.April, 10), Note: "the state board's 2014 calendar: last day to file 2014-04-10"},
			{Code: dlIndependentPetition, Start: c.D(2014, time.July, 29), Last: c.D(2014, time.August, 5), Note: "the state board's 2014 calendar"},
			{Code: dlIndependentAD, Last: c.D(2014, time.August, 8), Note: "the state board's 2014 calendar"},
			{Code: dlIndependentVD, Last: c.D(2014, time.August, 11), Note: "the state board's 2014 calendar"},
		},
		[]c.ActItem{{Code: dlIndependentSigning, Date: c.D(2014, time.June, 24), Note: "first day to sign independent petitions (the state board's 2014 calendar)"}}),
	federal(2016, "2015-10-29", c.D(2016, time.June, 28),
		"the court's docket; the petition dates of 2016 are not sourced", nil, nil),
	federal(2018, "2015-10-29", c.D(2018, time.June, 26),
		"the court's docket; the state board's 2018 table of political calendar events adjusted",
		[]c.ActRow{
			{Code: dlDesignatingPetition, Start: c.D(2018, time.April, 9), Last: c.D(2018, time.April, 12), Note: "the state board's 2018 table of adjusted calendar events"},
			{Code: dlIndependentPetition, Start: c.D(2018, time.July, 24), Last: c.D(2018, time.July, 31), Note: "the state board's 2018 table of adjusted calendar events"},
		},
		[]c.ActItem{
			{Code: dlDesignatingSigning, Date: c.D(2018, time.March, 6), Note: "first day to sign designating petitions (the state board's 2018 table)"},
			{Code: dlIndependentSigning, Date: c.D(2018, time.June, 19), Note: "first day to sign independent petitions (the state board's 2018 table)"},
		}),
}

// notices: each year of the court's calendar keeps the FEDERAL_CALENDAR
// warning for what the data does not hold, and names it.
var notices = func() []c.Notice {
	missing := map[int]string{
		2012: "2012's federal primary (2012-06-26) is in the data, its petition calendar is not: the designating petitions (a report puts their signatures due by April 16), the independent petitions and every filing after them are not sourced; rows counted from the June primary are the statute's relations, not the court's dates",
		2014: "2014's federal primary (2014-06-24), the designating petitions' last day (2014-04-10) and the independent petitions (2014-07-29 to 2014-08-05, acceptance 08-08, filling a vacancy 08-11) are in the data; not sourced: the designating petitions' first day, the acceptance or declination of designations and the filling of those vacancies, the opportunity to ballot and the party certificates (counted from the June primary)",
		2016: "2016's federal primary (2016-06-28) is in the data, its petition calendar is not: the designating and independent petitions and every filing after them are not sourced; rows counted from the June primary are the statute's relations, not the court's dates",
		2018: "2018's federal primary (2018-06-26), the designating petitions (2018-04-09 to 2018-04-12, signing from 03-06) and the independent petitions (2018-07-24 to 2018-07-31, signing from 06-19) are in the data; not sourced: the acceptance or declination of designations and independent nominations and the filling of those vacancies, the opportunity to ballot and the party certificates (counted from the court's dates by the statute's relations)",
	}
	var out []c.Notice
	for y := 2012; y <= 2018; y++ {
		msg := "Federal petition calendar set by court order; check the published calendar: from 2012 to 2018 congress and U.S. senate nominations followed a court-ordered June primary."
		if m, ok := missing[y]; ok {
			msg = "Federal petition calendar set by court order; check the published calendar: " + m + "."
		}
		out = append(out, c.Notice{
			Code: "FEDERAL_CALENDAR", Severity: c.Warning, Offices: federalOffices, Years: year(y), Field: "deadlines", Message: msg,
			Authority: c.Authority{Cite: federalCase, Note: "from 2019 the state and federal primaries are one"},
		})
	}
	return out
}()
