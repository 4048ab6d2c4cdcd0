package ingest

import (
	"context"
	"math"
	"os"
	"testing"
)

// BenchmarkReadCSV reads the file BATCH_BENCH_CSV names (bench/gen output)
// as a run does; skipped without it.
func BenchmarkReadCSV(b *testing.B) {
	path := os.Getenv("BATCH_BENCH_CSV")
	if path == "" {
		b.Skip("set BATCH_BENCH_CSV to a CSV file (go run ./bench/gen -format csv)")
	}
	for b.Loop() {
		if _, err := ReadFile(context.Background(), path, Options{}, func(Item) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadXLSX reads the workbook BATCH_BENCH_XLSX names; skipped
// without it.
func BenchmarkReadXLSX(b *testing.B) {
	path := os.Getenv("BATCH_BENCH_XLSX")
	if path == "" {
		b.Skip("set BATCH_BENCH_XLSX to a workbook (go run ./bench/gen -format xlsx)")
	}
	for b.Loop() {
		if _, err := ReadFile(context.Background(), path, Options{}, func(Item) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckSheet is the check pass over the first sheet of the
// workbook BATCH_BENCH_XLSX names, as openSheet runs it before any row is
// read; BATCH_BENCH_AHEAD=0 reads the part without readAhead.
func BenchmarkCheckSheet(b *testing.B) {
	path := os.Getenv("BATCH_BENCH_XLSX")
	if path == "" {
		b.Skip("set BATCH_BENCH_XLSX to a workbook (go run ./bench/gen -format xlsx)")
	}
	wb, err := openWorkbook(path, DefaultMaxUnpackedBytes)
	if err != nil {
		b.Fatal(err)
	}
	defer wb.close()
	if os.Getenv("BATCH_BENCH_AHEAD") == "0" {
		defer func(n uint64) { aheadAtLeast = n }(aheadAtLeast)
		aheadAtLeast = math.MaxUint64
	}
	for b.Loop() {
		wb.rows.reset()
		if err := checkPart(wb.sheets[0].part, &wb.rows); err != nil {
			b.Fatal(err)
		}
	}
}
