package ingest

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A State Senate district or a judicial district spans counties: its row
// names them all in the county cell, as analysts write it.
func TestCountyCellListsTheCountiesAnOfficeSpans(t *testing.T) {
	tests := []struct {
		name, cell string
		county     string // the row's county once read; "" when rejected
		messages   []string
	}{
		{"one county", "Albany", "Albany", nil},
		{"semicolons", "Albany; Schenectady", "Albany; Schenectady", nil},
		{"commas, county suffix and case", "saratoga county,Warren , washington", "Saratoga; Warren; Washington", nil},
		{"a borough among counties", "Brooklyn; Queens", "Kings; Queens", nil},
		{"a county named twice is named once", "Albany; albany county; Schenectady", "Albany; Schenectady", nil},
		{"a trailing separator", "Albany;", "Albany", nil},
		{"order as given", "Warren; Saratoga", "Warren; Saratoga", nil},
		{"a misspelt county in the list", "Albany; Schenectedy", "",
			[]string{`"Schenectedy" (in "Albany; Schenectedy") is not a New York county. Did you mean Schenectady?`}},
		{"two unknown names", "Kent, Springfield", "",
			[]string{`"Kent" (in "Kent, Springfield") is not one of New York's 62 counties`,
				`"Springfield" (in "Kent, Springfield") is not one of New York's 62 counties`}},
		{"one misspelt county alone keeps its message", "Schenectedy", "",
			[]string{`"Schenectedy" is not a New York county. Did you mean Schenectady?`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "in.csv")
			body := "office,cause,event_date,county\nState Senator,death,2026-03-02,\"" + tc.cell + "\"\n"
			if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			items, _ := readAll(t, path, Options{})
			if len(items) != 1 {
				t.Fatalf("%d items", len(items))
			}
			it := items[0]
			var msgs []string
			for _, p := range it.Problems {
				if p.Column != "county" || p.Value != tc.cell {
					t.Errorf("problem on column %q value %q, want county %q", p.Column, p.Value, tc.cell)
				}
				msgs = append(msgs, p.Message)
			}
			if !reflect.DeepEqual(msgs, tc.messages) {
				t.Errorf("problems %q, want %q", msgs, tc.messages)
			}
			if len(tc.messages) == 0 && it.Vacancy.County != tc.county {
				t.Errorf("county %q, want %q", it.Vacancy.County, tc.county)
			}
			if got, want := SplitCounties(it.Vacancy.County), strings.Split(tc.county, CountySeparator); tc.county != "" && !reflect.DeepEqual(got, want) {
				t.Errorf("SplitCounties(%q) = %q, want %q", it.Vacancy.County, got, want)
			}
		})
	}
}
