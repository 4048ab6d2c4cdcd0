package nylaw

import c "batch/pkg/compute"

// What each deadline of Election Law § 6-158 (and the governor's
// proclamation, § 42(3)) asks for, in plain words, in the statute's order:
// what must be filed, signed, issued or held, and by whom. The statute's own
// words and citations are on each rule; these are the names a recipient
// reads first (Summary, the calendar file, the Column guide). A code a later
// edition adds needs its words here (TestEveryDeadlineCodeHasWords).
var deadlineWords = []c.DeadlineWords{
	{Code: dlDesignatingSigning, Verb: "sign", What: "designating petitions",
		Who: "the party's enrolled voters; a signature made before the first day is not counted"},
	{Code: dlDesignatingPetition, Verb: "file", What: "designating petitions",
		Who: "candidates seeking the party's designation at the primary (the petitions carry the signatures of the party's enrolled voters)"},
	{Code: dlDesignationAD, Verb: "file", What: "certificates accepting or declining a designation",
		Who: "each person designated"},
	{Code: dlDesignationVD, Verb: "file", What: "certificates filling a vacancy left by a declined designation",
		Who: "the committee to fill vacancies named in the designating petition"},
	{Code: dlOpportunity, Verb: "file", What: "opportunity-to-ballot petitions (to write in an undesignated candidate at the primary)",
		Who: "enrolled members of the party"},
	{Code: dlOpportunityAfter, Verb: "file", What: "opportunity-to-ballot petitions where a declined designation was filled",
		Who: "enrolled members of the party"},
	{Code: dlJudicialConvention, Verb: "hold", What: "the judicial district convention",
		Who: "the party's delegates to the judicial district convention"},
	{Code: dlJudicialCertificate, Verb: "file", What: "the certificate of the nomination made at the judicial district convention",
		Who: "the convention's officers (chairman and secretary)"},
	{Code: dlPartyCertificate, Verb: "file", What: "certificates of party nomination (made other than at the primary)",
		Who: "the party committee that makes the nomination"},
	{Code: dlPartyAD, Verb: "file", What: "certificates accepting or declining a party nomination",
		Who: "each person nominated"},
	{Code: dlPartyVD, Verb: "file", What: "certificates filling a vacancy left by a declined party nomination",
		Who: "the party committee that fills the vacancy"},
	{Code: dlElectorsCertificate, Verb: "file", What: "certificates of party nomination of presidential electors",
		Who: "the party's state committee"},
	{Code: dlIndependentSigning, Verb: "sign", What: "independent nominating petitions",
		Who: "voters; a signature made earlier than six weeks before the last day to file is not counted"},
	{Code: dlIndependentPetition, Verb: "file", What: "independent nominating petitions",
		Who: "candidates of an independent body (the petitions carry voters' signatures)"},
	{Code: dlIndependentAD, Verb: "file", What: "certificates accepting or declining an independent nomination",
		Who: "each person nominated"},
	{Code: dlIndependentVD, Verb: "file", What: "certificates filling a vacancy left by a declined independent nomination",
		Who: "the committee to fill vacancies named in the independent petition"},
	{Code: "proclamation_deadline", Verb: "issue", What: "the proclamation of a special election",
		Who: "the governor"},
	{Code: "special_election", Verb: "hold", What: "the special election",
		Who: "the governor's proclamation sets the day, within this window"},
	{Code: "special_party_nomination_certificate", Verb: "file", What: "certificates of party nomination for the special election",
		Who: "the party committee that makes the nomination"},
	{Code: "special_party_accept_decline", Verb: "file", What: "certificates accepting or declining a party nomination for the special election",
		Who: "each person nominated"},
	{Code: "special_party_vacancy_declination", Verb: "file", What: "certificates filling a vacancy left by a declined party nomination for the special election",
		Who: "the party committee that fills the vacancy"},
	{Code: "special_independent_petition", Verb: "file", What: "independent nominating petitions for the special election",
		Who: "candidates of an independent body (the petitions carry voters' signatures)"},
	{Code: "special_independent_accept_decline", Verb: "file", What: "certificates accepting or declining an independent nomination for the special election",
		Who: "each person nominated"},
	{Code: "special_independent_vacancy_declination", Verb: "file", What: "certificates filling a vacancy left by a declined independent nomination for the special election",
		Who: "the committee to fill vacancies named in the independent petition"},
}
