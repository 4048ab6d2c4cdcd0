package main

import (
	"bytes"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"batch/internal/smtptest"
)

// The README's nightly recipes, as written, against a real SMTP server on
// 127.0.0.1 (issue 32, "Must show"). Only what cannot be the same on a
// test machine is substituted, each in the open below:
//   - the folders (/srv/vacancies, C:\vacancies, /var/log) become the
//     test's temporary folder, Windows' backslashes forward slashes;
//   - the server (smtp.office365.com:587) becomes the test's, whose
//     certificate authority the test made: BATCH_SMTP_CA_FILE names it;
//   - BATCH_AS_OF fixes the night (2026-03-01, when the samples have
//     deadlines due) so the test does not depend on today's date;
//   - the Windows command's inbox\*.xlsx is expanded here, as batch.exe
//     does on Windows (cmd.exe hands a wildcard to the program).

const (
	recipeServer = "smtp.office365.com:587"
	recipeAsOf   = "2026-03-01"
)

// readmeBlock is the first fenced block of kind lang in README.md whose
// text holds marker.
func readmeBlock(t *testing.T, lang, marker string) string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile("(?s)```" + lang + "\n(.*?)```")
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		if strings.Contains(m[1], marker) {
			return m[1]
		}
	}
	t.Fatalf("README.md has no ```%s block holding %q", lang, marker)
	return ""
}

// recipeFolder is a folder as the recipes expect: the batch binary, the
// samples in inbox/, the recipients file and the password file.
func recipeFolder(t *testing.T, exe string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "inbox"), 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, binary, filepath.Join(dir, exe), 0o755)
	copyFile(t, samplesXLSX, filepath.Join(dir, "inbox", "statewide.xlsx"), 0o644)
	return dir
}

func copyFile(t *testing.T, from, to string, mode os.FileMode) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, mode); err != nil {
		t.Fatal(err)
	}
}

