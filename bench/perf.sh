#!/usr/bin/env bash
# The performance script of issue 6: on one machine, in one run, for each
# row count (default 100,000 and 1,000,000):
#   (a) the floor: bench/floor reads the input and writes as many sheets,
#       rows, cells and CSV records as `batch run` wrote for it, with the
#       same writers, computing nothing;
#   (b) `batch run` with every default output;
#   (c) b/a;
#   (d) peak resident memory of each (/usr/bin/time);
#   (e) `batch run --jobs 1` against the default (one worker per CPU);
#   (g) the next night: `batch run --compare auto` over (b)'s folder, the
#       as-of date a day later, with the digest (issue 12), against (b)
#       less its snapshot (every run writes one; summary.json's "compare"
#       phase times it), and its peak memory;
# and once: the compute pool alone with one and two workers (go test
# -bench Pool), and the pandas + openpyxl baseline on the smallest input.
# The results replace the part of docs/PERFORMANCE.md between the
# perf:begin and perf:end markers (the file is created if missing).
#
#   bash bench/perf.sh                      # 100k and 1M rows
#   ROWS="20000 100000" bash bench/perf.sh  # other sizes
#   KEEP=1 bash bench/perf.sh               # keep the temporary folder
#   OUT=/tmp/perf.md bash bench/perf.sh     # write elsewhere
#
# Needs Go, /usr/bin/time (apt-get install -y time) and, for the baseline,
# /usr/bin/python3 with pandas and openpyxl (apt-get install -y
# python3-pandas python3-openpyxl); without them that row says so.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
ROWS=${ROWS:-"100000 1000000"}
OUT=${OUT:-$root/docs/PERFORMANCE.md}
ASOF=2026-11-30
NEXT=2026-12-01
PY=/usr/bin/python3

[ -x /usr/bin/time ] || { echo "perf: /usr/bin/time missing (apt-get install -y time)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/batch-perf.XXXXXX")
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$tmp"' EXIT; else echo "perf: keeping $tmp" >&2; fi

