#!/usr/bin/env bash
# The Windows build's end-to-end smoke test, under Wine, as an analyst runs
# it on a Windows PC: `template`, `check`, a night's `run` on an inbox as
# Excel leaves it (a lock file beside an open workbook; cmd does not expand
# inbox\*.xlsx, the tool does), a second night with `--compare auto` and
# `--split county` and its mail to a server on loopback (`batch mail`, twice),
# `explain`, a third night with fewer formats; paths with backslashes and a
# drive letter, a CSV with CRLF line ends. Each step checks its exit status
# and what it wrote.
#
#   scripts/wine/smoke.sh BATCH_EXE [SAMPLES_DIR]
#
# BATCH_WINE_NO_SYMLINKS=1 runs it as on a PC whose account may not make
# symbolic links (refused); unset, with Wine 8's own links (reported made,
# none made). Under Wine 8 both must commit with copies: the script checks
# the tool chose them (.batch\current a file, outputs plain files). With
# /usr/bin/python3 and openpyxl, results.xlsx is opened with openpyxl.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
exe=${1:?usage: smoke.sh BATCH_EXE [SAMPLES_DIR]}
exe=$(cd "$(dirname "$exe")" && pwd)/$(basename "$exe")
samples=$(cd "${2:-$here/../../samples}" && pwd)
if [ "${BATCH_WINE_NO_SYMLINKS:-}" = 1 ]; then
  mode="symbolic links refused (a PC without Developer Mode)"
else
  mode="Wine's own symbolic links (reported made, none made)"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
mkdir inbox
cp -r "$samples" samples

fail() { echo "smoke ($mode): $*" >&2; exit 1; }
# batch runs the Windows build; its status is in $code, its outputs in
# $work/stdout and $work/stderr.
batch() {
  set +e
  "$here/wine.sh" "$exe" "$@" >"$work/stdout" 2>"$work/stderr"
  code=$?
  set -e
}
expect() { # expect CODE WHAT
  if [ "$code" != "$1" ]; then
    cat "$work/stdout" "$work/stderr" >&2
    fail "$2: exit $code, want $1"
  fi
  echo "ok: $2"
}
count() { grep -o -F -- "$1" "$2" | wc -l; }

# The output folder as a drive letter's path (Wine maps / to Z:).
out=$(WINEDEBUG=-all winepath -w "$work/out" 2>/dev/null)
case $out in [A-Z]:\\*) ;; *) fail "winepath gave $out" ;; esac

batch version
expect 0 "batch.exe version: $(head -1 "$work/stdout")"
grep -q '^batch version v' "$work/stdout" || fail "version says: $(cat "$work/stdout")"

batch template --out 'inbox\vacancy-template.xlsx'
expect 0 'template --out inbox\vacancy-template.xlsx'
[ -s inbox/vacancy-template.xlsx ] || fail "no inbox\\vacancy-template.xlsx"
batch check 'inbox\vacancy-template.xlsx'
expect 0 'check on the blank template'

# A county's CSV saved on Windows: CRLF line ends. It reads as the LF one.
sed 's/\r*$/\r/' samples/statewide.csv >inbox/county.csv
grep -q $'\r$' inbox/county.csv || fail "county.csv has no CRLF"
batch check --fail-on never --as-of 2026-11-30 'samples\statewide.csv'
expect 0 'check samples\statewide.csv (LF)'
lf=$(tail -1 "$work/stdout")
batch check --fail-on never --as-of 2026-11-30 'inbox\county.csv'
expect 0 'check inbox\county.csv (CRLF)'
crlf=$(tail -1 "$work/stdout")
[ "$lf" = "$crlf" ] || fail "CRLF and LF differ: '$crlf' against '$lf'"
rm inbox/county.csv inbox/vacancy-template.xlsx

# The inbox as Excel leaves it: the workbook open, its lock file beside.
cp samples/statewide.xlsx inbox/albany-board.xlsx
printf '\005Alice%49s' '' >'inbox/~$albany-board.xlsx'
batch run --as-of 2026-11-30 -o "$out" 'inbox\*.xlsx'
expect 0 "night 1: run -o $out inbox\\*.xlsx"
[ "$(count '~$albany-board.xlsx' "$work/stderr")" = 1 ] || fail "the lock file is not named once: $(cat "$work/stderr")"
grep -q '332 vacancies computed' "$work/stdout" || fail "night 1 says: $(cat "$work/stdout")"
for f in results.xlsx vacancies.csv deadlines.csv conflicts.csv errors.csv summary.json snapshot.jsonl.gz; do
  [ -s "out/$f" ] || fail "night 1 wrote no $f"
  [ -f "out/$f" ] && [ ! -L "out/$f" ] || fail "$f is not a plain file"
