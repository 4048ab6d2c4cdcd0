package mail

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/mail"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"batch/internal/editdistance"
	"batch/internal/printable"
	"batch/pkg/outdir"
)

// Options are one mail step's: which folder, and what to send again.
type Options struct {
	Out string // the output folder
	// Run, when set, is the set a run --mail just committed: the step
	// mails that set or nothing (another run may have committed since).
	Run string
	// ResendUncertain sends again the messages the ledger marks
	// uncertain (under their Message-ID); RetryFailed those refused for
	// good (5xx). A temporary failure is retried without being asked.
	ResendUncertain, RetryFailed bool
	Log                          *slog.Logger
}

// Deliver mails what the last committed run in o.Out says should be
// mailed (CONTRACT.md, "Mail") and returns what became of each message. An
// error is a step that could not start or had to stop (the folder is
// busy, the run has no digest, the ledger cannot be written, ctx was
// cancelled); a message that was not delivered is in the Report.
func (mr *Mailer) Deliver(ctx context.Context, o Options) (*Report, error) {
	c, err := outdir.OpenCommitted(o.Out)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	if o.Run != "" && c.ID != o.Run {
		return nil, fmt.Errorf("mail: another run committed into %s after this one: nothing was mailed; batch mail %s mails the run now there",
			printable.Name(o.Out), printable.Name(o.Out))
	}
	parts, err := readParts(c.Dir)
	if err != nil {
		return nil, fmt.Errorf("mail: the run in %s: %w", printable.Name(o.Out), err)
	}
	d := &delivery{mr: mr, o: o, run: c.ID, log: o.Log, rep: &Report{Run: c.ID}}
	if d.log == nil {
		d.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if mr.dryRun != "" {
		if err := d.prepareDryRun(parts); err != nil {
			return nil, err
		}
	} else {
		b, err := c.ReadLedger()
		if err != nil {
			return nil, err
		}
		old, err := parseLedger(b)
		if err != nil {
			return nil, fmt.Errorf("mail: %s: %w", printable.Name(filepath.Join(o.Out, outdir.MailLedgerName)), err)
		}
		d.rows = old
		d.sink = c.WriteLedger
		d.rep.Ledger = filepath.Join(o.Out, outdir.MailLedgerName)
		switch {
		case mr.sendmail != "":
			d.t = &sendmailTransport{path: mr.sendmail}
		default:
			d.t = &smtpTransport{sv: mr.server, reply: mr.reply}
		}
		defer d.t.close()
	}
	d.deadline = time.Now().Add(mr.timeout)
	stepCtx, cancel := context.WithDeadline(ctx, d.deadline)
	defer cancel()
	for _, p := range parts {
		if err := ctx.Err(); err != nil {
			return d.rep, err
		}
		if err := d.part(stepCtx, p); err != nil {
			return d.rep, err
		}
	}
	if err := ctx.Err(); err != nil {
		return d.rep, err
	}
	d.rep.unused = mr.routes.unused()
	return d.rep, nil
}

// delivery is one mail step under way.
type delivery struct {
	mr       *Mailer
	o        Options
	run      string
	log      *slog.Logger
	rep      *Report
	rows     []*entry
	sink     func([]byte) error
	t        transport
	deadline time.Time
}

// row is the ledger's row of a folder, nil for none.
func (d *delivery) row(folder string) *entry {
	for _, e := range d.rows {
		if e.folder == folder {
			return e
		}
	}
	return nil
}

// put makes e the folder's row, and writes the ledger whole.
func (d *delivery) put(e *entry) error {
	if i := slices.IndexFunc(d.rows, func(x *entry) bool { return x.folder == e.folder }); i >= 0 {
		d.rows[i] = e
	} else {
		d.rows = append(d.rows, e)
	}
	err := d.sink(formatLedger(d.rows))
	var view *outdir.ViewError
	switch {
	case errors.As(err, &view):
		// The ledger is written; only its copy in OUT is behind: said once
		// on the step's line, and tried again at the next message.
		d.rep.view = view.Error()
	case err != nil:
		return fmt.Errorf("mail: the ledger could not be written, so the step stopped before sending more: %w", err)
	default:
		d.rep.view = ""
	}
	return nil
}

// part mails one part, unless the ledger says it was mailed or must not
// be sent again without being asked, or --mail-when says it is not due.
func (d *delivery) part(ctx context.Context, p *part) error {
	old := d.row(p.folder)
	switch {
	case old != nil && old.delivered():
		d.rep.before++
		return nil
	case old != nil && old.status == statusUncertain && !d.o.ResendUncertain:
		d.rep.kept(p, old, "not sent again: batch mail --resend-uncertain does")
		return nil
	case old != nil && old.status == statusFailed && old.code >= 500 && !d.o.RetryFailed:
		d.rep.kept(p, old, "refused for good; batch mail --retry-failed sends it again")
		return nil
	}
	var notes []string
	if !d.mr.always {
		switch {
		case p.failOn == nil:
			notes = append(notes, "summary.json has no fail_on block: mailed as if the part reached --fail-on")
			d.rep.noFailOn++
		case !p.failOn.Reached:
			d.rep.notDue++
			if old != nil {
				d.rep.kept(p, old, "")
			}
			return nil
		}
	}
	e := &entry{value: ledgerValue(p), folder: p.folder}
	to, cc, prefix, why := d.mr.route(p)
	switch {
	case why != "":
		e.status, e.reply, e.at = statusUnrouted, why, stamp()
		d.rep.add(p, e)
		d.log.Debug("mail", "part", p.name(), "status", e.status, "reply", e.reply)
		return d.put(e)
	case len(to)+len(cc) == 0:
		d.rep.noStatewide = true
		return nil
	}
	e.to, e.cc = addrList(to), addrList(cc)
	m, err := d.mr.compose(d.run, d.o.Out, p, to, cc, prefix)
	if err != nil {
		return fmt.Errorf("mail: %s: %w", p.folder, err)
	}
	if old != nil && old.status == statusUncertain && old.messageID != "" {
		// Sent again under the same Message-ID: a server or a reader
		// that has the first copy can tell this one is the same.
		m.id = strings.Trim(old.messageID, "<>")
	}
	e.messageID = "<" + m.id + ">"
	if d.mr.dryRun != "" {
		if prefix != "" {
			notes = append(notes, "would go to the * row's addresses: no row for "+p.name())
			d.rep.toDefault++
			d.rep.defaults = append(d.rep.defaults, p.name())
		}
		return d.dryRun(p, m, e, notes)
	}
	reply, f := d.transmit(ctx, m, e)
	if f != nil && f.fatal != nil {
		return f.fatal // put's error, which says so
	}
	e.at = stamp()
	if f == nil {
		e.status = statusSent
		if len(m.notes) > 0 {
			e.status = statusSentBare
			notes = append(notes, "sent without "+strings.Join(dropped(m), " and ")+" (too large)")
		}
		if prefix != "" {
			e.status = statusSentDefault
			notes = append(notes, "sent to the * row's addresses: no row for "+p.name())
		}
		e.code, e.enhanced = replyCode(reply)
		e.reply = joinNotes(oneLine(reply), notes)
		// One line a message only at Debug: a night's log stays short,
		// and the step's one line says what went wrong.
		d.log.Debug("mail", "part", p.name(), "status", e.status, "to", e.to, "bytes", e.bytes)
	} else {
		e.status = statusFailed
		if f.uncertain {
			e.status = statusUncertain
		}
		e.code, e.enhanced = f.code, f.enhanced
		e.reply = joinNotes(f.reply(), notes)
		if !f.uncertain {
			e.sha = "" // nothing reached anyone
		}
		d.log.Debug("mail", "part", p.name(), "status", e.status, "to", e.to, "reply", e.reply)
	}
	d.rep.add(p, e)
	return d.put(e)
}

// transmit sends m, retrying a temporary failure up to three times with
// a doubling wait while the step's time allows (CONTRACT.md, "Mail"); a 5xx
// reply, a refused certificate or an uncertain end is final.
func (d *delivery) transmit(ctx context.Context, m *message, e *entry) (string, *failure) {
	for attempt := 0; ; attempt++ {
		if ctx.Err() != nil {
			return "", d.outOfTime()
		}
		limit, f := d.t.connect(ctx, d.deadline)
		if f == nil {
			max, why := d.mr.maxSize, fmt.Sprintf("mails here may be (%s)", humanSize(d.mr.maxSize))
			if limit > 0 && limit < max {
				max, why = limit, fmt.Sprintf("the mail server takes (%s)", humanSize(limit))
			}
			data, err := m.fit(max, why)
			if err != nil {
				return "", &failure{step: "compose", text: err.Error(), final: true}
			}
			e.bytes, e.sha = int64(len(data)), m.attachedSHA256()
			var reply string
			reply, f = d.t.send(ctx, d.mr.from.Address, m.rcpts(), data, d.deadline, func() error {
				// From here the server may have the message: if the step
				// stops before its reply, the ledger says so.
				e.status, e.at = statusUncertain, stamp()
				e.reply = "the step stopped after the message's last line, before the server's reply: the server may have it"
				return d.put(e)
			})
			if f == nil {
				return reply, nil
			}
		}
		switch {
		case f.fatal != nil || f.uncertain || f.final:
			if f.connection {
				d.t.giveUp(f)
			}
			return "", f
		case ctx.Err() != nil:
			return "", d.outOfTime()
		case attempt == maxRetries:
			if f.connection {
				d.t.giveUp(f)
			}
			return "", f
		}
		wait := d.mr.wait << attempt
		if time.Now().Add(wait).After(d.deadline) {
			return "", f
		}
		select {
		case <-ctx.Done():
			return "", d.outOfTime()
		case <-time.After(wait):
		}
	}
}

func (d *delivery) outOfTime() *failure {
	if time.Now().Before(d.deadline) {
		return &failure{step: "mail step", text: "not sent: the step was interrupted", hint: "the next batch mail sends it"}
	}
	return &failure{step: "mail step", text: fmt.Sprintf("not sent: the mail step's time ran out (--mail-timeout %s)", d.mr.timeout),
		hint: "the next batch mail sends it"}
}

// dropped names the files a message left out.
func dropped(m *message) []string {
	var out []string
	for _, n := range m.notes {
		if name, _, ok := strings.Cut(n, " ("); ok && !strings.HasPrefix(n, "The digest") {
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		out = append(out, "its digest")
	}
	return out
}

func joinNotes(reply string, notes []string) string {
	return strings.Join(append([]string{reply}, notes...), "; ")
}

// replyCode reads the code and enhanced code of a success reply.
func replyCode(reply string) (int, string) {
	var code int
	if _, err := fmt.Sscanf(reply, "%d", &code); err != nil || code < 200 || code > 599 {
		return 0, ""
	}
	rest := strings.TrimSpace(strings.TrimPrefix(reply, fmt.Sprint(code)))
	return code, enhancedCode(rest)
}

func stamp() string { return time.Now().Format(time.RFC3339) }

// ledgerValue is a part's value in the ledger: * for the statewide
// message, as in the recipients file.
func ledgerValue(p *part) string {
	if p.statewide() {
		return starValue
	}
	return p.name()
}

// route is where a part goes (CONTRACT.md, "Mail"): the statewide message to
// --mail-to and the * row; a slice to its row, else to the * row with
// a subject saying so, else nowhere (why says so).
func (mr *Mailer) route(p *part) (to, cc []*mail.Address, prefix, why string) {
	rs := mr.routes
	if p.statewide() {
		to, cc = mr.to, mr.cc
		if rs.star != nil {
			to, cc = union(to, rs.star.to), union(cc, rs.star.cc)
		}
		return to, cc, "", ""
	}
	if rt := rs.forValue(p.value); rt != nil {
		rt.used = true
		return rt.to, rt.cc, "", ""
	}
	if rs.star != nil {
		return rs.star.to, rs.star.cc, "[no recipient for " + p.name() + "] ", ""
	}
	if rs.file == "" {
		return nil, nil, "", "not mailed: no recipients file (--mail-recipients) gives its addresses, in a row of its own or a * row"
	}
	why = fmt.Sprintf("not mailed: %s has no row for it, and no * row", printable.Name(rs.file))
	for _, rt := range rs.ordered {
		if rt != rs.star && editdistance.Runes(strings.ToLower(rt.value), strings.ToLower(p.name())) <= 2 {
			why += fmt.Sprintf(" (line %d says %s: did you mean %s?)", rt.line, printable.Name(rt.value), p.name())
		}
	}
	return nil, nil, "", why
}

func union(a, b []*mail.Address) []*mail.Address {
	out := slices.Clone(a)
	for _, x := range b {
		if !slices.ContainsFunc(out, func(y *mail.Address) bool { return strings.EqualFold(x.Address, y.Address) }) {
			out = append(out, x)
		}
	}
	return out
}

// emlName is where a dry run writes a part's message: statewide.eml,
// by-county/Albany.eml.
func emlName(p *part) string {
	if p.statewide() {
		return "statewide.eml"
	}
	return filepath.FromSlash(p.folder) + ".eml"
}

// prepareDryRun makes the dry run's folder and refuses, before anything
// is written, a name a dry run would write that is already there: a dry
// run never replaces a file.
func (d *delivery) prepareDryRun(parts []*part) error {
	dir := d.mr.dryRun
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("mail: --mail-dry-run %s: %w", printable.Name(dir), err)
	}
	names := []string{ledgerFile}
	for _, p := range parts {
		names = append(names, emlName(p))
	}
	for _, n := range names {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			return fmt.Errorf("mail: --mail-dry-run %s already holds %s: a dry run never replaces a file; empty the folder or give another", printable.Name(dir), printable.Name(n))
		}
	}
	d.rep.DryRun, d.rep.Ledger = dir, filepath.Join(dir, ledgerFile)
	d.sink = func(b []byte) error {
		return outdir.WriteFile(filepath.Join(dir, ledgerFile), true, func(w io.Writer) error {
			_, err := w.Write(b)
			return err
		})
	}
	return nil
}

// ledgerFile is the ledger's name in a dry run's folder.
const ledgerFile = "mail.csv"

// dryRun writes the part's message as a file, and its row.
func (d *delivery) dryRun(p *part, m *message, e *entry, notes []string) error {
	data, err := m.fit(d.mr.maxSize, fmt.Sprintf("mails here may be (%s)", humanSize(d.mr.maxSize)))
	if err != nil {
		return fmt.Errorf("mail: %s: %w", p.folder, err)
	}
	name := filepath.Join(d.mr.dryRun, emlName(p))
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	if err := outdir.WriteFile(name, false, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}); err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	e.status, e.at = statusDryRun, stamp()
	e.bytes, e.sha = int64(len(data)), m.attachedSHA256()
	e.reply = joinNotes("written to "+name+", not sent", notes)
	if len(m.notes) > 0 {
		e.reply += "; without " + strings.Join(dropped(m), " and ") + " (too large)"
	}
	d.rep.add(p, e)
	return d.put(e)
}
