package pipeline

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"batch/pkg/compute"
	"batch/pkg/export"
)

// The nightly golden: two nights of the samples, the second compared with
// the first (--compare auto) and written with the digest, so that the
// comparison's outputs (changes.csv, the Changes sheet, digest.txt and
// digest.html, summary.json's changes and fail_on) are held to reviewed
// text as the statewide outputs are (TestGoldenSamples). Between the
// nights an analyst corrected two event dates, mistyped a third, recorded
// a proclamation, removed two rows and added one; the as-of date moved a
// week.
//
//	go test ./pkg/pipeline -run GoldenCompared -update && git diff --stat pkg/pipeline/testdata

func TestGoldenCompared(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	night1 := filepath.Join(dir, "vacancies.csv")
	night2 := filepath.Join(dir, "vacancies-2.csv")
	writeNights(t, filepath.Join("..", "..", "samples", "statewide.csv"), night1, night2)
	formats := []string{export.XLSX, export.CSV, export.JSON, export.Digest}
	for _, night := range []struct {
		name, in, asOf, compare string
	}{
		{"night1", night1, "2026-11-23", ""},
		{"night2", night2, "2026-11-30", "auto"},
	} {
		asOf, err := compute.ParseISO(night.asOf)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Run(context.Background(), Options{Inputs: []string{night.in}, Jobs: 2, Version: "golden", Compare: night.compare,
			Outputs: Outputs{Dir: out, Formats: formats, AsOf: asOf, FailOn: export.FailOn{Levels: []string{"action", "changed"}, Action: true, Changed: true}},
		})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, name := range []string{"digest.txt", "digest.html", "changes.csv", "summary.json"} {
			b, err := os.ReadFile(filepath.Join(out, name))
			if os.IsNotExist(err) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			got[name] = maskGolden(name, strings.ReplaceAll(string(b), dir, "<dir>"))
		}
		// The sheets the comparison writes to; the others are the samples'
		// golden's.
		got["results.xlsx"] = strings.ReplaceAll(dumpGoldenWorkbook(t, filepath.Join(out, "results.xlsx"), "Summary", "Changes"), dir, "<dir>")
		checkGoldenSet(t, filepath.Join("testdata", "golden", "compared", night.name), got)
	}
}

// writeNights writes the samples as the first night's input, and the
// second night's: the same rows but for an analyst's day of edits.
func writeNights(t *testing.T, samples, night1, night2 string) {
	t.Helper()
	f, err := os.Open(samples)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	write := func(path string, rows [][]string) {
		out, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		w := csv.NewWriter(out)
		if err := w.WriteAll(rows); err != nil {
			t.Fatal(err)
		}
		if err := out.Close(); err != nil {
			t.Fatal(err)
		}
	}
	write(night1, rows)
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	edits := map[string]func(r []string) []string{
		"NY-0000021": func(r []string) []string { r[col["event_date"]] = "2026-11-02"; return r }, // a date corrected
		"NY-0000034": func(r []string) []string { r[col["event_date"]] = "2026-10-20"; return r },
		"NY-0000032": func(r []string) []string { r[col["event_date"]] = "13/45/2026"; return r }, // now rejected
		"NY-0000022": func(r []string) []string { r[col["special_election_date"]] = ""; return r },
		"NY-0000027": func(r []string) []string { r[col["proclamation_date"]] = "2026-11-20"; return r },
		"NY-0000010": func([]string) []string { return nil }, // removed
		"NY-0000039": func([]string) []string { return nil },
	}
	next := [][]string{rows[0]}
	for _, r := range rows[1:] {
		r = append([]string(nil), r...)
		if e := edits[r[0]]; e != nil {
			if r = e(r); r == nil {
				continue
			}
		}
		next = append(next, r)
	}
	added := append([]string(nil), rows[17]...) // a new vacancy in the same county
	added[0], added[col["event_date"]] = "NY-0009999", "2026-11-25"
	next = append(next, added)
	write(night2, next)
}
