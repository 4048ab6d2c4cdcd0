package changes

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// The set of input files may change from one night to the next: a daily
// export under a new name, a second county's workbook in the inbox, one
// taken out. The rows are matched whatever file they come from (Key); the
// files that came, went or were renamed are reported as changes of their
// own, first among the changes of the night.
//
// A file gone and a file new are one file renamed when they have the same
// content (sha256), or else when the new one holds at least half of the
// rows the old one had, matched by vacancy, and more of them than any
// other new file: "vacancies-2027-01-28.xlsx" becoming
// "vacancies-2027-01-29.xlsx" with a few rows more is a rename, a second
// file beside it is not.

// inputDiff is what the set of input files did between two runs.
type inputDiff struct {
	prev, cur []Input
	gone, new []int // indexes into prev and cur of the names only one run read
}

// diffInputs compares the inputs by name; nil when the set of names is the same.
func diffInputs(prev, cur []Input) *inputDiff {
	d := &inputDiff{prev: prev, cur: cur}
	for i, p := range prev {
		if !slices.ContainsFunc(cur, func(c Input) bool { return c.Name == p.Name }) {
			d.gone = append(d.gone, i)
		}
	}
	for i, c := range cur {
		if !slices.ContainsFunc(prev, func(p Input) bool { return p.Name == c.Name }) {
			d.new = append(d.new, i)
		}
	}
	if len(d.gone) == 0 && len(d.new) == 0 {
		return nil
	}
	return d
}

// fileTracker counts, for the rows paired, which gone file each came from
// and which new file it is now read from.
type fileTracker struct {
	gone, new []string // names
	moved     map[[2]int]int
}

// tracker is nil when no file can have been renamed (none gone or none new).
func (d *inputDiff) tracker() *fileTracker {
	if d == nil || len(d.gone) == 0 || len(d.new) == 0 {
		return nil
	}
	t := &fileTracker{moved: map[[2]int]int{}}
	for _, i := range d.gone {
		t.gone = append(t.gone, d.prev[i].Name)
	}
	for _, i := range d.new {
		t.new = append(t.new, d.cur[i].Name)
	}
	return t
}

// pair counts one row matched across the runs, by the sources it was read from.
func (t *fileTracker) pair(prevSrc, curSrc string) {
	g := fileOf(prevSrc, t.gone)
	if g < 0 {
		return
	}
	if n := fileOf(curSrc, t.new); n >= 0 {
		t.moved[[2]int{g, n}]++
	}
}

// fileOf is the index of the name in names that the source
// ("file:sheet:row") was read from; -1 for none.
func fileOf(src string, names []string) int {
	for i, n := range names {
		if len(src) > len(n) && src[len(n)] == ':' && strings.HasPrefix(src, n) {
			return i
		}
	}
	return -1
}

// changes lists the files renamed, added and removed, given where the
// paired rows went (t may be nil).
func (d *inputDiff) changes(t *fileTracker) []Change {
	if d == nil {
		return nil
	}
	var list []Change
	renamedFrom := map[int]int{} // new index → gone index
	usedGone := map[int]bool{}
	// The same content under another name.
	for _, g := range d.gone {
		for _, n := range d.new {
			if _, taken := renamedFrom[n]; !taken && !usedGone[g] && d.prev[g].SHA256 != "" && d.prev[g].SHA256 == d.cur[n].SHA256 {
				renamedFrom[n], usedGone[g] = g, true
				list = append(list, d.renamed(g, n, 0))
			}
		}
	}
	// The same vacancies, most of the old file's rows first.
	if t != nil {
		type move struct{ g, n, rows int }
		var moves []move
		for k, rows := range t.moved {
			moves = append(moves, move{d.gone[k[0]], d.new[k[1]], rows})
		}
		slices.SortFunc(moves, func(a, b move) int {
			return cmp.Or(cmp.Compare(b.rows, a.rows), cmp.Compare(a.g, b.g), cmp.Compare(a.n, b.n))
		})
		for _, m := range moves {
			if _, taken := renamedFrom[m.n]; taken || usedGone[m.g] || 2*m.rows < d.prev[m.g].Rows {
				continue
			}
			renamedFrom[m.n], usedGone[m.g] = m.g, true
			list = append(list, d.renamed(m.g, m.n, m.rows))
		}
	}
	for _, n := range d.new {
		if _, ok := renamedFrom[n]; !ok {
			in := d.cur[n]
			list = append(list, Change{Kind: InputAdded, Item: "input_file", New: in.Name, Source: in.Name,
				Cause: ByInput, CauseDetail: "a file the last run did not read", Rows: in.Rows})
		}
	}
	for _, g := range d.gone {
		if !usedGone[g] {
			in := d.prev[g]
			list = append(list, Change{Kind: InputRemoved, Item: "input_file", Old: in.Name, Source: in.Name,
				Cause: ByInput, CauseDetail: "a file the last run read and this one did not", Rows: in.Rows})
		}
	}
	return list
}

// renamed is the change of a file renamed: matched of its rows found in
// the new one, or none for the same content.
func (d *inputDiff) renamed(g, n, matched int) Change {
	from, to, rows := d.prev[g].Name, d.cur[n].Name, d.prev[g].Rows
	why := "the same content"
	if matched > 0 {
		why = strconv.Itoa(matched) + " of its " + plural(rows, "row", "rows") + " found there, the content updated"
	}
	return Change{Kind: InputRenamed, Item: "input_file", Old: from, New: to, Source: to, Cause: ByInput,
		CauseDetail: "input file " + from + " → " + to + " (" + why + ")", Rows: rows, Matched: matched}
}

// plural is "1 row", "2 rows".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// sharesAFile reports whether two runs read a file of the same name or
// the same content; true when either names none.
func sharesAFile(prev, cur []Input) bool {
	if len(prev) == 0 || len(cur) == 0 {
		return true
	}
	for _, p := range prev {
		for _, c := range cur {
			if p.Name == c.Name || p.SHA256 != "" && p.SHA256 == c.SHA256 {
				return true
			}
		}
	}
	return false
}

// inputList names a run's input files: "a.xlsx, b.xlsx".
func inputList(in []Input) string {
	names := inputNames(in)
	if len(names) == 0 {
		return "no file"
	}
	return strings.Join(names, ", ")
}
