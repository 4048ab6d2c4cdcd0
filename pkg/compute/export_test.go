package compute

// Hooks for the external tests (package compute_test), which run the
// engine with New York's law from pkg/nylaw: compute's own tests cannot
// import it (nylaw imports compute).

// OnTheFly is a calendar without the precomputed bitset: every day is
// worked out from the law's rules.
func OnTheFly(c *Calendar) *Calendar {
	return &Calendar{law: c.law, primary: c.primary, general: c.general, deadline: c.deadline, added: c.added}
}

var (
	CalNextDay   = calNextDay
	CalDayNumber = calDayNumber
	CalWeekday   = calWeekday
)
