#!/usr/bin/env bash
# The split's cost (issue 14): `batch run --split county` against the same
# `batch run` without it, on one generated input (default 100,000 rows),
# in interleaved rounds on one machine, so that a change in the machine's
# load hits both alike. Per program: the median wall time, CPU time
# (user + system) and peak resident memory (/usr/bin/time) of the rounds;
# then the split's overhead, median against median, which issue 14 bounds
# at 30 % of the wall time. The result replaces the part of
# docs/PERFORMANCE.md between the split:begin and split:end markers (added
# at the end when missing); bench/perf.sh's own section is not touched.
#
# With the raw floor's source beside the project (../shared/tools/rawfloor,
# or RAWFLOOR=DIR), each round also runs what says how much of the 30 %
# the folders' workbooks leave: batch run without the workbook (--format
# csv,json), and the raw floor with and without its workbook (-no-xlsx),
# given the counts of the round's first plain run. The folders hold the
# statewide rows (and shared ones again), so their workbooks cost at least
# what the same rows' workbook costs the floor. NOFLOOR=1 leaves them out.
#
#   bash bench/split.sh                    # 100,000 rows, 3 rounds
#   ROWS=20000 ROUNDS=5 bash bench/split.sh
#   SPLIT=office_class bash bench/split.sh
#   OUT=/tmp/split.md bash bench/split.sh  # write elsewhere
#   KEEP=1 bash bench/split.sh             # keep the temporary folder
#
# Needs Go and /usr/bin/time (apt-get install -y time).
set -euo pipefail
# A relative RAWFLOOR is the caller's, not the project root's.
if [ -n "${RAWFLOOR:-}" ] && [ -d "$RAWFLOOR" ]; then RAWFLOOR=$(cd "$RAWFLOOR" && pwd); fi
cd "$(dirname "$0")/.."
root=$(pwd)
. "$root/bench/section.sh"
ROWS=${ROWS:-100000}
ROUNDS=${ROUNDS:-3}
SPLIT=${SPLIT:-county}
OUT=${OUT:-$root/docs/PERFORMANCE.md}
ASOF=2026-11-30

[ -x /usr/bin/time ] || { echo "split: /usr/bin/time missing (apt-get install -y time)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/batch-split.XXXXXX")
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$tmp"' EXIT; else echo "split: keeping $tmp" >&2; fi
log() { echo "split: $*" >&2; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

log "building into $tmp"
go build -o "$tmp/batch" ./cmd/batch
go build -o "$tmp/gen" ./bench/gen
if [ -z "${NOFLOOR:-}" ] && [ -z "${RAWFLOOR:-}" ]; then
	for d in "$root/../shared/tools/rawfloor" "$root/../../shared/tools/rawfloor"; do
		if [ -f "$d/go.mod" ]; then RAWFLOOR=$d; break; fi
	done
fi
floor=""
if [ -z "${NOFLOOR:-}" ] && [ -n "${RAWFLOOR:-}" ] && [ -f "$RAWFLOOR/go.mod" ]; then
	(cd "$RAWFLOOR" && go build -o "$tmp/raw" .)
	floor=1
else
	log "no raw floor (set RAWFLOOR=DIR): the workbooks' floor is left out"
fi
in="$tmp/in.xlsx"
log "generating $ROWS rows"
"$tmp/gen" -rows "$ROWS" -seed 1 -format xlsx -out "$in" >/dev/null 2>&1

# timed NAME CMD...: one run under /usr/bin/time; appends "wall cpu MB" to
# $tmp/NAME.runs.
timed() {
	local name=$1
	shift
	rm -rf "$tmp/out-$name"
	/usr/bin/time -o "$tmp/$name.time" -f '%e %U %S %M' "$@" >"$tmp/$name.log" 2>&1 || {
		log "$name failed:"
		tail -20 "$tmp/$name.log" >&2
		exit 1
	}
	read -r wall user sys kb <"$tmp/$name.time"
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
	echo "$wall $cpu $((kb / 1024))" >>"$tmp/$name.runs"
	log "$name: ${wall} s wall, ${cpu} s CPU, $((kb / 1024)) MB (load $(load))"
}

loads="$(load)"
for round in $(seq "$ROUNDS"); do
	log "round $round of $ROUNDS"
	timed plain "$tmp/batch" run -q --out "$tmp/out-plain" --as-of "$ASOF" "$in"
	timed split "$tmp/batch" run -q --out "$tmp/out-split" --as-of "$ASOF" --split "$SPLIT" "$in"
	if [ -n "$floor" ]; then
		[ -n "${counts:-}" ] || counts=$("$tmp/raw" -counts -from "$tmp/out-plain")
		timed noxlsx "$tmp/batch" run -q --out "$tmp/out-noxlsx" --as-of "$ASOF" --format csv,json "$in"
		# shellcheck disable=SC2086 # the counts are flags
		timed raw "$tmp/raw" -in "$in" -out "$tmp/out-raw" $counts
		# shellcheck disable=SC2086
		timed rawnoxlsx "$tmp/raw" -in "$in" -out "$tmp/out-rawnoxlsx" -no-xlsx $counts
		rm -rf "$tmp/out-noxlsx" "$tmp/out-raw" "$tmp/out-rawnoxlsx"
	fi
done
loads="$loads → $(load)"
folders=$(($(wc -l <"$tmp/out-split/by-$SPLIT/index.csv") - 1))

# median COLUMN FILE: the median of one column of the runs.
median() { cut -d' ' -f"$1" "$2" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.0f %%", (a / b - 1) * 100 }'; }
pw=$(median 1 "$tmp/plain.runs") pc=$(median 2 "$tmp/plain.runs") pm=$(median 3 "$tmp/plain.runs")
sw=$(median 1 "$tmp/split.runs") sc=$(median 2 "$tmp/split.runs") sm=$(median 3 "$tmp/split.runs")
met=$(awk -v a="$sw" -v b="$pw" 'BEGIN { print (a / b - 1 <= 0.30) ? "yes" : "**no**" }')
# The vacancies the folders hold (index.csv's column of that name,
# counted from the right: a value may hold a comma) against the
# statewide run's.
frows=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "vacancies") p = i; h = NF; next }
	{ n += $(NF - (h - p)) } END { print n + 0 }' "$tmp/out-split/by-$SPLIT/index.csv")
