package export

import (
	"fmt"
	"testing"

	"batch/pkg/compute"
)

func TestCarriedColumnsOfAWideRow(t *testing.T) {
	var fields []compute.Field
	var names []string
	for i := 1; i <= 2000; i++ {
		name := fmt.Sprintf("extra_%d", i)
		names = append(names, name)
		if i%2 == 0 { // every other column blank in this row: not carried
			fields = append(fields, compute.Field{Name: name, Value: fmt.Sprintf("v%d", i)})
		}
	}
	// A name that repeats: the first one wins, as with a narrow row.
	fields = append(fields, compute.Field{Name: "extra_2", Value: "second"})
	r := &compute.Result{Vacancy: compute.Vacancy{Extra: fields}}
	row := vacancyRow(nil, r, names)
	base := len(vacancyColumns)
	for _, c := range []struct {
		name string
		col  int
		want string
	}{
		{"a blank carried cell", 1, ""},
		{"a repeated name takes the first value", 2, "v2"},
		{"the last carried column", 2000, "v2000"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := row[base+c.col-1].text; got != c.want {
				t.Errorf("extra_%d = %q, want %q", c.col, got, c.want)
			}
		})
	}
}

// vacancyRow fills dst with one Vacancies row: the contract's columns, then
// the extra columns by name (blank where the row has no such field).
func vacancyRow(dst []value, r *compute.Result, extra []string) []value {
	return vacancyRowFrom(dst, &vacancyOf{r: r, src: text(r.Vacancy.Source.String())}, extra)
}

func (v value) String() string { return v.csv() }
