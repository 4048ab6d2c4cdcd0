// Command exportbench times the export of synthetic results: N vacancies
// with ten deadlines each, a conflict on every tenth. It lives under
// testdata so `go build ./...` skips it; build it explicitly:
//
//	go build -o /tmp/exportbench ./pkg/export/testdata/exportbench
//	/usr/bin/time -v /tmp/exportbench -n 100000 -out /tmp/exportbench-out
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"batch/pkg/compute"
	"batch/pkg/export"
)

func main() {
	n := flag.Int("n", 100000, "vacancies")
	out := flag.String("out", "/tmp/exportbench-out", "output folder")
	formats := flag.String("format", "xlsx,csv,json", "formats")
	every := flag.Int("conflict-every", 10, "a warning on every k-th vacancy (1 = all highlighted)")
	profile := flag.String("cpuprofile", "", "write a CPU profile to `FILE`")
	flag.Parse()
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	if err := run(*n, *every, *out, strings.Split(*formats, ",")); err != nil {
		fmt.Fprintln(os.Stderr, err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

func run(n, every int, out string, formats []string) error {
	asOf := compute.D(2026, 3, 2)
	// The plan, as the pipeline's first phase counts it.
	plan := export.Plan{ExtraColumns: []string{"ward", "memo"}}
	for i := 0; i < n; i++ {
		r := result(i, every, asOf)
		for _, c := range r.Conflicts {
			plan.Conflicts.Add(c.Severity, r.NextDeadlineDate, 1)
		}
	}
	folder, err := export.OpenFolder(out)
	if err != nil {
		return err
	}
	d, err := export.Start(folder, export.Options{Dir: out, Formats: formats, AsOf: asOf})
	if err != nil {
		return err
	}
	w, err := d.Plan(plan)
	if err != nil {
		return err
	}
	defer w.Abort()
	start := time.Now()
	rows := 0
	for i := 0; i < n; i++ {
		r := result(i, every, asOf)
		if err := w.Result(&r); err != nil {
			return err
		}
		rows += 1 + len(r.Deadlines) + len(r.Conflicts)
	}
	streamed := time.Since(start)
	if _, err := w.Commit(export.RunInfo{Version: "bench", Jobs: 1}); err != nil {
		return err
	}
	total := time.Since(start)
	fmt.Printf("%d vacancies, %d rows (vacancies+deadlines+conflicts): streamed %.1fs, total %.1fs, %.0f vacancies/s, %.0f rows/s\n",
		n, rows, streamed.Seconds(), total.Seconds(), float64(n)/total.Seconds(), float64(rows)/total.Seconds())
	return nil
}

var codes = []string{"designating_petition", "designation_accept_decline", "designation_vacancy_declination",
	"opportunity_to_ballot", "party_nomination_certificate", "party_nomination_accept_decline",
	"party_nomination_vacancy_declination", "independent_petition", "independent_accept_decline",
	"independent_vacancy_declination"}

// result is the i-th synthetic vacancy, the same on every call.
func result(i, every int, asOf compute.Date) compute.Result {
	ev := compute.D(2026, 1, 1).AddDays(i % 300)
	r := compute.Result{
		Vacancy: compute.Vacancy{ID: "V-" + strconv.Itoa(i),
			Source: compute.Source{File: "big.xlsx", Sheet: "Kings", Row: i + 2},
			Office: "Member of Assembly", Class: compute.MemberOfAssembly, District: strconv.Itoa(i % 150),
			County: "Kings", Incumbent: "Incumbent " + strconv.Itoa(i), Cause: compute.Death, EventDate: ev,
			Notes: "note " + strconv.Itoa(i),
			Extra: []compute.Field{{Name: "ward", Value: strconv.Itoa(i % 40)}, {Name: "memo", Value: "m"}}},
		VacancyDate: ev, Method: compute.GeneralElection, FillingElection: compute.D(2026, 11, 3),
		TermEnd: compute.D(2026, 12, 31), NextDeadline: codes[0], NextDeadlineDate: compute.D(2026, 4, 2),
		Basis: "Pub. Off. Law § 42(1); Elec. Law § 6-158", Explanation: "Filled at the general election of 2026-11-03.",
	}
	for j, c := range codes {
		eff := compute.D(2026, 2, 20).AddDays(j * 9)
		r.Deadlines = append(r.Deadlines, compute.Deadline{Code: c, Kind: compute.LastDay, Statutory: eff,
			Effective: eff, RolledOver: j == 3, Applies: true, Status: status(eff, asOf),
			ElectionDate: compute.D(2026, 6, 23), Citation: "Elec. Law § 6-158(" + strconv.Itoa(j+1) + ")"})
	}
	if i%every == 0 {
		r.Conflicts = []compute.Conflict{{Code: "TOO_LATE", Severity: compute.Warning, Field: codes[7],
			Message: "The last day falls after the election.", Citation: "Elec. Law § 6-158(13)"}}
	}
	return r
}

func status(d, asOf compute.Date) compute.Status {
	if d.Before(asOf) {
		return compute.Passed
	}
	return compute.Open
}