# perround EXPR: EXPR of each round's runs (p, s, x, r, q: the CPU s of
# plain, split, noxlsx, raw and rawnoxlsx; pw: plain's wall), their median.
perround() {
	paste -d' ' "$tmp/plain.runs" "$tmp/split.runs" "$tmp/noxlsx.runs" "$tmp/raw.runs" "$tmp/rawnoxlsx.runs" |
		awk -v n="$(nproc)" "{ pw = \$1; p = \$2; s = \$5; x = \$8; r = \$11; q = \$14; printf \"%.2f\\n\", $1 }" |
		sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

{
	echo "<!-- split:begin (written by bench/split.sh; edit outside the markers) -->"
	echo "### The split (issue 14)"
	echo
	echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs ($(uname -m), $(go env GOVERSION)), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- cmd pkg bench 2>/dev/null || echo ' plus uncommitted changes'); load average $loads. Reproduce with:"
	echo
	echo '```'
	echo "ROWS=$ROWS ROUNDS=$ROUNDS SPLIT=$SPLIT bash bench/split.sh"
	echo '```'
	echo
	echo "Input: \`bench/gen -rows $ROWS -seed 1 -format xlsx\`; both runs with \`--as-of $ASOF\` and the default formats (xlsx, csv, json); the split writes $folders folders. Medians of $ROUNDS interleaved rounds; CPU is user + system time; memory is peak resident set size."
	echo
	echo "| run | wall s | CPU s | peak MB |"
	echo "|---|---|---|---|"
	echo "| batch run | $pw | $pc | $pm |"
	echo "| batch run --split $SPLIT | $sw | $sc | $sm |"
	echo "| the split's cost | $(pct "$sw" "$pw") | $(pct "$sc" "$pc") | $(pct "$sm" "$pm") |"
	echo
	echo "Every round (wall s, CPU s, MB): batch run $(paste -sd';' "$tmp/plain.runs" | sed 's/;/; /g'); --split $(paste -sd';' "$tmp/split.runs" | sed 's/;/; /g')."
	echo
	echo "| target | measured | met |"
	echo "|---|---|---|"
	echo "| the split adds at most 30 % to the wall time at $ROWS rows | $(pct "$sw" "$pw") | $met |"
	if [ -n "$floor" ]; then
		echo
		echo "What the 30 % leaves for the folders' workbooks, in CPU seconds (the median of the rounds' own figures). The folders hold $frows vacancies against the statewide run's $(echo "$counts" | awk '{ print $2 }') (\`rawfloor -counts\`), so their workbooks cost at least what one workbook of the statewide rows costs the raw floor, which computes nothing. Every round's runs: batch run without the workbook $(paste -sd';' "$tmp/noxlsx.runs" | sed 's/;/; /g'); raw floor $(paste -sd';' "$tmp/raw.runs" | sed 's/;/; /g'); raw floor without its workbook $(paste -sd';' "$tmp/rawnoxlsx.runs" | sed 's/;/; /g')."
		echo
		echo "| CPU s | median |"
		echo "|---|---|"
		echo "| what the split may add if it keeps all $(nproc) CPUs busy: 1.30 × batch run's wall × $(nproc) − batch run's CPU | $(perround '1.30 * pw * n - p') |"
		echo "| the statewide workbook, as batch run writes it: batch run − batch run --format csv,json | $(perround 'p - x') |"
		echo "| the same rows' workbook at the raw floor: rawfloor − rawfloor -no-xlsx | $(perround 'r - q') |"
		echo "| what the split added: --split − batch run | $(perround 's - p') |"
	fi
	echo "<!-- split:end -->"
} >"$tmp/section.md"

put_section split "$tmp/section.md" "$OUT"
log "wrote $OUT"
cat "$tmp/section.md"
