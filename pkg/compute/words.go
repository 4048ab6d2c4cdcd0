package compute

import "strings"

// Countings in words, as the statutes write them: "the twelfth Thursday
// before the primary", "three days after the last day of
// party_nomination_certificate". `batch rules` and the Rules sheet print
// these; Counting.String keeps the nested-call form for tests and logs.

var smallNumbers = [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}

var tens = [...]string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}

var smallOrdinals = [...]string{"zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
	"eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"}

// numberWords is n in words ("twenty-four", "one hundred twenty"); from
// 1,000 on, digits.
func numberWords(n int) string {
	switch {
	case n < 0 || n >= 1000:
		return itoa(n)
	case n >= 100 && n%100 == 0:
		return smallNumbers[n/100] + " hundred"
	case n >= 100:
		return smallNumbers[n/100] + " hundred " + numberWords(n%100)
	case n < 20:
		return smallNumbers[n]
	case n%10 == 0:
		return tens[n/10]
	}
	return tens[n/10] + "-" + smallNumbers[n%10]
}

// ordinalWords is "twelfth", "twenty-third"; from 100 on, "100th".
func ordinalWords(n int) string {
	switch {
	case n < 0 || n >= 100:
		return itoa(n) + "th"
	case n < 20:
		return smallOrdinals[n]
	case n%10 == 0:
		return strings.TrimSuffix(tens[n/10], "y") + "ieth"
	}
	return tens[n/10] + "-" + smallOrdinals[n%10]
}

// plural is "one day", "three days".
func plural(n int, unit string) string {
	if n == 1 {
		return "one " + unit
	}
	return numberWords(n) + " " + unit + "s"
}

// words is the anchor in words.
func (c Counting) anchorWords() string {
	switch c.Anchor {
	case AtYear:
		return "the year"
	case AtPrimary:
		return "the primary"
	case AtGeneral:
		return "the general election"
	case AtProclamation:
		return "the proclamation"
	case AtVacancy:
		return "the vacancy"
	case AtElection:
		return "the election"
	case AtSelf:
		if c.Statutory {
			return "this row's own last day before any roll-over"
		}
		return "this row's own last day"
	case AtRow:
		s := "the last day of " + c.Row
		if c.Statutory {
			s += " before any roll-over"
		}
		return s
	}
	return ""
}

func (s Count) words(inner string, ofYear bool) string {
	switch s.Kind {
	case CountNthWeekdayBefore:
		if s.N == 1 {
			return "the " + s.Weekday.String() + " before " + inner
		}
		return "the " + ordinalWords(s.N) + " " + s.Weekday.String() + " before " + inner
	case CountNthWeekdayOfMonth:
		nth := ordinalWords(s.N)
		if s.N < 0 {
			nth = "last"
		}
		if s.Month == 0 {
			return "the " + nth + " " + s.Weekday.String() + " of the month of " + inner
		}
		out := "the " + nth + " " + s.Weekday.String() + " of " + s.Month.String()
		if !ofYear {
			out += " of the year of " + inner
		}
		return out
	case CountWeekdayOnOrAfter:
		return "the first " + s.Weekday.String() + " on or after " + inner
	case CountNextWeekdayAfter:
		return "the " + s.Weekday.String() + " after " + inner
	case CountWeeksBefore:
		return plural(s.N, "week") + " before " + inner
	case CountDaysAfter:
		switch {
		case s.N == 0:
			return inner
		case s.N == 1:
			return "the day after " + inner
		case s.N == -1:
			return "the day before " + inner
		case s.N < 0:
			return plural(-s.N, "day") + " before " + inner
		}
		return plural(s.N, "day") + " after " + inner
	case CountMonthsBefore:
		return plural(s.N, "month") + " before " + inner
	case CountMonthsAfter:
		return plural(s.N, "month") + " after " + inner
	case CountOnDay:
		out := s.Month.String() + " " + itoa(s.Day)
		if !ofYear {
			out += " of the year of " + inner
		}
		return out
	}
	return inner
}

// Words is the counting in words: "the twelfth Thursday before the
// primary", "the Tuesday after the first Monday of November", "the later
// of thirty days after the primary and ten days after the vacancy".
func (c Counting) Words() string {
	if c.IsZero() {
		return ""
	}
	inner := c.anchorWords()
	ofYear := c.Anchor == AtYear
	for i, s := range c.Steps {
		inner = s.words(inner, ofYear && i == 0)
	}
	if c.Later != nil {
		inner = "the later of " + inner + " and " + c.Later.Words()
	}
	return inner
}

// windowWords is a window in words: "from <start> to <last>".
func windowWords(start, last string) string { return "from " + start + " to " + last }
