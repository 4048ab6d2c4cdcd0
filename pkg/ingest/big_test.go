//go:build ingestbig

package ingest

// Measurement of a large workbook, kept out of the normal test run:
//
//	INGEST_BIG=/tmp/big.xlsx INGEST_BIG_ROWS=100000 go test -tags ingestbig -run TestBigWrite ./pkg/ingest/
//	go test -tags ingestbig -c -o /tmp/ingest.test ./pkg/ingest/
//	INGEST_BIG=/tmp/big.xlsx /usr/bin/time -v /tmp/ingest.test -test.run TestBigRead -test.v

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

func TestBigWrite(t *testing.T) {
	path := os.Getenv("INGEST_BIG")
	if path == "" {
		t.Skip("INGEST_BIG not set")
	}
	n, _ := strconv.Atoi(os.Getenv("INGEST_BIG_ROWS"))
	if n == 0 {
		n = 100000
	}
	if err := writeBenchWorkbook(path, n); err != nil {
		t.Fatal(err)
	}
}

func TestBigRead(t *testing.T) {
	path := os.Getenv("INGEST_BIG")
	if path == "" {
		t.Skip("INGEST_BIG not set")
	}
	start := time.Now()
	st, err := ReadFile(context.Background(), path, Options{}, func(Item) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	el := time.Since(start)
	t.Logf("%d rows (%d accepted, %d rejected, %d blank) in %v: %.0f rows/s", st.Rows, st.Accepted, st.Rejected, st.Blank, el, float64(st.Rows)/el.Seconds())
}

// TestBigFloor is excelize alone on the same file: open with the same
// limits, stream every row's raw values, nothing else.
func TestBigFloor(t *testing.T) {
	path := os.Getenv("INGEST_BIG")
	if path == "" {
		t.Skip("INGEST_BIG not set")
	}
	start := time.Now()
	wb, err := openWorkbook(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer wb.close()
	rows, err := wb.f.Rows(wb.f.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		if _, err := rows.Columns(excelize.Options{RawCellValue: true}); err != nil {
			t.Fatal(err)
		}
		n++
	}
	el := time.Since(start)
	t.Logf("excelize floor: %d rows in %v: %.0f rows/s", n, el, float64(n)/el.Seconds())
}
