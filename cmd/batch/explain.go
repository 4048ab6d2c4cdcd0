package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"batch/pkg/compute"
	"batch/pkg/pipeline"
)

// batch explain: one vacancy's reasoning, step by step, and what is to do.

func explainCommand(c *cli.Context, stdin io.Reader) error {
	opts, err := commonOptions(c, stdin)
	if err != nil {
		return err
	}
	id := c.String("id")
	if id == "" {
		return usagef("explain needs --id ID (a vacancy_id, or file:sheet:row)")
	}
	found, err := pipeline.Find(c.Context, opts, id)
	var missing pipeline.NotFound
	if errors.As(err, &missing) {
		msg := fmt.Sprintf("no vacancy with vacancy_id or source %q in %s", id, strings.Join(opts.Inputs, ", "))
		if missing.Nearest != "" {
			msg += fmt.Sprintf(": did you mean %q?", missing.Nearest)
		}
		return errors.New(msg)
	}
	if err != nil {
		return err
	}
	out := textOut(c.App.Writer)
	if len(found) > 1 {
		// Issue 35: two rows answering one id are both shown, and said to be.
		fmt.Fprintln(terminalSafe{out}, sharedIDLine(id, found))
		fmt.Fprintln(out)
	}
	for i := range found {
		if i > 0 {
			fmt.Fprintln(out)
		}
		printExplanation(terminalSafe{out}, &found[i], opts.AsOf, opts.Law)
	}
	return out.Flush()
}

// sharedIDLine says that several rows answer the id asked for, naming
// each by its source.
func sharedIDLine(id string, found []compute.Result) string {
	srcs := make([]string, len(found))
	for i := range found {
		srcs[i] = found[i].Vacancy.Source.String()
	}
	return fmt.Sprintf("%d rows answer to %q: %s. Each is explained below; give each vacancy an id of its own.", len(found), id, strings.Join(srcs, ", "))
}

func printExplanation(w io.Writer, r *compute.Result, asOf compute.Date, law *compute.Law) {
	v := r.Vacancy
	fmt.Fprintf(w, "%s (%s)\n", v.ID, v.Source)
	fmt.Fprintf(w, "  %s — %s, %s, district %s, county %s\n", v.Office, v.Class, v.Cause, orDash(v.District), orDash(v.County))
	wrap(w, "  ", lawLine(law)+"; this row: law_edition "+orDash(r.LawEdition)+".")

	fmt.Fprintln(w, "\nReasoning (every step considered, in order; applies = no says why not below):")
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  #\tstep\tapplies\tedition\tdecided by the edition in force on")
	for i, s := range r.Steps {
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%s\n", i+1, s.Rule, yesNo(s.Applies), orDash(s.Edition), orDash(s.Keyed))
	}
	tw.Flush()
	fmt.Fprintln(w)
	for i, s := range r.Steps {
		text := s.Text
		if s.Citation != "" {
			text += " [" + s.Citation + "]"
		}
		wrap(w, fmt.Sprintf("  %d. ", i+1), text)
	}
	var keys []string
	for _, s := range r.Steps {
		if s.Keying != "" && !slices.Contains(keys, s.Keying) {
			keys = append(keys, s.Keying)
		}
	}
	if len(keys) > 0 {
		fmt.Fprintln(w, "\nWhy those editions (the keying rule, an interpretation: no act states a transition rule):")
		for _, k := range keys {
			wrap(w, "  - ", k+".")
		}
	}

	result := "Result: " + r.Method.Words() + " (filling_method " + string(r.Method) + ")"
	if !r.FillingElection.IsZero() {
		result += ", election " + r.FillingElection.String()
	}
	fmt.Fprintln(w)
	wrap(w, "", result+"; vacant since "+orDash(r.VacancyDate.String()))
	if line := governsLine(r); line != "" {
		wrap(w, "  ", line)
	}
	wrap(w, "  ", r.Explanation)
	if len(r.Deadlines) > 0 {
		printToDo(w, r, asOf)
	}
	if len(r.Deadlines) > 0 {
		fmt.Fprintf(w, "\nDeadlines (status as of %s; (v): verify the date, see its note below the table):\n", asOf)
		tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  code\twindow start\tstatutory\teffective\tstatus\tedition\tbase date")
		for _, d := range r.Deadlines {
			status := string(d.Status)
			switch {
			case d.Unknown:
				status = "unknown"
			case !d.Applies:
				status = "n/a"
			case d.RolledOver:
				status += ", moved"
			}
			if d.Verify != "" {
				status += " (v)"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\n", d.Code, orDash(d.WindowStart.String()),
				orDash(d.Statutory.String()), orDash(d.Effective.String()), status, orDash(d.LawEdition), orDash(d.BaseDate.String()))
		}
		tw.Flush()
		fmt.Fprintln(w)
		for _, d := range r.Deadlines {
			note := d.Citation
			switch {
			case d.Unknown:
				note += "; whether it applies is unknown: " + d.Reason
			case !d.Applies:
				note += "; does not apply: " + d.Reason
			case d.Reason != "":
				note += "; " + d.Reason
			}
			if s := law.Corroboration(&d); s != "" {
				note += "; " + s
			}
			if d.RolledOver {
				note += "; moved from " + d.Statutory.String() + " by § 1-106"
			}
			if d.Verify != "" {
				note += "; verify: " + d.Verify
			}
			wrap(w, "  "+d.Code+": ", note)
		}
	}
	if len(r.Conflicts) > 0 {
		fmt.Fprintln(w, "\nConflicts:")
		for _, cf := range r.Conflicts {
			wrap(w, fmt.Sprintf("  %-7s ", cf.Severity), cf.Code+" ("+orDash(cf.Field)+"): "+cf.Message+" ["+orDash(cf.Citation)+"]")
		}
	}
}

