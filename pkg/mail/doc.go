// Package mail delivers a run's parts by mail (CONTRACT.md,
// "Mail"): the statewide part and each slice an index.csv of
// a split lists, each to its recipients, with its own digest as the body
// and its own results.xlsx and deadlines.ics attached.
//
// It sits after the pipeline: it reads what a committed run wrote, never
// the inputs, and writes only its ledger.
//
//	Settings ──Prepare──▶ Mailer            (flags checked before any computing)
//	OUT/.batch/current ──parts──▶ route ──▶ message ──▶ send ──▶ ledger
//
// The output folder is read through pkg/outdir's Committed: the set
// .batch/current names, under the folder's lock, so one run's files are
// mailed whole and no two mail steps send at once. What each message
// became is written to the run's ledger (OUT/.batch/mail/ID.csv, shown
// as OUT/mail.csv) after each message, whole or not at all; a message
// the ledger marks sent is never sent again for that run, and one that
// may have reached the server (the connection broke after its last line)
// is marked uncertain before its last line goes, and sent again only
// when asked.
//
// The mail library (github.com/wneessen/go-mail: MIME, SMTP, STARTTLS,
// AUTH) is used in one file, gomail.go, behind four functions: encode,
// dialSMTP, (*smtpConn).send and close. The rest of the package speaks
// of its own message and failure types, so a switch of library touches
// that file alone.
package mail
