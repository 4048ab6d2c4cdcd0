package changes

import (
	"fmt"
	"strings"
	"testing"

	"batch/pkg/compute"
)

// from is the record as read from file's row n.
func from(r Record, file string, n int) Record {
	r.Source = fmt.Sprintf("%s:Vacancies:%d", file, n)
	return r
}

// county is n vacancies with ids of the prefix, read from file.
func county(prefix, file string, n int) []Record {
	var out []Record
	for i := range n {
		out = append(out, from(rec(recSpec{id: fmt.Sprintf("%s-%d", prefix, i), office: "Town Clerk", county: "Erie",
			vd: "2026-05-01", method: "general_election", elec: "2026-11-03",
			deadlines: []Deadline{{Code: "party_nomination", Date: "2026-09-22"}}}), file, i+2))
	}
	return out
}

func TestAnotherSetOfInputFilesIsReportedNotSkipped(t *testing.T) {
	in := func(name, sha string, rows int) Input { return Input{Name: name, SHA256: sha, Rows: rows} }
	daily := county("NY", "vacancies-2027-01-28.xlsx", 10)
	next := county("NY", "vacancies-2027-01-29.xlsx", 12) // two rows more, same first ten
	erie := county("ER", "erie.xlsx", 3)
	cases := []struct {
		name        string
		prevIn      []Input
		prev        []Record
		curIn       []Input
		cur         []Record
		want        []string // the input files' changes, in order: their rows, and of a file renamed how many were found in the new one
		added, gone int      // vacancies
	}{
		{"the daily export under the next day's name, two rows more",
			[]Input{in("vacancies-2027-01-28.xlsx", "aa", 10)}, daily,
			[]Input{in("vacancies-2027-01-29.xlsx", "bb", 12)}, next,
			[]string{"input_renamed vacancies-2027-01-28.xlsx → vacancies-2027-01-29.xlsx: 10 rows, 10 found"},
			2, 0},
		{"the same file under another name",
			[]Input{in("inbox.xlsx", "aa", 10)}, county("NY", "inbox.xlsx", 10),
			[]Input{in("statewide.xlsx", "aa", 10)}, county("NY", "statewide.xlsx", 10),
			[]string{"input_renamed inbox.xlsx → statewide.xlsx: 10 rows, 0 found"},
			0, 0},
		{"a second county's file in the inbox",
			[]Input{in("vacancies-2027-01-28.xlsx", "aa", 10)}, daily,
			[]Input{in("vacancies-2027-01-28.xlsx", "aa", 10), in("erie.xlsx", "cc", 3)}, append(append([]Record{}, daily...), erie...),
			[]string{"input_added  → erie.xlsx: 3 rows, 0 found"},
			3, 0},
		{"renamed and a file added the same night",
			[]Input{in("vacancies-2027-01-28.xlsx", "aa", 10)}, daily,
			[]Input{in("erie.xlsx", "cc", 3), in("vacancies-2027-01-29.xlsx", "bb", 12)}, append(append([]Record{}, erie...), next...),
			[]string{
				"input_renamed vacancies-2027-01-28.xlsx → vacancies-2027-01-29.xlsx: 10 rows, 10 found",
				"input_added  → erie.xlsx: 3 rows, 0 found",
			},
			5, 0},
		{"a file taken out",
			[]Input{in("vacancies-2027-01-28.xlsx", "aa", 10), in("erie.xlsx", "cc", 3)}, append(append([]Record{}, daily...), erie...),
			[]Input{in("vacancies-2027-01-28.xlsx", "aa", 10)}, daily,
			[]string{"input_removed erie.xlsx → : 3 rows, 0 found"},
			0, 3},
		{"a new file holding a third of the old one's rows is not a rename",
			[]Input{in("all.xlsx", "aa", 9)}, county("NY", "all.xlsx", 9),
			[]Input{in("part.xlsx", "dd", 3)}, county("NY", "part.xlsx", 3),
			[]string{
				"input_added  → part.xlsx: 3 rows, 0 found",
				"input_removed all.xlsx → : 9 rows, 0 found",
			},
			0, 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h1, h2 := header("1.0.0"), header("1.0.0")
			h1.Inputs, h2.Inputs = c.prevIn, c.curIn
			_, snap, _ := runOnce(t, h1, d(2026, 9, 1), c.prev, nil)
			out, _, got := runOnce(t, h2, d(2026, 9, 1), c.cur, snap)
			if out.Status != Compared {
				t.Fatalf("status %s: %s", out.Status, out.Reason)
			}
			var files []string
			added, gone := 0, 0
			for i, ch := range got {
				switch ch.Kind {
				case InputAdded, InputRemoved, InputRenamed:
					files = append(files, fmt.Sprintf("%s %s → %s: %d rows, %d found", ch.Kind, ch.Old, ch.New, ch.Rows, ch.Matched))
					if i != len(files)-1 || ch.Priority != Changed || ch.Cause != ByInput {
						t.Errorf("%s: change %d, %s, %s; want the first of the changes, changed, input", ch.Kind, i, ch.Priority, ch.Cause)
					}
				case VacancyAdded:
					added++
				case VacancyRemoved:
					gone++
				default:
					t.Errorf("unexpected change %s", brief(ch))
				}
			}
			sameLines(t, files, c.want)
			if added != c.added || gone != c.gone {
				t.Errorf("%d vacancies added, %d removed; want %d and %d", added, gone, c.added, c.gone)
			}
			if !out.Changed() {
				t.Error("Changed() is false")
			}
		})
	}
}

