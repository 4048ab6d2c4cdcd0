package pipeline

import (
	"strings"
	"unicode/utf8"

	"batch/internal/editdistance"
)

// NotFound is Find's error when no row has the id asked for; Nearest is
// the vacancy_id closest to it ("" when none is close), for a "did you
// mean".
type NotFound struct {
	ID      string
	Nearest string
}

func (e NotFound) Error() string {
	msg := "pipeline: no vacancy with vacancy_id or source " + quoteID(e.ID)
	if e.Nearest != "" {
		msg += ": did you mean " + quoteID(e.Nearest) + "?"
	}
	return msg
}

func quoteID(s string) string { return "\"" + s + "\"" }

// sameID: ids and sources are matched without regard to case, as an
// analyst types them ("ny-0000109" is NY-0000109).
func sameID(a, b string) bool { return strings.EqualFold(a, b) }

// nearestID keeps, of the ids offered, the one closest to want: at most a
// third of its characters different (at most 3), the first met on a tie.
type nearestID struct {
	want string
	best string
	d    int
}

func (n *nearestID) offer(id string) {
	if id == "" || id == n.best || utf8.RuneCountInString(id) > 64 || utf8.RuneCountInString(n.want) > 64 {
		return
	}
	limit := min(3, utf8.RuneCountInString(n.want)/3)
	d := editdistance.Runes(strings.ToLower(n.want), strings.ToLower(id))
	if d <= limit && (n.best == "" || d < n.d) {
		n.best, n.d = id, d
	}
}