// recipeServerFor starts the server a recipe's settings (env) log into,
// as their user, with the password written to their password file, and
// points the settings at it.
func recipeServerFor(t *testing.T, env []string) *smtptest.Server {
	t.Helper()
	srv := smtptest.Start(t, smtptest.Options{Users: map[string]string{"elections@example.org": mailPassword}})
	for i, e := range env {
		if p, ok := strings.CutPrefix(e, "BATCH_SMTP_PASSWORD_FILE="); ok {
			if err := os.WriteFile(p, []byte(mailPassword+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		env[i] = strings.ReplaceAll(e, recipeServer, srv.Addr())
	}
	return srv
}

// checkRecipeMail checks a recipe's night: every part the ledger says was
// sent reached its board once with its own subject and workbook, none
// failed, and the statewide part (which reached --fail-on action on the
// samples that night) was among them.
func checkRecipeMail(t *testing.T, srv *smtptest.Server, out string) {
	t.Helper()
	ledger := readLedger(t, out)
	want := map[string]string{}
	for folder, row := range ledger {
		if row["status"] != "sent" {
			t.Errorf("ledger %s: %s %s", folder, row["status"], row["reply"])
			continue
		}
		want[strings.Split(row["to"], "; ")[0]] = filepath.FromSlash(folder)
	}
	if ledger["."]["status"] != "sent" || ledger["."]["to"] != "elections@example.org" {
		t.Errorf("the statewide part was not mailed to BATCH_MAIL_TO: %v", ledger["."])
	}
	if len(srv.Messages()) != len(want) {
		t.Errorf("%d messages taken, the ledger says %d", len(srv.Messages()), len(want))
	}
	checkEachPart(t, srv, out, want)
}

func TestREADMECronRecipeMailsTheNight(t *testing.T) {
	block := readmeBlock(t, "cron", "--mail")
	dir := recipeFolder(t, "batch")
	sub := strings.NewReplacer("/srv/vacancies", dir, "/var/log/batch.log", filepath.Join(dir, "batch.log"))
	var env []string
	var command string
	for _, line := range strings.Split(block, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case regexp.MustCompile(`^[A-Z_]+=`).MatchString(line):
			env = append(env, sub.Replace(line)) // cron's NAME=VALUE lines
		default:
			// The five time fields, then the command, as cron hands it to sh.
			m := regexp.MustCompile(`^(?:\S+\s+){5}(.+)$`).FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("not a crontab line: %q", line)
			}
			command = sub.Replace(m[1])
		}
	}
	if command == "" || len(env) == 0 {
		t.Fatalf("the cron block has no command or no settings:\n%s", block)
	}
	srv := recipeServerFor(t, env)
	boardsFile(t, filepath.Join(dir, "boards.csv"))
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append(env, "BATCH_SMTP_CA_FILE="+srv.CAFile, "BATCH_AS_OF="+recipeAsOf)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := cmd.ProcessState.ExitCode()
	log, _ := os.ReadFile(filepath.Join(dir, "batch.log"))
	if code != 0 && code != exitThreshold {
		t.Fatalf("the recipe exited %d (%v)\nlog:\n%s%s", code, err, log, stderr.String())
	}
	checkRecipeMail(t, srv, filepath.Join(dir, "out"))
	if strings.Contains(string(log), mailPassword) {
		t.Error("the password shows in the log")
	}
}

// cmdBlock is the Windows recipe: the .cmd the README shows.
func cmdBlock(t *testing.T) string { return readmeBlock(t, "bat", "for Windows Task Scheduler") }

func TestREADMETaskSchedulerCommandIsTheRepositorysCmd(t *testing.T) {
	b, err := os.ReadFile("../../deploy/windows/batch-nightly.cmd")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("\r\n")) || bytes.Contains(bytes.ReplaceAll(b, []byte("\r\n"), nil), []byte("\n")) {
		t.Error("batch-nightly.cmd's lines do not all end in CR LF, as cmd.exe reads them")
	}
	if got, want := strings.ReplaceAll(string(b), "\r\n", "\n"), cmdBlock(t); got != want {
		t.Errorf("deploy/windows/batch-nightly.cmd is not the README's:\n%s\nREADME:\n%s", got, want)
	}
	// The task runs that file, in its folder, at the README's time.
	line := strings.TrimSpace(readmeBlock(t, "bat", "schtasks /Create"))
	tr := regexp.MustCompile(`/TR "([^"]+)"`).FindStringSubmatch(line)
	st := regexp.MustCompile(`/ST (\d\d:\d\d)`).FindStringSubmatch(line)
	if tr == nil || st == nil {
		t.Fatalf("the schtasks line names no /TR or /ST: %s", line)
	}
	x, err := os.ReadFile("../../deploy/windows/batch-nightly.xml")
	if err != nil {
		t.Fatal(err)
	}
	var task struct {
		Start   string `xml:"Triggers>CalendarTrigger>StartBoundary"`
		Days    int    `xml:"Triggers>CalendarTrigger>ScheduleByDay>DaysInterval"`
		Command string `xml:"Actions>Exec>Command"`
		Dir     string `xml:"Actions>Exec>WorkingDirectory"`
	}
	if err := xml.Unmarshal(x, &task); err != nil {
		t.Fatalf("batch-nightly.xml: %v", err)
	}
	cd := regexp.MustCompile(`(?m)^cd /d (.+)$`).FindStringSubmatch(cmdBlock(t))
	switch {
	case task.Command != tr[1]:
		t.Errorf("the XML task runs %q, the README's schtasks line %q", task.Command, tr[1])
	case !strings.HasSuffix(task.Start, "T"+st[1]+":00") || task.Days != 1:
		t.Errorf("the XML task starts %s every %d days, the README's daily at %s", task.Start, task.Days, st[1])
	case cd == nil || task.Dir != cd[1] || filepath.Dir(strings.ReplaceAll(tr[1], `\`, "/")) != strings.ReplaceAll(cd[1], `\`, "/"):
		t.Errorf("the task's folder %q, the .cmd's cd %v, the command %q", task.Dir, cd, tr[1])
	}
	for _, c := range x {
		if c > 0x7e || c < 0x20 && c != '\r' && c != '\n' {
			t.Fatalf("batch-nightly.xml holds a byte %#x: schtasks reads it as ASCII (no encoding declared)", c)
		}
	}
}

func TestREADMETaskSchedulerCommandMailsTheNight(t *testing.T) {
	block := cmdBlock(t)
	dir := recipeFolder(t, "batch.exe")
	var folder string
	var env, args []string
	stderrTo := ""
	win := func(s string) string { // C:\vacancies\x → the test's folder, / for \
		if folder != "" {
			s = strings.ReplaceAll(s, folder, dir)
		}
		return strings.ReplaceAll(s, `\`, "/")
	}
	for _, line := range strings.Split(block, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || line == "@echo off" || strings.HasPrefix(line, "rem "):
		case strings.HasPrefix(line, "cd /d "):
			folder = strings.TrimPrefix(line, "cd /d ")
		case strings.HasPrefix(line, `set "`):
			env = append(env, win(strings.TrimSuffix(strings.TrimPrefix(line, `set "`), `"`)))
		case strings.HasPrefix(line, "batch.exe "):
			for _, f := range strings.Fields(line)[1:] {
				switch {
				case strings.HasPrefix(f, "2>>"):
					stderrTo = filepath.Join(dir, win(strings.TrimPrefix(f, "2>>")))
				case strings.Contains(f, "*"):
					matches, _ := filepath.Glob(filepath.Join(dir, win(f)))
					args = append(args, matches...)
				default:
					args = append(args, win(f))
				}
			}
		default:
			t.Fatalf("a line the test does not know how to run: %q", line)
		}
	}
	if folder == "" || len(args) == 0 || stderrTo == "" {
		t.Fatalf("the .cmd has no cd, no batch.exe line or no log:\n%s", block)
	}
	srv := recipeServerFor(t, env)
	boardsFile(t, filepath.Join(dir, "boards.csv"))
	logf, err := os.OpenFile(stderrTo, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	cmd := exec.Command(filepath.Join(dir, "batch.exe"), args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append(env, "BATCH_SMTP_CA_FILE="+srv.CAFile, "BATCH_AS_OF="+recipeAsOf)...)
	cmd.Stderr = logf
	_ = cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 0 && code != exitThreshold {
		log, _ := os.ReadFile(stderrTo)
		t.Fatalf("the Task Scheduler command exited %d\nlog:\n%s", code, log)
	}
	checkRecipeMail(t, srv, filepath.Join(dir, "out"))
}
