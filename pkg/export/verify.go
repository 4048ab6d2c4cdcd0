package export

import "sort"

// verifyTally counts the open deadlines whose dates rest on text still
// unverified, once per rule and mark (the mark says what is unverified
// and what to check the date against): Summary and summary.json say each once, not
// once a vacancy.
type verifyTally struct {
	byMark map[string]*verifyLine
}

// verifyLine is one unverified rule and the open deadlines resting on it.
type verifyLine struct {
	Rule  string `json:"rule"`           // the citation of the rows
	Open  int    `json:"open_deadlines"` // open deadlines from the as-of date on
	Check string `json:"check"`          // the verify mark: what is unverified, what to check the dates against
}

func (v *verifyTally) add(mark, cite string) {
	if v.byMark == nil {
		v.byMark = map[string]*verifyLine{}
	}
	key := cite + "\x00" + mark
	l := v.byMark[key]
	if l == nil {
		l = &verifyLine{Rule: cite, Check: mark}
		v.byMark[key] = l
	}
	l.Open++
}

// lines are the rules, most open deadlines first, then by rule and mark:
// no map order leaks out.
func (v *verifyTally) lines() []verifyLine {
	out := make([]verifyLine, 0, len(v.byMark))
	for _, l := range v.byMark {
		out = append(out, *l)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Open != b.Open {
			return a.Open > b.Open
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Check < b.Check
	})
	return out
}