// governsLine names the law that governs the row and who acts under it
// (the Vacancies columns governing_law … charter_paragraph), "" when
// none is known.
func governsLine(r *compute.Result) string {
	var parts []string
	for _, x := range []struct{ name, value string }{
		{"governing_law", r.GoverningLaw}, {"appointing_authority", r.AppointingAuthority},
		{"appointment_until", r.AppointmentUntil.String()}, {"proclaiming_officer", r.ProclaimingOfficer},
		{"remainder_election_date", r.RemainderElection.String()}, {"charter_paragraph", r.CharterParagraph},
	} {
		if x.value != "" {
			parts = append(parts, x.name+" "+x.value)
		}
	}
	return strings.Join(parts, "; ")
}

// printToDo lists what someone must still do, soonest first: the
// deadlines still open (Deadline.Actionable), each with its verify mark.
// A met duty or a set election day is not on it; the table below has every
// row.
func printToDo(w io.Writer, r *compute.Result, asOf compute.Date) {
	var todo []*compute.Deadline
	for i := range r.Deadlines {
		if d := &r.Deadlines[i]; d.Actionable() {
			todo = append(todo, d)
		}
	}
	if len(todo) == 0 {
		fmt.Fprintf(w, "\nStill to do as of %s: nothing; every deadline has passed, was met or does not apply.\n", asOf)
		return
	}
	slices.SortStableFunc(todo, func(a, b *compute.Deadline) int { return a.Effective.Compare(b.Effective) })
	fmt.Fprintf(w, "\nStill to do as of %s (%d):\n", asOf, len(todo))
	for _, d := range todo {
		line := d.Effective.String() + "  " + d.Code
		if !d.WindowStart.IsZero() && d.WindowStart.After(asOf) {
			line += " (opens " + d.WindowStart.String() + ")"
		}
		if d.Verify != "" {
			line += " — verify: " + d.Verify
		}
		wrap(w, "  ", line)
	}
}
