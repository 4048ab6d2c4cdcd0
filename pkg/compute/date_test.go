package compute

import (
	"testing"
	"time"
)

func TestDateStringIsISO(t *testing.T) {
	cases := []struct {
		name string
		d    Date
		want string
	}{
		{"a date not given is blank", Date{}, ""},
		{"an ordinary day", D(2026, time.November, 3), "2026-11-03"},
		{"the first day of year one keeps four digits", Date{Year: 1, Month: 1, Day: 1}, "0001-01-01"},
		{"the last day Excel knows", D(9999, time.December, 31), "9999-12-31"},
		{"a year past 9999 is still printed", Date{Year: 10000, Month: 1, Day: 2}, "10000-01-02"},
		{"an impossible month is printed as given, not hidden", Date{Year: 2026, Month: 13, Day: 45}, "2026-13-45"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.d.String(); got != tc.want {
				t.Errorf("%#v.String() = %q, want %q", tc.d, got, tc.want)
			}
		})
	}
}
