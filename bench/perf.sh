#!/usr/bin/env bash
# The performance script (issues 6 and 13). For each row count (default
# 200,000 and 1,000,000) it generates an input, runs `batch run` once
# untimed to learn what it writes (the counts the floors need), then runs
# ROUNDS interleaved rounds (default 3) of three programs, each round in
# another order:
#   batch  `batch run` with every default output (xlsx, csv, json);
#   floor  bench/floor, the dev floor: excelize and encoding/csv writing
#          as many sheets, rows, cells and records, computing nothing;
#   raw    the raw floor, ../shared/tools/rawfloor: zip plus a byte scan to
#          read, raw SpreadsheetML with parallel deflate to write, the same
#          volume, computing nothing.
# Both floors get the counts as flags, computed before any timed run, so
# neither counts anything inside its timed run. Every program runs with
# GOMEMLIMIT=off: no soft memory limit, the batch binary's own default
# included. It reports, per program, the median of the rounds: wall time,
# CPU utilisation ((user+sys)/wall, 2.0 = both cores of a 2-CPU machine),
# peak resident memory (/usr/bin/time), and the 1-minute load average
# before each run; then the compute pool with one and two workers and, if
# the system python has pandas and openpyxl, the pandas baseline (an
# informational row: it does a fraction of the job).
# With BEFORE=<git revision>, batch is also built at that revision (from
# `git archive` into the temporary folder) and runs as a fourth program,
# "before", in every round beside "batch", with the same flags: its row
# in the table, and the after/before ratios of median wall time and peak
# memory (issue 28: at most 10 % slower than before).
# The results replace the part of docs/PERFORMANCE.md between the
# perf:begin and perf:end markers (the file is created if missing).
#
#   bash bench/perf.sh                       # 200k and 1M rows, 3 rounds
#   ROWS="20000 100000" ROUNDS=1 bash bench/perf.sh
#   QUIET=1.0 bash bench/perf.sh             # before each run, wait (up to
#                                            # QUIET_WAIT s, default 900) for
#                                            # the 1-minute load to fall to 1.0
#   RAWFLOOR=/path/to/rawfloor/source bash bench/perf.sh
#   KEEP=1 bash bench/perf.sh                # keep the temporary folder
#   OUT=/tmp/perf.md bash bench/perf.sh      # write elsewhere
#   NO_POOL=1 NO_PANDAS=1 bash bench/perf.sh # skip the extra rows
#   BEFORE=main bash bench/perf.sh           # also batch as of main, interleaved
#
# Needs Go and /usr/bin/time (apt-get install -y time); for the pandas row
# /usr/bin/python3 with pandas and openpyxl (apt-get install -y
# python3-pandas python3-openpyxl).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. "$root/bench/section.sh"
ROWS=${ROWS:-"200000 1000000"}
ROUNDS=${ROUNDS:-3}
OUT=${OUT:-$root/docs/PERFORMANCE.md}
QUIET=${QUIET:-}
QUIET_WAIT=${QUIET_WAIT:-900}
ASOF=2026-11-30
NEXT=2026-12-01 # the next night (issue 12's comparison)
PY=/usr/bin/python3

log() { echo "perf: $*" >&2; }
load1() { cut -d' ' -f1 /proc/loadavg; }

[ -x /usr/bin/time ] || { echo "perf: /usr/bin/time missing (apt-get install -y time)" >&2; exit 2; }
if [ -z "${RAWFLOOR:-}" ]; then
	# The yardstick lives beside the project: ../shared/tools/rawfloor from
	# the main checkout, one level further up from a worktree in wt/NAME.
	for d in "$root/../shared/tools/rawfloor" "$root/../../shared/tools/rawfloor"; do
		if [ -f "$d/go.mod" ]; then RAWFLOOR=$d; break; fi
	done
