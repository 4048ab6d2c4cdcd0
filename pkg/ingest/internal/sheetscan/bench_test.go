package sheetscan

import (
	"archive/zip"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/klauspost/compress/flate"
)

// BenchmarkScan reads the first worksheet of BATCH_BENCH_XLSX (a bench/gen
// workbook): inflating and scanning every row.
//
//	BATCH_BENCH_XLSX=/tmp/in.xlsx go test ./pkg/ingest/internal/sheetscan -run '^$' -bench Scan -benchtime 3x
func BenchmarkScan(b *testing.B) {
	path := os.Getenv("BATCH_BENCH_XLSX")
	if path == "" {
		b.Skip("set BATCH_BENCH_XLSX to a workbook")
	}
	zr, err := zip.OpenReader(path)
	if err != nil {
		b.Fatal(err)
	}
	defer zr.Close()
	zr.RegisterDecompressor(zip.Deflate, func(r io.Reader) io.ReadCloser { return flate.NewReader(r) })
	var part *zip.File
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "xl/worksheets/") {
			part = f
			break
		}
	}
	b.SetBytes(int64(part.UncompressedSize64))
	for b.Loop() {
		rc, err := part.Open()
		if err != nil {
			b.Fatal(err)
		}
		sc := New(rc, 0)
		rows, cells := 0, 0
		for sc.Next() {
			rows++
			cells += len(sc.Row().Cells)
		}
		if sc.Err() != nil {
			b.Fatal(sc.Err())
		}
		_ = rc.Close()
		b.ReportMetric(float64(rows), "rows")
	}
}
