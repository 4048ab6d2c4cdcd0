package export

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteSample writes the fixture's outputs into $BATCH_EXPORT_SAMPLE
// (plain, and with continuation sheets under continued/) for
// testdata/check-libreoffice.sh to open. Without the variable it is skipped.
func TestWriteSample(t *testing.T) {
	dir := os.Getenv("BATCH_EXPORT_SAMPLE")
	if dir == "" {
		t.Skip("BATCH_EXPORT_SAMPLE not set")
	}
	writeFixture(t, fixtureOptions(dir, XLSX, CSV, ICS, JSON))
	opts := fixtureOptions(filepath.Join(dir, "continued"), XLSX)
	opts.maxRows = 3
	writeFixture(t, opts)
}
