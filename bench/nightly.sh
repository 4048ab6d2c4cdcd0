#!/usr/bin/env bash
# The nightly run's cost (issue 28): the full nightly run of README's cron
# recipe against the plain run of the same input. On one generated input
# (default 20,000 rows) it makes a baseline night (the full nightly run,
# --as-of the first day), then runs ROUNDS interleaved rounds (default 5),
# each in the other order from the one before, of
#   plain    `batch run` with its default formats (xlsx, csv, json) into a
#            new folder, --as-of the next day;
#   nightly  every format (xlsx, csv, json, ics, digest), `--split county`
#            and `--compare auto`, --as-of the next day, into a copy of the
#            baseline night's folder (copied before the timed run), so
#            every round compares with the same previous night.
# Each run is timed with /usr/bin/time (wall, peak resident memory), with
# GOMEMLIMIT=off as bench/perf.sh does. It prints the medians and the
# ratio nightly / plain of each, which issue 28 bounds at 2× the wall time
# at 20,000 rows. The result replaces the part of docs/PERFORMANCE.md
# between the nightly:begin and nightly:end markers (added at the end when
# missing); the other sections are not touched.
#
# A script of its own, not an option of bench/perf.sh: perf.sh measures
# one program against the floors at several sizes; this compares two
# invocations of batch at one size, as bench/split.sh does.
#
#   bash bench/nightly.sh                      # 20,000 rows, 5 rounds
#   ROWS=100000 ROUNDS=3 bash bench/nightly.sh
#   OUT=/tmp/nightly.md bash bench/nightly.sh  # write elsewhere
#   KEEP=1 bash bench/nightly.sh               # keep the temporary folder
#   NOICS=1 bash bench/nightly.sh              # also the nightly run without
#                                              # the calendar file, each round
#
# Needs Go and /usr/bin/time (apt-get install -y time).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. "$root/bench/section.sh"
ROWS=${ROWS:-20000}
ROUNDS=${ROUNDS:-5}
OUT=${OUT:-$root/docs/PERFORMANCE.md}
ASOF=2026-11-30
NEXT=2026-12-01 # the next night
NIGHTLY_FLAGS=(--format xlsx,csv,json,ics,digest --split county --compare auto)
NOICS_FLAGS=(--format xlsx,csv,json,digest --split county --compare auto)