fi
[ -n "${RAWFLOOR:-}" ] && [ -f "$RAWFLOOR/go.mod" ] || { echo "perf: the raw floor's source was not found; set RAWFLOOR=DIR" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/batch-perf.XXXXXX")
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$tmp"' EXIT; else log "keeping $tmp"; fi

log "building into $tmp"
go build -o "$tmp/batch" ./cmd/batch
go build -o "$tmp/floor" ./bench/floor
go build -o "$tmp/gen" ./bench/gen
(cd "$RAWFLOOR" && go build -o "$tmp/raw" .)
progs=(batch floor raw)
before_rev=""
if [ -n "${BEFORE:-}" ]; then
	before_rev=$(git rev-parse --short --verify "$BEFORE^{commit}") || { echo "perf: BEFORE=$BEFORE is no commit" >&2; exit 2; }
	log "building batch as of $BEFORE ($before_rev)"
	mkdir "$tmp/before-src"
	git archive "$before_rev" | tar -x -C "$tmp/before-src"
	(cd "$tmp/before-src" && go build -o "$tmp/before" ./cmd/batch)
	rm -rf "$tmp/before-src"
	progs=(batch before floor raw)
fi
# The next-night comparison (issue 12) needs a batch that has --compare.
compare=""
if "$tmp/batch" run --help 2>&1 | grep -q -- '--compare'; then compare=1; fi

# quiet: with QUIET set, wait until the 1-minute load is at most QUIET
# (the machine is shared), at most QUIET_WAIT seconds.
quiet() {
	[ -n "$QUIET" ] || return 0
	local waited=0
	while awk -v l="$(load1)" -v q="$QUIET" 'BEGIN { exit !(l > q) }'; do
		if [ "$waited" -ge "$QUIET_WAIT" ]; then
			log "load still $(load1) after ${waited}s; going on"
			return 0
		fi
		sleep 15
		waited=$((waited + 15))
	done
}

# timed NAME CMD...: runs CMD under /usr/bin/time with no soft memory
# limit and appends "name wall cpu_util rss_mb load_before" to
# $tmp/runs.txt; the program's output goes to $tmp/NAME.log.
timed() {
	local name=$1
	shift
	quiet
	local before
	before=$(load1)
	GOMEMLIMIT=off /usr/bin/time -o "$tmp/$name.time" -f '%e %U %S %M' "$@" >"$tmp/$name.log" 2>&1 || {
		log "$name failed:"
		tail -20 "$tmp/$name.log" >&2
		exit 1
	}
	local wall user sys kb
	read -r wall user sys kb <"$tmp/$name.time"
	local util
	util=$(awk -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", (w > 0 ? (u + s) / w : 0) }')
	echo "$name $wall $util $((kb / 1024)) $before" >>"$tmp/runs.txt"
	log "$name: ${wall} s, CPU ${util}, $((kb / 1024)) MB (load before $before, after $(load1))"
}

# median PROGRAM-N FIELD [FORMAT]: the median of one field (2 wall, 3 util,
# 4 MB, 5 load) over the rounds of one program at one size (an even number
# of rounds averages the middle two, printed with FORMAT, default %.2f).
median() {
	awk -v p="$1" -v f="$2" '$1 ~ "^" p "-r[0-9]+$" { print $f }' "$tmp/runs.txt" | sort -g |
		awk -v fmt="${3:-%.2f}" '{ v[NR] = $1 } END { if (NR == 0) print "?"; else if (NR % 2) print v[(NR + 1) / 2]; else printf fmt "\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
spread() {
	awk -v p="$1" '$1 ~ "^" p "-r[0-9]+$" { print $2 }' "$tmp/runs.txt" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%s–%s", lo, hi }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
mark() { awk -v v="$1" -v lim="$2" -v op="$3" 'BEGIN { ok = (op == "<=" ? v <= lim : v >= lim); print (ok ? "yes" : "**no**") }'; }

: >"$tmp/runs.txt"
: >"$tmp/written.md"
rows_table="$tmp/rows.md"
: >"$rows_table"
first_rows="" first_mem="" last_rows="" last_mem="" targets=""

for n in $ROWS; do
	in="$tmp/in$n.xlsx"
	log "generating $n rows"
	"$tmp/gen" -rows "$n" -seed 1 -format xlsx -out "$in" >/dev/null 2>&1
	# The counts, once, before any timed run: what batch run writes for
	# this input is what both floors write.
	log "counting what batch run writes for $n rows (untimed)"
	GOMEMLIMIT=off "$tmp/batch" run -q --out "$tmp/count-$n" --as-of "$ASOF" "$in" >"$tmp/count-$n.log" 2>&1 || {
		log "the counting run failed:"
		tail -20 "$tmp/count-$n.log" >&2
		exit 1
	}
	counts=$("$tmp/raw" -counts -from "$tmp/count-$n")
	rm -rf "$tmp/count-$n"
	echo "- $n rows: \`$counts\`" >>"$tmp/written.md"
	log "counts: $counts"
	# shellcheck disable=SC2086 # the counts are flags
	for r in $(seq 1 "$ROUNDS"); do
		# Rotate the order: round 1 batch, floor, raw; round 2 floor, raw,
		# batch; round 3 raw, batch, floor; … (with BEFORE: batch, before,
		# floor, raw, rotated the same way).
		order=("${progs[@]}")
		k=$(((r - 1) % ${#order[@]}))
		order=("${order[@]:$k}" "${order[@]:0:$k}")
		for prog in "${order[@]}"; do
			out="$tmp/$prog-$n"
			case $prog in
			batch) timed "batch-$n-r$r" "$tmp/batch" run -q --out "$out" --as-of "$ASOF" "$in" ;;
			before) timed "before-$n-r$r" "$tmp/before" run -q --out "$out" --as-of "$ASOF" "$in" ;;
			floor) timed "floor-$n-r$r" "$tmp/floor" -in "$in" -out "$out" $counts ;;
			raw) timed "raw-$n-r$r" "$tmp/raw" -in "$in" -out "$out" $counts ;;
			esac
			# The last batch round's folder is the next night's baseline.
			if [ "$prog" != batch ] || [ "$r" != "$ROUNDS" ]; then rm -rf "$out"; fi
		done
	done
	bt=$(median "batch-$n" 2) ft=$(median "floor-$n" 2) rt=$(median "raw-$n" 2)
	bm=$(median "batch-$n" 4 %.0f) fm=$(median "floor-$n" 4 %.0f) rm_=$(median "raw-$n" 4 %.0f)
	bu=$(median "batch-$n" 3) fu=$(median "floor-$n" 3) ru=$(median "raw-$n" 3)
	bl=$(median "batch-$n" 5) fl=$(median "floor-$n" 5) rl=$(median "raw-$n" 5)
	printf '| %s | batch run | %s (%s) | %s | %s | %s | %s | %s |\n' "$n" "$bt" "$(spread "batch-$n")" "$(ratio "$bt" "$rt")" "$(ratio "$bt" "$ft")" "$bu" "$bm" "$bl" >>"$rows_table"
	if [ -n "$before_rev" ]; then
		pt=$(median "before-$n" 2) pm=$(median "before-$n" 4 %.0f) pu=$(median "before-$n" 3) pl=$(median "before-$n" 5)
		printf '| %s | batch run before (%s) | %s (%s) | %s | %s | %s | %s | %s |\n' "$n" "$before_rev" "$pt" "$(spread "before-$n")" "$(ratio "$pt" "$rt")" "$(ratio "$pt" "$ft")" "$pu" "$pm" "$pl" >>"$rows_table"
		wr=$(ratio "$bt" "$pt") mr=$(ratio "$bm" "$pm")
		log "after/before at $n rows: wall $bt / $pt s = ${wr}×, peak memory $bm / $pm MB = ${mr}×"
		targets="$targets
| after/before ($before_rev) at $n rows: wall at most 1.10× | $bt s / $pt s = ${wr}× (peak memory $bm MB / $pm MB = ${mr}×) | $(mark "$wr" 1.10 "<=") |"
	fi
	printf '| %s | dev floor (bench/floor) | %s (%s) | %s | 1.00 | %s | %s | %s |\n' "$n" "$ft" "$(spread "floor-$n")" "$(ratio "$ft" "$rt")" "$fu" "$fm" "$fl" >>"$rows_table"
	printf '| %s | raw floor (rawfloor) | %s (%s) | 1.00 | %s | %s | %s | %s |\n' "$n" "$rt" "$(spread "raw-$n")" "$(ratio "$rt" "$ft")" "$ru" "$rm_" "$rl" >>"$rows_table"
	br=$(ratio "$bt" "$rt")
	targets="$targets
| batch run within 2.5× the raw floor at $n rows | $bt s / $rt s = ${br}× | $(mark "$br" 2.5 "<=") |
| both cores busy at $n rows (CPU utilisation, 2.0 = both) | $bu | $(mark "$bu" 1.5 ">=") |"
	if [ -n "$compare" ]; then
		# The next night: the same input a day later, compared with the
		# snapshot the last round left, digest included; against batch run
		# less its snapshot's cost (summary.json's "compare" phase), which
		# stands for a run that writes none.
		base="$tmp/batch-$n"
		snap=$(tr -d '\n ' <"$base/summary.json" | grep -o '"phase":"compare","seconds":[0-9.]*' | grep -o '[0-9.]*$' || echo 0)
		timed "next-$n-r1" "$tmp/batch" run -q --compare auto --format xlsx,csv,json,digest --out "$base" --as-of "$NEXT" "$in"
		nt=$(median "next-$n" 2) nm=$(median "next-$n" 4 %.0f) nu=$(median "next-$n" 3)
		plain=$(awk -v b="$bt" -v s="${snap:-0}" 'BEGIN { printf "%.2f", b - s }')
		nr=$(ratio "$nt" "$plain")
		printf '| %s | next night (--compare auto, digest) | %s | %s | %s | %s | %s | %s |\n' "$n" "$nt" "$(ratio "$nt" "$rt")" "$(ratio "$nt" "$ft")" "$nu" "$nm" "$(median "next-$n" 5)" >>"$rows_table"
		targets="$targets
| the comparison adds at most 25 % at $n rows (issue 12) | next night $nt s / (batch run $bt s less its snapshot ${snap:-0} s) = ${nr}× | $(mark "$nr" 1.25 "<=") |
| the comparing run's peak memory at $n rows within the run's own bound | $nm MB (batch run: $bm MB) | $(mark "$nm" 200 "<=") |"
		rm -rf "$base"
	fi
	[ -z "$first_rows" ] && first_rows=$n first_mem=$bm
	last_rows=$n last_mem=$bm
	rm -f "$in"
done

growth=$(ratio "$last_mem" "$first_mem")
targets="$targets
| peak memory at most 200 MB at $last_rows rows, no soft memory limit | $last_mem MB | $(mark "$last_mem" 200 "<=") |"
if [ "$first_rows" != "$last_rows" ]; then
	targets="$targets
| memory grows at most 1.5× from $first_rows to $last_rows rows | $first_mem → $last_mem MB = ${growth}× | $(mark "$growth" 1.5 "<=") |"
fi

extra=""
if [ -z "${NO_POOL:-}" ]; then
	log "compute pool benchmark"
	go test -run '^$' -bench 'Pool' -benchmem -count 3 ./pkg/pipeline >"$tmp/pool.txt"
	pool_ns() { grep "BenchmarkPool/jobs=$1-" "$tmp/pool.txt" | sed -E 's/.* ([0-9.]+) ns\/row.*/\1/' | sort -n | sed -n 2p; }
	p1=$(pool_ns 1)
	p2=$(pool_ns 2)
	extra="$extra
| compute pool alone, two workers against one (go test -bench Pool, 100,000 rows, median of 3) | jobs=1: $p1 ns/row, jobs=2: $p2 ns/row: $(ratio "$p1" "$p2")× |"
fi
if [ -z "${NO_PANDAS:-}" ]; then
	if [ -x "$PY" ] && "$PY" -c 'import pandas, openpyxl' 2>/dev/null; then
		n=${ROWS%% *}
		"$tmp/gen" -rows "$n" -seed 1 -format xlsx -out "$tmp/pandas-in.xlsx" >/dev/null 2>&1
		timed "pandas-$n-r1" "$PY" bench/pandas_baseline.py "$tmp/pandas-in.xlsx" "$tmp/pandas-$n.xlsx"
		extra="$extra
| pandas + openpyxl write-only (bench/pandas_baseline.py), $n rows, one run: two deadlines a row, one sheet, no CSV | $(median "pandas-$n" 2) s, $(median "pandas-$n" 4 %.0f) MB |"
	else
		extra="$extra
| pandas + openpyxl baseline | not run: $PY lacks pandas or openpyxl |"
	fi
fi

{
	echo "<!-- perf:begin (written by bench/perf.sh; edit outside the markers) -->"
	echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs ($(uname -m), $(go env GOVERSION)), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- cmd pkg bench 2>/dev/null || echo ' plus uncommitted changes'). Reproduce with:"
	echo
	echo '```'
	echo "ROWS=\"$ROWS\" ROUNDS=$ROUNDS${QUIET:+ QUIET=$QUIET}${before_rev:+ BEFORE=$before_rev} bash bench/perf.sh"
	echo '```'
	echo
	echo "Inputs: \`bench/gen -rows N -seed 1 -format xlsx\`; batch run with \`--as-of $ASOF\` and its default outputs. $ROUNDS interleaved rounds (each round in another order); the table gives medians, the wall-time range in brackets. Every program ran with \`GOMEMLIMIT=off\` (no soft memory limit). CPU is (user + sys) / wall; memory is peak resident set size (/usr/bin/time); load is the 1-minute load average before the run."
	echo
	echo "| rows | program | wall s (range) | ÷ raw floor | ÷ dev floor | CPU | peak MB | load |"
	echo "|---|---|---|---|---|---|---|---|"
	cat "$rows_table"
	echo
	echo "| target | measured | met |"
	echo "|---|---|---|$targets"
	echo
	echo "Counts given to both floors (\`rawfloor -counts -from\` on an untimed batch run's output):"
	echo
	cat "$tmp/written.md"
	if [ -n "$extra" ]; then
		echo
		echo "| informational | measured |"
		echo "|---|---|$extra"
	fi
	echo
	echo "Every run (name, wall s, CPU, peak MB, load before):"
	echo
	echo '```'
	cat "$tmp/runs.txt"
	echo '```'
	echo "<!-- perf:end -->"
} >"$tmp/section.md"

put_section perf "$tmp/section.md" "$OUT"
log "wrote $OUT"
cat "$tmp/section.md"
