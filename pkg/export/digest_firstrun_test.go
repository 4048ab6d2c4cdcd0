package export

import (
	"strings"
	"testing"

	"batch/pkg/changes"
)

// A board reading its first mail is told there is nothing to compare yet
// in words, not the output folder's path (issue 32: plain words; the
// reason summary.json keeps names the folder, for the operator).
func TestTheFirstRunsDigestNamesNoFolder(t *testing.T) {
	d := &digest{o: &changes.Outcome{Status: changes.FirstRun, Reason: "first run: no earlier snapshot in out/by-county/Queens, nothing to compare"}}
	got := d.compareLine()
	if strings.Contains(got, "by-county") || strings.Contains(got, "snapshot") {
		t.Errorf("the first run's line names the folder: %q", got)
	}
	if !strings.Contains(got, "first run") {
		t.Errorf("the first run's line does not say it is the first: %q", got)
	}
}
