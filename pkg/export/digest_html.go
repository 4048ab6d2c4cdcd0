package export

import (
	"html/template"
	"io"
	"strconv"
	"strings"
)

// digest.html is for the body of a mail: one table-based column, every
// style inline (Outlook drops style sheets, Gmail keeps only inline
// styles reliably), no script, no image, no link to load. html/template
// escapes every value; the markup is also well-formed XML, so strict
// parsers read it.
var digestHTML = template.Must(template.New("digest").Funcs(template.FuncMap{
	"weekday": weekday,
	"clean":   clean,
	"itoa":    strconv.Itoa,
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>{{clean .Title}}</title>
</head>
<body style="margin:0;padding:0;background-color:#ffffff;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
<tr><td style="padding:12px;">
<table role="presentation" width="640" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;width:100%;max-width:640px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:20px;color:#1f1f1f;">
<tr><td style="padding:0 0 8px 0;font-size:18px;line-height:24px;font-weight:bold;">{{clean .Title}}</td></tr>
<tr><td style="padding:0 0 4px 0;">{{clean .RunLine}}</td></tr>
{{- if .Law}}
<tr><td style="padding:0 0 4px 0;">Law applied: {{clean .Law}}</td></tr>
{{- end}}
{{- if .WithdrawnLine}}
<tr><td style="padding:6px 8px;background-color:#ffeb9c;color:#6b4f00;font-weight:bold;">{{clean .WithdrawnLine}}</td></tr>
{{- end}}
{{- if eq .Status "skipped"}}
<tr><td style="padding:6px 8px;background-color:#ffeb9c;color:#6b4f00;font-weight:bold;">{{clean .CompareLine}}</td></tr>
{{- else}}
<tr><td style="padding:0 0 4px 0;color:#555555;">{{clean .CompareLine}}</td></tr>
{{- end}}

<tr><td style="padding:16px 0 4px 0;font-size:16px;font-weight:bold;color:#9c0006;border-bottom:2px solid #9c0006;">Needs action{{if .Action}} ({{itoa .ActionTotal}}){{end}}</td></tr>
{{- if .Action}}
<tr><td style="padding:4px 0 0 0;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
{{- range .Action}}
<tr><td valign="top" style="padding:3px 12px 3px 0;white-space:nowrap;font-weight:bold;">{{weekday .Date}}</td><td valign="top" style="padding:3px 0;">{{clean .Text}}</td></tr>
{{- end}}
</table></td></tr>
{{- if .ActionMore}}
<tr><td style="padding:2px 0;color:#555555;">{{clean .MoreText}}</td></tr>
{{- end}}
{{- else}}
<tr><td style="padding:4px 0;">{{clean .NothingToAct}}.</td></tr>
{{- end}}
{{- if .StandingLine}}
<tr><td style="padding:4px 0;font-weight:bold;">{{clean .StandingLine}}</td></tr>
{{- end}}
{{- if .VerifyLine}}
<tr><td style="padding:4px 0;">{{clean .VerifyLine}}</td></tr>
{{- end}}

<tr><td style="padding:16px 0 4px 0;font-size:16px;font-weight:bold;color:#1f4e79;border-bottom:2px solid #1f4e79;">Changed since the last run{{if .ChangedTotal}} ({{itoa .ChangedTotal}}){{end}}</td></tr>
{{- if ne .Status "compared"}}
<tr><td style="padding:4px 0;">Not compared (see above).</td></tr>
{{- else if not .ChangedTotal}}
<tr><td style="padding:4px 0;">Nothing but the as-of date.</td></tr>
{{- else}}
{{- range .Changed}}
<tr><td style="padding:8px 0 0 0;font-weight:bold;">{{clean .Heading}}</td></tr>
{{- range .Causes}}
<tr><td style="padding:0 0 0 12px;color:#555555;">why: {{clean .}}</td></tr>
{{- end}}
{{- range .Lines}}
<tr><td style="padding:0 0 0 12px;">&#8226; {{clean .}}</td></tr>
{{- end}}
{{- if .More}}
<tr><td style="padding:0 0 0 12px;color:#555555;">&#8226; … and {{.More}} more</td></tr>
{{- end}}
{{- end}}
{{- if .ChangedMore}}
<tr><td style="padding:6px 0 0 0;color:#555555;">… and {{.ChangedMore}} more changes to other vacancies in {{.Where}}</td></tr>
{{- end}}
{{- end}}

<tr><td style="padding:16px 0 4px 0;font-size:16px;font-weight:bold;color:#375623;border-bottom:2px solid #375623;">Next deadlines{{clean .AfterText}}</td></tr>
{{- if .Next}}
<tr><td style="padding:4px 0 0 0;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;">
{{- range .NextLines}}
<tr><td valign="top" style="padding:3px 12px 3px 0;white-space:nowrap;font-weight:bold;">{{weekday .Date}}</td><td valign="top" style="padding:3px 0;">{{clean .Text}}</td></tr>
{{- end}}
</table></td></tr>
{{- else}}
<tr><td style="padding:4px 0;">None open.</td></tr>
{{- end}}

{{- if .Counts}}
<tr><td style="padding:16px 0 0 0;color:#555555;font-size:12px;line-height:16px;">Counted, one line each in the full list: {{clean .CountsText}}.</td></tr>
{{- end}}
<tr><td style="padding:4px 0 0 0;color:#555555;font-size:12px;line-height:16px;">{{clean .FullListLine}}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`))

// htmlView is what the template reads.
type htmlView struct {
	Title, RunLine, Law, WithdrawnLine, Status, CompareLine, Where, AfterText, CountsText string
	NothingToAct, StandingLine, VerifyLine, MoreText, FullListLine                        string
	ActionTotal, ActionMore, ChangedTotal, ChangedMore                                    int
	Action                                                                                []htmlNext
	Changed                                                                               []htmlVacancy
	Next                                                                                  bool
	NextLines                                                                             []htmlNext
	Counts                                                                                bool
}

type htmlVacancy struct {
	Heading       string
	Causes, Lines []string
	More          int
}

// htmlNext is a dated line: under Needs action, and under Next deadlines.
type htmlNext struct{ Date, Text string }

// writeHTML writes digest.html.
func (d *digest) writeHTML(w io.Writer) error {
	v := htmlView{Title: d.title(), RunLine: d.runLine(), Law: d.law(), WithdrawnLine: d.withdrawnLine(),
		Status: d.o.Status, CompareLine: d.compareLine(), Where: d.where(), AfterText: d.afterText(),
		CountsText: d.countsText(), ActionTotal: d.actions(), ActionMore: d.actionMore,
		ChangedTotal: d.changedTotal, ChangedMore: d.changedMore, Next: len(d.next) > 0, Counts: len(d.counts) > 0,
		NothingToAct: capitalize(d.nothingToAct()), StandingLine: d.standingLine(), VerifyLine: d.verifyLine(),
		MoreText: d.moreText(), FullListLine: d.fullListLine()}
	for _, a := range d.action {
		v.Action = append(v.Action, htmlNext{a.date, a.summary})
	}
	for _, c := range d.changed {
		v.Changed = append(v.Changed, htmlVacancy{Heading: c.heading(), Causes: c.causes, Lines: c.lines, More: c.more})
	}
	for _, u := range d.next {
		v.NextLines = append(v.NextLines, htmlNext{u.Date, d.upcomingText(u)})
	}
	return digestHTML.Execute(w, v)
}

// capitalize makes a line's first letter upper case, as a sentence of the
// HTML digest starts.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
