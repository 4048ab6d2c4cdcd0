package mail

import (
	"fmt"
	"strings"

	"batch/internal/printable"
)

// Report is what a mail step did, message by message, for its one line
// (CONTRACT.md, "Mail": "mail: 61 sent, 1 failed (Warren: 550 5.1.1 …)") and its
// exit status.
type Report struct {
	Run    string // the set mailed
	Ledger string // where its ledger is
	DryRun string // the dry run's folder; "" when messages were sent

	sent, bare, toDefault, dry  int
	failed, uncertain, unrouted []said   // Warren: 550 5.1.1 …
	defaults                    []string // the values sent to the * row
	before, notDue, noFailOn    int
	noStatewide                 bool
	unused                      []*route
	view                        string // why OUT/mail.csv is behind the ledger, "" when it is not
}

// add counts a row this step wrote.
func (r *Report) add(p *part, e *entry) {
	r.count(p, e, "")
}

// kept counts a row of an earlier step this one left as it was.
func (r *Report) kept(p *part, e *entry, why string) {
	r.count(p, e, why)
}

// said is a part and what became of it.
type said struct{ name, why string }

func (r *Report) count(p *part, e *entry, why string) {
	say := said{p.name(), shortReply(e.reply)}
	if why != "" {
		say.why += " (" + why + ")"
	}
	switch e.status {
	case statusSent:
		r.sent++
	case statusSentBare:
		r.sent++
		r.bare++
	case statusSentDefault:
		r.sent++
		r.toDefault++
		r.defaults = append(r.defaults, p.name())
	case statusDryRun:
		r.dry++
	case statusFailed:
		r.failed = append(r.failed, say)
	case statusUncertain:
		r.uncertain = append(r.uncertain, say)
	case statusUnrouted:
		r.unrouted = append(r.unrouted, say)
	}
}

// shortReply is a reply cut for the one line: the ledger keeps it whole.
func shortReply(s string) string {
	const most = 240
	if r := []rune(s); len(r) > most {
		return string(r[:most-1]) + "…"
	}
	return s
}

// Undelivered reports whether a message of the run did not reach its
// recipients: failed, uncertain, unrouted, or sent to the * row for want
// of a row of its own (the step names those values): exit 4.
func (r *Report) Undelivered() bool {
	return len(r.failed)+len(r.uncertain)+len(r.unrouted)+r.toDefault > 0
}

// Line is the step's one line.
func (r *Report) Line() string {
	var parts []string
	if r.dry > 0 {
		s := fmt.Sprintf("%d written to %s (dry run: nothing sent", r.dry, printable.Name(r.DryRun))
		if r.toDefault > 0 {
			s += fmt.Sprintf("; %d would go to the * row's addresses, no row naming %s", r.toDefault, list(r.defaults))
		}
		parts = append(parts, s+")")
	}
	if r.sent > 0 || r.dry == 0 && r.Undelivered() {
		s := fmt.Sprintf("%d sent", r.sent)
		var more []string
		if r.bare > 0 {
			more = append(more, fmt.Sprintf("%d without an attachment too large to mail", r.bare))
		}
		if r.toDefault > 0 {
			more = append(more, fmt.Sprintf("%d to the * row's addresses, no row naming %s", r.toDefault, list(r.defaults)))
		}
		if len(more) > 0 {
			s += " (" + strings.Join(more, "; ") + ")"
		}
		parts = append(parts, s)
	}
	for _, g := range []struct {
		what  string
		items []said
	}{{"failed", r.failed}, {"uncertain", r.uncertain}, {"unrouted", r.unrouted}} {
		if len(g.items) > 0 {
			parts = append(parts, fmt.Sprintf("%d %s (%s)", len(g.items), g.what, grouped(g.items)))
		}
	}
	if r.before > 0 {
		parts = append(parts, fmt.Sprintf("%d sent before", r.before))
	}
	if r.notDue > 0 {
		parts = append(parts, fmt.Sprintf("%d parts not mailed: they did not reach --fail-on (--mail-when fail-on)", r.notDue))
	}
	if r.noStatewide {
		parts = append(parts, "the statewide part not mailed: no --mail-to and no * row")
	}
	if r.noFailOn > 0 {
		parts = append(parts, fmt.Sprintf("%d mailed though their summary.json has no fail_on block (as if reached)", r.noFailOn))
	}
	if len(parts) == 0 {
		return "mail: nothing to send"
	}
	line := "mail: " + strings.Join(parts, ", ")
	switch {
	case r.sent == 0 && r.dry == 0 && r.before > 0 && !r.Undelivered():
		line = fmt.Sprintf("mail: nothing to send: the %d messages of this run were sent before", r.before)
	}
	if r.Undelivered() && r.Ledger != "" {
		line += "; see " + printable.Name(r.Ledger)
	}
	if r.view != "" {
		line += "; " + r.view
	}
	if len(r.unrouted) > 0 {
		for _, rt := range r.unused {
			line += fmt.Sprintf("; the recipients file's row %s (line %d) matches no value", printable.Name(rt.value), rt.line)
		}
	}
	return line
}

// grouped says each reason once, after the parts it befell ("Albany,
// Essex: 451 …; Warren: 550 …"): up to three reasons and five parts a
// reason, and how many more.
func grouped(items []said) string {
	var whys []string
	names := map[string][]string{}
	for _, it := range items {
		if _, ok := names[it.why]; !ok {
			whys = append(whys, it.why)
		}
		names[it.why] = append(names[it.why], it.name)
	}
	var out []string
	for i, why := range whys {
		if i == 3 {
			out = append(out, fmt.Sprintf("and %d more", len(items)-counted(names, whys[:3])))
			break
		}
		n := names[why]
		who := strings.Join(n[:min(len(n), 5)], ", ")
		if len(n) > 5 {
			who += fmt.Sprintf(" and %d more", len(n)-5)
		}
		out = append(out, who+": "+why)
	}
	return strings.Join(out, "; ")
}

func counted(names map[string][]string, whys []string) int {
	n := 0
	for _, w := range whys {
		n += len(names[w])
	}
	return n
}

// list is up to three items, and how many more.
func list(items []string) string {
	const most = 3
	if len(items) <= most {
		return strings.Join(items, "; ")
	}
	return strings.Join(items[:most], "; ") + fmt.Sprintf("; and %d more", len(items)-most)
}

// Undelivered is the error of a step that left a message undelivered:
// the command line exits 4 with its line.
type Undelivered struct{ Line string }

func (e *Undelivered) Error() string { return e.Line }

// Err is the report as an error: *Undelivered when a message was not
// delivered, nil otherwise.
func (r *Report) Err() error {
	if r == nil || !r.Undelivered() {
		return nil
	}
	return &Undelivered{Line: r.Line()}
}