log() { echo "nightly: $*" >&2; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

[ -x /usr/bin/time ] || { echo "nightly: /usr/bin/time missing (apt-get install -y time)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/batch-nightly.XXXXXX")
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$tmp"' EXIT; else log "keeping $tmp"; fi

log "building into $tmp"
go build -o "$tmp/batch" ./cmd/batch
go build -o "$tmp/gen" ./bench/gen
in="$tmp/in.xlsx"
log "generating $ROWS rows"
"$tmp/gen" -rows "$ROWS" -seed 1 -format xlsx -out "$in" >/dev/null 2>&1

# run NAME CMD...: runs CMD untimed, failing the script if it fails (exit
# 3, --fail-on reached, is not asked for, so any non-zero is a failure).
run() {
	local name=$1
	shift
	GOMEMLIMIT=off "$@" >"$tmp/$name.log" 2>&1 || {
		log "$name failed:"
		tail -20 "$tmp/$name.log" >&2
		exit 1
	}
}

# timed NAME CMD...: one run under /usr/bin/time; appends "wall MB" to
# $tmp/NAME.runs.
timed() {
	local name=$1
	shift
	run "$name" /usr/bin/time -o "$tmp/$name.time" -f '%e %M' "$@"
	local wall kb
	read -r wall kb <"$tmp/$name.time"
	echo "$wall $((kb / 1024))" >>"$tmp/$name.runs"
	log "$name: ${wall} s wall, $((kb / 1024)) MB (load $(load))"
}

log "the baseline night (--as-of $ASOF), untimed"
run baseline "$tmp/batch" run -q "${NIGHTLY_FLAGS[@]}" --out "$tmp/night0" --as-of "$ASOF" "$in"

plain() {
	rm -rf "$tmp/out-plain"
	timed plain "$tmp/batch" run -q --out "$tmp/out-plain" --as-of "$NEXT" "$in"
}
nightly() {
	rm -rf "$tmp/out-nightly"
	cp -a "$tmp/night0" "$tmp/out-nightly"
	timed nightly "$tmp/batch" run -q "${NIGHTLY_FLAGS[@]}" --out "$tmp/out-nightly" --as-of "$NEXT" "$in"
}
noics() {
	rm -rf "$tmp/out-noics"
	cp -a "$tmp/night0" "$tmp/out-noics"
	timed noics "$tmp/batch" run -q "${NOICS_FLAGS[@]}" --out "$tmp/out-noics" --as-of "$NEXT" "$in"
}

loads="$(load)"
for round in $(seq "$ROUNDS"); do
	log "round $round of $ROUNDS"
	if [ $((round % 2)) = 1 ]; then
		plain
		nightly
		if [ -n "${NOICS:-}" ]; then noics; fi
	else
		if [ -n "${NOICS:-}" ]; then noics; fi
		nightly
		plain
	fi
done
# The nightly run compared with the previous night, as the digest says.
grep -q '^Compared with the run as of' "$tmp/out-nightly/digest.txt" || {
	log "the nightly run did not compare with the previous night:"
	head -20 "$tmp/out-nightly/digest.txt" >&2
	exit 1
}
loads="$loads → $(load)"
# What the nightly run wrote, to show it did the whole job.
wrote=$(cd "$tmp/out-nightly" && ls -1 | grep -v '^by-' | paste -sd' ')
folders=$(($(wc -l <"$tmp/out-nightly/by-county/index.csv") - 1))

# median COLUMN FILE: the median of one column of the runs.
median() { cut -d' ' -f"$1" "$2" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
pw=$(median 1 "$tmp/plain.runs") pm=$(median 2 "$tmp/plain.runs")
nw=$(median 1 "$tmp/nightly.runs") nm=$(median 2 "$tmp/nightly.runs")
wr=$(ratio "$nw" "$pw") mr=$(ratio "$nm" "$pm")
met=$(awk -v r="$wr" 'BEGIN { print (r <= 2) ? "yes" : "**no**" }')

{
	echo "<!-- nightly:begin (written by bench/nightly.sh; edit outside the markers) -->"
	echo "### The nightly run against the plain run (issue 28)"
	echo
	echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs ($(uname -m), $(go env GOVERSION)), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- cmd pkg bench 2>/dev/null || echo ' plus uncommitted changes'); load average $loads. Reproduce with:"
	echo
	echo '```'
	echo "ROWS=$ROWS ROUNDS=$ROUNDS${NOICS:+ NOICS=1} bash bench/nightly.sh"
	echo '```'
	echo
	echo "Input: \`bench/gen -rows $ROWS -seed 1 -format xlsx\`. The plain run: \`batch run --as-of $NEXT\` with the default formats into a new folder. The nightly run: \`batch run ${NIGHTLY_FLAGS[*]} --as-of $NEXT\` into a copy of the previous night's folder (the same command \`--as-of $ASOF\`, untimed); it wrote $wrote and $folders county folders. Medians of $ROUNDS interleaved rounds; memory is peak resident set size; \`GOMEMLIMIT=off\`."
	echo
	echo "| run | wall s | peak MB |"
	echo "|---|---|---|"
	echo "| plain | $pw | $pm |"
	echo "| nightly | $nw | $nm |"
	echo "| nightly / plain | ${wr}× | ${mr}× |"
	if [ -n "${NOICS:-}" ]; then
		xw=$(median 1 "$tmp/noics.runs") xm=$(median 2 "$tmp/noics.runs")
		echo "| nightly without the calendar file (\`${NOICS_FLAGS[*]}\`) | $xw | $xm |"
		echo "| nightly without the calendar file / plain | $(ratio "$xw" "$pw")× | $(ratio "$xm" "$pm")× |"
	fi
	echo
	echo "Every round (wall s, MB): plain $(paste -sd';' "$tmp/plain.runs" | sed 's/;/; /g'); nightly $(paste -sd';' "$tmp/nightly.runs" | sed 's/;/; /g')${NOICS:+; without the calendar file $(paste -sd';' "$tmp/noics.runs" | sed 's/;/; /g')}."
	echo
	echo "| target | measured | met |"
	echo "|---|---|---|"
	echo "| the full nightly run costs at most twice the plain run at $ROWS rows | $nw s / $pw s = ${wr}× | $met |"
	echo "<!-- nightly:end -->"
} >"$tmp/section.md"

put_section nightly "$tmp/section.md" "$OUT"
log "wrote $OUT"
cat "$tmp/section.md"