log() { echo "perf: $*" >&2; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

log "building into $tmp"
go build -o "$tmp/batch" ./cmd/batch
go build -o "$tmp/floor" ./bench/floor
go build -o "$tmp/gen" ./bench/gen

# timed NAME CMD...: runs CMD under /usr/bin/time; sets T (wall seconds)
# and M (peak RSS, MB); its output goes to $tmp/NAME.log.
timed() {
	local name=$1
	shift
	local before
	before=$(load)
	/usr/bin/time -o "$tmp/$name.time" -f '%e %M' "$@" >"$tmp/$name.log" 2>&1 || {
		log "$name failed:"
		tail -20 "$tmp/$name.log" >&2
		exit 1
	}
	read -r T kb <"$tmp/$name.time"
	M=$((kb / 1024))
	log "$name: ${T} s, ${M} MB (load before: $before, after: $(load))"
	echo "| $name | $before | $(load) |" >>"$tmp/loads.md"
}

# phase_seconds FILE NAME: a phase's seconds from summary.json's timings.
phase_seconds() { tr -d '\n ' <"$1" | grep -o "\"phase\":\"$2\",\"seconds\":[0-9.]*" | grep -o '[0-9.]*$' || echo 0; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
mark() { awk -v v="$1" -v lim="$2" -v op="$3" 'BEGIN { ok = (op == "<" ? v < lim : v >= lim); print (ok ? "yes" : "**no**") }'; }

echo "| run | load before (1, 5, 15 min) | load after |" >"$tmp/loads.md"
echo "|---|---|---|" >>"$tmp/loads.md"
rows_table="$tmp/rows.md"
: >"$rows_table"
: >"$tmp/compare.md"
first_rows="" first_batch="" first_mem="" last_rows="" last_batch_ratio="" last_mem=""

for n in $ROWS; do
	in="$tmp/in$n.xlsx"
	log "generating $n rows"
	"$tmp/gen" -rows "$n" -seed 1 -format xlsx -out "$in" >/dev/null 2>&1
	timed "batch-$n" "$tmp/batch" run -q --out "$tmp/batch-$n" --as-of "$ASOF" "$in"
	bt=$T bm=$M
	timed "floor-$n" "$tmp/floor" -in "$in" -out "$tmp/floor-$n" -from "$tmp/batch-$n"
	ft=$T fm=$M
	timed "batch-jobs1-$n" "$tmp/batch" run -q --jobs 1 --out "$tmp/batch-jobs1-$n" --as-of "$ASOF" "$in"
	jt=$T jm=$M
	snap=$(phase_seconds "$tmp/batch-$n/summary.json" compare)
	timed "batch-compare-$n" "$tmp/batch" run -q --compare auto --format xlsx,csv,json,digest --out "$tmp/batch-$n" --as-of "$NEXT" "$in"
	gt=$T gm=$M
	gstatus=$(sed -n 's/.*"status": "\([a-z_]*\)".*/\1/p' "$tmp/batch-$n/summary.json" | head -1)
	gchanges=$(grep -o '"total": [0-9]*' "$tmp/batch-$n/summary.json" | head -1 | grep -o '[0-9]*$')
	plain=$(awk -v b="$bt" -v s="$snap" 'BEGIN { printf "%.2f", b - s }')
	printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$bt" "$snap" "$plain" "$gt" "$gm" "$(ratio "$gt" "$plain")" "$gstatus, $gchanges changes" >>"$tmp/compare.md"
	last_compare_ratio=$(ratio "$gt" "$plain") last_compare_mem=$gm
	rm -rf "$tmp/batch-jobs1-$n" "$tmp/floor-$n"
	written=$(grep -o 'wrote .* rows' "$tmp/floor-$n.log" | head -1 || true)
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
		"$n" "$ft" "$fm" "$bt" "$bm" "$(ratio "$bt" "$ft")" "$jt" "$jm" "$(ratio "$jt" "$bt")" >>"$rows_table"
	echo "- $n rows: $written" >>"$tmp/written.md"
	if [ -z "$first_rows" ]; then
		first_rows=$n first_batch=$bt first_mem=$bm
		if [ -x "$PY" ] && "$PY" -c 'import pandas, openpyxl' 2>/dev/null; then
			timed "pandas-$n" "$PY" bench/pandas_baseline.py "$in" "$tmp/pandas-$n.xlsx"
			pandas="| pandas + openpyxl write-only (bench/pandas_baseline.py), $n rows | $T s, $M MB | batch run: $bt s | $(ratio "$T" "$bt")× faster | $(mark "$(ratio "$T" "$bt")" 10 ">=") |"
			timed "pandas-to-excel-$n" "$PY" bench/pandas_baseline.py --to-excel "$in" "$tmp/pandas-idiom-$n.xlsx"
			pandas="$pandas
| pandas + DataFrame.to_excel (bench/pandas_baseline.py --to-excel), $n rows | $T s, $M MB | batch run: $bt s | $(ratio "$T" "$bt")× faster | $(mark "$(ratio "$T" "$bt")" 10 ">=") |"
		else
			pandas="| pandas + openpyxl, $n rows | not run: $PY lacks pandas or openpyxl | | | |"
		fi
	fi
	last_rows=$n last_batch_ratio=$(ratio "$bt" "$ft") last_mem=$bm
	rm -rf "$tmp/batch-$n" "$in"
done

log "compute pool benchmark"
go test -run '^$' -bench 'Pool' -benchmem -count 3 ./pkg/pipeline >"$tmp/pool.txt"
# ns/row of each case: the median of the three runs.
pool_ns() { grep "BenchmarkPool/jobs=$1-" "$tmp/pool.txt" | sed -E 's/.* ([0-9.]+) ns\/row.*/\1/' | sort -n | sed -n 2p; }
p1=$(pool_ns 1)
p2=$(pool_ns 2)
pool_speedup=$(ratio "$p1" "$p2")
pool_allocs=$(grep "BenchmarkPool/jobs=1-" "$tmp/pool.txt" | head -1 | awk '{for (i = 1; i < NF; i++) if ($(i+1) == "allocs/op") a = $i; print a}')

growth=$(ratio "$last_mem" "$first_mem")
{
	echo "<!-- perf:begin (written by bench/perf.sh; edit outside the markers) -->"
	echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs ($(uname -m), $(go env GOVERSION)), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- cmd pkg bench 2>/dev/null || echo ' plus uncommitted changes'). Reproduce with:"
	echo
	echo '```'
	echo "ROWS=\"$ROWS\" bash bench/perf.sh"
	echo '```'
	echo
	echo "Inputs: \`bench/gen -rows N -seed 1 -format xlsx\`; every run with \`--as-of $ASOF\`. Times are wall-clock seconds, memory is peak resident set size (/usr/bin/time, MB); one run each."
	echo
	echo "| rows | (a) floor s | floor MB | (b) batch run s | batch MB | (c) b/a | (e) --jobs 1 s | --jobs 1 MB | --jobs 1 / default |"
	echo "|---|---|---|---|---|---|---|---|---|"
	cat "$rows_table"
	echo
	echo "The next night (g): \`batch run --compare auto --format xlsx,csv,json,digest --as-of $NEXT\` over (b)'s folder, the same input. \"without snapshot\" is (b) less its \"compare\" phase (summary.json): all that the snapshot every run now writes costs it (each row's record handed to the sort while writing, the sort, the snapshot file), so it stands for the run before issue 12."
	echo
	echo "| rows | (b) batch run s | its snapshot s | (b) without snapshot s | (g) next night --compare auto s | (g) MB | (g) / (b without snapshot) | compared |"
	echo "|---|---|---|---|---|---|---|---|"
	cat "$tmp/compare.md"
	echo
	echo "What the floor wrote (the same counts as batch run):"
	echo
	cat "$tmp/written.md"
	echo
	echo "| target | measured | | | met |"
	echo "|---|---|---|---|---|"
	echo "| batch run within 1.3× of the floor at $last_rows rows | b/a = $last_batch_ratio | | | $(mark "$last_batch_ratio" 1.3 "<") |"
	echo "| peak memory under 400 MB at $last_rows rows | $last_mem MB | | | $(mark "$last_mem" 400 "<") |"
	echo "| the comparison adds at most 25 % at $last_rows rows | (g) / (b without snapshot) = $last_compare_ratio | | | $(mark "$last_compare_ratio" 1.25 "<") |"
	echo "| the comparing run's peak memory at $last_rows rows within the run's own bound | $last_compare_mem MB (plain run: $last_mem MB) | | | $(mark "$last_compare_mem" 400 "<") |"
	echo "| memory grows less than 2× from $first_rows to $last_rows rows | $first_mem → $last_mem MB | ${growth}× | | $(mark "$growth" 2 "<") |"
	echo "| compute pool, two workers against one (go test -bench Pool, 100,000 rows, median of 3) | jobs=1: $p1 ns/row | jobs=2: $p2 ns/row | ${pool_speedup}× | $(mark "$pool_speedup" 1.7 ">=") |"
	echo "$pandas"
	echo
	echo "Compute pool allocations: $pool_allocs allocs per 100,000 rows (go test -bench Pool -benchmem)."
	echo
	echo "Machine load (shared machine; /proc/loadavg before and after each run):"
	echo
	cat "$tmp/loads.md"
	echo "<!-- perf:end -->"
} >"$tmp/section.md"

mkdir -p "$(dirname "$OUT")"
if [ -f "$OUT" ] && grep -q 'perf:begin' "$OUT" && grep -q 'perf:end' "$OUT"; then
	awk -v sec="$tmp/section.md" '
		/perf:begin/ { while ((getline l < sec) > 0) print l; skip = 1; next }
		/perf:end/ { skip = 0; next }
		!skip' "$OUT" >"$tmp/out.md"
	cp "$tmp/out.md" "$OUT"
else
	{ echo "# Performance"; echo; cat "$tmp/section.md"; } >"$OUT"
fi
log "wrote $OUT"
cat "$tmp/section.md"
