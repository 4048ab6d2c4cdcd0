package main

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress is the bar a person at a terminal sees during a run: a spinner
// and a count while the total is unknown (standard input), a bar with
// the total and the time left once it is known (pipeline.Options.Progress).
type progress struct {
	bar   *progressbar.ProgressBar
	phase string
	max   int // the bar's total; -1 while unknown
}

func newProgress(w io.Writer) *progress {
	return &progress{max: -1, bar: progressbar.NewOptions(-1,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("reading vacancies"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSpinnerType(14),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// update is pipeline.Options.Progress. Each phase starts the clock again,
// so the time left is the phase's own. The total never falls to the
// count: a bar at its total stops drawing.
func (p *progress) update(phase string, rows, total int) {
	if phase != p.phase {
		p.phase = phase
		p.bar.Reset()
		p.bar.Describe(phase + " vacancies")
		p.max = 0 // draw this phase's total, whatever it is
	}
	want := -1
	if total > 0 {
		want = max(total, rows+1)
	}
	// A new total is drawn when it moves by more than 5 % (a CSV file's
	// estimate wobbles as its reader fills its buffer), or the count
	// would reach it.
	if want != p.max && (want < 0 || p.max <= 0 || p.max <= rows || 20*abs(want-p.max) > p.max) {
		p.max = want
		p.bar.ChangeMax(want)
	}
	_ = p.bar.Set(rows)
}

func (p *progress) finish() { _ = p.bar.Finish() }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
