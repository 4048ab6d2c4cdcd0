package nylaw

// Election Law § 6-158 as amended by L.2022 ch. 164: the special-election
// deadlines for vacancies in the State Senate and Assembly (§ 42(3)(b)).
// (6), (9), (11) and (12) were read (7, 9, 11 and 13 days: the 2023 AD-27
// calendar agrees); (7) and (8) were not: the twelve and fourteen days of
// the other specials are applied, with NEEDS_REVIEW.
var specialSenateAssembly = specialRows([6]int{7, 12, 14, 9, 11, 13}, [6]string{
	pp + "A certificate of party nomination for an office to be filled at a special election for the state senate or assembly shall be filed not later than seven days following the issuance of a proclamation of such election.",
	"",
	"",
	pp + "A petition for an independent nomination for an office to be filled at a special election for the state senate or assembly shall be filed not later than nine days following the issuance of a proclamation of such election.",
	pp + "A certificate of acceptance or declination of an independent nomination for an office to be filled at a special election for the state senate or assembly shall be filed not later than eleven days following the issuance of a proclamation of such election.",
	pp + "A certificate to fill a vacancy caused by a declination of an independent nomination for an office to be filled at a special election for the state senate or assembly shall be filed not later than thirteen days following the issuance of a proclamation of such election.",
}, "L.2022 ch. 164", [6]string{
	"",
	"§ 6-158(7) for State Senate and Assembly specials is not verified: the twelve days of the other special elections are applied",
	"§ 6-158(8) for State Senate and Assembly specials is not verified: the fourteen days of the other special elections are applied",
	"", "", "",
})
