package pipeline

import (
	"context"
	"encoding/csv"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"batch/pkg/compute"
	"batch/pkg/export"
)

// The same-date proviso across the batch, with the February 3, 2026
// specials (the governor's releases of 2025-12-16 and 2026-01-02): the
// 74th Assembly District proclaimed Dec 15, 2025 for Feb 3 (R + 50), then
// the 47th and 61st Senate and the 36th Assembly districts proclaimed Jan
// 2, 2026 for the same day (R + 32: outside 40 to 50, lawful only because
// AD-74's special was already set for that day). The vacancy dates of the
// three January seats are the day their holders took their new offices,
// Jan 1, 2026; AD-74's is taken a few days before its proclamation.
const feb3 = `vacancy_id,office,office_class,district,cause,event_date,proclamation_date,special_election_date
AD-74,Member of Assembly,member_of_assembly,74,resignation,2025-12-10,2025-12-15,2026-02-03
SD-47,State Senator,state_senator,47,resignation,2026-01-01,2026-01-02,2026-02-03
SD-61,State Senator,state_senator,61,resignation,2026-01-01,2026-01-02,2026-02-03
AD-36,Member of Assembly,member_of_assembly,36,resignation,2026-01-01,2026-01-02,2026-02-03
`

func runCSV(t *testing.T, body string) map[string][]map[string]string {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(in, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if _, err := Run(context.Background(), Options{Inputs: []string{in}, Jobs: 2,
		Outputs: Outputs{Dir: out, Formats: []string{export.CSV}, AsOf: compute.D(2026, 1, 5)},
	}); err != nil {
		t.Fatal(err)
	}
	tables := map[string][]map[string]string{}
	for _, name := range []string{"vacancies.csv", "conflicts.csv"} {
		f, err := os.Open(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(f).ReadAll()
		_ = f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs[1:] {
			m := map[string]string{}
			for i, h := range recs[0] {
				m[h] = r[i]
			}
			tables[name] = append(tables[name], m)
		}
	}
	return tables
}

func TestSameDateProvisoAcrossTheBatch(t *testing.T) {
	t.Run("the earlier special is in the inputs: info naming it", func(t *testing.T) {
		got := runCSV(t, feb3)
		n := 0
		for _, c := range got["conflicts.csv"] {
			if c["code"] == "SPECIAL_WINDOW" {
				t.Errorf("%s: SPECIAL_WINDOW %s", c["vacancy_id"], c["message"])
			}
			if c["code"] != "SPECIAL_PIGGYBACK" {
				continue
			}
			n++
			if c["severity"] != "info" || !strings.Contains(c["message"], "AD-74") || c["vacancy_id"] == "AD-74" {
				t.Errorf("%s: %s %s", c["vacancy_id"], c["severity"], c["message"])
			}
		}
		if n != 3 {
			t.Errorf("%d SPECIAL_PIGGYBACK conflicts, want 3", n)
		}
		for _, v := range got["vacancies.csv"] {
			if v["vacancy_id"] != "AD-74" && (v["severity"] != "info" || !strings.Contains(v["explanation"], "AD-74")) {
				t.Errorf("%s: severity %q explanation %q", v["vacancy_id"], v["severity"], v["explanation"])
			}
			if v["law_edition"] != "E4" {
				t.Errorf("%s: law_edition %q", v["vacancy_id"], v["law_edition"])
			}
		}
	})
	t.Run("without it: a warning", func(t *testing.T) {
		lines := strings.Split(feb3, "\n")
		got := runCSV(t, strings.Join(append(lines[:1], lines[2:]...), "\n"))
		n := 0
		for _, c := range got["conflicts.csv"] {
			if c["code"] == "SPECIAL_PIGGYBACK" {
				n++
				if c["severity"] != "warning" || !strings.Contains(c["message"], "none is in these inputs") {
					t.Errorf("%s: %s %s", c["vacancy_id"], c["severity"], c["message"])
				}
			}
		}
		if n != 3 {
			t.Errorf("%d SPECIAL_PIGGYBACK conflicts, want 3", n)
		}
	})
	t.Run("an election on that day proclaimed later is no host", func(t *testing.T) {
		// AD-74 proclaimed Jan 3 instead: the three of Jan 2 have no
		// special proclaimed before theirs (a proclamation the same day is
		// not "previously scheduled"): warnings. AD-74, now R + 31, rides
		// on theirs: info.
		body := strings.Replace(feb3, "AD-74,Member of Assembly,member_of_assembly,74,resignation,2025-12-10,2025-12-15",
			"AD-74,Member of Assembly,member_of_assembly,74,resignation,2025-12-30,2026-01-03", 1)
		for _, c := range runCSV(t, body)["conflicts.csv"] {
			if c["code"] != "SPECIAL_PIGGYBACK" {
				continue
			}
			want := "warning"
			if c["vacancy_id"] == "AD-74" {
				want = "info"
			}
			if c["severity"] != want {
				t.Errorf("%s: %s %s", c["vacancy_id"], c["severity"], c["message"])
			}
		}
	})
}

// A run whose as-of date is more than 180 days after the law data was last
// checked says so in its log.
func TestStaleLawDataIsLogged(t *testing.T) {
	var buf strings.Builder
	opts := withDefaults(Options{Log: slog.New(slog.NewTextHandler(&buf, nil)),
		Outputs: Outputs{AsOf: compute.D(2027, 6, 1)}})
	warnStale(opts)
	if !strings.Contains(buf.String(), "last checked on 2026-12-01") {
		t.Errorf("log %q", buf.String())
	}
	buf.Reset()
	opts.AsOf = compute.D(2027, 5, 30) // 180 days after 2026-12-01
	warnStale(opts)
	if buf.Len() != 0 {
		t.Errorf("log %q", buf.String())
	}
}
