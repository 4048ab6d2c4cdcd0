package nylaw

import (
	"time"

	c "batch/pkg/compute"
)

// The state board's political calendar, line for line (docs/LAW.md, "The state board's nomination calendar"):
// the candidate-facing lines of the board's calendar that no vacancy row
// computes. Each is a calendar-only rule of the June-era tables, printed
// by `batch calendar` and listed by `batch rules`, never a vacancy's
// deadline row. Each statute's lines are in its own file (eln2120.go,
// eln4106.go, eln4110.go, eln6120.go, eln6146.go, eln6158_board.go,
// eln6164.go); boardLines puts them in the order of the year.
//
// A rule whose words were read is marked by them. One whose words were not
// read has the formula the board's calendars give, and is corroborated only
// for the years whose calendar was checked and agrees (CorroborationIn);
// the calendar of any other year says the date is inferred.

// The published calendars read, named as the calendar prints them.
const (
	// The state board's 2026 political calendar, revised 2025-12-09, as
	// transcribed in FlashOfInsight/nyc-civic-calendar,
	// lib/data/political-calendar-2026.js.
	nysboe2026 = "the state board's 2026 political calendar (revised 2025-12-09)"
)

// The codes of the board's lines.
const (
	dlOfficesCertified             = "offices_certified"
	dlPartyPositions               = "party_positions_statement"
	dlOpportunitySigning           = "opportunity_to_ballot_signing_start"
	dlDesignationAuthorization     = "designation_authorization"
	dlOpportunityNotice            = "opportunity_to_ballot_notice"
	dlDesignationSubstitution      = "designation_substitution_authorization"
	dlOpportunityAfterNotice       = "opportunity_to_ballot_after_declination_notice"
	dlPrimaryBallotState           = "primary_ballot_certified_state"
	dlPrimaryBallotCounty          = "primary_ballot_certified_county"
	dlIndependentDeclineAfterP     = "independent_decline_after_primary"
	dlPartyDeclineAfterP           = "party_decline_after_primary"
	dlPartyDeclineAfterPVacancy    = "party_decline_after_primary_vacancy"
	dlPartyDeclineAfterPSubstitute = "party_decline_after_primary_substitution"
	dlCaucusCertificate            = "caucus_nomination_certificate"
	dlPartyNominationAuthorization = "party_nomination_authorization"
	dlJudicialMinutes              = "judicial_convention_minutes"
	dlGeneralBallotState           = "general_ballot_certified_state"
	dlGeneralBallotCounty          = "general_ballot_certified_county"
)

// boardEra says which edition's table the lines are for.
type boardEra struct {
	// e4: the table of L.2022 ch. 164's edition. The Senate's current texts
	// are read as its words, and the board's 2026 calendar checks it; before
	// it, words read only in a current copy are marked inferred.
	e4 bool
	// ch276: § 6-146(6), added by L.2021 ch. 276, is in force: from the
	// 2022 calendar (E3) on.
	ch276 bool
}

// mark is m for the edition of the current texts, Inferred before it.
func (b boardEra) mark(m c.Mark) c.Mark {
	if b.e4 {
		return m
	}
	return c.Inferred
}

// unread is the mark of a rule whose words were not read: corroborated
// where the 2026 calendar checks it (E4), inferred otherwise.
func (b boardEra) unread() c.Mark {
	if b.e4 {
		return c.Corroborated
	}
	return c.Inferred
}

// on2026 is the 2026 calendar's date for a line, in E4's table only (no
// other edition computes 2026).
func (b boardEra) on2026(m time.Month, day int) []c.Corroboration {
	if !b.e4 {
		return nil
	}
	return []c.Corroboration{{Year: 2026, Date: c.D(2026, m, day), Calendar: nysboe2026}}
}

// window2026 is on2026 for a window's first and last day.
func (b boardEra) window2026(sm time.Month, sd int, m time.Month, day int) []c.Corroboration {
	cs := b.on2026(m, day)
	if cs != nil {
		cs[0].Start = c.D(2026, sm, sd)
	}
	return cs
}

// boardLines is the board's lines for an edition's table, in the order of
// the year. Every row they count from is earlier in eln6158June's table.
func boardLines(b boardEra) []c.DeadlineRule {
	rows := []c.DeadlineRule{
		eln4106(b),
		eln2120(b),
		eln6164Signing(b),
		eln6120Designation(b),
		eln6166Notice(b),
		eln6120Substitution(b),
		eln6166NoticeAfterDeclination(b),
		eln4110(b),
		eln4114Primary(b),
		eln6158DeclineAfterPrimary(b),
	}
	if b.ch276 {
		rows = append(rows, eln6146(b), eln6158VacancyAfterLoss(b), eln6120SubstitutionAfterLoss(b))
	}
	return append(rows,
		eln6158Caucus(b),
		eln6120Nomination(b),
		eln6158Minutes(b),
		eln4112(b),
		eln4114General(b),
	)
}