done
[ -f out/.batch/current ] && grep -q '^runs/' out/.batch/current || fail ".batch\\current is not the file copies write"
echo "ok: committed with copies ($(stat -c %h out/results.xlsx) names for results.xlsx: a hard link into .batch\\runs)"

batch run --as-of 2026-12-01 --compare auto --split county --format xlsx,csv,ics,json,digest -o "$out" 'inbox\*.xlsx'
expect 0 'night 2: run --compare auto --split county'
grep -q '^changes: ' "$work/stdout" || fail "night 2 says no changes line: $(cat "$work/stdout")"
for f in changes.csv by-county/index.csv by-county/Albany/results.xlsx by-county/Albany/summary.json; do
  [ -s "out/$f" ] || fail "night 2 wrote no $f"
done
[ "$(grep -c '^runs/' out/.batch/current)" = 1 ] || fail ".batch\\current after night 2: $(cat out/.batch/current)"

# The night's mail, as the Task Scheduler recipe sends it, to a mail
# server on loopback (scripts/smtpsink; smtp+insecure:// reaches only this
# computer): each part once, the ledger written beside the set on Windows
# (out\mail.csv, a copy), and a second batch mail sends nothing.
if command -v go >/dev/null; then
  (cd "$here/../.." && go build -o "$work/smtpsink" ./scripts/smtpsink)
  mkdir "$work/mailed"
  "$work/smtpsink" -dir "$work/mailed" -for 3m >"$work/sink.addr" &
  sink=$!
  trap 'kill $sink 2>/dev/null || true; rm -rf "$work"' EXIT
  for _ in $(seq 50); do [ -s "$work/sink.addr" ] && break; sleep 0.1; done
  addr=$(head -1 "$work/sink.addr")
  awk -F, 'NR == 1 {print "value,to,cc"} NR > 1 {v = $1 == "" ? "(none)" : $1; print v ",board" NR "@example.org,"}' out/by-county/index.csv >boards.csv
  parts=$(($(wc -l <out/by-county/index.csv)))
  export BATCH_SMTP_URL="smtp+insecure://$addr" BATCH_MAIL_FROM='Elections <elections@example.org>' BATCH_MAIL_TO=state@example.org
  batch mail --mail-when always --mail-recipients 'boards.csv' "$out"
  expect 0 "batch mail: $(tail -1 "$work/stdout")"
  [ "$(ls "$work/mailed" | wc -l)" = "$parts" ] || fail "batch mail: $(ls "$work/mailed" | wc -l) messages, want $parts"
  [ "$(grep -c ',sent,' out/mail.csv)" = "$parts" ] || fail "out\mail.csv: $(cat out/mail.csv)"
  batch mail --mail-when always --mail-recipients 'boards.csv' "$out"
  expect 0 "a second batch mail: $(tail -1 "$work/stdout")"
  [ "$(ls "$work/mailed" | wc -l)" = "$parts" ] || fail "the second batch mail sent again"
  unset BATCH_SMTP_URL BATCH_MAIL_FROM BATCH_MAIL_TO
  kill $sink
else
  echo "go not available: the mail step is not run"
fi

batch explain --as-of 2026-11-30 'inbox\albany-board.xlsx' --id NY-0000005
expect 0 'explain --id NY-0000005'
grep -q 'NY-0000005' "$work/stdout" || fail "explain says: $(head -5 "$work/stdout")"

batch run --as-of 2026-11-30 --fail-on error -o "$work/out-fail" 'samples\statewide.csv'
expect 3 '--fail-on error on the samples (exit 3)'

if /usr/bin/python3 -c 'import openpyxl' 2>/dev/null; then
  sheets=$(/usr/bin/python3 -c 'import sys, openpyxl; wb = openpyxl.load_workbook(sys.argv[1], read_only=True); print(", ".join(wb.sheetnames))' out/results.xlsx) ||
    fail "openpyxl cannot open out\\results.xlsx"
  echo "ok: openpyxl opens out\\results.xlsx: $sheets"
else
  echo "openpyxl not available (/usr/bin/python3): results.xlsx not opened"
fi

batch run --as-of 2026-12-02 --format csv -o "$out" 'inbox\*.xlsx'
expect 0 'night 3: run --format csv'
for f in results.xlsx summary.json by-county; do
  [ ! -e "out/$f" ] || fail "night 3 left night 2's $f"
done
[ -s out/vacancies.csv ] || fail "night 3 wrote no vacancies.csv"
[ "$(ls out/.batch/runs | wc -l)" = 1 ] || fail "night 3 left $(ls out/.batch/runs | wc -l) sets in .batch\\runs"
echo "smoke of $(basename "$exe") under Wine, $mode: passed"
