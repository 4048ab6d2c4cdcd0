package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"batch/internal/testmode"
	"batch/pkg/export"
)

// progressSeen runs the inputs and keeps what Progress was told.
func progressSeen(t *testing.T, inputs ...string) (reading, writing [][2]int, sum Summary) {
	t.Helper()
	var mu sync.Mutex
	opts := Options{Inputs: inputs, Jobs: 2,
		Progress: func(phase string, rows, total int) {
			mu.Lock()
			defer mu.Unlock()
			if phase == "reading" {
				reading = append(reading, [2]int{rows, total})
			} else {
				writing = append(writing, [2]int{rows, total})
			}
		},
		Outputs: Outputs{Dir: t.TempDir(), Formats: []string{export.CSV}, AsOf: asOf},
	}
	sum, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return reading, writing, sum
}

// TestProgressKnowsTheTotal: the totals the progress bar is given. A CSV
// file whose first megabyte holds short rows and the rest long ones is
// first judged by its head, then by the size read so far.
func TestProgressKnowsTheTotal(t *testing.T) {
	testmode.SkipShort(t, "the progress totals of a 3 MB file")
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "uneven.csv")
	var b strings.Builder
	b.WriteString("vacancy_id,office,district,county,cause,event_date,notes\n")
	rows := 0
	for b.Len() < 1<<20+4096 {
		fmt.Fprintf(&b, "V%07d,Town Supervisor,Town of Berne,Albany,death,2026-03-01,\n", rows)
		rows++
	}
	long := strings.Repeat("long note ", 20)
	// 4 MB in the exhaustive run; 3 MB by default, the least that leaves a
	// megabyte of long rows to be judged by the megabyte of long rows read
	// before it (a run of the pipeline under the race detector is what
	// this test costs).
	size := 3 << 20
	if testmode.Exhaustive() {
		size = 4 << 20
	}
	for b.Len() < size {
		fmt.Fprintf(&b, "V%07d,Town Supervisor,Town of Berne,Albany,death,2026-03-01,%s\n", rows, long)
		rows++
	}
	if err := os.WriteFile(csvPath, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("a CSV file: the estimate ends near the rows it holds", func(t *testing.T) {
		reading, writing, sum := progressSeen(t, csvPath)
		if sum.Accepted+sum.Rejected != rows {
			t.Fatalf("%d rows read, want %d", sum.Accepted+sum.Rejected, rows)
		}
		if len(reading) < 2 || reading[0][1] <= 0 {
			t.Fatalf("reading totals %v: want a total from the start", reading)
		}
		last := reading[len(reading)-1]
		if last[1] < rows || float64(last[1]) > 1.05*float64(rows) {
			t.Errorf("last reading total %d, want %d to 5 %% more", last[1], rows)
		}
		if first := reading[0][1]; float64(first) < 1.5*float64(rows) {
			t.Logf("the head's judgement %d (the rows %d): the test file no longer tests the refinement", first, rows)
		}
		for _, w := range writing {
			if w[1] != rows {
				t.Fatalf("writing total %d, want exactly %d", w[1], rows)
			}
		}
	})
	t.Run("standard input has no total", func(t *testing.T) {
		// The head of the file is enough: a total would come from a size,
		// and standard input has none.
		head := b.String()[:64<<10]
		f := strings.NewReader(head[:strings.LastIndexByte(head, '\n')+1])
		var reading [][2]int
		_, err := Run(context.Background(), Options{Inputs: []string{"-"}, Stdin: f, Jobs: 2,
			Progress: func(phase string, rows, total int) {
				if phase == "reading" {
					reading = append(reading, [2]int{rows, total})
				}
			},
			Outputs: Outputs{Dir: t.TempDir(), Formats: []string{export.CSV}, AsOf: asOf},
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range reading {
			if r[1] != 0 {
				t.Fatalf("reading standard input: total %d, want 0 (unknown)", r[1])
			}
		}
	})
	t.Run("a workbook: its sheets' dimensions", func(t *testing.T) {
		reading, _, sum := progressSeen(t, "../../samples/statewide.xlsx")
		// The samples' sheets declare rows 256, 78 and 12 (Upstate,
		// NYC & Long Island, Statewide; the Calendar sheet is not read).
		if got := reading[0][1]; got != 256+78+12 {
			t.Errorf("reading total %d, want 346 (read %d)", got, sum.Rows)
		}
	})
}
