package main

import (
	"encoding/csv"
	"fmt"

	"github.com/urfave/cli/v2"

	"batch/pkg/compute"
)

// batch rules: every rule, edition by edition, as the Rules sheet lists it.

func rulesCommand(c *cli.Context) error {
	law, err := lawOf(c)
	if err != nil {
		return err
	}
	var f compute.RulesFilter
	if s := c.String("as-of"); s != "" {
		d, err := parseAsOf(s, origin(c, "as-of"))
		if err != nil {
			return err
		}
		f.AsOf = d
	}
	rules := compute.RulesOf(law, f)
	w := c.App.Writer
	if c.Bool("csv") {
		cw := csv.NewWriter(w)
		_ = cw.Write([]string{"code", "citation", "counting", "roll_over", "in_force_from", "in_force_to", "words", "note", "edition", "offices", "mark"})
		for _, r := range rules {
			_ = cw.Write([]string{r.Code, r.Citation, r.Counting, yesNo(r.RollOver),
				r.InForceFrom.String(), r.InForceTo.String(), r.Words, r.Note, r.Edition, r.Offices, string(r.Mark)})
		}
		cw.Flush()
		return cw.Error()
	}
	txt := textOut(w)
	defer txt.Flush()
	w = txt
	fmt.Fprintln(w, lawLine(law))
	if !f.AsOf.IsZero() {
		fmt.Fprintf(w, "%d rules in force on %s\n", len(rules), f.AsOf)
	} else {
		fmt.Fprintf(w, "%d rules, every edition\n", len(rules))
	}
	for _, r := range rules {
		head := "\n" + r.Code
		if r.Offices != "" {
			head += " (" + r.Offices + ")"
		}
		fmt.Fprintf(w, "%s — %s\n", head, orDash(r.Citation))
		if r.Edition != "" || !r.InForceFrom.IsZero() || !r.InForceTo.IsZero() {
			fmt.Fprintf(w, "  %s in force: %s to %s\n", orDash(r.Edition), orDash(r.InForceFrom.String()), orDash(r.InForceTo.String()))
		}
		if r.Counting != "" {
			text := r.Counting
			if r.RollOver {
				text += "; a last day on a weekend or holiday moves to the next business day (§ 1-106)"
			}
			wrap(w, "  counting: ", text)
		}
		if r.Words != "" {
			wrap(w, "  ", fmt.Sprintf("%q", r.Words))
		}
		if r.Mark != compute.Sourced && r.Mark != "" {
			fmt.Fprintf(w, "  marked: %s\n", r.Mark)
		}
		if r.Note != "" {
			wrap(w, "  note: ", r.Note)
		}
	}
	return nil
}
