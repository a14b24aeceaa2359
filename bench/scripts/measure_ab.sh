#!/usr/bin/env bash
# Measures whether bench --ab's 95% interval covers known slowdowns, and 1x for two identical builds.
#
#   [REPS=20] [THREADS=2] [BATCH=N] [LINES=N] bash bench/scripts/measure_ab.sh [CORPUS]
# CORPUS defaults to ../shared/datasets/17-clue.txt (beside the checkout),
# else datasets/easy.txt; LINES reads only its first N lines (--lines), and
# BATCH sets --batch (by default bench chooses it from the corpus's size, as
# a user's run does). Needs the build's plugins: bands_plugin_slow0 (bands
# with the spin's clock reads and no spin) and its deliberately slower
# copies bands_plugin_slow2, _slow4 and _slow10 (a spin of that share of each
# solve's own time). Each repetition runs, one after the other so that the
# machine's load touches them alike, bench --ab base:bands-plugin,
# new:bands-plugin with base the slow0 file and new:
#   same  the same file loaded again under the second label: truly one
#         build, so the true ratio is 1
#   copy  a copy of that file (another load address): about 1
#   N%    slowN: N% of the time between the spin's clock reads, which is
#         not quite N% of the time bench measures: the call and the spin's
#         last clock read fall outside it (a quarter of a point on the
#         17-clue list's 2 us solves), and a preemption in the spin's window
#         lengthens it, more under more load. So each run's own truth is
#         measured from its --per-puzzle file: in each order, the mean over
#         the middle half of the puzzles of ln(base time / new time), the
#         truth the exponential of the two orders' mean. For a slowdown
#         alike on every puzzle that is the ratio of total times without
#         the preemptions' tails (bias-free in the simulation, for the old
#         median of such ratios); on corpora of long solves (forum-hardest)
#         a preemption of B's longer windows is not lopsided enough to set
#         aside, and the ratio of total times lies above it.
# and counts the runs whose interval covers the truth (same: 1; copy, N%:
# the run's own). Without BATCH the batch is bench's choice, computed here
# as bench does (the file's bytes / 82 / 200, within 32 and 2048) and
# passed on, since the truth needs each puzzle's order.
# Timings come from a shared machine: the load is printed before and after.
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=${1:-../shared/datasets/17-clue.txt}
[[ -f "$corpus" ]] || corpus=datasets/easy.txt
reps=${REPS:-20}
threads=${THREADS:-2}
batch=${BATCH:-$(stat -c %s "$corpus" | awk '{b = int(int($1 / 82) / 200); print (b < 32 ? 32 : (b > 2048 ? 2048 : b))}')}
lines=${LINES:-}
bench=build/bench/bench
plugins=build/bench/plugins
work=$(mktemp -d "${TMPDIR:-/tmp}/measure_ab.XXXXXX")
trap 'rm -rf "$work"' EXIT

base="$plugins/libbands_plugin_slow0.so"
cp "$base" "$work/libbands_plugin_copy.so"
cases="same copy 2 4 10"
new_build() {  # new_build CASE: the plugin file the new label loads
  case $1 in
    same) echo "$base" ;;
    copy) echo "$work/libbands_plugin_copy.so" ;;
    *) echo "$plugins/libbands_plugin_slow$1.so" ;;
  esac
}
ab() {  # ab CASE ARGS...: one bench --ab run of slow0 against CASE's build
  local c=$1
  shift
  "$bench" -q --progress never -t "$threads" ${lines:+--lines "$lines"} \
    --plugin "base=$base" --plugin "new=$(new_build "$c")" \
    --ab base:bands-plugin,new:bands-plugin "$@" "$corpus" || true
}
# The mean of the middle half: as robust as a median to preemptions, and not
# stuck on one of the few lengths a spin of tens of nanoseconds can take.
middle_mean() { sort -g | awk '{v[NR] = $1} END {for (i = int(NR / 4) + 1; i <= NR - int(NR / 4); i++) {s += v[i]; n++}; print s / n}'; }
own_truth() {  # own_truth PER-PUZZLE.csv: the run's per-puzzle throughput ratio new / base
  # Each puzzle's ln(base / new) with its order (its record's batch's parity).
  awk -F, -v bs="$batch" 'NR > 1 {
      if (!($2 in at)) { at[$2] = n; line[n++] = $2 }
      if ($3 ~ /^base:/) a[$2] = $5; else b[$2] = $5 }
    END { for (i = 0; i < n; i++) if (a[line[i]] > 0 && b[line[i]] > 0)
            print int(i / bs) % 2, log(a[line[i]] / b[line[i]]) }' "$1" > "$work/logs.txt"
  even=$(awk '$1 == 0 {print $2}' "$work/logs.txt" | middle_mean)
  odd=$(awk '$1 == 1 {print $2}' "$work/logs.txt" | middle_mean)
  awk -v e="$even" -v o="$odd" 'BEGIN{printf "%.6f\n", exp((e + o) / 2)}'
}
echo "corpus $corpus${lines:+ (first $lines lines)}, $threads threads," \
  "batch ${batch:-chosen by bench}, $reps repetitions; $(uptime)"
for rep in $(seq "$reps"); do
  for c in $cases; do
    out=$(ab "$c" --batch "$batch" --per-puzzle "$work/pp.csv")
    truth=1
    [[ $c == same ]] || truth=$(own_truth "$work/pp.csv")
    line=$(grep '^ab: new' <<< "$out")
    # "0.970x throughput (95% CI 0.950-0.990) over 198 batches": ratio, low, high, batches.
    read -r ratio low high batches < <(sed -E \
      's/.*: ([0-9.]+)x throughput \(95% CI ([0-9.]+)-([0-9.]+)\) over ([0-9]+) batches.*/\1 \2 \3 \4/' <<< "$line")
    echo "$c $rep $ratio $low $high $batches $truth" >> "$work/ab.txt"
    awk -v c="$c" -v r="$rep" -v a="$ratio" -v l="$low" -v h="$high" -v t="$truth" 'BEGIN{
      printf "  rep %2d %-4s %6.2f%% slower (95%% CI %6.2f%% .. %6.2f%%, %.2f points wide), truth %.2f%%%s\n",
        r, c, 100*(1/a-1), 100*(1/h-1), 100*(1/l-1), 100*(1/l-1/h), 100*(1/t-1),
        (l <= t && t <= h) ? "" : "  (misses the truth)"}'
  done
done
echo "load after: $(uptime)"
echo "case  truth (mean)  estimates (slower)   mean    mean width   covered   beyond 0%"
for c in $cases; do
  awk -v c="$c" '$1 == c {
      s = 100*(1/$3-1); w = 100*(1/$4-1/$5); n++; S += s; W += w; T += 100*(1/$7-1)
      if ($4 <= $7 && $7 <= $5) k++
      if ($5 < 1) d++
      if (n == 1 || s < lo) lo = s; if (n == 1 || s > hi) hi = s }
    END { printf "%-5s %6.2f%%      %6.2f%% .. %6.2f%%  %6.2f%%  %6.2f pt   %3d/%-3d  %3d/%d\n",
          c, T/n, lo, hi, S/n, W/n, k, n, d, n }' "$work/ab.txt"
done
