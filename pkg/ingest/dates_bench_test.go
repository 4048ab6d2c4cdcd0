package ingest

import "testing"

// BenchmarkParseDateText reads the text forms a CSV's date cells hold most
// (ISO, M/D/YYYY, M/D/YY, a month in words), in turn: the per-cell cost
// of the date parser on the CSV path.
func BenchmarkParseDateText(b *testing.B) {
	forms := []string{"2026-03-05", "3/5/2026", "3/5/26", "March 5, 2026", "2026-11-30", "12/31/2027"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := parseDateText(forms[i%len(forms)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkParseDateTextForms is BenchmarkParseDateText form by form.
func BenchmarkParseDateTextForms(b *testing.B) {
	for _, s := range []string{"2026-03-05", "3/5/2026", "3/5/26", "March 5, 2026"} {
		b.Run(s, func(b *testing.B) {
			for b.Loop() {
				if _, err := parseDateText(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
