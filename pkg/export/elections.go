package export

import (
	"fmt"
	"strconv"

	"batch/pkg/export/internal/xlsx"
)

// The election days ahead that fill a vacancy are items of their own on
// Summary (and in summary.json's election_days, the digest and the
// calendar): a board whose special election is six days away must read it
// where it reads what is due, not only in the calendar file.

// summaryElections is summary.json's election_days.
type summaryElections struct {
	From  string            `json:"from"`
	To    string            `json:"to"`
	Count int               `json:"count"`
	Shown []summaryElection `json:"shown"`
}

type summaryElection struct {
	Date        string `json:"date"`
	Kind        string `json:"kind"` // special_election_day or general_election_day
	VacancyID   string `json:"vacancy_id"`
	Office      string `json:"office"`
	District    string `json:"district"`
	County      string `json:"county"`
	DaysLeft    int    `json:"days_left"`
	DuplicateOf string `json:"duplicate_of"`
}

func (t *tally) electionsJSON() summaryElections {
	doc := summaryElections{Shown: []summaryElection{}}
	if t.from.IsZero() {
		return doc
	}
	doc.From, doc.To, doc.Count = t.from.String(), t.electionsTo.String(), t.electionsTotal
	for _, u := range t.elections.sorted() {
		doc.Shown = append(doc.Shown, summaryElection{u.date.String(), u.code, u.vacancyID, u.office, u.district,
			u.county, t.from.DaysUntil(u.date), u.dup})
	}
	return doc
}

// electionWords is an election day item in words.
func electionWords(code string) string {
	if code == "special_election_day" {
		return "Special election day: the election that fills the vacancy"
	}
	return "General election day: the election that fills the vacancy"
}

// summaryElections lists the election days ahead that fill a vacancy,
// each linked to its vacancy's row; nothing when there is none.
func (w *bookSink) summaryElections(s *summaryWriter) error {
	t := w.tally
	if t.from.IsZero() || t.electionsTotal == 0 {
		return nil
	}
	s.Gap()
	list := t.elections.sorted()
	if err := s.title(fmt.Sprintf("Election days to %s: %s filled by an election in the next %d days",
		t.electionsTo, plural(t.electionsTotal, "vacancy is", "vacancies are"), t.from.DaysUntil(t.electionsTo)+1)); err != nil {
		return err
	}
	if err := s.Head("election day", "vacancy_id", "office", "county", "days left", "what", ""); err != nil {
		return err
	}
	for _, u := range list {
		what := electionWords(u.code)
		if u.dup != "" {
			what += duplicateNote(u.dup)
		}
		if err := s.row(xlsx.NoFill, date(u.date), text(u.vacancyID), text(u.seat), text(u.county),
			text(daysLeft(t.from, u.date)), text(what), text("")); err != nil {
			return err
		}
		sheet, row := w.book.vacancies.PlaceOf(u.seq)
		if err := s.Link(1, "'"+sheet+"'!A"+strconv.Itoa(row)); err != nil {
			return err
		}
	}
	if more := t.electionsTotal - len(list); more > 0 {
		return s.sentence(fmt.Sprintf("… and %d more: filter Vacancies on filling_election_date.", more))
	}
	return nil
}

// duplicateNote is what an item of a row entered twice adds: which other
// row holds the same vacancy.
func duplicateNote(others string) string {
	return " — this vacancy is entered twice: also as " + others + " (keep one row)"
}

// ifNoSpecialNote is what an item of a row that applies only if no
// special election is held adds.
const ifNoSpecialNote = " — only if no special election is held"
