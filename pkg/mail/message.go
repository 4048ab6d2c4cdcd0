package mail

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"net/mail"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// message is one mail as the package composes it; encode (gomail.go)
// makes its bytes.
type message struct {
	from       *mail.Address
	to, cc     []*mail.Address
	subject    string
	id         string // the Message-ID, without its brackets
	references string // the thread's root, without brackets; "" for none
	date       time.Time
	text, html string
	notes      []string // said at the top of the body: a file left out, and where it is
	files      []attachment
	agent      string
}

// attachment is a file attached, with where a recipient finds it when it
// is too large to attach.
type attachment struct {
	name, contentType string
	data              []byte
	size              int64
	where             string // a link (--mail-link-base) or the path
}

var contentTypes = map[string]string{
	resultsName: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	icsName:     "text/calendar; charset=utf-8",
}

// rcpts are the envelope's recipients: To and Cc, each address once.
func (m *message) rcpts() []string {
	var out []string
	for _, a := range append(slices.Clone(m.to), m.cc...) {
		if !slices.ContainsFunc(out, func(s string) bool { return strings.EqualFold(s, a.Address) }) {
			out = append(out, a.Address)
		}
	}
	return out
}

// bodies are the text and HTML bodies, the notes first.
func (m *message) bodies() (string, string) {
	if len(m.notes) == 0 {
		return m.text, m.html
	}
	text := strings.Join(m.notes, "\n\n") + "\n\n" + m.text
	if m.html == "" {
		return text, ""
	}
	var b strings.Builder
	for _, n := range m.notes {
		b.WriteString(`<p style="margin:0 0 12px 0;padding:8px;border:1px solid #9c0006;font-family:Arial,Helvetica,sans-serif;font-size:14px;">`)
		b.WriteString(linkify(n))
		b.WriteString("</p>\n")
	}
	h := m.html
	// After the body's opening tag, so the note shows first.
	if i := strings.Index(strings.ToLower(h), "<body"); i >= 0 {
		if j := strings.IndexByte(h[i:], '>'); j >= 0 {
			at := i + j + 1
			return text, h[:at] + "\n" + b.String() + h[at:]
		}
	}
	return text, b.String() + h
}

// linkify is a note as HTML, its web address a link.
func linkify(note string) string {
	esc := html.EscapeString(note)
	for _, w := range strings.Fields(note) {
		w = strings.TrimRight(w, ".,;")
		if strings.HasPrefix(w, "https://") || strings.HasPrefix(w, "http://") {
			e := html.EscapeString(w)
			return strings.Replace(esc, e, `<a href="`+e+`">`+e+`</a>`, 1)
		}
	}
	return esc
}

// fit encodes the message within limit bytes. A message over it loses
// its largest attachment, and says so at the top with where the file is,
// until it fits; then its HTML alternative; and last its digest, for a
// note naming where the digest is: it is never empty (CONTRACT.md, "Mail").
func (m *message) fit(limit int64, why string) ([]byte, error) {
	for {
		// A file compose did not read (larger than any message may be)
		// goes first, unencoded.
		unread := slices.IndexFunc(m.files, func(a attachment) bool { return a.data == nil && a.size > 0 })
		if unread >= 0 {
			m.drop(unread, why)
			continue
		}
		data, err := encode(m)
		if err != nil || int64(len(data)) <= limit {
			return data, err
		}
		switch {
		case len(m.files) > 0:
			big := 0
			for i, a := range m.files {
				if a.size > m.files[big].size {
					big = i
				}
			}
			m.drop(big, why)
		case m.html != "":
			m.html = ""
		default:
			m.notes = append(m.notes, fmt.Sprintf("The digest itself (%s) is larger than %s.", humanSize(int64(len(m.text))), why))
			m.text = ""
			data, err := encode(m)
			return data, err
		}
	}
}