func TestABaselineOfOtherVacanciesIsSkippedOnlyOverOtherFiles(t *testing.T) {
	// The same file every night, whose vacancies were all replaced (a
	// small county's folder: its one vacancy filled, another arisen): the
	// night's news. Another file with other vacancies (another county's
	// folder given as PREV): nothing to compare.
	for _, c := range []struct {
		name string
		prev []Input
		want string
	}{
		{"the same file, every vacancy new", []Input{{Name: "in.csv", SHA256: "aa", Rows: 2}}, Compared},
		{"another file's vacancies", []Input{{Name: "erie.csv", SHA256: "ee", Rows: 2}}, Skipped},
	} {
		t.Run(c.name, func(t *testing.T) {
			h1 := header("1.0.0")
			h1.Inputs = c.prev
			_, snap, _ := runOnce(t, h1, d(2026, 9, 1), county("OLD", c.prev[0].Name, 2), nil)
			out, _, got := runOnce(t, header("1.0.0"), d(2026, 9, 1), county("NEW", "in.csv", 2), snap)
			if out.Status != c.want {
				t.Fatalf("status %s (%s), want %s", out.Status, out.Reason, c.want)
			}
			if c.want == Skipped && !strings.Contains(out.Reason, "shares no vacancy with this run (its 2 rows of erie.csv, this run's 2 rows of in.csv") {
				t.Errorf("reason %q", out.Reason)
			}
			if c.want == Compared && (out.Counts[VacancyAdded] != 2 || out.Counts[VacancyRemoved] != 2) {
				t.Errorf("changes %v", briefs(got))
			}
		})
	}
}

func TestRowsWithoutIDsMatchAcrossARenamedFile(t *testing.T) {
	// No vacancy_id: a row is its seat and vacancy date, whichever file
	// and row it is read from (ingest names it by its place, file:row).
	seats := func(file string) []Record {
		var out []Record
		for i, office := range []string{"Town Clerk", "Town Justice", "Village Trustee"} {
			v := compute.Vacancy{Office: office, County: "Erie", Source: compute.Source{File: file, Row: i + 2}}
			v.ID = v.Source.String()
			r := Record{ID: v.ID, Source: v.Source.String(), In: make([]string, len(InputFields)),
				VacancyDate: "2026-05-01", Method: "general_election"}
			r.In[inOffice], r.In[inCounty] = office, "Erie"
			r.Key = Key(&v, r.VacancyDate, false)
			out = append(out, r)
		}
		return out
	}
	h1, h2 := header("1.0.0"), header("1.0.0")
	h1.Inputs = []Input{{Name: "erie-0501.csv", SHA256: "aa", Rows: 3}}
	h2.Inputs = []Input{{Name: "erie-0502.csv", SHA256: "bb", Rows: 3}}
	_, snap, _ := runOnce(t, h1, d(2026, 9, 1), seats("erie-0501.csv"), nil)
	out, _, got := runOnce(t, h2, d(2026, 9, 1), seats("erie-0502.csv"), snap)
	if out.Status != Compared || len(got) != 1 || got[0].Kind != InputRenamed {
		t.Errorf("status %s (%s), changes %v: want only the file renamed", out.Status, out.Reason, briefs(got))
	}
}
