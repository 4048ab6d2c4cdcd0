package pipeline

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"

	"batch/internal/regularfile"
	"batch/pkg/changes"
)

// A county whose last vacancy was withdrawn since the compared run has no
// row in this one, so a split would simply not write its folder, and its
// board would never hear that the vacancy is gone (issue 32). With
// --compare, the compared run's folders are read: a value that had rows
// there and has none here gets one more folder, written from no rows and
// compared with its old one (every row of it removed), marked withdrawn
// in index.csv and summary.json. The next run's comparison finds that
// folder empty and carries the value no further.

// maxSliceSummary bounds the summary.json read from a compared folder:
// a slice's is a few hundred kilobytes at most.
const maxSliceSummary = 16 << 20

// previousSlice is what a compared run's slice summary.json says of it.
type previousSlice struct {
	Counts struct {
		Vacancies    int `json:"vacancies"`
		RejectedRows int `json:"rejected_rows"`
	} `json:"counts"`
	Slice *struct {
		Value     *string `json:"value"`
		Withdrawn bool    `json:"withdrawn"`
	} `json:"slice"`
}

// addWithdrawn adds a bucket, with no rows, for each value the compared
// run's split had rows of and this run has none of. A compared run
// without a split, or a folder that cannot be read, adds nothing: the
// comparison of the statewide outputs says what it can.
func (s *splitter) addWithdrawn(opts Options) {
	if opts.Compare == "" {
		return
	}
	dir := filepath.Join(filepath.Dir(changes.Resolve(opts.Compare, opts.Dir)), s.folder)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		folder := e.Name()
		prev, ok := readPreviousSlice(filepath.Join(dir, folder, "summary.json"))
		if !ok || prev.Slice == nil || prev.Slice.Value == nil || prev.Slice.Withdrawn ||
			prev.Counts.Vacancies+prev.Counts.RejectedRows == 0 {
			continue
		}
		value := *prev.Slice.Value
		if _, here := s.buckets[value]; here {
			continue
		}
		s.buckets[value] = &bucket{value: value, withdrawn: true, prevFolder: folder}
		s.withdrawn = append(s.withdrawn, value)
	}
	slices.Sort(s.withdrawn)
}

func readPreviousSlice(path string) (previousSlice, bool) {
	var prev previousSlice
	f, err := regularfile.Open(path)
	if err != nil {
		return prev, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() > maxSliceSummary {
		return prev, false
	}
	if err := json.NewDecoder(f).Decode(&prev); err != nil {
		return prev, false
	}
	return prev, true
}