// drop leaves attachment i out, and says so at the top of the body.
func (m *message) drop(i int, why string) {
	a := m.files[i]
	m.files = slices.Delete(m.files, i, i+1)
	m.notes = append(m.notes, fmt.Sprintf("%s (%s) is not attached: with it this mail would be larger than %s. %s", a.name, humanSize(a.size), why, a.where))
}

// humanSize is a size as people read it: 3.4 MB.
func humanSize(n int64) string {
	switch {
	case n >= 1e6:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%d KB", (n+500)/1e3)
	}
	return fmt.Sprintf("%d bytes", n)
}

// compose makes the message of part p of run, to its recipients; prefix
// heads the subject ("[no recipient for Warren] ").
func (mr *Mailer) compose(run, out string, p *part, to, cc []*mail.Address, prefix string) (*message, error) {
	domain := mailDomain(mr.from)
	m := &message{
		from: mr.from, to: to, cc: cc,
		subject:    prefix + p.heading,
		id:         fmt.Sprintf("batch.%s.%s@%s", run, shortHash(p.folder, addrSet(to), addrSet(cc)), domain),
		references: fmt.Sprintf("batch.thread.%s@%s", shortHash(p.folder), domain),
		date:       time.Now(),
		text:       p.text, html: p.html,
		agent: mr.agent,
	}
	for _, name := range p.files {
		src := filepath.Join(p.dir, name)
		fi, err := os.Lstat(src)
		if err != nil {
			return nil, err
		}
		a := attachment{name: name, contentType: contentTypes[name], size: fi.Size(), where: mr.where(out, p.folder, name)}
		// A file larger than any message may be is never read whole.
		if a.size <= mr.maxSize {
			if a.data, err = readFile(src); err != nil {
				return nil, err
			}
		}
		m.files = append(m.files, a)
	}
	return m, nil
}

// where is a sentence saying where a recipient finds a file of the
// output folder: the link under --mail-link-base, or its path.
func (mr *Mailer) where(out, folder, name string) string {
	rel := path.Join(folder, name)
	if mr.linkBase != "" {
		var esc []string
		for _, seg := range strings.Split(rel, "/") {
			esc = append(esc, url.PathEscape(seg))
		}
		return "Fetch it at " + mr.linkBase + "/" + strings.Join(esc, "/")
	}
	abs, err := filepath.Abs(filepath.Join(out, filepath.FromSlash(rel)))
	if err != nil {
		abs = filepath.Join(out, filepath.FromSlash(rel))
	}
	host, _ := os.Hostname()
	if host == "" {
		return "It is at " + abs + "."
	}
	return fmt.Sprintf("It is at %s on %s.", abs, host)
}

// attachedSHA256 lists the SHA-256 of each file attached, in order,
// ;-separated: the ledger's attachment_sha256.
func (m *message) attachedSHA256() string {
	var out []string
	for _, a := range m.files {
		sum := sha256.Sum256(a.data)
		out = append(out, hex.EncodeToString(sum[:]))
	}
	return strings.Join(out, ";")
}

// mailDomain is the sender's domain, the right side of every
// Message-ID the tool makes.
func mailDomain(a *mail.Address) string {
	if i := strings.LastIndexByte(a.Address, '@'); i >= 0 && i < len(a.Address)-1 {
		return strings.ToLower(a.Address[i+1:])
	}
	return "batch.invalid"
}

// addrList is addresses as the ledger lists them: bare, "; "-separated.
func addrList(as []*mail.Address) string {
	var out []string
	for _, a := range as {
		out = append(out, a.Address)
	}
	return strings.Join(out, "; ")
}

// addrSet is addresses as a set: bare, in small letters, sorted.
func addrSet(as []*mail.Address) string {
	var out []string
	for _, a := range as {
		out = append(out, strings.ToLower(a.Address))
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), ";")
}

// shortHash is 16 hex digits of the SHA-256 of parts: a stable name for
// a folder, or a folder and its recipients.
func shortHash(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
