package export

import (
	"strings"

	"batch/pkg/export/internal/xlsx"
)

// CalendarOverride is one row of calendar input the run applied (issue
// 35: a Calendar sheet's holiday moved deadlines with no word anywhere):
// where it came from, what it sets, and whose rows it applies to ("every
// input" for --calendar, "the rows of v.xlsx" for a workbook's own
// Calendar sheet). Summary, summary.json ("calendar_overrides") and the
// digest name each; the reason of every deadline it moved names it too.
type CalendarOverride struct {
	Source    string `json:"source"`
	AppliesTo string `json:"applies_to"`
	Sets      string `json:"sets"`
	Reason    string `json:"reason"`
	Authority string `json:"authority"`
}

// overridesJSON is summary.json's list: never null.
func overridesJSON(info RunInfo) []CalendarOverride {
	if info.Overrides == nil {
		return []CalendarOverride{}
	}
	return info.Overrides
}

// summaryOverrides writes Summary's lines on the calendar input applied,
// after the inputs: one a row, or one line saying there was none.
func (s *summaryWriter) summaryOverrides(info RunInfo) error {
	s.Gap()
	if len(info.Overrides) == 0 {
		return s.line("calendar overrides", text("none: every date is the law's"))
	}
	if err := s.Head("calendar override", "applies to", "sets", "reason", "source"); err != nil {
		return err
	}
	for _, o := range info.Overrides {
		if err := s.row(xlsx.NoFill, text(o.Source), text(o.AppliesTo), text(o.Sets), text(o.Reason), text(o.Authority)); err != nil {
			return err
		}
	}
	return nil
}

// overrideLines are the digest's words for the calendar input applied.
func overrideLines(info RunInfo) []string {
	out := make([]string, 0, len(info.Overrides))
	for _, o := range info.Overrides {
		l := o.Sets + " (" + o.Source
		if o.Reason != "" {
			l += ": " + o.Reason
		}
		out = append(out, strings.TrimSpace(l)+"), applied to "+o.AppliesTo)
	}
	return out
}
