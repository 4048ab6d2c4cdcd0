package xlsx

import "testing"

// pagesWide, worked by hand: a landscape Letter page between margins of
// 0.4 in holds 10.2 × 96 / 7 = 139.9 width units at full size, and every
// page after the first prints the first column again.
func TestPagesWide(t *testing.T) {
	for _, c := range []struct {
		name   string
		widths []float64
		want   int
	}{
		{"fits one page at 55 %: 254 × 0.55 = 139.7", []float64{14, 240}, 1},
		{"just over one page: 256 × 0.55 = 140.8", []float64{14, 242}, 2},
		// The samples' Vacancies: two pages hold 466 + 14 at 279.8 / 480 = 58 %.
		{"the samples' Vacancies", []float64{14, 452}, 2},
		// 500 + 14 on two pages is 279.8 / 514 = 54 %: three, 419.7 / 528 = 79 %.
		{"two pages but for the repeated first column", []float64{14, 486}, 3},
		// Rules' first column is 40 wide: 480 + 40 on two pages is 54 %.
		{"a wide first column repeated", []float64{40, 440}, 3},
		{"at most four pages, however wide", []float64{14, 5000}, 4},
		{"no columns", nil, 1},
	} {
		if got := pagesWide(c.widths); got != c.want {
			t.Errorf("%s: pagesWide(%v) = %d, want %d", c.name, c.widths, got, c.want)
		}
	}
}
