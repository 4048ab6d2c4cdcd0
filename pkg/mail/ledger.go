package mail

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"batch/pkg/export"
)

// The ledger (CONTRACT.md, "Mail"): a row per message of the run, rewritten
// whole after each message. Its columns are the contract's: add, never
// rename.
var ledgerColumns = []string{"value", "folder", "to", "cc", "message_id", "attachment_sha256",
	"encoded_bytes", "status", "smtp_code", "enhanced_code", "reply", "at"}

// Statuses of a ledger row.
const (
	statusSent        = "sent"
	statusSentBare    = "sent_without_attachment"
	statusSentDefault = "sent_to_default"
	statusFailed      = "failed"
	statusUncertain   = "uncertain"
	statusUnrouted    = "unrouted"
	statusDryRun      = "dry_run"
)

// entry is one row.
type entry struct {
	value, folder, to, cc, messageID, sha string
	bytes                                 int64
	status                                string
	code                                  int
	enhanced, reply, at                   string
}

// delivered reports whether the message reached the server: it is never
// sent again for this run.
func (e *entry) delivered() bool {
	switch e.status {
	case statusSent, statusSentBare, statusSentDefault:
		return true
	}
	return false
}

// formatLedger is the rows as CSV, every text guarded as in the other
// CSV outputs (a server's reply or a value cannot run as a formula in a
// spreadsheet).
func formatLedger(rows []*entry) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write(ledgerColumns)
	g := export.GuardText
	for _, e := range rows {
		code := ""
		if e.code != 0 {
			code = strconv.Itoa(e.code)
		}
		size := ""
		if e.bytes > 0 {
			size = strconv.FormatInt(e.bytes, 10)
		}
		_ = w.Write([]string{g(e.value), g(e.folder), g(e.to), g(e.cc), g(e.messageID), e.sha, size,
			e.status, code, e.enhanced, g(e.reply), e.at})
	}
	w.Flush()
	return buf.Bytes()
}

// parseLedger reads a ledger the tool wrote: by column name, so that a
// column added later is let be.
func parseLedger(b []byte) ([]*entry, error) {
	if len(b) == 0 {
		return nil, nil
	}
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("the mail ledger: %v", err)
	}
	at := map[string]int{}
	for _, c := range ledgerColumns {
		i := slices.Index(header, c)
		if i < 0 {
			return nil, fmt.Errorf("the mail ledger has no column %s: not the ledger batch writes", c)
		}
		at[c] = i
	}
	var rows []*entry
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return nil, fmt.Errorf("the mail ledger: %v", err)
		}
		cell := func(c string) string {
			if i := at[c]; i < len(rec) {
				return unguard(rec[i])
			}
			return ""
		}
		e := &entry{value: cell("value"), folder: cell("folder"), to: cell("to"), cc: cell("cc"),
			messageID: cell("message_id"), sha: cell("attachment_sha256"), status: cell("status"),
			enhanced: cell("enhanced_code"), reply: cell("reply"), at: cell("at")}
		e.bytes, _ = strconv.ParseInt(cell("encoded_bytes"), 10, 64)
		e.code, _ = strconv.Atoi(cell("smtp_code"))
		rows = append(rows, e)
	}
}
